//! What can stop a report being written: a file not written, a table polars refused, a chart
//! plotters could not draw. Each names what failed and keeps the reason as its source.

use senet_engine::Cause;
use std::path::PathBuf;

/// A report not written whole.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// A file or folder of the report could not be made or written.
    #[error("writing {}", path.display())]
    Write {
        /// The file or folder.
        path: PathBuf,
        /// The system's reason.
        #[source]
        why: std::io::Error,
    },
    /// A table could not be made or written.
    #[error(transparent)]
    Tables(#[from] senet_tables::TablesError),
    /// plotters could not draw or write a chart.
    #[error("drawing {chart}")]
    Chart {
        /// The chart's file, or « a chart » inside a drawing.
        chart: String,
        /// plotters' reason.
        #[source]
        why: Cause,
    },
    /// `report.md` links a chart the report did not draw (a program error, not the user's).
    #[error("report.html: {0}")]
    Page(String),
    /// `provenance.json` could not be made.
    #[error("provenance.json")]
    Json(#[source] serde_json::Error),
}

/// The report's results.
pub type Result<T, E = ReportError> = std::result::Result<T, E>;

/// `std::fs::write` naming the file when it fails.
pub(crate) fn write_file(path: PathBuf, bytes: impl AsRef<[u8]>) -> Result<()> {
    std::fs::write(&path, bytes).map_err(|why| ReportError::Write { path, why })
}

/// `std::fs::create_dir_all` naming the folder when it fails.
pub(crate) fn create_dir(path: PathBuf) -> Result<()> {
    std::fs::create_dir_all(&path).map_err(|why| ReportError::Write { path, why })
}
