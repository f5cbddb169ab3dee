//! The program's identity in every output: its version and the git commit it was built from
//! (`build.rs`), so that a figure can be traced to the code that made it.

/// The version of `Cargo.toml`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The commit built: 12 hexadecimal digits, `+modified` when the build's tracked files
/// differed from it, or `unknown` outside a git checkout.
pub const COMMIT: &str = env!("SENET_SIM_COMMIT");

/// This program, as the report names it.
pub const PROGRAM: senet_report::Program = senet_report::Program {
    version: VERSION,
    commit: COMMIT,
    toolchain: env!("SENET_SIM_RUSTC"),
};
