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
/// index. A counting sort in two passes over pieces of the group, by every thread: the first
/// counts each piece's positions by part, the second finds each position's part again and
/// writes its index where its piece's share of the part begins. Nothing is held a position
/// besides the order (a level of 2 bytes a position was, until 2026-11-29: 2.1 GB at the
/// 5-pawn endgame's group of 2). Returns the order and where each part starts in it
/// (`2 (top + 1) + 1` bounds, `top` the highest level, 62 K with K pawns a side: part `p` is
/// `bounds[p]..bounds[p + 1]`, level `l`'s two halves the parts `2 (top - l)` and
/// `2 (top - l) + 1`, many of them empty).
pub(super) fn sorted(sweep: &Sweep, members: &[Range<u32>]) -> (Vec<u32>, Vec<usize>) {
    let k = sweep.index.pawns();
    // A level is at most 2 × K pawns × 31 (248 with 4 pawns, 310 with 5): its two halves
    // number at most 2 (top + 1) parts.
    let top = 62 * u16::from(k);
    let parts = 2 * (usize::from(top) + 1);
    let part_of = |i: u32| {
        let pos = sweep.index.position(u64::from(i));
        let level = top - progress(k, &pos) as u16;
        usize::from(2 * level + u16::from(!mirror_first(sweep, i, &pos)))
    };
    // Each range is cut into pieces, so that every thread has work even when the group is one
    // range (the largest groups are); pieces in the group's order.
    let pieces: Vec<Range<u32>> = members
        .iter()
        .flat_map(|r| {
            (r.start..r.end)
                .step_by(PIECE)
                .map(|a| a..r.end.min(a + PIECE as u32))
        })
        .collect();
    let mut counts = vec![0u32; pieces.len() * parts];
    counts
        .par_chunks_mut(parts)
        .zip(&pieces)
        .for_each(|(count, piece)| {
            for i in piece.clone() {
                count[part_of(i)] += 1;
            }
        });
    // Where each piece's share of each part starts: the parts in order, inside a part the
    // pieces in order (so inside a part, positions by index, as one pass would put them).
    let mut bounds = vec![0usize; parts + 1];
    let mut starts = vec![0usize; counts.len()];
    let mut at = 0;
    for p in 0..parts {
        bounds[p] = at;
        for piece in 0..pieces.len() {
            starts[piece * parts + p] = at;
            at += counts[piece * parts + p] as usize;
        }
    }
    bounds[parts] = at;
    let mut order = vec![0u32; at];
    let shared = Shared(order.as_mut_ptr(), order.len());
    starts
        .par_chunks_mut(parts)
        .zip(counts.par_chunks(parts))
        .zip(&pieces)
        .for_each(|((next, count), piece)| {
            let ends: Vec<usize> = next
                .iter()
                .zip(count)
                .map(|(&s, &c)| s + c as usize)
                .collect();
            for i in piece.clone() {
                let p = part_of(i);
                assert!(
                    next[p] < ends[p],
                    "a piece's position in a part it did not count"
                );
                shared.set(next[p], i);
                next[p] += 1;
            }
        });
    (order, bounds)
}

/// The order being filled, shared by the threads of the second pass of [`sorted`].
struct Shared(*mut u32, usize);

// SAFETY: the threads write through it to distinct slots only (below), and nothing reads the
// order until every write is done.
#[allow(unsafe_code)]
unsafe impl Sync for Shared {}

impl Shared {
    fn set(&self, slot: usize, i: u32) {
        assert!(slot < self.1, "slot {slot} outside the order");
        // SAFETY: `slot` is inside the order (checked above), and it lies in the share of one
        // piece and one part, `starts..starts + counts`, which no other share overlaps (the
        // shares are laid one after the other); the piece writes below its share's end
        // (checked by the caller), so no two writes meet and none is read.
        #[allow(unsafe_code)]
        unsafe {
            *self.0.add(slot) = i
        };
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::layered::groups;
    use senet_engine::rules::RuleSet;
    use senet_engine::solve::index::StateIndex;
    use senet_engine::throws::throw_table;
    use senet_engine::variants::Variant;

    /// The order as one thread put it before the two passes: every position's part held (two
    /// bytes a position), counted, then each index placed in a pass over the group.
    fn one_pass(sweep: &Sweep, members: &[Range<u32>]) -> (Vec<u32>, Vec<usize>) {
        let k = sweep.index.pawns();
        let top = 62 * u16::from(k);
        let part: Vec<u16> = members
            .iter()
            .flat_map(|r| r.clone())
            .map(|i| {
                let pos = sweep.index.position(u64::from(i));
                let level = top - progress(k, &pos) as u16;
                2 * level + u16::from(!mirror_first(sweep, i, &pos))
            })
            .collect();
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
            order[next[p as usize]] = i;
            next[p as usize] += 1;
        }
        (order, bounds)
    }

    /// The two passes give the order and the parts one pass gave, in every group of every
    /// variant the tables number with 2 pawns (waiting pawns and replays included), on 1 and
    /// 3 threads.
    #[test]
    fn two_passes_sort_as_one() {
        let mut checked = 0;
        for variant in Variant::all() {
            let rules = RuleSet {
                pawns: 2,
                ..variant.rules().into_set()
            }
            .check()
            .unwrap();
            let Ok(index) = StateIndex::new(&rules) else {
                continue;
            };
            let throws = throw_table(&rules, &variant.device());
            let sweep = Sweep {
                rules: &rules,
                throws: &throws,
                index: &index,
                race: true,
            };
            for members in groups(&sweep).values() {
                let expected = one_pass(&sweep, members);
                for threads in [1, 3] {
                    let pool = rayon::ThreadPoolBuilder::new()
                        .num_threads(threads)
                        .build()
                        .unwrap();
                    let got = pool.install(|| sorted(&sweep, members));
                    assert!(got == expected, "{variant}, {threads} threads");
                }
                checked += members.len();
            }
        }
        assert!(checked > 10, "{checked} ranges");
    }
}
