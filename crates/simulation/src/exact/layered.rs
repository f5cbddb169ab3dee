//! Value iteration layer by layer and in place (Gauss-Seidel), the way the Royal Game of Ur was
//! solved: only the values of every position and the outcomes of the group being solved are
//! held, never the whole game's outcome graph.
//!
//! Pawns borne off never come back, so the positions split into groups by the number of pawns
//! borne off (both sides together). A move never lowers that number: the groups are solved
//! from the most pawns borne off down, each to the tolerance, reading the finished groups'
//! values as they are. Inside a group the positions are swept in place, level by level of
//! [`progress`](senet_engine::solve::progress) (highest first), each level in two halves: the
//! positions that come before their mirror (the same board, the other side to move), then the
//! others (`layered/order.rs`). The result does not depend on the number of threads: the
//! positions of one half are computed in parallel from the values as they stand (the parts
//! before it already updated in this sweep, their own and the later ones not yet), then written
//! back together, so every read is fixed before the half starts.

use crate::cancel::Cancel;
use crate::exact::memory::{huge_filled, huge_zeroed};
use crate::exact::outcomes::{evaluate, evaluate_both, outcomes_again, Entry, THROW};
use crate::exact::plan::values_move;
use layout::Ranked;
pub use layout::Reading;
use order::Order;
use rayon::prelude::*;
use senet_engine::solve::backup::Pick;
use senet_engine::solve::Sweep;
use share::{task_size, write_back};
use std::collections::BTreeMap;
use std::ops::Range;

mod build;
mod layout;
mod order;
pub mod plays;
mod share;
pub mod timing;

/// The tolerance of a layered solve: the stored table is `f32`, whose half step below 1 is
/// 3e-8; a group stopped at a change of 1e-9 is within a few 1e-9 of its fixed point (the
/// changes shrink by about a quarter a sweep, docs/solving.md).
pub const LAYERED_TOLERANCE: f64 = 1e-9;

/// Megabytes a group's kept outcomes may take unless the caller says (`solve --memory`,
/// `bench --memory`): 380 up to 3 pawns a side (the whole solve of 3 pawns stays under 600 MB),
/// 10,000 for 4 (beside the 4.7 GB of values, on a 24 GB machine).
pub fn default_memory_mb(pawns: u8) -> u64 {
    if pawns >= 4 {
        10_000
    } else {
        380
    }
}

/// Positions of one task when a group's outcomes are built or a large part of a level is swept.
pub use share::BLOCK;

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
    /// The caller's token was cancelled.
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
    let k = index.pawns();
    let layers: Vec<(u64, u8)> = index
        .layers()
        .map(|(offset, key)| (offset, key.borne_off(k)))
        .collect();
    let mut out: BTreeMap<u8, Vec<Range<u32>>> = BTreeMap::new();
    for (n, &(offset, off)) in layers.iter().enumerate() {
        let end = layers.get(n + 1).map_or(index.len(), |l| l.0);
        out.entry(off).or_default().push(offset as u32..end as u32);
    }
    out
}

/// The values a layered solve starts from: 1/2 for every position of `sweep` (in memory
/// advised for huge pages when the table is large: the sweeps read it at random), every page
/// written.
pub fn start_values(sweep: &Sweep) -> Vec<f64> {
    huge_filled(sweep.index.len() as usize, 0.5)
}

/// A table of values for a layered solve of `sweep` that takes no memory until written (zeros,
/// advised for huge pages when large): the solve sets a group's values to 1/2 when the group
/// starts, and until then the group's pages count toward the outcomes kept by the groups
/// before it ([`Settings::budget`]): the smaller groups solved first keep more of their
/// outcomes, and the peak is still every value and the last group's outcomes.
pub(crate) fn value_table(sweep: &Sweep) -> Vec<f64> {
    huge_zeroed(sweep.index.len() as usize)
}

/// The settings of a layered solve.
pub struct Settings<'a> {
    /// How both sides pick.
    pub pick: Pick,
    /// A group is solved once a sweep changes no value by more than this.
    pub tolerance: f64,
    /// The most sweeps of a group.
    pub max_sweeps: u32,
    /// Bytes a group's kept outcomes may take (past them, outcomes are computed every sweep),
    /// and besides them the pages of the values of the groups still to come, which no write
    /// has reached yet (`value_table`; a table written all over holds more than it counts).
    pub budget: u64,
    /// Read between sweeps: once cancelled (Ctrl-C, a caller's listener), the solve stops
    /// after telling its listener of the sweep made ([`LayeredError::Interrupted`]).
    pub cancel: &'a Cancel,
}

