//! Scenario files (TOML): which arms to play, how many games, with which seed.
//!
//! Every error names the file, the key and the line.

mod class;
mod context;
mod extras;
mod resolve;
mod setup;

pub use class::ClassThrowsError;
use context::{Ctx, Faults};
pub use context::{ScenarioError, ScenarioFault};
pub use extras::{Audience, French, QuestionChart};
use setup::{game_setup, FileDevice, FileRules};

use crate::play::tournament::Tournament;
use crate::players::check;
use senet_engine::rules::Rules;
use senet_engine::strategy::spec::{Player, StrategySpec};
use senet_engine::strategy::Strategy;
use senet_engine::throws::Device;
use senet_engine::variants::Variant;
use serde::Deserialize;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileScenario {
    name: Spanned<String>,
    title: Option<String>,
    games: Option<Spanned<i64>>,
    seed: Option<Spanned<i64>>,
    arm: Option<Spanned<Vec<FileArm>>>,
    tournament: Option<Spanned<toml::Value>>,
    lang: Option<Spanned<String>>,
    charts: Option<Vec<QuestionChart>>,
    exact: Option<Spanned<String>>,
    audience: Option<Audience>,
    fr: Option<extras::FileFrench>,
}

/// The document read again for a single `[tournament]` table (spans kept).
#[derive(Deserialize)]
struct OneTournament {
    tournament: FileTournament,
}

