//! Small Senet solved: the exact probability that the side to move wins, under optimal play by
//! both sides, for every position of a variant played with 1 to 4 pawns a side.
//!
//! The game is a stochastic game: a throw is a chance node with the device's exact
//! distribution, a move a choice of the side to move, and an extra throw keeps the side. The
//! values satisfy `V(s) = Σ_v p(v) · max over the choices of v` of `V(s')` (same side again)
//! or `1 − V(s')` (the other side moves next). Backward moves, captures and the water make the
//! positions a graph with cycles, so the values are found by value iteration (driven in parallel by
//! `senet-simulation` over the positions of a [`Sweep`]), to a stated tolerance. `docs/solving.md` has the
//! method and the figures.
//!
//! The engine holds the pure parts: the numbering of positions ([`index`]), one step of the game
//! ([`backup`]), the race ending ([`race`]), a solved table ([`Solution`]) and the race values
//! of a sweep ([`Sweep`]). Files and threads are the simulation's.

pub mod backup;
pub mod index;
pub mod race;
pub mod successors;

use crate::board::{Position, Side};
use crate::movegen::Move;
use crate::options::{Scope, OPTIONS};
use crate::rules::Rules;
use crate::turn::Asked;
use backup::{move_value, Pick};
use index::StateIndex;

/// A solved table: the probability that the side to move wins, for every position of `rules`.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The rule set solved (its `pawns` a side).
    pub rules: Rules,
    /// The throw distribution solved for: `(value, probability)` pairs.
    pub throws: Vec<(u8, f64)>,
    /// The numbering of the positions.
    pub index: StateIndex,
    /// The value of each position, by index.
    pub values: Vec<f32>,
}

impl Solution {
    /// The probability that the side to move of `pos` wins; `None` when the table does not cover
    /// `pos` (see [`StateIndex::index`]).
    pub fn value(&self, pos: &Position) -> Option<f64> {
        if pos.finished(pos.to_move) {
            return Some(1.0);
        }
        if pos.finished(pos.to_move.other()) {
            return Some(0.0);
        }
        Some(f64::from(self.values[self.index.index(pos)? as usize]))
    }

    /// [`Solution::value`] for a position the table must cover: a position of another game
    /// stops the program with a message naming it.
    pub fn covered(&self, pos: &Position) -> f64 {
        self.value(pos).unwrap_or_else(|| {
            panic!(
                "the solved table ({} pawns a side) does not cover this position:\n{}",
                self.rules.pawns,
                pos.draw()
            )
        })
    }

    /// The value for the side to move of `pos` of each of `moves`, the choices of the decision
    /// `asked` (a throw's moves, or the uses of points left over), points left over played
    /// optimally.
    pub fn move_values(&self, pos: &Position, asked: Asked, moves: &[Move]) -> Vec<f64> {
        let lookup = |p: &Position| self.covered(p);
        moves
            .iter()
            .map(|m| move_value(&self.rules, pos.to_move, asked, m, Pick::Best, &lookup))
            .collect()
    }

    /// Whether this table was solved for `rules` and `throws`: the same options wherever they
    /// change a value (the starter, the opening throw and the turn cap do not).
    pub fn solves(&self, rules: &Rules, throws: &[(u8, f64)]) -> bool {
        plays_as((&self.rules, &self.throws), (rules, throws))
    }
}

/// Whether two games, each its rules and throw distribution, are the same from every position
/// ([`same_game`] and [`same_throws`]): what was computed for one (a table's values, a network,
/// a checkpoint) holds for the other.
pub fn plays_as(a: (&Rules, &[(u8, f64)]), b: (&Rules, &[(u8, f64)])) -> bool {
    same_game(a.0, b.0) && same_throws(a.1, b.1)
}

/// Whether two throw distributions are the same (values equal, probabilities within 1e-12).
pub fn same_throws(a: &[(u8, f64)], b: &[(u8, f64)]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(a, b)| a.0 == b.0 && (a.1 - b.1).abs() < 1e-12)
}

/// Whether two rule sets play the same game from any position: they agree on every option of
/// [`Scope::Play`] (they may differ in who starts, the opening throw, the opening pawn and the
/// turn cap).
pub fn same_game(a: &Rules, b: &Rules) -> bool {
    OPTIONS
        .iter()
        .filter(|o| o.scope == Scope::Play)
        .all(|o| !(o.differs)(a, b))
}

/// The game value iteration goes over: its rules, throws and numbering, and whether race
/// positions take their exact value (they have at most one move a throw, so that value holds
/// for optimal and for random play alike).
#[derive(Clone, Copy, Debug)]
pub struct Sweep<'a> {
    /// The rule set.
    pub rules: &'a Rules,
    /// The throw distribution.
    pub throws: &'a [(u8, f64)],
    /// The numbering.
    pub index: &'a StateIndex,
    /// Whether race positions take their exact value from [`race::race_value`].
    pub race: bool,
}

impl Sweep<'_> {
    /// The exact value of `pos` when it is a race and races are used; `None` when its value must
    /// be iterated.
    #[inline]
    pub fn race_value(&self, pos: &Position) -> Option<f64> {
        let exit_only = self.rules.exit_only_squares.0;
        // The race formula counts wins: a game that can be drawn is iterated.
        (self.race && !self.rules.end.can_draw() && pos.occupied() & !exit_only == 0)
            .then(|| race::race_value(self.rules, self.throws, pos))
            .flatten()
    }
}

/// The progress of a position: the squares of both sides' pawns summed, a pawn borne off
/// counting 31 and a waiting one 0. A forward move, an entry and a bear-off raise it; a capture
/// (the pawns swap), a pass, a stay and a re-throw keep it; only a backward move and the water
/// lower it. Solving the highest first lets most values follow from values already updated.
#[inline]
pub fn progress(pawns: u8, pos: &Position) -> u32 {
    let off = 2 * u32::from(pawns) - u32::from(pos.in_play(Side::White) + pos.in_play(Side::Black));
    square_sum(pos.pawns[0]) + square_sum(pos.pawns[1]) + 31 * off
}

/// The sum of the squares of a bitboard: bit b of each square's number, counted with one
/// population count per bit.
#[inline]
fn square_sum(bits: u32) -> u32 {
    const WEIGHT: [u32; 5] = [
        0xAAAA_AAAA,
        0xCCCC_CCCC,
        0xF0F0_F0F0,
        0xFF00_FF00,
        0xFFFF_0000,
    ];
    (0..5).map(|b| (bits & WEIGHT[b]).count_ones() << b).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::squares;

    #[test]
    fn square_sums_add_the_squares() {
        for bits in [0u32, 0b10, 1 << 30, 0x7FFF_FFFE, 0b1010_1000_0100] {
            assert_eq!(square_sum(bits), squares(bits).map(u32::from).sum::<u32>());
        }
    }
}
