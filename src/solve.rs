//! `senet-sim solve`: a small game solved exactly, its table saved, and how far each strategy
//! is from optimal play.

use crate::cli::args::{DeviceArgs, VariantArgs};
use crate::error::{InputError, Interrupted};
use crate::lang::Lang;
use crate::report::solved::Solved;
use crate::report::Staging;
use anyhow::{Context, Result};
use clap::Args;
use senet_engine::solve::backup::Pick;
use senet_engine::strategy::spec::StrategySpec;
use senet_engine::strategy::spec::STRATEGY_NAMES;
use senet_simulation::analysis::{analyse, check_strategies, AnalysisError, Judging};
use senet_simulation::cancel::Cancel;
use senet_simulation::layered::Group;
use senet_simulation::residual::{residual, STORED_STEP};
use senet_simulation::solving::{self, checkpoint_beside, Event, Request, SolveError};
use senet_simulation::tablefile;
use senet_tables::write::{write_table_with, CsvStyle, TableFormat};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use senet_tables::solved as frames;

mod job;
pub use job::Job;

/// The strategies judged by default.
const JUDGED: &str = "random,front,back,heuristic,expectimax:1,expectimax:2";

/// The strategies of `--strategies`.
#[derive(Clone, Debug)]
struct StrategyList(Vec<StrategySpec>);

impl std::ops::Deref for StrategyList {
    type Target = [StrategySpec];
    fn deref(&self) -> &[StrategySpec] {
        &self.0
    }
}

/// Strategies separated by commas, where a piece that does not start with a strategy's name
/// (`KEY=VALUE`, a file) continues the strategy before it.
fn strategy_list(text: &str) -> Result<StrategyList, String> {
    let starts_one = |piece: &str| {
        let name = piece.split(':').next().unwrap_or("").trim();
        STRATEGY_NAMES
            .iter()
            .any(|known| known.split([':', '[']).next() == Some(name))
    };
    let mut names: Vec<String> = Vec::new();
    for piece in text.split(',') {
        match names.last_mut() {
            Some(last) if !starts_one(piece) => {
                last.push(',');
                last.push_str(piece);
            }
            _ => names.push(piece.to_string()),
        }
    }
    let specs = names.iter().map(|n| n.parse::<StrategySpec>());
    Ok(StrategyList(
        specs.collect::<Result<_, _>>().map_err(|e| e.to_string())?,
    ))
}

