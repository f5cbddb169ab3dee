//! Strategies by name: `NAME` or `NAME:PARAM`, parsed once into a [`StrategySpec`] (names
//! only, written back in one canonical form), made a [`Player`] once the tables it reads are
//! loaded, and built into a strategy for a rule set and a device.

use super::heuristic::{Heuristic, Weights};
use super::optimal::Optimal;
use super::search::{Expectimax, Rollout, MAX_DEPTH, MAX_ROLLOUTS};
use super::td::{Net, Td};
use super::{BackStrategy, FrontStrategy, RandomStrategy, Strategy};
use crate::rules::Rules;
use crate::solve::Solution;
use crate::throws::{throw_table, Device};
use std::fmt;
use std::sync::Arc;
use thiserror::Error;

/// An unknown or malformed strategy name, of a kind a caller matches.
#[derive(Debug, Error, PartialEq)]
pub enum StrategyError {
    /// No strategy has this name (the text as given; the message lists the known ones).
    #[error("unknown strategy '{0}' (known: {known})", known = STRATEGY_NAMES.join(", "))]
    Unknown(String),
    /// A known strategy given a parameter it does not take, or none where it needs one.
    #[error("bad strategy '{text}' ({why})")]
    Parameter {
        /// The strategy as written.
        text: String,
        /// What is wrong and what it takes.
        why: String,
    },
}

/// A strategy as named in a scenario or on the command line: `NAME` or `NAME:PARAM`.
///
/// Parsing checks the name and the parameter and reads no file: [`StrategySpec::ready`] makes
/// the [`Player`] of a strategy that reads no table, [`OptimalSpec::with`] and
/// [`TdSpec::with`] that of one whose table or network the caller has loaded
/// (`senet_simulation::players::Tables::resolve`).
#[derive(Clone, Debug, PartialEq)]
pub enum StrategySpec {
    /// `random`.
    Random,
    /// `front`.
    Front,
    /// `back`.
    Back,
    /// `heuristic` or `heuristic:KEY=W,KEY=W` (weights overriding the defaults).
    Heuristic(Weights),
    /// `expectimax:D`, D throws deep (0 to 3; 0 is the greedy choice by the evaluation).
    Expectimax(u8),
    /// `rollout:N`, N random playouts per candidate move (1 to 10,000).
    Rollout(u32),
    /// `optimal` (a table solved when the scenario is read, for 1 or 2 pawns a side) or
    /// `optimal:FILE` (a table saved by `senet-sim solve`).
    Optimal(OptimalSpec),
    /// `td` (the network shipped for the game) or `td:FILE` (one `senet-sim train` wrote);
    /// `tdx:D` the same searching D throws past its move (1 to 3).
    Td(TdSpec),
}

/// Where a `td` player's network (and its endgame table, if any) comes from.
#[derive(Clone, Debug, PartialEq)]
pub struct TdSpec {
    /// The throws searched past the move: 0 for `td`, D for `tdx:D`.
    pub depth: u8,
    /// The weights file named (`td:FILE`), if any.
    pub file: Option<String>,
    /// A table of `senet-sim solve` for fewer pawns of the same rules (`td:endgame=TABLE`),
    /// read instead of the network where it covers a position.
    pub endgame: Option<String>,
}

impl TdSpec {
    /// `FILE`, `endgame=TABLE` or `FILE,endgame=TABLE` (empty: the shipped network alone),
    /// after `depth` (`tdx:D`).
    fn parse(depth: u8, param: &str) -> Result<TdSpec, String> {
        let mut spec = TdSpec {
            depth,
            file: None,
            endgame: None,
        };
        for part in param.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let slot = match part.strip_prefix("endgame=") {
                Some(table) => (&mut spec.endgame, table),
                None => (&mut spec.file, part),
            };
            if slot.0.replace(slot.1.to_string()).is_some() {
                return Err("write td:FILE,endgame=TABLE, each at most once".into());
            }
        }
        Ok(spec)
    }

    /// The player, given the network its files name and the endgame table if it names one.
    pub fn with(&self, net: Arc<Net>, endgame: Option<Arc<Solution>>) -> Player {
        Player {
            spec: StrategySpec::Td(self.clone()),
            make: Make::Td(net, endgame, self.depth),
        }
    }
}