/// Where a group stands after a sweep that did not settle it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sweeping {
    /// Its pawns borne off.
    pub off: u8,
    /// Sweeps made (those of an earlier run resumed included).
    pub sweeps: u32,
    /// The largest change of this sweep.
    pub change: f64,
    /// Seconds spent on the group (an earlier run's included).
    pub seconds: f64,
}

/// What a layered solve tells its caller, with the values as they stand; an error stops it.
/// Each call names the play (`pick`) whose values it hands over: a solve of two plays
/// (`plays::solve_plays`) tells of both.
pub trait Listener {
    /// After each sweep that did not settle its group: the values of play `pick` as they
    /// stand, by index, through [`Reading::values`].
    fn swept(
        &mut self,
        _pick: Pick,
        _now: &Sweeping,
        _values: &mut Reading,
    ) -> Result<(), LayeredError> {
        Ok(())
    }
    /// The solve stops (cancelled) after this sweep, which every play still sweeping has
    /// heard: the values of play `pick` as they stand, once more, for a listener that saves
    /// them (a play that heard its sweep before the stop was asked).
    fn stopping(
        &mut self,
        _pick: Pick,
        _now: &Sweeping,
        _values: &mut Reading,
    ) -> Result<(), LayeredError> {
        Ok(())
    }
    /// A group of play `pick` solved, before that play's next group starts (to write a
    /// checkpoint).
    fn finished(&mut self, pick: Pick, group: &Group, values: &[f64]) -> Result<(), LayeredError>;
}

/// Hears nothing.
impl Listener for () {
    fn finished(&mut self, _: Pick, _: &Group, _: &[f64]) -> Result<(), LayeredError> {
        Ok(())
    }
}

/// Where a solve starts besides the values: the groups already solved, and a group part-way
/// through (its values as an earlier run left them after `sweeps` sweeps and `seconds`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Resume {
    /// Pawns borne off of the groups already solved.
    pub solved: Vec<u8>,
    /// The group part-way through: its pawns borne off, sweeps made, seconds spent.
    pub partial: Option<(u8, u32, f64)>,
}

/// One group's outcomes: its positions in sweep order, the bounds of its parts (the halves of
/// the levels, [`sorted`]), and the
/// outcomes ([`outcomes`]) of its first `stored` positions; the others' are computed at every
/// sweep, so that the memory stays within the settings' budget.
struct Outcomes<E> {
    order: Order,
    parts: Vec<usize>,
    stored: usize,
    /// Where the outcomes of every [`STRIDE`]-th kept position start; those of the positions
    /// between follow, each covering every throw ([`Outcomes::skip`]).
    marks: Vec<u64>,
    entries: Vec<E>,
    /// The throws each position's outcomes cover.
    throws: usize,
}

/// Where the values of the positions of `ranks` are: at the indices `ids` holds for the ranks
/// from `first` (read from the order), or in the group's own slots when its values are in
/// sweep order.
fn slots<'a>(
    (ids, first): (&'a [u32], usize),
    ranked: Option<&'a Ranked>,
    ranks: Range<usize>,
) -> impl Iterator<Item = usize> + 'a {
    match ranked {
        None => either::Left(
            ids[ranks.start - first..ranks.end - first]
                .iter()
                .map(|&i| i as usize),
        ),
        Some(r) => either::Right(r.slots(ranks)),
    }
}

/// Kept positions from one mark of where their outcomes start to the next: a mark for each
/// position would take 4 bytes of the budget a position (7% of its outcomes).
const STRIDE: usize = 64;

/// Blocks of a group built in parallel at a time, then kept in order while the budget allows.
const BATCH: usize = 64;

/// How many kept positions ahead of the one evaluated a sweep asks for the values it will read.
const AHEAD: usize = 8;

/// How many positions ahead of the one evaluated a sweep finds the outcomes of a computed
/// position and asks for the values they read (and its own, which its change reads): 2 ran a
/// computed position 5 to 12% faster than 1, and 3 or 4 slower than 2; with its own values
/// asked too, 3 ran the 3-pawn solve within 300 MB in 57.3 and 57.6 s against 61.7 and 59.2
/// (`docs/solving.md`).
const COMPUTED_AHEAD: usize = 3;

/// The buffers of computed outcomes a sweep's task holds: the one evaluated and those ahead.
const RING: usize = COMPUTED_AHEAD + 1;

/// Where a position's outcomes are during a sweep: kept (where they start and end in the
/// entries), or computed into a buffer.
#[derive(Clone, Copy)]
enum Found {
    Kept(usize, usize),
    Computed(usize),
}

