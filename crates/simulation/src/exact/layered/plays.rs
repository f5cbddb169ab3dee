//! One or two plays solved group by group, the plays that still need a group swept together:
//! optimal and random play read the same outcomes, so a position's outcomes are found once a
//! sweep (read, or computed again where the budget did not keep them) and valued for each play.
//! Each play's values are those a solve of that play alone gives, bit for bit: a play's new
//! value reads only its own table, in the same parts, and each play stops at its own tolerance
//! (the other sweeps on alone).

use super::{
    groups, positions, Layered, LayeredError, Listener, Reading, Resume, Settings, Sweeper,
    Sweeping,
};
use crate::exact::layered::Group;
use crate::exact::memory::unwritten;
use crate::exact::outcomes::{Entry, Packed, Width};
use rayon::prelude::*;
use senet_engine::solve::backup::Pick;
use senet_engine::solve::Sweep;
use std::collections::BTreeMap;
use std::ops::Range;
use std::time::Instant;

/// One play of a layered solve: how both sides pick, its table of values, and where an earlier
/// run left it.
#[derive(Clone, Debug, PartialEq)]
pub struct Play {
    /// How both sides pick.
    pub pick: Pick,
    /// The value of every position, by index: the groups of `resume` as an earlier run left
    /// them; the others' are set to 1/2 when their group starts, and may be unwritten memory
    /// until then (`value_table`, which [`Settings::budget`] counts).
    pub values: Vec<f64>,
    /// The groups already solved and the group part-way.
    pub resume: Resume,
}

/// Solves one or two `plays` of `sweep` group by group, from the most pawns borne off down;
/// in each group the plays that still need it are swept together (see the module). Returns
/// each play's values and groups, in the order of `plays`. `listener` hears each play's sweeps
/// and groups by its pick. `settings.pick` is not read: each play has its own.
pub(crate) fn solve_plays(
    sweep: &Sweep,
    settings: &Settings,
    plays: Vec<Play>,
    listener: &mut dyn Listener,
) -> Result<Vec<Layered>, LayeredError> {
    assert!(
        (1..=2).contains(&plays.len()),
        "one or two plays, not {}",
        plays.len()
    );
    match Width::of(sweep.index.len()) {
        Width::Narrow => solve_with::<u32>(sweep, settings, plays, listener),
        Width::Packed => solve_with::<Packed>(sweep, settings, plays, listener),
        Width::Wide => solve_with::<u64>(sweep, settings, plays, listener),
    }
}

/// Solves every position of `sweep`, group by group, both sides picking by `settings.pick`.
/// `values` holds the groups of `resume` as an earlier run left them (the others' are set to
/// 1/2 when their group starts: [`Play::values`]). `listener` hears each sweep and each
/// group solved.
pub fn solve_layered(
    sweep: &Sweep,
    settings: &Settings,
    values: Vec<f64>,
    resume: &Resume,
    listener: &mut dyn Listener,
) -> Result<Layered, LayeredError> {
    let mut solved = solve_plays(sweep, settings, alone(settings, values, resume), listener)?;
    Ok(solved.remove(0))
}

/// The one play of `settings.pick`, from `values` where `resume` left it.
pub(super) fn alone(settings: &Settings, values: Vec<f64>, resume: &Resume) -> Vec<Play> {
    vec![Play {
        pick: settings.pick,
        values,
        resume: resume.clone(),
    }]
}

/// [`solve_plays`] with outcomes in entries of type `E`.
pub(super) fn solve_with<E: Entry>(
    sweep: &Sweep,
    settings: &Settings,
    mut plays: Vec<Play>,
    listener: &mut dyn Listener,
) -> Result<Vec<Layered>, LayeredError> {
    let mut done: Vec<Vec<Group>> = vec![Vec::new(); plays.len()];
    let all = groups(sweep);
    for (&off, members) in all.iter().rev() {
        let budget = settings
            .budget
            .saturating_add(unwritten_below(sweep, &all, off, &plays));
        let mut runs: Vec<Run> = plays
            .iter_mut()
            .enumerate()
            .filter(|(_, p)| !p.resume.solved.contains(&off))
            .map(|(n, p)| {
                let (sweeps, seconds) = match p.resume.partial {
                    Some((o, sweeps, seconds)) if o == off => (sweeps, seconds),
                    _ => (0, 0.0),
                };
                Run {
                    n,
                    pick: p.pick,
                    sweeps,
                    seconds,
                    values: &mut p.values,
                }
            })
            .collect();
        if runs.is_empty() {
            continue;
        }
        for run in runs.iter_mut().filter(|r| r.sweeps == 0) {
            start_group(run.values, members);
        }
        let job = Job {
            sweep,
            settings,
            off,
            members,
            budget,
        };
        for (n, group) in solve_group::<E>(&job, &mut runs, listener)? {
            done[n].push(group);
        }
    }
    Ok(plays
        .into_iter()
        .zip(done)
        .map(|(p, groups)| Layered {
            values: p.values,
            groups,
        })
        .collect())
}

/// The bytes of `plays`' tables that the groups below `off` (solved after it) leave unwritten
/// when it starts ([`unwritten`]): every play's, less the groups it read from an earlier run.
pub(super) fn unwritten_below(
    sweep: &Sweep,
    all: &BTreeMap<u8, Vec<Range<u32>>>,
    off: u8,
    plays: &[Play],
) -> u64 {
    let len = sweep.index.len() as usize;
    let read = |p: &Play, h: u8| {
        p.resume.solved.contains(&h) || p.resume.partial.is_some_and(|(o, _, _)| o == h)
    };
    let below = all.range(..off);
    let each = |p: &Play| {
        let ranges = below.clone().filter(|&(&h, _)| !read(p, h));
        unwritten(len, ranges.flat_map(|(_, ms)| ms.iter().cloned()))
    };
    plays.iter().map(each).sum()
}

