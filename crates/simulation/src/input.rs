//! What a run is given, read and checked before any game: a rule file, a scenario; errors name
//! the file, the line and the key, and say their kind. A class's own throws are read by
//! `senet-classroom`.

pub mod hints;
pub mod rulefile;
pub mod scenario;
