//! The report folder of a run: CSV tables, charts, `report.md` and `report.html`, written into
//! a temporary folder beside the target and renamed into place only when every file is written.

pub mod charts;
pub mod columns;
pub mod frames;
pub mod html;
pub mod provenance;
pub mod solved;
pub mod tournament;

use crate::config::RunConfig;
use crate::lang::{fill, Lang};
use anyhow::{Context, Result};
use frames::CsvStyle;
use senet_engine::rules::{ExitRule, GameEnd};
use senet_simulation::runner::{ArmResult, RunResults};
use senet_simulation::scenario::Scenario;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A hidden temporary folder beside the target; swapped into place by `commit`, removed if
/// dropped. While it exists it holds an advisory lock on the target (the file `.NAME.lock`
/// beside it, removed with it), so that a second run into the same folder is refused instead
/// of deleting this one's files.
pub struct Staging {
    /// The temporary folder the files are written into.
    pub dir: PathBuf,
    target: PathBuf,
    committed: bool,
    /// The lock file, held (locked) until the staging is dropped, and its path.
    lock: Option<(std::fs::File, PathBuf)>,
}

/// Names beside a target `NAME`: its staging folders, where a previous report waits while it is
/// replaced without an atomic swap, and its lock.
fn sibling(parent: &Path, name: &str, what: &str) -> PathBuf {
    parent.join(format!(".{name}.{what}"))
}

