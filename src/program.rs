//! The program's identity in every output: its version and the git commit it was built from
//! (`build.rs`), so that a figure can be traced to the code that made it.

/// The version of `Cargo.toml`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The commit built: 12 hexadecimal digits, `+modified` when the build's tracked files
/// differed from it, or `unknown` outside a git checkout.
pub const COMMIT: &str = env!("SENET_SIM_COMMIT");

/// `senet-sim 0.1.0, commit 0123456789ab`.
pub fn identity() -> String {
    format!("senet-sim {VERSION}, commit {COMMIT}")
}
