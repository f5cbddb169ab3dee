//! A position's outcomes as plain numbers: for each throw, each choice's next position (its
//! index and flags), so that a sweep of value iteration is arithmetic over arrays. The outcome
//! graph of [`crate::exact::graph`] and the groups of [`crate::exact::layered`] are lists of these.

use senet_engine::board::Position;
use senet_engine::movegen::MoveList;
use senet_engine::solve::backup::{throw_outcomes, Fold, Outcome, Pick};
use senet_engine::solve::successors::{successors, Successor};
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
/// holds indices below 2^27 (up to 3 pawns a side), [`Packed`] below 2^29 - 2 (the layered
/// solve only), `u64` any `u32` index (4 pawns).
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

/// An outcome in 32 bits for numberings of up to 2^29 - 3 positions (the 5-pawn endgame from 3
/// pawns borne off: 269,507,730), where [`u32`]'s 27 bits of index stop: the index in the low
/// 29 bits and [`FLIP`], [`FIRST`] and [`THROW`] in the three above; a finished game is one of
/// the two highest indices (won, drawn), never a position's. No [`OLD`] flag (the layered
/// solve, in place, never reads it). The same outcomes as the other entries, in half the bytes
/// of a [`u64`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Packed(u32);

/// [`THROW`]'s bit in a [`Packed`] entry.
const PACKED_THROW: u32 = 1 << 29;
/// The bits of a position's index in a [`Packed`] entry.
const PACKED_INDEX: u32 = PACKED_THROW - 1;
/// The index of a [`Packed`] won or lost game ([`FLIP`] tells which).
const PACKED_WON: u32 = PACKED_INDEX;
/// The index of a [`Packed`] draw.
const PACKED_DRAWN: u32 = PACKED_INDEX - 1;

impl Entry for Packed {
    const MAX_INDEX: u64 = (PACKED_DRAWN - 1) as u64;
    #[inline]
    fn pack(index: u32, flags: u32) -> Packed {
        debug_assert!(flags & OLD == 0, "the layered solve does not mark OLD");
        let index = match (flags & END, index) {
            (0, i) => {
                debug_assert!(u64::from(i) <= Self::MAX_INDEX);
                i
            }
            (_, DRAWN) => PACKED_DRAWN,
            _ => PACKED_WON,
        };
        Packed(index | (flags & (FLIP | FIRST)) | ((flags & THROW) << 2))
    }
    #[inline]
    fn flags(self) -> u32 {
        let flags = (self.0 & (FLIP | FIRST)) | ((self.0 & PACKED_THROW) >> 2);
        if self.0 & PACKED_INDEX >= PACKED_DRAWN {
            flags | END
        } else {
            flags
        }
    }
    #[inline]
    fn index(self) -> usize {
        match self.0 & PACKED_INDEX {
            // A finished game's index, as the other entries give it: 0, or DRAWN for a draw.
            i if i >= PACKED_DRAWN => (PACKED_WON - i) as usize,
            i => i as usize,
        }
    }
}

/// Which entry a layered solve packs its outcomes in: the narrowest that holds every index of
/// a numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Width {
    /// [`u32`], indices below 2^27 (up to 3 pawns a side, the 5-pawn endgame from 4).
    Narrow,
    /// [`Packed`], indices below 2^29 - 2 (the 5-pawn endgame from 3).
    Packed,
    /// [`u64`], any `u32` index (4 pawns, deeper endgames).
    Wide,
}

