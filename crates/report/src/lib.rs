//! The report of a run, rendered from its results in memory: CSV (and Parquet) tables, charts
//! as PNG and SVG, `report.md` and a self-contained `report.html`, written into a folder the
//! caller owns (the command line stages it beside the target and swaps it in whole). Nothing is
//! read back and no game is played: the results carry the throw law, the solve's analysis and
//! the recorded games, and each SVG drawn is kept in memory for `report.html`.
//!
//! ```no_run
//! # fn demo(results: &senet_simulation::RunResults, scenario: &senet_simulation::Scenario)
//! #     -> Result<(), senet_report::ReportError> {
//! use senet_report::{Program, Setup};
//! use senet_tables::{CsvStyle, Lang, TableFormat};
//! let setup = Setup {
//!     scenario,
//!     lang: Lang::Fr,
//!     tables: TableFormat::new(CsvStyle::ExcelFr, false, Lang::Fr),
//!     games_csv: false,
//!     records: false,
//!     class: &[],
//!     reproduce: "senet-sim run scenarios/coins-vs-sticks.toml",
//!     program: Program { version: "0.1.0", commit: "unknown", toolchain: "rustc 1.95.0" },
//! };
//! senet_report::write(std::path::Path::new("out"), &setup, results, None)?;
//! # Ok(()) }
//! ```

mod answers;
pub mod charts;
mod class;
mod command;
mod compare;
pub mod endgame;
mod error;
pub mod exact;
mod further;
mod html;
mod interval;
mod live;
pub mod provenance;
mod records;
pub mod review;
pub mod solved;
mod tournament;

pub use command::RunCommand;
pub use error::{ReportError, Result};
pub use exact::ExactStart;
pub use solved::Solved;

use charts::Canvas;
use error::write_file;
use interval::pct;
use senet_classroom::ClassFile;
use senet_engine::rules::{ExitRule, GameEnd};
use senet_simulation::input::scenario::{Audience, QuestionChart, Scenario};
use senet_simulation::play::metrics::Metrics;
use senet_simulation::play::runner::{ArmResult, RunResults};
use senet_tables::fill;
use senet_tables::frames;
use senet_tables::lang::Lang;
use senet_tables::write::{write_table, Headers, TableFormat};
use std::fmt::Write as _;
use std::path::Path;

/// The program that writes a report, named in `report.md` and `provenance.json`.
#[derive(Clone, Copy, Debug)]
pub struct Program<'a> {
    /// Its version (`0.1.0`).
    pub version: &'a str,
    /// The commit it was built from (12 hexadecimal digits, `+modified`, or `unknown`).
    pub commit: &'a str,
    /// The compiler that built it (`rustc 1.95.0 (...)`).
    pub toolchain: &'a str,
}

impl Program<'_> {
    /// `senet-sim 0.1.0, commit 0123456789ab`.
    pub fn identity(&self) -> String {
        format!("senet-sim {}, commit {}", self.version, self.commit)
    }
}

/// What a report is made of besides the results: the scenario played (overrides applied), the
/// language and table format, which optional files to write, the class throws read for its
/// arms, the command that writes it again and the program writing it.
#[derive(Clone, Copy, Debug)]
pub struct Setup<'a> {
    /// The scenario, as played.
    pub scenario: &'a Scenario,
    /// The language of every word written.
    pub lang: Lang,
    /// How the tables are written (CSV dialect, Parquet beside).
    pub tables: TableFormat,
    /// Write `games.csv` (the games the results kept).
    pub games_csv: bool,
    /// Write `records/` (the recorded games the results kept).
    pub records: bool,
    /// Each arm's class throws, in the scenario's order (empty: none).
    pub class: &'a [Option<ClassFile>],
    /// The command that writes the same report again ([`RunCommand::text`]).
    pub reproduce: &'a str,
    /// The program writing the report.
    pub program: Program<'a>,
}

impl<'a> Setup<'a> {
    /// The arms that have class throws, with them.
    fn with_class(&self, results: &'a [ArmResult]) -> Vec<(&'a ArmResult, &'a ClassFile)> {
        (results.iter().zip(self.class))
            .filter_map(|(r, c)| c.as_ref().map(|c| (r, c)))
            .collect()
    }
}