/// Arguments of `senet-sim solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    variant: VariantArgs,
    /// Pawns a side (1 to 4; 3 pawns of tejon: about 3 minutes and 550 MB on 2 cores; 4 pawns:
    /// most of a day and 15 GB, resumable after a stop, see docs/solving.md).
    #[arg(long, required_unless_present = "verify")]
    pawns: Option<u8>,
    /// Check a saved table instead of solving: one update step at every position of
    /// DIR/table.senet (or of the file given), and its largest change printed; a change above
    /// the step of an f32 just below 1 (1.2e-7) is an error (exit status 1).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["pawns", "out"])]
    verify: Option<PathBuf>,
    #[command(flatten)]
    device: DeviceArgs,
    /// Folder of the results (default: solved/VARIANT-PAWNS).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Strategies whose decisions are judged against the table, comma-separated (a piece that
    /// names no strategy belongs to the strategy before it: `heuristic:capture=2,water=-20`,
    /// `td:FILE,endgame=TABLE`, `tdx:1,FILE`).
    #[arg(long, default_value = JUDGED, value_parser = strategy_list)]
    strategies: StrategyList,
    /// Games each judged strategy plays against `optimal` (half as white, half as black).
    #[arg(long, default_value_t = 1000, value_parser = crate::error::number)]
    games: u64,
    /// Seed of those games.
    #[arg(long, default_value_t = 2019, value_parser = crate::error::number)]
    seed: u64,
    /// How many of the positions where the choice matters most are drawn.
    #[arg(long, default_value_t = 6)]
    boards: usize,
    /// CSV dialect (default: rfc4180 in English, excel-fr in French).
    #[arg(long, value_enum)]
    csv: Option<CsvStyle>,
    /// Language of report.md and the boards: en or fr.
    #[arg(long, value_enum, default_value_t = Lang::En)]
    lang: Lang,
    /// Worker threads (default: every core). The results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Print nothing but errors.
    #[arg(long)]
    quiet: bool,
    /// How the values are found: `graph` (the whole outcome graph held in memory: fastest for 1
    /// and 2 pawns), `layered` (group by group of pawns borne off, in place, the outcomes of one
    /// group within --memory, a checkpoint per group, and part-way through a long group, in
    /// DIR.checkpoint/ that a new run after a kill resumes from), or `auto` (layered from 3
    /// pawns).
    #[arg(long, value_enum, default_value_t = Method::Auto)]
    method: Method,
    /// Megabytes for the outcomes of the group being solved (layered); past them, outcomes are
    /// computed again at every sweep (slower, no more memory). Default: 380 up to 3 pawns,
    /// 10000 for 4 (the values themselves take 8 bytes a position, 4.7 GB for 4 pawns).
    #[arg(long, value_name = "MB")]
    memory: Option<u64>,
    /// Minutes between two saves of the group being solved into the checkpoint (layered; it is
    /// also saved when the solve is stopped by Ctrl-C or SIGTERM).
    #[arg(long, value_name = "MINUTES", default_value_t = 10.0, value_parser = crate::error::decimal)]
    save_every: f64,
    /// Solve optimal play only: random play's values, which take about as long again, are not
    /// computed (solution.csv leaves first_mover_random empty and report.md says so); a layered
    /// solve keeps its checkpoint, from which the same command without this flag adds them.
    #[arg(long)]
    optimal_only: bool,
    /// Stop after this many groups, as if killed (tests of the checkpoint).
    #[arg(long, hide = true)]
    stop_after_groups: Option<usize>,
    /// Stop after this many sweeps, as if killed, the group saved part-way (tests).
    #[arg(long, hide = true)]
    stop_after_sweeps: Option<u32>,
}

/// How `solve` finds the values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// Layered from 3 pawns, the graph otherwise.
    Auto,
    /// The whole outcome graph, swept by progress.
    Graph,
    /// Group by group of pawns borne off, in place, with checkpoints.
    Layered,
}

/// Runs `senet-sim solve`; returns the folder written.
pub fn solve(args: SolveArgs, out: &mut impl Write) -> Result<PathBuf> {
    if let Some(dir) = &args.verify {
        return verify(dir, out);
    }
    if let Some(n) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .ok();
    }
    Ok(run(args.job()?, out)?.0)
}