impl Staging {
    /// Locks `target` and creates the temporary folder beside it (and the folders above it).
    /// Leftovers of an interrupted earlier run are cleaned first: its staging folders removed,
    /// a previous report it had moved aside put back (never deleted) when the target is missing.
    pub fn create(target: &Path) -> Result<Staging> {
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
        let lock = lock(&sibling(parent, name, "lock"), target)?;
        // Under the lock, no live run owns these.
        let (partial, previous) = (format!(".{name}.partial-"), format!(".{name}.previous-"));
        for entry in std::fs::read_dir(parent).into_iter().flatten().flatten() {
            let file = entry.file_name();
            let file = file.to_str().unwrap_or("");
            if file.starts_with(&partial) {
                let _ = std::fs::remove_dir_all(entry.path());
            } else if file.starts_with(&previous) {
                if target.exists() {
                    let _ = std::fs::remove_dir_all(entry.path());
                } else {
                    std::fs::rename(entry.path(), target).with_context(|| {
                        format!("putting the previous report back into {}", target.display())
                    })?;
                }
            }
        }
        let dir = sibling(parent, name, &format!("partial-{}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("--out: cannot write in {}", parent.display()))?;
        // The mark of a folder senet-sim wrote: a later run may replace it (config::check_out).
        let marker = "written by senet-sim: a later run with this folder as --out replaces it\n";
        std::fs::write(dir.join(crate::config::MARKER), marker)
            .with_context(|| format!("writing {}", crate::config::MARKER))?;
        Ok(Staging {
            dir,
            target: target.to_path_buf(),
            committed: false,
            lock,
        })
    }

    /// Puts the finished folder in place of the target. On Linux the two folders are swapped
    /// in one step (`renameat2` with `RENAME_EXCHANGE`), then the previous report is removed;
    /// elsewhere (or where the file system cannot swap) the previous report is first moved
    /// aside as `.NAME.previous-PID`, which the next run puts back if this one dies before the
    /// new report is in place.
    pub fn commit(mut self) -> Result<()> {
        if self.target.exists() && exchange(&self.dir, &self.target).is_ok() {
            self.committed = true;
            // The staging folder now holds the previous report.
            std::fs::remove_dir_all(&self.dir)?;
            return Ok(());
        }
        let name = self.dir.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let old = self
            .dir
            .with_file_name(name.replacen(".partial-", ".previous-", 1));
        if self.target.exists() {
            std::fs::rename(&self.target, &old)
                .with_context(|| format!("moving the previous {} aside", self.target.display()))?;
            fault("abort-between-renames");
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
        // The lock file goes while it is still locked (a run that opened it meanwhile finds it
        // gone from the folder and takes a new one: see `lock`).
        if let Some((file, path)) = self.lock.take() {
            let _ = std::fs::remove_file(path);
            drop(file);
        }
    }
}

/// Takes the advisory lock of `target` (file `path`); refused in one line when another run
/// holds it. A file system without locks runs unlocked.
fn lock(path: &Path, target: &Path) -> Result<Option<(std::fs::File, PathBuf)>> {
    // A lock file removed by the run that held it, between this run's open and lock, is no
    // longer the folder's: open the new one again.
    for _ in 0..10 {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path)
            .with_context(|| format!("--out: cannot create {}", path.display()))?;
        match file.try_lock() {
            Ok(()) if same_file(&file, path) => return Ok(Some((file, path.to_path_buf()))),
            Ok(()) => continue,
            Err(std::fs::TryLockError::WouldBlock) => {
                return crate::error::bad(format!(
                    "--out {}: another senet-sim run is writing this report now (it holds {}); wait for it to end or choose another --out",
                    target.display(),
                    path.display()
                ))
            }
            Err(std::fs::TryLockError::Error(_)) => return Ok(None),
        }
    }
    Ok(None)
}

/// Whether the open `file` is still the file at `path`.
#[cfg(unix)]
fn same_file(file: &std::fs::File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

/// Elsewhere a lock file is not replaced while it is open.
#[cfg(not(unix))]
fn same_file(_: &std::fs::File, path: &Path) -> bool {
    path.exists()
}

/// Swaps two folders in one step (Linux's `renameat2` with `RENAME_EXCHANGE`): the one call to
/// C in the program, since the standard library has no swap.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    if std::env::var("SENET_SIM_FAULT").is_ok_and(|f| f == "abort-between-renames") {
        return Err(std::io::Error::other("the move-aside path is under test"));
    }
    let c =
        |p: &Path| std::ffi::CString::new(p.as_os_str().as_bytes()).map_err(std::io::Error::other);
    let (a, b) = (c(a)?, c(b)?);
    // SAFETY: two valid NUL-terminated paths, relative to the current folder.
    let r = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if r == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

/// No atomic swap outside Linux: the caller moves the previous report aside.
#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> std::io::Result<()> {
    Err(std::io::Error::other("no atomic swap here"))
}

/// The fault-injection point `point` of the tests (`SENET_SIM_FAULT=point`): the process stops
/// there at once, as a kill would stop it.
fn fault(point: &str) {
    if std::env::var("SENET_SIM_FAULT").is_ok_and(|f| f == point) {
        std::process::abort();
    }
}

/// Writes every file of the report of `results` into `dir`.
pub fn write(dir: &Path, config: &RunConfig, results: &RunResults) -> Result<()> {
    let (scenario, lang) = (&config.scenario, config.lang);
    std::fs::create_dir_all(dir.join("charts")).context("creating charts/")?;
    let mut md = String::new();
    if !results.arms.is_empty() {
        md = write_arms(dir, config, &results.arms)?;
    }
    if !results.tournaments.is_empty() {
        md.push_str(&tournament::write(
            dir,
            &results.tournaments,
            config.tables(),
            lang,
        )?);
    }
    md.push_str(&provenance::write(dir, scenario, lang)?);
    frames::write_table(
        &mut frames::columns(dir, lang)?,
        &dir.join("columns.csv"),
        config.tables(),
    )?;
    let md = lang.typography(&report_md(scenario, &md, config));
    std::fs::write(dir.join("report.md"), &md).context("writing report.md")?;
    html::write(dir, &md, &scenario.title, lang.code())?;
    Ok(())
}

/// The files of the arms; returns their part of `report.md`.
fn write_arms(dir: &Path, config: &RunConfig, results: &[ArmResult]) -> Result<String> {
    let (scenario, lang, style) = (&config.scenario, config.lang, config.tables());
    if config.args.report.games_csv.is_some() {
        frames::write_table(&mut frames::games(results)?, &dir.join("games.csv"), style)?;
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
        frames::write_table(&mut frame, &dir.join(file), style)?;
    }
    if let Some(mut frame) = frames::throwoffs(results)? {
        frames::write_table(&mut frame, &dir.join("throwoffs.csv"), style)?;
    }
    let charts = charts::draw_all(&dir.join("charts"), results, &scenario.charts, lang)?;
    Ok(arms_md(scenario, results, &charts, lang))
}

fn pct(k: u64, n: u64, l: Lang) -> String {
    let (lo, hi) = senet_simulation::stats::wilson95(k, n);
    let sep = if l == Lang::Fr { "\u{a0};\u{a0}" } else { ", " };
    format!(
        "{} [{}{sep}{}]",
        l.pct(k as f64 / n.max(1) as f64),
        l.num(100.0 * lo, 1),
        l.num(100.0 * hi, 1)
    )
}

/// `report.md`: title, the arms' and tournaments' sections (`body`), the command to reproduce.
fn report_md(s: &Scenario, body: &str, config: &RunConfig) -> String {
    let (opts, l) = (&config.args, config.lang);
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
    if config.csv != CsvStyle::default_for(l) {
        let _ = write!(cmd, " --csv {}", config.csv.name());
    }
    if let Some(n) = opts.report.games_csv {
        let _ = write!(cmd, " --games-csv {n}");
    }
    let _ = write!(cmd, " --lang {}", l.code());
    let _ = writeln!(m, "```sh\n{cmd}\n```\n\n{}", tx.reproduce_note);
    m
}

fn arms_md(s: &Scenario, results: &[ArmResult], charts: &[(String, String)], l: Lang) -> String {
    let tx = l.texts();
    let mut m = String::new();
    let _ = writeln!(m, "{}\n", fill!(tx.games_per_arm, l.int(s.games)));
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
            l.int(a.games),
            pct(a.white_wins, a.games, l),
            pct(a.black_wins, a.games, l),
            pct(a.first_mover_wins, a.games, l),
            l.int(a.unfinished),
            l.num(a.turns.mean(), 1),
            l.num(a.turns.std_dev(), 1),
            l.int(a.turns.quantile(0.5) as u64),
            l.num(a.throws_per_game.mean(), 1)
        );
    }
    for r in (results.iter()).filter(|r| r.arm.rules.end.can_draw()) {
        let a = &r.stats;
        let sentence = match r.arm.rules.end {
            GameEnd::AllOut => tx.draws_sentence,
            _ => tx.draws_on_extra_sentence,
        };
        let _ = writeln!(
            m,
            "\n{}",
            fill!(
                sentence,
                r.arm.name,
                l.int(a.draws),
                l.int(a.games),
                pct(a.draws, a.games, l)
            )
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
                r.arm.rules.first_throw.unwrap_or_default(),
                l.int(a.throwoff_first_thrower),
                l.int(a.throwoffs),
                pct(a.throwoff_first_thrower, a.throwoffs, l),
                l.num(theory, 4)
            )
        );
    }
    let _ = write!(m, "{}", thirty_md(results, l));
    let _ = writeln!(m, "\n{}\n", tx.summary_note);
    let _ = writeln!(m, "## {}\n", tx.charts);
    for (stem, sentence) in charts {
        // The chart, then its caption: report.html makes the pair one figure.
        let _ = writeln!(m, "![{stem}](charts/{stem}.png)\n\n{sentence}\n");
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
            (false, Lang::En) => "a pawn brought exactly onto 30 leaves the board even when another pawn rests there. With the other reading (only onto an empty 30, where a pawn resting on 30 blocks both sides) games last several times longer: `docs/rules.md` gives the figures.",
            (false, Lang::Fr) => "un pion amené exactement sur la case 30 sort du plateau même si un autre pion s'y trouve déjà. Avec l'autre lecture (seulement sur une case 30 vide, si bien qu'un pion posé sur la case 30 bloque les deux camps), les parties durent plusieurs fois plus longtemps : `docs/rules.md` en donne les chiffres.",
            (true, Lang::En) => "a pawn is borne off only onto an empty 30, so a pawn resting on 30 blocks both sides; games last several times longer than with the preset's reading (`docs/rules.md` gives the figures).",
            (true, Lang::Fr) => "un pion ne sort que sur une case 30 vide, si bien qu'un pion posé sur la case 30 bloque les deux camps ; les parties durent plusieurs fois plus longtemps qu'avec la lecture du préréglage (`docs/rules.md` en donne les chiffres).",
        };
        let _ = writeln!(
            m,
            "\n{}",
            fill!(tx.thirty_sentence, names.join(", "), reading)
        );
    }
    m
}
