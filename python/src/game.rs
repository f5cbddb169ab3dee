//! `senet_sim.Game`: the engine's step-by-step game ([`GameState`]) shaped as OpenSpiel's
//! states: players 0 (white) and 1 (black), chance nodes with their exact probabilities,
//! actions as integers.

use crate::convert::game_of;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use senet_engine::board::{squares, Side};
use senet_engine::game::Silent;
use senet_engine::movegen::{Kind, Move, MoveList};
use senet_engine::state::{GameState, Phase};
use senet_engine::throws::{SeededThrower, Thrower};
use senet_simulation::input::rulefile::Game as Rules;

/// OpenSpiel's player id of a chance node.
const CHANCE: i64 = -1;
/// OpenSpiel's player id once the game is over.
const TERMINAL: i64 = -4;
/// Actions of moves: kind (7) × from square (0 to 31) × to square (0 to 31).
pub const MOVE_ACTIONS: i64 = 7 * 32 * 32;

/// A move's action: its kind, the square it leaves and the square it reaches (0: waiting,
/// 31: borne off), so that the same move has the same number in every position.
pub fn action(mv: &Move) -> i64 {
    let kind = match mv.kind() {
        Kind::Step { .. } => 0,
        Kind::Enter { .. } => 1,
        Kind::Restart { .. } => 2,
        Kind::BearOff { .. } => 3,
        Kind::Stay { .. } => 4,
        Kind::Rethrow { .. } => 5,
        Kind::KeepPoints => 6,
    };
    let (from, to) = mv.span();
    kind * 1024 + i64::from(from) * 32 + i64::from(to)
}

/// A game of Senet played one step at a time: a throw (or the starter's draw) at a chance
/// node, a move otherwise.
#[pyclass(module = "senet_sim", name = "Game")]
#[derive(Clone)]
pub struct Game {
    rules: Rules,
    state: GameState,
    thrower: SeededThrower,
    history: Vec<i64>,
}

impl Game {
    /// The moves listed now (empty at a chance node and once over).
    fn moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.state.moves_into(&self.rules.rules, &mut moves);
        moves
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
        if !outcomes.iter().any(|&(o, p)| o == outcome && p > 0.0) {
            let values: Vec<i64> = outcomes.iter().filter(|o| o.1 > 0.0).map(|o| o.0).collect();
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
        Ok(Game {
            state: GameState::new(&rules.rules),
            thrower: SeededThrower::new(&rules.device, seed),
            rules,
            history: Vec::new(),
        })
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

    /// The chance outcomes with their exact probabilities: `[(value, probability)]` of the
    /// device's throw, or `[(0, 0.5), (1, 0.5)]` for the starter (white, black).
    fn chance_outcomes(&self) -> Vec<(i64, f64)> {
        let outcomes = self
            .state
            .chance_outcomes(&self.rules.rules, &self.rules.device);
        outcomes
            .into_iter()
            .map(|(v, p)| (i64::from(v), p))
            .collect()
    }

    /// The legal moves as actions, in increasing order (empty at a chance node).
    fn legal_actions(&self) -> Vec<i64> {
        let mut actions: Vec<i64> = self.moves().iter().map(action).collect();
        actions.sort_unstable();
        actions
    }

    /// Plays `action`: a throw's value (or the starter) at a chance node, a legal move
    /// otherwise. A throw that cannot be played passes at once, as in the game.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        match self.state.phase() {
            Phase::Over => return Err(PyRuntimeError::new_err("the game is over")),
            Phase::Choose | Phase::LeftOver => {
                let moves = self.moves();
                let Some(mv) = moves.iter().find(|m| self::action(m) == action) else {
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

    /// A throw at a chance node: `value` when given (a real throw, entered), else one drawn
    /// from the device with the game's seed. Returns the value.
    #[pyo3(signature = (value=None))]
    fn throw(&mut self, value: Option<i64>) -> PyResult<i64> {
        if !self.state.is_chance() {
            return Err(PyRuntimeError::new_err("no throw is due: a move is"));
        }
        let value = match (value, self.state.phase()) {
            (Some(v), _) => v,
            (None, Phase::Starter) => i64::from(self.thrower.throw_marked() % 2),
            (None, _) => {
                i64::from(self.rules.rules.throw_values[self.thrower.throw_marked() as usize])
            }
        };
        self.apply_action(value)?;
        Ok(value)
    }

    /// A move or outcome in words: `7 -> 11 (capture)`, `throw 3`.
    fn action_to_string(&self, action: i64) -> String {
        if self.state.is_chance() {
            return match self.state.phase() {
                Phase::Starter => ["white starts", "black starts"][(action == 1) as usize].into(),
                _ => format!("throw {action}"),
            };
        }
        match self.moves().iter().find(|m| self::action(m) == action) {
            Some(mv) => senet_tables::describe::describe(mv),
            None => format!("move {action}"),
        }
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

    /// The position: squares of each side, pawns waiting, the side to move.
    fn position<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let pos = self.state.position();
        let d = PyDict::new(py);
        d.set_item(
            "white",
            squares(pos.side(Side::White))
                .map(u32::from)
                .collect::<Vec<_>>(),
        )?;
        d.set_item(
            "black",
            squares(pos.side(Side::Black))
                .map(u32::from)
                .collect::<Vec<_>>(),
        )?;
        let [white, black] = pos.waiting();
        d.set_item("waiting", (white, black))?;
        d.set_item("to_move", pos.to_move().index())?;
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

    /// A copy that plays on alone.
    fn clone(&self) -> Game {
        Clone::clone(self)
    }

    fn __copy__(&self) -> Game {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        Clone::clone(self)
    }

    /// The board (squares 1-10, 20-11, 21-30, W and B), pawns waiting, what comes next.
    fn __str__(&self) -> String {
        let pos = self.state.position();
        let next = match self.current_player() {
            TERMINAL => match self.state.summary().winner {
                Some(w) => format!("over: {w} won"),
                None => "over: no winner".to_string(),
            },
            CHANCE => format!("{}: chance", self.phase()),
            p => format!(
                "{} to move ({})",
                ["white", "black"][p as usize],
                self.phase()
            ),
        };
        let [white, black] = pos.waiting();
        format!(
            "{}waiting: white {white}, black {black}\n{next}",
            pos.draw()
        )
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
