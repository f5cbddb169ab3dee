//! `senet-sim run`: play a scenario, then write its report folder all at once (a temporary
//! folder beside it, renamed into place only when every file is written).

use crate::charts;
use crate::cli::InputError;
use crate::frames::{self, ArmResult, CsvStyle};
use crate::lang::{fill, Lang};
use crate::tournament_report::{self, TournamentResult};
use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use senet_engine::rules::ExitRule;
use senet_simulation::runner::{first_games, first_throws, run_arm};
use senet_simulation::scenario::Scenario;
use senet_simulation::tournament::pairings;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Throws kept, in order, for the law-of-large-numbers chart.
const FIRST_THROWS: usize = 10_000;

/// Options of one run, from the command line.
pub struct RunOptions {
    /// The scenario file.
    pub scenario: PathBuf,
    /// Output folder (default `reports/<name>`).
    pub out: Option<PathBuf>,
    /// Games per arm, overriding the scenario's.
    pub games: Option<u64>,
    /// Seed, overriding the scenario's.
    pub seed: Option<u64>,
    /// Worker threads (default: every core).
    pub threads: Option<usize>,
    /// No progress output.
    pub quiet: bool,
    /// CSV flavour.
    pub csv: CsvStyle,
    /// Rows of `games.csv` per arm (none: no file).
    pub games_csv: Option<u64>,
    /// Language of charts and report (default: the scenario's `lang`, else English).
    pub lang: Option<Lang>,
}

/// Prints progress on stderr while games are played: a bar on a terminal, a line every few
/// seconds otherwise, nothing when quiet.
struct Progress {
    done: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    handle: Option<std::thread::JoinHandle<()>>,
}

impl Progress {
    fn start(total: u64, quiet: bool) -> Progress {
        let done = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let handle = (!quiet).then(|| {
            let (done, stop) = (done.clone(), stop.clone());
            std::thread::spawn(move || report_progress(total, &done, &stop))
        });
        Progress { done, stop, handle }
    }

    fn finish(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

fn report_progress(total: u64, done: &AtomicU64, stop: &AtomicBool) {
    let start = Instant::now();
    if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games  {msg}  about {eta} left")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        while !stop.load(Ordering::Relaxed) {
            let d = done.load(Ordering::Relaxed);
            bar.set_position(d);
            bar.set_message(format!(
                "{:.0} games/s",
                d as f64 / start.elapsed().as_secs_f64().max(1e-3)
            ));
            std::thread::sleep(Duration::from_millis(100));
        }
        bar.set_position(done.load(Ordering::Relaxed));
        bar.finish_and_clear();
        return;
    }
    let mut last = Instant::now();
    while !stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        if last.elapsed() >= Duration::from_secs(5) {
            last = Instant::now();
            let d = done.load(Ordering::Relaxed);
            let rate = d as f64 / start.elapsed().as_secs_f64();
            let left = if rate > 0.0 {
                (total - d) as f64 / rate
            } else {
                0.0
            };
            eprintln!("senet-sim: {d}/{total} games ({rate:.0} games/s), about {left:.0} s left");
        }
    }
}

