//! The solved tables `optimal` players play from, resolved when the players are built, not
//! when a scenario is read: [`check`] tells at parse time whether a table can be had (reading
//! at most a table file's header), and a [`Tables`] cache, owned by its caller, loads or
//! solves each table once, stoppable by the caller's [`Cancel`].

use crate::cancel::Cancel;
use crate::exact::error::PawnLimit;
use crate::exact::residual::spot_check;
use crate::exact::solve::{solve, Method, Request, SolveError};
use crate::exact::tablefile::{load, table_game};
use crate::input::rulefile::Game;
use crate::learn::tdfile;
use senet_engine::rules::{GameEnd, Rules};
use senet_engine::solve::index::MAX_SOLVED_PAWNS;
use senet_engine::solve::{same_game, same_throws, Solution};
use senet_engine::strategy::spec::{Needs, Player, StrategySpec};
use senet_engine::strategy::td::Net;
use senet_engine::throws::{throw_table, Device};
use senet_engine::variants::Variant;
use std::path::Path;
use std::sync::Arc;

/// The most pawns a side for which `optimal` without a file solves its table when its players
/// are built (2 pawns: about 190,000 positions, about a second).
pub const SOLVE_ON_READ: u8 = 2;

/// Whether an `optimal` player of this game can have its table (other strategies always can):
/// its file is a table of this very game (only the file's header is read), or the game is
/// small enough to be solved when the players are built. Nothing is solved.
pub fn check(
    spec: &StrategySpec,
    variant: Variant,
    rules: &Rules,
    device: &Device,
) -> Result<(), SolveError> {
    if let StrategySpec::Td(t) = spec {
        if let Some(file) = &t.endgame {
            let table = table_game(Path::new(file))?;
            if let Some(e) = endgame_misfit(file, &table.rules, &table.throws, rules, device) {
                return Err(e);
            }
        }
        return td_net(t.file.as_deref(), variant, rules, device).map(|_| ());
    }
    let StrategySpec::Optimal(o) = spec else {
        return Ok(());
    };
    match &o.file {
        Some(file) => {
            let table = table_game(Path::new(file))?;
            if table.endgame > 0 {
                return Err(SolveError::EndgameOnly {
                    file: file.clone(),
                    from: table.endgame,
                });
            }
            other_game(file, &table.rules, &table.throws, rules, device).map_or(Ok(()), Err)
        }
        None => solvable(variant, rules),
    }
}

/// Whether `optimal` without a file may solve this game when its players are built.
fn solvable(variant: Variant, rules: &Rules) -> Result<(), SolveError> {
    if rules.pawns > MAX_SOLVED_PAWNS {
        return Err(SolveError::TooManyPawns {
            pawns: rules.pawns,
            limit: PawnLimit::Optimal,
        });
    }
    if rules.pawns > SOLVE_ON_READ {
        return Err(SolveError::NeedsTable {
            variant: variant.id().to_string(),
            pawns: rules.pawns,
        });
    }
    Ok(())
}

/// The error of a table file (`file`, solved for `theirs` with `throws`) played in another
/// game than `rules` with `device`; `None` when it is the same game.
fn other_game(
    file: &str,
    theirs: &Rules,
    throws: &[(u8, f64)],
    rules: &Rules,
    device: &Device,
) -> Option<SolveError> {
    let why = if theirs.pawns < rules.pawns {
        // A smaller table plays no whole game; `td` reads it where it covers a position.
        format!(
            "{} pawns a side, not {}; td:endgame={file} reads it as an endgame table",
            theirs.pawns, rules.pawns
        )
    } else if theirs.pawns != rules.pawns {
        format!("{} pawns a side, not {}", theirs.pawns, rules.pawns)
    } else if !same_game(theirs, rules) {
        "other rules".to_string()
    } else if !same_throws(throws, &throw_table(rules, device)) {
        "another throwing device".to_string()
    } else {
        return None;
    };
    Some(SolveError::OtherGame {
        file: file.to_string(),
        why,
    })
}

/// The tables of a run's `optimal` players, each loaded or solved once: a cache its caller
/// owns and drops (no table outlives it).
#[derive(Default)]
pub struct Tables {
    /// The tables loaded or solved so far, with the file each was read from (`None`: solved).
    held: Vec<(Option<String>, Arc<Solution>)>,
}

impl Tables {
    /// An empty cache.
    pub fn new() -> Tables {
        Tables::default()
    }

    /// Holds `solution`, a table the caller has just solved, for the `optimal` players of its
    /// game (`solve` judges `optimal` with the table it solved, instead of solving it again).
    pub fn hold(&mut self, solution: Arc<Solution>) {
        self.held.push((None, solution));
    }

    /// The player of `spec`: an `optimal` player with its table (the file it names, checked
    /// to be a table of this game, or the table of this game solved now, up to
    /// [`SOLVE_ON_READ`] pawns a side), a `td` player with its network and endgame table, each
    /// loaded at most once in this cache; other strategies read nothing. `cancel` stops a
    /// solve (`SolveError::Interrupted`).
    pub fn resolve(
        &mut self,
        spec: &StrategySpec,
        variant: Variant,
        rules: &Rules,
        device: &Device,
        cancel: &Cancel,
    ) -> Result<Player, SolveError> {
        match spec.ready() {
            Ok(player) => Ok(player),
            Err(Needs::Net(t)) => {
                let endgame = match &t.endgame {
                    Some(file) => Some(self.endgame(file, rules, device)?),
                    None => None,
                };
                let net = td_net(t.file.as_deref(), variant, rules, device)?;
                Ok(t.with(Arc::new(net), endgame))
            }
            Err(Needs::Table(o)) => {
                Ok(o.with(self.optimal(o.file.as_deref(), variant, rules, device, cancel)?))
            }
        }
    }

