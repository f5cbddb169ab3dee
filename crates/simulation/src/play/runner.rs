//! Many games of one arm in parallel: per-game seeds derived from (run seed, arm, game), one
//! accumulator per rayon split, merged with `combine`. Results do not depend on thread count.

use crate::cancel::Cancel;
use crate::input::scenario::{Arm, Scenario};
use crate::play::metrics::{GameMoves, Metrics, MoveCounters, MOVE_METRIC_GAMES};
use crate::play::shard::{ScenarioCounters, Shard};
use crate::play::stats::{ArmStats, Collector, Combine};
use crate::play::tournament::TournamentResult;
use rayon::prelude::*;
use senet_engine::board::{Position, Side};
#[cfg(target_arch = "x86_64")]
use senet_engine::cpu::Deposit;
use senet_engine::game::{play_game, play_game_by, start_position, GameSummary, Observer};
use senet_engine::movegen::{KthSquare, Move, Portable};
use senet_engine::observe::{Thrown, Throws};
use senet_engine::strategy::Strategy;
use senet_engine::throws::{game_seed, stream, value_distribution, SeededThrower};
use std::ops::Range;
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
    /// Where the processor runs BMI2's `pdep` fast (see `play_with_deposit`).
    #[cfg(target_arch = "x86_64")]
    deposit: Option<Deposit>,
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
            #[cfg(target_arch = "x86_64")]
            deposit: Deposit::detect(),
        }
    }

    // `unsafe` (each use in the project says why it is sound): calling the copies compiled for
    // POPCNT and TZCNT, and for BMI2 too.
    #[allow(unsafe_code)]
    fn play(&mut self, seed: u64) {
        #[cfg(target_arch = "x86_64")]
        if let Some(deposit) = self.deposit {
            // SAFETY: a `Deposit` is made only where the processor reported BMI2, POPCNT and
            // BMI1.
            unsafe { self.play_with_deposit(seed, deposit) };
            return;
        }
        #[cfg(target_arch = "x86_64")]
        if self.bit_instructions {
            // SAFETY: `bit_instructions` is true only when the processor reported both features.
            unsafe { self.play_with_bit_instructions(seed) };
            return;
        }
        self.play_one(seed, Portable);
    }

    /// [`Worker::play_one`] compiled for processors with a fast BMI2 as well: the uniform
    /// player's k-th pawn is one `pdep` instead of a loop over the pawns (`bench --threads 1`:
    /// see `docs/solving.md`). Same integer code, same results.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    fn play_with_deposit(&mut self, seed: u64, deposit: Deposit) {
        self.play_one(seed, deposit);
    }

    /// [`Worker::play_one`] compiled for processors with POPCNT and TZCNT. The default x86-64
    /// target has neither, so every count of pawns or moves and every "lowest pawn" costs a
    /// dozen instructions; this copy, chosen at run time, is 7% faster. Same integer code, same
    /// results.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1")]
    fn play_with_bit_instructions(&mut self, seed: u64) {
        self.play_one(seed, Portable);
    }

    /// Plays the game of `seed` and adds it to the worker's counters (`kth`: how the uniform
    /// player finds its pawn).
    #[inline(always)]
    fn play_one(&mut self, seed: u64, kth: impl KthSquare) {
        let mut thrower = self.thrower.reseeded(seed);
        let mut decisions = stream(seed, 2);
        let mut collector = Collector::new(&mut self.stats);
        let summary = play_game_by(
            &self.arm.rules,
            &mut self.strategies,
            &mut thrower,
            &mut decisions,
            &mut collector,
            kth,
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

/// The first `n` games of an arm's run (games 0, 1, 2...), each with its seed: the same games
/// the parallel run plays.
pub fn first_games(arm: &Arm, arm_index: usize, seed: u64, n: u64) -> Vec<(u64, GameSummary)> {
    (0..n)
        .map(|g| arm_game(arm, arm_index, seed, g, &mut senet_engine::game::Silent))
        .collect()
}

/// Game `game` (0 = the first) of an arm's run played again, told to `observer`: its seed and
/// its summary, the same game the parallel run counts and [`first_games`] lists.
pub(crate) fn arm_game(
    arm: &Arm,
    arm_index: usize,
    seed: u64,
    game: u64,
    observer: &mut impl Observer,
) -> (u64, GameSummary) {
    let s = game_seed(seed, arm_index as u64, game);
    (s, arm.game().play_seeded(&mut arm.players(), s, observer))
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
pub(crate) const FIRST_THROWS: usize = 10_000;

/// One arm's results: its counters, and its first throws and games in order. It owns a copy of
/// its arm, so that it outlives the scenario (a front end keeps results, not scenarios).
#[derive(Clone, Debug)]
pub struct ArmResult {
    /// The arm as the scenario describes it.
    pub arm: Arm,
    /// Its counters over every game.
    pub stats: ArmStats,
    /// The first `FIRST_THROWS` throws of its run, in order.
    pub first_throws: Vec<u8>,
    /// Its first games, each with its seed (as many as asked for, at most all of them).
    pub first_games: Vec<(u64, GameSummary)>,
    /// The games whose throws were asked for ([`Keep::records`]), in the order asked.
    pub records: Vec<RecordedGame>,
    /// Ludii's move metrics' counters over its first `MOVE_METRIC_GAMES` games.
    pub moves: MoveCounters,
    /// The throw law of its rules and device: each possible value with its exact probability
    /// (zeros included), derived once here for every table, chart and sentence.
    pub law: Vec<(u8, f64)>,
}

impl ArmResult {
    /// The values a throw can give, with their probabilities (the law without its zeros).
    pub fn throw_table(&self) -> Vec<(u8, f64)> {
        self.law.iter().copied().filter(|&(_, p)| p > 0.0).collect()
    }

    /// The exact probability of `value` (0 when it cannot be thrown).
    pub fn p(&self, value: u8) -> f64 {
        self.law
            .iter()
            .find(|&&(v, _)| v == value)
            .map_or(0.0, |&(_, p)| p)
    }

    /// Ludii's reconstruction metrics of the arm.
    pub fn metrics(&self) -> Metrics {
        Metrics::new(&self.stats, &self.moves, &self.arm.rules)
    }
}

/// The move metrics' counters of an arm's first `n` games, played again with every move
/// listed (in parallel; integer counters, so the sum is the same whatever the threads).
pub(crate) fn move_counters(arm: &Arm, arm_index: usize, seed: u64, n: u64) -> MoveCounters {
    const BLOCK: u64 = 100;
    (0..n.div_ceil(BLOCK))
        .into_par_iter()
        .map(|b| {
            let mut strategies = arm.players();
            let mut counters = MoveCounters::default();
            for g in b * BLOCK..((b + 1) * BLOCK).min(n) {
                let s = game_seed(seed, arm_index as u64, g);
                let mut game = GameMoves::new(&start_position(&arm.rules));
                play_game(
                    &arm.rules,
                    &mut strategies,
                    &mut SeededThrower::new(&arm.device, s),
                    &mut stream(s, 2),
                    &mut game,
                );
                counters.add(&game);
            }
            counters
        })
        .reduce(MoveCounters::default, |mut a, b| {
            a.combine(&b);
            a
        })
}

/// What a run's results keep besides the counters: its first games (`games.csv`) and the games
/// whose every throw is kept (`--records`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Keep {
    /// How many of each arm's first games.
    pub first_games: u64,
    /// Which games of each arm, numbered from 1 as `games.csv` numbers them.
    pub records: Vec<u64>,
}

/// One game of an arm with every throw: game `number` (from 1) of the run, its seed, summary
/// and throws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedGame {
    /// Its number in the arm's run, from 1.
    pub number: u64,
    /// Its seed.
    pub seed: u64,
    /// Its counters.
    pub summary: GameSummary,
    /// Its throws, in order.
    pub throws: Vec<Thrown>,
}

/// An arm's result from its counters: its first throws, first games and recorded games
/// (`keep`) are played again, in order: they depend only on the seed, so they are the games the
/// run counted, whatever shard or thread played them.
pub(crate) fn arm_result(
    arm: &Arm,
    arm_index: usize,
    stats: ArmStats,
    seed: u64,
    keep: &Keep,
) -> ArmResult {
    let recorded = |&number: &u64| {
        let mut throws = Throws::default();
        let (seed, summary) = arm_game(arm, arm_index, seed, number - 1, &mut throws);
        RecordedGame {
            number,
            seed,
            summary,
            throws: throws.0,
        }
    };
    let records = (keep.records.iter())
        .filter(|&&n| (1..=stats.games).contains(&n))
        .map(recorded)
        .collect();
    ArmResult {
        first_throws: first_throws(arm, arm_index, seed, FIRST_THROWS),
        first_games: first_games(arm, arm_index, seed, keep.first_games.min(stats.games)),
        records,
        moves: move_counters(arm, arm_index, seed, MOVE_METRIC_GAMES.min(stats.games)),
        law: value_distribution(&arm.rules, &arm.device),
        arm: arm.clone(),
        stats,
    }
}

/// Everything a scenario's run produced, in scenario order.
#[derive(Clone, Debug)]
pub struct RunResults {
    /// The arms' results.
    pub arms: Vec<ArmResult>,
    /// The tournaments' results.
    pub tournaments: Vec<TournamentResult>,
}

/// The most games one run plays, arms and tournaments together: 10¹², a month on 64 cores
/// (every front end refuses more).
pub const MAX_GAMES: u64 = 1_000_000_000_000;

/// Games a scenario plays in all (arms and tournament pairings): the length of its progress;
/// `None` when the count does not fit in 64 bits.
pub fn total_games<S>(scenario: &Scenario<S>) -> Option<u64> {
    let arms = scenario.games.checked_mul(scenario.arms.len() as u64)?;
    scenario.tournaments.iter().try_fold(arms, |sum, t| {
        let pairs = t.pairs().len() as u64;
        sum.checked_add(t.games.checked_mul(pairs)?)
    })
}

/// Games shard `shard` of `scenario` plays in all: the length of its progress.
pub fn shard_games<S>(scenario: &Scenario<S>, shard: Shard) -> u64 {
    let arms = shard.range(scenario.games);
    let arms = (arms.end - arms.start) * scenario.arms.len() as u64;
    arms + (scenario.tournaments.iter())
        .map(|t| {
            let pairs = shard.range(t.games / 2);
            2 * (pairs.end - pairs.start) * t.pairs().len() as u64
        })
        .sum::<u64>()
}

/// A piece of a run: games of an arm, or duplicate pairs of a tournament's pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Task {
    /// Games `range` of arm `arm`.
    Arm { arm: usize, range: Range<u64> },
    /// Duplicate pairs `range` of pairing `pairing` of tournament `t`.
    Pairs {
        t: usize,
        pairing: usize,
        range: Range<u64>,
    },
}

