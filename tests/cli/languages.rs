//! `--lang fr|en` and the scenario's `lang` key: charts, report and column labels in each
//! language, decimal commas in French.

use crate::outputs::*;

const SCENARIO: &str = r#"
name = "langues"
title = "Pièces"
games = 300
seed = 9

[[arm]]
name = "pièces"
variant = "tejon"

[tournament]
variant = "tejon"
strategies = ["random", "back"]
games = 20
"#;

fn read(dir: &std::path::Path, f: &str) -> String {
    std::fs::read_to_string(dir.join(f)).unwrap()
}

#[test]
fn french_and_english_outputs() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let (en, fr) = (tmp.path().join("en"), tmp.path().join("fr"));
    assert!(run(&sc, &en, &[]).status.success(), "English by default");
    assert!(run(&sc, &fr, &["--lang", "fr", "--csv", "rfc4180"])
        .status
        .success());
    // A French report is written for a French spreadsheet unless --csv says otherwise.
    let excel = tmp.path().join("excel");
    assert!(run(&sc, &excel, &["--lang", "fr"]).status.success());
    let bytes = std::fs::read(excel.join("throws.csv")).unwrap();
    // Its headers and words are French too, in both dialects; an English report keeps the
    // program's names.
    assert!(String::from_utf8(bytes)
        .unwrap()
        .starts_with("\u{feff}configuration;valeur;effectif;fréquence;probabilité;"));
    assert!(read(&en, "throws.csv").starts_with("arm,value,count,frequency,theory,"));
    let summary = read(&fr, "summary.csv");
    assert!(
        summary.contains(",stratégie_blancs,stratégie_noirs,parties,victoires_blancs,"),
        "{summary}"
    );
    assert!(
        summary.contains(",pièces,"),
        "the device in French: {summary}"
    );
    assert!(
        !read(&excel, "report.md").contains("--csv"),
        "the default is not repeated"
    );
    assert!(read(&fr, "report.md").contains("--csv rfc4180 --lang fr"));

    let md_en = read(&en, "report.md");
    let md_fr = read(&fr, "report.md");
    for w in [
        "## Charts",
        "white wins",
        "## Tournament",
        "Luck or skill?",
        "--lang en",
    ] {
        assert!(md_en.contains(w), "en: {w}");
    }
    for w in [
        "## Graphiques",
        "victoires des blancs",
        "## Tournoi",
        "Hasard ou stratégie\u{a0}?",
        "Diagramme en bâtons",
        "Loi des grands nombres",
        "loi binomiale",
        "loi géométrique",
        "fréquence",
        "probabilité",
        "issue",
        "intervalle de confiance",
        "--lang fr",
    ] {
        assert!(md_fr.contains(w), "fr: {w}");
    }
    // Rates: "51.3% [45.7, 56.9]" in English, "51,3 % [45,7 ; 56,9]" in French (no-break spaces).
    let rate_fr = around(&md_fr, "\u{a0}% [");
    assert!(rate_fr.contains(',') && !rate_fr.contains('.'), "{rate_fr}");
    let rate_en = around(&md_en, "% [");
    assert!(rate_en.contains('.'), "{rate_en}");

    let svg_fr = read(&fr, "charts/throws-pieces.svg");
    assert!(svg_fr.contains("Issues des lancers") && svg_fr.contains("probabilité exacte"));
    assert!(
        svg_fr.contains(">\n0,1\n<") || svg_fr.contains(">0,1<"),
        "decimal commas on the axis"
    );
    let svg_en = read(&en, "charts/throws-pieces.svg");
    assert!(svg_en.contains("Throw values") && svg_en.contains("exact probability"));
    assert!(svg_en.contains(">\n0.1\n<") || svg_en.contains(">0.1<"));
    assert!(read(&fr, "charts/heatmap-tejon.svg").contains("Fréquence de victoire"));
    assert!(read(&fr, "report.html").contains("<html lang=\"fr\">"));
    assert!(read(&en, "report.html").contains("<html lang=\"en\">"));

    // A French columns.csv gives each French header its label and its English name.
    let (h, rows) = csv_as_written(&fr.join("columns.csv"));
    assert_eq!(h, ["fichier", "colonne", "description", "nom_en_anglais"]);
    assert!(rows
        .iter()
        .any(|r| r[0] == "throws.csv" && r[1] == "effectif" && r[3] == "count"));
    let (h, _) = csv_as_written(&en.join("columns.csv"));
    assert_eq!(h, ["file", "column", "label"]);
    // The same numbers in both languages, under French headers in French.
    let (en_throws, fr_throws) = (read(&en, "throws.csv"), read(&fr, "throws.csv"));
    assert!(fr_throws.starts_with("configuration,valeur,effectif,fréquence,probabilité,"));
    let rows = |t: &str| t.lines().skip(1).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(rows(&en_throws), rows(&fr_throws));
}

