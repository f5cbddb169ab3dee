//! senet-simulation: scenarios, the seeded parallel runner, statistics and tournaments.
//!
//! It sits between the engine (`senet-engine`, which it plays) and the binary (`senet-sim`,
//! which turns its results into tables, charts and reports). Every game's seed is derived
//! before any parallel work and counters are integers merged with `combine`, so results do not
//! depend on the number of threads.

pub mod analysis;
pub mod atomic;
pub mod cancel;
pub mod checkpoint;
pub mod class_throws;
pub mod compare;
pub mod evaluation;
pub mod hints;
pub mod judge;
pub mod ladder;
pub mod layered;
pub mod lengths;
mod memory;
pub mod metrics;
mod outcomes;
pub mod residual;
pub mod review;
pub mod rulefile;
pub mod runner;
pub mod scenario;
pub mod shard;
pub mod shipped;
mod solve_error;
pub mod solver;
pub mod solving;
pub mod stats;
pub mod tablefile;
pub mod tables;
pub mod tdfile;
pub mod tournament;
pub mod train;
mod values;
