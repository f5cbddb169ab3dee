//! `senet_sim.Player`: one of the project's strategies (`random`, `heuristic`,
//! `expectimax:D`, `rollout:N`, `td`, `optimal[:TABLE]`, ...) choosing an action for a
//! `senet_sim.Game`, its table or network read (or the table solved) once, as the command
//! line's players are.

use crate::game::Game;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use senet_engine::movegen::MoveList;
use senet_engine::strategy::spec::StrategySpec;
use senet_engine::strategy::Strategy;
use senet_engine::throws::{stream, GameRng};
use senet_simulation::cancel::Cancel;
use senet_simulation::input::rulefile::Game as Rules;
use senet_simulation::players::Tables;
use std::sync::Mutex;

/// A strategy with its own seeded stream of choices (`random` and `rollout` draw from it).
#[pyclass(module = "senet_sim", name = "Player")]
pub struct Player {
    spec: String,
    rules: Rules,
    strategy: Mutex<(Box<dyn Strategy>, GameRng)>,
}

#[pymethods]
impl Player {
    /// The strategy `spec` for games of `variant` with `rules` (as `senet_sim.Game` takes
    /// them); `seed` seeds its choices. A wrong spec, table or network is a `ValueError`.
    #[new]
    #[pyo3(signature = (spec, variant=None, rules=None, seed=0))]
    fn new(
        py: Python<'_>,
        spec: &str,
        variant: Option<&str>,
        rules: Option<&Bound<'_, PyAny>>,
        seed: u64,
    ) -> PyResult<Player> {
        let game = crate::convert::game_of(variant, rules)?;
        let parsed = StrategySpec::parse(spec).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let said = |e: &dyn std::error::Error| senet_engine::Chain(e).to_string();
        let player = py.detach(|| {
            Tables::new().resolve(
                &parsed,
                game.variant,
                &game.rules,
                &game.device,
                &Cancel::new(),
            )
        });
        let player = player.map_err(|e| PyValueError::new_err(format!("{spec}: {}", said(&e))))?;
        let strategy = player.build(&game.rules, &game.device);
        Ok(Player {
            spec: spec.to_string(),
            rules: game,
            strategy: Mutex::new((strategy, stream(seed, 7))),
        })
    }

    /// The strategy as it was named.
    #[getter]
    fn spec(&self) -> &str {
        &self.spec
    }

    /// The action this strategy plays in `game`, at a decision of a game of its rules.
    fn action(&self, game: &Game) -> PyResult<i64> {
        if game.rules != self.rules {
            return Err(PyValueError::new_err(format!(
                "{} plays {}, not this game's rules",
                self.spec, self.rules.variant
            )));
        }
        let Some(asked) = game.state.asked().filter(|_| !game.state.is_chance()) else {
            return Err(PyRuntimeError::new_err(
                "no move is due: a throw is, or the game is over",
            ));
        };
        let mut moves = MoveList::new();
        game.state.moves_into(&self.rules.rules, &mut moves);
        if moves.is_empty() {
            return Err(PyRuntimeError::new_err("no move is due"));
        }
        let mut held = self
            .strategy
            .lock()
            .map_err(|_| PyRuntimeError::new_err("a player failed before"))?;
        let (strategy, rng) = &mut *held;
        let pos = game.state.position();
        let i = strategy.choose(&self.rules.rules, pos, &asked, &moves, rng);
        Ok(game.action(&moves[i]))
    }

    fn __repr__(&self) -> String {
        format!(
            "Player({:?}, variant={:?})",
            self.spec,
            self.rules.variant.to_string()
        )
    }
}
