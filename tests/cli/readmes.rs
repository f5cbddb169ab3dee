//! The READMEs are true: `scenarios/README.md` and the README name every variant `senet-sim
//! variants` lists, and `scenarios/README.md` documents every file and every CSV column the
//! committed reports hold (the lesson reports and the reconstruction report, which other tests
//! write again and compare byte for byte).

use crate::outputs::*;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap()
}

/// The identifiers `senet-sim variants` lists, one a line at the start of the line.
fn variant_ids() -> Vec<String> {
    let o = senet().arg("variants").output().unwrap();
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    let ids: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with(char::is_whitespace) && !l.is_empty())
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect();
    assert_eq!(ids.len(), 9, "{text}");
    ids
}

#[test]
fn readmes_name_every_variant() {
    let scenarios = read("scenarios/README.md");
    let row = scenarios
        .lines()
        .find(|l| l.starts_with("| `variant` |"))
        .expect("the variant key's row");
    let readme = read("README.md");
    let bullet = readme
        .split("\n- **variants**")
        .nth(1)
        .and_then(|b| b.split("\n- **").next())
        .expect("the README's variants bullet");
    for id in variant_ids() {
        assert!(
            row.contains(&format!("`{id}`")),
            "scenarios/README.md: {id}"
        );
        assert!(bullet.contains(&format!("`{id}`")), "README: {id}");
    }
}

/// The committed report folders: each lesson's and the reconstruction report.
fn report_dirs() -> Vec<PathBuf> {
    let mut dirs = vec![root().join("reports/reconstructions")];
    for e in std::fs::read_dir(root().join("reports/lesson")).unwrap() {
        dirs.push(e.unwrap().path());
    }
    dirs.sort();
    dirs
}

/// How `scenarios/README.md` names a file the report wrote (`charts/heatmap-T.png` is
/// `charts/heatmap-<tournament>.png` there, `rules/NAME.toml` is `rules/NAME.toml`...).
fn documented_as(file: &Path) -> Vec<String> {
    let f = file.to_string_lossy().into_owned();
    let name = file.file_name().unwrap().to_string_lossy().into_owned();
    let ext = file.extension().map(|e| e.to_string_lossy().into_owned());
    let top = f.split('/').next().unwrap().to_string();
    let mut names = vec![format!("`{f}`"), format!("`{name}`")];
    match (top.as_str(), ext.as_deref()) {
        ("charts", Some(ext)) => names.push(format!("charts/*.{ext}")),
        ("rules", _) => names.push("rules/NAME.toml".into()),
        ("rfc4180" | "exact", _) => names.push(format!("`{top}/`")),
        _ => {}
    }
    if f.starts_with("charts/heatmap-") {
        names.push("charts/heatmap-<tournament>".into());
    }
    names
}

/// The names a table row gives between backticks, lists split at their commas.
fn backticked(row: &str) -> std::collections::BTreeSet<String> {
    row.split('`')
        .skip(1)
        .step_by(2)
        .flat_map(|span| span.split(','))
        .map(|w| w.trim().to_string())
        .collect()
}

#[test]
fn scenarios_readme_documents_every_file_and_column_of_a_report() {
    let doc = read("scenarios/README.md");
    let mut files = 0;
    let mut columns = 0;
    for dir in report_dirs() {
        let marker = std::fs::read_to_string(dir.join(".senet-sim-report")).unwrap();
        for line in marker.lines().skip(1) {
            // Each file, then the digest of what the run wrote.
            let line = line.split('\t').next().unwrap();
            let file = Path::new(line);
            let names = documented_as(file);
            assert!(
                names.iter().any(|n| doc.contains(n.as_str())),
                "{}: {line} is not in scenarios/README.md (looked for {names:?})",
                dir.display()
            );
            files += 1;
            // Every column of a CSV file of the report's own (not a solve's exact/, which
            // docs/solving.md documents) is named in the file's row.
            // The solved game's files copied into rfc4180/ are documented with exact/.
            let solved = dir.join("exact").join(file.file_name().unwrap()).exists();
            if line.ends_with(".csv") && !line.starts_with("exact/") && !solved {
                // reports/reconstructions/ commits its tables, not every file its run wrote.
                let Ok(head) = std::fs::read_to_string(dir.join(line)) else {
                    continue;
                };
                let head = head.trim_start_matches('\u{feff}').lines().next().unwrap();
                let sep = if head.contains(';') { ';' } else { ',' };
                let name = file.file_name().unwrap().to_string_lossy().into_owned();
                let row = doc
                    .lines()
                    .find(|l| {
                        let cell = l.split('|').nth(1).unwrap_or("");
                        l.starts_with("| `") && cell.contains(&format!("`{name}`"))
                    })
                    .unwrap_or_else(|| panic!("no row for {name}"));
                let named = backticked(row);
                for col in split_row(head, sep) {
                    // A French report's header (`victoires_blancs`) by the name the README uses.
                    let col = senet_tables::columns::by_header(&name, &col)
                        .map_or(col, |c| c.name.to_string());
                    assert!(
                        named.contains(&col),
                        "{}: column {col} of {line} is not in its row of scenarios/README.md",
                        dir.display()
                    );
                    columns += 1;
                }
            }
        }
    }
    assert!(
        files > 200 && columns > 500,
        "{files} files, {columns} columns"
    );
}

/// The repository carries the license its manifests declare (MIT, in `Cargo.toml` and
/// `python/pyproject.toml`) and a CITATION.cff naming the same version.
#[test]
fn the_license_and_the_citation_are_the_manifests() {
    let cargo = read("Cargo.toml");
    let pyproject = read("python/pyproject.toml");
    assert!(cargo.contains("license = \"MIT\""));
    assert!(pyproject.contains("license = { text = \"MIT\" }"));
    let license = read("LICENSE");
    assert!(license.starts_with("MIT License\n"), "{license}");
    assert!(license.contains("THE SOFTWARE IS PROVIDED \"AS IS\""));
    let citation = read("CITATION.cff");
    let version = env!("CARGO_PKG_VERSION");
    assert!(citation.contains("cff-version: 1.2.0"));
    assert!(
        citation.contains(&format!("version: \"{version}\"")),
        "{citation}"
    );
    assert!(citation.contains("license: MIT"));
    assert!(pyproject.contains(&format!("version = \"{version}\"")));
}