/// Where an `optimal` player's table comes from.
#[derive(Clone, Debug, PartialEq)]
pub struct OptimalSpec {
    /// The table file named (`optimal:FILE`), if any.
    pub file: Option<String>,
}

impl OptimalSpec {
    /// The player, given the table its file names (or the game's, solved).
    pub fn with(&self, table: Arc<Solution>) -> Player {
        Player {
            spec: StrategySpec::Optimal(self.clone()),
            make: Make::Optimal(table),
        }
    }
}

/// A strategy ready to play: its spec and what it reads, loaded. Made only by
/// [`StrategySpec::ready`], [`OptimalSpec::with`] and [`TdSpec::with`], so that
/// [`Player::build`] cannot meet a table not loaded.
#[derive(Clone, Debug)]
pub struct Player {
    spec: StrategySpec,
    make: Make,
}

/// What a [`Player`] is built from.
#[derive(Clone, Debug)]
enum Make {
    /// A strategy that reads nothing: the spec is all.
    Plain,
    /// `optimal`'s table.
    Optimal(Arc<Solution>),
    /// `td`'s network, its endgame table and its search depth.
    Td(Arc<Net>, Option<Arc<Solution>>, u8),
}

impl Player {
    /// `random`, which every player can be.
    pub fn random() -> Player {
        Player {
            spec: StrategySpec::Random,
            make: Make::Plain,
        }
    }

    /// The spec it was made from (its name, its cost).
    pub fn spec(&self) -> &StrategySpec {
        &self.spec
    }

    /// The solved table it plays from: `optimal`'s, or a `td` player's endgame table.
    pub fn table(&self) -> Option<&Arc<Solution>> {
        match &self.make {
            Make::Optimal(table) | Make::Td(_, Some(table), _) => Some(table),
            Make::Plain | Make::Td(_, None, _) => None,
        }
    }

    /// The strategy for `rules` and `device` (the searching strategies need the exact throw
    /// distribution).
    pub fn build(&self, rules: &Rules, device: &Device) -> Box<dyn Strategy> {
        match (&self.make, &self.spec) {
            (Make::Optimal(table), _) => Box::new(Optimal::new(table.clone())),
            (Make::Td(net, table, depth), _) => Box::new(
                Td::with_endgame(net.clone(), table.clone())
                    .searching(*depth, throw_table(rules, device)),
            ),
            (Make::Plain, StrategySpec::Front) => Box::new(FrontStrategy),
            (Make::Plain, StrategySpec::Back) => Box::new(BackStrategy),
            (Make::Plain, StrategySpec::Heuristic(w)) => {
                Box::new(Heuristic::new(rules, device, *w))
            }
            (Make::Plain, StrategySpec::Expectimax(d)) => {
                Box::new(Expectimax::new(rules, device, *d))
            }
            (Make::Plain, StrategySpec::Rollout(n)) => Box::new(Rollout::new(device, *n)),
            // `ready` makes no plain player of `optimal` or `td`: this is `random`.
            (Make::Plain, _) => Box::new(RandomStrategy),
        }
    }
}

/// A player is named by its spec.
impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.spec.fmt(f)
    }
}

/// Two players are the same when their specs are (the same names, the same files).
impl PartialEq for Player {
    fn eq(&self, other: &Player) -> bool {
        self.spec == other.spec
    }
}

impl StrategySpec {
    /// A rough cost of a game played by this strategy, relative to `random` (measured once on
    /// one core: `expectimax:2` about 150 times slower, `rollout:8` in `kendall` about 15,000):
    /// used only to cut a run into tasks of similar cost, never in a result.
    pub fn relative_cost(&self) -> u64 {
        match self {
            StrategySpec::Random | StrategySpec::Front | StrategySpec::Back => 1,
            StrategySpec::Heuristic(_) => 4,
            StrategySpec::Expectimax(d) => 5 * 6u64.pow(u32::from(*d)),
            StrategySpec::Rollout(n) => 2_000 * u64::from(*n),
            StrategySpec::Optimal(_) => 3,
            StrategySpec::Td(t) => 10 * 6u64.pow(u32::from(t.depth)),
        }
    }