/// Writes every file of the report of `results` into `dir` (made if missing).
/// `exact`: the solved game's chances at the start, when the scenario asks for it.
pub fn write(
    dir: &Path,
    setup: &Setup,
    results: &RunResults,
    exact: Option<&ExactStart>,
) -> Result<()> {
    let (scenario, lang) = (setup.scenario, setup.lang);
    let mut canvas = Canvas::new(dir.join("charts"))?;
    let mut md = String::new();
    // The header of each CSV file written, for columns.csv.
    let mut written = Headers::new();
    if !results.arms.is_empty() {
        md = write_arms(
            dir,
            setup,
            &results.arms,
            exact,
            (&mut canvas, &mut written),
        )?;
    }
    if !results.tournaments.is_empty() {
        md.push_str(&tournament::write(
            dir,
            &results.tournaments,
            (setup.tables, &mut written, &mut canvas),
            lang,
            scenario.audience == Audience::Class,
        )?);
    }
    md.push_str(&provenance::write(dir, scenario, lang)?);
    provenance::write_record(dir, scenario, setup.reproduce, setup.program)?;
    write_table(
        &mut frames::columns(&written, lang)?,
        &dir.join("columns.csv"),
        setup.tables,
    )?;
    let md = lang.typography(&report_md(scenario, &md, setup));
    write_file(dir.join("report.md"), &md)?;
    // A class's report has the form where the teacher types the class's counts.
    let form = match scenario.audience {
        Audience::Class if md.contains(live::MARKER) => {
            live::form(&results.arms, &form_setup(setup), lang)
        }
        _ => String::new(),
    };
    // A pupils' report prints its question: the lycée section and the teacher's part are
    // on screen only.
    let further = format!("## {}\n", further::title(lang));
    let print = (scenario.audience == Audience::Class).then(|| html::PrintQuestion {
        heading: match md.contains(&further) {
            true => further::title(lang),
            false => lang.texts().all_figures,
        },
        note: lang.texts().r_rest_report_going_further,
    });
    let page = html::page(
        &md,
        canvas.svgs(),
        &form,
        (&scenario.title, lang.code()),
        print,
    )?;
    write_file(dir.join("report.html"), page)
}

/// What the live form keeps and estimates: the lesson's name, and the marked faces of the
/// values of the first arm with class throws (where they are those of the form's values).
fn form_setup<'a>(setup: &Setup<'a>) -> live::FormSetup<'a> {
    let scenario = setup.scenario;
    let faces = (setup.class.iter().zip(&scenario.arms)).find_map(|(class, arm)| {
        let values = &class.as_ref()?.class.values;
        let faces = senet_classroom::marked_faces(&arm.rules, &arm.device, values)?;
        Some((values.clone(), faces))
    });
    live::FormSetup {
        name: &scenario.name,
        faces,
    }
}

/// The files of the arms; returns their part of `report.md`.
fn write_arms(
    dir: &Path,
    setup: &Setup,
    results: &[ArmResult],
    exact: Option<&ExactStart>,
    (canvas, written): (&mut Canvas, &mut Headers),
) -> Result<String> {
    let (scenario, lang, style) = (setup.scenario, setup.lang, setup.tables);
    if setup.games_csv {
        let header = write_table(&mut frames::games(results)?, &dir.join("games.csv"), style)?;
        written.insert("games.csv".into(), header);
    }
    if setup.records {
        records::write(&dir.join("records"), results, &setup.program.identity())?;
    }
    for (name, mut frame) in senet_tables::run_tables::arm_tables(results)? {
        let file = format!("{name}.csv");
        written.insert(
            file.clone(),
            write_table(&mut frame, &dir.join(&file), style)?,
        );
    }
    let class_bars = setup
        .class
        .iter()
        .flatten()
        .next()
        .map(|f| charts::ClassBars {
            name: match (lang, f.class.is_example()) {
                (Lang::Fr, false) => "la classe".into(),
                (Lang::Fr, true) => "les groupes d'exemple".into(),
                (Lang::En, false) => "the class".into(),
                (Lang::En, true) => "the example groups".into(),
            },
            frequencies: (f.class.values.iter().copied())
                .zip(
                    f.class
                        .totals()
                        .iter()
                        .map(|&c| senet_classroom::rate(c, f.class.throws())),
                )
                .collect(),
        });
    let asked = (scenario.charts.as_slice(), class_bars.as_ref());
    let charts = charts::draw_all(canvas, results, asked, lang)?;
    let class = class::write(
        dir,
        &setup.with_class(results),
        results,
        (style, written, canvas),
        lang,
    )?;
    let solved = match exact {
        Some(e) => exact::solved_md(canvas, e, lang)?,
        None => String::new(),
    };
    Ok(arms_md(
        scenario, results, &charts, exact, &class, &solved, lang,
    ))
}

