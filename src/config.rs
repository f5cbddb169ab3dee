//! The command line of `senet-sim run` and the scenario made into one validated [`RunConfig`],
//! built once; playing and writing only read it.

use crate::error::{bad, InputError};
use crate::lang::Lang;
use crate::report::frames::CsvStyle;
use anyhow::Result;
use senet_simulation::scenario::Scenario;
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
    #[arg(long)]
    pub games: Option<u64>,
    /// Seed, instead of the scenario's `seed`.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads [default: every core]. Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print nothing but errors.
    #[arg(long)]
    pub quiet: bool,
    /// CSV flavour: rfc4180 (comma, decimal point) or excel-fr (semicolon, decimal comma,
    /// UTF-8 with BOM: opens with a double-click in French Excel and LibreOffice).
    #[arg(long, value_enum, default_value = "rfc4180")]
    pub csv: CsvStyle,
    /// Also write games.csv: the first N games of each arm, one row each (seed, winner, turns...).
    #[arg(long, value_name = "N")]
    pub games_csv: Option<u64>,
    /// Language of charts, report and column labels [default: the scenario's `lang`, else en].
    #[arg(long, value_enum)]
    pub lang: Option<Lang>,
}

/// One run, validated: the scenario with the command line's overrides applied, where the report
/// goes and how it is written. Built once; everything after reads it.
#[derive(Debug)]
pub struct RunConfig {
    /// The scenario, `--games` and `--seed` applied.
    pub scenario: Scenario,
    /// The command line as given (for the command that reproduces the report).
    pub args: RunArgs,
    /// The report folder.
    pub out: PathBuf,
    /// The language of the outputs.
    pub lang: Lang,
}

impl RunConfig {
    /// Loads the scenario and checks the arguments against it.
    pub fn new(args: RunArgs) -> Result<RunConfig> {
        let mut scenario = Scenario::load(&args.scenario).map_err(|e| InputError(e.to_string()))?;
        if let Some(g) = args.games {
            if g == 0 {
                return bad("--games must be at least 1");
            }
            scenario.games = g;
            for t in &mut scenario.tournaments {
                t.games = g.max(2).next_multiple_of(2);
            }
        }
        if let Some(s) = args.seed {
            scenario.seed = s;
        }
        if args.threads == Some(0) {
            return bad("--threads must be at least 1");
        }
        let out = (args.out.clone()).unwrap_or_else(|| Path::new("reports").join(&scenario.name));
        if out.exists() && !out.is_dir() {
            return bad(format!(
                "--out {}: exists and is not a folder",
                out.display()
            ));
        }
        let lang = (args.lang)
            .or_else(|| scenario.lang.as_deref().and_then(Lang::from_code))
            .unwrap_or_default();
        Ok(RunConfig {
            scenario,
            args,
            out,
            lang,
        })
    }
}
