//! `senet_sim._senet_sim`: the Rust side of the Python package `senet_sim` (`python/`). It
//! calls the libraries and copies nothing from the binary: the step-by-step game of
//! `senet-engine`, the rule tables and runs of `senet-simulation`, the tables of
//! `senet-tables` (handed over as Parquet bytes, which `senet_sim.run` reads with the
//! user's polars).

mod convert;
mod game;
mod player;
mod report;
mod saved;
mod stream;
mod table;

use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use senet_engine::strategy::spec::StrategySpec;
use senet_engine::variants::Variant;
use senet_simulation::cancel::Cancel;
use senet_simulation::input::rulefile::to_text;
use senet_simulation::input::scenario::Scenario;
use senet_simulation::play::runner::{play_counters, results, Keep, MAX_GAMES};
use senet_simulation::play::shard::Shard;
use senet_simulation::players::Tables;
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;

/// The variants' ids.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    Variant::all().map(|v| v.id()).collect()
}

/// The whole game as a dict, as its rule file writes it (`senet-sim variants --show ID`):
/// `variant`, `device`, then every rule option.
#[pyfunction]
#[pyo3(signature = (variant=None, rules=None))]
fn rules<'py>(
    py: Python<'py>,
    variant: Option<&str>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let game = convert::game_of(variant, rules)?;
    let table: toml::Table = toml::from_str(&to_text(&game))
        .map_err(|e| PyValueError::new_err(format!("the rule file written back: {e}")))?;
    convert::table_to_dict(py, &table)
}

/// Plays a scenario file (`games` per arm and pairing, `seed` and `threads` over the file's);
/// returns each table's name and its Parquet bytes, the values of the report's files. With
/// `report`, also writes the report folder there (a new folder), in `lang` (else the file's).
#[pyfunction]
#[pyo3(signature = (scenario, games=None, seed=None, threads=None, report=None, lang=None))]
fn run_parquet<'py>(
    py: Python<'py>,
    scenario: PathBuf,
    games: Option<u64>,
    seed: Option<u64>,
    threads: Option<usize>,
    report: Option<PathBuf>,
    lang: Option<&str>,
) -> PyResult<Vec<(&'static str, Bound<'py, PyBytes>)>> {
    let text = senet_simulation::input::read_text(&scenario, senet_simulation::input::MAX_TEXT)
        .map_err(|e| PyOSError::new_err(format!("{}: cannot read: {e}", scenario.display())))?;
    let mut parsed =
        Scenario::parse(&scenario, &text).map_err(|e| PyValueError::new_err(e.to_string()))?;
    if let Some(g) = games {
        if g == 0 {
            return Err(PyValueError::new_err("games must be at least 1"));
        }
        parsed = parsed.with_games(g);
    }
    if let Some(s) = seed {
        parsed.seed = s;
    }
    if threads == Some(0) {
        return Err(PyValueError::new_err("threads must be at least 1"));
    }
    if senet_simulation::play::runner::total_games(&parsed).is_none_or(|n| n > MAX_GAMES) {
        return Err(PyValueError::new_err(format!(
            "{}: the games of its arms and tournaments add up to more than {MAX_GAMES}",
            scenario.display()
        )));
    }
    let most = max_threads();
    if threads.is_some_and(|t| t > most) {
        return Err(PyValueError::new_err(format!(
            "threads={}: at most {most} on this machine",
            threads.unwrap_or(0)
        )));
    }
    let report = match report {
        Some(out) => Some(report::Request::new(
            py,
            &mut parsed,
            (scenario.clone(), out),
            (games, lang),
        )?),
        None => {
            // The command line's checks all the same: a bad class file is refused, `exact`
            // said to be left out.
            let lang = parsed
                .lang
                .as_deref()
                .and_then(senet_tables::Lang::from_code);
            report::class_throws(py, &parsed, lang.unwrap_or_default())?;
            report::warn_exact(py, &scenario, &parsed)?;
            None
        }
    };
    let cancel = Cancel::new();
    // Played on a thread of its own while this one waits without the GIL and looks for
    // Ctrl-C every 50 ms: KeyboardInterrupt cancels the games and is raised once they stop.
    let played = std::thread::scope(|scope| {
        let worker = scope.spawn(|| play_tables(&parsed, threads, &cancel, report.as_ref()));
        while !worker.is_finished() {
            py.detach(|| std::thread::sleep(std::time::Duration::from_millis(50)));
            if let Err(interrupt) = py.check_signals() {
                cancel.cancel();
                let _ = worker.join();
                return Err(interrupt);
            }
        }
        (worker.join()).map_err(|_| PyRuntimeError::new_err("the run stopped on an internal error"))
    })?;
    let played: Vec<(&'static str, Vec<u8>)> = played?;
    Ok(played
        .into_iter()
        .map(|(name, bytes)| (name, PyBytes::new(py, &bytes)))
        .collect())
}

/// The most threads `run_parquet` starts: 8 a core, at least 16 (as the command line's).
fn max_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    (8 * cores).max(16)
}

/// Resolves the players of `parsed`, plays it on `threads` threads (stopped by `cancel`) and
/// writes each table of its results as Parquet bytes, and the report when asked. A scenario
/// whose players cannot be made (a table or network refused) raises `ValueError`; what fails
/// after it, `RuntimeError`; each with the error's chain of causes.
fn play_tables(
    parsed: &Scenario<StrategySpec>,
    threads: Option<usize>,
    cancel: &Cancel,
    report: Option<&report::Request>,
) -> PyResult<Vec<(&'static str, Vec<u8>)>> {
    let said = |e: &dyn std::error::Error| senet_engine::Chain(e).to_string();
    let mut tables = Tables::new();
    let ready = (parsed.clone().resolve(&mut tables, cancel))
        .map_err(|e| PyValueError::new_err(said(&e)))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| PyRuntimeError::new_err(said(&e)))?;
    let done = AtomicU64::new(0);
    let counters = pool.install(|| play_counters(&ready, Shard::WHOLE, &done, cancel));
    if cancel.is_cancelled() {
        return Err(PyRuntimeError::new_err("interrupted"));
    }
    let results = results(&ready, counters, &Keep::default());
    if let Some(request) = report {
        request.write(&ready, &results)?;
    }
    let tables =
        (senet_tables::run_tables::all(&results)).map_err(|e| PyRuntimeError::new_err(said(&e)))?;
    tables
        .iter()
        .map(|(name, frame)| {
            senet_tables::run_tables::parquet_bytes(name, frame)
                .map(|b| (*name, b))
                .map_err(|e| PyRuntimeError::new_err(said(&e)))
        })
        .collect()
}

/// The module: `variants`, `rules`, `run_parquet`, `Game`, `VERSION`, `COMMIT` and `MAX_ACTIONS`
/// (the most distinct actions of any rule set).
#[pymodule]
fn _senet_sim(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(rules, m)?)?;
    m.add_function(wrap_pyfunction!(run_parquet, m)?)?;
    m.add_class::<game::Game>()?;
    m.add_class::<player::Player>()?;
    m.add_class::<table::Table>()?;
    m.add("MAX_ACTIONS", senet_engine::encode::ACTIONS)?;
    m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    m.add("COMMIT", env!("SENET_SIM_COMMIT"))?;
    Ok(())
}
