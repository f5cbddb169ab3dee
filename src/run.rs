//! `senet-sim run`: the validated [`RunConfig`], then the games played
//! ([`senet_simulation::runner::play_scenario`]), then the report written
//! ([`crate::report::write`]) into a temporary folder renamed into place.

use crate::config::{RunArgs, RunConfig};
use crate::progress::Progress;
use anyhow::{Context, Result};
use senet_simulation::runner::{play_scenario, total_games};
use std::path::PathBuf;
use std::time::Instant;

/// Runs a scenario and writes its report; returns the report folder.
pub fn run(args: RunArgs) -> Result<PathBuf> {
    let config = RunConfig::new(args)?;
    // Ctrl-C and SIGTERM ask the workers to stop; the run then ends with `Interrupted`.
    let _ = ctrlc::set_handler(|| {
        senet_simulation::cancel::CANCEL.store(true, std::sync::atomic::Ordering::Relaxed)
    });
    let staging = crate::report::Staging::create(&config.out)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.args.threads.unwrap_or(0))
        .build()
        .context("starting worker threads")?;
    let started = Instant::now();
    let total = total_games(&config.scenario).expect("checked by RunConfig::new");
    let progress = Progress::start(total, config.args.quiet);
    let keep_games = config.args.games_csv.unwrap_or(0);
    let results = pool.install(|| play_scenario(&config.scenario, keep_games, &progress.done));
    progress.finish();
    interrupted(&config)?;
    let played = started.elapsed();
    crate::report::write(&staging.dir, &config, &results)?;
    interrupted(&config)?;
    staging.commit()?;
    if !config.args.quiet {
        eprintln!(
            "senet-sim: {total} games in {:.1} s ({:.0} games/s); report in {} (open report.html)",
            played.as_secs_f64(),
            total as f64 / played.as_secs_f64(),
            config.out.display()
        );
    }
    Ok(config.out)
}

/// Stops the run once Ctrl-C or SIGTERM was received; the staging folder is then removed.
fn interrupted(config: &RunConfig) -> Result<()> {
    if !senet_simulation::cancel::cancelled() {
        return Ok(());
    }
    let out = &config.out;
    let what = if out.exists() {
        format!("the earlier report in {} is untouched", out.display())
    } else {
        format!("{} was not created", out.display())
    };
    Err(crate::error::Interrupted(what).into())
}
