//! Ctrl-C and SIGTERM: the binary's one signal handler, which cancels the token of the command
//! under way (the libraries read the token they are given, never a signal).

use senet_simulation::cancel::Cancel;

/// A token that Ctrl-C and SIGTERM cancel. A process runs one command, so the handler is
/// installed once; a second call's token would not hear the signals.
pub fn cancel_on_signals() -> Cancel {
    let cancel = Cancel::new();
    let held = cancel.clone();
    let _ = ctrlc::set_handler(move || held.cancel());
    cancel
}
