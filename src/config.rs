//! The command line of `senet-sim run` and the scenario made into one validated [`RunConfig`],
//! built once; playing and writing only read it.

use crate::error::{bad, FrenchInputError, InputError};
use crate::lang::Lang;
use anyhow::Result;
use senet_classroom::ClassFile;
use senet_engine::strategy::spec::{Player, StrategySpec};
use senet_simulation::cancel::Cancel;
use senet_simulation::input::scenario::{Scenario, ScenarioError};
use senet_simulation::play::shard::Shard;
use senet_simulation::players::Tables;
use senet_tables::write::CsvStyle;
use std::path::{Path, PathBuf};

/// The arguments of `senet-sim run`.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// The scenario file (TOML; see scenarios/README.md).
    pub scenario: PathBuf,
    /// Output folder [default: reports/NAME, where NAME is the scenario's name].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Games per arm (and per tournament pairing), instead of the scenario's `games`.
    #[arg(long, value_parser = crate::error::number)]
    pub games: Option<u64>,
    /// Seed, instead of the scenario's `seed`.
    #[arg(long, value_parser = crate::error::number)]
    pub seed: Option<u64>,
    /// Worker threads [default: every core]. Results do not depend on it.
    #[arg(long, value_parser = crate::error::threads)]
    pub threads: Option<usize>,
    /// Print nothing but errors.
    #[arg(long)]
    pub quiet: bool,
    /// How the report is written.
    #[command(flatten)]
    pub report: ReportArgs,
    /// Play only shard K of N (K/N, 1 <= K <= N) of every arm and tournament and write its
    /// counters (Parquet) and a manifest into --out [default: reports/NAME-shard-K-of-N];
    /// `senet-sim merge` makes the report of all N.
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    pub shard: Option<Shard>,
    /// Play in 64 parts kept as they finish (in .NAME.resume beside the report), so that the
    /// same command run again after an interruption plays only the parts not yet played; the
    /// report is the same as an uninterrupted run's.
    #[arg(long, conflicts_with = "shard")]
    pub resume: bool,
}

/// How a report is written: the options `run` and `merge` share.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct ReportArgs {
    /// CSV flavour: rfc4180 (comma, decimal point) or excel-fr (semicolon, decimal comma,
    /// UTF-8 with BOM: opens with a double-click in French Excel and LibreOffice)
    /// [default: excel-fr for a French report, rfc4180 otherwise].
    #[arg(long, value_enum)]
    pub csv: Option<CsvStyle>,
    /// Also write every table as Parquet (NAME.parquet beside NAME.csv), for pandas and polars.
    #[arg(long)]
    pub parquet: bool,
    /// Also write games.csv: the first N games of each arm, one row each (seed, winner, turns...).
    #[arg(long, value_name = "N", value_parser = crate::error::number)]
    pub games_csv: Option<u64>,
    /// Also write the game records (docs/records.md) of the games LIST of each arm, numbered
    /// from 1 as games.csv numbers them (`1,5,10-12`), into records/ARM-game-N.txt.
    #[arg(long, value_name = "LIST", value_parser = games_list)]
    pub records: Option<GameList>,
    /// Language of charts, report and column labels [default: the scenario's `lang`, else en].
    #[arg(long, value_enum)]
    pub lang: Option<Lang>,
}

/// Games chosen by number (1 = an arm's first game), in increasing order, each once.
#[derive(Clone, Debug, PartialEq)]
pub struct GameList(pub Vec<u64>);

/// The most games `--records` writes for an arm.
const MAX_RECORDS: usize = 10_000;

impl std::fmt::Display for GameList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let numbers: Vec<String> = self.0.iter().map(u64::to_string).collect();
        write!(f, "{}", numbers.join(","))
    }
}

/// `1,5,10-12`: game numbers and ranges of them, from 1.
pub fn games_list(text: &str) -> Result<GameList, String> {
    let mut games = std::collections::BTreeSet::new();
    for part in text.split(',').map(str::trim) {
        let (a, b) = match part.split_once('-') {
            Some((a, b)) => (
                crate::error::number(a.trim())?,
                crate::error::number(b.trim())?,
            ),
            None => (crate::error::number(part)?, crate::error::number(part)?),
        };
        if a == 0 || b < a {
            return Err(format!(
                "'{part}': games are numbered from 1, a range from its lower number"
            ));
        }
        if b - a >= MAX_RECORDS as u64 || games.len() + (b - a) as usize >= MAX_RECORDS {
            return Err(format!("more than {MAX_RECORDS} games"));
        }
        games.extend(a..=b);
    }
    Ok(GameList(games.into_iter().collect()))
}

