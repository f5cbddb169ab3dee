//! Games played, counted and compared: many games of an arm in parallel ([`runner`]), a run in
//! shards ([`shard`]), the counters and their statistics ([`stats`], Ludii's [`metrics`]), two
//! arms compared ([`compare`]), tournaments and skill ladders ([`tournament`], [`ladder`]).

pub mod compare;
pub mod ladder;
pub mod metrics;
pub mod runner;
pub mod shard;
pub mod stats;
pub mod tournament;
