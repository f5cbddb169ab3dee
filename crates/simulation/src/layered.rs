//! Value iteration layer by layer and in place (Gauss-Seidel), the way the Royal Game of Ur was
//! solved: only the values of every position and the outcomes of the group being solved are
//! held, never the whole game's outcome graph.
//!
//! Pawns borne off never come back, so the positions split into groups by the number of pawns
//! borne off (both sides together). A move never lowers that number: the groups are solved
//! from the most pawns borne off down, each to the tolerance, reading the finished groups'
//! values as they are. Inside a group the positions are swept in place, level by level of
//! [`progress`] (highest first). The result does not depend on the number of threads: the
//! positions of one level are computed in parallel from the values as they stand (the higher
//! levels already updated in this sweep, their own and the lower ones not yet), then written
//! back together, so every read is fixed before the level starts.

use crate::outcomes::{evaluate, outcomes, INDEX};
use rayon::prelude::*;
use senet_engine::solve::backup::Pick;
use senet_engine::solve::{progress, Sweep};
use std::collections::BTreeMap;
use std::ops::Range;
use std::time::Instant;

/// The tolerance of a layered solve: the stored table is `f32`, whose half step below 1 is
/// 3e-8; a group stopped at a change of 1e-9 is within a few 1e-9 of its fixed point (the
/// changes shrink by about a quarter a sweep, docs/solving.md).
pub const LAYERED_TOLERANCE: f64 = 1e-9;

/// Positions of one task when a group's outcomes are built or a level is swept.
pub const BLOCK: usize = 1024;

/// How one group was solved.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// Pawns borne off, both sides together.
    pub off: u8,
    /// Its positions (race positions, valued exactly, included).
    pub positions: u64,
    /// Positions whose outcomes were kept (the others' were computed at every sweep).
    pub stored: u64,
    /// Sweeps, the last one changing no value by more than the tolerance.
    pub sweeps: u32,
    /// The largest change of the last sweep.
    pub change: f64,
    /// Bytes of its outcomes (the memory that comes and goes with the group).
    pub bytes: u64,
    /// Wall-clock seconds (building its outcomes and sweeping).
    pub seconds: f64,
}

/// What a layered solve did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layered {
    /// The value of each position, by index.
    pub values: Vec<f64>,
    /// Each group, from the most pawns borne off down.
    pub groups: Vec<Group>,
}

/// Why a layered solve stopped before the end.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LayeredError {
    /// A group did not settle.
    #[error("the group of {off} pawns borne off did not settle within {sweeps} sweeps")]
    NoConvergence {
        /// Its pawns borne off.
        off: u8,
        /// The sweeps made.
        sweeps: u32,
    },
    /// The caller's `stop` said so.
    #[error("interrupted")]
    Interrupted,
    /// The caller's `finished` refused (a checkpoint that could not be written).
    #[error("{0}")]
    Finished(String),
}

/// The positions, by pawns borne off (both sides): the groups, each as ranges of indices (the
/// numbering's layers, which fix the pawns of each side on the board and waiting).
pub fn groups(sweep: &Sweep) -> BTreeMap<u8, Vec<Range<u32>>> {
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
    let mut out: BTreeMap<u8, Vec<Range<u32>>> = BTreeMap::new();
    for (n, &(offset, off)) in layers.iter().enumerate() {
        let end = layers.get(n + 1).map_or(index.len(), |l| l.0);
        out.entry(off).or_default().push(offset as u32..end as u32);
    }
    out
}

/// The settings of a layered solve.
pub struct Settings<'a> {
    /// How both sides pick.
    pub pick: Pick,
    /// A group is solved once a sweep changes no value by more than this.
    pub tolerance: f64,
    /// The most sweeps of a group.
    pub max_sweeps: u32,
    /// Bytes a group's kept outcomes may take (past them, outcomes are computed every sweep).
    pub budget: u64,
    /// Asked between sweeps: stop now (Ctrl-C).
    pub stop: &'a (dyn Fn() -> bool + Sync),
}

