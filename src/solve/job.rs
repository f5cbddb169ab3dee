//! A solve with everything resolved, from `solve`'s command line or from a scenario's `exact`
//! arm, and the command that writes it again.

use super::{strategy_list, Method, SolveArgs, JUDGED};
use crate::error::{bad, InputError};
use crate::lang::Lang;
use anyhow::Result;
use senet_engine::solve::index::MAX_SOLVED_PAWNS;
use senet_engine::strategy::spec::StrategySpec;
use senet_simulation::rulefile::Game;
use senet_tables::write::CsvStyle;
use std::path::PathBuf;

/// A solve with everything resolved: what `senet-sim solve` runs and what a scenario's `exact`
/// arm runs (lesson 5), built from the command line or from the arm.
pub struct Job {
    /// The game solved, its pawns and its turn cap set.
    pub game: Game,
    /// The folder written.
    pub dir: PathBuf,
    /// The strategies judged, the games each plays against `optimal`, their seed, and the
    /// positions drawn where the choice matters most.
    pub strategies: Vec<StrategySpec>,
    /// Games each judged strategy plays.
    pub games: u64,
    /// Seed of those games.
    pub seed: u64,
    /// Boards drawn.
    pub boards: usize,
    /// CSV dialect and language of what is written.
    pub csv: CsvStyle,
    /// Language of report.md and the boards.
    pub lang: Lang,
    /// Print nothing but errors.
    pub quiet: bool,
    /// How the values are found, with the outcomes' bytes (layered) and the seconds between two
    /// saves of a checkpoint.
    pub method: Method,
    /// Bytes for the outcomes of the group being solved.
    pub memory: Option<u64>,
    /// Seconds between two saves of the group being solved.
    pub save_every: f64,
    /// Optimal play only.
    pub optimal_only: bool,
    /// Stop after so many groups, or sweeps, as if killed (tests).
    pub(super) stops: (Option<usize>, Option<u32>),
    /// The command that writes these results again, quoted in report.md.
    pub command: String,
}

impl Job {
    /// `game` solved into `dir` at `solve`'s defaults, quiet, written in `lang` and `csv`, with
    /// `command` to replay it.
    pub fn new(
        game: Game,
        dir: PathBuf,
        (lang, csv): (Lang, CsvStyle),
        command: String,
    ) -> Result<Job> {
        Ok(Job {
            game,
            dir,
            strategies: strategy_list(JUDGED).map_err(anyhow::Error::msg)?.0,
            games: 1000,
            seed: 2019,
            boards: 6,
            csv,
            lang,
            quiet: true,
            method: Method::Auto,
            memory: None,
            save_every: 600.0,
            optimal_only: false,
            stops: (None, None),
            command,
        })
    }
}

impl SolveArgs {
    /// The job these arguments ask for: the game read and checked, the folder named.
    pub(super) fn job(self) -> Result<Job> {
        let pawns = self.pawns.unwrap_or(0);
        if !(1..=MAX_SOLVED_PAWNS).contains(&pawns) {
            return bad(format!(
                "--pawns {pawns}: the solver handles 1 to {MAX_SOLVED_PAWNS} pawns a side"
            ));
        }
        if !(self.save_every >= 0.0 && self.save_every.is_finite()) {
            return bad(format!(
                "--save-every {}: a number of minutes, 0 or more",
                self.save_every
            ));
        }
        let game = self.variant.game(&self.device)?;
        let rules = (game.rules)
            .with(|r| {
                r.pawns = pawns;
                r.max_turns = senet_engine::rules::DEFAULT_MAX_TURNS;
            })
            .map_err(|e| InputError(format!("--pawns: {e}")))?;
        let dir = (self.out.clone())
            .unwrap_or_else(|| PathBuf::from(format!("solved/{}-{pawns}", game.variant)));
        Ok(Job {
            command: command_line(&self),
            game: Game { rules, ..game },
            dir,
            strategies: self.strategies.0,
            games: self.games,
            seed: self.seed,
            boards: self.boards,
            csv: self.csv.unwrap_or(CsvStyle::default_for(self.lang)),
            lang: self.lang,
            quiet: self.quiet,
            method: self.method,
            memory: self.memory.map(|mb| mb << 20),
            save_every: self.save_every * 60.0,
            optimal_only: self.optimal_only,
            stops: (self.stop_after_groups, self.stop_after_sweeps),
        })
    }
}

/// The command that writes these results again: every option that changes a number (the
/// rules, the device, the judged strategies and their games).
fn command_line(args: &SolveArgs) -> String {
    let mut c: Vec<String> = vec!["senet-sim".into(), "solve".into()];
    c.extend(args.variant.arguments());
    c.extend(args.device.arguments());
    c.extend(["--pawns".into(), args.pawns.unwrap_or(0).to_string()]);
    let strategies: Vec<String> = args.strategies.iter().map(|s| s.to_string()).collect();
    if strategies.join(",") != JUDGED {
        c.extend(["--strategies".into(), strategies.join(",")]);
    }
    if args.games != 1000 {
        c.extend(["--games".into(), args.games.to_string()]);
    }
    if args.seed != 2019 {
        c.extend(["--seed".into(), args.seed.to_string()]);
    }
    if args.optimal_only {
        c.push("--optimal-only".into());
    }
    crate::config::shell_words(&c)
}