/// One run, validated: the scenario with the command line's overrides applied, where the report
/// goes and how it is written. Built once from the parsed scenario (`RunConfig<StrategySpec>`),
/// checked, then made ready to play ([`RunConfig::resolve`]); everything after reads it.
#[derive(Debug)]
pub struct RunConfig<S = Player> {
    /// The scenario, `--games` and `--seed` applied.
    pub scenario: Scenario<S>,
    /// The command line as given (for the command that reproduces the report).
    pub args: RunArgs,
    /// The report folder.
    pub out: PathBuf,
    /// The language of the outputs.
    pub lang: Lang,
    /// How the CSV files are written: `--csv`, else the language's spreadsheet dialect.
    pub csv: CsvStyle,
    /// Each arm's class throws (`class_throws = "FILE"`), read and checked before any game.
    pub class: Vec<Option<ClassFile>>,
}

impl RunConfig<StrategySpec> {
    /// Checks the arguments against the scenario (read by `run` from its file, by `merge` from
    /// the manifest of a shard) and applies `--games` and `--seed`.
    pub fn with_scenario(
        args: RunArgs,
        mut scenario: Scenario<StrategySpec>,
    ) -> Result<RunConfig<StrategySpec>> {
        if let Some(g) = args.games {
            if g == 0 {
                return bad("--games must be at least 1");
            }
            scenario = scenario.with_games(g);
        }
        if let Some(s) = args.seed {
            scenario.seed = s;
        }
        if args.threads == Some(0) {
            return bad("--threads must be at least 1");
        }
        let default_name = match args.shard {
            Some(s) => format!("{}-shard-{}-of-{}", scenario.name, s.k, s.n),
            None => scenario.name.clone(),
        };
        let out = (args.out.clone()).unwrap_or_else(|| Path::new("reports").join(default_name));
        match senet_simulation::play::runner::total_games(&scenario) {
            Some(n) if n <= MAX_GAMES => {}
            _ => {
                return bad(format!(
                    "{}: the games of its arms and tournaments add up to more than {MAX_GAMES} (at about 100,000 games a second a core, months of work)",
                    args.scenario.display(),
                ))
            }
        }
        check_out(&out)?;
        if let Some(&last) = (args.report.records.as_ref()).and_then(|l| l.0.last()) {
            if last > scenario.games {
                return bad(format!(
                    "--records: game {last} is beyond the {} games of each arm",
                    scenario.games
                ));
            }
        }
        let lang = (args.report.lang)
            .or_else(|| scenario.lang.as_deref().and_then(Lang::from_code))
            .unwrap_or_default();
        let scenario = match lang {
            Lang::Fr => scenario.in_french(),
            Lang::En => scenario,
        };
        check_names(&scenario, &args.scenario, lang)?;
        let csv = args.report.csv.unwrap_or(CsvStyle::default_for(lang));
        let class = class_throws(&scenario, lang)?;
        Ok(RunConfig {
            scenario,
            args,
            out,
            lang,
            csv,
            class,
        })
    }

    /// The run ready to play: every player with its tables (`optimal`'s loaded or solved, up
    /// to `SOLVE_ON_READ` pawns; `td`'s networks), `cancel` stopping a solve.
    pub fn resolve(self, tables: &mut Tables, cancel: &Cancel) -> Result<RunConfig, ScenarioError> {
        Ok(RunConfig {
            scenario: self.scenario.resolve(tables, cancel)?,
            args: self.args,
            out: self.out,
            lang: self.lang,
            csv: self.csv,
            class: self.class,
        })
    }
}

/// The most arms and tournaments of a scenario: a report of more is not read (the largest
/// committed scenario has 9); 1,000 arms wrote a 241 MB report.html.
pub const MAX_PARTS: usize = 64;

pub use senet_simulation::play::runner::MAX_GAMES;

/// The longest arm or tournament name a report prints (its charts and rule files are named by
/// it) and the longest title.
pub const MAX_NAME: usize = 100;
const MAX_TITLE: usize = 200;

