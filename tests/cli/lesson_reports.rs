//! The lesson reports committed under `reports/lesson/` (for teachers who download them without
//! installing anything) are what the binary writes today: each lesson is run again into a
//! temporary folder and every CSV file (both dialects: a French run writes rfc4180/ too),
//! `report.md` and `report.html` must be byte-identical (the `--out` folder in the command they
//! quote aside).

use crate::outputs::*;
use std::path::Path;

fn files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|f| f.ends_with(".csv") || f.starts_with("report."))
        .collect();
    v.sort();
    v
}

#[test]
#[ignore = "slow (24 s in a debug build): cargo test -- --include-ignored"]
fn committed_lesson_reports_are_regenerated_byte_for_byte() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    let committed = root.join("reports/lesson");
    let mut lessons = 0;
    for e in std::fs::read_dir(root.join("scenarios/lesson")).unwrap() {
        let scenario = e.unwrap().path();
        // The folder also holds the class's counts and the pupils' sheet.
        if scenario.extension().is_none_or(|x| x != "toml") {
            continue;
        }
        let text = std::fs::read_to_string(&scenario).unwrap();
        let name = text
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .and_then(|l| l.strip_suffix('"'))
            .unwrap();
        let rel = format!(
            "scenarios/lesson/{}",
            scenario.file_name().unwrap().to_string_lossy()
        );
        // One run writes both forms: the French CSV files and, in rfc4180/, the same in RFC 4180.
        let out = tmp.path().join(name);
        let o = senet()
            .current_dir(root)
            .args(["run", &rel, "--games-csv", "200", "--quiet", "--out"])
            .arg(&out)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        for sub in ["", "rfc4180"] {
            let (kept, fresh_dir) = (committed.join(name).join(sub), out.join(sub));
            let names = files(&kept);
            assert_eq!(
                names,
                files(&fresh_dir),
                "{}: run scripts/lesson-reports.sh",
                kept.display()
            );
            for f in names {
                let mut want = std::fs::read(kept.join(&f)).unwrap();
                let mut got = std::fs::read(fresh_dir.join(&f)).unwrap();
                if f.starts_with("report.") {
                    let quoted = |p: &Path| p.display().to_string().into_bytes();
                    got = replace(&got, &quoted(&out), b"OUT");
                    want = replace(&want, format!("reports/lesson/{name}").as_bytes(), b"OUT");
                    let same = |b: &[u8]| without_commit(std::str::from_utf8(b).unwrap());
                    (got, want) = (same(&got).into_bytes(), same(&want).into_bytes());
                }
                assert!(
                    want == got,
                    "{}/{f} differs from a fresh run: run scripts/lesson-reports.sh and review the diff",
                    kept.display()
                );
            }
        }
        if text.contains("exact = ") {
            exact_values_are_regenerated(&committed.join(name).join("exact"), &out.join("exact"));
        }
        lessons += 1;
    }
    assert_eq!(lessons, 5);
}

/// Lesson 5's exact/ folder, which its run writes (`exact = "au mieux"`): every CSV file
/// byte-identical (report.md holds the time taken).
fn exact_values_are_regenerated(kept: &Path, out: &Path) {
    let csv = |d: &Path| -> Vec<String> {
        files(d)
            .into_iter()
            .filter(|f| f.ends_with(".csv"))
            .collect()
    };
    assert_eq!(
        csv(kept),
        csv(out),
        "{}: run scripts/lesson-reports.sh",
        kept.display()
    );
    for f in csv(kept) {
        assert!(
            std::fs::read(kept.join(&f)).unwrap() == std::fs::read(out.join(&f)).unwrap(),
            "{}/{f} differs from a fresh solve: run scripts/lesson-reports.sh",
            kept.display()
        );
    }
}

fn replace(bytes: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    String::from_utf8(bytes.to_vec())
        .unwrap()
        .replace(
            std::str::from_utf8(from).unwrap(),
            std::str::from_utf8(to).unwrap(),
        )
        .into_bytes()
}

/// The part of a committed lesson report pupils read: from « La question » to the next
/// section (the lycée section and the teacher's part come after it).
fn question(md: &str) -> &str {
    let start = md.find("## La question\n").expect("a question");
    let rest = &md[start + 3..];
    &rest[..rest.find("\n## ").unwrap_or(rest.len())]
}

#[test]
fn the_pupils_text_of_every_lesson_is_troisieme_and_the_rest_goes_further() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("reports/lesson");
    let mut lessons = 0;
    for e in std::fs::read_dir(&root).unwrap() {
        let dir = e.unwrap().path();
        let md = std::fs::read_to_string(dir.join("report.md")).unwrap();
        // The charts' file names aside, and the teacher's note on the kit's example groups
        // (it names the class file to fill, and goes once the class's counts are in).
        let q: String = (question(&md).lines())
            .filter(|l| !l.starts_with("!["))
            .map(|l| l.replace("`classe.csv`", "") + "\n")
            .collect();
        let name = dir.display();
        // No lycée material, file name, interval, id or caret exponent on the main path.
        for word in [
            "95 %",
            "géométrique",
            "espérance",
            "écarts types",
            "logarithm",
            "^",
            "% [",
            ".csv",
            ".toml",
            "tejon",
            "heuristic",
            "expectimax",
            "graine",
            "--threads",
            "--seed",
        ] {
            assert!(
                !q.contains(word),
                "{word:?} in the question of {name}:\n{q}"
            );
        }
        // Every report answers first, and what was taken out is in the lycée section.
        assert!(q.contains("**"), "{name}");
        let further = md.find("## Pour aller plus loin (lycée)\n");
        let all = md
            .find("## Tous les résultats\n")
            .expect("the teacher's part");
        assert!(
            further.is_some_and(|f| f < all),
            "{name}: no lycée section before the rest"
        );
        lessons += 1;
    }
    assert_eq!(lessons, 5);
    let two = std::fs::read_to_string(root.join("lecon-2-qui-commence/report.md")).unwrap();
    assert!(two.contains("Refaire la simulation vingt fois avec d'autres graines"));
    assert!(two.contains("(1 − p)ᵏ⁻¹ × p"));
    assert!(
        !two.contains("écarts types"),
        "one unlucky run is not the lesson"
    );
}
