//! Snapshots (insta) of small fixed-seed reports of two shipped scenarios: a changed number in
//! `summary.csv`, `throws.csv` or `report.md` fails here until the new snapshot is reviewed
//! (`cargo insta review`, or compare the `.snap.new` file by hand) and accepted.

use crate::outputs::*;

/// Runs a shipped scenario with few games and a fixed seed; returns the three files, CRLF
/// line ends made LF (the CSV line ends are tested in `spreadsheets`) and the temporary output
/// folder, which `report.md` quotes in its command, replaced by `OUT`, and the commit that
/// wrote it by `COMMIT`.
fn small_report(scenario: &str, games: &str) -> Vec<(&'static str, String)> {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let o = run(
        std::path::Path::new(scenario),
        &out,
        &["--games", games, "--seed", "7", "--threads", "2"],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    ["summary.csv", "throws.csv", "report.md"]
        .into_iter()
        .map(|file| {
            let text = std::fs::read_to_string(out.join(file)).unwrap();
            let text = text.replace("\r\n", "\n");
            (
                file,
                without_commit(&text.replace(out.to_str().unwrap(), "OUT")),
            )
        })
        .collect()
}

#[test]
fn coins_vs_sticks_report_is_unchanged() {
    for (file, text) in small_report("scenarios/coins-vs-sticks.toml", "2000") {
        insta::assert_snapshot!(format!("coins-vs-sticks-{file}"), text);
    }
}

#[test]
fn variants_report_is_unchanged() {
    for (file, text) in small_report("scenarios/variants.toml", "1000") {
        insta::assert_snapshot!(format!("variants-{file}"), text);
    }
}
