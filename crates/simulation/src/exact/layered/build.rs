//! A group's outcomes built by every thread: the group sorted into its sweep order (race
//! positions valued there, `layered/order.rs`), then the outcomes of its first positions
//! computed a batch of blocks at a time in parallel and laid out in place in parallel (each
//! block's marks and outcomes where the blocks before it end), while the budget allows.

use super::{Outcomes, BATCH, BLOCK, STRIDE};
use crate::exact::layered::order::sorted;
use crate::exact::outcomes::{outcomes_again, Entry};
use rayon::prelude::*;
use senet_engine::solve::Sweep;
use std::mem::MaybeUninit;
use std::ops::Range;

/// What one block of positions gives: their outcomes, and how many each has.
struct Block<E> {
    entries: Vec<E>,
    lens: Vec<u32>,
}

/// Where one block of a batch goes: its marks, its outcomes' slots, and the kept positions and
/// outcomes before it.
struct Place<'a, E> {
    marks: &'a mut [u64],
    entries: &'a mut [MaybeUninit<E>],
    kept: usize,
    offset: u64,
}

impl<E: Entry> Block<E> {
    /// The outcomes of the positions `chunk` (none a race position).
    fn of(sweep: &Sweep, chunk: &[u32]) -> Block<E> {
        let mut block = Block {
            entries: Vec::new(),
            lens: Vec::with_capacity(chunk.len()),
        };
        for &i in chunk {
            let before = block.entries.len();
            outcomes_again(sweep, i, &mut block.entries);
            block.lens.push((block.entries.len() - before) as u32);
        }
        block
    }

    /// Writes the block at `place`: its outcomes, and a mark for every [`STRIDE`]-th kept
    /// position (where its outcomes start).
    fn lay(&self, place: Place<E>) {
        for (slot, &e) in place.entries.iter_mut().zip(&self.entries) {
            slot.write(e);
        }
        let mut marks = place.marks.iter_mut();
        let mut offset = place.offset;
        for (j, &len) in self.lens.iter().enumerate() {
            if (place.kept + j).is_multiple_of(STRIDE) {
                *marks.next().expect("a mark for every STRIDE-th position") = offset;
            }
            offset += u64::from(len);
        }
    }
}

impl<E: Entry> Outcomes<E> {
    /// Builds a group's outcomes, keeping them while they fit in `budget` bytes (the first
    /// batch always); race positions get their exact value in each of `tables` and are left
    /// out of the sweeps.
    pub(super) fn new(
        sweep: &Sweep,
        members: &[Range<u32>],
        tables: &mut [&mut [f64]],
        budget: u64,
    ) -> Self {
        let (order, parts) = sorted(sweep, members, tables);
        let mut out = Outcomes {
            order,
            parts,
            stored: 0,
            marks: Vec::new(),
            entries: Vec::new(),
            throws: sweep.throws.len(),
        };
        let n = out.order.len();
        let (mut offset, mut batch) = (0u64, Vec::new());
        for at in (0..n).step_by(BATCH * BLOCK) {
            let end = (at + BATCH * BLOCK).min(n);
            batch.resize(end - at, 0);
            out.order.read(at, &mut batch);
            let blocks: Vec<Block<E>> = batch
                .par_chunks(BLOCK)
                .map(|chunk| Block::of(sweep, chunk))
                .collect();
            offset = out.lay(&blocks, at, offset);
            out.stored = end;
            if out.bytes() >= budget {
                break;
            }
        }
        out.marks.shrink_to_fit();
        out.entries.shrink_to_fit();
        out
    }

    /// Lays a batch's `blocks` out in place, by every thread: their outcomes after the `offset`
    /// kept so far and their marks, the batch's first position of rank `kept`. Returns the
    /// outcomes kept after the batch.
    // `unsafe` (each use in the project says why it is sound): the entries' length set once
    // every thread has written them.
    #[allow(unsafe_code)]
    fn lay(&mut self, blocks: &[Block<E>], kept: usize, offset: u64) -> u64 {
        let rows: usize = blocks.iter().map(|b| b.lens.len()).sum();
        let entries: usize = blocks.iter().map(|b| b.entries.len()).sum();
        self.marks.resize((kept + rows).div_ceil(STRIDE), 0);
        self.entries.reserve(entries);
        let first_mark = kept.div_ceil(STRIDE).min(self.marks.len());
        let mut marks = &mut self.marks[first_mark..];
        let mut spare = &mut self.entries.spare_capacity_mut()[..entries];
        let mut places = Vec::with_capacity(blocks.len());
        let (mut k, mut at) = (kept, offset);
        for b in blocks {
            let n = b.lens.len();
            let m = (k + n).div_ceil(STRIDE) - k.div_ceil(STRIDE);
            let (mk, rest) = std::mem::take(&mut marks).split_at_mut(m);
            marks = rest;
            let (e, rest) = std::mem::take(&mut spare).split_at_mut(b.entries.len());
            spare = rest;
            places.push(Place {
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
            .for_each(|(place, b)| b.lay(place));
        // SAFETY: the `entries` slots after the length were cut into one slice a block, each
        // as long as that block's outcomes, and every block wrote each of its slots above.
        unsafe { self.entries.set_len(self.entries.len() + entries) };
        at
    }
}