/// Runs a scenario and writes its report; returns the report folder.
pub fn run(opts: &RunOptions) -> Result<PathBuf> {
    let mut scenario = Scenario::load(&opts.scenario).map_err(|e| InputError(e.to_string()))?;
    if let Some(g) = opts.games {
        if g == 0 {
            return Err(InputError("--games must be at least 1".into()).into());
        }
        scenario.games = g;
        for t in &mut scenario.tournaments {
            t.games = g.max(2).next_multiple_of(2);
        }
    }
    if let Some(s) = opts.seed {
        scenario.seed = s;
    }
    if opts.threads == Some(0) {
        return Err(InputError("--threads must be at least 1".into()).into());
    }
    let out = opts
        .out
        .clone()
        .unwrap_or_else(|| Path::new("reports").join(&scenario.name));
    if out.exists() && !out.is_dir() {
        return Err(InputError(format!(
            "--out {}: exists and is not a folder",
            out.display()
        ))
        .into());
    }
    let staging = Staging::create(&out)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads.unwrap_or(0))
        .build()
        .context("starting worker threads")?;
    let started = Instant::now();
    let total = scenario.games * scenario.arms.len() as u64
        + scenario
            .tournaments
            .iter()
            .map(|t| t.games * pairings(t.strategies.len()).len() as u64)
            .sum::<u64>();
    let progress = Progress::start(total, opts.quiet);
    let results: Vec<ArmResult> = pool.install(|| {
        scenario
            .arms
            .iter()
            .enumerate()
            .map(|(i, arm)| ArmResult {
                arm,
                stats: run_arm(arm, i, scenario.games, scenario.seed, &progress.done),
                first_throws: first_throws(arm, i, scenario.seed, FIRST_THROWS),
            })
            .collect()
    });
    let tournaments: Vec<TournamentResult> = pool.install(|| {
        scenario
            .tournaments
            .iter()
            .enumerate()
            .map(|(i, t)| TournamentResult::new(t, t.play(i, scenario.seed, &progress.done)))
            .collect()
    });
    progress.finish();
    let played = started.elapsed();
    let lang = opts
        .lang
        .or_else(|| scenario.lang.as_deref().and_then(Lang::from_code))
        .unwrap_or_default();
    write_report(&staging.dir, &scenario, &results, &tournaments, opts, lang)?;
    staging.commit()?;
    if !opts.quiet {
        eprintln!(
            "senet-sim: {total} games in {:.1} s ({:.0} games/s); report in {}",
            played.as_secs_f64(),
            total as f64 / played.as_secs_f64(),
            out.display()
        );
    }
    Ok(out)
}

/// A hidden temporary folder beside the target; renamed into place by `commit`, removed if dropped.
struct Staging {
    dir: PathBuf,
    target: PathBuf,
    committed: bool,
}