/// `report.md`: title, the arms' and tournaments' sections (`body`), the command to reproduce
/// and the program that wrote it.
fn report_md(s: &Scenario, body: &str, setup: &Setup) -> String {
    let l = setup.lang;
    let tx = l.texts();
    let mut m = String::new();
    let _ = writeln!(m, "# {}\n", s.title);
    // A pupils' report names no file: « Reproduire », at its end, has the scenario and seed.
    if s.audience != Audience::Class {
        let _ = writeln!(m, "{}\n", fill!(tx.scenario_line, s.path.display(), s.seed));
    }
    m.push_str(body);
    let _ = writeln!(m, "## {}\n", tx.reproduce);
    let cmd = setup.reproduce;
    let _ = writeln!(m, "```sh\n{cmd}\n```\n\n{}\n", tx.reproduce_note);
    let _ = writeln!(m, "{}", fill!(tx.made_by, setup.program.identity()));
    m
}

fn arms_md(
    s: &Scenario,
    results: &[ArmResult],
    charts: &[(String, String)],
    exact: Option<&exact::ExactStart>,
    class: &class::Section,
    solved: &str,
    l: Lang,
) -> String {
    let tx = l.texts();
    // A scenario that asks its own charts (a lesson) opens with its question: those charts and
    // what they measure; every other figure follows.
    // The chart of an asked id: its stem is the id, or the id and an arm's name.
    let asked_as = |stem: &str| {
        s.charts.iter().position(|c| {
            let id = c.id();
            stem == id || stem.starts_with(&format!("{id}-"))
        })
    };
    let (mut asked, others): (Vec<_>, Vec<_>) = charts
        .iter()
        .partition(|(stem, _)| asked_as(stem).is_some());
    // In the order the scenario asks them.
    asked.sort_by_key(|(stem, _)| asked_as(stem));
    let asks_throw_off = s.charts.contains(&QuestionChart::ThrowOff);
    let has_question = !asked.is_empty() || exact.is_some() || !class.question.is_empty();
    let pupils = s.audience == Audience::Class && has_question;
    // A class's report: lycée charts (the geometric law, log axes) leave the question for the
    // lycée section, and so do the intervals.
    let lycee = |stem: &str| {
        pupils
            && (stem.starts_with("convergence-")
                || [QuestionChart::ThrowOff, QuestionChart::ExitWaits]
                    .iter()
                    .any(|c| stem.starts_with(&format!("{}-", c.id()))))
    };
    let (further_charts, asked): (Vec<_>, Vec<_>) =
        asked.into_iter().partition(|(st, _)| lycee(st));
    let (more, others): (Vec<_>, Vec<_>) = others.into_iter().partition(|(st, _)| lycee(st));
    let mut question = String::new();
    let (mut before, mut checks) = (String::new(), Vec::new());
    if has_question {
        let _ = writeln!(question, "## {}\n", tx.question_title);
        question.push_str(&class.question);
        // The question answered in words before its charts.
        if s.charts.contains(&QuestionChart::CompareThrows) {
            let _ = writeln!(question, "{}\n", answers::compare_throws(results, l));
        }
        if s.charts.contains(&QuestionChart::Lengths) {
            question.push_str(&answers::lengths(results, l));
            if pupils {
                let _ = writeln!(before, "{}\n", l.texts().r_expected_value_mean_length);
            }
        }
        if let Some(e) = exact {
            question.push_str(&exact::md(results, e, l, pupils));
            if pupils {
                checks.extend(exact::checks(results, e, l));
            }
        }
        if asks_throw_off {
            let _ = writeln!(question, "{}\n", answers::first_thrower(results, l));
            question.push_str(&throwoff_md(results, l, !pupils));
            question.push('\n');
            if pupils {
                checks.extend(throwoff_checks(results, l));
            }
        }
        for (stem, sentence) in &asked {
            let _ = writeln!(question, "![{stem}](charts/{stem}.png)\n\n{sentence}\n");
        }
        question.push_str(solved);
        if pupils {
            question = further::without_files(&question);
        }
        for (stem, sentence) in further_charts.iter().chain(&more) {
            let _ = writeln!(before, "![{stem}](charts/{stem}.png)\n\n{sentence}\n");
        }
        question.push_str(&further::section(&before, &checks, l));
        let _ = writeln!(question, "## {}\n", tx.all_figures);
        question.push_str(&class.files);
    }
    let mut m = String::new();
    let _ = writeln!(m, "{}\n", fill!(tx.games_per_arm, l.int(s.games)));
    if s.audience == Audience::Class {
        m.push_str(&class_summary(results, l));
    } else {
        m.push_str(&summary_table(results, l));
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
    if !asks_throw_off {
        m.push_str(&throwoff_md(results, l, true));
    }
    let _ = write!(m, "{}", thirty_md(results, l));
    let _ = writeln!(m, "\n{}\n", tx.summary_note);
    // Ludii's measures are for researchers: a class's report leaves them in metrics.csv.
    if s.audience != Audience::Class {
        m.push_str(&metrics_md(results, l));
        m.push_str(&compare::md(results, l));
    }
    let _ = writeln!(m, "## {}\n", tx.charts);
    for (stem, sentence) in others {
        // The chart, then its caption: report.html makes the pair one figure.
        let _ = writeln!(m, "![{stem}](charts/{stem}.png)\n\n{sentence}\n");
    }
    question + &m
}

/// The summary table: a row per arm, eleven columns.
fn summary_table(results: &[ArmResult], l: Lang) -> String {
    let mut m = format!("{}\n", l.texts().summary_header);
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
            mean_with_interval(&a.turns, l),
            l.num(a.turns.std_dev(), 1),
            l.int(a.turns.quantile(0.5) as u64),
            mean_with_interval(&a.throws_per_game, l)
        );
    }
    m
}