    /// Parses `NAME` or `NAME:PARAM`.
    pub fn parse(text: &str) -> Result<StrategySpec, StrategyError> {
        let (name, param) = match text.split_once(':') {
            Some((n, p)) => (n.trim(), Some(p.trim())),
            None => (text.trim(), None),
        };
        let bad = |why: &str| StrategyError::Parameter {
            text: text.to_string(),
            why: why.to_string(),
        };
        let number = |p: Option<&str>, what: &str, max: u32| -> Result<u32, StrategyError> {
            let p = p.ok_or_else(|| bad(&format!("write {name}:{what}")))?;
            match p.parse::<u32>() {
                Ok(n) if n <= max => Ok(n),
                _ => Err(bad(&format!(
                    "{what} must be a whole number from 0 to {max}"
                ))),
            }
        };
        let spec = match name {
            "optimal" => StrategySpec::Optimal(OptimalSpec {
                file: param.filter(|p| !p.is_empty()).map(str::to_string),
            }),
            "td" => StrategySpec::Td(TdSpec::parse(0, param.unwrap_or("")).map_err(|e| bad(&e))?),
            "tdx" => {
                let param = param.unwrap_or("");
                let (d, rest) = param.split_once(',').unwrap_or((param, ""));
                let depth = match number(Some(d.trim()), "D", MAX_DEPTH as u32)? {
                    0 => return Err(bad("D must be at least 1; td is tdx:0")),
                    d => d as u8,
                };
                StrategySpec::Td(TdSpec::parse(depth, rest).map_err(|e| bad(&e))?)
            }
            "random" | "front" | "back" if param.is_some() => {
                return Err(bad(&format!("'{name}' takes no parameter")))
            }
            "random" => StrategySpec::Random,
            "front" => StrategySpec::Front,
            "back" => StrategySpec::Back,
            "heuristic" => StrategySpec::Heuristic(match param {
                None => Weights::default(),
                Some(p) => Weights::parse(p).map_err(|e| bad(&e))?,
            }),
            "expectimax" => StrategySpec::Expectimax(number(param, "D", MAX_DEPTH as u32)? as u8),
            "rollout" => match number(param, "N", MAX_ROLLOUTS)? {
                0 => return Err(bad("N must be at least 1")),
                n => StrategySpec::Rollout(n),
            },
            _ => return Err(StrategyError::Unknown(text.to_string())),
        };
        Ok(spec)
    }

    /// The player of a strategy that reads no table or network, or what it needs loaded
    /// first ([`OptimalSpec::with`], [`TdSpec::with`] make those players).
    pub fn ready(&self) -> Result<Player, Needs<'_>> {
        match self {
            StrategySpec::Optimal(o) => Err(Needs::Table(o)),
            StrategySpec::Td(t) => Err(Needs::Net(t)),
            spec => Ok(Player {
                spec: spec.clone(),
                make: Make::Plain,
            }),
        }
    }
}

/// What a strategy needs loaded before it plays ([`StrategySpec::ready`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Needs<'a> {
    /// `optimal`: its solved table.
    Table(&'a OptimalSpec),
    /// `td` and `tdx`: its network (and its endgame table, if it names one).
    Net(&'a TdSpec),
}

/// Names of the strategies available, with their parameter.
pub const STRATEGY_NAMES: [&str; 9] = [
    "random",
    "front",
    "back",
    "heuristic",
    "expectimax:D",
    "rollout:N",
    "optimal[:FILE]",
    "td[:FILE][,endgame=TABLE]",
    "tdx:D[,FILE][,endgame=TABLE]",
];

/// The canonical name: `random`, `expectimax:2`, `heuristic` with the default weights or
/// `heuristic:capture=2,water=-20` with the weights that differ from them, in key order.
/// Parsing it gives back the same spec.
impl fmt::Display for StrategySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrategySpec::Random => f.write_str("random"),
            StrategySpec::Front => f.write_str("front"),
            StrategySpec::Back => f.write_str("back"),
            StrategySpec::Heuristic(w) => {
                f.write_str("heuristic")?;
                let default = Weights::default().by_key();
                let changed: Vec<String> = w
                    .by_key()
                    .iter()
                    .zip(default)
                    .filter(|(a, b)| a.1 != b.1)
                    .map(|((key, v), _)| format!("{key}={v}"))
                    .collect();
                if !changed.is_empty() {
                    write!(f, ":{}", changed.join(","))?;
                }
                Ok(())
            }
            StrategySpec::Expectimax(d) => write!(f, "expectimax:{d}"),
            StrategySpec::Rollout(n) => write!(f, "rollout:{n}"),
            StrategySpec::Optimal(OptimalSpec { file: None, .. }) => f.write_str("optimal"),
            StrategySpec::Optimal(OptimalSpec {
                file: Some(file), ..
            }) => write!(f, "optimal:{file}"),
            StrategySpec::Td(t) => {
                let depth = (t.depth > 0).then(|| t.depth.to_string());
                f.write_str(if depth.is_some() { "tdx" } else { "td" })?;
                let parts: Vec<String> = (depth.into_iter())
                    .chain(t.file.iter().cloned())
                    .chain(t.endgame.iter().map(|e| format!("endgame={e}")))
                    .collect();
                if !parts.is_empty() {
                    write!(f, ":{}", parts.join(","))?;
                }
                Ok(())
            }
        }
    }
}

