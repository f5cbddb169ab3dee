//! Stopping work early (Ctrl-C, SIGTERM, a test): a token that the caller makes and passes in,
//! read by the workers between chunks of games and by the solvers between sweeps. The library
//! holds no flag of its own: two runs in one process stop apart.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A request to stop, shared by its clones (the binary's signal handler holds one, the run it
/// stops another). Once cancelled, a run skips the games not yet begun and its results are
/// incomplete; a solve stops between sweeps.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A token not cancelled.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks every holder of a clone to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked.
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A clone sees the stop asked through another; a separate token does not.
    #[test]
    fn clones_share_the_request_and_only_they() {
        let (a, other) = (Cancel::new(), Cancel::new());
        let b = a.clone();
        assert!(!b.is_cancelled());
        a.cancel();
        assert!(b.is_cancelled() && a.is_cancelled());
        assert!(!other.is_cancelled());
    }
}