/// What a run is cut into: for each arm and pairing, its items in tasks of `chunk` items.
#[derive(Clone, Debug)]
struct Segment {
    /// The task with an empty range: which arm or pairing.
    kind: Task,
    /// The items (games, duplicate pairs) of this shard.
    items: Range<u64>,
    /// Items per task.
    chunk: u64,
    /// The cost of one item.
    cost: u64,
}

/// Tasks a run is cut into at least, whatever the number of threads: enough for 32 threads to
/// share the work evenly. The cut never changes a result (integer counters add up the same).
const MIN_TASKS: u64 = 1024;
/// Games of a cheap arm in one task at most (the game loop's batch), so that a cancelled run
/// stops within a moment.
const MAX_CHUNK: u64 = 1024;

impl Segment {
    fn tasks(&self) -> u64 {
        (self.items.end - self.items.start).div_ceil(self.chunk)
    }

    /// Its `i`-th task.
    fn task(&self, i: u64) -> Task {
        let start = self.items.start + i * self.chunk;
        let range = start..(start + self.chunk).min(self.items.end);
        match self.kind {
            Task::Arm { arm, .. } => Task::Arm { arm, range },
            Task::Pairs { t, pairing, .. } => Task::Pairs { t, pairing, range },
        }
    }
}

/// The tasks of shard `shard` of `scenario`, as segments: every arm and pairing cut into tasks
/// of about the same expected cost (measured by
/// [`StrategySpec::relative_cost`](senet_engine::strategy::spec::StrategySpec::relative_cost)),
/// the most expensive tasks first. One pool for every arm and pairing, so that an expensive arm
/// does not leave threads idle while it finishes.
fn segments(scenario: &Scenario, shard: Shard) -> Vec<Segment> {
    let arm_cost = |a: &Arm| a.white.spec().relative_cost() + a.black.spec().relative_cost();
    let mut segs = vec![];
    for (arm, a) in scenario.arms.iter().enumerate() {
        let kind = Task::Arm { arm, range: 0..0 };
        segs.push((kind, shard.range(scenario.games), arm_cost(a)));
    }
    for (ti, t) in scenario.tournaments.iter().enumerate() {
        for (p, (a, b)) in t.pairs().into_iter().enumerate() {
            let kind = Task::Pairs {
                t: ti,
                pairing: p,
                range: 0..0,
            };
            segs.push((kind, shard.range(t.games / 2), t.pair_cost(a, b)));
        }
    }
    let total: u128 = (segs.iter())
        .map(|(_, r, c)| (r.end - r.start) as u128 * *c as u128)
        .sum();
    let target = (total / MIN_TASKS as u128).max(1);
    let mut out: Vec<Segment> = (segs.into_iter())
        .map(|(kind, items, cost)| {
            let chunk = (target / cost.max(1) as u128).clamp(1, MAX_CHUNK as u128) as u64;
            Segment {
                kind,
                items,
                chunk,
                cost,
            }
        })
        .collect();
    // The most expensive tasks first (a stable sort: equal ones in scenario order).
    out.sort_by_key(|s| std::cmp::Reverse(s.chunk * s.cost));
    out
}

