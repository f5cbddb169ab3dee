//! `senet_sim.Game`: the engine's step-by-step game ([`GameState`]) shaped as OpenSpiel's
//! states: players 0 (white) and 1 (black), chance nodes with their exact probabilities,
//! actions as the engine's compact numbering ([`Actions`]), observations as its tensor.

use crate::convert::game_of;
use crate::saved::{self, Saved};
use crate::stream::Stream;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use senet_engine::board::{squares, Position, Side};
use senet_engine::encode::{observation, Actions, OBSERVATION_LEN};
use senet_engine::game::Silent;
use senet_engine::movegen::{Move, MoveList};
use senet_engine::state::{GameState, Phase};
use senet_simulation::input::rulefile::Game as Rules;

/// OpenSpiel's player id of a chance node.
const CHANCE: i64 = -1;
/// OpenSpiel's player id once the game is over.
const TERMINAL: i64 = -4;

/// A game of Senet played one step at a time: a throw (or the starter's draw) at a chance
/// node, a move otherwise.
#[pyclass(module = "senet_sim", name = "Game")]
pub struct Game {
    pub(crate) rules: Rules,
    pub(crate) state: GameState,
    pub(crate) stream: Stream,
    /// The position the game was taken up at ([`Game::from_position`]); `None`: the start.
    pub(crate) start: Option<Position>,
    pub(crate) history: Vec<i64>,
}

impl Game {
    /// A game of `rules` at its start or taken up at `start`, throwing from `stream`.
    pub(crate) fn begin(rules: Rules, start: Option<Position>, stream: Stream) -> Game {
        let state = match start {
            Some(pos) => GameState::at(&rules.rules, pos),
            None => GameState::new(&rules.rules),
        };
        Game {
            rules,
            state,
            stream,
            start,
            history: Vec::new(),
        }
    }

    /// The moves listed now (empty at a chance node and once over).
    fn moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.state.moves_into(&self.rules.rules, &mut moves);
        moves
    }

    /// The action of `mv`, a choice listed now.
    pub(crate) fn action(&self, mv: &Move) -> i64 {
        let asked = self.state.asked().expect("a choice is due");
        i64::from(Actions::of(&self.rules.rules).of_move(self.state.position(), &asked, mv))
    }

    /// Plays what needs no one: a choice with no move listed passes (a throw) or keeps the
    /// points (left over), as the game does.
    fn settle(&mut self) {
        while matches!(self.state.phase(), Phase::Choose | Phase::LeftOver)
            && self.moves().is_empty()
        {
            self.state.pass_unchecked(&self.rules.rules, &mut Silent);
        }
    }

    /// A chance outcome (a throw's value, or the starter: 0 white, 1 black).
    fn apply_chance(&mut self, outcome: i64) -> PyResult<()> {
        let outcomes = self.chance_outcomes();
        if !outcomes.iter().any(|&(o, _)| o == outcome) {
            let values: Vec<i64> = outcomes.iter().map(|o| o.0).collect();
            return Err(PyValueError::new_err(format!(
                "{outcome} is not a possible outcome here: one of {values:?}"
            )));
        }
        let rules = &self.rules.rules;
        if self.state.phase() == Phase::Starter {
            let side = if outcome == 0 {
                Side::White
            } else {
                Side::Black
            };
            self.state.set_starter(rules, side, &mut Silent);
        } else {
            self.state.throw(rules, outcome as u8, &mut Silent);
        }
        Ok(())
    }

    /// Plays `action` (checked), then what needs no one.
    pub(crate) fn step(&mut self, action: i64) -> PyResult<()> {
        match self.state.phase() {
            Phase::Over => return Err(PyRuntimeError::new_err("the game is over")),
            Phase::Choose | Phase::LeftOver => {
                let moves = self.moves();
                let Some(mv) = moves.iter().find(|m| self.action(m) == action) else {
                    return Err(PyValueError::new_err(format!(
                        "{action} is not a legal move here: one of {:?}",
                        self.legal_actions()
                    )));
                };
                self.state
                    .play_unchecked(&self.rules.rules, mv, &mut Silent);
            }
            _ => self.apply_chance(action)?,
        }
        self.history.push(action);
        self.settle();
        Ok(())
    }

    /// The position, the throw and what comes next, without the history.
    fn describe(&self) -> String {
        let pos = self.state.position();
        let next = match self.current_player() {
            TERMINAL => match self.state.summary().winner {
                Some(w) => format!("over: {w} won"),
                None => "over: no winner".to_string(),
            },
            CHANCE => format!("{}: chance", self.phase()),
            p => {
                let side = ["white", "black"][p as usize];
                match self.state.asked() {
                    Some(a) if self.state.phase() == Phase::LeftOver => format!(
                        "{side} to move: {} points left over from a throw of {}",
                        a.points(),
                        a.throw()
                    ),
                    Some(a) => format!("{side} to move: a throw of {}", a.throw()),
                    None => format!("{side} to move"),
                }
            }
        };
        let [white, black] = pos.waiting();
        format!(
            "{}waiting: white {white}, black {black}\n{next}",
            pos.draw()
        )
    }
}

