//! A position's outcomes as the solver numbers them: for each throw of a [`Sweep`], each
//! choice's next position as its index, in the order of [`throw_outcomes`]. The same outcomes
//! as [`throw_outcomes`] followed by [`StateIndex::index`], found faster: a plain step (most
//! moves) goes from the position's squares to the next index by a few bit operations
//! (the numbering's `step_index`), without a move or a next position built; every other choice
//! takes the game's own step ([`throw_outcomes`], a move's outcomes as it lists them).

use super::backup::{move_outcomes, throw_outcomes, Outcome};
use super::index::StateIndex;
use super::Sweep;
use crate::board::{squares, Position};
use crate::movegen::{split_moves_into, MoveList, Shared};
use crate::turn::Asked;

/// Where a choice leads, numbered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Successor {
    /// The player who chose has won.
    Won,
    /// The other side has won.
    Lost,
    /// The game is drawn.
    Drawn,
    /// The game goes on from the position of this index.
    Next {
        /// Its index ([`StateIndex::index`]).
        index: u64,
        /// Whether the player who chose moves again there.
        again: bool,
    },
}

/// Every outcome of every throw of `sweep.throws` in `pos`, throw after throw:
/// `f(throw, first, successor)` with `throw` true for the first outcome of a throw and `first`
/// for the first outcome of a move, as [`throw_outcomes`] gives them. Panics where the
/// numbering does not cover a next position (a position of another game).
// `unsafe` (each use in the project says why it is sound): calling the copy compiled for BMI2.
#[allow(unsafe_code)]
pub fn successors(sweep: &Sweep, pos: &Position, f: &mut impl FnMut(bool, bool, Successor)) {
    #[cfg(target_arch = "x86_64")]
    if sweep.index.bits() {
        // SAFETY: `bits` is true only when the processor reported BMI2, POPCNT and BMI1.
        return unsafe { successors_with_bits(sweep, pos, f) };
    }
    successors_by::<false, 0>(sweep, pos, f)
}

/// [`successors`] compiled for BMI2, POPCNT and BMI1 (the index's `pext`), a copy for each
/// count of pawns a side that the whole game's numbering covers: the ranks of a plain step's
/// next position then take that many rounds, unrolled, without a branch on how many pawns are
/// on the board (`rank_of`; 5 to 6% off a computed position with 3 pawns, docs/solving.md).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2,popcnt,bmi1")]
fn successors_with_bits(sweep: &Sweep, pos: &Position, f: &mut impl FnMut(bool, bool, Successor)) {
    match sweep.index.pawns() {
        2 => successors_by::<true, 2>(sweep, pos, f),
        3 => successors_by::<true, 3>(sweep, pos, f),
        4 => successors_by::<true, 4>(sweep, pos, f),
        _ => successors_by::<true, 0>(sweep, pos, f),
    }
}

/// [`successors`], with `pext` when `BMI2`; `MOST`: the numbering's pawns a side, or 0
/// (`StateIndex::step_index`).
#[inline(always)]
fn successors_by<const BMI2: bool, const MOST: usize>(
    sweep: &Sweep,
    pos: &Position,
    f: &mut impl FnMut(bool, bool, Successor),
) {
    let (rules, index) = (sweep.rules, sweep.index);
    // A pawn freed from 30 at the start of the other side's turn: the game's own step.
    let fast = if rules.free_exit_from_30 {
        None
    } else {
        index
            .frame(pos)
            .map(|frame| (frame, Shared::of(rules, pos)))
    };
    let mut moves = MoveList::new();
    let mut follow = MoveList::new();
    let number = |o: Outcome| numbered::<BMI2>(index, pos, o);
    for &(v, _) in sweep.throws {
        let mut throw = true;
        let mut g = |first: bool, s: Successor| {
            f(throw, first, s);
            throw = false;
        };
        let split = fast.and_then(|(frame, shared)| {
            Some((frame, split_moves_into(rules, pos, shared, v, &mut moves)?))
        });
        let Some((frame, plain)) = split else {
            throw_outcomes(rules, pos, v, &mut moves, &mut |first, o| {
                g(first, number(o))
            });
            continue;
        };
        // A plain step has no effect that keeps the hand: the throw's value decides.
        let again = rules.gives_extra_throw(v);
        for s in squares(plain) {
            let index = StateIndex::step_index::<BMI2, MOST>(&frame, s, s + v, again);
            g(true, Successor::Next { index, again });
        }
        for mv in moves.iter() {
            move_outcomes(
                rules,
                pos.to_move,
                Asked::Throw(v),
                mv,
                &mut follow,
                &mut |first, o| g(first, number(o)),
            );
        }
    }
}

/// [`successors`] by the game's own step alone: every choice's next position built and
/// numbered one at a time ([`throw_outcomes`], then the portable [`StateIndex::index`]). What
/// [`successors`] must give, for the tests that hold it to the game.
pub fn successors_by_the_game(
    sweep: &Sweep,
    pos: &Position,
    f: &mut impl FnMut(bool, bool, Successor),
) {
    let mut moves = MoveList::new();
    for &(v, _) in sweep.throws {
        let mut throw = true;
        throw_outcomes(sweep.rules, pos, v, &mut moves, &mut |first, o| {
            f(throw, first, numbered::<false>(sweep.index, pos, o));
            throw = false;
        });
    }
}

/// An outcome of the side to move of `pos`, numbered.
#[inline(always)]
fn numbered<const BMI2: bool>(index: &StateIndex, pos: &Position, o: Outcome) -> Successor {
    match o {
        Outcome::Won => Successor::Won,
        Outcome::Lost => Successor::Lost,
        Outcome::Drawn => Successor::Drawn,
        Outcome::Next(next) => Successor::Next {
            index: index
                .index_by::<BMI2>(&next)
                .expect("the numbering covers the game"),
            again: next.to_move == pos.to_move,
        },
    }
}

#[cfg(test)]
mod tests;
