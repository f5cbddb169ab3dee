//! Two runs into one `--out` at once, and a run killed while it replaces a report (issue 23):
//! the second run is refused in one line and deletes nothing of the first; a report moved aside
//! by a run that died is put back by the next run, never deleted.

use crate::outputs::*;
use std::path::Path;

const SCENARIO: &str = r#"
name = "together"
games = 1000000
seed = 3

[[arm]]
name = "tejon"
variant = "tejon"
"#;

/// The staging folders of `out` (`.NAME.partial-PID`) and the previous reports moved aside.
fn leftovers(out: &Path, what: &str) -> Vec<String> {
    let name = out.file_name().unwrap().to_str().unwrap();
    std::fs::read_dir(out.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|f| f.starts_with(&format!(".{name}.{what}")))
        .collect()
}

#[test]
#[ignore = "slow (8 s in a debug build): cargo test -- --include-ignored"]
fn a_second_run_into_the_same_folder_is_refused_and_the_first_completes() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let out = tmp.path().join("report");
    let bin = assert_cmd::cargo::cargo_bin("senet-sim");
    let mut first = std::process::Command::new(&bin)
        .args([
            "run",
            sc.to_str().unwrap(),
            "--quiet",
            "--threads",
            "1",
            "--out",
        ])
        .arg(&out)
        .spawn()
        .unwrap();
    // The first run holds the lock once its staging folder exists.
    let start = std::time::Instant::now();
    while leftovers(&out, "partial-").is_empty() {
        assert!(
            start.elapsed().as_secs() < 60,
            "the first run did not start"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let second = run(&sc, &out, &["--games", "10"]);
    let err = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("another senet-sim run is writing this report"),
        "{err}"
    );
    assert_eq!(
        leftovers(&out, "partial-").len(),
        1,
        "the first run's folder is still there"
    );
    assert!(first.wait().unwrap().success());
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert!(
        summary.contains("1000000"),
        "the first run's report: {summary}"
    );
    assert!(leftovers(&out, "partial-").is_empty());
}

#[test]
fn a_report_moved_aside_by_a_killed_run_is_put_back_then_replaced() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let out = tmp.path().join("report");
    assert!(run(&sc, &out, &["--games", "100"]).status.success());
    // Killed between moving the previous report aside and renaming the new one into place.
    let killed = senet()
        .env("SENET_SIM_FAULT", "abort-between-renames")
        .args([
            "run",
            sc.to_str().unwrap(),
            "--quiet",
            "--games",
            "200",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert!(!killed.status.success());
    assert!(!out.exists(), "killed between the two renames");
    let aside = leftovers(&out, "previous-");
    assert_eq!(aside.len(), 1, "the previous report waits beside it");
    let kept = tmp.path().join(&aside[0]).join("summary.csv");
    assert!(std::fs::read_to_string(kept).unwrap().contains(",100,"));
    // The next run puts it back before it plays, then completes and replaces it.
    assert!(run(&sc, &out, &["--games", "300"]).status.success());
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert!(summary.contains(",300,"), "{summary}");
    assert!(leftovers(&out, "previous-").is_empty() && leftovers(&out, "partial-").is_empty());
}