/// Plays one task into `into`.
fn play_task(scenario: &Scenario, task: &Task, into: &mut ScenarioCounters, progress: &AtomicU64) {
    let seed = scenario.seed;
    match task {
        Task::Arm { arm, range } => {
            let mut w = Worker::new(&scenario.arms[*arm], progress);
            for g in range.clone() {
                w.play(game_seed(seed, *arm as u64, g));
            }
            w.flush();
            into.arms[*arm].combine(&w.stats);
        }
        Task::Pairs { t, pairing, range } => {
            let p = &mut into.tournaments[*t][*pairing];
            scenario.tournaments[*t].play_pairs(*t, seed, *pairing, range.clone(), p);
            progress.fetch_add(2 * (range.end - range.start), Ordering::Relaxed);
        }
    }
}

/// Plays shard `shard` of every arm and tournament of `scenario` on the current rayon pool, as
/// one pool of tasks of similar cost, adding to `progress` as games finish; returns the shard's
/// counters (the same for any number of threads). Once `cancel` is cancelled no further task
/// starts, and the counters returned are incomplete.
pub fn play_counters(
    scenario: &Scenario,
    shard: Shard,
    progress: &AtomicU64,
    cancel: &Cancel,
) -> ScenarioCounters {
    let segs = segments(scenario, shard);
    // Task i is task i - starts[s] of the segment s whose range of task numbers holds i.
    let mut starts = Vec::with_capacity(segs.len());
    let mut n = 0u64;
    for s in &segs {
        starts.push(n);
        n += s.tasks();
    }
    let zero = ScenarioCounters::zero(scenario);
    (0..usize::try_from(n).expect("a 64-bit machine"))
        .into_par_iter()
        .with_max_len(1)
        // Once cancelled, no further task is handed out (a huge run stops in a moment).
        .take_any_while(|_| !cancel.is_cancelled())
        .fold(
            || zero.clone(),
            |mut acc, i| {
                let i = i as u64;
                let s = starts.partition_point(|&st| st <= i) - 1;
                play_task(scenario, &segs[s].task(i - starts[s]), &mut acc, progress);
                acc
            },
        )
        .reduce(
            || zero.clone(),
            |mut a, b| {
                a.combine(&b);
                a
            },
        )
}

