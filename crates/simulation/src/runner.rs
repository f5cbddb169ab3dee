//! Many games of one arm in parallel: per-game seeds derived from (run seed, arm, game), one
//! accumulator per rayon split, merged with `combine`. Results do not depend on thread count.

use crate::cancel::cancelled;
use crate::scenario::{Arm, Scenario};
use crate::stats::{ArmStats, Collector, Combine};
use crate::tournament::{pairings, TournamentResult};
use rayon::prelude::*;
use senet_engine::board::{Position, Side};
use senet_engine::game::{play_game, GameSummary, Observer};
use senet_engine::movegen::Move;
use senet_engine::strategy::Strategy;
use senet_engine::throws::{game_seed, stream, SeededThrower};
use std::sync::atomic::{AtomicU64, Ordering};

/// One thread's share: its strategies and its counters.
struct Worker<'a> {
    arm: &'a Arm,
    strategies: [Box<dyn Strategy>; 2],
    /// The arm's device, its distribution computed once; each game reseeds it.
    thrower: SeededThrower,
    stats: ArmStats,
    unreported: u64,
    progress: &'a AtomicU64,
    /// Whether the processor has POPCNT and BMI1 (see `play_with_bit_instructions`).
    #[cfg(target_arch = "x86_64")]
    bit_instructions: bool,
}

impl<'a> Worker<'a> {
    fn new(arm: &'a Arm, progress: &'a AtomicU64) -> Worker<'a> {
        let strategies = arm.players();
        Worker {
            arm,
            strategies,
            thrower: SeededThrower::new(&arm.device, 0),
            stats: ArmStats::default(),
            unreported: 0,
            progress,
            #[cfg(target_arch = "x86_64")]
            bit_instructions: std::arch::is_x86_feature_detected!("popcnt")
                && std::arch::is_x86_feature_detected!("bmi1"),
        }
    }

    // The one `unsafe` of the project: calling the copy compiled for POPCNT and TZCNT.
    #[allow(unsafe_code)]
    fn play(&mut self, seed: u64) {
        #[cfg(target_arch = "x86_64")]
        if self.bit_instructions {
            // SAFETY: `bit_instructions` is true only when the processor reported both features.
            unsafe { self.play_with_bit_instructions(seed) };
            return;
        }
        self.play_one(seed);
    }

    /// [`Worker::play_one`] compiled for processors with POPCNT and TZCNT. The default x86-64
    /// target has neither, so every count of pawns or moves and every "lowest pawn" costs a
    /// dozen instructions; this copy, chosen at run time, is 7% faster. Same integer code, same
    /// results.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1")]
    fn play_with_bit_instructions(&mut self, seed: u64) {
        self.play_one(seed);
    }

    /// Plays the game of `seed` and adds it to the worker's counters.
    #[inline(always)]
    fn play_one(&mut self, seed: u64) {
        let mut thrower = self.thrower.reseeded(seed);
        let mut decisions = stream(seed, 2);
        let mut collector = Collector::new(&mut self.stats);
        let summary = play_game(
            &self.arm.rules,
            &mut self.strategies,
            &mut thrower,
            &mut decisions,
            &mut collector,
        );
        collector.finish();
        self.stats.record(&summary);
        self.unreported += 1;
    }

    fn flush(&mut self) {
        self.progress.fetch_add(self.unreported, Ordering::Relaxed);
        self.unreported = 0;
    }
}

/// Plays `games` games of `arm` (index `arm_index` in its scenario) on the current rayon pool,
/// adding to `progress` as games finish.
pub fn run_arm(
    arm: &Arm,
    arm_index: usize,
    games: u64,
    seed: u64,
    progress: &AtomicU64,
) -> ArmStats {
    const CHUNK: u64 = 1024;
    let chunks = games.div_ceil(CHUNK) as usize;
    (0..chunks)
        .into_par_iter()
        // Once cancelled, no further chunk is handed out (a huge run stops in a moment).
        .take_any_while(|_| !cancelled())
        .fold(
            || Worker::new(arm, progress),
            |mut w, c| {
                let start = c as u64 * CHUNK;
                for g in start..(start + CHUNK).min(games) {
                    w.play(game_seed(seed, arm_index as u64, g));
                }
                w.flush();
                w
            },
        )
        .map(|w| w.stats)
        .reduce(ArmStats::default, |mut a, b| {
            a.combine(&b);
            a
        })
}

/// The first `n` games of an arm's run (games 0, 1, 2...), each with its seed: the same games
/// the parallel run plays.
pub fn first_games(arm: &Arm, arm_index: usize, seed: u64, n: u64) -> Vec<(u64, GameSummary)> {
    let mut strategies = arm.players();
    let template = SeededThrower::new(&arm.device, 0);
    (0..n)
        .map(|g| {
            let s = game_seed(seed, arm_index as u64, g);
            let summary = play_game(
                &arm.rules,
                &mut strategies,
                &mut template.reseeded(s),
                &mut stream(s, 2),
                &mut senet_engine::game::Silent,
            );
            (s, summary)
        })
        .collect()
}

