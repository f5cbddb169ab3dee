//! Records the git commit the binary is built from (`SENET_SIM_COMMIT`): every report, solution
//! and `play --json` names it beside the version, so that a figure can be traced to its code.
//! "unknown" outside a git checkout; "+modified" when tracked files of the build differ from it.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    let commit = match git(&["rev-parse", "--short=12", "HEAD"]) {
        Some(c) if !c.is_empty() => {
            let paths = [
                "src",
                "crates",
                "weights",
                "Cargo.toml",
                "Cargo.lock",
                "build.rs",
            ];
            let mut args = vec!["status", "--porcelain", "--untracked-files=no", "--"];
            args.extend(paths);
            match git(&args) {
                Some(s) if s.is_empty() => c,
                _ => format!("{c}+modified"),
            }
        }
        _ => "unknown".to_string(),
    };
    println!("cargo:rustc-env=SENET_SIM_COMMIT={commit}");
    for p in [
        // Not .git/index: `git status` above may rewrite it, which would rerun this script at
        // every build. A commit or a checkout appends to .git/logs/HEAD.
        ".git/HEAD",
        ".git/logs/HEAD",
        "src",
        "crates",
        "weights",
        "Cargo.toml",
        "build.rs",
    ] {
        println!("cargo:rerun-if-changed={p}");
    }
}
