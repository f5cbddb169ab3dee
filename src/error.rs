//! The binary's one error type of its own: bad input from the user.

use thiserror::Error;

/// Bad input from the user: reported on one line with exit status 2.
#[derive(Debug, Error)]
#[error("{0}")]
pub struct InputError(pub String);

/// Bad input in a French scenario, its message in French: reported as an [`InputError`], after
/// « senet-sim : erreur : ».
#[derive(Debug, Error)]
#[error("{0}")]
pub struct FrenchInputError(pub String);

/// The prefix of an error's lines: French for a [`FrenchInputError`].
pub fn prefix(e: &anyhow::Error) -> &'static str {
    match e.downcast_ref::<FrenchInputError>() {
        Some(_) => "senet-sim : erreur : ",
        None => "senet-sim: error: ",
    }
}

/// The command was stopped by Ctrl-C or SIGTERM: what it kept or left untouched (exit status
/// 130).
#[derive(Debug, Error)]
#[error("interrupted: {0}")]
pub struct Interrupted(pub String);

/// An [`InputError`] with `msg`, as an `anyhow` result.
pub fn bad<T>(msg: impl Into<String>) -> anyhow::Result<T> {
    Err(InputError(msg.into()).into())
}

/// A value the command line's parsers refused (an unknown `--variant` or strategy...) as one
/// line naming the option, `--white: unknown strategy 'genius' (known: ...)`; `None` for the
/// other errors of clap (usage, help), which it prints itself.
pub fn bad_value(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ErrorKind};
    if !matches!(e.kind(), ErrorKind::ValueValidation) {
        return None;
    }
    let arg = e.get(ContextKind::InvalidArg)?.to_string();
    let flag = arg.split_whitespace().next().unwrap_or(&arg);
    let why = std::error::Error::source(e)?;
    Some(format!("{flag}: {why}"))
}

/// A whole number from the command line, with `_` between digits as in scenario files
/// (`--games 400_000`).
pub fn number(text: &str) -> Result<u64, String> {
    let digits = text.replace('_', "");
    if text.starts_with('_') || text.ends_with('_') || text.contains("__") || digits.is_empty() {
        return Err(format!("'{text}' is not a whole number"));
    }
    digits
        .parse()
        .map_err(|e: std::num::ParseIntError| match e.kind() {
            std::num::IntErrorKind::PosOverflow => format!("'{text}' is larger than {}", u64::MAX),
            _ => format!("'{text}' is not a whole number"),
        })
}

/// The most worker threads a command starts: eight a core (at least 16). More only slows a
/// run down and can make the machine unusable.
pub fn max_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    (8 * cores).max(16)
}

/// A number of worker threads from the command line: 1 to [`max_threads`], refused before any
/// thread starts.
pub fn threads(text: &str) -> Result<usize, String> {
    let n = number(text)?;
    let max = max_threads();
    match n {
        0 => Err("must be at least 1".into()),
        n if n > max as u64 => Err(format!(
            "{text} threads is more than this machine can use: at most {max} (8 a core)"
        )),
        n => Ok(n as usize),
    }
}

/// [`decimal`] as an `f32`.
pub fn decimal_f32(text: &str) -> Result<f32, String> {
    let v = decimal(text)? as f32;
    match v.is_finite() {
        true => Ok(v),
        false => Err(format!("'{text}' is too large")),
    }
}

/// A decimal number from the command line; one written the French way (`0,7`) is refused
/// with the hint a scenario file gets (`write 0.7`).
pub fn decimal(text: &str) -> Result<f64, String> {
    let value: f64 = parse_decimal(text)?;
    if !value.is_finite() {
        return Err(format!("'{text}' is not a finite number"));
    }
    Ok(value)
}

/// `text` parsed as a number, or the hint for a French decimal comma.
fn parse_decimal(text: &str) -> Result<f64, String> {
    text.trim().parse().map_err(|_| match text.split_once(',') {
        Some((whole, frac))
            if !whole.is_empty()
                && whole.chars().all(|c| c.is_ascii_digit())
                && frac.chars().all(|c| c.is_ascii_digit()) =>
        {
            format!(
                "'{text}': a decimal comma? write {whole}.{frac} (a point, as in scenario files)"
            )
        }
        _ => format!("'{text}' is not a number"),
    })
}
