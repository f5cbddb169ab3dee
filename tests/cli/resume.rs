//! `run --resume`: a run killed part-way keeps its finished parts; the same command again plays
//! only the others and writes the report of an uninterrupted run, to the byte.

use crate::outputs::*;
use std::time::{Duration, Instant};

const SCENARIO: &str = r#"
name = "long"
games = 120_000
seed = 21

[[arm]]
name = "tejon"
variant = "tejon"

[[arm]]
name = "game-box"
variant = "game-box"

[tournament]
variant = "tejon"
strategies = ["random", "back"]
games = 2_000
"#;

fn parts(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .filter(|e| e.path().join("manifest.json").is_file())
                .filter(|e| !e.file_name().to_string_lossy().ends_with(".tmp"))
                .count()
        })
        .unwrap_or(0)
}

#[test]
fn a_killed_run_resumes_and_writes_the_same_report() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "long.toml", SCENARIO);
    let out = tmp.path().join("long");
    let kept = tmp.path().join(".long.resume");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("senet-sim"))
        .args([
            "run",
            sc.to_str().unwrap(),
            "--resume",
            "--quiet",
            "--threads",
            "2",
            "--out",
        ])
        .arg(&out)
        .spawn()
        .unwrap();
    let started = Instant::now();
    while parts(&kept) < 5 {
        assert!(started.elapsed() < Duration::from_secs(120), "no part kept");
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before it was killed"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap(); // SIGKILL: no chance to clean up
    child.wait().unwrap();
    let before = parts(&kept);
    assert!((5..64).contains(&before), "{before} parts kept");
    assert!(!out.exists(), "no report from a killed run");

    let again = senet()
        .args(["run", sc.to_str().unwrap(), "--resume", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(again.status.success(), "{err}");
    let said = format!("resuming: {before} of 64 parts already played");
    assert!(err.contains(&said), "'{said}' not in: {err}");
    assert!(
        !kept.exists(),
        "the parts are removed once the report is written"
    );

    let single = tmp.path().join("single");
    assert!(run(&sc, &single, &[]).status.success());
    let n = assert_same_csv(&single, &out, "after resuming");
    assert!(n >= 12);
}
