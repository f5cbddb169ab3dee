//! Value iteration over every position of a small game, in parallel, and the solved table's
//! file.
//!
//! A sweep goes through the positions by decreasing progress (see [`Solver::iterate`]), so that most
//! values follow from values already updated in the same sweep, and its result, like the number
//! of sweeps, is the same whatever the number of threads.

use crate::cancel::Cancel;
use crate::outcomes::{evaluate, outcomes, Old, INDEX, OLD};
use rayon::prelude::*;
use senet_engine::board::Position;
use senet_engine::board::Side;
use senet_engine::game::{front_step, start_position};
use senet_engine::movegen::MoveList;
use senet_engine::rules::Rules;
use senet_engine::rules::Starter;
use senet_engine::solve::backup::{position_value, throw_value, Pick};
use senet_engine::solve::index::{IndexError, StateIndex, MAX_SOLVED_PAWNS};
use senet_engine::solve::{progress, Solution, Sweep};
use senet_engine::throws::{throw_table, Device};
use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Positions per block of a sweep.
pub const BLOCK: usize = 4096;
/// Sweeps stop once no value changes by more than this.
pub const TOLERANCE: f64 = 1e-10;
/// The most sweeps before giving up.
pub const MAX_SWEEPS: u32 = 100_000;

/// The most pawns a side whose whole outcome graph the graph solver holds (its entries have 27
/// bits of index; 4 pawns would also take some 66 GB).
pub const GRAPH_MAX_PAWNS: u8 = 3;

/// What can go wrong in solving or with a table file.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The rule set is too big to solve.
    #[error(transparent)]
    Index(#[from] IndexError),
    /// The values did not settle.
    #[error("the values did not settle within {MAX_SWEEPS} sweeps (last change {0:e})")]
    NoConvergence(f64),
    /// Stopped by Ctrl-C.
    #[error("interrupted")]
    Interrupted,
    /// `optimal` without a table file, for a game too big to solve when a scenario is read.
    #[error("'optimal' with {pawns} pawns a side needs a saved table: run `senet-sim solve --variant {variant} --pawns {pawns} --out DIR`, then write 'optimal:DIR/table.senet'")]
    NeedsTable {
        /// The variant's id.
        variant: String,
        /// Pawns a side.
        pawns: u8,
    },
    /// `optimal` in a game too big to solve.
    #[error("'optimal' plays games of at most {MAX_SOLVED_PAWNS} pawns a side (this one has {0}): set pawns = 1 to {MAX_SOLVED_PAWNS}")]
    TooBig(u8),
    /// The whole outcome graph of a game too big for it.
    #[error("{0} pawns a side: the outcome graph would not fit in memory (the graph solver handles 1 to {GRAPH_MAX_PAWNS}); solve it layer by layer (`senet-sim solve --method layered`)")]
    GraphTooBig(u8),
    /// A table solved for another game.
    #[error("{file}: this table was solved for another game ({why})")]
    OtherGame {
        /// The table file.
        file: String,
        /// What differs.
        why: String,
    },
    /// A table file could not be read or written.
    #[error("{path}: {why}")]
    File {
        /// The file.
        path: String,
        /// What went wrong.
        why: String,
    },
}

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
            return Err(SolveError::GraphTooBig(rules.pawns));
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
        report: &(dyn Fn(u32, f64) + Sync),
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
            old.par_iter_mut()
                .enumerate()
                .for_each(|(j, v)| *v = load(j));
            if change <= TOLERANCE {
                let effort = Effort {
                    positions: n,
                    sweeps,
                    last_change: change,
                    tolerance: TOLERANCE,
                    seconds: started.elapsed().as_secs_f64(),
                    bytes: graph.bytes() + 16 * n,
                };
                return Ok((old, effort));
            }
        }
        Err(SolveError::NoConvergence(f64::NAN))
    }

    /// Seconds spent building the outcome graph.
    pub fn built(&self) -> f64 {
        self.built
    }

    /// The optimal values: the table (values kept as `f32`) and the values as computed (`f64`).
    pub fn optimal(
        &self,
        report: &(dyn Fn(u32, f64) + Sync),
        cancel: &Cancel,
    ) -> Result<(Solution, Values, Effort), SolveError> {
        let (values, effort) = self.iterate(Pick::Best, report, cancel)?;
        let solution = Solution {
            rules: self.rules.clone(),
            throws: self.throws.clone(),
            index: self.index.clone(),
            values: values.iter().map(|&v| v as f32).collect(),
        };
        Ok((solution, self.values(values), effort))
    }

    /// The probability that the side to move wins when both sides play `random` (each legal
    /// move with the same probability), exactly, for every position.
    pub fn random(
        &self,
        report: &(dyn Fn(u32, f64) + Sync),
        cancel: &Cancel,
    ) -> Result<(Values, Effort), SolveError> {
        let (values, effort) = self.iterate(Pick::Uniform, report, cancel)?;
        Ok((self.values(values), effort))
    }

    fn values(&self, values: Vec<f64>) -> Values {
        Values {
            index: self.index.clone(),
            values,
        }
    }
}

