//! Every table of a run, by the name of its file: what the binary writes as CSV and Parquet
//! and what the Python package returns as frames, built once here.

use crate::{frames, tournament, TablesError};
use polars::prelude::DataFrame;
use senet_simulation::play::runner::{ArmResult, RunResults};
use senet_simulation::play::tournament::TournamentResult;

/// The arms' tables, in the order a report writes them, each named by its file without
/// `.csv`: summary, throws, lengths (of turns, throws, moves), squares, first_throws, waits,
/// metrics, metric_intervals; comparison with two arms or more; throwoffs where a variant has a
/// throw-off. Empty without arms.
pub fn arm_tables(arms: &[ArmResult]) -> Result<Vec<(&'static str, DataFrame)>, TablesError> {
    if arms.is_empty() {
        return Ok(Vec::new());
    }
    let mut tables = vec![
        ("summary", frames::summary(arms)?),
        ("throws", frames::throws(arms)?),
        ("lengths", frames::lengths(arms, "turns", |a| &a.turns)?),
        (
            "lengths_throws",
            frames::lengths(arms, "throws", |a| &a.throws_per_game)?,
        ),
        (
            "lengths_moves",
            frames::lengths(arms, "moves", |a| &a.moves_per_game)?,
        ),
        ("squares", frames::squares(arms)?),
        ("first_throws", frames::first_throws(arms)?),
        ("waits", frames::waits_frame(arms)?),
        ("metrics", frames::metrics(arms)?),
        ("metric_intervals", frames::metric_intervals(arms)?),
    ];
    if arms.len() > 1 {
        tables.push(("comparison", frames::comparison(arms)?));
    }
    if let Some(frame) = frames::throwoffs(arms)? {
        tables.push(("throwoffs", frame));
    }
    Ok(tables)
}

/// The tournaments' tables: tournament, ranking, luck, and ladder when one is a ladder. Empty
/// without tournaments.
pub fn tournament_tables(
    results: &[TournamentResult],
) -> Result<Vec<(&'static str, DataFrame)>, TablesError> {
    if results.is_empty() {
        return Ok(Vec::new());
    }
    let mut tables = vec![
        ("tournament", tournament::tournament(results)?),
        ("ranking", tournament::ranking(results)?),
        ("luck", tournament::luck(results)?),
    ];
    if results.iter().any(|r| r.tournament.ladder) {
        tables.push(("ladder", tournament::ladder(results)?));
    }
    Ok(tables)
}

/// Every table of a run: the arms' then the tournaments'.
pub fn all(results: &RunResults) -> Result<Vec<(&'static str, DataFrame)>, TablesError> {
    let mut tables = arm_tables(&results.arms)?;
    tables.extend(tournament_tables(&results.tournaments)?);
    Ok(tables)
}

/// A table as the bytes of the Parquet file a report writes beside its CSV file (columns
/// named as in the English header, every digit kept, counts as signed 64-bit integers): what
/// a Python front end hands to `polars.read_parquet` without tying its polars to this one.
/// Parquet, not Arrow IPC: the binary builds polars' Parquet already, so the Python package
/// compiles no polars feature of its own.
pub fn parquet_bytes(name: &str, frame: &DataFrame) -> Result<Vec<u8>, TablesError> {
    let mut shown = crate::localise::frame(frame, &format!("{name}.csv"), crate::lang::Lang::En)?;
    let mut bytes = Vec::new();
    polars_io::prelude::ParquetWriter::new(&mut bytes).finish(&mut shown)?;
    Ok(bytes)
}
