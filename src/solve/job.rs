//! `senet-sim solve`'s arguments, and the solve with everything resolved that they, or a
//! scenario's `exact` arm, ask for, with the command that writes it again.

use crate::cli::args::{DeviceArgs, VariantArgs};
use crate::error::{bad, InputError};
use crate::lang::Lang;
use anyhow::Result;
use clap::Args;
use senet_engine::rules::DEFAULT_MAX_TURNS;
use senet_engine::solve::index::{MAX_COUNTED_PAWNS, MAX_SOLVED_PAWNS};
use senet_engine::strategy::spec::StrategySpec;
use senet_engine::strategy::spec::STRATEGY_NAMES;
use senet_simulation::exact::solve::{Plays, Request};
use senet_simulation::input::rulefile::Game;
use senet_tables::write::CsvStyle;
use std::path::PathBuf;

/// The strategies judged by default.
const JUDGED: &str = "random,front,back,heuristic,expectimax:1,expectimax:2";
/// Games each judged strategy plays, by default.
const GAMES: u64 = 1000;
/// Seed of those games, by default.
const SEED: u64 = 2019;
/// Boards drawn, by default.
const BOARDS: usize = 6;
/// Minutes between two saves of a layered solve's checkpoint, by default.
const SAVE_EVERY: f64 = 10.0;

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
    /// Pawns a side (1 to 4, up to 7 with --plan; 3 pawns of tejon: about a minute and 660 MB
    /// on 2 cores; 4 pawns: most of a day and 15 GB, resumable after a stop, docs/solving.md).
    #[arg(long, required_unless_present = "verify")]
    pawns: Option<u8>,
    /// Check a saved table instead of solving: one update step at every position of
    /// DIR/table.senet (or of the file given), and its largest change printed; a change above
    /// the step of an f32 just below 1 (1.2e-7) is an error (exit status 1).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["pawns", "out"])]
    pub(super) verify: Option<PathBuf>,
    /// Print what a layered solve of the game holds, group by group (positions, memory), and
    /// which groups this machine's available memory can sweep; solve nothing. Up to 7 pawns
    /// (the full game's 5 among them, which the solver does not number yet).
    #[arg(long, conflicts_with_all = ["verify", "out"])]
    pub(super) plan: bool,
    /// Solve the endgame alone: the positions with at least N pawns borne off, both sides
    /// together (no move brings a pawn back: a game of its own), optimal play, up to 7 pawns a
    /// side while the endgame numbers at most 4,294,967,295 positions (5 pawns of tejon: N = 2
    /// or more; --plan --endgame N tells its memory). Writes table.senet, which
    /// `td:endgame=DIR/table.senet` reads, rules.toml and report.md into DIR (default
    /// solved/VARIANT-PAWNS-endgame-N); its checkpoint stays for an endgame of more groups.
    #[arg(long, value_name = "N", conflicts_with_all = ["verify", "optimal_only", "method"])]
    pub(super) endgame: Option<u8>,
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
    #[arg(long, default_value_t = GAMES, value_parser = crate::error::number)]
    games: u64,
    /// Seed of those games.
    #[arg(long, default_value_t = SEED, value_parser = crate::error::number)]
    seed: u64,
    /// How many of the positions where the choice matters most are drawn.
    #[arg(long, default_value_t = BOARDS)]
    boards: usize,
    /// CSV dialect (default: rfc4180 in English, excel-fr in French).
    #[arg(long, value_enum)]
    csv: Option<CsvStyle>,
    /// Language of report.md and the boards: en or fr.
    #[arg(long, value_enum, default_value_t = Lang::En)]
    lang: Lang,
    /// Worker threads (default: every core). The results do not depend on it.
    #[arg(long, value_parser = crate::error::threads)]
    pub(super) threads: Option<usize>,
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
    /// computed again at every sweep (slower, no more memory); the group's sweep order, 2 bytes
    /// a position, counts in them. A group solved before others also takes the memory their
    /// values will take, not yet written: the peak is the values and this budget. Default: 380
    /// up to 3 pawns, 10000 for 4 (the values themselves take 8 bytes a position, 4.7 GB for 4
    /// pawns; 3 pawns of tejon with --memory 24: 299 MB in all, 58 s on 2 cores).
    #[arg(long, value_name = "MB")]
    memory: Option<u64>,
    /// Minutes between two saves of the group being solved into the checkpoint (layered; it is
    /// also saved when the solve is stopped by Ctrl-C or SIGTERM).
    #[arg(long, value_name = "MINUTES", default_value_t = SAVE_EVERY, value_parser = crate::error::decimal)]
    save_every: f64,
    /// Solve optimal play only: random play's values, which take about as long again, are not
    /// computed (solution.csv leaves first_mover_random empty and report.md says so); a layered
    /// solve keeps its checkpoint, from which the same command without this flag adds them.
    #[arg(long)]
    optimal_only: bool,
    /// Solve random play after optimal play, one table of values held at a time (layered):
    /// less memory (121 MB less with 3 pawns of tejon), more time. By default both are swept
    /// together where their tables take at most 2 GiB (up to 3 pawns), each position's
    /// outcomes found once a sweep for both.
    #[arg(long, conflicts_with_all = ["optimal_only", "together"])]
    apart: bool,
    /// Sweep optimal and random play together whatever their tables take (layered): with 4
    /// pawns of tejon 4.7 GB more (19.9 GB at the peak, `--plan` says), for random play's
    /// outcomes found with optimal play's rather than again.
    #[arg(long, conflicts_with = "optimal_only")]
    together: bool,
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
    /// Whether both plays are swept together (`--apart`, `--together`).
    pub plays: Plays,
    /// The endgame alone, from this many pawns borne off (optimal play only, nothing judged).
    pub endgame: Option<u8>,
    /// Stop after so many groups, or sweeps, as if killed (tests).
    pub(super) stops: (Option<usize>, Option<u32>),
    /// The command that writes these results again, quoted in report.md.
    pub command: String,
}

