//! The `td` networks that ship inside the binary (`weights/`, trained by
//! `scripts/train-weights.sh`): `td` without a file plays the one trained for its game.

use crate::input::rulefile::{hash, to_text, Game};
use crate::learn::tdfile::{parse, TdFile};
use senet_engine::strategy::td::Net;

/// The weights files shipped, as text: one per variant, at its preset's pawns and device.
const SHIPPED: [&str; 9] = [
    include_str!("../../../../weights/passage.td"),
    include_str!("../../../../weights/game-box.td"),
    include_str!("../../../../weights/kendall.td"),
    include_str!("../../../../weights/empty-board.td"),
    include_str!("../../../../weights/tejon.td"),
    include_str!("../../../../weights/ludii-kendall.td"),
    include_str!("../../../../weights/ludii-jequier.td"),
    include_str!("../../../../weights/ludii-bell.td"),
    include_str!("../../../../weights/ludii-piccione.td"),
];

/// The shipped network trained for `game`: the one trained for its very rule file (device
/// included) when one is, else one trained for the same game from every position
/// ([`Game::plays_as`]: another starter, opening throw, opening pawn or turn cap).
pub fn network(game: &Game) -> Option<Net> {
    shipped_for(game).map(|(_, file)| file.training.net)
}

/// The shipped weights file of [`network`], its text and what it reads as.
fn shipped_for(game: &Game) -> Option<(&'static str, TdFile)> {
    let ours = hash(&to_text(game));
    let mut files: Vec<(&str, TdFile)> = (SHIPPED.iter())
        .map(|text| (*text, parse(text).expect("a shipped weights file reads")))
        .collect();
    let exact = files.iter().position(|(_, file)| file.rules_hash == ours);
    let at = exact.or_else(|| files.iter().position(|(_, file)| file.game.plays_as(game)))?;
    Some(files.swap_remove(at))
}

/// The hash of the weights file a `td` player of `game` plays (`sha256:` and 12 digits, as a
/// rule file's): `file`'s text when one is named (`td:FILE`), else the shipped network's;
/// `None` when the file cannot be read or no network ships for `game`.
pub fn network_hash(game: &Game, file: Option<&str>) -> Option<String> {
    if let Some(path) = file {
        return std::fs::read_to_string(path).ok().map(|t| hash(&t));
    }
    shipped_for(game).map(|(text, _)| hash(text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet_engine::variants::VARIANTS;

    #[test]
    fn every_variant_ships_a_network_for_its_game_and_no_other() {
        for info in VARIANTS {
            let v: senet_engine::variants::Variant = info.id.parse().unwrap();
            let game = Game {
                variant: v,
                device: v.device(),
                rules: v.rules(),
            };
            assert!(network(&game).is_some(), "{v}");
            let shipped = std::fs::read_to_string(format!(
                "{}/../../weights/{v}.td",
                env!("CARGO_MANIFEST_DIR")
            ))
            .unwrap();
            assert_eq!(network_hash(&game, None), Some(hash(&shipped)), "{v}");
            let fewer = Game {
                rules: v.rules().with(|r| r.pawns = 2).unwrap(),
                ..game
            };
            assert!(network(&fewer).is_none(), "{v} with 2 pawns");
            // Another turn cap is the same game from every position: the variant's network.
            let capped = Game {
                rules: v.rules().with(|r| r.max_turns = 150).unwrap(),
                ..fewer
            };
            assert_eq!(
                network_hash(&capped, None),
                Some(hash(&shipped)),
                "{v} capped"
            );
        }
        assert_eq!(SHIPPED.len(), VARIANTS.len());
    }
}
