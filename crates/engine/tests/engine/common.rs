//! Helpers shared by the integration tests.

use senet_engine::board::{squares, Position, Side};
use senet_engine::movegen::{legal_moves, Move};
use senet_engine::rules::Rules;
use senet_engine::setup::Setup;

/// The preset of a variant.
pub fn rules(id: &str) -> Rules {
    Rules::preset(id).unwrap()
}

/// A position from square lists.
pub fn pos(white: &[u8], black: &[u8], to_move: Side) -> Position {
    Setup::of(white, black, to_move).board().unwrap()
}

/// The legal moves as (from, to) pairs, in generation order.
pub fn pairs(rules: &Rules, p: &Position, throw: u8) -> Vec<(u8, u8)> {
    legal_moves(rules, p, throw)
        .iter()
        .map(|m| m.span())
        .collect()
}

/// The one legal move from `from` to `to`; panics if it is not legal.
pub fn the_move(rules: &Rules, p: &Position, throw: u8, from: u8, to: u8) -> Move {
    *legal_moves(rules, p, throw)
        .iter()
        .find(|m| m.span() == (from, to))
        .unwrap_or_else(|| {
            panic!(
                "{from}->{to} with {throw} not legal; legal: {:?}",
                pairs(rules, p, throw)
            )
        })
}

/// Squares of one side after a move.
pub fn after(m: &Move, side: Side) -> Vec<u8> {
    squares(m.after.side(side)).collect()
}