impl std::str::FromStr for StrategySpec {
    type Err = StrategyError;
    fn from_str(text: &str) -> Result<StrategySpec, StrategyError> {
        StrategySpec::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A strategy that reads nothing is ready as parsed; `optimal` and `td` say what they need
    /// and become players only with it, named as their specs.
    #[test]
    fn only_strategies_that_read_nothing_are_ready_as_parsed() {
        for name in [
            "random",
            "front",
            "back",
            "heuristic",
            "expectimax:1",
            "rollout:2",
        ] {
            let spec = StrategySpec::parse(name).unwrap();
            let player = spec.ready().unwrap();
            assert_eq!((player.spec(), player.to_string().as_str()), (&spec, name));
            assert!(player.table().is_none());
        }
        let optimal = StrategySpec::parse("optimal:t.senet").unwrap();
        let Err(Needs::Table(o)) = optimal.ready() else {
            panic!("optimal is ready without its table")
        };
        assert_eq!(o.file.as_deref(), Some("t.senet"));
        let td = StrategySpec::parse("tdx:2,w.td").unwrap();
        let Err(Needs::Net(t)) = td.ready() else {
            panic!("td is ready without its network")
        };
        assert_eq!((t.depth, t.file.as_deref()), (2, Some("w.td")));
        assert_eq!(Player::random(), StrategySpec::Random.ready().unwrap());
    }

    #[test]
    fn names_round_trip_through_their_canonical_form() {
        for (text, canonical) in [
            ("random", "random"),
            (" front ", "front"),
            ("back", "back"),
            ("heuristic", "heuristic"),
            ("heuristic:", "heuristic"),
            (
                "heuristic:water=-20, capture=2.0",
                "heuristic:capture=2,water=-20",
            ),
            ("expectimax: 2", "expectimax:2"),
            ("rollout:8", "rollout:8"),
            ("optimal", "optimal"),
            ("optimal: t/table.senet", "optimal:t/table.senet"),
            ("td", "td"),
            ("td:w/tejon.td", "td:w/tejon.td"),
            ("td: endgame=t2.senet , w.td", "td:w.td,endgame=t2.senet"),
            ("td:endgame=t2.senet", "td:endgame=t2.senet"),
            ("tdx:1", "tdx:1"),
            ("tdx: 2, w.td", "tdx:2,w.td"),
            ("tdx:1,endgame=t2.senet,w.td", "tdx:1,w.td,endgame=t2.senet"),
        ] {
            let spec = StrategySpec::parse(text).unwrap();
            assert_eq!(spec.to_string(), canonical, "{text}");
            assert_eq!(StrategySpec::parse(canonical), Ok(spec));
        }
        let known = STRATEGY_NAMES.join(", ");
        let e = StrategySpec::parse("greedy").unwrap_err();
        assert_eq!(e, StrategyError::Unknown("greedy".into()));
        assert!(e.to_string().contains(&known), "{e}");
        for bad in [
            "tdx",
            "tdx:0",
            "tdx:4",
            "tdx:w.td",
            "tdx:1,a.td,b.td",
            "random:2",
            "expectimax",
            "rollout:0",
            "heuristic:speed=2",
        ] {
            let e = StrategySpec::parse(bad).unwrap_err();
            assert!(
                matches!(&e, StrategyError::Parameter { text, .. } if text == bad),
                "{bad}: {e}"
            );
        }
    }
}
