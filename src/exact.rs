//! A scenario's exact solution (`exact = "ARM"`, lesson 5): the run solves the arm's game as
//! `senet-sim solve` does and writes it into its report's `exact/`, so that the report carries
//! the exact values its notebook compares with the frequencies.

use crate::config::RunConfig;
use crate::solve::Job;
use anyhow::{Context, Result};
use senet_engine::solve::index::StateIndex;
use senet_engine::throws::Device;
use senet_report::exact::ExactStart;
use senet_simulation::input::rulefile::{changed_keys, Game};
use senet_tables::write::{CsvStyle, RFC4180_DIR};
use std::path::Path;

/// The `senet-sim solve` command that writes the arm's solve again anywhere: its variant, each
/// option it changes, its device, its pawns (the turn cap is the solver's own).
fn replay(arm: &Game) -> String {
    let mut words: Vec<String> = ["senet-sim", "solve", "--variant", arm.variant.id()]
        .map(String::from)
        .to_vec();
    for kv in changed_keys(arm) {
        if !kv.starts_with("pawns =") {
            words.extend(["--set".to_string(), kv]);
        }
    }
    if arm.device != arm.variant.device() {
        words.extend(["--device".to_string(), arm.device.kind().to_string()]);
        if let Device::Sticks { p_marked } = arm.device {
            words.extend(["--p-marked".to_string(), p_marked.to_string()]);
        }
    }
    words.extend(["--pawns".to_string(), arm.rules.pawns.to_string()]);
    crate::config::shell_words(&words)
}

/// Refuses, before any game is played, an `exact` arm whose game the solver cannot take (too
/// many pawns, a rule it does not solve): one line naming the scenario file and the key.
pub fn check<S>(config: &RunConfig<S>) -> Result<()> {
    let Some(i) = config.scenario.exact else {
        return Ok(());
    };
    let arm = &config.scenario.arms[i];
    match StateIndex::new(&arm.rules) {
        Ok(_) => Ok(()),
        Err(e) => crate::error::bad(format!(
            "{}: key 'exact': the game of arm '{}' cannot be solved: {e}",
            config.args.scenario.display(),
            arm.name,
            e = senet_engine::Chain(&e)
        )),
    }
}

/// Solves the `exact` arm of the run's scenario into `report/exact/` (the report being written)
/// and returns its chances at the start, for the report to set beside the simulation;
/// in the report's language and CSV form; a French report
/// also gets those CSV files in RFC 4180 in its `rfc4180/`, beside the run's (Capytale and
/// Basthon read that folder alone).
pub fn write(report: &Path, config: &RunConfig) -> Result<Option<ExactStart>> {
    let Some(i) = config.scenario.exact else {
        return Ok(None);
    };
    let arm = &config.scenario.arms[i];
    let exact = report.join("exact");
    let (game, written) = (arm.game(), (config.lang, config.csv));
    let job = Job::new(game.clone(), exact.clone(), written, replay(&game))?;
    let (_, solved) = crate::solve::run(job, &mut std::io::sink())?;
    let (optimal, random) = solved.start;
    if config.csv == CsvStyle::ExcelFr {
        let (from, to) = (exact.join(RFC4180_DIR), report.join(RFC4180_DIR));
        std::fs::create_dir_all(&to).context("creating rfc4180/")?;
        for name in crate::solve::CSV_FILES {
            std::fs::copy(from.join(name), to.join(name))
                .with_context(|| format!("copying exact/{RFC4180_DIR}/{name}"))?;
        }
    }
    Ok(Some(ExactStart {
        arm: i,
        optimal,
        random,
        solved: Box::new(solved),
    }))
}
