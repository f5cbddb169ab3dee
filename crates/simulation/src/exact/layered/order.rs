//! The order of a group's sweep: levels of progress, highest first, each in two halves that
//! put a position and its mirror (the same board, the other side to move) one after the other.
//!
//! The order is held in two bytes a position, not four: the group is cut into pieces of at most
//! [`PIECE`] consecutive indices, each piece sorts its own positions by part (a counting sort
//! in a buffer of the thread's), and keeps them as offsets from its first index (`u16`); the
//! order reads them part by part, piece after piece, through a list of runs (a part's positions
//! in one piece). Race positions, valued exactly, are found by the same pass and left out.

use rayon::prelude::*;
use senet_engine::board::Position;
use senet_engine::solve::{progress, Sweep};
use std::ops::Range;

/// Positions of a piece: its offsets fit a `u16`.
const PIECE: usize = 1 << 16;

/// The part given to a race position while a piece is sorted (no part is that high).
const RACE: u16 = u16::MAX;

/// Consecutive ranks of the order whose positions lie in one piece: the first rank, where its
/// offsets start in [`Order::low`], and the piece's first index.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Run {
    rank: u32,
    at: u32,
    base: u32,
}

/// A group's positions (race positions left out) in sweep order, two bytes a position and a
/// run ([`Run`], 12 bytes) for each part of each piece.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Order {
    low: Vec<u16>,
    runs: Vec<Run>,
    len: usize,
}

impl Order {
    /// Positions listed.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Bytes held.
    pub(super) fn bytes(&self) -> u64 {
        (2 * self.low.capacity() + std::mem::size_of::<Run>() * self.runs.capacity()) as u64
    }

    /// The indices of the positions of `ranks`, in order.
    pub(super) fn iter(&self, ranks: Range<usize>) -> impl Iterator<Item = u32> + '_ {
        let runs = self.runs_of(ranks);
        runs.flat_map(|(base, low)| low.iter().map(move |&l| base + u32::from(l)))
    }

    /// Writes the indices of the positions of ranks `first..first + out.len()` into `out`, run
    /// by run.
    pub(super) fn read(&self, first: usize, out: &mut [u32]) {
        let mut rest = out;
        for (base, low) in self.runs_of(first..first + rest.len()) {
            let (here, after) = std::mem::take(&mut rest).split_at_mut(low.len());
            for (slot, &l) in here.iter_mut().zip(low) {
                *slot = base + u32::from(l);
            }
            rest = after;
        }
    }

    /// The runs that cover `ranks`, each cut to them: its piece's first index and its offsets.
    fn runs_of(&self, ranks: Range<usize>) -> impl Iterator<Item = (u32, &[u16])> + '_ {
        let end = ranks.end.min(self.len);
        let first = self
            .runs
            .partition_point(|r| r.rank as usize <= ranks.start);
        let first = first.max(1) - 1;
        let runs = self.runs.iter().enumerate().skip(first);
        runs.map_while(move |(k, r)| {
            let from = (r.rank as usize).max(ranks.start);
            let to = self.next_run_rank(k).min(end);
            (from < to).then(|| {
                let at = r.at as usize + (from - r.rank as usize);
                (r.base, &self.low[at..at + (to - from)])
            })
        })
    }

    /// Where the run after `run` starts (the end of the order after the last).
    fn next_run_rank(&self, run: usize) -> usize {
        self.runs.get(run + 1).map_or(self.len, |r| r.rank as usize)
    }

    /// The order that lists `indices` as they come (a test's order, any sequence of indices).
    #[cfg(test)]
    pub(super) fn listing(indices: &[u32]) -> Order {
        let mut runs: Vec<Run> = Vec::new();
        let mut low = Vec::with_capacity(indices.len());
        for (r, &i) in indices.iter().enumerate() {
            let base = i & !0xFFFF;
            if runs.last().is_none_or(|run| run.base != base) {
                runs.push(Run {
                    rank: r as u32,
                    at: r as u32,
                    base,
                });
            }
            low.push((i - base) as u16);
        }
        Order {
            low,
            runs,
            len: indices.len(),
        }
    }
}

/// One piece of a group being sorted: its first index, its offsets, and its slice of each
/// table of values (where its race positions' values go).
struct Piece<'a> {
    first: u32,
    low: &'a mut [u16],
    tables: Vec<&'a mut [f64]>,
}

