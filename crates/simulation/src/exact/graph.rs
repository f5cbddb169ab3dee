//! The graph solver: value iteration over every position of a small game (at most
//! [`GRAPH_MAX_PAWNS`] a side), its whole outcome graph held in memory, in parallel.
//!
//! A sweep goes through the positions by decreasing progress (see [`Solver::iterate`]), so that most
//! values follow from values already updated in the same sweep, and its result, like the number
//! of sweeps, is the same whatever the number of threads.

use crate::cancel::Cancel;
use crate::exact::error::{PawnLimit, SolveError};
use crate::exact::outcomes::{evaluate, outcomes, Old, INDEX, OLD};
use crate::exact::values::Values;
use rayon::prelude::*;
use senet_engine::rules::Rules;
use senet_engine::solve::backup::Pick;
use senet_engine::solve::index::StateIndex;
use senet_engine::solve::{progress, Solution, Sweep};
use senet_engine::throws::{throw_table, Device};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Positions per block of a sweep.
pub const BLOCK: usize = 4096;
/// The graph solver's tolerance unless the caller says: sweeps stop once no value changes by
/// more than this.
pub const TOLERANCE: f64 = 1e-10;
pub use crate::exact::error::{GRAPH_MAX_PAWNS, MAX_SWEEPS};

/// How a solve went.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Effort {
    /// Positions solved (side to move as "me").
    pub positions: u64,
    /// Sweeps made, the last one changing no value by more than the tolerance.
    pub sweeps: u32,
    /// The largest change in the last sweep.
    pub last_change: f64,
    /// The tolerance the sweeps stopped at.
    pub tolerance: f64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Whether it was swept together with the other play (layered, [`Request::together`]):
    /// `seconds` are then the run's, for both plays.
    ///
    /// [`Request::together`]: crate::exact::solve::Request::together
    pub together: bool,
    /// Bytes of the outcome graph and the two value arrays (the memory that grows with the
    /// positions).
    pub bytes: u64,
}

/// Every position's outcomes, computed once and kept as plain numbers, so that a sweep is
/// arithmetic over arrays. The positions are in the order of a sweep: by [`progress`], highest
/// first.
struct Graph {
    /// Position indices in sweep order.
    order: Vec<u32>,
    /// `bounds[g]..bounds[g + 1]`: the g-th group of equal progress, as ranks in `order`.
    bounds: Vec<usize>,
    /// `starts[r]..starts[r + 1]`: the outcomes of the position of rank r in `entries`
    /// (none: a race, whose exact value is set once).
    starts: Vec<u64>,
    /// The outcomes: an index (or `END`) and the flags above.
    entries: Vec<u32>,
    /// The races' values: (position index, value).
    races: Vec<(u32, f64)>,
}

/// The graph of one block of positions, built in parallel and joined in order.
#[derive(Default)]
struct Part {
    entries: Vec<u32>,
    lens: Vec<u32>,
    races: Vec<(u32, f64)>,
}

impl Graph {
    fn new(sweep: &Sweep) -> Graph {
        let index = sweep.index;
        let k = sweep.rules.pawns;
        let level: Vec<u32> = (0..index.len())
            .into_par_iter()
            .map(|i| progress(k, &index.position(i)))
            .collect();
        let top = level.iter().copied().max().unwrap_or(0) as usize;
        let mut count = vec![0usize; top + 2];
        for &l in &level {
            count[top - l as usize + 1] += 1;
        }
        for i in 1..count.len() {
            count[i] += count[i - 1];
        }
        let bounds = count.clone();
        let mut order = vec![0u32; level.len()];
        for (i, &l) in level.iter().enumerate() {
            let slot = &mut count[top - l as usize];
            order[*slot] = i as u32;
            *slot += 1;
        }
        drop(level);
        let parts: Vec<Part> = order
            .par_chunks(BLOCK)
            .map(|chunk| {
                let mut part = Part::default();
                for &i in chunk {
                    let before = part.entries.len();
                    if let Some(v) = outcomes(sweep, i, Old::Marked, &mut part.entries) {
                        part.races.push((i, v));
                    }
                    part.lens.push((part.entries.len() - before) as u32);
                }
                part
            })
            .collect();
        let total: usize = parts.iter().map(|p| p.entries.len()).sum();
        let mut entries = Vec::with_capacity(total);
        let mut starts = Vec::with_capacity(order.len() + 1);
        let mut races = Vec::new();
        let mut at = 0u64;
        starts.push(0);
        for part in parts {
            entries.extend_from_slice(&part.entries);
            for l in part.lens {
                at += u64::from(l);
                starts.push(at);
            }
            races.extend(part.races);
        }
        Graph {
            order,
            bounds,
            starts,
            entries,
            races,
        }
    }

    /// The bytes held.
    fn bytes(&self) -> u64 {
        (4 * self.order.len() + 8 * self.starts.len() + 4 * self.entries.len()) as u64
    }
}