struct ThrowLog<'a>(&'a mut Vec<u8>, usize);

impl Observer for ThrowLog<'_> {
    fn on_opening_throw(&mut self, value: u8) {
        if self.0.len() < self.1 {
            self.0.push(value);
        }
    }
    fn on_throw(&mut self, _: Side, value: u8, _: Option<&Move>, _: &Position) {
        if self.0.len() < self.1 {
            self.0.push(value);
        }
    }
}

/// The first `n` throw values of an arm's run, in order (games 0, 1, 2... one after another):
/// the raw material of the law-of-large-numbers chart.
pub fn first_throws(arm: &Arm, arm_index: usize, seed: u64, n: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(n);
    let mut strategies = arm.players();
    let mut g = 0;
    while out.len() < n {
        let s = game_seed(seed, arm_index as u64, g);
        let mut log = ThrowLog(&mut out, n);
        play_game(
            &arm.rules,
            &mut strategies,
            &mut SeededThrower::new(&arm.device, s),
            &mut stream(s, 2),
            &mut log,
        );
        g += 1;
    }
    out
}

/// Throws kept, in order, for the law-of-large-numbers chart and `waits.csv`.
pub const FIRST_THROWS: usize = 10_000;

/// One arm's results: its counters, and its first throws and games in order.
#[derive(Clone, Debug)]
pub struct ArmResult<'a> {
    /// The arm as the scenario describes it.
    pub arm: &'a Arm,
    /// Its counters over every game.
    pub stats: ArmStats,
    /// The first [`FIRST_THROWS`] throws of its run, in order.
    pub first_throws: Vec<u8>,
    /// Its first games, each with its seed (as many as asked for, at most all of them).
    pub first_games: Vec<(u64, GameSummary)>,
}

/// Plays an arm: its games in parallel, then its first throws and its first `keep_games`
/// games again, in order.
pub fn play_arm<'a>(
    arm: &'a Arm,
    arm_index: usize,
    games: u64,
    seed: u64,
    keep_games: u64,
    progress: &AtomicU64,
) -> ArmResult<'a> {
    ArmResult {
        arm,
        stats: run_arm(arm, arm_index, games, seed, progress),
        first_throws: first_throws(arm, arm_index, seed, FIRST_THROWS),
        first_games: first_games(arm, arm_index, seed, keep_games.min(games)),
    }
}

/// Everything a scenario's run produced, in scenario order.
#[derive(Clone, Debug)]
pub struct RunResults<'a> {
    /// The arms' results.
    pub arms: Vec<ArmResult<'a>>,
    /// The tournaments' results.
    pub tournaments: Vec<TournamentResult<'a>>,
}

/// Games a scenario plays in all (arms and tournament pairings): the length of its progress;
/// `None` when the count does not fit in 64 bits.
pub fn total_games(scenario: &Scenario) -> Option<u64> {
    let arms = scenario.games.checked_mul(scenario.arms.len() as u64)?;
    scenario.tournaments.iter().try_fold(arms, |sum, t| {
        let pairs = pairings(t.strategies.len()).len() as u64;
        sum.checked_add(t.games.checked_mul(pairs)?)
    })
}

/// Plays every arm, then every tournament, of `scenario` on the current rayon pool, keeping
/// the first `keep_games` games of each arm; adds to `progress` as games finish.
pub fn play_scenario<'a>(
    scenario: &'a Scenario,
    keep_games: u64,
    progress: &AtomicU64,
) -> RunResults<'a> {
    let (games, seed) = (scenario.games, scenario.seed);
    let arms = (scenario.arms.iter().enumerate())
        .map(|(i, arm)| play_arm(arm, i, games, seed, keep_games, progress))
        .collect();
    let tournaments = (scenario.tournaments.iter().enumerate())
        .map(|(i, t)| TournamentResult::new(t, t.play(i, seed, progress)))
        .collect();
    RunResults { arms, tournaments }
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet_engine::rules::Variant;

    /// The copy compiled for POPCNT and BMI1 (taken wherever the processor has them, so by the
    /// other tests too) and the portable one count exactly the same games.
    #[test]
    fn both_compilations_of_the_game_loop_agree() {
        let progress = AtomicU64::new(0);
        for variant in Variant::ALL {
            let arm = Arm::preset("test", variant);
            let mut dispatched = Worker::new(&arm, &progress);
            let mut portable = Worker::new(&arm, &progress);
            for g in 0..300 {
                dispatched.play(game_seed(7, 0, g));
                portable.play_one(game_seed(7, 0, g));
            }
            assert_eq!(dispatched.stats, portable.stats, "{}", variant);
            assert_eq!(portable.stats.games, 300);
        }
    }
}
