//! Where a scenario's errors point: the file, the line of a key, the message.

use crate::input::rulefile::RuleFault;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// An error in a scenario file.
#[derive(Debug, Error)]
pub struct ScenarioError {
    /// What kind of fault, for a caller to match.
    pub kind: ScenarioFault,
    /// The file.
    pub file: PathBuf,
    /// The line (1-based), when known.
    pub line: Option<usize>,
    /// The key at fault, when one is (as the file writes it: `games`, `white`, `fr.names`, or a
    /// rule option of an arm's rules), known where the error is found, not read from the message.
    pub key: Option<String>,
    /// What is wrong, naming the key.
    pub message: String,
    /// The other faults of the same file, by line: a scenario's parse tells every fault of its
    /// keys, arms and tournaments (an arm's or a tournament's first; none after a TOML error,
    /// which stops the reading), each with its own kind, line and key. Empty for one fault.
    pub more: Vec<ScenarioError>,
}

/// The kinds of [`ScenarioError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScenarioFault {
    /// The file (or an arm's rule file) cannot be read.
    Read,
    /// Not TOML, a key of the wrong type, or a key a scenario does not know.
    Toml,
    /// A value its key does not take (a name with a space, no games, an unknown language, an
    /// odd number of games per pairing, an empty file name).
    Value,
    /// A key or table the scenario needs is missing (its arms, `games`, a `variant`).
    Missing,
    /// A name given twice (two arms, two tournaments, a strategy listed twice).
    Twice,
    /// A key names an arm or a tournament the scenario does not have (`exact`, `[fr] names`).
    UnknownName,
    /// An arm's or a tournament's rules, of their own kind (an unknown variant is
    /// `Rules(RuleFault::UnknownVariant)`, a device `Rules(RuleFault::Device)`).
    Rules(RuleFault),
    /// A strategy that does not exist or cannot play the game of its arm.
    Strategy,
    /// An `optimal` player's table could not be had (solved, loaded, or stopped).
    Table,
}

impl ScenarioError {
    /// This fault and the others after it ([`ScenarioError::more`]), in their order.
    pub fn faults(&self) -> impl Iterator<Item = &ScenarioError> {
        std::iter::once(self).chain(&self.more)
    }

    /// The error, its key at fault `key`.
    pub(crate) fn with_key(self, key: &str) -> ScenarioError {
        ScenarioError {
            key: Some(key.to_string()),
            ..self
        }
    }
}

impl fmt::Display for ScenarioError {
    /// One line a fault: `FILE:LINE: message` (or `FILE: message`), then the others' lines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "{}:{l}: {}", self.file.display(), self.message)?,
            None => write!(f, "{}: {}", self.file.display(), self.message)?,
        }
        self.more.iter().try_for_each(|e| write!(f, "\n{e}"))
    }
}

/// The faults a parse has found so far.
#[derive(Default)]
pub(crate) struct Faults(Vec<ScenarioError>);

impl Faults {
    /// Keeps a fault.
    pub(crate) fn push(&mut self, e: ScenarioError) {
        self.0.push(e);
    }

    /// `r`'s value, or `None` with its fault kept.
    pub(crate) fn keep<T>(&mut self, r: Result<T, ScenarioError>) -> Option<T> {
        r.map_err(|e| self.push(e)).ok()
    }

    /// How many faults were found so far.
    pub(crate) fn count(&self) -> usize {
        self.0.len()
    }

    /// `value` when no fault was found; else the faults by line (a fault of the whole file
    /// first), the first carrying the others.
    pub(crate) fn result<T>(self, value: impl FnOnce() -> T) -> Result<T, ScenarioError> {
        let mut all = self.0;
        if all.is_empty() {
            return Ok(value());
        }
        all.sort_by_key(|e| e.line);
        let mut first = all.remove(0);
        first.more = all;
        Err(first)
    }
}

/// The file being read and its text, to turn a span into a line.
pub(crate) struct Ctx<'a> {
    pub(crate) path: &'a Path,
    pub(crate) text: &'a str,
}

impl Ctx<'_> {
    /// The line (1-based) where `span` starts.
    pub(crate) fn line_of(&self, span: Range<usize>) -> usize {
        self.text[..span.start.min(self.text.len())]
            .matches('\n')
            .count()
            + 1
    }

    /// A TOML error, with a hint when its line holds a number written the French way.
    pub(crate) fn toml(&self, e: toml::de::Error) -> ScenarioError {
        let (_, message) = crate::input::hints::toml_error(self.text, &e);
        self.err(ScenarioFault::Toml, e.span(), message)
    }

    /// An error of `kind` at `span` (the whole file when `None`).
    pub(crate) fn err(
        &self,
        kind: ScenarioFault,
        span: Option<Range<usize>>,
        message: String,
    ) -> ScenarioError {
        ScenarioError {
            kind,
            file: self.path.to_path_buf(),
            line: span.map(|s| self.line_of(s)),
            key: None,
            message,
            more: Vec::new(),
        }
    }
}
