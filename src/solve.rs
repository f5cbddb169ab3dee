//! `senet-sim solve`: a small game solved exactly, its table saved, and how far each strategy
//! is from optimal play.

use crate::error::{InputError, Interrupted};
use crate::staging::Staging;
use anyhow::{Context, Result};
use senet_report::solved::Solved;
use senet_simulation::cancel::Cancel;
use senet_simulation::exact::analysis::{analyse, check_strategies, AnalysisError, Judging};
use senet_simulation::exact::residual::{residual, STORED_STEP};
use senet_simulation::exact::solve::{self as solving, checkpoint_beside, Request, SolveError};
use senet_simulation::exact::tablefile;
use senet_tables::write::{write_table_with, TableFormat};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use senet_tables::solved as frames;

mod endgame;
mod job;
mod listen;
mod plan;
pub use job::{Job, Method, SolveArgs};
use listen::{begin, listener, sayer, solve_error};

/// Runs `senet-sim solve`: a solve into its folder, a table checked (`--verify`) or a solve's
/// plan printed (`--plan`).
pub fn solve(args: SolveArgs, out: &mut impl Write) -> Result<()> {
    if let Some(dir) = &args.verify {
        return verify(dir, out);
    }
    if args.plan {
        let (title, request) = args.planned()?;
        let plan = senet_simulation::exact::plan::plan(&request.rules).map_err(plan::refused)?;
        return plan::print(&plan, &title, &request, args.endgame, out);
    }
    if let Some(n) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .ok();
    }
    let job = args.job()?;
    match job.endgame {
        Some(from) => endgame::run(job, from, out).map(drop),
        None => run(job, out).map(drop),
    }
}

/// Solves `job`'s game into its folder; returns the folder and what was solved (the first
/// mover's chances, the strategies judged, the critical decisions), for a report to render.
pub fn run(job: Job, out: &mut impl Write) -> Result<(PathBuf, Solved)> {
    let dir = job.dir.clone();
    // Ctrl-C and SIGTERM ask the sweeps to stop; nothing is then written.
    let cancel = begin(&job, out)?;
    let quiet = job.quiet;
    let say = sayer(quiet);
    let request = Request {
        method: match job.method {
            Method::Auto => solving::Method::Auto,
            Method::Graph => solving::Method::Graph,
            Method::Layered => solving::Method::Layered,
        },
        memory: job.memory,
        checkpoint: Some(checkpoint_beside(&dir)),
        save_every: job.save_every,
        optimal_only: job.optimal_only,
        plays: job.plays,
        ..Request::new(job.game.rules.clone(), job.game.device)
    };
    if request.layered() {
        if let Some(warning) = plan::memory_warning(&request, None) {
            say(&warning);
        }
    }
    let solved = compute(&job, &request, &say, &cancel)?;
    let staging = Staging::create(&dir)?;
    write(&staging.dir, &solved, &job)?;
    staging.commit()?;
    let checkpoint = checkpoint_beside(&dir);
    if checkpoint.is_dir() && job.optimal_only {
        // The f64 values of optimal play (4.7 GB with 4 pawns, hours to compute) stay for a
        // later solve without --optimal-only, which adds random play to them.
        say(&format!(
            "kept {}: the same command without --optimal-only resumes from it to add random play",
            checkpoint.display()
        ));
    } else if checkpoint.is_dir() {
        // Opened only when it exists: a graph solve never makes the folder.
        if let Some(c) = request.checkpoint()? {
            c.clear()?;
        }
    }
    if !quiet {
        writeln!(out, "{}", dir.join("report.md").display())?;
    }
    Ok((dir, solved))
}

/// Solves, evaluates random play and judges the strategies, until `cancel` stops the sweeps.
fn compute(job: &Job, request: &Request, say: &dyn Fn(&str), cancel: &Cancel) -> Result<Solved> {
    let variant = job.game.variant;
    let judging = Judging {
        strategies: &job.strategies,
        games: job.games,
        seed: job.seed,
        boards: job.boards,
    };
    // A `td` player with no network for these rules is refused before the solve, not after it.
    check_strategies(variant, request, &judging, cancel).map_err(analysis_error)?;
    let mut listen = listener(job, request, say, cancel);
    let exact = solving::solve(request, cancel, &mut listen)
        .map_err(|e| solve_error(e, request.rules.pawns))?;
    analyse(variant, request, exact, &judging, say, cancel).map_err(analysis_error)
}