impl Width {
    /// The entry for a numbering of `positions`.
    pub(crate) fn of(positions: u64) -> Width {
        if positions <= u32::MAX_INDEX {
            Width::Narrow
        } else if positions <= Packed::MAX_INDEX {
            Width::Packed
        } else {
            Width::Wide
        }
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

/// The outcomes of `pos`'s moves, throw by throw: without the [`OLD`] flag from the engine's
/// numbered successors ([`successors`], plain steps numbered without a move built), with it
/// from the game's step, each next position's progress compared.
#[inline(always)]
fn moves_of<E: Entry>(sweep: &Sweep, pos: &Position, old: Old, out: &mut Vec<E>) {
    if old == Old::Unmarked {
        return successors(sweep, pos, &mut |throw, first, s| {
            let (j, flags) = match s {
                Successor::Won => (0, END),
                Successor::Lost => (0, END | FLIP),
                Successor::Drawn => (DRAWN, END),
                Successor::Next { index, again } => (index as u32, if again { 0 } else { FLIP }),
            };
            let flags = flags | if throw { THROW } else { 0 } | if first { FIRST } else { 0 };
            out.push(E::pack(j, flags));
        });
    }
    let index = sweep.index;
    let k = sweep.rules.pawns;
    let level = progress(k, pos);
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
                    let old = if progress(k, &next) <= level { OLD } else { 0 };
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
    if pick == Pick::Best {
        return best(entries, throws, read);
    }
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

/// [`evaluate`] of optimal play (`best_of` reads its table) and of random play (`mean_of`) in
/// one pass over the outcomes: each play's operations in the same order as alone, so the
/// same bits; the flags are read once for both.
#[inline]
pub(crate) fn evaluate_both<E: Entry>(
    entries: &[E],
    throws: &[(u8, f64)],
    best_of: &impl Fn(E) -> f64,
    mean_of: &impl Fn(E) -> f64,
) -> (f64, f64) {
    let (mut best_total, mut mean_total) = (0.0, 0.0);
    let mut t = 0;
    let mut best = f64::NEG_INFINITY;
    let mut fold = Fold::new(Pick::Uniform);
    for (n, &e) in entries.iter().enumerate() {
        let flags = e.flags();
        if flags & THROW != 0 && n > 0 {
            best_total += throws[t].1 * best;
            mean_total += throws[t].1 * fold.value();
            t += 1;
            best = f64::NEG_INFINITY;
            fold = Fold::new(Pick::Uniform);
        }
        let (x, y) = match flags & END {
            0 => (best_of(e), mean_of(e)),
            _ if e.index() == DRAWN as usize => (0.5, 0.5),
            _ => (1.0, 1.0),
        };
        let flip = flags & FLIP != 0;
        best = best.max(if flip { 1.0 - x } else { x });
        fold.add(flags & FIRST != 0, if flip { 1.0 - y } else { y });
    }
    (
        best_total + throws[t].1 * best,
        mean_total + throws[t].1 * fold.value(),
    )
}

/// [`evaluate`] for optimal play: a throw's value is its best outcome's, as [`Fold`] finds it
/// (the same `max` in the same order, so the same bits), without the means that only random
/// play reads (a division a move). A loop of its own: `Fold` made to skip the means for optimal
/// play instead ran a sweep of both plays 6% slower (223–228 ns a computed position against
/// 203–214, `bench --solve-group 0 --pawns 3 --memory 0 --threads 1 --both-plays`).
#[inline]
fn best<E: Entry>(entries: &[E], throws: &[(u8, f64)], read: &impl Fn(E) -> f64) -> f64 {
    let mut total = 0.0;
    let mut t = 0;
    let mut best = f64::NEG_INFINITY;
    for (n, &e) in entries.iter().enumerate() {
        let flags = e.flags();
        if flags & THROW != 0 && n > 0 {
            total += throws[t].1 * best;
            t += 1;
            best = f64::NEG_INFINITY;
        }
        let x = match flags & END {
            0 => read(e),
            _ if e.index() == DRAWN as usize => 0.5,
            _ => 1.0,
        };
        best = best.max(if flags & FLIP != 0 { 1.0 - x } else { x });
    }
    total + throws[t].1 * best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A packed entry gives back the index and flags it was made of, for every combination of
    /// the flags the layered solve writes, at the ends of its range; a finished game's index is
    /// 0 or [`DRAWN`], as in the other entries.
    #[test]
    fn a_packed_entry_gives_back_what_it_holds() {
        let max = Packed::MAX_INDEX as u32;
        for flags in 0..8u32 {
            let set = |bit: u32, flag: u32| if flags & bit != 0 { flag } else { 0 };
            let flags = set(1, FLIP) | set(2, FIRST) | set(4, THROW);
            for index in [0, 1, 2, 12_345, 269_507_729, max - 1, max] {
                let e = Packed::pack(index, flags);
                assert_eq!((e.index(), e.flags()), (index as usize, flags));
            }
            for (index, end) in [(0, END), (0, END | FLIP), (DRAWN, END)] {
                let e = Packed::pack(index, flags | end);
                assert_eq!((e.index(), e.flags()), (index as usize, flags | end));
            }
        }
        assert_eq!(max, (1 << 29) - 3);
    }

    /// The narrowest entry that holds a numbering's indices: 3 pawns and the 5-pawn endgame
    /// from 4 in 27 bits, the endgame from 3 packed, 4 pawns wide.
    #[test]
    fn the_narrowest_entry_is_chosen() {
        assert_eq!(Width::of(15_134_520), Width::Narrow);
        assert_eq!(Width::of(41_498_130), Width::Narrow);
        assert_eq!(Width::of(u32::MAX_INDEX), Width::Narrow);
        assert_eq!(Width::of(u32::MAX_INDEX + 1), Width::Packed);
        assert_eq!(Width::of(269_507_730), Width::Packed);
        assert_eq!(Width::of(Packed::MAX_INDEX), Width::Packed);
        assert_eq!(Width::of(Packed::MAX_INDEX + 1), Width::Wide);
        assert_eq!(Width::of(586_583_580), Width::Wide);
    }
}