/// The optimal values of `rules` (its `pawns` a side) with `device`: the table (values kept as
/// `f32`) and the values as computed (`f64`), to the end (no stop: [`Solver::optimal`] takes
/// one). The effort's seconds include building the graph.
pub fn solve(
    rules: &Rules,
    device: &Device,
    progress: &(dyn Fn(u32, f64) + Sync),
) -> Result<(Solution, Values, Effort), SolveError> {
    let solver = Solver::new(rules, device)?;
    let (solution, values, mut effort) = solver.optimal(progress, &Cancel::new())?;
    effort.seconds += solver.built();
    Ok((solution, values, effort))
}

/// Values of every position in `f64`, by index (optimal or random play).
pub struct Values {
    index: StateIndex,
    values: Vec<f64>,
}

impl Values {
    /// The values `values` of the positions numbered by `index`.
    pub fn new(index: StateIndex, values: Vec<f64>) -> Values {
        Values { index, values }
    }

    /// The probability that the side to move of `pos` wins.
    pub fn value(&self, pos: &Position) -> f64 {
        if pos.finished(pos.to_move) {
            return 1.0;
        }
        if pos.finished(pos.to_move.other()) {
            return 0.0;
        }
        self.values[self.index.index(pos).expect("a position of the game") as usize]
    }
}

/// The first mover's chance of winning from the start, both sides picking by `pick` and
/// `lookup` giving the values of positions: the starter's first throw is the opening throw's
/// value when the rules fix one, and with a starter drawn at random the two starts are averaged.
pub fn start_value(
    rules: &Rules,
    throws: &[(u8, f64)],
    pick: Pick,
    lookup: &dyn Fn(&Position) -> f64,
) -> f64 {
    let from = |side: Side| {
        let mut pos = start_position(rules);
        pos.to_move = side;
        let lookup = |p: &Position| lookup(p);
        match rules.first_throw {
            // The throw-off's throw makes the opening step; the starter then throws again.
            Some(_) if rules.opening_step => {
                if let Some(step) = front_step(&pos) {
                    pos = step.after;
                }
                position_value(rules, throws, &pos, pick, &lookup)
            }
            Some(v) => throw_value(rules, &pos, v, pick, &lookup, &mut MoveList::new()),
            None => position_value(rules, throws, &pos, pick, &lookup),
        }
    };
    match rules.starter {
        Starter::White => from(Side::White),
        Starter::Black => from(Side::Black),
        Starter::Random => (from(Side::White) + from(Side::Black)) / 2.0,
        // White throws, then black, who starts with a strictly higher value.
        Starter::HigherThrow => {
            let black: f64 = throws
                .iter()
                .flat_map(|&(a, pa)| throws.iter().map(move |&(b, pb)| (a, b, pa * pb)))
                .filter(|(a, b, _)| b > a)
                .map(|(_, _, p)| p)
                .sum();
            (1.0 - black) * from(Side::White) + black * from(Side::Black)
        }
    }
}

/// The first bytes of a table file.
const MAGIC: &[u8; 8] = b"SENETSOL";
/// The file format's version: it changes whenever what a table holds changes, the rule set's
/// keys in its header included (a test holds it to them). 2: the rule sets of Ludii's Bell and
/// Piccione (priority_squares, end, split_throws, bonus_squares, backward_per_pawn,
/// forced_or_restart). 3: `protection` one choice (grid_protection and row_protection gone),
/// the special squares `return_square` and `rethrow_square` (happiness_rethrow gone). 4:
/// `bonus_on_bear_off`, and `end = "first-out-draw-on-extra"` (values are then expected scores).
pub const TABLE_FORMAT: u32 = 4;
const FORMAT: u32 = TABLE_FORMAT;

