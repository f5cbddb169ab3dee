//! Strategies: how a player picks one of the legal moves.

use crate::board::Position;
use crate::movegen::Move;
use crate::rules::Rules;
use crate::throws::{below, GameRng};

pub mod heuristic;
pub mod optimal;
pub mod search;
pub mod spec;
pub mod td;

pub use crate::turn::Asked;

/// A way of choosing a move. Deterministic given the decision stream it is handed.
pub trait Strategy: Send {
    /// Index into `moves` (never empty), the choices for the decision `asked` in `pos`, of the
    /// chosen one.
    fn choose(
        &mut self,
        rules: &Rules,
        pos: &Position,
        asked: &Asked,
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

/// The index of the first largest of `values` (0 when there is none): the choice of every
/// strategy that scores its moves.
pub fn first_best(values: impl IntoIterator<Item = f64>) -> usize {
    let mut best = (0, f64::NEG_INFINITY);
    for (i, v) in values.into_iter().enumerate() {
        if v > best.1 {
            best = (i, v);
        }
    }
    best.0
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
        _: &Asked,
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

/// The rank of a choice's pawn along the path, [`Move::span`]'s start: a waiting pawn (0) is
/// the rearmost; a choice that moves no pawn ranks at its square, and keeping points left over
/// as the most advanced (31), so `front` keeps them.
fn rank(m: &Move) -> u8 {
    m.span().0
}

/// The choice of the most advanced (or rearmost) pawn. Ties (two moves of one pawn: passage's
/// water "go back" or "stay") go to the first generated.
fn by_pawn(moves: &[Move], most_advanced: bool) -> usize {
    let mut best = 0;
    for (i, m) in moves.iter().enumerate() {
        let better = if most_advanced {
            rank(m) > rank(&moves[best])
        } else {
            rank(m) < rank(&moves[best])
        };
        if better {
            best = i;
        }
    }
    best
}

/// Always moves the most advanced pawn that can move.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FrontStrategy;

impl Strategy for FrontStrategy {
    fn choose(
        &mut self,
        _: &Rules,
        _: &Position,
        _: &Asked,
        moves: &[Move],
        _: &mut GameRng,
    ) -> usize {
        by_pawn(moves, true)
    }
}

/// Always moves the rearmost pawn that can move (a waiting pawn first).
#[derive(Clone, Copy, Debug, Default)]
pub struct BackStrategy;

impl Strategy for BackStrategy {
    fn choose(
        &mut self,
        _: &Rules,
        _: &Position,
        _: &Asked,
        moves: &[Move],
        _: &mut GameRng,
    ) -> usize {
        by_pawn(moves, false)
    }
}

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
        let six = Asked::Throw(6);
        assert_eq!(
            moves[FrontStrategy.choose(&rules, &pos, &six, &moves, &mut rng)].from(),
            Some(7)
        );
        assert_eq!(
            moves[BackStrategy.choose(&rules, &pos, &six, &moves, &mut rng)].from(),
            Some(5)
        );
    }
}