/// The names a report writes, checked before any game: not too long, no control characters,
/// not read by a spreadsheet as a formula (`=`, `+`, `-`, `@` first), and no two arms (or two
/// tournaments) whose file names would be the same.
fn check_names<S>(s: &Scenario<S>, file: &Path, lang: Lang) -> Result<()> {
    let refuse = |en: String, fr: String| -> Result<()> {
        match lang {
            Lang::Fr => Err(FrenchInputError(format!("{} : {fr}", file.display())).into()),
            Lang::En => bad(format!("{}: {en}", file.display())),
        }
    };
    if s.title.chars().count() > MAX_TITLE || s.title.chars().any(char::is_control) {
        return refuse(
            format!("key 'title': at most {MAX_TITLE} characters, on one line"),
            format!("clé « title » : au plus {MAX_TITLE} caractères, sur une ligne"),
        );
    }
    if s.arms.len() + s.tournaments.len() > MAX_PARTS {
        return refuse(
            format!("{} arms and tournaments: at most {MAX_PARTS} in one scenario (its report would not be read); split it into several", s.arms.len() + s.tournaments.len()),
            format!("{} bras et tournois : au plus {MAX_PARTS} dans un scénario (son rapport ne se lirait pas) ; le partager en plusieurs", s.arms.len() + s.tournaments.len()),
        );
    }
    let arms = s.arms.iter().map(|a| a.name.as_str());
    let tournaments = s.tournaments.iter().map(|t| t.name.as_str());
    for (names, what) in [
        (arms.collect::<Vec<_>>(), "arm"),
        (tournaments.collect(), "tournament"),
    ] {
        let mut slugs = std::collections::BTreeMap::new();
        for name in names {
            let long = name.chars().count() > MAX_NAME;
            if long || name.chars().any(char::is_control) || name.starts_with(['=', '+', '-', '@'])
            {
                return refuse(
                    format!("{what} '{name}': a name is at most {MAX_NAME} characters, on one line, and does not start with = + - or @ (a spreadsheet would read a formula)"),
                    format!("« {name} » : un nom a au plus {MAX_NAME} caractères, sur une ligne, et ne commence pas par = + - ou @ (un tableur y lirait une formule)"),
                );
            }
            let slug = senet_report::charts::slug(name);
            if let Some(other) = slugs.insert(slug.clone(), name) {
                return refuse(
                    format!("the {what}s '{other}' and '{name}' would write the same files (charts/…-{slug}); rename one"),
                    format!("« {other} » et « {name} » écriraient les mêmes fichiers (charts/…-{slug}) : renommer l'un des deux"),
                );
            }
        }
    }
    Ok(())
}

/// Reads the class file of every arm that names one; a bad file is bad input (one line naming
/// the file, line and column, in the report's language). What was checked and left out (a
/// « Total » row) is said on standard error.
fn class_throws<S>(scenario: &Scenario<S>, lang: Lang) -> Result<Vec<Option<ClassFile>>> {
    let l = senet_classroom::Lang::from(lang);
    let files = scenario.class_throws().map_err(|e| match lang {
        Lang::Fr => anyhow::Error::from(FrenchInputError(e.message(l))),
        Lang::En => InputError(e.message(l)).into(),
    })?;
    for read in files.iter().flatten() {
        for w in &read.warnings {
            let word = lang.texts().r_warning;
            eprintln!("{word} {}", w.message(&read.file, l));
        }
    }
    Ok(files)
}

impl RunConfig {
    /// How the tables are written.
    pub fn tables(&self) -> senet_tables::write::TableFormat {
        senet_tables::write::TableFormat::new(self.csv, self.args.report.parquet, self.lang)
    }

    /// Writes the report of `results` into `dir` (the staging folder).
    pub fn write_report(
        &self,
        dir: &Path,
        results: &senet_simulation::RunResults,
        exact: Option<&senet_report::ExactStart>,
    ) -> Result<()> {
        let setup = senet_report::Setup {
            scenario: &self.scenario,
            lang: self.lang,
            tables: self.tables(),
            games_csv: self.args.report.games_csv.is_some(),
            records: self.args.report.records.is_some(),
            class: &self.class,
            reproduce: &self.reproduce_command(),
            program: crate::program::PROGRAM,
        };
        Ok(senet_report::write(dir, &setup, results, exact)?)
    }

