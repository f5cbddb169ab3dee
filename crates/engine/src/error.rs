//! An error's cause kept as its [`source`](std::error::Error::source), and the chain of causes
//! written on one line: every library error of the workspace names what failed in its own
//! message and leaves the reason to its source.

use std::error::Error;
use std::fmt;

/// The cause of an error: the system's, a parser's, or a sentence (`String` converts).
pub type Cause = Box<dyn Error + Send + Sync + 'static>;

/// An error and its causes, `what: why: why...`, as `anyhow` writes `{:#}`: what a front end
/// prints or raises.
pub struct Chain<'a>(pub &'a (dyn Error + 'a));

impl fmt::Display for Chain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)?;
        let mut cause = self.0.source();
        while let Some(c) = cause {
            write!(f, ": {c}")?;
            cause = c.source();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error)]
    #[error("reading {0}")]
    struct Reading(&'static str, #[source] Cause);

    #[test]
    fn a_chain_is_the_error_then_each_cause() {
        let io = std::io::Error::new(std::io::ErrorKind::NotFound, "no such file");
        let e = Reading("a.toml", Box::new(io));
        assert_eq!(e.to_string(), "reading a.toml");
        assert_eq!(Chain(&e).to_string(), "reading a.toml: no such file");
        let said = Reading("b.toml", "not a shard".into());
        assert_eq!(Chain(&said).to_string(), "reading b.toml: not a shard");
    }
}
