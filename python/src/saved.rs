//! A game's own bytes (`Game.serialize`): JSON holding the rule file's text and its hash, the
//! position the game was taken up at (or none: the start), the actions played and the stream
//! of throws (seed, draws, clones). Restoring replays the actions through the checked steps,
//! so a save read back is the game that wrote it, and an edited one is refused or is a game
//! the rules allow: never an impossible state.

use crate::convert::game_of;
use crate::stream::Stream;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use senet_engine::board::{squares, Position, Side};
use senet_engine::rules::Rules as EngineRules;
use senet_engine::setup::Setup;
use senet_simulation::input::rulefile::{hash, to_text, Game as Rules};
use serde::{Deserialize, Serialize};

/// The save format's name and version, its first field.
const FORMAT: &str = "senet-sim game 1";

/// A position as saved: the fields of a [`Setup`].
#[derive(Serialize, Deserialize)]
struct SavedPosition {
    white: Vec<u8>,
    black: Vec<u8>,
    waiting: [u8; 2],
    to_move: u8,
    forced: Option<u8>,
    bound: bool,
}

/// A saved game.
#[derive(Serialize, Deserialize)]
pub struct Saved {
    format: String,
    rules: String,
    rules_hash: String,
    start: Option<SavedPosition>,
    actions: Vec<i64>,
    seed: u64,
    draws: u64,
    clones: u64,
}

impl Saved {
    /// What a game of `rules` taken up at `start` (`None`: the start), having played
    /// `actions` and throwing from `stream`, saves.
    pub fn of(rules: &Rules, start: Option<Position>, actions: &[i64], stream: &Stream) -> Saved {
        let rules = to_text(rules);
        Saved {
            format: FORMAT.to_string(),
            rules_hash: hash(&rules),
            rules,
            start: start.map(|pos| SavedPosition {
                white: squares(pos.side(Side::White)).collect(),
                black: squares(pos.side(Side::Black)).collect(),
                waiting: pos.waiting(),
                to_move: pos.to_move().index() as u8,
                forced: pos.forced_square(),
                bound: pos.bound(),
            }),
            actions: actions.to_vec(),
            seed: stream.seed,
            draws: stream.draws,
            clones: stream.clones,
        }
    }

    /// The JSON bytes.
    pub fn to_bytes(&self) -> PyResult<Vec<u8>> {
        serde_json::to_vec(self).map_err(|e| PyValueError::new_err(format!("saving: {e}")))
    }

    /// A save read from its bytes, its format and the rules' hash checked.
    pub fn from_bytes(data: &[u8]) -> PyResult<Saved> {
        let bad = |why: String| PyValueError::new_err(format!("not a saved game: {why}"));
        let saved: Saved = serde_json::from_slice(data).map_err(|e| bad(e.to_string()))?;
        if saved.format != FORMAT {
            return Err(bad(format!("format {:?}, not {FORMAT:?}", saved.format)));
        }
        if hash(&saved.rules) != saved.rules_hash {
            return Err(bad(format!(
                "the rules' text does not have its hash {}",
                saved.rules_hash
            )));
        }
        Ok(saved)
    }

    /// What the game is made of again: the rules read, the start checked, the actions to
    /// replay (the caller plays each as `apply_action` does) and the stream advanced to where
    /// it was.
    #[allow(clippy::type_complexity)]
    pub fn restore(self, py: Python<'_>) -> PyResult<(Rules, Option<Position>, Vec<i64>, Stream)> {
        let text = PyString::new(py, &self.rules);
        let rules = game_of(None, Some(text.as_any()))?;
        let start = match &self.start {
            None => None,
            Some(p) => Some(setup_position(
                &Setup {
                    white: p.white.clone(),
                    black: p.black.clone(),
                    waiting: p.waiting,
                    to_move: side_of(i64::from(p.to_move))?,
                    forced: p.forced,
                    bound: p.bound,
                },
                &rules.rules,
            )?),
        };
        let stream = Stream::new(&rules, self.seed, self.draws, self.clones);
        Ok((rules, start, self.actions, stream))
    }
}

/// A side from its OpenSpiel number.
fn side_of(n: i64) -> PyResult<Side> {
    match n {
        0 => Ok(Side::White),
        1 => Ok(Side::Black),
        _ => Err(PyValueError::new_err(format!(
            "to_move is 0 (white) or 1 (black), not {n}"
        ))),
    }
}

/// The position of `setup` under `rules`, or a `ValueError` saying what is wrong.
fn setup_position(setup: &Setup, rules: &EngineRules) -> PyResult<Position> {
    setup
        .position(rules)
        .map_err(|e| PyValueError::new_err(format!("position: {e}")))
}

/// A position from a dict as `Game.position()` gives it.
pub fn position_of(d: &Bound<'_, PyDict>, rules: &EngineRules) -> PyResult<Position> {
    let item = |key: &str| d.get_item(key);
    let squares_of = |key: &str| -> PyResult<Vec<u8>> {
        match item(key)? {
            Some(v) => v.extract().map_err(|_| {
                PyTypeError::new_err(format!("position[{key:?}] is a list of squares 1-30"))
            }),
            None => Ok(Vec::new()),
        }
    };
    let known = ["white", "black", "waiting", "to_move", "forced", "bound"];
    for key in d.keys() {
        let key: String = key.extract()?;
        if !known.contains(&key.as_str()) {
            return Err(PyValueError::new_err(format!(
                "position: unknown key {key:?} (one of {known:?})"
            )));
        }
    }
    let setup = Setup {
        white: squares_of("white")?,
        black: squares_of("black")?,
        waiting: match item("waiting")? {
            Some(v) => v.extract()?,
            None => [0, 0],
        },
        to_move: match item("to_move")? {
            Some(v) => side_of(v.extract()?)?,
            None => Side::White,
        },
        forced: match item("forced")? {
            Some(v) => v.extract()?,
            None => None,
        },
        bound: match item("bound")? {
            Some(v) => v.extract()?,
            None => false,
        },
    };
    setup_position(&setup, rules)
}