/// A histogram's mean with its 95% interval (mean ± 1.96 s / √n), to one decimal.
fn mean_with_interval(h: &senet_simulation::play::stats::Histogram, l: Lang) -> String {
    let (sum, squares) = h.sums();
    let n = h.total();
    if n == 0 {
        return l.num(h.mean(), 1);
    }
    let (mean, se) = senet_simulation::play::stats::mean_se(n, sum, squares);
    let z = senet_simulation::play::stats::Z95;
    format!(
        "{} [{}, {}]",
        l.num(mean, 1),
        l.num(mean - z * se, 1),
        l.num(mean + z * se, 1)
    )
}

/// A class's summary table: five columns that fit a projected page (1200 px); the others are
/// in `summary.csv`.
fn class_summary(results: &[ArmResult], l: Lang) -> String {
    let mut m = l.texts().r_arms_header.to_string();
    let _ = writeln!(m, "|---|---:|---:|---:|---:|");
    for r in results {
        let a = &r.stats;
        let _ = writeln!(
            m,
            "| {} | {} | {} | {} | {} |",
            r.arm.name,
            l.int(a.games),
            pct(a.first_mover_wins, a.games, l),
            l.num(a.turns.mean(), 1),
            l.int(a.turns.quantile(0.5) as u64),
        );
    }
    m
}

/// Ludii's reconstruction metrics: a row a metric, a column an arm.
fn metrics_md(results: &[ArmResult], l: Lang) -> String {
    let tx = l.texts();
    let mut m = format!("## {}\n\n", tx.metrics_title);
    let replayed = results.iter().map(|r| r.moves.games).max().unwrap_or(0);
    let _ = writeln!(m, "{}\n", fill!(tx.metrics_note, l.int(replayed)));
    // Values with their intervals: at most five arms a table, so that it fits a printed page.
    for part in results.chunks(METRIC_ARMS) {
        metrics_part(&mut m, part, l);
    }
    m
}

/// Arms a table of Ludii's metrics shows.
const METRIC_ARMS: usize = 5;

