//! A group's values held in its sweep order while it is swept, where every outcome of the group
//! is kept: the values a position reads then lie a few levels from its own (a forward move
//! raises the level by the throw), not anywhere in the table, so a sweep reads the processor's
//! caches rather than memory (docs/solving.md, "Values in sweep order").
//!
//! The group keeps its own slots of the values (its ranges of indices, one after the other: the
//! listing); only which of its positions sits in which slot changes. The swept positions come
//! first, in sweep order, then the race positions (valued once), in index order. Kept outcomes
//! that lead into the group point to the slot where the next position's value now is; those
//! that leave it are untouched. Every position reads the same values in the same parts as in
//! index order: the same bits.

use super::order::Order;
use super::share::{write_back, BLOCK};
use crate::exact::outcomes::{Entry, END};
use rayon::prelude::*;
use std::ops::Range;

/// A place of the listing not yet given its slot in sweep order.
const UNSET: u32 = u32::MAX;

/// Where a group's values are while it is swept in sweep order.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Ranked {
    members: Vec<Range<u32>>,
    /// Where each range starts in the listing, and the group's size after the last.
    starts: Vec<usize>,
}

impl Ranked {
    /// The layout of the group `members`, whose places a `u32` counts
    /// ([`values_move`](crate::exact::plan::values_move) checks it).
    pub(crate) fn new(members: &[Range<u32>]) -> Ranked {
        let mut starts = vec![0usize];
        for r in members {
            starts.push(starts[starts.len() - 1] + (r.end - r.start) as usize);
        }
        assert!(
            starts[starts.len() - 1] < UNSET as usize,
            "places past a u32"
        );
        Ranked {
            members: members.to_vec(),
            starts,
        }
    }

    /// The positions of the group.
    fn len(&self) -> usize {
        self.starts[self.starts.len() - 1]
    }

    /// The place in the listing of the index `i`, where it is the group's.
    fn place(&self, i: usize) -> Option<usize> {
        let k = self.members.partition_point(|r| r.end as usize <= i);
        let r = self.members.get(k)?;
        (r.start as usize <= i).then(|| self.starts[k] + (i - r.start as usize))
    }

    /// The indices of the values of places `ranks`, in order: the sweep's positions of those
    /// ranks once the values are in sweep order.
    pub(crate) fn slots(&self, ranks: Range<usize>) -> impl Iterator<Item = usize> + '_ {
        let first = self.starts.partition_point(|&s| s <= ranks.start).max(1) - 1;
        (first..self.members.len())
            .map_while(move |k| {
                let (s, e) = (self.starts[k], self.starts[k + 1]);
                (s < ranks.end).then(|| {
                    let base = self.members[k].start as usize - s;
                    base + ranks.start.max(s)..base + ranks.end.min(e)
                })
            })
            .flatten()
    }

    /// For each place of the listing (the group in index order), the index of the values that
    /// its position's value goes to in sweep order: the slot of its rank in `order` (the swept
    /// positions), or of a place after them for a race position.
    fn targets(&self, order: &Order) -> Vec<u32> {
        let mut to = vec![UNSET; self.len()];
        for (i, slot) in order.iter(0..order.len()).zip(self.slots(0..order.len())) {
            let p = self.place(i as usize).expect("the order lists the group");
            to[p] = slot as u32;
        }
        let mut races = self.slots(order.len()..self.len());
        for t in to.iter_mut().filter(|t| **t == UNSET) {
            *t = races.next().expect("a slot for each race position") as u32;
        }
        to
    }

    /// The group laid out once its outcomes are built: the kept `entries` that lead into the
    /// group pointed at their new slots, and the values moved into sweep order.
    pub(crate) fn lay_out<E: Entry>(&self, order: &Order, values: &mut [f64], entries: &mut [E]) {
        let to = self.targets(order);
        entries.par_iter_mut().for_each(|e| {
            let flags = e.flags();
            if flags & END == 0 {
                if let Some(p) = self.place(e.index()) {
                    *e = E::pack(to[p], flags);
                }
            }
        });
        self.move_to(&to, values);
    }

    /// The values moved from index order into sweep order (after [`Ranked::put_in_index_order`];
    /// the outcomes already point there).
    pub(crate) fn put_in_sweep_order(&self, order: &Order, values: &mut [f64]) {
        self.move_to(&self.targets(order), values);
    }

    /// The value of each place of the listing moved to the index `to` gives for it.
    fn move_to(&self, to: &[u32], values: &mut [f64]) {
        let held: Vec<f64> = self.slots(0..self.len()).map(|s| values[s]).collect();
        let n = held.len();
        write_back(
            values,
            |r| to[r].iter().map(|&t| t as usize),
            0..n,
            &held,
            BLOCK,
        );
    }

    /// The values moved back from sweep order into index order (to be saved or handed on).
    pub(crate) fn put_in_index_order(&self, order: &Order, values: &mut [f64]) {
        let to = self.targets(order);
        let held: Vec<f64> = to.par_iter().map(|&t| values[t as usize]).collect();
        drop(to);
        write_back(values, |r| self.slots(r), 0..held.len(), &held, BLOCK);
    }
}

