//! A position's outcomes as plain numbers: for each throw, each choice's next position (its
//! index and flags), so that a sweep of value iteration is arithmetic over arrays. The outcome
//! graph of [`crate::exact::graph`] and the groups of [`crate::exact::layered`] are lists of these.

use senet_engine::board::Position;
use senet_engine::movegen::MoveList;
use senet_engine::solve::backup::{throw_outcomes, Fold, Outcome, Pick};
use senet_engine::solve::{progress, Sweep};

/// An outcome's value for the player who chose is `1 - x` (the other side moves next, or won).
pub(crate) const FLIP: u32 = 1 << 31;
/// The first outcome of a move.
pub(crate) const FIRST: u32 = 1 << 30;
/// Read `x` as it was at the start of the sweep (a position of the same or a lower progress):
/// the graph solver's flag ([`Old::Marked`]); the layered solve, in place, does not read it.
pub(crate) const OLD: u32 = 1 << 29;
/// The game is over: `x = 1`, or `x = 1/2` for a draw (the entry's index is then [`DRAWN`]).
pub(crate) const END: u32 = 1 << 28;
/// The index of an [`END`] entry that is a draw (a finished game's index is otherwise 0).
pub(crate) const DRAWN: u32 = 1;
/// The first outcome of a throw.
pub(crate) const THROW: u32 = 1 << 27;
/// The bits of a position's index in a 32-bit entry.
pub(crate) const INDEX: u32 = THROW - 1;

/// An outcome packed in one integer: the next position's index and the flags above. `u32`
/// holds indices below 2^27 (up to 3 pawns a side), `u64` any `u32` index (4 pawns).
pub(crate) trait Entry: Copy + Send + Sync + 'static {
    /// The largest index an entry holds.
    const MAX_INDEX: u64;
    /// The entry of `index` with `flags` (of the constants above).
    fn pack(index: u32, flags: u32) -> Self;
    /// Its flags.
    fn flags(self) -> u32;
    /// Its position's index.
    fn index(self) -> usize;
}

impl Entry for u32 {
    const MAX_INDEX: u64 = INDEX as u64;
    #[inline]
    fn pack(index: u32, flags: u32) -> u32 {
        debug_assert!(index <= INDEX);
        index | flags
    }
    #[inline]
    fn flags(self) -> u32 {
        self & !INDEX
    }
    #[inline]
    fn index(self) -> usize {
        (self & INDEX) as usize
    }
}

impl Entry for u64 {
    const MAX_INDEX: u64 = u32::MAX as u64;
    #[inline]
    fn pack(index: u32, flags: u32) -> u64 {
        (u64::from(flags) << 32) | u64::from(index)
    }
    #[inline]
    fn flags(self) -> u32 {
        (self >> 32) as u32
    }
    #[inline]
    fn index(self) -> usize {
        self as u32 as usize
    }
}

/// Whether outcomes carry the [`OLD`] flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Old {
    /// Marked (the graph solver, which sweeps from a copy).
    Marked,
    /// Left out (the layered solve, in place): a position's progress is not computed for each
    /// of its next positions.
    Unmarked,
}

/// One position's outcomes, or its exact value when it is a race position.
pub(crate) fn outcomes<E: Entry>(sweep: &Sweep, i: u32, old: Old, out: &mut Vec<E>) -> Option<f64> {
    let pos = sweep.index.position(u64::from(i));
    if let Some(v) = sweep.race_value(&pos) {
        return Some(v);
    }
    moves_of(sweep, &pos, old, out);
    None
}

/// The outcomes of a position known not to be a race position (computed again at a sweep: the
/// race test, as costly as the moves, is not repeated), without the [`OLD`] flag.
#[inline(always)]
pub(crate) fn outcomes_again<E: Entry>(sweep: &Sweep, i: u32, out: &mut Vec<E>) {
    moves_of(
        sweep,
        &sweep.index.position(u64::from(i)),
        Old::Unmarked,
        out,
    );
}

/// The outcomes of `pos`'s moves, throw by throw.
#[inline(always)]
fn moves_of<E: Entry>(sweep: &Sweep, pos: &Position, old: Old, out: &mut Vec<E>) {
    let index = sweep.index;
    let k = sweep.rules.pawns;
    let level = (old == Old::Marked).then(|| progress(k, pos));
    let mut moves = MoveList::new();
    for &(v, _) in sweep.throws {
        let mut throw = THROW;
        throw_outcomes(sweep.rules, pos, v, &mut moves, &mut |first, o| {
            let (j, flags) = match o {
                Outcome::Won => (0, END),
                Outcome::Lost => (0, END | FLIP),
                Outcome::Drawn => (DRAWN, END),
                Outcome::Next(next) => {
                    let j = index.index(&next).expect("the numbering covers the game");
                    let flip = if next.to_move() == pos.to_move() {
                        0
                    } else {
                        FLIP
                    };
                    let old = match level {
                        Some(l) if progress(k, &next) <= l => OLD,
                        _ => 0,
                    };
                    (j as u32, flip | old)
                }
            };
            out.push(E::pack(j, flags | throw | if first { FIRST } else { 0 }));
            throw = 0;
        });
    }
}

/// The value for the side to move of a position from its outcomes.
#[inline]
pub(crate) fn evaluate<E: Entry>(
    entries: &[E],
    throws: &[(u8, f64)],
    pick: Pick,
    read: &impl Fn(E) -> f64,
) -> f64 {
    let mut total = 0.0;
    let mut t = 0;
    let mut fold = Fold::new(pick);
    for (n, &e) in entries.iter().enumerate() {
        let flags = e.flags();
        if flags & THROW != 0 && n > 0 {
            total += throws[t].1 * fold.value();
            t += 1;
            fold = Fold::new(pick);
        }
        let x = match flags & END {
            0 => read(e),
            _ if e.index() == DRAWN as usize => 0.5,
            _ => 1.0,
        };
        fold.add(
            flags & FIRST != 0,
            if flags & FLIP != 0 { 1.0 - x } else { x },
        );
    }
    total + throws[t].1 * fold.value()
}