/// A game ready for value iteration: its numbering and its outcome graph, built once and swept
/// for optimal play, for random play, or both.
pub struct Solver {
    rules: Rules,
    throws: Vec<(u8, f64)>,
    index: StateIndex,
    graph: Graph,
    /// Seconds spent building the graph.
    built: f64,
}

impl Solver {
    /// The solver of `rules` (its `pawns` a side) with `device`, race positions valued exactly.
    pub fn new(rules: &Rules, device: &Device) -> Result<Solver, SolveError> {
        Solver::with_race(rules, throw_table(rules, device), true)
    }

    /// The solver of `rules` with the throw distribution `throws`; `race`: whether race positions
    /// take their exact value (a test solves without it, to check the race ending).
    pub fn with_race(
        rules: &Rules,
        throws: Vec<(u8, f64)>,
        race: bool,
    ) -> Result<Solver, SolveError> {
        let started = Instant::now();
        let index = StateIndex::new(rules)?;
        if rules.pawns > GRAPH_MAX_PAWNS || index.len() > u64::from(INDEX) {
            return Err(SolveError::TooManyPawns {
                pawns: rules.pawns,
                limit: PawnLimit::Graph,
            });
        }
        let sweep = Sweep {
            rules,
            throws: &throws,
            index: &index,
            race,
        };
        let graph = Graph::new(&sweep);
        Ok(Solver {
            rules: rules.clone(),
            built: started.elapsed().as_secs_f64(),
            throws,
            index,
            graph,
        })
    }

    /// The numbering of the positions.
    pub fn index(&self) -> &StateIndex {
        &self.index
    }

    /// The values of every position with both sides picking by `pick`, by value iteration from
    /// 1/2 everywhere; `report` hears each sweep's number and largest change, and a cancelled
    /// `cancel` stops it between sweeps ([`SolveError::Interrupted`]). The effort's
    /// seconds count the sweeps, not the graph's building ([`Solver::built`]).
    ///
    /// A sweep takes the groups of equal [`progress`] from the highest down. A position reads
    /// the values of higher groups as updated in this sweep, and those of its own and lower
    /// groups as they were at the start of the sweep; the positions of a group are updated in
    /// parallel blocks. Every read is thus fixed before the group starts: the values do not
    /// depend on the number of threads.
    pub fn iterate(
        &self,
        pick: Pick,
        tolerance: f64,
        report: &mut dyn FnMut(u32, f64),
        cancel: &Cancel,
    ) -> Result<(Vec<f64>, Effort), SolveError> {
        let started = Instant::now();
        let (graph, throws, n) = (&self.graph, &self.throws[..], self.index.len());
        let cur: Vec<AtomicU64> = (0..n).map(|_| AtomicU64::new(0.5f64.to_bits())).collect();
        let load = |j: usize| f64::from_bits(cur[j].load(Ordering::Relaxed));
        for &(i, v) in &graph.races {
            cur[i as usize].store(v.to_bits(), Ordering::Relaxed);
        }
        let mut old: Vec<f64> = (0..cur.len()).map(load).collect();
        let mut last = f64::NAN;
        for sweeps in 1..=MAX_SWEEPS {
            if cancel.is_cancelled() {
                return Err(SolveError::Interrupted);
            }
            let mut change: f64 = 0.0;
            for g in 0..graph.bounds.len() - 1 {
                let old = &old;
                let read = |e: u32| {
                    let j = (e & INDEX) as usize;
                    if e & OLD != 0 {
                        old[j]
                    } else {
                        load(j)
                    }
                };
                let c = (graph.bounds[g]..graph.bounds[g + 1])
                    .into_par_iter()
                    .with_min_len(BLOCK)
                    .map(|r| {
                        let (a, b) = (graph.starts[r] as usize, graph.starts[r + 1] as usize);
                        if a == b {
                            return 0.0;
                        }
                        let i = graph.order[r] as usize;
                        let v = evaluate(&graph.entries[a..b], throws, pick, &read);
                        cur[i].store(v.to_bits(), Ordering::Relaxed);
                        (v - old[i]).abs()
                    })
                    .reduce(|| 0.0, f64::max);
                change = change.max(c);
            }
            report(sweeps, change);
            last = change;
            old.par_iter_mut()
                .enumerate()
                .for_each(|(j, v)| *v = load(j));
            if change <= tolerance {
                let effort = Effort {
                    together: false,
                    positions: n,
                    sweeps,
                    last_change: change,
                    tolerance,
                    seconds: started.elapsed().as_secs_f64(),
                    bytes: graph.bytes() + 16 * n,
                };
                return Ok((old, effort));
            }
        }
        Err(SolveError::NoConvergence(last))
    }

    /// Seconds spent building the outcome graph.
    pub fn built(&self) -> f64 {
        self.built
    }

    /// The table of `values` (optimal play's, kept as `f32`).
    pub fn table(&self, values: &Values) -> Solution {
        Solution {
            rules: self.rules.clone(),
            throws: self.throws.clone(),
            index: self.index.clone(),
            values: values.to_f32(),
        }
    }
}