/// Asks the processor to bring the values `entries` will read into its caches ([`prefetch_at`]).
#[inline(always)]
fn prefetch<E: Entry>(values: &[f64], entries: &[E]) {
    for &e in entries {
        prefetch_at(values, e.index());
    }
}

/// Asks the processor to bring `values[i]` into its caches (x86-64; a hint that reads nothing,
/// elsewhere nothing).
#[inline(always)]
fn prefetch_at(values: &[f64], i: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        let at = values.as_ptr().wrapping_add(i);
        // SAFETY: a prefetch never faults and changes nothing that the program can observe;
        // the address is inside `values` (a game-over outcome's index is 0).
        #[allow(unsafe_code)]
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(at.cast());
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (values, i);
}

impl<E: Entry> Outcomes<E> {
    /// The values of the positions of ranks `first..first + len` (indices `ids`, read only for
    /// the positions computed) for each play `t`, picking by
    /// `picks[t]` from `values[t]`, into `out[t]` (`len` long): a position's outcomes found
    /// once for all the plays. A sweep waits on memory: the values a position reads lie anywhere in the table.
    /// So each position's outcomes are found (read, or computed into one of `bufs`) and their
    /// values asked of memory ahead of their use: a kept position's `AHEAD` positions before it
    /// is evaluated, a computed one `COMPUTED_AHEAD` positions before (the two positions
    /// before it are evaluated while its reads come). Only the timing of the reads changes, not
    /// what is read.
    #[allow(clippy::too_many_arguments)]
    fn values_of<const N: usize>(
        &self,
        sweep: &Sweep,
        picks: [Pick; N],
        first: usize,
        values: [&[f64]; N],
        out: &mut [&mut [f64]; N],
        bufs: &mut [Vec<E>; RING],
        ids: &[u32],
    ) {
        let len = out[0].len();
        let ranks = first..first + len;
        let ask = |entries: &[E]| values.iter().for_each(|v| prefetch(v, entries));
        let both = N == 2 && picks[0] == Pick::Best && picks[1] == Pick::Uniform;
        let value = |entries: &[E]| -> [f64; N] {
            let of = |t: usize| move |e: E| values[t][e.index()];
            if both {
                let (b, m) = evaluate_both(entries, sweep.throws, &of(0), &of(1));
                std::array::from_fn(|t| if t == 0 { b } else { m })
            } else {
                std::array::from_fn(|t| evaluate(entries, sweep.throws, picks[t], &of(t)))
            }
        };
        // Where the next kept position's outcomes start.
        let mut at = if first < self.stored {
            self.start_of(first)
        } else {
            0
        };
        if ranks.end <= self.stored {
            // Where the outcomes of the next `AHEAD` positions end, found once, when they are
            // asked for: `ends[k % AHEAD]` for the position of rank `first + k`.
            let mut ends = [0usize; AHEAD];
            let mut ahead = at;
            for end in ends.iter_mut().take(len) {
                ahead = self.skip(ahead);
                *end = ahead;
            }
            for (k, r) in ranks.clone().enumerate() {
                let end = ends[k % AHEAD];
                if r + AHEAD < ranks.end {
                    let next = self.skip(ahead);
                    ask(&self.entries[ahead..next]);
                    ahead = next;
                    ends[k % AHEAD] = next;
                }
                let v = value(&self.entries[at..end]);
                for (t, out) in out.iter_mut().enumerate() {
                    out[k] = v[t];
                }
                at = end;
            }
            return;
        }
        let mut found = [Found::Computed(0); RING];
        for (k, f) in found.iter_mut().enumerate().take(COMPUTED_AHEAD.min(len)) {
            *f = self.find(sweep, (first + k, ids[k]), &mut at, bufs, k);
            ask(self.outcomes_at(*f, bufs));
        }
        for k in 0..len {
            let ahead = k + COMPUTED_AHEAD;
            if ahead < len {
                let b = ahead % RING;
                found[b] = self.find(sweep, (first + ahead, ids[ahead]), &mut at, bufs, b);
                ask(self.outcomes_at(found[b], bufs));
                values
                    .iter()
                    .for_each(|v| prefetch_at(v, ids[ahead] as usize));
            }
            let here = found[k % RING];
            let v = value(self.outcomes_at(here, bufs));
            for (t, out) in out.iter_mut().enumerate() {
                out[k] = v[t];
            }
        }
    }

    /// Where the outcomes of the kept position of rank `r` start: from the mark before it,
    /// skipping the positions between.
    fn start_of(&self, r: usize) -> usize {
        let mut at = self.marks[r / STRIDE] as usize;
        for _ in 0..r % STRIDE {
            at = self.skip(at);
        }
        at
    }