impl Job {
    /// `game` solved into `dir` at `solve`'s defaults, quiet, written in `lang` and `csv`, with
    /// `command` to replay it. The solver plays to its own turn cap, whatever `game`'s.
    pub fn new(
        game: Game,
        dir: PathBuf,
        (lang, csv): (Lang, CsvStyle),
        command: String,
    ) -> Result<Job> {
        let rules = (game.rules).with(|r| r.max_turns = DEFAULT_MAX_TURNS)?;
        Ok(Job {
            game: Game { rules, ..game },
            dir,
            strategies: strategy_list(JUDGED).map_err(anyhow::Error::msg)?.0,
            games: GAMES,
            seed: SEED,
            boards: BOARDS,
            csv,
            lang,
            quiet: true,
            method: Method::Auto,
            memory: None,
            save_every: SAVE_EVERY * 60.0,
            optimal_only: false,
            plays: Plays::Auto,
            endgame: None,
            stops: (None, None),
            command,
        })
    }
}

impl SolveArgs {
    /// The game with `--pawns` a side, at most `most` (`what` says who takes no more).
    fn game_with_pawns(&self, most: u8, what: &str) -> Result<Game> {
        let pawns = self.pawns.unwrap_or(0);
        if !(1..=most).contains(&pawns) {
            return bad(format!("--pawns {pawns}: {what} 1 to {most} pawns a side"));
        }
        let game = self.variant.game(&self.device)?;
        let rules = (game.rules)
            .with(|r| r.pawns = pawns)
            .map_err(|e| InputError(format!("--pawns: {e}")))?;
        Ok(Game { rules, ..game })
    }

    /// What `--plan` reads: the game's name and the request a solve of it would make (up to
    /// [`MAX_COUNTED_PAWNS`] a side; its `--memory`).
    /// Whether both plays are swept together, as the flags say.
    fn plays(&self) -> Plays {
        match (self.apart, self.together) {
            (true, _) => Plays::Apart,
            (_, true) => Plays::Together,
            _ => Plays::Auto,
        }
    }