    /// The command that writes the same report again.
    fn reproduce_command(&self) -> String {
        let args = &self.args;
        senet_report::RunCommand {
            scenario: &args.scenario,
            seed: self.scenario.seed,
            games: args.games,
            out: args.out.as_deref(),
            csv: self.csv,
            games_csv: args.report.games_csv,
            records: args.report.records.as_ref().map(|l| l.to_string()),
            lang: self.lang,
        }
        .text()
    }

    /// What the results keep besides the counters: the games of `--games-csv` and `--records`.
    pub fn keep(&self) -> senet_simulation::play::runner::Keep {
        senet_simulation::play::runner::Keep {
            first_games: self.args.report.games_csv.unwrap_or(0),
            records: (self.args.report.records.as_ref()).map_or_else(Vec::new, |l| l.0.clone()),
        }
    }
}

/// Whether a run writes a file or folder of this name at the top of its report (for reports
/// whose marker does not list the files written: before manifests, and before markers).
pub(crate) fn a_run_writes(name: &str) -> bool {
    ["report.md", "report.html", "charts", "rules", "rfc4180"].contains(&name)
        || senet_tables::columns::COLUMNS
            .iter()
            .any(|c| c.file == name)
}

/// The file that marks a folder as a senet-sim report: `run` replaces only such folders.
pub const MARKER: &str = ".senet-sim-report";

/// Refuses an `--out` that is a symbolic link: the report would replace the link and leave
/// its folder behind. Never followed.
pub(crate) fn check_link(out: &Path) -> Result<()> {
    if std::fs::symlink_metadata(out).is_ok_and(|m| m.file_type().is_symlink()) {
        let to = std::fs::read_link(out).unwrap_or_default();
        return bad(format!(
            "--out {}: is a symbolic link (to {}); give the folder itself as --out",
            out.display(),
            to.display()
        ));
    }
    Ok(())
}

/// `--out` may name a missing folder, an empty one, or an earlier report (it holds [`MARKER`]);
/// anything else is refused, so that a run never deletes a file it did not write.
pub(crate) fn check_out(out: &Path) -> Result<()> {
    let name = out.display();
    check_link(out)?;
    if !out.exists() {
        return Ok(());
    }
    if !out.is_dir() {
        return bad(format!("--out {name}: exists and is not a folder"));
    }
    let abs = std::fs::canonicalize(out).map_err(|e| InputError(format!("--out {name}: {e}")))?;
    let here = std::env::current_dir().and_then(std::fs::canonicalize);
    if here.is_ok_and(|h| h.starts_with(&abs)) {
        return bad(format!(
            "--out {name}: is the current folder or holds it; name a folder of its own, such as reports/NAME"
        ));
    }
    if abs.join(MARKER).is_file() {
        return Ok(());
    }
    let entries: Vec<String> = std::fs::read_dir(out)
        .map_err(|e| InputError(format!("--out {name}: {e}")))?
        .map(|e| e.map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect::<std::io::Result<_>>()
        .map_err(|e| InputError(format!("--out {name}: {e}")))?;
    let ours = |f: &String| a_run_writes(f);
    // A report written before the marker existed: report.md and only the files a run writes.
    let earlier_report = entries.iter().any(|f| f == "report.md") && entries.iter().all(ours);
    if entries.is_empty() || earlier_report {
        return Ok(());
    }
    bad(format!(
        "--out {name}: holds files senet-sim did not write (it has no {MARKER} file), which a run would replace; name a new or empty folder, or an earlier report's folder"
    ))
}

/// Words joined into one shell command line, each quoted with `'` when it holds anything but
/// letters, digits and `-_.,/:=+` (a path with a space, a `--set` with quotes).
pub(crate) fn shell_words(words: &[String]) -> String {
    let plain = |w: &str| {
        !w.is_empty()
            && w.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.,/:=+".contains(c))
    };
    words
        .iter()
        .map(|w| {
            if plain(w) {
                w.clone()
            } else {
                format!("'{}'", w.replace('\'', r"'\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_games_list_is_sorted_numbers_each_once() {
        assert_eq!(games_list("5,1,10-12, 11").unwrap().0, [1, 5, 10, 11, 12]);
        assert_eq!(games_list("3").unwrap().to_string(), "3");
        assert_eq!(games_list("1_000").unwrap().0, [1000]);
        for bad in ["0", "4-2", "", "a", "1,,2", "1-", "1-20000"] {
            assert!(games_list(bad).is_err(), "{bad}");
        }
    }
}