    /// Where the outcomes after those of the kept position starting at `at` start (or the end
    /// of the kept outcomes): a position's outcomes cover every throw, each throw's first
    /// outcome marked [`THROW`].
    #[inline]
    fn skip(&self, at: usize) -> usize {
        let mut throws = 0;
        let mut n = at;
        while n < self.entries.len() {
            if self.entries[n].flags() & THROW != 0 {
                if throws == self.throws {
                    break;
                }
                throws += 1;
            }
            n += 1;
        }
        n
    }

    /// Where the outcomes of the position of rank `r` and index `i` are: kept, starting at `at`
    /// (which moves past them), or computed into `bufs[b]`.
    #[inline]
    fn find(
        &self,
        sweep: &Sweep,
        (r, i): (usize, u32),
        at: &mut usize,
        bufs: &mut [Vec<E>; RING],
        b: usize,
    ) -> Found {
        if r < self.stored {
            let start = *at;
            *at = self.skip(start);
            return Found::Kept(start, *at);
        }
        bufs[b].clear();
        outcomes_again(sweep, i, &mut bufs[b]);
        Found::Computed(b)
    }

    /// The outcomes `found` points to.
    #[inline]
    fn outcomes_at<'s>(&'s self, found: Found, bufs: &'s [Vec<E>; RING]) -> &'s [E] {
        match found {
            Found::Kept(start, end) => &self.entries[start..end],
            Found::Computed(b) => &bufs[b],
        }
    }

    /// The bytes held.
    fn bytes(&self) -> u64 {
        let entry = std::mem::size_of::<E>();
        self.order.bytes() + (8 * self.marks.len() + entry * self.entries.len()) as u64
    }
}

/// The number of positions in `members`.
fn positions(members: &[Range<u32>]) -> u64 {
    members.iter().map(|r| u64::from(r.end - r.start)).sum()
}

/// A group ready to be swept: its outcomes, the buffer that a part's new values are computed
/// into before they are written back (as wide as the widest part, once for each play swept),
/// and where its values are held when they are in sweep order.
struct Sweeper<E> {
    outcomes: Outcomes<E>,
    fresh: Vec<f64>,
    /// The indices of a part's positions, read from the order once a sweep.
    ids: Vec<u32>,
    widest: usize,
    ranked: Option<Ranked>,
}

impl<E: Entry> Sweeper<E> {
    /// Builds the outcomes of the group `members` within `budget` bytes ([`Outcomes::new`]),
    /// for one or two plays whose values are `tables` (a race position's exact value goes
    /// into each); where every outcome is kept and the budget also holds the bytes that move
    /// the values ([`values_move`]), the group's values go into sweep order in every table
    /// until its play settles.
    fn new(sweep: &Sweep, members: &[Range<u32>], tables: &mut [&mut [f64]], budget: u64) -> Self {
        let mut outcomes = Outcomes::<E>::new(sweep, members, tables, budget);
        let widest = outcomes.parts.windows(2).map(|w| w[1] - w[0]);
        let widest = widest.max().unwrap_or(0);
        let fresh = vec![0.0f64; widest * tables.len()];
        let ids = vec![0u32; widest];
        let all = outcomes.stored == outcomes.order.len();
        let ranked = (all && values_move(outcomes.bytes(), positions(members), budget))
            .then(|| Ranked::new(members));
        if let Some(r) = &ranked {
            let (first, others) = tables.split_first_mut().expect("a play");
            r.lay_out(&outcomes.order, first, &mut outcomes.entries);
            for t in others {
                r.put_in_sweep_order(&outcomes.order, t);
            }
        }
        Sweeper {
            outcomes,
            fresh,
            ids,
            widest,
            ranked,
        }
    }

    /// One sweep of the group in place, part by part, for each play of `picks` in its table;
    /// returns each play's largest change.
    fn sweep<const N: usize>(
        &mut self,
        sweep: &Sweep,
        picks: [Pick; N],
        tables: [&mut [f64]; N],
    ) -> [f64; N] {
        let g = &self.outcomes;
        let fresh = &mut self.fresh[..N * self.widest];
        let ranked = self.ranked.as_ref();
        sweep_once(g, ranked, sweep, picks, tables, (fresh, &mut self.ids))
    }

