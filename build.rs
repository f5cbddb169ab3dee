//! Records the git commit a build is made from (`SENET_SIM_COMMIT`): every report, solution and
//! `play --json` names it beside the version, so that a figure can be traced to its code. The
//! binary and the Python package (`python/Cargo.toml`'s `build`) both run this script.
//! "unknown" outside a git checkout; "+modified" when tracked files of the build differ from it.
//! Also the compiler's version (`SENET_SIM_RUSTC`), for each report's provenance.

use std::path::{Path, PathBuf};
use std::process::Command;

fn git(root: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(args)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    // The repository's root, whichever package runs this script (outside git, the package's).
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let root = git(&manifest, &["rev-parse", "--show-toplevel"]).map_or(manifest, PathBuf::from);
    let mut paths = vec![
        "src",
        "crates",
        "weights",
        "Cargo.toml",
        "Cargo.lock",
        "build.rs",
    ];
    if std::env::var("CARGO_PKG_NAME").as_deref() == Ok("senet-sim-python") {
        paths.push("python/src");
    }
    let commit = match git(&root, &["rev-parse", "--short=12", "HEAD"]) {
        Some(c) if !c.is_empty() => {
            let mut args = vec!["status", "--porcelain", "--untracked-files=no", "--"];
            args.extend(&paths);
            match git(&root, &args) {
                Some(s) if s.is_empty() => c,
                _ => format!("{c}+modified"),
            }
        }
        _ => "unknown".to_string(),
    };
    println!("cargo:rustc-env=SENET_SIM_COMMIT={commit}");
    // The compiler that builds it, for provenance.json (`rustc 1.95.0 (...)`).
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let toolchain = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=SENET_SIM_RUSTC={toolchain}");
    // Not .git/index: `git status` above may rewrite it, which would rerun this script at every
    // build. A commit or a checkout appends to .git/logs/HEAD.
    for p in [".git/HEAD", ".git/logs/HEAD"].iter().chain(&paths) {
        if *p != "Cargo.lock" {
            println!("cargo:rerun-if-changed={}", root.join(p).display());
        }
    }
}