/// Writes a table: `SENETSOL`, the format, the length of a TOML header (the rule set and the
/// throw distribution), the header, then one little-endian `f32` per position. Written to a
/// temporary file renamed into place.
pub fn save(solution: &Solution, path: &Path) -> Result<(), SolveError> {
    let err = |e: std::io::Error| SolveError::File {
        path: path.display().to_string(),
        why: e.to_string(),
    };
    let header = Header {
        rules: solution.rules.clone(),
        throws: solution.throws.clone(),
        positions: solution.values.len() as u64,
    };
    let text = toml::to_string(&header).map_err(|e| SolveError::File {
        path: path.display().to_string(),
        why: e.to_string(),
    })?;
    crate::atomic::write_file(path, |out| {
        out.write_all(MAGIC)?;
        out.write_all(&FORMAT.to_le_bytes())?;
        out.write_all(&(text.len() as u32).to_le_bytes())?;
        out.write_all(text.as_bytes())?;
        for v in &solution.values {
            out.write_all(&v.to_le_bytes())?;
        }
        Ok(())
    })
    .map_err(err)
}

/// What a table file says about itself.
#[derive(serde::Serialize, serde::Deserialize)]
struct Header {
    rules: Rules,
    throws: Vec<(u8, f64)>,
    positions: u64,
}

/// The game a table file was solved for (its rules and throw distribution), read from its
/// header alone: the values are not read.
pub fn table_game(path: &Path) -> Result<(Rules, Vec<(u8, f64)>), SolveError> {
    let mut file =
        std::io::BufReader::new(std::fs::File::open(path).map_err(|e| SolveError::File {
            path: path.display().to_string(),
            why: e.to_string(),
        })?);
    let header = read_header(&mut file, path)?;
    Ok((header.rules, header.throws))
}

/// Reads the header of a table file, up to its values.
fn read_header(file: &mut impl Read, path: &Path) -> Result<Header, SolveError> {
    let bad = |why: String| SolveError::File {
        path: path.display().to_string(),
        why,
    };
    let mut head = [0u8; 16];
    file.read_exact(&mut head)
        .map_err(|_| bad("not a solved table (too short)".into()))?;
    if &head[..8] != MAGIC {
        return Err(bad("not a solved table written by `senet-sim solve`".into()));
    }
    let format = u32::from_le_bytes(head[8..12].try_into().expect("4 bytes"));
    if format != FORMAT {
        return Err(bad(format!(
            "table format {format}, this senet-sim {} reads format {FORMAT}: solve it again",
            env!("CARGO_PKG_VERSION")
        )));
    }
    let len = u32::from_le_bytes(head[12..16].try_into().expect("4 bytes")) as usize;
    let mut text = vec![0u8; len];
    file.read_exact(&mut text)
        .map_err(|_| bad("truncated header".into()))?;
    let text = String::from_utf8(text).map_err(|_| bad("header is not UTF-8".into()))?;
    toml::from_str(&text).map_err(|e| bad(format!("header: {e}")))
}

/// Reads a table written by [`save`].
pub fn load(path: &Path) -> Result<Solution, SolveError> {
    let bad = |why: String| SolveError::File {
        path: path.display().to_string(),
        why,
    };
    let mut file =
        std::io::BufReader::new(std::fs::File::open(path).map_err(|e| bad(e.to_string()))?);
    let header = read_header(&mut file, path)?;
    let index = StateIndex::new(&header.rules)?;
    if index.len() != header.positions {
        return Err(bad(format!(
            "{} positions in the file, {} in this program's numbering",
            header.positions,
            index.len()
        )));
    }
    let mut bytes = Vec::with_capacity(4 * index.len() as usize);
    file.read_to_end(&mut bytes)
        .map_err(|e| bad(e.to_string()))?;
    if bytes.len() as u64 != 4 * index.len() {
        return Err(bad(format!(
            "{} bytes of values, {} expected (truncated?)",
            bytes.len(),
            4 * index.len()
        )));
    }
    let values = bytes
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes(b.try_into().expect("4 bytes")))
        .collect();
    Ok(Solution {
        rules: header.rules,
        throws: header.throws,
        index,
        values,
    })
}
