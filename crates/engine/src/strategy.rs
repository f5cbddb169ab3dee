//! Strategies: how a player picks one of the legal moves.

use crate::board::Position;
use crate::heuristic::{Heuristic, Weights};
use crate::movegen::Move;
use crate::rules::Rules;
use crate::search::{Expectimax, Rollout, MAX_DEPTH, MAX_ROLLOUTS};
use crate::throws::{below, Device, GameRng};
use thiserror::Error;

/// An unknown or malformed strategy name (the message names it and says why).
#[derive(Debug, Error, PartialEq)]
#[error("{0}")]
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

    /// Whether `choose` is exactly `below(rng, moves.len())`: a uniform choice with one draw.
    /// The game loop then picks with [`crate::movegen::uniform_move`], which gives the same
    /// move without building the list in the common case.
    fn is_uniform(&self) -> bool {
        false
    }
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
        // One draw even when there is a single move: no data-dependent branch on the hot path.
        below(rng, moves.len())
    }

    fn is_uniform(&self) -> bool {
        true
    }
}

/// The rank of a move's pawn along the path: a waiting pawn (from 0) is the rearmost.
/// Ties (two moves of one pawn: passage's water "go back" or "stay") go to the first generated.
fn by_pawn(moves: &[Move], most_advanced: bool) -> usize {
    let mut best = 0;
    for (i, m) in moves.iter().enumerate() {
        let better = if most_advanced {
            m.from > moves[best].from
        } else {
            m.from < moves[best].from
        };
        if better {
            best = i;
        }
    }
    best
}

/// Always moves the most advanced pawn that can move.
#[derive(Clone, Copy, Debug, Default)]
pub struct FrontStrategy;

impl Strategy for FrontStrategy {
    fn choose(&mut self, _: &Rules, _: &Position, _: u8, moves: &[Move], _: &mut GameRng) -> usize {
        by_pawn(moves, true)
    }
}

/// Always moves the rearmost pawn that can move (a waiting pawn first).
#[derive(Clone, Copy, Debug, Default)]
pub struct BackStrategy;

impl Strategy for BackStrategy {
    fn choose(&mut self, _: &Rules, _: &Position, _: u8, moves: &[Move], _: &mut GameRng) -> usize {
        by_pawn(moves, false)
    }
}

/// A strategy as named in a scenario or on the command line: `NAME` or `NAME:PARAM`.
///
/// Parsing checks the name and the parameter; [`StrategySpec::build`] makes the player for a
/// rule set and a device (the searching strategies need the exact throw distribution).
#[derive(Clone, Debug, PartialEq)]
pub enum StrategySpec {
    /// `random`.
    Random,
    /// `front`.
    Front,
    /// `back`.
    Back,
    /// `heuristic` or `heuristic:KEY=W,KEY=W` (weights overriding the defaults).
    Heuristic(Weights),
    /// `expectimax:D`, D throws deep (0 to 3; 0 is the greedy choice by the evaluation).
    Expectimax(u8),
    /// `rollout:N`, N random playouts per candidate move (1 to 10,000).
    Rollout(u32),
}

impl StrategySpec {
    /// Parses `NAME` or `NAME:PARAM`.
    pub fn parse(text: &str) -> Result<StrategySpec, StrategyError> {
        let (name, param) = match text.split_once(':') {
            Some((n, p)) => (n.trim(), Some(p.trim())),
            None => (text.trim(), None),
        };
        let bad = |why: &str| StrategyError(format!("bad strategy '{text}' ({why})"));
        let number = |p: Option<&str>, what: &str, max: u32| -> Result<u32, StrategyError> {
            let p = p.ok_or_else(|| bad(&format!("write {name}:{what}")))?;
            match p.parse::<u32>() {
                Ok(n) if n <= max => Ok(n),
                _ => Err(bad(&format!(
                    "{what} must be a whole number from 0 to {max}"
                ))),
            }
        };
        let spec = match name {
            "random" | "front" | "back" if param.is_some() => {
                return Err(bad(&format!("'{name}' takes no parameter")))
            }
            "random" => StrategySpec::Random,
            "front" => StrategySpec::Front,
            "back" => StrategySpec::Back,
            "heuristic" => StrategySpec::Heuristic(match param {
                None => Weights::default(),
                Some(p) => Weights::parse(p).map_err(|e| bad(&e))?,
            }),
            "expectimax" => StrategySpec::Expectimax(number(param, "D", MAX_DEPTH as u32)? as u8),
            "rollout" => match number(param, "N", MAX_ROLLOUTS)? {
                0 => return Err(bad("N must be at least 1")),
                n => StrategySpec::Rollout(n),
            },
            _ => {
                return Err(StrategyError(format!(
                    "unknown strategy '{text}' (known: {})",
                    STRATEGY_NAMES.join(", ")
                )))
            }
        };
        Ok(spec)
    }

    /// The player for `rules` and `device`.
    pub fn build(&self, rules: &Rules, device: &Device) -> Box<dyn Strategy> {
        match self {
            StrategySpec::Random => Box::new(RandomStrategy),
            StrategySpec::Front => Box::new(FrontStrategy),
            StrategySpec::Back => Box::new(BackStrategy),
            StrategySpec::Heuristic(w) => Box::new(Heuristic::new(rules, device, *w)),
            StrategySpec::Expectimax(d) => Box::new(Expectimax::new(rules, device, *d)),
            StrategySpec::Rollout(n) => Box::new(Rollout::new(device, *n)),
        }
    }
}

/// The strategy named `name` for `rules` and `device` (`NAME` or `NAME:PARAM`).
pub fn strategy_by_name(
    name: &str,
    rules: &Rules,
    device: &Device,
) -> Result<Box<dyn Strategy>, StrategyError> {
    Ok(StrategySpec::parse(name)?.build(rules, device))
}

/// Names of the strategies available, with their parameter.
pub const STRATEGY_NAMES: [&str; 6] = [
    "random",
    "front",
    "back",
    "heuristic",
    "expectimax:D",
    "rollout:N",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{bits_of, Side};
    use crate::movegen::legal_moves;
    use crate::throws::stream;

    #[test]
    fn front_and_back_pick_the_extreme_pawns() {
        let rules = Rules::preset("tejon").unwrap();
        // Figure 4 of 004 with a 6: 5 -> 11 or 7 -> 13.
        let pos = Position::new(
            bits_of(&[5, 7, 14, 15, 16]).unwrap(),
            bits_of(&[8, 9, 17, 18, 19]).unwrap(),
            Side::White,
        );
        let moves = legal_moves(&rules, &pos, 6);
        let mut rng = stream(1, 2);
        assert_eq!(
            moves[FrontStrategy.choose(&rules, &pos, 6, &moves, &mut rng)].from,
            7
        );
        assert_eq!(
            moves[BackStrategy.choose(&rules, &pos, 6, &moves, &mut rng)].from,
            5
        );
    }
}