#[pymethods]
impl Game {
    /// A new game of `variant` (an id of `senet_sim.variants()`; default: the rules' own, else
    /// tejon), with `rules` over its preset (a dict of rule options, `device` among them, or a
    /// rule file's text); `seed` seeds the throws that `throw()` draws.
    #[new]
    #[pyo3(signature = (variant=None, rules=None, seed=0))]
    fn new(variant: Option<&str>, rules: Option<&Bound<'_, PyAny>>, seed: u64) -> PyResult<Game> {
        let rules = game_of(variant, rules)?;
        let stream = Stream::new(&rules, seed, 0, 0);
        Ok(Game::begin(rules, None, stream))
    }

    /// A game taken up at `position` (a dict as `position()` gives it: `white` and `black`
    /// squares, `waiting` (white, black), `to_move` 0 or 1, and optionally `forced`, `bound`),
    /// its side to move about to throw, the opening over; checked against the rules
    /// (`ValueError` naming what is wrong).
    #[staticmethod]
    #[pyo3(signature = (position, variant=None, rules=None, seed=0))]
    fn from_position(
        position: &Bound<'_, PyDict>,
        variant: Option<&str>,
        rules: Option<&Bound<'_, PyAny>>,
        seed: u64,
    ) -> PyResult<Game> {
        let rules = game_of(variant, rules)?;
        let pos = saved::position_of(position, &rules.rules)?;
        let stream = Stream::new(&rules, seed, 0, 0);
        Ok(Game::begin(rules, Some(pos), stream))
    }

