//! senet-simulation: scenarios, the seeded parallel runner, statistics, tournaments, exact
//! solving and learning.
//!
//! It sits between the engine (`senet-engine`, which it plays) and the binary (`senet-sim`,
//! which turns its results into tables, charts and reports). Every game's seed is derived
//! before any parallel work and counters are integers merged with `combine`, so results do not
//! depend on the number of threads.
//!
//! Contents, by concern:
//! - [`input`]: what a run is given, read and checked: rule files, scenarios;
//! - [`play`]: games played, counted and compared: the runner, shards, statistics, Ludii's
//!   metrics, comparisons, tournaments and ladders;
//! - [`exact`]: small games solved exactly and what the values tell: the solve, its table file,
//!   the exact lengths, strategies judged, games reviewed, Ludii's evaluation metrics;
//! - [`learn`]: `td` networks trained by self-play, their files, the shipped ones;
//! - [`players`]: the tables and networks a scenario's players play from, had once per game;
//! - [`cancel`] and [`atomic`]: stopping work early, files written whole.

// The facade: what a front end runs and reads, at the root.
pub use cancel::Cancel;
pub use exact::error::{PawnLimit, SolveError};
pub use exact::solve::solve;
pub use input::rulefile::{Game, RuleError, RuleTable};
pub use input::scenario::{Arm, ClassThrowsError, Scenario, ScenarioError};
pub use play::runner::{play_counters, results, ArmResult, Keep, RecordedGame, RunResults};
pub use play::shard::{ScenarioCounters, Shard};
pub use play::stats::ArmStats;
pub use play::tournament::TournamentResult;
pub use players::Tables;

pub mod atomic;
pub mod cancel;
pub mod exact;
pub mod input;
pub mod learn;
pub mod play;
pub mod players;
