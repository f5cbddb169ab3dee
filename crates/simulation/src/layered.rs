//! Value iteration layer by layer and in place (Gauss-Seidel), the way the Royal Game of Ur was
//! solved, successors computed on the fly: no outcome graph is held, only the values.
//!
//! Pawns borne off never come back, so the positions split into groups by the number of pawns
//! borne off (both sides together). A move never lowers that number: the groups are solved
//! from the most pawns borne off down, each to the tolerance, reading the finished groups'
//! values as they are. Inside a group the positions are swept in the order of
//! [`progress`] (highest first), in place. The result does not depend on the number of threads:
//! a group's order is cut into fixed blocks of [`BLOCK`] positions; a block is swept in order,
//! in place, and reads the positions of the other blocks of its group as they were at the start
//! of the sweep (blocks run in parallel, each reading only what is fixed or its own).

use rayon::prelude::*;
use senet_engine::board::Position;
use senet_engine::solve::backup::{position_value, Pick};
use senet_engine::solve::{progress, Sweep};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

/// Positions a block sweeps in place, in order.
pub const BLOCK: usize = 1024;

/// What a layered solve did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layered {
    /// The value of each position, by index.
    pub values: Vec<f64>,
    /// Sweeps of each group, from the most pawns borne off down: (pawns borne off, sweeps).
    pub sweeps: Vec<(u8, u32)>,
}

/// The positions not yet solved, by pawns borne off (both sides): the groups, in index order.
fn groups(sweep: &Sweep) -> BTreeMap<u8, Vec<u32>> {
    let index = sweep.index;
    let k = 2 * index.pawns();
    let layers: Vec<(u64, u8)> = index
        .layers()
        .map(|(offset, key)| {
            (
                offset,
                k - key.me - key.me_waiting - key.opp - key.opp_waiting,
            )
        })
        .collect();
    let mut out: BTreeMap<u8, Vec<u32>> = BTreeMap::new();
    for (n, &(offset, off)) in layers.iter().enumerate() {
        let end = layers.get(n + 1).map_or(index.len(), |l| l.0);
        out.entry(off)
            .or_default()
            .extend(offset as u32..end as u32);
    }
    out
}

/// Solves every position of `sweep` with both sides picking by `pick`, group by group, each
/// to `tolerance` (the largest change of a sweep); `None` when a group has not settled within
/// `max_sweeps`.
pub fn solve_layered(
    sweep: &Sweep,
    pick: Pick,
    tolerance: f64,
    max_sweeps: u32,
) -> Option<Layered> {
    let index = sweep.index;
    let n = index.len() as usize;
    let values: Vec<AtomicU64> = (0..n).map(|_| AtomicU64::new(0.5f64.to_bits())).collect();
    let get = |j: usize| f64::from_bits(values[j].load(Ordering::Relaxed));
    // A position's place in the order of the group being solved (u32::MAX: another group).
    let mut slot = vec![u32::MAX; n];
    let mut sweeps = Vec::new();
    for (off, members) in groups(sweep).into_iter().rev() {
        let mut order: Vec<(u32, Position)> = Vec::with_capacity(members.len());
        for i in members {
            let pos = index.position(u64::from(i));
            match sweep.race_value(&pos) {
                Some(v) => values[i as usize].store(v.to_bits(), Ordering::Relaxed),
                None => order.push((i, pos)),
            }
        }
        order.sort_by_key(|(i, pos)| (std::cmp::Reverse(progress(index.pawns(), pos)), *i));
        for (s, (i, _)) in order.iter().enumerate() {
            slot[*i as usize] = s as u32;
        }
        let mut done = 0;
        for count in 1..=max_sweeps {
            let old: Vec<f64> = order.iter().map(|(i, _)| get(*i as usize)).collect();
            let slot = &slot;
            let change = order
                .par_chunks(BLOCK)
                .enumerate()
                .map(|(b, chunk)| {
                    let read = |p: &Position| {
                        let j = index.index(p).map_or(0, |j| j as usize);
                        match slot[j] {
                            s if s == u32::MAX || s as usize / BLOCK == b => get(j),
                            s => old[s as usize],
                        }
                    };
                    let mut change: f64 = 0.0;
                    for (i, pos) in chunk {
                        let v = position_value(sweep.rules, sweep.throws, pos, pick, &read);
                        change = change.max((v - get(*i as usize)).abs());
                        values[*i as usize].store(v.to_bits(), Ordering::Relaxed);
                    }
                    change
                })
                .reduce(|| 0.0, f64::max);
            if change <= tolerance {
                done = count;
                break;
            }
        }
        if done == 0 {
            return None;
        }
        for (i, _) in &order {
            slot[*i as usize] = u32::MAX;
        }
        sweeps.push((off, done));
    }
    Some(Layered {
        values: (0..n).map(get).collect(),
        sweeps,
    })
}