/// The values after a sweep, as a [`Listener`](super::Listener) reads them: a group whose
/// outcomes are all kept is swept with its values in sweep order (`layered/layout.rs`), put
/// back in index order only if they are read.
pub struct Reading<'a> {
    values: &'a mut [f64],
    ranked: Option<(&'a Ranked, &'a Order)>,
    moved: bool,
}

impl<'a> Reading<'a> {
    /// The values handed to a listener; `ranked`: the layout and order of a group in sweep
    /// order.
    pub(super) fn new(values: &'a mut [f64], ranked: Option<(&'a Ranked, &'a Order)>) -> Self {
        Reading {
            values,
            ranked,
            moved: false,
        }
    }

    /// Whether the listener read the values (put back in index order).
    pub(super) fn moved(&self) -> bool {
        self.moved
    }

    /// The value of each position, by index.
    pub fn values(&mut self) -> &[f64] {
        if let (Some((ranked, order)), false) = (self.ranked, self.moved) {
            ranked.put_in_index_order(order, self.values);
            self.moved = true;
        }
        self.values
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A group of three ranges, 10 positions: its listing, its slots, and the values moved
    /// into sweep order and back.
    #[test]
    fn values_go_into_sweep_order_and_back() {
        let members = [3..5u32, 8..12, 20..24];
        let ranked = Ranked::new(&members);
        let slots: Vec<usize> = ranked.slots(0..10).collect();
        assert_eq!(slots, [3, 4, 8, 9, 10, 11, 20, 21, 22, 23]);
        assert_eq!(
            ranked.slots(1..7).collect::<Vec<_>>(),
            [4, 8, 9, 10, 11, 20]
        );
        assert_eq!(ranked.slots(6..6).count(), 0);
        assert_eq!(ranked.place(7), None);
        assert_eq!(ranked.place(24), None);
        assert_eq!(ranked.place(21), Some(7));
        // Eight swept positions in this order; 9 and 22 are race positions.
        let order = Order::listing(&[23u32, 3, 11, 20, 4, 8, 21, 10]);
        let mut values: Vec<f64> = (0..30).map(f64::from).collect();
        let mut entries = [21u32, 9, END, 2, 22];
        ranked.lay_out(&order, &mut values, &mut entries);
        // The position of rank r in the slot of place r; race positions after, by index.
        let held: Vec<f64> = slots.iter().map(|&s| values[s]).collect();
        assert_eq!(held, [23., 3., 11., 20., 4., 8., 21., 10., 9., 22.]);
        assert_eq!(values[2], 2.0, "outside the group, untouched");
        // 21 has rank 6 (slot 20), 9 the first race place (slot 22), 22 the second (slot 23).
        assert_eq!(entries, [20, 22, END, 2, 23]);
        ranked.put_in_index_order(&order, &mut values);
        assert_eq!(values, (0..30).map(f64::from).collect::<Vec<_>>());
    }
}