/// Told of each group solved, with every value; an error stops the solve.
pub type Finished<'a> = dyn FnMut(&Group, &[f64]) -> Result<(), LayeredError> + 'a;

/// Solves every position of `sweep`, group by group. `values` holds a value for every position
/// (the groups listed in `skip` already solved, say from a checkpoint; the others' values are
/// where the iteration starts). `finished` hears each group solved, with the values, before the
/// next starts (to write a checkpoint).
pub fn solve_layered(
    sweep: &Sweep,
    settings: &Settings,
    mut values: Vec<f64>,
    skip: &[u8],
    finished: &mut Finished,
) -> Result<Layered, LayeredError> {
    let mut done = Vec::new();
    for (off, members) in groups(sweep).into_iter().rev() {
        if skip.contains(&off) {
            continue;
        }
        let group = solve_group(sweep, settings, off, &members, &mut values)?;
        finished(&group, &values)?;
        done.push(group);
    }
    Ok(Layered {
        values,
        groups: done,
    })
}

/// One group's outcomes: its positions in sweep order, the bounds of its levels, and the
/// outcomes ([`outcomes`]) of its first `stored` positions; the others' are computed at every
/// sweep, so that the memory stays within the settings' budget.
struct Outcomes {
    order: Vec<u32>,
    levels: Vec<usize>,
    stored: usize,
    starts: Vec<u32>,
    entries: Vec<u32>,
}

/// Blocks of a group built in parallel at a time, then kept in order while the budget allows.
const BATCH: usize = 64;

impl Outcomes {
    /// Builds a group's outcomes, keeping them while they fit in `budget` bytes; race positions
    /// get their exact value in `values` and are left out of the sweeps.
    fn new(sweep: &Sweep, members: &[Range<u32>], values: &mut [f64], budget: u64) -> Outcomes {
        let (order, bounds) = sorted(sweep, members);
        let mut out = Outcomes {
            order,
            levels: vec![0],
            stored: 0,
            starts: vec![0],
            entries: Vec::new(),
        };
        // `level`: the level of the rank being read (an index of `bounds`), `kept`: the rows
        // kept so far, which fill a prefix of `order`, never past the rank being read.
        let (mut level, mut last, mut full, mut kept) = (0, None, false, 0);
        for at in (0..out.order.len()).step_by(BATCH * BLOCK) {
            let batch = &out.order[at..(at + BATCH * BLOCK).min(out.order.len())];
            // Each block: its outcomes (when kept), its rows (rank, outcomes), races.
            type Part = (Vec<u32>, Vec<(usize, u32)>, Vec<(u32, f64)>);
            let parts: Vec<Part> = batch
                .par_chunks(BLOCK)
                .enumerate()
                .map(|(b, chunk)| {
                    let mut part = Part::default();
                    let mut scratch = Vec::new();
                    for (n, &i) in chunk.iter().enumerate() {
                        let into = if full { &mut scratch } else { &mut part.0 };
                        let before = into.len();
                        match outcomes(sweep, i, into) {
                            Some(v) => part.2.push((i, v)),
                            None => part
                                .1
                                .push((at + b * BLOCK + n, (into.len() - before) as u32)),
                        }
                        scratch.clear();
                    }
                    part
                })
                .collect();
            for (entries, rows, races) in parts {
                out.entries.extend_from_slice(&entries);
                for (rank, len) in rows {
                    while rank >= bounds[level + 1] {
                        level += 1;
                    }
                    if last.is_some_and(|l| l != level) {
                        out.levels.push(kept);
                    }
                    last = Some(level);
                    out.order[kept] = out.order[rank];
                    kept += 1;
                    if !full {
                        out.starts.push(out.starts.last().unwrap() + len);
                    }
                }
                for (i, v) in races {
                    values[i as usize] = v;
                }
            }
            if !full {
                out.stored = kept;
                full = out.bytes() >= budget;
            }
        }
        out.order.truncate(kept);
        out.levels.push(kept);
        for v in [&mut out.order, &mut out.starts, &mut out.entries] {
            v.shrink_to_fit();
        }
        out
    }

