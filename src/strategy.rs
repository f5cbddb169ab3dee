//! Strategies: how a player picks one of the legal moves.

use crate::board::Position;
use crate::movegen::Move;
use crate::rules::Rules;
use crate::throws::{below, GameRng};
use thiserror::Error;

/// An unknown or malformed strategy name.
#[derive(Debug, Error, PartialEq)]
#[error("unknown strategy '{0}' (known: random, first, last)")]
pub struct StrategyError(pub String);

/// A way of choosing a move. Deterministic given the decision stream it is handed.
pub trait Strategy: Send {
    /// Index into `moves` (never empty) of the chosen move.
    fn choose(
        &mut self,
        rules: &Rules,
        pos: &Position,
        throw: u8,
        moves: &[Move],
        rng: &mut GameRng,
    ) -> usize;
}

/// Uniform among the legal moves.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomStrategy;

impl Strategy for RandomStrategy {
    #[inline]
    fn choose(
        &mut self,
        _: &Rules,
        _: &Position,
        _: u8,
        moves: &[Move],
        rng: &mut GameRng,
    ) -> usize {
        if moves.len() == 1 {
            0
        } else {
            below(rng, moves.len())
        }
    }
}

/// Always the first move generated (the rearmost pawn that can move): a fixed, scriptable player.
#[derive(Clone, Copy, Debug, Default)]
pub struct FirstStrategy;

impl Strategy for FirstStrategy {
    fn choose(&mut self, _: &Rules, _: &Position, _: u8, _: &[Move], _: &mut GameRng) -> usize {
        0
    }
}

/// Always the last move generated (the most advanced pawn that can move, or an entry).
#[derive(Clone, Copy, Debug, Default)]
pub struct LastStrategy;

impl Strategy for LastStrategy {
    fn choose(&mut self, _: &Rules, _: &Position, _: u8, moves: &[Move], _: &mut GameRng) -> usize {
        moves.len() - 1
    }
}

/// The strategy named `name`.
pub fn strategy_by_name(name: &str) -> Result<Box<dyn Strategy>, StrategyError> {
    match name {
        "random" => Ok(Box::new(RandomStrategy)),
        "first" => Ok(Box::new(FirstStrategy)),
        "last" => Ok(Box::new(LastStrategy)),
        other => Err(StrategyError(other.to_string())),
    }
}

/// Names of the strategies available.
pub const STRATEGY_NAMES: [&str; 3] = ["random", "first", "last"];