    pub(super) fn planned(&self) -> Result<(String, Request)> {
        let game = self.game_with_pawns(MAX_COUNTED_PAWNS, "a plan counts")?;
        if let Some(from) = self.endgame {
            endgame_fits(&game, from)?;
        }
        let request = Request {
            memory: self.memory.map(|mb| mb << 20),
            optimal_only: self.optimal_only,
            plays: self.plays(),
            ..Request::new(game.rules, game.device)
        };
        Ok((game.variant.to_string(), request))
    }

    /// The job these arguments ask for: the game read and checked, the folder named.
    pub(super) fn job(self) -> Result<Job> {
        let plays = self.plays();
        if !(self.save_every >= 0.0 && self.save_every.is_finite()) {
            return bad(format!(
                "--save-every {}: a number of minutes, 0 or more",
                self.save_every
            ));
        }
        let game = match self.endgame {
            Some(from) => {
                let game = self.game_with_pawns(MAX_COUNTED_PAWNS, "an endgame takes")?;
                endgame_fits(&game, from)?;
                game
            }
            None => self.game_with_pawns(MAX_SOLVED_PAWNS, "the solver handles")?,
        };
        let pawns = game.rules.pawns;
        let name = match self.endgame {
            Some(from) => format!("solved/{}-{pawns}-endgame-{from}", game.variant),
            None => format!("solved/{}-{pawns}", game.variant),
        };
        let dir = self.out.clone().unwrap_or_else(|| PathBuf::from(name));
        let csv = self.csv.unwrap_or(CsvStyle::default_for(self.lang));
        let command = command_line(&self, &dir);
        Ok(Job {
            strategies: self.strategies.0,
            games: self.games,
            seed: self.seed,
            boards: self.boards,
            quiet: self.quiet,
            method: self.method,
            memory: self.memory.map(|mb| mb << 20),
            save_every: self.save_every * 60.0,
            optimal_only: self.optimal_only,
            plays,
            endgame: self.endgame,
            stops: (self.stop_after_groups, self.stop_after_sweeps),
            ..Job::new(game, dir, (self.lang, csv), command)?
        })
    }
}

/// Refuses an endgame of `game` that holds no position or more than a `u32` numbers (`--endgame
/// N`), from the plan's arithmetic alone.
fn endgame_fits(game: &Game, from: u8) -> Result<()> {
    let plan = senet_simulation::exact::plan::plan(&game.rules)
        .map_err(|e| InputError(format!("--endgame {from}: {e}")))?;
    let most = plan.groups.first().map_or(0, |g| g.off);
    if from == 0 || from > most {
        return bad(format!(
            "--endgame {from}: with {} pawns a side, from 1 to {most} pawns borne off (both \
             sides together)",
            game.rules.pawns
        ));
    }
    let positions = plan.endgame(from).positions();
    if positions > u64::from(u32::MAX) {
        return bad(format!(
            "--endgame {from}: {positions} positions, more than the {} a table numbers; the \
             deepest endgame here is --endgame {}",
            u32::MAX,
            plan.deepest_endgame()
        ));
    }
    Ok(())
}

/// The command that writes these results again into `dir`: every option that changes a number
/// (the rules, the device, the judged strategies, their games and seed), and the folder.
fn command_line(args: &SolveArgs, dir: &std::path::Path) -> String {
    let mut c: Vec<String> = vec!["senet-sim".into(), "solve".into()];
    c.extend(args.variant.arguments());
    c.extend(args.device.arguments());
    c.extend(["--pawns".into(), args.pawns.unwrap_or(0).to_string()]);
    let strategies: Vec<String> = args.strategies.iter().map(|s| s.to_string()).collect();
    if strategies.join(",") != JUDGED {
        c.extend(["--strategies".into(), strategies.join(",")]);
    }
    if args.games != GAMES {
        c.extend(["--games".into(), args.games.to_string()]);
    }
    c.extend(["--seed".into(), args.seed.to_string()]);
    if args.optimal_only {
        c.push("--optimal-only".into());
    }
    if args.apart {
        c.push("--apart".into());
    }
    if args.together {
        c.push("--together".into());
    }
    if let Some(from) = args.endgame {
        c.extend(["--endgame".into(), from.to_string()]);
    }
    c.extend(["--out".into(), dir.display().to_string()]);
    crate::config::shell_words(&c)
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
