//! The check of a saved table (`senet-sim solve --verify DIR`): one update step of value
//! iteration applied to every position, reading the stored values. A solved table is a fixed
//! point of that step; what is left is the rounding of the stored values.

use rayon::prelude::*;
use senet_engine::board::Position;
use senet_engine::solve::backup::{position_value, Pick};
use senet_engine::solve::Solution;

/// The largest change one update step may make to a table stored as `f32`: the spacing of
/// `f32` values just below 1 (2^-23 ≈ 1.2e-7). Each stored value is within half a step of the
/// value solved in `f64` (itself within the solve's tolerance, 1e-10, of a fixed point), and an
/// update step never widens a difference (it takes averages and maxima of the values it reads):
/// the change is at most two half steps, plus the tolerance.
pub const STORED_STEP: f64 = f32::EPSILON as f64;

/// What one update step changes in a table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Residual {
    /// Positions updated.
    pub positions: u64,
    /// The largest change of a value.
    pub largest: f64,
    /// The index of the position where it is largest (the first such).
    pub at: u64,
}

impl Residual {
    /// Whether the table passes: no change above [`STORED_STEP`].
    pub fn holds(&self) -> bool {
        self.largest <= STORED_STEP
    }
}

/// Applies one update step (both sides playing their best) to every position of `solution`,
/// reading the stored values, in parallel; the result does not depend on the number of
/// threads (the largest change, ties to the lowest index).
pub fn residual(solution: &Solution) -> Residual {
    let n = solution.index.len();
    let lookup = |p: &_| solution.covered(p);
    let (largest, at) = (0..n)
        .into_par_iter()
        .map(|i| (change_at(solution, i, &lookup), i))
        .reduce(
            || (0.0, u64::MAX),
            |a, b| {
                if b.0 > a.0 || (b.0 == a.0 && b.1 < a.1) {
                    b
                } else {
                    a
                }
            },
        );
    Residual {
        positions: n,
        largest,
        at: if at == u64::MAX { 0 } else { at },
    }
}

/// [`residual`] on `samples` positions spread evenly over the table (all of them when it
/// holds fewer): the check a table gets when a player loads it, milliseconds where the whole
/// check of a 4-pawn table takes minutes. A table of zeros or of values edited by hand fails it.
pub(crate) fn spot_check(solution: &Solution, samples: u64) -> Residual {
    let n = solution.index.len();
    let lookup = |p: &_| solution.covered(p);
    let take = samples.min(n);
    let (largest, at) = (0..take)
        .map(|k| (k as u128 * n as u128 / take.max(1) as u128) as u64)
        .map(|i| (change_at(solution, i, &lookup), i))
        .fold((0.0, 0), |a, b| if b.0 > a.0 { b } else { a });
    Residual {
        positions: take,
        largest,
        at,
    }
}

/// How much one update step (both sides playing their best) changes the stored value of
/// position `i`, the values read through `lookup`.
fn change_at(solution: &Solution, i: u64, lookup: &impl Fn(&Position) -> f64) -> f64 {
    let pos = solution.index.position(i);
    let stored = f64::from(solution.values[i as usize]);
    let updated = position_value(&solution.rules, &solution.throws, &pos, Pick::Best, lookup);
    (updated - stored).abs()
}
