//! Where a scenario's errors point: the file, the line of a key, the message.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// An error in a scenario file.
#[derive(Debug, Error)]
pub struct ScenarioError {
    /// The file.
    pub file: PathBuf,
    /// The line (1-based), when known.
    pub line: Option<usize>,
    /// The key at fault, when one is (as the file writes it: `games`, `white`, `fr.names`, or a
    /// rule option of an arm's rules), known where the error is found, not read from the message.
    pub key: Option<String>,
    /// What is wrong, naming the key.
    pub message: String,
}

impl ScenarioError {
    /// The error, its key at fault `key`.
    pub fn with_key(self, key: &str) -> ScenarioError {
        ScenarioError {
            key: Some(key.to_string()),
            ..self
        }
    }
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "{}:{l}: {}", self.file.display(), self.message),
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
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
        let (_, message) = crate::hints::toml_error(self.text, &e);
        self.err(e.span(), message)
    }

    /// An error at `span` (the whole file when `None`).
    pub(crate) fn err(&self, span: Option<Range<usize>>, message: String) -> ScenarioError {
        ScenarioError {
            file: self.path.to_path_buf(),
            line: span.map(|s| self.line_of(s)),
            key: None,
            message,
        }
    }
}
