//! Senet results as tables, for every front end (the command line, a notebook, a Python
//! binding): the frames of a run ([`frames`]), their CSV and Parquet files in a spreadsheet's
//! dialect ([`mod@write`]), every column a report writes with its label in each language
//! ([`columns`]), and the words of the outputs in English and French ([`lang`]).
//!
//! It sits at the edge, over `senet-simulation`'s owned results; charts, the HTML report and
//! the command line stay in the binary.

// The facade: the tables of a run and how they are written, at the root.
pub use lang::Lang;
pub use write::{write_csv, write_table, CsvStyle, TableFormat};

pub mod class;
pub mod columns;
pub mod describe;
pub mod frames;
pub mod lang;
pub mod localise;
pub mod record;
pub mod review;
pub mod run_tables;
pub mod shards;
pub mod solved;
pub mod tournament;
pub mod write;

use std::path::Path;
use thiserror::Error;

/// Why a table could not be built or written.
#[derive(Debug, Error)]
pub enum TablesError {
    /// polars refused a frame (columns of different lengths...).
    #[error(transparent)]
    Frame(#[from] polars::prelude::PolarsError),
    /// polars could not write a file.
    #[error("writing {path}")]
    Polars {
        /// The file.
        path: String,
        /// polars' message.
        #[source]
        why: polars::prelude::PolarsError,
    },
    /// A file or folder could not be made or written.
    #[error("writing {path}")]
    Io {
        /// The file or folder.
        path: String,
        /// The system's message.
        #[source]
        why: std::io::Error,
    },
    /// A frame holds a column that the table of columns does not define.
    #[error("column '{column}' of {file} is missing from the table of columns (senet-tables' columns.rs)")]
    UnknownColumn {
        /// The CSV file's name.
        file: String,
        /// The header.
        column: String,
    },
}

impl TablesError {
    fn io(path: &Path, why: std::io::Error) -> TablesError {
        TablesError::Io {
            path: path.display().to_string(),
            why,
        }
    }

    fn polars(path: &Path, why: polars::prelude::PolarsError) -> TablesError {
        TablesError::Polars {
            path: path.display().to_string(),
            why,
        }
    }
}
