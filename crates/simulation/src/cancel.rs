//! Stopping a run early (Ctrl-C, SIGTERM): a process-wide flag the workers read between
//! chunks of games.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set when the process is asked to stop (Ctrl-C): the runs then skip the games not yet begun,
/// and their results are incomplete. A signal is process-wide, so this flag is too.
pub static CANCEL: AtomicBool = AtomicBool::new(false);

/// Whether [`CANCEL`] is set.
#[inline]
pub fn cancelled() -> bool {
    CANCEL.load(Ordering::Relaxed)
}
