//! Records the git commit the package is built from (`SENET_SIM_COMMIT`), as the binary's
//! `build.rs` does, for the reports `senet_sim.run(..., report=)` writes: "unknown" outside a
//! git checkout, "+modified" when tracked files of the build differ from it.

use std::path::PathBuf;
use std::process::Command;

fn git(root: &PathBuf, args: &[&str]) -> Option<String> {
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
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let paths = [
        "src",
        "crates",
        "python/src",
        "weights",
        "Cargo.toml",
        "Cargo.lock",
    ];
    let commit = match git(&root, &["rev-parse", "--short=12", "HEAD"]) {
        Some(c) if !c.is_empty() => {
            let mut args = vec!["status", "--porcelain", "--untracked-files=no", "--"];
            args.extend(paths);
            match git(&root, &args) {
                Some(s) if s.is_empty() => c,
                _ => format!("{c}+modified"),
            }
        }
        _ => "unknown".to_string(),
    };
    println!("cargo:rustc-env=SENET_SIM_COMMIT={commit}");
    for p in [".git/HEAD", ".git/logs/HEAD", "crates", "src", "Cargo.toml"] {
        println!("cargo:rerun-if-changed={}", root.join(p).display());
    }
}