    /// The value of the position of rank `r` from `values`.
    #[inline]
    fn value(
        &self,
        sweep: &Sweep,
        pick: Pick,
        r: usize,
        values: &[f64],
        scratch: &mut Vec<u32>,
    ) -> f64 {
        let read = |e: u32| values[(e & INDEX) as usize];
        if r < self.stored {
            let (a, b) = (self.starts[r] as usize, self.starts[r + 1] as usize);
            return evaluate(&self.entries[a..b], sweep.throws, pick, &read);
        }
        scratch.clear();
        outcomes(sweep, self.order[r], scratch);
        evaluate(scratch, sweep.throws, pick, &read)
    }

    /// The bytes held.
    fn bytes(&self) -> u64 {
        (4 * self.order.capacity() + 4 * self.starts.len() + 4 * self.entries.len()) as u64
    }
}

/// A group's positions in sweep order: by [`progress`], highest first, then by index (a
/// counting sort: one byte a position besides the order), and where each level starts in it
/// (257 bounds: level `l` is `bounds[l]..bounds[l + 1]`, many of them empty).
fn sorted(sweep: &Sweep, members: &[Range<u32>]) -> (Vec<u32>, Vec<usize>) {
    let k = sweep.index.pawns();
    // At most 2 × 4 pawns × 31: a byte.
    let level: Vec<u8> = members
        .par_iter()
        .flat_map_iter(|r| {
            r.clone()
                .map(|i| progress(k, &sweep.index.position(u64::from(i))) as u8)
        })
        .collect();
    let mut bounds = vec![0usize; 257];
    for &l in &level {
        bounds[255 - l as usize + 1] += 1;
    }
    for n in 1..bounds.len() {
        bounds[n] += bounds[n - 1];
    }
    let mut next = bounds.clone();
    let mut order = vec![0u32; level.len()];
    for (i, &l) in members.iter().flat_map(|r| r.clone()).zip(&level) {
        let slot = &mut next[255 - l as usize];
        order[*slot] = i;
        *slot += 1;
    }
    (order, bounds)
}

/// Solves one group in place in `values`.
fn solve_group(
    sweep: &Sweep,
    settings: &Settings,
    off: u8,
    members: &[Range<u32>],
    values: &mut [f64],
) -> Result<Group, LayeredError> {
    let started = Instant::now();
    let g = Outcomes::new(sweep, members, values, settings.budget);
    let widest = g.levels.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(0);
    let mut fresh = vec![0.0f64; widest];
    for count in 1..=settings.max_sweeps {
        if (settings.stop)() {
            return Err(LayeredError::Interrupted);
        }
        let mut change: f64 = 0.0;
        for w in g.levels.windows(2) {
            let (lo, hi) = (w[0], w[1]);
            let now: &[f64] = values;
            fresh[..hi - lo]
                .par_iter_mut()
                .with_min_len(BLOCK)
                .enumerate()
                .for_each_init(Vec::new, |scratch, (r, out)| {
                    *out = g.value(sweep, settings.pick, lo + r, now, scratch);
                });
            for (&i, &v) in g.order[lo..hi].iter().zip(&fresh) {
                change = change.max((v - values[i as usize]).abs());
                values[i as usize] = v;
            }
        }
        if change <= settings.tolerance {
            return Ok(Group {
                off,
                positions: members.iter().map(|r| u64::from(r.end - r.start)).sum(),
                stored: g.stored as u64,
                sweeps: count,
                change,
                bytes: g.bytes() + 8 * fresh.len() as u64,
                seconds: started.elapsed().as_secs_f64(),
            });
        }
    }
    Err(LayeredError::NoConvergence {
        off,
        sweeps: settings.max_sweeps,
    })
}
