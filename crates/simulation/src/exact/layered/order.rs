//! The order of a group's sweep: levels of progress, highest first, each in two halves that
//! put a position and its mirror (the same board, the other side to move) one after the other.

use rayon::prelude::*;
use senet_engine::board::Position;
use senet_engine::solve::{progress, Sweep};
use std::ops::Range;

/// Positions of one task of the sort.
const PIECE: usize = 1 << 16;

/// A group's positions in sweep order: by [`progress`], highest first; inside a level, first
/// the positions that come before their mirror ([`mirror_first`]), then the others; then by
/// index (a counting sort: two bytes a position besides the order). Returns the order and where
/// each part starts in it (`2 (top + 1) + 1` bounds, `top` the highest level, 62 K with K pawns
/// a side: part `p` is `bounds[p]..bounds[p + 1]`, level `l`'s two halves the parts
/// `2 (top - l)` and `2 (top - l) + 1`, many of them empty).
pub(super) fn sorted(sweep: &Sweep, members: &[Range<u32>]) -> (Vec<u32>, Vec<usize>) {
    let k = sweep.index.pawns();
    // A level is at most 2 × K pawns × 31 (248 with 4 pawns, 310 with 5): its two halves
    // number at most 2 (top + 1) parts.
    let top = 62 * u16::from(k);
    // Each range is cut into pieces, so that every thread has work even when the group is one
    // range (the largest groups are).
    let mut part = vec![0u16; members.iter().map(|r| (r.end - r.start) as usize).sum()];
    let mut rest = &mut part[..];
    for r in members {
        let (here, after) = rest.split_at_mut((r.end - r.start) as usize);
        rest = after;
        here.par_chunks_mut(PIECE).enumerate().for_each(|(c, out)| {
            let first = r.start + (c * PIECE) as u32;
            for (i, slot) in (first..r.end).zip(out.iter_mut()) {
                let pos = sweep.index.position(u64::from(i));
                let level = top - progress(k, &pos) as u16;
                *slot = 2 * level + u16::from(!mirror_first(sweep, i, &pos));
            }
        });
    }
    let mut bounds = vec![0usize; 2 * (usize::from(top) + 1) + 1];
    for &p in &part {
        bounds[p as usize + 1] += 1;
    }
    for n in 1..bounds.len() {
        bounds[n] += bounds[n - 1];
    }
    let mut next = bounds.clone();
    let mut order = vec![0u32; part.len()];
    for (i, &p) in members.iter().flat_map(|r| r.clone()).zip(&part) {
        let slot = &mut next[p as usize];
        order[*slot] = i;
        *slot += 1;
    }
    (order, bounds)
}

/// Whether the position `i` (`pos`) is swept before its mirror, the same board with the other
/// side to move: when its index is the smaller of the two (or the mirror is not numbered).
/// A throw that cannot be played leads to the mirror, which has the same progress. Were the two
/// computed together, each would read the other's value from the last sweep, and a pair of
/// positions where both sides often pass (pawns waiting for an exact throw to bear off) would
/// settle by one factor of passing a sweep, alternating in sign; swept one after the other,
/// the second reads the first's new value and the pair settles by the product of both factors
/// a sweep. Tejon, 3 pawns: 72 sweeps of the largest group became 59 (docs/solving.md).
fn mirror_first(sweep: &Sweep, i: u32, pos: &Position) -> bool {
    let mirror = pos.with_to_move(pos.to_move().other());
    sweep.index.index(&mirror).is_none_or(|j| j >= u64::from(i))
}
