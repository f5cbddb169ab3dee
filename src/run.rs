//! `senet-sim run`: the validated [`RunConfig`], then the games played
//! ([`senet_simulation::play::runner::play_counters`]), then the report written
//! ([`senet_report::write`]) into a temporary folder renamed into place.

use crate::config::{RunArgs, RunConfig};
use crate::error::InputError;
use crate::lang::Lang;
use crate::progress::Progress;
use anyhow::{Context, Result};
use senet_simulation::cancel::Cancel;
use senet_simulation::input::scenario::Scenario;
use senet_simulation::play::runner::{play_counters, results, shard_games};
use senet_simulation::play::shard::Shard;
use senet_simulation::players::Tables;
use std::path::PathBuf;
use std::time::Instant;

/// Runs a scenario and writes its report (or, with `--shard`, the shard's counters); returns
/// the folder written.
pub fn run(args: RunArgs) -> Result<PathBuf> {
    let text =
        senet_simulation::input::read_text(&args.scenario, senet_simulation::input::MAX_TEXT)
            .map_err(|e| InputError(format!("{}: cannot read: {e}", args.scenario.display())))?;
    let scenario = Scenario::parse(&args.scenario, &text).map_err(|e| InputError(e.to_string()))?;
    let config = RunConfig::with_scenario(args, scenario)?;
    crate::exact::check(&config)?;
    // Ctrl-C and SIGTERM ask the workers to stop; the run then ends with `Interrupted`.
    let cancel = crate::signals::cancel_on_signals();
    // The `optimal` players' tables, loaded or solved now (parsing only checked them).
    let mut tables = Tables::new();
    let out = config.out.clone();
    let config = match config.resolve(&mut tables, &cancel) {
        Ok(config) => config,
        Err(_) if cancel.is_cancelled() => return Err(interruption(&out)),
        Err(e) => return Err(InputError(e.to_string()).into()),
    };
    let staging = crate::staging::Staging::create(&config.out)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.args.threads.unwrap_or(0))
        .build()
        .context("starting worker threads")?;
    let started = Instant::now();
    let shard = config.args.shard.unwrap_or(Shard::WHOLE);
    let (counters, total) = if config.args.resume {
        crate::resume::play(&config, &text, &pool, &cancel)?
    } else {
        let total = shard_games(&config.scenario, shard);
        let progress = Progress::start_in(total, config.args.quiet, config.lang);
        let counters =
            pool.install(|| play_counters(&config.scenario, shard, &progress.done, &cancel));
        progress.finish();
        (counters, total)
    };
    interrupted(&config, &cancel)?;
    let played = started.elapsed();
    if config.args.shard.is_some() {
        let manifest = crate::shards::manifest(&config, &text, shard, total);
        senet_tables::shards::write_partial(&staging.dir, &manifest, &counters)?;
    } else {
        let results = results(&config.scenario, counters, &config.keep());
        let exact = crate::exact::write(&staging.dir, &config)?;
        config.write_report(&staging.dir, &results, exact.as_ref())?;
    }
    interrupted(&config, &cancel)?;
    let kept = staging.commit()?;
    // A file the user changed since a run wrote it is said even with --quiet: its name moved.
    for (name, kept_as) in &kept.edited {
        eprintln!(
            "senet-sim: {} was changed since senet-sim wrote it: kept as {} beside the new one",
            config.out.join(name).display(),
            kept_as.display()
        );
    }
    if !config.args.quiet && !kept.files.is_empty() {
        let names: Vec<String> = kept.files.iter().map(|f| f.display().to_string()).collect();
        eprintln!(
            "senet-sim: kept in {} the files no run wrote or that were changed since: {}",
            config.out.display(),
            names.join(", ")
        );
    }
    if config.args.resume {
        crate::resume::finish(&config);
    }
    if !config.args.quiet {
        let (secs, out, l) = (played.as_secs_f64(), config.out.display(), config.lang);
        let (speed, total, secs) = (l.num(total as f64 / secs, 0), l.int(total), l.num(secs, 1));
        match (config.lang, config.args.shard.is_some()) {
            (Lang::En, true) => eprintln!("senet-sim: {total} games in {secs} s ({speed} games/s); the shard's counters in {out} (senet-sim merge makes the report)"),
            (Lang::En, false) => eprintln!("senet-sim: {total} games in {secs} s ({speed} games/s); report in {out} (open report.html)"),
            (Lang::Fr, true) => eprintln!("senet-sim : {total} parties en {secs} s ({speed} parties/s) ; les compteurs de la part dans {out} (senet-sim merge fait le rapport)"),
            (Lang::Fr, false) => eprintln!("senet-sim : {total} parties en {secs} s ({speed} parties/s) ; rapport dans {out} (ouvrir report.html)"),
        }
    }
    Ok(config.out)
}

/// Stops the run once Ctrl-C or SIGTERM was received; the staging folder is then removed.
fn interrupted(config: &RunConfig, cancel: &Cancel) -> Result<()> {
    match cancel.is_cancelled() {
        true => Err(interruption(&config.out)),
        false => Ok(()),
    }
}

/// The error of a run stopped before writing into `out`.
fn interruption(out: &std::path::Path) -> anyhow::Error {
    let what = if out.exists() {
        format!(
            "nothing was written; the earlier report in {} is untouched",
            out.display()
        )
    } else {
        format!("nothing was written; {} was not created", out.display())
    };
    crate::error::Interrupted(what).into()
}