/// Sets the values of a group's positions (`members`, ranges of indices) to 1/2, where its
/// iteration starts: every thread writes a share of its pages.
fn start_group(values: &mut [f64], members: &[Range<u32>]) {
    for r in members {
        let here = &mut values[r.start as usize..r.end as usize];
        here.par_chunks_mut(1 << 16).for_each(|c| c.fill(0.5));
    }
}

/// One group to solve: where and how, and the bytes its kept outcomes may take.
struct Job<'a> {
    sweep: &'a Sweep<'a>,
    settings: &'a Settings<'a>,
    off: u8,
    members: &'a [Range<u32>],
    budget: u64,
}

/// A play that needs the group: which of the plays it is, its pick and values, and the sweeps
/// and seconds an earlier run spent on the group.
struct Run<'a> {
    n: usize,
    pick: Pick,
    sweeps: u32,
    seconds: f64,
    values: &'a mut [f64],
}

/// Solves one group in place for each of `runs`, its outcomes in entries of type `E`; each
/// play's group, once settled, is told to the listener before the others sweep on. Returns
/// the groups by play.
fn solve_group<E: Entry>(
    job: &Job,
    runs: &mut [Run],
    listener: &mut dyn Listener,
) -> Result<Vec<(usize, Group)>, LayeredError> {
    let (sweep, settings) = (job.sweep, job.settings);
    if settings.cancel.is_cancelled() {
        return Err(LayeredError::Interrupted);
    }
    let started = Instant::now();
    let mut tables: Vec<&mut [f64]> = runs.iter_mut().map(|r| &mut *r.values).collect();
    let mut g = Sweeper::<E>::new(sweep, job.members, &mut tables, job.budget);
    drop(tables);
    let mut settled = Vec::new();
    let mut live: Vec<usize> = (0..runs.len()).collect();
    while !live.is_empty() {
        if live.iter().any(|&k| runs[k].sweeps >= settings.max_sweeps) {
            return Err(LayeredError::NoConvergence {
                off: job.off,
                sweeps: settings.max_sweeps,
            });
        }
        let changes = sweep_live(&mut g, sweep, runs, &live);
        let mut going = Vec::new();
        for (&k, change) in live.iter().zip(changes) {
            let run = &mut runs[k];
            run.sweeps += 1;
            let seconds = run.seconds + started.elapsed().as_secs_f64();
            if change <= settings.tolerance {
                g.put_in_index_order(run.values);
                let group = Group {
                    off: job.off,
                    positions: positions(job.members),
                    stored: g.outcomes.stored as u64,
                    sweeps: run.sweeps,
                    change,
                    bytes: g.bytes(),
                    seconds,
                };
                listener.finished(run.pick, &group, run.values)?;
                settled.push((run.n, group));
            } else {
                let now = Sweeping {
                    off: job.off,
                    sweeps: run.sweeps,
                    change,
                    seconds,
                };
                going.push((k, now));
            }
        }
        // Every play still sweeping hears its sweep (and may save it), and where the solve
        // stops, is told so after all have heard it: each is saved as it stands.
        let mut failed = None;
        for (k, now) in &going {
            if let Err(e) = tell(&g, &mut runs[*k], now, listener, Tell::Swept) {
                failed.get_or_insert(e);
            }
        }
        if settings.cancel.is_cancelled() {
            for (k, now) in &going {
                if let Err(e) = tell(&g, &mut runs[*k], now, listener, Tell::Stopping) {
                    failed.get_or_insert(e);
                }
            }
            return Err(failed.unwrap_or(LayeredError::Interrupted));
        }
        if let Some(e) = failed {
            return Err(e);
        }
        live = going.iter().map(|&(k, _)| k).collect();
    }
    Ok(settled)
}

/// What a play is told after a sweep that did not settle its group.
#[derive(Clone, Copy)]
enum Tell {
    /// The sweep ([`Listener::swept`]).
    Swept,
    /// The solve stops after it ([`Listener::stopping`]).
    Stopping,
}

/// Tells the listener of `run`'s sweep `now`, handing it the values by index (put back into
/// sweep order after, where the listener read them).
fn tell<E: Entry>(
    g: &Sweeper<E>,
    run: &mut Run,
    now: &Sweeping,
    listener: &mut dyn Listener,
    what: Tell,
) -> Result<(), LayeredError> {
    let ranked = g.ranked.as_ref().map(|r| (r, &g.outcomes.order));
    let mut reading = Reading::new(run.values, ranked);
    let heard = match what {
        Tell::Swept => listener.swept(run.pick, now, &mut reading),
        Tell::Stopping => listener.stopping(run.pick, now, &mut reading),
    };
    if reading.moved() {
        g.put_in_sweep_order(run.values);
    }
    heard
}

/// One sweep of the group for the plays `live` (indices of `runs`), together: their largest
/// changes, in that order.
fn sweep_live<E: Entry>(
    g: &mut Sweeper<E>,
    sweep: &Sweep,
    runs: &mut [Run],
    live: &[usize],
) -> Vec<f64> {
    let on = |n: usize| live.contains(&n);
    let picks: Vec<Pick> = (0..runs.len())
        .filter(|&n| on(n))
        .map(|n| runs[n].pick)
        .collect();
    let mut tables: Vec<&mut [f64]> = runs
        .iter_mut()
        .enumerate()
        .filter(|(n, _)| on(*n))
        .map(|(_, r)| &mut *r.values)
        .collect();
    g.sweep_plays(sweep, &picks, &mut tables)
}
