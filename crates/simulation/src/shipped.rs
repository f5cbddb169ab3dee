//! The `td` networks that ship inside the binary (`weights/`, trained by
//! `scripts/train-weights.sh`): `td` without a file plays the one trained for its game.

use crate::rulefile::{hash, to_text, Game};
use crate::tdfile::parse;
use senet_engine::strategy::td::Net;

/// The weights files shipped, as text.
const SHIPPED: &[&str] = &[];

/// The shipped network trained for exactly `game` (its whole rule file, device included).
pub fn network(game: &Game) -> Option<Net> {
    let ours = hash(&to_text(game));
    SHIPPED.iter().find_map(|text| {
        let file = parse(text).expect("a shipped weights file reads");
        (file.rules_hash == ours).then_some(file.training.net)
    })
}
