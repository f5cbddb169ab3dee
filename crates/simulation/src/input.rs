//! What a run is given, read and checked before any game: a rule file, a scenario, a class's
//! own throws; errors name the file, the line and the key, and say their kind.

pub mod class_throws;
pub mod hints;
pub mod rulefile;
pub mod scenario;