/// A group's positions in sweep order: by [`progress`], highest first; inside a level, first
/// the positions that come before their mirror ([`mirror_first`]), then the others; then by
/// index. Race positions are left out, their exact value written in each of `tables`. Returns
/// the order and where each part that lists a position starts in it, then its end.
pub(super) fn sorted(
    sweep: &Sweep,
    members: &[Range<u32>],
    tables: &mut [&mut [f64]],
) -> (Order, Vec<usize>) {
    let top = top_level(sweep);
    let parts = 2 * (usize::from(top) + 1);
    let positions: usize = members.iter().map(|r| (r.end - r.start) as usize).sum();
    assert!(positions < u32::MAX as usize, "a group's ranks fit a u32");
    let mut low = vec![0u16; positions];
    let pieces = pieces(members, &mut low, tables);
    let firsts: Vec<(u32, usize)> = pieces.iter().map(|p| (p.first, p.low.len())).collect();
    // For each piece, where each part starts among its offsets (and their end).
    let starts: Vec<Vec<u32>> = pieces
        .into_par_iter()
        .map_init(
            || vec![0u16; PIECE],
            |part, piece| sort_piece(sweep, top, parts, piece, part),
        )
        .collect();
    let mut order = Order {
        low,
        runs: Vec::new(),
        len: 0,
    };
    let mut bounds = vec![0usize];
    for p in 0..parts {
        let before = order.len;
        let mut at = 0usize;
        for (s, &(base, len)) in starts.iter().zip(&firsts) {
            let n = (s[p + 1] - s[p]) as usize;
            if n > 0 {
                order.runs.push(Run {
                    rank: order.len as u32,
                    at: (at + s[p] as usize) as u32,
                    base,
                });
                order.len += n;
            }
            at += len;
        }
        if order.len > before {
            bounds.push(order.len);
        }
    }
    order.runs.shrink_to_fit();
    (order, bounds)
}

/// The group `members` cut into pieces of at most [`PIECE`] indices, each with its slice of
/// `low` and of each table.
fn pieces<'a>(
    members: &[Range<u32>],
    mut low: &'a mut [u16],
    tables: &'a mut [&mut [f64]],
) -> Vec<Piece<'a>> {
    let mut rests: Vec<(usize, &'a mut [f64])> = tables.iter_mut().map(|t| (0, &mut **t)).collect();
    let mut out = Vec::new();
    for r in members {
        for first in (r.start..r.end).step_by(PIECE) {
            let n = (r.end - first).min(PIECE as u32) as usize;
            let (here, after) = std::mem::take(&mut low).split_at_mut(n);
            low = after;
            let tables = rests
                .iter_mut()
                .map(|(at, rest)| {
                    let skip = first as usize - *at;
                    let (_, from) = std::mem::take(rest).split_at_mut(skip);
                    let (here, after) = from.split_at_mut(n);
                    *rest = after;
                    *at = first as usize + n;
                    here
                })
                .collect();
            out.push(Piece {
                first,
                low: here,
                tables,
            });
        }
    }
    out
}

/// Sorts one piece: each race position's value into the tables, the others' offsets by part
/// then index into the piece's `low` (in front); `part`: a buffer of the thread's. Returns
/// where each of the `parts` parts starts among the offsets, then their end.
fn sort_piece(sweep: &Sweep, top: u16, parts: usize, piece: Piece, part: &mut [u16]) -> Vec<u32> {
    let Piece {
        first,
        low,
        mut tables,
    } = piece;
    let mut starts = vec![0u32; parts + 1];
    for (j, slot) in part[..low.len()].iter_mut().enumerate() {
        let i = first + j as u32;
        let pos = sweep.index.position(u64::from(i));
        if let Some(v) = sweep.race_value(&pos) {
            tables.iter_mut().for_each(|t| t[j] = v);
            *slot = RACE;
            continue;
        }
        *slot = part_at(sweep, top, i, &pos);
        starts[usize::from(*slot) + 1] += 1;
    }
    for p in 1..=parts {
        starts[p] += starts[p - 1];
    }
    let mut next = starts.clone();
    for (j, &p) in part[..low.len()].iter().enumerate() {
        if p != RACE {
            let slot = &mut next[usize::from(p)];
            low[*slot as usize] = j as u16;
            *slot += 1;
        }
    }
    starts
}

/// The highest level of a group's positions, counted down from the most progress: a level is at
/// most 2 × K pawns × 31 (248 with 4 pawns, 310 with 5), its two halves at most 2 (top + 1)
/// parts.
fn top_level(sweep: &Sweep) -> u16 {
    62 * u16::from(sweep.index.pawns())
}

/// The part of the position `i` (`pos`, not a race position): its level's first half where it
/// comes before its mirror, else the second; `top`: [`top_level`].
fn part_at(sweep: &Sweep, top: u16, i: u32, pos: &Position) -> u16 {
    let level = top - progress(sweep.index.pawns(), pos) as u16;
    2 * level + u16::from(!mirror_first(sweep, i, pos))
}

/// The part of the position `i`, `None` for a race position (tests).
#[cfg(test)]
pub(super) fn part_of(sweep: &Sweep, i: u32) -> Option<u16> {
    let pos = sweep.index.position(u64::from(i));
    let race = sweep.race_value(&pos).is_some();
    (!race).then(|| part_at(sweep, top_level(sweep), i, &pos))
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