    /// The game's own bytes: its rule file's text, where it started, the actions played and
    /// its stream of throws (JSON, `docs/python.md`); `Game.deserialize` restores it.
    fn serialize<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let saved = Saved::of(&self.rules, self.start, &self.history, &self.stream);
        Ok(PyBytes::new(py, &saved.to_bytes()?))
    }

    /// The game `serialize` wrote, replayed action by action through the checked steps, so
    /// that no save, however edited, gives an impossible game (`ValueError` naming why).
    #[staticmethod]
    fn deserialize(py: Python<'_>, data: &[u8]) -> PyResult<Game> {
        let (rules, start, actions, stream) = Saved::from_bytes(data)?.restore(py)?;
        let mut game = Game::begin(rules, start, stream);
        for (i, &action) in actions.iter().enumerate() {
            game.step(action).map_err(|e| {
                PyValueError::new_err(format!("saved game, action {} ({action}): {e}", i + 1))
            })?;
        }
        Ok(game)
    }

    /// Pickling: the game's bytes, restored by `senet_sim._restore`.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
        let restore = py.import("senet_sim")?.getattr("_restore")?;
        Ok((restore, (self.serialize(py)?,)))
    }

    /// The variant's id.
    #[getter]
    fn variant(&self) -> String {
        self.rules.variant.to_string()
    }

    /// The throwing device (`sticks`, `coins`, `die`, `d4`).
    #[getter]
    fn device(&self) -> &'static str {
        self.rules.device.kind()
    }

    /// Pawns a side.
    #[getter]
    fn pawns(&self) -> u8 {
        self.rules.rules.pawns
    }

    /// The seed of this game's stream of throws (a clone's is derived from its parent's).
    #[getter]
    fn seed(&self) -> u64 {
        self.stream.seed
    }

    /// The number of distinct actions of these rules: every action is below it.
    #[getter]
    fn num_distinct_actions(&self) -> usize {
        Actions::of(&self.rules.rules).len()
    }

    /// A bound on the steps of a game of these rules (the turn cap's: OpenSpiel's
    /// `max_game_length`).
    #[getter]
    fn max_game_length(&self) -> u64 {
        GameState::max_steps(&self.rules.rules)
    }

    /// 0 (white) or 1 (black) to move, -1 at a chance node, -4 once over (OpenSpiel's ids).
    fn current_player(&self) -> i64 {
        match (self.state.phase(), self.state.current_side()) {
            (Phase::Over, _) => TERMINAL,
            (Phase::Choose | Phase::LeftOver, Some(side)) => side.index() as i64,
            _ => CHANCE,
        }
    }

    /// Whether a chance event is due: a throw, or the starter's draw.
    fn is_chance_node(&self) -> bool {
        self.state.is_chance()
    }

    /// What the game waits for: `starter`, `higher-throw`, `throw-off`, `throw`, `move`,
    /// `left-over` or `over`.
    fn phase(&self) -> &'static str {
        match self.state.phase() {
            Phase::Starter => "starter",
            Phase::HigherThrow { .. } => "higher-throw",
            Phase::ThrowOff => "throw-off",
            Phase::Throw => "throw",
            Phase::Choose => "move",
            Phase::LeftOver => "left-over",
            Phase::Over => "over",
        }
    }

    /// The value of the throw being played (`None` at a chance node and once over).
    fn thrown(&self) -> Option<u8> {
        self.state.asked().map(|a| a.throw())
    }

    /// The points to play now: the throw, or the points left over (`None` when no move is
    /// due).
    fn points(&self) -> Option<u8> {
        self.state.asked().map(|a| a.points())
    }

    /// The chance outcomes that can happen, with their exact probabilities: `[(value,
    /// probability)]` of the device's throw, or `[(0, 0.5), (1, 0.5)]` for the starter (white,
    /// black). A value the device never shows is not listed.
    fn chance_outcomes(&self) -> Vec<(i64, f64)> {
        let outcomes = self
            .state
            .chance_outcomes(&self.rules.rules, &self.rules.device);
        outcomes
            .into_iter()
            .filter(|&(_, p)| p > 0.0)
            .map(|(v, p)| (i64::from(v), p))
            .collect()
    }

    /// The legal moves as actions, in increasing order (empty at a chance node).
    fn legal_actions(&self) -> Vec<i64> {
        let mut actions: Vec<i64> = self.moves().iter().map(|m| self.action(m)).collect();
        actions.sort_unstable();
        actions.dedup();
        actions
    }

    /// Plays `action`: a throw's value (or the starter) at a chance node, a legal move
    /// otherwise. A throw that cannot be played passes at once, as in the game.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        self.step(action)
    }

    /// A throw at a chance node: `value` when given (a real throw, entered), else one drawn
    /// from the game's stream. Returns the value.
    #[pyo3(signature = (value=None))]
    fn throw(&mut self, value: Option<i64>) -> PyResult<i64> {
        if !self.state.is_chance() {
            return Err(PyRuntimeError::new_err("no throw is due: a move is"));
        }
        let value = match (value, self.state.phase()) {
            (Some(v), _) => v,
            (None, Phase::Starter) => i64::from(self.stream.draw() % 2),
            (None, _) => i64::from(self.rules.rules.throw_values[self.stream.draw() as usize]),
        };
        self.step(value)?;
        Ok(value)
    }

    /// A move or outcome in words: `7 -> 11 (capture)`, `throw 3`; an action not legal here
    /// by its meaning alone (`forward from 7`, `backward from 12`, `stay`).
    fn action_to_string(&self, action: i64) -> String {
        if self.state.is_chance() {
            return match self.state.phase() {
                Phase::Starter => ["white starts", "black starts"][(action == 1) as usize].into(),
                _ => format!("throw {action}"),
            };
        }
        match self.moves().iter().find(|m| self.action(m) == action) {
            Some(mv) => senet_tables::describe::describe(mv),
            None => match u8::try_from(action) {
                Ok(a) => Actions::of(&self.rules.rules).name(a),
                Err(_) => format!("no action {action}"),
            },
        }
    }

    /// The observation tensor seen by `player` (0 white, 1 black; default: the side to move,
    /// else white): `senet_engine::encode`'s 105 values, documented in `docs/python.md`.
    #[pyo3(signature = (player=None))]
    fn observation_tensor(&self, player: Option<usize>) -> PyResult<Vec<f32>> {
        let viewer = match player {
            Some(0) => Side::White,
            Some(1) => Side::Black,
            Some(p) => return Err(PyValueError::new_err(format!("player {p}: 0 or 1"))),
            None => self.state.current_side().unwrap_or(Side::White),
        };
        Ok(observation(&self.rules.rules, &self.state, viewer))
    }

    /// The length of `observation_tensor`.
    #[staticmethod]
    fn observation_len() -> usize {
        OBSERVATION_LEN
    }

    /// The state alone in words (the board, pawns waiting, the throw to play, who is to move),
    /// the same for both players: the game is of perfect information.
    fn observation_string(&self) -> String {
        self.describe()
    }

    /// Whether the game is over (won, drawn, or stopped by the turn cap).
    fn is_terminal(&self) -> bool {
        self.state.is_over()
    }

    /// Each player's return: 1 for a win, -1 for a loss, 0 for a draw, an unfinished game or
    /// one stopped by the turn cap.
    fn returns(&self) -> [f64; 2] {
        match self.state.summary().winner {
            Some(Side::White) if self.state.is_over() => [1.0, -1.0],
            Some(Side::Black) if self.state.is_over() => [-1.0, 1.0],
            _ => [0.0, 0.0],
        }
    }

    /// The actions played so far, chance outcomes included.
    fn history(&self) -> Vec<i64> {
        self.history.clone()
    }

    /// The position: squares of each side, pawns waiting, the side to move, the forced
    /// pawn's square (or None) and whether the pawn back from the water is bound.
    fn position<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let pos = self.state.position();
        let d = PyDict::new(py);
        for side in [Side::White, Side::Black] {
            let on: Vec<u32> = squares(pos.side(side)).map(u32::from).collect();
            d.set_item(side.name(), on)?;
        }
        let [white, black] = pos.waiting();
        d.set_item("waiting", (white, black))?;
        d.set_item("to_move", pos.to_move().index())?;
        d.set_item("forced", pos.forced_square())?;
        d.set_item("bound", pos.bound())?;
        Ok(d)
    }

    /// The counters so far: turns, throws, moves, hits, passes, the winner (0, 1 or None), a
    /// draw, who moved first.
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.state.summary();
        let d = PyDict::new(py);
        d.set_item("turns", s.turns)?;
        d.set_item("throws", s.throws)?;
        d.set_item("moves", s.moves)?;
        d.set_item("hits", (s.hits[0], s.hits[1]))?;
        d.set_item("passes", s.passes)?;
        d.set_item("winner", s.winner.map(|w| w.index()))?;
        d.set_item("draw", s.draw)?;
        d.set_item("first", s.first.map(|w| w.index()))?;
        Ok(d)
    }

    /// A copy that plays on alone, with its own stream of throws: seeded from this game's
    /// seed, its draws so far and a count of its clones, so no clone (and not this game)
    /// draws the throws another will. A search that clones and throws sees no future.
    fn clone(&mut self) -> Game {
        let stream = self.stream.child(&self.rules);
        Game {
            rules: self.rules.clone(),
            state: self.state,
            stream,
            start: self.start,
            history: self.history.clone(),
        }
    }

    fn __copy__(&mut self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&mut self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    /// The board (squares 1-10, 20-11, 21-30, W and B), pawns waiting, what comes next.
    fn __str__(&self) -> String {
        self.describe()
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(variant={:?}, phase={:?}, actions={})",
            self.variant(),
            self.phase(),
            self.history.len()
        )
    }
}
