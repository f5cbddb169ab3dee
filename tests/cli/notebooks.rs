//! The classroom notebooks run top to bottom on the output of the lesson scenarios, in both CSV
//! dialects: the teacher's versions and the pupils' (every exercise left blank) without an error
//! (`scripts/run_notebooks.py`).
//! Needs the Python environment of `scripts/setup.sh` (`.venv`), hence ignored by plain
//! `cargo test`; the README's test command runs it.

use crate::outputs::*;
use std::path::Path;

#[test]
#[ignore = "needs .venv: run scripts/setup.sh, then cargo test -- --include-ignored"]
fn notebooks_run_on_the_lesson_scenarios() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let python = root.join(".venv/bin/python");
    assert!(python.exists(), "no .venv: run scripts/setup.sh");
    let tmp = tempfile::tempdir().unwrap();
    let lessons = root.join("scenarios/lesson");
    let mut files: Vec<_> = std::fs::read_dir(&lessons)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 5);
    for (i, scenario) in files.iter().enumerate() {
        // Each notebook reads the folder named after its scenario's `name`.
        let text = std::fs::read_to_string(scenario).unwrap();
        let name = text
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .and_then(|l| l.strip_suffix('"'))
            .unwrap();
        // Both CSV dialects: the French default (excel-fr) for lessons 1 and 2, rfc4180 after.
        let csv: &[&str] = if i < 2 { &[] } else { &["--csv", "rfc4180"] };
        let o = run(scenario, &tmp.path().join(name), csv);
        assert!(
            o.status.success(),
            "{}: {}",
            scenario.display(),
            String::from_utf8_lossy(&o.stderr)
        );
        // Lesson 5 reads the solved game beside the run, in exact/.
        if text.contains("optimal") {
            let o = senet()
                .args([
                    "solve",
                    "--variant",
                    "tejon",
                    "--pawns",
                    "2",
                    "--quiet",
                    "--out",
                ])
                .arg(tmp.path().join(name).join("exact"))
                .args(csv)
                .output()
                .unwrap();
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        }
    }
    let o = std::process::Command::new(python)
        .arg(root.join("scripts/run_notebooks.py"))
        .env("SENET_REPORTS", tmp.path())
        .env("MPLBACKEND", "Agg")
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{out}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // The pupils' five and the teacher's five.
    assert_eq!(out.matches("ok ").count(), 10, "{out}");
}
