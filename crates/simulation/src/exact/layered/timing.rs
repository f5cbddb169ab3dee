//! One group of a layered solve built and swept a given number of times, timed: the figures of
//! a group too long to solve in one go (`senet-sim bench --solve-group`).

use super::{groups, positions, Settings, Sweeper};
use crate::exact::outcomes::{Entry, Packed, Width};
use senet_engine::solve::backup::Pick;
use senet_engine::solve::Sweep;
use std::time::Instant;

/// What some sweeps of one group cost, measured (`senet-sim bench --solve-group`).
#[derive(Clone, Debug, PartialEq)]
pub struct Timing {
    /// The group's positions.
    pub positions: u64,
    /// Positions swept (the group less its race positions, valued exactly once).
    pub swept: u64,
    /// Positions whose outcomes were kept.
    pub stored: u64,
    /// Bytes of the group's outcomes and order.
    pub bytes: u64,
    /// Seconds to sort the group and build its outcomes (and move its values into sweep order).
    pub build: f64,
    /// Whether its values were swept in sweep order (every outcome kept, `layered/layout.rs`).
    pub sweep_order: bool,
    /// Each sweep's seconds and largest change.
    pub sweeps: Vec<(f64, f64)>,
}

/// Builds the group of `off` pawns borne off and sweeps it `sweeps` times for each play of
/// `picks` (one, or two swept together as `solve` does) in its table of `tables`, timed: the
/// figures of a group too long to solve here (the values it reads are whatever the tables hold;
/// the time of a sweep does not depend on them). A sweep's change is the largest of the plays'.
/// The values are left in index order.
pub fn time_group(
    sweep: &Sweep,
    settings: &Settings,
    picks: &[Pick],
    off: u8,
    tables: &mut [Vec<f64>],
    sweeps: u32,
) -> Timing {
    match Width::of(sweep.index.len()) {
        Width::Narrow => time_with::<u32>(sweep, settings, picks, off, tables, sweeps),
        Width::Packed => time_with::<Packed>(sweep, settings, picks, off, tables, sweeps),
        Width::Wide => time_with::<u64>(sweep, settings, picks, off, tables, sweeps),
    }
}

fn time_with<E: Entry>(
    sweep: &Sweep,
    settings: &Settings,
    picks: &[Pick],
    off: u8,
    tables: &mut [Vec<f64>],
    sweeps: u32,
) -> Timing {
    let members = groups(sweep).remove(&off).unwrap_or_default();
    let started = Instant::now();
    let mut each: Vec<&mut [f64]> = tables.iter_mut().map(|t| &mut t[..]).collect();
    let mut g = Sweeper::<E>::new(sweep, &members, &mut each, settings.budget);
    let build = started.elapsed().as_secs_f64();
    let sweeps = (0..sweeps)
        .map(|_| {
            let started = Instant::now();
            let changes = g.sweep_plays(sweep, picks, &mut each);
            let change = changes.into_iter().fold(0.0, f64::max);
            (started.elapsed().as_secs_f64(), change)
        })
        .collect();
    for t in each {
        g.put_in_index_order(t);
    }
    Timing {
        positions: positions(&members),
        swept: g.outcomes.order.len() as u64,
        stored: g.outcomes.stored as u64,
        bytes: g.bytes(),
        build,
        sweep_order: g.ranked.is_some(),
        sweeps,
    }
}