/// The results of `scenario` from the counters of all its games, keeping what `keep` asks of
/// each arm.
pub fn results(scenario: &Scenario, counters: ScenarioCounters, keep: &Keep) -> RunResults {
    let seed = scenario.seed;
    let arms = (scenario.arms.iter().zip(counters.arms).enumerate())
        .map(|(i, (arm, stats))| arm_result(arm, i, stats, seed, keep))
        .collect();
    let tournaments = (scenario.tournaments.iter().zip(counters.tournaments))
        .map(|(t, pairings)| TournamentResult::new(t, pairings))
        .collect();
    RunResults { arms, tournaments }
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet_engine::variants::Variant;

    /// The copies compiled for POPCNT and BMI1 and for BMI2 too (each taken wherever the
    /// processor has them, so by the other tests too) and the portable one count exactly the
    /// same games.
    #[test]
    #[allow(unsafe_code)]
    fn every_compilation_of_the_game_loop_agrees() {
        let progress = AtomicU64::new(0);
        for variant in Variant::all() {
            let arm = Arm::preset("test", variant);
            let mut dispatched = Worker::new(&arm, &progress);
            let mut portable = Worker::new(&arm, &progress);
            let mut bits = Worker::new(&arm, &progress);
            for g in 0..300 {
                dispatched.play(game_seed(7, 0, g));
                portable.play_one(game_seed(7, 0, g), Portable);
                #[cfg(target_arch = "x86_64")]
                if bits.bit_instructions {
                    // SAFETY: the processor reported POPCNT and BMI1.
                    unsafe { bits.play_with_bit_instructions(game_seed(7, 0, g)) };
                    continue;
                }
                bits.play_one(game_seed(7, 0, g), Portable);
            }
            assert_eq!(dispatched.stats, portable.stats, "{}", variant);
            assert_eq!(bits.stats, portable.stats, "{}", variant);
            assert_eq!(portable.stats.games, 300);
        }
    }

    /// A cancelled token starts no task: no game is played; the same scenario with a token not
    /// cancelled plays every game. The token is the run's own: another token stops nothing.
    #[test]
    fn a_cancelled_token_starts_no_game() {
        let scenario = Scenario {
            name: "c".into(),
            title: "c".into(),
            games: 5_000,
            seed: 1,
            arms: vec![Arm::preset("a", Variant::TEJON)],
            tournaments: vec![],
            lang: None,
            charts: vec![],
            exact: None,
            audience: Default::default(),
            fr: Default::default(),
            path: "c.toml".into(),
            text: String::new(),
        };
        let (stopped, other) = (Cancel::new(), Cancel::new());
        stopped.cancel();
        let progress = AtomicU64::new(0);
        let none = play_counters(&scenario, Shard::WHOLE, &progress, &stopped);
        assert_eq!(
            (none.arms[0].games, progress.load(Ordering::Relaxed)),
            (0, 0)
        );
        let all = play_counters(&scenario, Shard::WHOLE, &progress, &other);
        assert_eq!(all.arms[0].games, 5_000);
    }

    /// A recorded game is the game the run counted: its summary is `games.csv`'s for its
    /// number, its throws add up to the summary's, and a number past the run keeps nothing.
    #[test]
    fn a_recorded_game_is_the_one_the_run_counted() {
        let arm = Arm::preset("a", Variant::TEJON);
        let progress = AtomicU64::new(0);
        let mut w = Worker::new(&arm, &progress);
        (0..40).for_each(|g| w.play(game_seed(9, 0, g)));
        let keep = Keep {
            first_games: 40,
            records: vec![3, 40, 41],
        };
        let r = arm_result(&arm, 0, w.stats, 9, &keep);
        let numbers: Vec<u64> = r.records.iter().map(|g| g.number).collect();
        assert_eq!(numbers, [3, 40]);
        for g in &r.records {
            let (seed, summary) = r.first_games[g.number as usize - 1];
            assert_eq!((g.seed, g.summary), (seed, summary));
            assert_eq!(g.throws.len() as u32, g.summary.throws);
        }
    }
}
