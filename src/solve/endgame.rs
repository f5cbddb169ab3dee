//! `senet-sim solve --endgame N`: the endgame alone solved into its folder (`table.senet`,
//! `rules.toml`, `report.md`), its checkpoint kept for an endgame of more groups.

use super::job::Job;
use super::listen::{begin, listener, sayer, solve_error};
use crate::staging::Staging;
use anyhow::{Context, Result};
use senet_simulation::exact::solve::{self as solving, checkpoint_beside, Method, Request};
use senet_simulation::exact::tablefile;
use std::io::Write;
use std::path::PathBuf;

/// Solves the endgame of `job`'s game from `from` pawns borne off into its folder; returns the
/// folder.
pub(super) fn run(job: Job, from: u8, out: &mut impl Write) -> Result<PathBuf> {
    let dir = job.dir.clone();
    // Ctrl-C and SIGTERM ask the sweeps to stop; the checkpoint keeps what was done.
    let cancel = begin(&job, out)?;
    let quiet = job.quiet;
    let say = sayer(quiet);
    let request = Request {
        method: Method::Layered,
        memory: job.memory,
        checkpoint: Some(checkpoint_beside(&dir)),
        save_every: job.save_every,
        optimal_only: true,
        ..Request::new(job.game.rules.clone(), job.game.device)
    };
    if let Some(warning) = super::plan::memory_warning(&request, Some(from)) {
        say(&warning);
    }
    let mut listen = listener(&job, &request, &say, &cancel);
    let endgame = solving::solve_endgame(&request, from, &cancel, &mut listen)
        .map_err(|e| solve_error(e, request.rules.pawns))?;
    let staging = Staging::create(&dir)?;
    tablefile::save(&endgame.solution, &staging.dir.join("table.senet"))?;
    let (rules, _) = senet_report::provenance::rule_file(&job.game);
    std::fs::write(staging.dir.join("rules.toml"), rules).context("writing rules.toml")?;
    let md = senet_report::endgame::markdown(
        &job.game,
        &endgame,
        from,
        job.lang,
        (&job.command, crate::program::PROGRAM),
    );
    std::fs::write(staging.dir.join("report.md"), md).context("writing report.md")?;
    staging.commit()?;
    // An endgame of more groups (a smaller N) reads these groups from the checkpoint.
    say(&format!(
        "kept {}: --endgame {} with --out {} resumes from it",
        checkpoint_beside(&dir).display(),
        from.saturating_sub(1).max(1),
        dir.display()
    ));
    if !quiet {
        writeln!(out, "{}", dir.join("report.md").display())?;
    }
    Ok(dir)
}