/// The document read again for `[[tournament]]` tables.
#[derive(Deserialize)]
struct ManyTournaments {
    tournament: Vec<FileTournament>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileTournament {
    name: Option<Spanned<String>>,
    strategies: Spanned<Vec<Spanned<String>>>,
    variant: Option<Spanned<String>>,
    device: Option<Spanned<FileDevice>>,
    games: Option<Spanned<i64>>,
    rules: Option<Spanned<FileRules>>,
    ladder: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileArm {
    name: Spanned<String>,
    variant: Option<Spanned<String>>,
    device: Option<Spanned<FileDevice>>,
    white: Option<Spanned<String>>,
    black: Option<Spanned<String>>,
    rules: Option<Spanned<FileRules>>,
    class_throws: Option<Spanned<String>>,
}

/// One arm: a variant, a device and two strategies, played `games` times: as parsed
/// (`Arm<StrategySpec>`, names only) or ready to play (`Arm`, its players' tables loaded).
#[derive(Clone, Debug)]
pub struct Arm<S = Player> {
    /// Name shown in outputs.
    pub name: String,
    /// The variant.
    pub variant: Variant,
    /// The rule set (the variant with the arm's overrides).
    pub rules: Rules,
    /// Throwing device.
    pub device: Device,
    /// White's strategy.
    pub white: S,
    /// Black's strategy.
    pub black: S,
    /// The class's own throws to show beside this arm's (`class_throws = "FILE"`, relative to
    /// the scenario): read when the run starts, not when the scenario is parsed.
    pub class_throws: Option<PathBuf>,
}

impl Arm {
    /// An arm of `variant` with its preset rules, its document's device and two random players.
    pub fn preset(name: &str, variant: Variant) -> Arm {
        Arm {
            name: name.to_string(),
            variant,
            rules: variant.rules(),
            device: variant.device(),
            white: Player::random(),
            black: Player::random(),
            class_throws: None,
        }
    }

    /// The two players, indexed by side (white, black).
    pub fn players(&self) -> [Box<dyn Strategy>; 2] {
        [&self.white, &self.black].map(|p| p.build(&self.rules, &self.device))
    }
}

impl<S> Arm<S> {
    /// Its game: variant, device and rules (what its rule file writes).
    pub fn game(&self) -> crate::input::rulefile::Game {
        crate::input::rulefile::Game {
            variant: self.variant,
            device: self.device,
            rules: self.rules.clone(),
        }
    }
}

/// A validated scenario: as parsed (`Scenario<StrategySpec>`, reading no table) or ready to
/// play ([`Scenario::resolve`]: every player's table loaded).
#[derive(Clone, Debug)]
pub struct Scenario<S = Player> {
    /// Short name, used for the default output folder.
    pub name: String,
    /// Title shown in the report.
    pub title: String,
    /// Games per arm.
    pub games: u64,
    /// Seed of the run.
    pub seed: u64,
    /// The arms, in file order.
    pub arms: Vec<Arm<S>>,
    /// The tournaments, in file order.
    pub tournaments: Vec<Tournament<S>>,
    /// Language of the outputs (`en` or `fr`), if the file says.
    pub lang: Option<String>,
    /// The charts that answer the scenario's own question, in file order.
    pub charts: Vec<QuestionChart>,
    /// The arm whose game the run solves exactly into `exact/` (`exact = "ARM"`), by index.
    pub exact: Option<usize>,
    /// Who reads the report (`audience = "classe"`: pupils, without the research apparatus).
    pub audience: Audience,
    /// The French names of the title and the arms (`[fr]`).
    pub fr: French,
    /// The file it was read from.
    pub path: PathBuf,
    /// The file's text as read, once: what the report keeps as `scenario.toml`.
    pub text: String,
}

impl Scenario<StrategySpec> {
    /// Reads and validates a scenario file.
    pub fn load(path: &Path) -> Result<Scenario<StrategySpec>, ScenarioError> {
        let text =
            crate::input::read_text(path, crate::input::MAX_TEXT).map_err(|e| ScenarioError {
                kind: ScenarioFault::Read,
                key: None,
                file: path.to_path_buf(),
                line: None,
                message: format!("cannot read: {e}"),
                more: Vec::new(),
            })?;
        Scenario::parse(path, &text)
    }

    /// Validates a scenario given as text (`path` is only used in messages). Every fault of
    /// its keys, arms and tournaments is told ([`ScenarioError::more`]), unless the text is
    /// not TOML.
    pub fn parse(path: &Path, text: &str) -> Result<Scenario<StrategySpec>, ScenarioError> {
        let cx = Ctx { path, text };
        let file: FileScenario = toml::from_str(text).map_err(|e| cx.toml(e))?;
        let mut faults = Faults::default();
        let (games, seed) = top_keys(&cx, &file, &mut faults);
        let tournaments = match &file.tournament {
            None => Some(Vec::new()),
            Some(t) => read_tournaments(&cx, t, games, &mut faults),
        };
        // The arms' names as written, valid arms or not: `exact` and `[fr]` name them.
        let arm_names: Vec<String> = match &file.arm {
            Some(a) => a
                .get_ref()
                .iter()
                .map(|a| a.name.get_ref().clone())
                .collect(),
            None => Vec::new(),
        };
        let arms = read_arms(&cx, file.arm, games, &tournaments, &mut faults);
        let games = games.unwrap_or_else(|| {
            let most = tournaments.iter().flatten().map(|t| t.games).max();
            most.unwrap_or(2)
        });
        let fr = match &tournaments {
            // A tournament not read has no name to check a translation against.
            None => French::default(),
            Some(ts) => {
                let known =
                    |n: &str| arm_names.iter().any(|a| a == n) || ts.iter().any(|t| t.name == n);
                let fr = extras::french(file.fr, &known).map_err(|(span, why)| {
                    cx.err(ScenarioFault::UnknownName, span, why)
                        .with_key("fr.names")
                });
                faults.keep(fr).unwrap_or_default()
            }
        };
        let names: Vec<&str> = arm_names.iter().map(String::as_str).collect();
        let exact = extras::exact_arm(file.exact, &names).map_err(|(span, why)| {
            cx.err(ScenarioFault::UnknownName, span, why)
                .with_key("exact")
        });
        let exact = faults.keep(exact).flatten();
        faults.result(|| Scenario {
            name: file.name.get_ref().clone(),
            title: file.title.unwrap_or_else(|| file.name.into_inner()),
            games,
            seed,
            arms,
            tournaments: tournaments.unwrap_or_default(),
            lang: file.lang.map(Spanned::into_inner),
            charts: file.charts.unwrap_or_default(),
            exact,
            audience: file.audience.unwrap_or_default(),
            fr,
            path: path.to_path_buf(),
            text: text.to_string(),
        })
    }
}

impl<S> Scenario<S> {
    /// The same scenario playing `games` games per arm (at least 1) and per tournament
    /// pairing (rounded up to an even number, at least 2, so that colours alternate): the
    /// command line's `--games`.
    pub fn with_games(mut self, games: u64) -> Scenario<S> {
        let games = games.max(1);
        self.games = games;
        for t in &mut self.tournaments {
            t.games = games.max(2).next_multiple_of(2);
        }
        self
    }

    /// The scenario with its French title, arm and tournament names (`[fr]`) in place of the
    /// Reads the class file of every arm that names one (`None` for the others), in the arms'
    /// order, each checked against its arm's device; a file's warnings (a « Total » row left
    /// out) are in its `ClassFile`.
    pub fn class_throws(
        &self,
    ) -> Result<Vec<Option<senet_classroom::ClassFile>>, ClassThrowsError> {
        (self.arms.iter())
            .map(|a| {
                (a.class_throws.as_deref())
                    .map(|f| class::read(&a.name, f, (&a.rules, &a.device)))
                    .transpose()
            })
            .collect()
    }

    /// file's, for a report in French; names without a translation stay.
    pub fn in_french(mut self) -> Scenario<S> {
        if let Some(t) = &self.fr.title {
            self.title = t.clone();
        }
        let names = self.arms.iter_mut().map(|a| &mut a.name);
        let names = names.chain(self.tournaments.iter_mut().map(|t| &mut t.name));
        for name in names {
            if let Some(n) = self.fr.names.get(name.as_str()) {
                *name = n.clone();
            }
        }
        self
    }
}

/// The scenario's own keys checked (`name`, `games`, `seed`, `lang`), their faults kept:
/// games per arm (`None`: not given; a wrong value counts as given, so that no fault follows
/// from it) and the seed.
fn top_keys(cx: &Ctx, file: &FileScenario, faults: &mut Faults) -> (Option<u64>, u64) {
    let name = file.name.get_ref();
    let name_ok = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !name_ok {
        let why = format!(
            "key 'name': '{name}' must be letters, digits, '-' or '_' (it names the output folder)"
        );
        let span = Some(file.name.span());
        faults.push(cx.err(ScenarioFault::Value, span, why).with_key("name"));
    }
    let games = file.games.as_ref().map(|g| {
        if *g.get_ref() < 1 {
            let why = format!("key 'games': must be at least 1, got {}", g.get_ref());
            let e = cx.err(ScenarioFault::Value, Some(g.span()), why);
            faults.push(e.with_key("games"));
        }
        (*g.get_ref()).max(1) as u64
    });
    let seed = match &file.seed {
        Some(s) if *s.get_ref() < 0 => {
            let why = "key 'seed': must be a non-negative integer".to_string();
            let e = cx.err(ScenarioFault::Value, Some(s.span()), why);
            faults.push(e.with_key("seed"));
            1
        }
        Some(s) => *s.get_ref() as u64,
        None => 1,
    };
    if let Some(l) = &file.lang {
        if !["en", "fr"].contains(&l.get_ref().as_str()) {
            let why = format!(
                "key 'lang': '{}' is not a language of senet-sim (en, fr)",
                l.get_ref()
            );
            let e = cx.err(ScenarioFault::Value, Some(l.span()), why);
            faults.push(e.with_key("lang"));
        }
    }
    (games, seed)
}

/// The `[[arm]]` tables checked, each fault kept: the arms that are right, in file order
/// (`tournaments`: those read, `None` when they could not be).
fn read_arms(
    cx: &Ctx,
    arms: Option<Spanned<Vec<FileArm>>>,
    games: Option<u64>,
    tournaments: &Option<Vec<Tournament<StrategySpec>>>,
    faults: &mut Faults,
) -> Vec<Arm<StrategySpec>> {
    let missing = |span, why: &str| cx.err(ScenarioFault::Missing, span, why.to_string());
    let list = match arms {
        None => {
            if tournaments.as_ref().is_some_and(Vec::is_empty) {
                let why = "no [[arm]] or [tournament] table: a scenario needs at least one";
                faults.push(missing(None, why));
            }
            return Vec::new();
        }
        Some(a) if a.get_ref().is_empty() => {
            let why = "key 'arm': a scenario needs at least one arm";
            faults.push(missing(Some(a.span()), why).with_key("arm"));
            return Vec::new();
        }
        Some(a) => a.into_inner(),
    };
    if games.is_none() {
        let why = "key 'games' is missing: the number of games per arm";
        faults.push(missing(None, why).with_key("games"));
    }
    let mut seen: Vec<(String, Range<usize>)> = Vec::new();
    let mut valid = Vec::new();
    for (i, arm) in list.into_iter().enumerate() {
        let span = arm.name.span();
        let which = format!("arm {}", i + 1);
        faults.keep(unique_name(
            cx,
            &which,
            arm.name.get_ref(),
            span.clone(),
            &seen,
        ));
        seen.push((arm.name.get_ref().clone(), span));
        valid.extend(validate_arm(cx, i, arm, faults));
    }
    valid
}

/// One arm checked: the arm, or `None` with its faults kept (its game's first; then each
/// strategy's and its class throws').
fn validate_arm(cx: &Ctx, i: usize, a: FileArm, faults: &mut Faults) -> Option<Arm<StrategySpec>> {
    let which = format!("arm {} ('{}')", i + 1, a.name.get_ref());
    let game = game_setup(
        cx,
        &which,
        a.variant.as_ref(),
        a.rules.as_ref(),
        a.device.as_ref(),
    );
    let game = faults.keep(game)?;
    let (variant, rules, device) = (game.variant, game.rules, game.device);
    let strategy = |s: &Option<Spanned<String>>, key: &str| match s {
        None => Ok(StrategySpec::Random),
        Some(s) => {
            let at = |e: &dyn fmt::Display| {
                cx.err(
                    ScenarioFault::Strategy,
                    Some(s.span()),
                    format!("{which}, key '{key}': {e}"),
                )
                .with_key(key)
            };
            let spec = StrategySpec::parse(s.get_ref()).map_err(|e| at(&e))?;
            check(&spec, variant, &rules, &device).map_err(|e| at(&senet_engine::Chain(&e)))?;
            Ok(spec)
        }
    };
    let white = faults.keep(strategy(&a.white, "white"));
    let black = faults.keep(strategy(&a.black, "black"));
    let class_throws = match &a.class_throws {
        Some(f) if f.get_ref().trim().is_empty() => {
            let why = format!(
                "{which}, key 'class_throws': empty; name the CSV file of the class's counts"
            );
            let e = cx.err(ScenarioFault::Value, Some(f.span()), why);
            faults.push(e.with_key("class_throws"));
            return None;
        }
        Some(f) => Some(cx.path.parent().unwrap_or(cx.path).join(f.get_ref())),
        None => None,
    };
    Some(Arm {
        name: a.name.into_inner(),
        variant,
        rules,
        device,
        white: white?,
        black: black?,
        class_throws,
    })
}

/// Reads `[tournament]` (one table) or `[[tournament]]` (several), re-reading the document so
/// that errors keep their lines.
fn read_tournaments(
    cx: &Ctx,
    value: &Spanned<toml::Value>,
    games: Option<u64>,
    faults: &mut Faults,
) -> Option<Vec<Tournament<StrategySpec>>> {
    let list = faults.keep(tournament_tables(cx, value))?;
    let before = faults.count();
    let valid: Vec<Tournament<StrategySpec>> = list
        .into_iter()
        .enumerate()
        .filter_map(|(i, t)| validate_tournament(cx, i, t, games, faults))
        .collect();
    (faults.count() == before).then_some(valid)
}

/// The tournament tables as the file writes them, each named once.
fn tournament_tables(
    cx: &Ctx,
    value: &Spanned<toml::Value>,
) -> Result<Vec<FileTournament>, ScenarioError> {
    let parse_err = |e: toml::de::Error| cx.toml(e);
    let list = match value.get_ref() {
        toml::Value::Table(_) => vec![
            toml::from_str::<OneTournament>(cx.text)
                .map_err(parse_err)?
                .tournament,
        ],
        toml::Value::Array(_) => {
            toml::from_str::<ManyTournaments>(cx.text)
                .map_err(parse_err)?
                .tournament
        }
        _ => {
            return Err(cx
                .err(
                    ScenarioFault::Toml,
                    Some(value.span()),
                    "key 'tournament': must be a [tournament] table".into(),
                )
                .with_key("tournament"))
        }
    };
    if list.is_empty() {
        return Err(cx
            .err(
                ScenarioFault::Missing,
                Some(value.span()),
                "key 'tournament': no tournament given".into(),
            )
            .with_key("tournament"));
    }
    let mut seen: Vec<(String, Range<usize>)> = Vec::new();
    for (i, t) in list.iter().enumerate() {
        let Some(named) = t.name.as_ref().or(t.variant.as_ref()) else {
            let why = format!(
                "tournament {}: key 'name' is missing (a tournament with a rule file names itself)",
                i + 1
            );
            let span = Some(value.span());
            return Err(cx.err(ScenarioFault::Missing, span, why).with_key("name"));
        };
        let which = format!("tournament {}", i + 1);
        unique_name(cx, &which, named.get_ref(), named.span(), &seen)?;
        seen.push((named.get_ref().clone(), named.span()));
    }
    Ok(list)
}

/// Refuses a name already given on an earlier line: two arms (or tournaments) of one name
/// would write over each other's charts, and their rows could not be told apart.
fn unique_name(
    cx: &Ctx,
    which: &str,
    name: &str,
    span: Range<usize>,
    seen: &[(String, Range<usize>)],
) -> Result<(), ScenarioError> {
    match seen.iter().find(|(n, _)| n == name) {
        None => Ok(()),
        Some((_, first)) => {
            let why = format!(
                "{which}, key 'name': '{name}' is already the name of the one on line {}; give each its own name",
                cx.line_of(first.clone())
            );
            Err(cx
                .err(ScenarioFault::Twice, Some(span), why)
                .with_key("name"))
        }
    }
}

/// One tournament checked: the tournament, or `None` with its faults kept (its game's first;
/// then each strategy's, and its games').
fn validate_tournament(
    cx: &Ctx,
    i: usize,
    t: FileTournament,
    games: Option<u64>,
    faults: &mut Faults,
) -> Option<Tournament<StrategySpec>> {
    let name = t
        .name
        .as_ref()
        .or(t.variant.as_ref())
        .map(|n| n.get_ref().clone())
        .unwrap_or_default();
    let which = format!("tournament {} ('{name}')", i + 1);
    let game = game_setup(
        cx,
        &which,
        t.variant.as_ref(),
        t.rules.as_ref(),
        t.device.as_ref(),
    );
    let game = faults.keep(game)?;
    let (variant, rules, device) = (game.variant, game.rules, game.device);
    let before = faults.count();
    let mut strategies: Vec<StrategySpec> = Vec::new();
    for s in t.strategies.get_ref() {
        let at = |kind, e: &dyn fmt::Display| {
            let why = format!("{which}, key 'strategies': {e}");
            cx.err(kind, Some(s.span()), why).with_key("strategies")
        };
        let spec = StrategySpec::parse(s.get_ref()).map_err(|e| at(ScenarioFault::Strategy, &e));
        let Some(spec) = faults.keep(spec) else {
            continue;
        };
        if let Err(e) = check(&spec, variant, &rules, &device) {
            faults.push(at(ScenarioFault::Strategy, &senet_engine::Chain(&e)));
        } else if strategies.contains(&spec) {
            let twice = format!("'{}' is listed twice", s.get_ref());
            faults.push(at(ScenarioFault::Twice, &twice));
        } else {
            strategies.push(spec);
        }
    }
    if strategies.len() < 2 && faults.count() == before {
        let why = format!("{which}, key 'strategies': a tournament needs at least two strategies");
        let e = cx.err(ScenarioFault::Value, Some(t.strategies.span()), why);
        faults.push(e.with_key("strategies"));
    }
    let games = match (&t.games, games) {
        (Some(g), _) if *g.get_ref() < 2 || g.get_ref() % 2 != 0 => {
            let why = format!(
                "{which}, key 'games': games per pairing must be even and at least 2 (half with each strategy as white), got {}",
                g.get_ref()
            );
            let span = Some(g.span());
            faults.push(cx.err(ScenarioFault::Value, span, why).with_key("games"));
            None
        }
        (Some(g), _) => Some(*g.get_ref() as u64),
        (None, Some(g)) => Some(g.max(2).next_multiple_of(2)),
        (None, None) => {
            let why = format!("{which}, key 'games' is missing (games per pairing)");
            faults.push(cx.err(ScenarioFault::Missing, None, why).with_key("games"));
            None
        }
    };
    (faults.count() == before).then_some(Tournament {
        name,
        variant,
        rules,
        device,
        strategies,
        games: games?,
        ladder: t.ladder.unwrap_or(false),
    })
}

#[cfg(test)]
mod tests;
