//! The Python package (`python/`): its pytest tests (the step-by-step game, `run` as polars
//! frames, OpenSpiel 2.0.2's random simulation test and MCTS bot) pass, none skipped, in the
//! `.venv` where `scripts/setup.sh` built it from this working tree. Ignored by plain `cargo
//! test`; the README's test command runs it.

use std::path::Path;
use std::process::Command;

#[test]
#[ignore = "needs .venv with the package: run scripts/setup.sh, then cargo test -- --include-ignored"]
fn the_python_packages_tests_pass_none_skipped() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let python = root.join(".venv/bin/python");
    assert!(python.exists(), "no .venv: run scripts/setup.sh");
    // No cache written into the repository; -rs lists a skipped test and why.
    let o = Command::new(&python)
        .args([
            "-m",
            "pytest",
            "-q",
            "-rs",
            "-p",
            "no:cacheprovider",
            "python/tests",
        ])
        .current_dir(root)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        // The command line whose reports Python's are compared with.
        .env("SENET_SIM_BIN", env!("CARGO_BIN_EXE_senet-sim"))
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "pytest failed:\n{out}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(!out.contains("skipped"), "a test was skipped:\n{out}");
    assert!(out.contains(" passed"), "{out}");
}