    /// The table an `optimal` player naming `file` (or none) plays this game from: what
    /// [`Tables::resolve`] gives it, for a caller that reads the table itself (a review).
    pub fn optimal(
        &mut self,
        file: Option<&str>,
        variant: Variant,
        rules: &Rules,
        device: &Device,
        cancel: &Cancel,
    ) -> Result<Arc<Solution>, SolveError> {
        let throws = throw_table(rules, device);
        let held = self
            .held
            .iter()
            // An endgame table held for a `td` player is not a whole game's: the file is read
            // again below, and refused.
            .find(|(f, s)| {
                f.as_deref() == file && s.index.from_off() == 0 && s.solves(rules, &throws)
            });
        match (held, file) {
            (Some((_, s)), _) => Ok(s.clone()),
            (None, Some(file)) => {
                let s = load_checked(file)?;
                if s.index.from_off() > 0 {
                    return Err(SolveError::EndgameOnly {
                        file: file.to_string(),
                        from: s.index.from_off(),
                    });
                }
                if let Some(e) = other_game(file, &s.rules, &s.throws, rules, device) {
                    return Err(e);
                }
                Ok(self.keep(Some(file.to_string()), s))
            }
            (None, None) => {
                solvable(variant, rules)?;
                let request = Request {
                    method: Method::Graph,
                    optimal_only: true,
                    ..Request::new(rules.clone(), *device)
                };
                let exact = solve(&request, cancel, &mut |_| {})?;
                Ok(self.keep(None, exact.solution))
            }
        }
    }

    /// The endgame table in `file` for a game of `rules` and `device`, loaded once.
    fn endgame(
        &mut self,
        file: &str,
        rules: &Rules,
        device: &Device,
    ) -> Result<Arc<Solution>, SolveError> {
        let held = self.held.iter().find(|(f, _)| f.as_deref() == Some(file));
        if let Some((_, s)) = held {
            return match endgame_misfit(file, &s.rules, &s.throws, rules, device) {
                Some(e) => Err(e),
                None => Ok(s.clone()),
            };
        }
        let s = load_checked(file)?;
        if let Some(e) = endgame_misfit(file, &s.rules, &s.throws, rules, device) {
            return Err(e);
        }
        Ok(self.keep(Some(file.to_string()), s))
    }

    fn keep(&mut self, file: Option<String>, s: Solution) -> Arc<Solution> {
        let s = Arc::new(s);
        self.held.push((file, s.clone()));
        s
    }
}

/// A table file read for play, refused unless an update step leaves a sample of its values
/// where they are ([`spot_check`]): values not written by a solve would play as `optimal`.
fn load_checked(file: &str) -> Result<Solution, SolveError> {
    let s = load(Path::new(file))?;
    let r = spot_check(&s, 4096);
    if !r.holds() {
        return Err(SolveError::File {
            path: file.to_string(),
            why: format!(
                "not a solved table: one update step changes position {} by {:.1e} \
                 (`senet-sim solve --verify {file}` checks every position)",
                r.at, r.largest
            )
            .into(),
        });
    }
    Ok(s)
}

/// The network of a `td` player: the file it names, or the one shipped for this game, refused
/// when trained for other rules.
fn td_net(
    file: Option<&str>,
    variant: Variant,
    rules: &Rules,
    device: &Device,
) -> Result<Net, SolveError> {
    let game = Game {
        variant,
        device: *device,
        rules: rules.clone(),
    };
    match file {
        Some(file) => Ok(tdfile::for_game(file, &game)?.training.net),
        None => crate::learn::shipped::network(&game).ok_or_else(|| SolveError::NoShippedTd {
            variant: variant.id().to_string(),
            pawns: rules.pawns,
            device: device.to_string(),
            train: crate::input::rulefile::command_for(&game, "senet-sim train"),
        }),
    }
}

/// Why a table (`file`, solved for `theirs` with `throws`) cannot be the endgame of a game of
/// `rules` with `device`; `None` when it can: the same rules with at most as many pawns, the
/// same throws, and an end that the pawns borne off do not decide.
fn endgame_misfit(
    file: &str,
    theirs: &Rules,
    throws: &[(u8, f64)],
    rules: &Rules,
    device: &Device,
) -> Option<SolveError> {
    let why = if theirs.pawns > rules.pawns {
        format!(
            "{} pawns a side, more than this game's {}",
            theirs.pawns, rules.pawns
        )
    } else if rules.end == GameEnd::AllOut {
        "this game's end counts the pawns borne off, which a smaller table does not hold".into()
    } else {
        // Otherwise it is the game of the table's pawns that the table must have solved.
        return match rules.clone().with(|r| r.pawns = theirs.pawns) {
            Ok(fewer) => other_game(file, theirs, throws, &fewer, device),
            Err(_) => Some(SolveError::OtherGame {
                file: file.to_string(),
                why: "other rules".into(),
            }),
        };
    };
    Some(SolveError::OtherGame {
        file: file.to_string(),
        why,
    })
}