impl Staging {
    fn create(target: &Path) -> Result<Staging> {
        let parent = target
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let name = target
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("report");
        std::fs::create_dir_all(parent)
            .with_context(|| format!("--out: cannot create {}", parent.display()))?;
        // Leftovers of an interrupted earlier run of the same report are removed first.
        let prefix = format!(".{name}.partial-");
        for entry in std::fs::read_dir(parent).into_iter().flatten().flatten() {
            if entry
                .file_name()
                .to_str()
                .is_some_and(|n| n.starts_with(&prefix))
            {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
        let dir = parent.join(format!("{prefix}{}", std::process::id()));
        std::fs::create_dir_all(dir.join("charts"))
            .with_context(|| format!("--out: cannot write in {}", parent.display()))?;
        Ok(Staging {
            dir,
            target: target.to_path_buf(),
            committed: false,
        })
    }

    fn commit(mut self) -> Result<()> {
        let old = self.dir.with_extension("old");
        if self.target.exists() {
            std::fs::rename(&self.target, &old)
                .with_context(|| format!("moving the previous {} aside", self.target.display()))?;
        }
        std::fs::rename(&self.dir, &self.target)
            .with_context(|| format!("renaming the report into {}", self.target.display()))?;
        self.committed = true;
        if old.exists() {
            std::fs::remove_dir_all(&old)?;
        }
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

fn write_report(
    dir: &Path,
    scenario: &Scenario,
    results: &[ArmResult],
    tournaments: &[TournamentResult],
    opts: &RunOptions,
    lang: Lang,
) -> Result<()> {
    let mut md = String::new();
    if !results.is_empty() {
        md = write_arms(dir, scenario, results, opts, lang)?;
    }
    if !tournaments.is_empty() {
        md.push_str(&tournament_report::write(dir, tournaments, opts.csv, lang)?);
    }
    frames::write_csv(
        &mut frames::columns(dir, lang)?,
        &dir.join("columns.csv"),
        opts.csv,
    )?;
    let md = report_md(scenario, &md, opts, lang);
    std::fs::write(dir.join("report.md"), &md).context("writing report.md")?;
    crate::html::write(dir, &md, &scenario.title, lang.code())?;
    Ok(())
}

/// The files of the arms; returns their part of `report.md`.
fn write_arms(
    dir: &Path,
    scenario: &Scenario,
    results: &[ArmResult],
    opts: &RunOptions,
    lang: Lang,
) -> Result<String> {
    let style = opts.csv;
    if let Some(n) = opts.games_csv {
        let rows: Vec<_> = results
            .iter()
            .enumerate()
            .map(|(i, r)| {
                (
                    r.arm,
                    first_games(r.arm, i, scenario.seed, n.min(scenario.games)),
                )
            })
            .collect();
        frames::write_csv(&mut frames::games(&rows)?, &dir.join("games.csv"), style)?;
    }
    let tables = [
        ("summary.csv", frames::summary(results)?),
        ("throws.csv", frames::throws(results)?),
        (
            "lengths.csv",
            frames::lengths(results, "turns", |a| &a.turns)?,
        ),
        (
            "lengths_throws.csv",
            frames::lengths(results, "throws", |a| &a.throws_per_game)?,
        ),
        (
            "lengths_moves.csv",
            frames::lengths(results, "moves", |a| &a.moves_per_game)?,
        ),
        ("squares.csv", frames::squares(results)?),
        ("first_throws.csv", frames::first_throws(results)?),
        ("waits.csv", frames::waits_frame(results)?),
    ];
    for (file, mut frame) in tables {
        frames::write_csv(&mut frame, &dir.join(file), style)?;
    }
    let charts = charts::draw_all(&dir.join("charts"), results, lang)?;
    Ok(arms_md(scenario, results, &charts, lang))
}

fn pct(k: u64, n: u64, l: Lang) -> String {
    let (lo, hi) = senet_simulation::stats::wilson95(k, n);
    let sep = if l == Lang::Fr { " ;" } else { "," };
    format!(
        "{} [{}{sep} {}]",
        l.pct(k as f64 / n.max(1) as f64),
        l.num(100.0 * lo, 1),
        l.num(100.0 * hi, 1)
    )
}

/// `report.md`: title, the arms' and tournaments' sections (`body`), the command to reproduce.
fn report_md(s: &Scenario, body: &str, opts: &RunOptions, l: Lang) -> String {
    let tx = l.texts();
    let mut m = String::new();
    let _ = writeln!(m, "# {}\n", s.title);
    let _ = writeln!(m, "{}\n", fill!(tx.scenario_line, s.path.display(), s.seed));
    m.push_str(body);
    let _ = writeln!(m, "## {}\n", tx.reproduce);
    let mut cmd = format!(
        "senet-sim run {} --seed {}",
        opts.scenario.display(),
        s.seed
    );
    if let Some(g) = opts.games {
        let _ = write!(cmd, " --games {g}");
    }
    if let Some(out) = &opts.out {
        let _ = write!(cmd, " --out {}", out.display());
    }
    if opts.csv == CsvStyle::ExcelFr {
        cmd.push_str(" --csv excel-fr");
    }
    if let Some(n) = opts.games_csv {
        let _ = write!(cmd, " --games-csv {n}");
    }
    let _ = write!(cmd, " --lang {}", l.code());
    let _ = writeln!(m, "```sh\n{cmd}\n```\n\n{}", tx.reproduce_note);
    m
}

fn arms_md(s: &Scenario, results: &[ArmResult], charts: &[(String, String)], l: Lang) -> String {
    let tx = l.texts();
    let mut m = String::new();
    let _ = writeln!(m, "{}\n", fill!(tx.games_per_arm, s.games));
    let _ = writeln!(m, "{}", tx.summary_header);
    let _ = writeln!(m, "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for r in results {
        let a = &r.stats;
        let _ = writeln!(
            m,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} ({}) | {} | {} |",
            r.arm.name,
            r.arm.variant,
            l.device(&r.arm.device),
            a.games,
            pct(a.white_wins, a.games, l),
            pct(a.black_wins, a.games, l),
            pct(a.first_mover_wins, a.games, l),
            a.unfinished,
            l.num(a.turns.mean(), 1),
            l.num(a.turns.std_dev(), 1),
            a.turns.quantile(0.5),
            l.num(a.throws_per_game.mean(), 1)
        );
    }
    for r in results.iter().filter(|r| r.stats.throwoffs > 0) {
        let a = &r.stats;
        let theory =
            senet_simulation::stats::throwoff_theory(&r.arm.rules, &r.arm.device).unwrap_or(0.0);
        let _ = writeln!(
            m,
            "\n{}",
            fill!(
                tx.throwoff_sentence,
                r.arm.name,
                r.arm.rules.first_throw,
                a.throwoff_first_thrower,
                a.throwoffs,
                pct(a.throwoff_first_thrower, a.throwoffs, l),
                l.num(theory, 4)
            )
        );
    }
    let _ = write!(m, "{}", thirty_md(results, l));
    let _ = writeln!(m, "\n{}\n", tx.summary_note);
    let _ = writeln!(m, "## {}\n", tx.charts);
    for (stem, sentence) in charts {
        let _ = writeln!(m, "{sentence}\n\n![{stem}](charts/{stem}.png)\n");
    }
    m
}

/// One sentence per reading of square 30 used by the arms that bear off onto it (`kendall`):
/// their game length rests on it (`docs/rules.md`).
fn thirty_md(results: &[ArmResult], l: Lang) -> String {
    let tx = l.texts();
    let mut m = String::new();
    for blocks in [false, true] {
        let names: Vec<String> = results
            .iter()
            .filter(|r| r.arm.rules.exit == ExitRule::OnThirty)
            .filter(|r| r.arm.rules.thirty_blocks_exit == blocks)
            .map(|r| l.quote(&r.arm.name))
            .collect();
        if names.is_empty() {
            continue;
        }
        let reading = match (blocks, l) {
            (false, Lang::En) => "a pawn brought exactly onto 30 leaves the board even when another pawn rests there. With the other reading (`thirty_blocks_exit = true`: only onto an empty 30) random games with coins last about 1,530 turns instead of 413.",
            (false, Lang::Fr) => "un pion amené exactement sur la case 30 sort du plateau même si un autre pion s'y trouve déjà. Avec l'autre lecture (`thirty_blocks_exit = true` : seulement sur une case 30 vide), les parties au hasard avec des pièces durent environ 1 530 tours au lieu de 413.",
            (true, Lang::En) => "a pawn is borne off only onto an empty 30 (`thirty_blocks_exit = true`), so a pawn resting on 30 blocks both sides; random games with coins last about 1,530 turns instead of 413 with the preset's reading.",
            (true, Lang::Fr) => "un pion ne sort que sur une case 30 vide (`thirty_blocks_exit = true`), si bien qu'un pion posé sur la case 30 bloque les deux camps ; les parties au hasard avec des pièces durent environ 1 530 tours au lieu de 413 avec la lecture du préréglage.",
        };
        let _ = writeln!(
            m,
            "\n{}",
            fill!(tx.thirty_sentence, names.join(", "), reading)
        );
    }
    m
}

/// Peak resident memory of this process in kB (Linux `VmHWM`), if known.
fn peak_memory_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// `senet-sim bench`: games (random by default) through the same parallel runner as `run`, timed, with the
/// count of games and throws checked before the figures are printed.
pub fn bench(
    variant: &str,
    players: [&str; 2],
    games: u64,
    threads: Option<usize>,
    out: &mut impl std::io::Write,
) -> Result<()> {
    let rules = senet_engine::rules::Rules::preset(variant)
        .map_err(|e| InputError(format!("--variant: {e}")))?;
    if games == 0 || threads == Some(0) {
        return Err(InputError("--games and --threads must be at least 1".into()).into());
    }
    let arm = senet_simulation::scenario::Arm {
        name: "bench".into(),
        variant: variant.into(),
        rules,
        device: senet_simulation::scenario::default_device(variant),
        white: players[0].into(),
        black: players[1].into(),
    };
    for (flag, name) in ["--white", "--black"].iter().zip(players) {
        senet_engine::strategy::StrategySpec::parse(name)
            .map_err(|e| InputError(format!("{flag}: {e}")))?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()?;
    let done = AtomicU64::new(0);
    let start = Instant::now();
    let stats = pool.install(|| run_arm(&arm, 0, games, 1, &done));
    let secs = start.elapsed().as_secs_f64();
    anyhow::ensure!(
        stats.games == games && done.load(Ordering::Relaxed) == games,
        "every game was played"
    );
    let throws = stats.total_throws();
    writeln!(
        out,
        "variant {variant}, {games} games of {} (white) against {} (black) on {} threads",
        players[0],
        players[1],
        pool.current_num_threads()
    )?;
    writeln!(
        out,
        "time {secs:.2} s: {:.0} games/s, {:.1} M throws/s",
        games as f64 / secs,
        throws as f64 / secs / 1e6
    )?;
    writeln!(
        out,
        "mean turns {:.1}, unfinished {}",
        stats.turns.mean(),
        stats.unfinished
    )?;
    if let Some(kb) = peak_memory_kb() {
        writeln!(out, "peak memory {:.1} MB", kb as f64 / 1024.0)?;
    }
    Ok(())
}