/// One table of Ludii's metrics: a row a metric, a column an arm.
fn metrics_part(m: &mut String, results: &[ArmResult], l: Lang) {
    let _ = write!(m, "| |");
    for r in results {
        let _ = write!(m, " {} |", r.arm.name);
    }
    let _ = writeln!(m, "\n|---|{}", "---:|".repeat(results.len()));
    let all: Vec<Metrics> = results.iter().map(|r| r.metrics()).collect();
    let _ = write!(m, "| {} |", l.texts().r_player_1);
    for x in &all {
        let who =
            senet_tables::localise::word(senet_tables::columns::Values::Side, x.player_1.id(), l);
        let _ = write!(m, " {who} |");
    }
    m.push('\n');
    for (k, (name, _)) in Metrics::NAMES.iter().enumerate() {
        let _ = write!(m, "| {name} |");
        for x in &all {
            let shown = match (x.named()[k].1, x.intervals()[k].1) {
                (Some(v), Some((lo, hi))) => {
                    format!("{} [{}, {}]", l.num(v, 3), l.num(lo, 3), l.num(hi, 3))
                }
                _ => "-".to_string(),
            };
            let _ = write!(m, " {shown} |");
        }
        m.push('\n');
    }
    m.push('\n');
}

/// The exact probability that the first thrower wins an arm's throw-off, and how it is
/// shown: a fraction when it is one (4/7 ≈ 0.5714), else a decimal.
fn throwoff_exact(r: &ArmResult, l: Lang) -> (f64, String) {
    use senet_simulation::play::stats::{throwoff_fraction, throwoff_theory};
    let theory = throwoff_theory(&r.arm.rules, &r.arm.device).unwrap_or(0.0);
    let shown = match throwoff_fraction(&r.arm.rules, &r.arm.device) {
        Some((a, b)) => format!("{a}/{b} ≈ {}", l.num(theory, 4)),
        None => l.num(theory, 4),
    };
    (theory, shown)
}

/// The throw-off of every arm that has one: who got the value first, against the exact
/// 1/(2 − p); who then won the game; and a sentence when the exact value lies outside the
/// simulation's interval. Without `intervals` (a pupils' report), percentages alone.
fn throwoff_md(results: &[ArmResult], l: Lang, intervals: bool) -> String {
    let tx = l.texts();
    let mut m = String::new();
    let shown = |k: u64, n: u64| match intervals {
        true => pct(k, n, l),
        false => interval::share(k, n, l),
    };
    for r in results.iter().filter(|r| r.stats.throwoffs > 0) {
        let a = &r.stats;
        let (theory, exact) = throwoff_exact(r, l);
        let _ = writeln!(
            m,
            "\n{}",
            fill!(
                tx.throwoff_sentence,
                r.arm.name,
                r.arm.rules.first_throw.unwrap_or_default(),
                l.int(a.throwoff_first_thrower),
                l.int(a.throwoffs),
                shown(a.throwoff_first_thrower, a.throwoffs),
                exact
            )
        );
        let _ = writeln!(
            m,
            "\n{}",
            fill!(
                tx.first_thrower_sentence,
                shown(a.first_thrower_wins, a.throwoffs),
                shown(a.first_mover_wins, a.games)
            )
        );
        let missed = interval::outside(
            &r.arm.name,
            a.throwoff_first_thrower,
            a.throwoffs,
            theory,
            l,
        );
        if let Some(s) = missed.filter(|_| intervals) {
            let _ = writeln!(m, "\n{s}");
        }
    }
    m
}

/// The throw-offs' frequencies with their exact values, for a class's lycée section.
fn throwoff_checks(results: &[ArmResult], l: Lang) -> Vec<further::Check> {
    let mut checks = Vec::new();
    for r in results.iter().filter(|r| r.stats.throwoffs > 0) {
        let (a, name) = (&r.stats, l.quote(&r.arm.name));
        let (theory, exact) = throwoff_exact(r, l);
        checks.push(further::Check {
            what: fill!(l.texts().r_who_starts, name),
            k: a.throwoff_first_thrower,
            n: a.throwoffs,
            exact: Some((exact, theory)),
        });
        checks.push(further::Check {
            what: fill!(l.texts().r_first_thrower_wins, name),
            k: a.first_thrower_wins,
            n: a.throwoffs,
            exact: None,
        });
    }
    checks
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
