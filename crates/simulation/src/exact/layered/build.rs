//! A group's outcomes built by every thread: a batch of blocks of positions computed in
//! parallel, then laid out in place in parallel (each block's rows in the order, its marks and
//! its outcomes where the blocks before it end), so that only the parts' bounds and the race
//! positions' values are found by one thread.

use super::{Outcomes, BATCH, BLOCK, STRIDE};
use crate::exact::layered::order::sorted;
use crate::exact::outcomes::{outcomes, Entry, Old};
use rayon::prelude::*;
use senet_engine::solve::Sweep;
use std::mem::MaybeUninit;
use std::ops::Range;

/// What one block of positions gives: its outcomes (when kept), its rows (rank, position,
/// number of outcomes) and its race positions' values.
struct Block<E> {
    entries: Vec<E>,
    rows: Vec<(usize, u32, u32)>,
    races: Vec<(u32, f64)>,
}

/// Where one block of a batch goes: its rows' slots in the order, its marks (empty when the
/// batch is not kept), its outcomes' slots, and the kept rows and outcomes before it.
struct Place<'a, E> {
    order: &'a mut [u32],
    marks: &'a mut [u64],
    entries: &'a mut [MaybeUninit<E>],
    kept: usize,
    offset: u64,
}

impl<E: Entry> Block<E> {
    /// The block of `chunk`, the positions of ranks `first..`; their outcomes kept unless `full`.
    fn of(sweep: &Sweep, first: usize, chunk: &[u32], full: bool) -> Block<E> {
        let mut block = Block {
            entries: Vec::new(),
            rows: Vec::new(),
            races: Vec::new(),
        };
        let mut scratch = Vec::new();
        for (n, &i) in chunk.iter().enumerate() {
            let into = if full {
                &mut scratch
            } else {
                &mut block.entries
            };
            let before = into.len();
            match outcomes(sweep, i, Old::Unmarked, into) {
                Some(v) => block.races.push((i, v)),
                None => block
                    .rows
                    .push((first + n, i, (into.len() - before) as u32)),
            }
            scratch.clear();
        }
        block
    }

    /// Writes the block at `place`: its positions, and when kept its outcomes and a mark for
    /// every [`STRIDE`]-th kept row (where its outcomes start).
    fn lay(&self, place: Place<E>, keep: bool) {
        for (slot, &(_, i, _)) in place.order.iter_mut().zip(&self.rows) {
            *slot = i;
        }
        for (slot, &e) in place.entries.iter_mut().zip(&self.entries) {
            slot.write(e);
        }
        if keep {
            let mut marks = place.marks.iter_mut();
            let mut offset = place.offset;
            for (j, &(_, _, len)) in self.rows.iter().enumerate() {
                if (place.kept + j).is_multiple_of(STRIDE) {
                    *marks.next().expect("a mark for every STRIDE-th row") = offset;
                }
                offset += u64::from(len);
            }
        }
    }
}

impl<E: Entry> Outcomes<E> {
    /// Builds a group's outcomes, keeping them while they fit in `budget` bytes; race positions
    /// get their exact value in each of `tables` and are left out of the sweeps.
    pub(super) fn new(
        sweep: &Sweep,
        members: &[Range<u32>],
        tables: &mut [&mut [f64]],
        budget: u64,
    ) -> Self {
        let (order, bounds) = sorted(sweep, members);
        let mut out = Outcomes {
            order,
            parts: vec![0],
            stored: 0,
            marks: Vec::new(),
            entries: Vec::new(),
            throws: sweep.throws.len(),
        };
        // `part`: the part of the rank being read (an index of `bounds`), `kept`: the rows
        // kept so far, which fill a prefix of `order`, never past the rank being read.
        let (mut part, mut last, mut full, mut kept) = (0, None, false, 0);
        let mut offset = 0u64;
        for at in (0..out.order.len()).step_by(BATCH * BLOCK) {
            let batch = &out.order[at..(at + BATCH * BLOCK).min(out.order.len())];
            let blocks: Vec<Block<E>> = batch
                .par_chunks(BLOCK)
                .enumerate()
                .map(|(b, chunk)| Block::of(sweep, at + b * BLOCK, chunk, full))
                .collect();
            let mut k = kept;
            for &(rank, _, _) in blocks.iter().flat_map(|b| &b.rows) {
                while rank >= bounds[part + 1] {
                    part += 1;
                }
                if last.is_some_and(|p| p != part) {
                    out.parts.push(k);
                }
                last = Some(part);
                k += 1;
            }
            offset = out.lay(&blocks, kept, offset, !full);
            kept = k;
            for (i, v) in blocks.iter().flat_map(|b| &b.races) {
                for values in tables.iter_mut() {
                    values[*i as usize] = *v;
                }
            }
            if !full {
                out.stored = kept;
                full = out.bytes() >= budget;
            }
        }
        out.order.truncate(kept);
        out.parts.push(kept);
        out.order.shrink_to_fit();
        out.marks.shrink_to_fit();
        out.entries.shrink_to_fit();
        out
    }

    /// Lays a batch's `blocks` out in place, by every thread: their rows in the order from
    /// `kept`, and when `keep`, their outcomes after the `offset` kept so far and their marks.
    /// Returns the outcomes kept after the batch.
    // `unsafe` (each use in the project says why it is sound): the entries' length set once
    // every thread has written them.
    #[allow(unsafe_code)]
    fn lay(&mut self, blocks: &[Block<E>], kept: usize, offset: u64, keep: bool) -> u64 {
        let rows: usize = blocks.iter().map(|b| b.rows.len()).sum();
        let entries: usize = blocks.iter().map(|b| b.entries.len()).sum();
        if keep {
            self.marks.resize((kept + rows).div_ceil(STRIDE), 0);
        }
        self.entries.reserve(entries);
        let mut order = &mut self.order[kept..kept + rows];
        let first_mark = kept.div_ceil(STRIDE).min(self.marks.len());
        let mut marks = &mut self.marks[first_mark..];
        let mut spare = &mut self.entries.spare_capacity_mut()[..entries];
        let mut places = Vec::with_capacity(blocks.len());
        let (mut k, mut at) = (kept, offset);
        for b in blocks {
            let n = b.rows.len();
            let m = if keep {
                (k + n).div_ceil(STRIDE) - k.div_ceil(STRIDE)
            } else {
                0
            };
            let (o, rest) = std::mem::take(&mut order).split_at_mut(n);
            order = rest;
            let (mk, rest) = std::mem::take(&mut marks).split_at_mut(m);
            marks = rest;
            let (e, rest) = std::mem::take(&mut spare).split_at_mut(b.entries.len());
            spare = rest;
            places.push(Place {
                order: o,
                marks: mk,
                entries: e,
                kept: k,
                offset: at,
            });
            k += n;
            at += b.entries.len() as u64;
        }
        places
            .into_par_iter()
            .zip(blocks)
            .for_each(|(place, b)| b.lay(place, keep));
        // SAFETY: the `entries` slots after the length were cut into one slice a block, each
        // as long as that block's outcomes, and every block wrote each of its slots above.
        unsafe { self.entries.set_len(self.entries.len() + entries) };
        at
    }
}