/// An analysis's error as the command says it: a strategy as `--strategies`' bad input, a stop
/// as an interruption.
fn analysis_error(e: AnalysisError) -> anyhow::Error {
    match e {
        AnalysisError::Strategy { spec, why } => InputError(format!(
            "--strategies {spec}: {}",
            senet_engine::Chain(&why)
        ))
        .into(),
        AnalysisError::Lengths(SolveError::Interrupted) => {
            Interrupted("nothing was written; the exact lengths were stopped".into()).into()
        }
        AnalysisError::Lengths(other) => other.into(),
    }
}

/// The CSV files of a solve, in the order written.
pub const CSV_FILES: [&str; 4] = [
    "solution.csv",
    "losses.csv",
    "state_metrics.csv",
    "critical.csv",
];

/// Writes table.senet, the [`CSV_FILES`], the boards and report.md.
fn write(dir: &Path, s: &Solved, job: &Job) -> Result<()> {
    let style = job.csv;
    tablefile::save(&s.solution, &dir.join("table.senet"))?;
    let (rules, _) = senet_report::provenance::rule_file(&s.game());
    std::fs::write(dir.join("rules.toml"), rules).context("writing rules.toml")?;
    // A French solve writes its CSV files in RFC 4180 into rfc4180/ too, as a French run does.
    let format = TableFormat::new(style, false, job.lang);
    let exact = exact_digits(s);
    // Decimals to the digits they carry: the chances at the start to the sweeps' tolerance, the
    // last change as an order of magnitude, the rest (judged games, a table's f32 values) to
    // six, as a run's frequencies.
    let digits = |column: &str| match column {
        "first_mover_optimal" | "first_mover_random" => exact,
        "last_change" => 2,
        _ => senet_tables::write::SIGNIFICANT,
    };
    let frames = [
        frames::solution(s)?,
        frames::losses(s)?,
        frames::state_metrics(s)?,
        frames::critical(s)?,
    ];
    for (name, mut frame) in CSV_FILES.into_iter().zip(frames) {
        write_table_with(&mut frame, &dir.join(name), format, digits)?;
    }
    let mut canvas = senet_report::charts::Canvas::new(dir.to_path_buf())?;
    senet_report::charts::solved::draw(&mut canvas, "critical", s, job.lang)?;
    let md = senet_report::solved::markdown(s, job.lang, &job.command, crate::program::PROGRAM);
    std::fs::write(dir.join("report.md"), md).context("writing report.md")
}

/// The significant digits a chance near 1/2 carries when the sweeps stopped at the tolerance
/// of `s` (the larger of optimal and random play's): 9 at 1e-10, 8 at 1e-9.
fn exact_digits(s: &Solved) -> usize {
    let tolerance = s
        .random_effort
        .as_ref()
        .map_or(s.effort.tolerance, |r| r.tolerance.max(s.effort.tolerance));
    (-tolerance.log10()).floor().max(2.0) as usize - 1
}

/// `--verify`: one update step at every position of a saved table, its largest change printed;
/// a change above [`STORED_STEP`] is an error.
fn verify(dir: &Path, out: &mut impl Write) -> Result<()> {
    let file = if dir.is_dir() {
        dir.join("table.senet")
    } else {
        dir.to_path_buf()
    };
    let solution = tablefile::load(&file)
        .map_err(|e| InputError(format!("--verify: {}", senet_engine::Chain(&e))))?;
    let started = Instant::now();
    let r = residual(&solution);
    writeln!(
        out,
        "{}: {} positions ({} a side); one update step changes a value by at most {:.1e} \
         (position {}), the stored step is {:.1e} (f32): {} ({:.1} s)",
        file.display(),
        r.positions,
        match solution.rules.pawns {
            1 => "1 pawn".to_string(),
            k => format!("{k} pawns"),
        },
        r.largest,
        r.at,
        STORED_STEP,
        if r.holds() {
            "ok"
        } else {
            "NOT a solved table"
        },
        started.elapsed().as_secs_f64()
    )?;
    if !r.holds() {
        anyhow::bail!(
            "{}: one update step changes position {} by {:.1e}, more than the stored step {:.1e}",
            file.display(),
            r.at,
            r.largest,
            STORED_STEP
        );
    }
    Ok(())
}