/// Solves `job`'s game into its folder; returns the folder and the first mover's chance
/// under optimal play and under random play (`None` with `--optimal-only`).
pub fn run(job: Job, out: &mut impl Write) -> Result<(PathBuf, (f64, Option<f64>))> {
    let dir = job.dir.clone();
    crate::config::check_out(&dir)?;
    // Ctrl-C and SIGTERM ask the sweeps to stop; nothing is then written.
    let cancel = crate::signals::cancel_on_signals();
    let quiet = job.quiet;
    let say = |text: &str| {
        if !quiet {
            eprintln!("{text}");
        }
    };
    if !quiet {
        writeln!(out, "{}", crate::cli::args::header(&job.game, None, &[]))?;
    }
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
        ..Request::new(job.game.rules.clone(), job.game.device)
    };
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
    Ok((dir, solved.start))
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
    let tolerance = request.tolerance();
    let pawns = request.rules.pawns;
    let (mut built, mut shown) = (0.0, Instant::now());
    // The test stops, as if killed: a cancel after so many groups or sweeps.
    let (mut groups, mut sweeps) = (0, 0);
    let mut listen = |event: Event| match event {
        Event::Begins {
            pick: Pick::Best,
            layered,
        } => say(&format!(
            "solving {variant} with {pawns} pawns a side{}: optimal play",
            if layered { ", layer by layer" } else { "" }
        )),
        Event::Begins { .. } => say("random play for both sides"),
        Event::Built(seconds) => built = seconds,
        Event::Sweep(n, change, seconds) if n.is_multiple_of(10) || change <= tolerance => say(
            &format!("  sweep {n}: largest change {change:.1e} ({seconds:.0} s)"),
        ),
        Event::Sweep(..) => {}
        Event::Done(Pick::Best, effort) if !request.layered() => say(&format!(
            "  {} positions, {} sweeps, {:.1} s ({built:.1} s to build the outcome graph)",
            effort.positions, effort.sweeps, effort.seconds
        )),
        Event::Done(..) => {}
        Event::Resumed(r) => {
            let partial = r.partial.map_or(String::new(), |(off, sweeps, _)| {
                format!(", and {off} pawns borne off after {sweeps} sweeps")
            });
            let dir = request.checkpoint.as_deref().unwrap_or(Path::new(""));
            say(&format!(
                "  read from {}: the groups of {:?} pawns borne off{partial}",
                dir.display(),
                r.solved
            ))
        }
        Event::Group(g) => {
            say(&group_line(g));
            groups += 1;
            if job.stops.0.is_some_and(|n| groups >= n) {
                cancel.cancel();
            }
        }
        // Every minute at most, and at every save.
        Event::Swept(now, saved) => {
            if saved || shown.elapsed().as_secs() >= 60 {
                shown = Instant::now();
                say(&format!(
                    "  pawns borne off {}: sweep {}, largest change {:.1e}, {:.0} s{}",
                    now.off,
                    now.sweeps,
                    now.change,
                    now.seconds,
                    if saved { " (saved)" } else { "" }
                ))
            }
            sweeps += 1;
            if job.stops.1.is_some_and(|n| sweeps >= n) {
                cancel.cancel();
            }
        }
    };
    let exact = solving::solve(request, cancel, &mut listen).map_err(|e| match e {
        SolveError::Interrupted => {
            Interrupted("nothing was written; the solve was stopped".into()).into()
        }
        SolveError::Stopped(dir) => Interrupted(format!(
            "the solve was stopped; what it had done is in {}, which the same command resumes from",
            dir.display()
        ))
        .into(),
        SolveError::GraphTooBig(_) => anyhow::Error::from(InputError(format!(
            "--method graph: {pawns} pawns a side would not fit in memory as an outcome graph; \
             use --method layered"
        ))),
        other => other.into(),
    })?;
    analyse(variant, request, exact, &judging, say, cancel).map_err(analysis_error)
}

/// An analysis's error as the command says it: a strategy as `--strategies`' bad input, a stop
/// as an interruption.
fn analysis_error(e: AnalysisError) -> anyhow::Error {
    match e {
        AnalysisError::Strategy { spec, why } => {
            InputError(format!("--strategies {spec}: {why}")).into()
        }
        AnalysisError::Lengths(SolveError::Interrupted) => {
            Interrupted("nothing was written; the exact lengths were stopped".into()).into()
        }
        AnalysisError::Lengths(other) => other.into(),
    }
}

/// What `solve` prints of a group solved.
fn group_line(g: &Group) -> String {
    format!(
        "  pawns borne off {}: {} positions, {} sweeps, {:.1} s, {:.0} MB of outcomes kept for {} positions",
        g.off,
        g.positions,
        g.sweeps,
        g.seconds,
        g.bytes as f64 / 1e6,
        g.stored
    )
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
    let (rules, _) = crate::report::provenance::rule_file(&s.game());
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
    crate::report::charts::solved::draw(dir, s, job.lang)?;
    let md = crate::report::solved::markdown(s, job.lang, &job.command);
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
fn verify(dir: &Path, out: &mut impl Write) -> Result<PathBuf> {
    let file = if dir.is_dir() {
        dir.join("table.senet")
    } else {
        dir.to_path_buf()
    };
    let solution = tablefile::load(&file).map_err(|e| InputError(format!("--verify: {e}")))?;
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
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_and_value_belongs_to_the_strategy_before_it() {
        let list = strategy_list(
            "random,heuristic:capture=2,water=-20,td:w.td,endgame=t.senet,tdx:1,w.td,td",
        )
        .unwrap();
        let names: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        assert_eq!(
            names,
            [
                "random",
                "heuristic:capture=2,water=-20",
                "td:w.td,endgame=t.senet",
                "tdx:1,w.td",
                "td"
            ]
        );
        assert!(strategy_list("random,genius").is_err());
    }
}
