//! `optimal`: the move of highest exact value, read from a solved table.

use crate::board::Position;
use crate::movegen::Move;
use crate::rules::Rules;
use crate::solve::Solution;
use crate::strategy::{first_best, Asked, Strategy};
use crate::throws::GameRng;
use std::sync::Arc;

/// Plays the move of highest value in a [`Solution`] (ties: the first generated), and the best
/// use of points left over after bearing off. Uses no randomness and keeps no state.
#[derive(Clone, Debug)]
pub struct Optimal {
    solution: Arc<Solution>,
}

impl Optimal {
    /// The player of a solved table.
    pub fn new(solution: Arc<Solution>) -> Optimal {
        Optimal { solution }
    }
}

impl Strategy for Optimal {
    fn choose(
        &mut self,
        _: &Rules,
        pos: &Position,
        asked: &Asked,
        moves: &[Move],
        _: &mut GameRng,
    ) -> usize {
        first_best(self.solution.move_values(pos, *asked, moves))
    }
}
