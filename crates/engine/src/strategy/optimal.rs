//! `optimal`: the move of highest exact value, read from a solved table.

use crate::board::Position;
use crate::movegen::{flags, Move};
use crate::rules::Rules;
use crate::solve::Solution;
use crate::strategy::{first_best, Strategy};
use crate::throws::GameRng;
use std::sync::Arc;

/// Plays the move of highest value in a [`Solution`] (ties: the first generated), and the best
/// use of points left over after bearing off. Uses no randomness.
#[derive(Clone, Debug)]
pub struct Optimal {
    solution: Arc<Solution>,
    /// The throw and the move just chosen when it leaves points to play: the next call chooses
    /// among those points' choices.
    pending: Option<(u8, Move)>,
}

impl Optimal {
    /// The player of a solved table.
    pub fn new(solution: Arc<Solution>) -> Optimal {
        Optimal {
            solution,
            pending: None,
        }
    }
}

impl Strategy for Optimal {
    fn choose(
        &mut self,
        _: &Rules,
        pos: &Position,
        throw: u8,
        moves: &[Move],
        _: &mut GameRng,
    ) -> usize {
        // The choices for points left over end with "keep them" (and only those do).
        if moves.last().is_some_and(|m| m.has(flags::KEEP)) {
            let (value, main) = self
                .pending
                .take()
                .expect("points left over follow a move that left them");
            return first_best(self.solution.residual_values(&main, value, moves));
        }
        let best = first_best(self.solution.move_values(pos, throw, moves));
        let chosen = moves[best];
        self.pending = (chosen.residual > 0).then_some((throw, chosen));
        best
    }
}