/// The text around the first occurrence of `marker` (the 12 characters before and after it).
fn around(text: &str, marker: &str) -> String {
    let i = text.find(marker).unwrap_or_else(|| panic!("no {marker:?}"));
    let start = text[..i].char_indices().rev().nth(5).map_or(0, |(j, _)| j);
    text[start..].chars().take(20).collect()
}

#[test]
fn the_scenario_lang_key_is_the_default_and_is_checked() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(
        tmp.path(),
        "s.toml",
        &SCENARIO.replace("seed = 9", "seed = 9\nlang = \"fr\""),
    );
    let out = tmp.path().join("o");
    assert!(run(&sc, &out, &[]).status.success());
    assert!(read(&out, "report.md").contains("## Graphiques"));
    let en = tmp.path().join("en");
    assert!(run(&sc, &en, &["--lang", "en"]).status.success());
    assert!(
        read(&en, "report.md").contains("## Charts"),
        "--lang wins over the key"
    );

    let bad = write(
        tmp.path(),
        "b.toml",
        &SCENARIO.replace("seed = 9", "seed = 9\nlang = \"de\""),
    );
    let o = run(&bad, &tmp.path().join("b"), &[]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("b.toml:6: key 'lang': 'de'"), "{err}");
}

/// Every column of every CSV file written (arms, `games.csv` and a tournament) has a row in
/// `columns.csv` with a label, in each language, and `columns.csv` lists no other column.
#[test]
fn every_column_written_has_a_label_in_every_language() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let mut labels_by_lang = Vec::new();
    for lang in ["en", "fr"] {
        let out = tmp.path().join(lang);
        let o = run(
            &sc,
            &out,
            &["--lang", lang, "--games-csv", "3", "--csv", "rfc4180"],
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let mut written = Vec::new();
        let mut files: Vec<_> = std::fs::read_dir(&out).unwrap().flatten().collect();
        files.sort_by_key(|e| e.file_name());
        for entry in files {
            let name = entry.file_name().to_string_lossy().to_string();
            if let Some(header) = name
                .ends_with(".csv")
                .then(|| read(&out, &name).lines().next().unwrap().to_string())
            {
                written.extend(header.split(',').map(|c| (name.clone(), c.to_string())));
            }
        }
        // A French columns.csv also gives each column's English name.
        let extra = usize::from(lang == "fr");
        assert_eq!(
            written.len(),
            172 + extra,
            "every file was written: {written:?}"
        );
        let columns = read(&out, "columns.csv");
        let mut listed: Vec<(String, String, String)> = columns
            .lines()
            .skip(1)
            .map(|l| {
                let f: Vec<&str> = l.splitn(3, ',').collect();
                (f[0].into(), f[1].into(), f[2].trim_matches('"').into())
            })
            .collect();
        for (file, column) in &written {
            let row = listed.iter().find(|(f, c, _)| f == file && c == column);
            let label = row.map(|r| r.2.as_str()).unwrap_or("");
            assert!(
                !label.trim().is_empty(),
                "{lang}: {file} {column} has no label"
            );
        }
        listed.retain(|(f, c, _)| !written.iter().any(|(wf, wc)| wf == f && wc == c));
        assert!(listed.is_empty(), "{lang}: columns.csv lists {listed:?}");
        labels_by_lang.push(columns);
    }
    assert_ne!(
        labels_by_lang[0], labels_by_lang[1],
        "the labels are translated"
    );
}
