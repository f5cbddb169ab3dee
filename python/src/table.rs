//! `senet_sim.Table`: a table that `senet-sim solve` wrote (`table.senet`), read and checked
//! as the `optimal:FILE` player reads it: each position's chance of winning for its side to
//! move, each move's, and the whole table as little-endian `f32` values by index.

use crate::game::Game;
use crate::saved::position_of;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use senet_engine::board::{squares, Side};
use senet_engine::movegen::MoveList;
use senet_engine::solve::Solution;
use senet_engine::throws::throw_table;
use std::path::PathBuf;

/// A solved table.
#[pyclass(module = "senet_sim", name = "Table")]
pub struct Table {
    solution: Solution,
}

#[pymethods]
impl Table {
    /// Reads `path` (a `table.senet`); a file that is not a table of this program's format,
    /// or whose header or values are wrong, is a `ValueError` naming it.
    #[new]
    fn new(py: Python<'_>, path: PathBuf) -> PyResult<Table> {
        let loaded = py.detach(|| senet_simulation::exact::tablefile::load(&path));
        let said = |e: &dyn std::error::Error| senet_engine::Chain(e).to_string();
        let solution = loaded.map_err(|e| PyValueError::new_err(said(&e)))?;
        Ok(Table { solution })
    }

    /// Pawns a side.
    #[getter]
    fn pawns(&self) -> u8 {
        self.solution.rules.pawns
    }

    /// The number of positions held (`values()` has one `f32` each).
    #[getter]
    fn positions(&self) -> u64 {
        self.solution.index.len()
    }

    /// 0 for a table of the whole game; else the fewest pawns borne off (both sides
    /// together) of the positions it holds (an endgame table).
    #[getter]
    fn endgame(&self) -> u8 {
        self.solution.index.from_off()
    }

    /// The throw distribution solved for: `[(value, probability)]`.
    #[getter]
    fn throws(&self) -> Vec<(u8, f64)> {
        self.solution.throws.clone()
    }

    /// The chance that the side to move of `position` (a dict as `Game.position()` gives
    /// it), about to throw, wins under best play by both sides; `None` when the table does
    /// not hold it (an endgame table).
    fn value(&self, position: &Bound<'_, PyDict>) -> PyResult<Option<f64>> {
        let pos = position_of(position, &self.solution.rules)?;
        Ok(self.solution.value(&pos))
    }

    /// The index of `position` in `values()`, or `None`.
    fn index(&self, position: &Bound<'_, PyDict>) -> PyResult<Option<u64>> {
        let pos = position_of(position, &self.solution.rules)?;
        Ok(self.solution.index.index(&pos))
    }

    /// The position of index `i` (a dict as `Game.position()` gives it).
    fn position<'py>(&self, py: Python<'py>, i: u64) -> PyResult<Bound<'py, PyDict>> {
        if i >= self.solution.index.len() {
            return Err(PyIndexError::new_err(format!(
                "index {i}: the table holds {} positions",
                self.solution.index.len()
            )));
        }
        let pos = self.solution.index.position(i);
        let d = PyDict::new(py);
        for side in [Side::White, Side::Black] {
            let on: Vec<u8> = squares(pos.side(side)).collect();
            d.set_item(side.name(), on)?;
        }
        d.set_item("waiting", pos.waiting())?;
        d.set_item("to_move", pos.to_move().index())?;
        Ok(d)
    }

    /// Every value by index, as little-endian `f32` bytes (`numpy.frombuffer(b, "<f4")`).
    fn values<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let bytes: Vec<u8> = self
            .solution
            .values
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        PyBytes::new(py, &bytes)
    }

    /// At a decision of `game` (a game of this table's rules and throws), each legal action
    /// with the chance that the side to move wins after it, points left over played best.
    fn move_values(&self, game: &Game) -> PyResult<Vec<(i64, f64)>> {
        let rules = &game.rules;
        if !self
            .solution
            .solves(&rules.rules, &throw_table(&rules.rules, &rules.device))
        {
            return Err(PyValueError::new_err(
                "this table was solved for another game",
            ));
        }
        if self.solution.index.from_off() > 0 {
            return Err(PyValueError::new_err(
                "an endgame table values only its endgame",
            ));
        }
        let Some(asked) = game.state.asked().filter(|_| !game.state.is_chance()) else {
            return Err(PyValueError::new_err(
                "no move is due: a throw is, or the game is over",
            ));
        };
        let mut moves = MoveList::new();
        game.state.moves_into(&rules.rules, &mut moves);
        let pos = game.state.position();
        let values = self.solution.move_values(pos, asked, &moves);
        let mut out: Vec<(i64, f64)> = moves.iter().map(|m| game.action(m)).zip(values).collect();
        out.sort_by_key(|&(a, _)| a);
        out.dedup_by_key(|&mut (a, _)| a);
        Ok(out)
    }

    fn __len__(&self) -> usize {
        self.solution.index.len() as usize
    }

    fn __repr__(&self) -> String {
        format!(
            "Table(pawns={}, positions={})",
            self.solution.rules.pawns,
            self.solution.index.len()
        )
    }
}