    /// [`Sweeper::sweep`] for one or two plays of `picks`, each in its table of `tables`, in
    /// that order.
    fn sweep_plays(
        &mut self,
        sweep: &Sweep,
        picks: &[Pick],
        tables: &mut [&mut [f64]],
    ) -> Vec<f64> {
        match (picks, tables) {
            ([p], [a]) => self.sweep(sweep, [*p], [&mut **a]).to_vec(),
            ([p, q], [a, b]) => self.sweep(sweep, [*p, *q], [&mut **a, &mut **b]).to_vec(),
            _ => unreachable!("one or two plays, each with its table"),
        }
    }

    /// The group's values put back in index order, where they were in sweep order.
    fn put_in_index_order(&self, values: &mut [f64]) {
        if let Some(r) = &self.ranked {
            r.put_in_index_order(&self.outcomes.order, values);
        }
    }

    /// The group's values put in sweep order again after [`Sweeper::put_in_index_order`]; its
    /// outcomes already point there.
    fn put_in_sweep_order(&self, values: &mut [f64]) {
        if let Some(r) = &self.ranked {
            r.put_in_sweep_order(&self.outcomes.order, values);
        }
    }

    /// The bytes held: the outcomes, their order, the buffer of one play and the indices of a
    /// part.
    fn bytes(&self) -> u64 {
        self.outcomes.bytes() + 12 * self.widest as u64
    }
}

/// One sweep of a group in place, part by part, for each play of `picks` in its table; returns
/// each play's largest change. Each part's new values are computed from the values as they
/// stand, with their change, then written back, both by every thread: the largest change is a
/// maximum, the same whatever the split. A position's outcomes are found once for all the
/// plays; each play's new value reads only its own table. The part's indices are read from the
/// order once, into `ids`, where values are in index order. The parts run on a thread of the
/// pool (`rayon::scope`): called from another thread (the command's main thread), each of a
/// part's two parallel steps was handed to the pool and waited for, some 600 hand-overs a sweep
/// that took the groups of 2 and 3 pawns borne off of a 3-pawn solve 2.3 and 4 times longer.
fn sweep_once<E: Entry, const N: usize>(
    g: &Outcomes<E>,
    ranked: Option<&Ranked>,
    sweep: &Sweep,
    picks: [Pick; N],
    tables: [&mut [f64]; N],
    (fresh, ids): (&mut [f64], &mut [u32]),
) -> [f64; N] {
    rayon::scope(|_| sweep_parts(g, ranked, sweep, picks, tables, (fresh, ids)))
}

/// [`sweep_once`], on a thread of the pool: its parts one after the other.
fn sweep_parts<E: Entry, const N: usize>(
    g: &Outcomes<E>,
    ranked: Option<&Ranked>,
    sweep: &Sweep,
    picks: [Pick; N],
    mut tables: [&mut [f64]; N],
    (fresh, ids): (&mut [f64], &mut [u32]),
) -> [f64; N] {
    let mut change = [0.0f64; N];
    let widest = fresh.len() / N;
    for w in g.parts.windows(2) {
        let (lo, hi) = (w[0], w[1]);
        let task = task_size(hi - lo);
        let mut columns = fresh.chunks_mut(widest.max(1));
        let mut pieces: [_; N] = std::array::from_fn(|_| {
            columns.next().expect("a column a play")[..hi - lo].chunks_mut(task)
        });
        let tasks: Vec<([&mut [f64]; N], &mut [u32])> = ids[..hi - lo]
            .chunks_mut(task)
            .map(|here| {
                (
                    pieces.each_mut().map(|p| p.next().expect("a piece a task")),
                    here,
                )
            })
            .collect();
        let now: [&[f64]; N] = std::array::from_fn(|t| &*tables[t]);
        let part = tasks
            .into_par_iter()
            .enumerate()
            .map_init(Default::default, |bufs, (b, (mut out, here))| {
                let at = lo + b * task;
                if ranked.is_none() {
                    g.order.read(at, here);
                }
                g.values_of(sweep, picks, at, now, &mut out, bufs, here);
                std::array::from_fn(|t| {
                    let ranks = at..at + out[t].len();
                    let moved = slots((here, at), ranked, ranks).zip(out[t].iter());
                    moved.fold(0.0, |c: f64, (i, &v)| c.max((v - now[t][i]).abs()))
                })
            })
            .reduce(|| [0.0; N], |a, b| std::array::from_fn(|t| a[t].max(b[t])));
        let read: &[u32] = ids;
        let to = |ranks: Range<usize>| slots((read, lo), ranked, ranks);
        for (t, values) in tables.iter_mut().enumerate() {
            change[t] = change[t].max(part[t]);
            let column = &fresh[t * widest..t * widest + (hi - lo)];
            write_back(values, to, lo..hi, column, task);
        }
    }
    change
}

#[cfg(test)]
mod tests;
