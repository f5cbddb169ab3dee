//! What can go wrong in solving: one error type for the solve API, the graph and layered
//! solvers, table files, checkpoints and the tables a scenario's players read.

use crate::exact::checkpoint::CheckpointError;
use crate::exact::layered::LayeredError;
use senet_engine::rules::RulesError;
use senet_engine::solve::index::{IndexError, MAX_SOLVED_PAWNS};
use std::path::PathBuf;

/// The most sweeps before giving up.
pub const MAX_SWEEPS: u32 = 100_000;

/// The most pawns a side whose whole outcome graph the graph solver holds (its entries have 27
/// bits of index; 4 pawns would also take some 66 GB).
pub const GRAPH_MAX_PAWNS: u8 = 3;
/// The most pawns a side whose exact expected lengths are computed (`lengths.rs`: the graph of 2
/// pawns holds 190,000 positions; of 3, 15 million, some 3 GB).
pub const LENGTHS_MAX_PAWNS: u8 = 2;

/// What refuses a game of too many pawns a side, each with its limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PawnLimit {
    /// The solver: [`MAX_SOLVED_PAWNS`].
    Solver,
    /// `optimal`, which plays from a solved table: [`MAX_SOLVED_PAWNS`].
    Optimal,
    /// The exact expected lengths: [`LENGTHS_MAX_PAWNS`].
    Lengths,
    /// The graph solver's whole outcome graph: [`GRAPH_MAX_PAWNS`].
    Graph,
}

impl PawnLimit {
    /// The most pawns a side it handles.
    pub fn most(self) -> u8 {
        match self {
            PawnLimit::Solver | PawnLimit::Optimal => MAX_SOLVED_PAWNS,
            PawnLimit::Lengths => LENGTHS_MAX_PAWNS,
            PawnLimit::Graph => GRAPH_MAX_PAWNS,
        }
    }

    /// The sentence refusing a game of `pawns` pawns a side.
    fn refusal(self, pawns: u8) -> String {
        let most = self.most();
        match self {
            PawnLimit::Solver => format!("{pawns} pawns a side: the solver handles 1 to {most}"),
            PawnLimit::Optimal => format!("'optimal' plays games of at most {most} pawns a side (this one has {pawns}): set pawns = 1 to {most}"),
            PawnLimit::Lengths => format!("{pawns} pawns a side: exact expected lengths are computed for 1 to {most} pawns a side"),
            PawnLimit::Graph => format!("{pawns} pawns a side: the outcome graph would not fit in memory (the graph solver handles 1 to {most}); solve it layer by layer (`senet-sim solve --method layered`)"),
        }
    }
}

/// What can go wrong in solving, with a table file or with a checkpoint.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The rule set is too big to solve.
    #[error(transparent)]
    Index(#[from] IndexError),
    /// The values did not settle.
    #[error("the values did not settle within {MAX_SWEEPS} sweeps (last change {0:e})")]
    NoConvergence(f64),
    /// Stopped by the caller's token, with nothing kept.
    #[error("interrupted")]
    Interrupted,
    /// Stopped by the caller's token, what was solved kept in the checkpoint folder.
    #[error("stopped; what was solved is in {}, from which the same request resumes", .0.display())]
    Stopped(PathBuf),
    /// More pawns a side than what was asked handles (the limit says which).
    #[error("{}", limit.refusal(*pawns))]
    TooManyPawns {
        /// Pawns a side of the game.
        pawns: u8,
        /// What refuses them.
        limit: PawnLimit,
    },
    /// A rule set whose options do not make sense together.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A group of a layered solve did not settle, or its checkpoint could not be written.
    #[error(transparent)]
    Layered(LayeredError),
    /// The checkpoint folder could not be read or written.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// `optimal` without a table file, for a game too big to solve when a scenario is read.
    #[error("'optimal' with {pawns} pawns a side needs a saved table: run `senet-sim solve --variant {variant} --pawns {pawns} --out DIR`, then write 'optimal:DIR/table.senet'")]
    NeedsTable {
        /// The variant's id.
        variant: String,
        /// Pawns a side.
        pawns: u8,
    },
    /// A `td` weights file that cannot be played here.
    #[error(transparent)]
    Td(#[from] crate::learn::tdfile::TdFileError),
    /// `td` without a file in a game for which no network ships.
    #[error("'td': no network ships for these rules ({variant}, {pawns} pawns a side, {device}): train one with `{train} --games 100000 --out FILE`, then write 'td:FILE'")]
    NoShippedTd {
        /// The variant.
        variant: String,
        /// Pawns a side.
        pawns: u8,
        /// The device.
        device: String,
        /// The `senet-sim train` arguments that give this very game: the variant, each option
        /// changed from its preset, the device when it is not the variant's.
        train: String,
    },
    /// A table solved for another game.
    #[error("{file}: this table was solved for another game ({why})")]
    OtherGame {
        /// The table file.
        file: String,
        /// What differs.
        why: String,
    },
    /// An endgame table read by `optimal`, which plays whole games.
    #[error("{file}: this table holds an endgame alone (the positions with at least {from} pawns borne off, both sides together), not the whole game 'optimal' plays; 'td:endgame={file}' reads it")]
    EndgameOnly {
        /// The table file.
        file: String,
        /// The fewest pawns borne off of its positions.
        from: u8,
    },
    /// A table file could not be read or written.
    #[error("{path}")]
    File {
        /// The file.
        path: String,
        /// What went wrong.
        #[source]
        why: senet_engine::Cause,
    },
}
