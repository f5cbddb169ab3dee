//! `td`: a small neural network that estimates the winning chance of the side about to throw,
//! learned by self-play with temporal differences (TD(λ), as TD-Gammon), and the player that
//! picks the move whose position after the throw it values most (one throw deep).
//!
//! The network: [`INPUTS`] inputs from the mover's point of view ([`features`]), one hidden
//! layer of sigmoid units, one sigmoid output. Every operation is an IEEE addition,
//! multiplication or division (the sigmoid's exponential is computed here, not by the
//! platform's library), so that a training gives the same weights on every machine.

use crate::board::Position;
use crate::movegen::Move;
use crate::rules::Rules;
use crate::solve::backup::{move_value, position_value, Pick};
use crate::solve::Solution;
use crate::strategy::{first_best, Asked, Strategy};
use crate::throws::GameRng;
use std::cell::{Cell, RefCell};
use std::sync::Arc;

mod inputs;
mod logistic;
mod net;

pub use inputs::{features, Features, INPUTS};
pub use logistic::sigmoid;
pub use net::{Net, Parts, Scratch, MAX_HIDDEN};

/// Plays the move after which the network gives the mover the highest chance (its value, or
/// one less the opponent's when the hand passes), the turn's end and the game's end being the
/// solver's ([`move_value`]); with a search depth D (`tdx:D`), the value after the move
/// is the mean over the next D throws of the best play by whoever throws
/// ([`position_value`]), the network valuing the positions at the end. Ties go to the
/// first move generated. Uses no randomness; its scratch space changes no choice.
#[derive(Clone, Debug)]
pub struct Td {
    net: Arc<Net>,
    endgame: Option<Arc<Solution>>,
    /// The search past the move (`tdx:D`); `None` for `td`.
    search: Option<Search>,
    /// The positions a choice asks the network for, their values, the network's scratch.
    scratch: Choice,
}

/// How far `tdx:D` searches: D throws, averaged over the throw distribution.
#[derive(Clone, Debug)]
struct Search {
    depth: u8,
    /// `(value, probability)` pairs.
    throws: Arc<[(u8, f64)]>,
}

/// What a choice of [`Td`] reuses from one choice to the next.
#[derive(Clone, Debug, Default)]
struct Choice {
    positions: Vec<Position>,
    values: Vec<f32>,
    net: Scratch,
}

impl Td {
    /// The player of a network.
    pub fn new(net: Arc<Net>) -> Td {
        Td::with_endgame(net, None)
    }

    /// The player of a network that reads a solved table's exact value instead of the
    /// network's wherever the table covers the position: a table of fewer pawns a side of the
    /// same rules covers the positions where each side has at most that many pawns in play,
    /// since no move, throw or turn depends on the pawns borne off.
    pub(crate) fn with_endgame(net: Arc<Net>, endgame: Option<Arc<Solution>>) -> Td {
        Td {
            net,
            endgame,
            search: None,
            scratch: Choice::default(),
        }
    }

    /// The same player searching `depth` throws past its move (`tdx:D`; 0: `td`) over the
    /// throw distribution `throws` (`(value, probability)` pairs).
    pub(crate) fn searching(self, depth: u8, throws: Vec<(u8, f64)>) -> Td {
        Td {
            search: (depth > 0).then(|| Search {
                depth,
                throws: throws.into(),
            }),
            ..self
        }
    }

    /// The chance of the side to move of `pos` searched `depth` throws deep: the table's where
    /// it covers `pos`, else the network's at depth 0, else the mean over the throws of the
    /// best choice's value one throw less deep.
    #[cfg(test)]
    pub(crate) fn searched_value(&self, rules: &Rules, pos: &Position, depth: u8) -> f64 {
        let net = |p: &Position| f64::from(self.net.value(rules, p));
        self.searched_with(rules, pos, depth, &net)
    }

    /// [`Td::searched_value`], the network's values given by `net`.
    fn searched_with(
        &self,
        rules: &Rules,
        pos: &Position,
        depth: u8,
        net: &impl Fn(&Position) -> f64,
    ) -> f64 {
        let exact = self.endgame.as_ref().and_then(|t| t.value(pos));
        match (exact, &self.search) {
            (Some(exact), _) => exact,
            (None, Some(search)) if depth > 0 => {
                let lookup = |p: &Position| self.searched_with(rules, p, depth - 1, net);
                position_value(rules, &search.throws, pos, Pick::Best, &lookup)
            }
            _ => net(pos),
        }
    }

    /// The value of each move, in their order, the network's values given by `net`.
    fn move_values<'a>(
        &'a self,
        rules: &'a Rules,
        pos: &'a Position,
        asked: &'a Asked,
        moves: &'a [Move],
        net: &'a impl Fn(&Position) -> f64,
    ) -> impl Iterator<Item = f64> + 'a {
        let depth = self.search.as_ref().map_or(0, |s| s.depth);
        moves.iter().map(move |m| {
            let lookup = |p: &Position| self.searched_with(rules, p, depth, net);
            move_value(rules, pos.to_move, *asked, m, Pick::Best, &lookup)
        })
    }
}

impl Strategy for Td {
    /// Two passes over the moves: the first lists the positions the network is asked for (which
    /// positions does not depend on their values), the network values them four at a time
    /// ([`Net::values`]), the second reads the values in the same order. The choice is the
    /// one a single pass asking the network position by position makes, bit for bit.
    fn choose(
        &mut self,
        rules: &Rules,
        pos: &Position,
        asked: &Asked,
        moves: &[Move],
        _: &mut GameRng,
    ) -> usize {
        if moves.len() == 1 {
            return 0;
        }
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.positions.clear();
        let listed = RefCell::new(scratch.positions);
        let list = |p: &Position| {
            listed.borrow_mut().push(*p);
            0.0
        };
        self.move_values(rules, pos, asked, moves, &list)
            .for_each(drop);
        scratch.positions = listed.into_inner();
        let Choice {
            positions,
            values,
            net,
        } = &mut scratch;
        self.net.values(rules, positions, net, values);
        let next = Cell::new(0);
        let read = |p: &Position| {
            let k = next.get();
            debug_assert_eq!(p, &positions[k], "the second pass asks as the first");
            next.set(k + 1);
            f64::from(values[k])
        };
        let best = first_best(self.move_values(rules, pos, asked, moves, &read));
        self.scratch = scratch;
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::{legal_moves_into, MoveList};
    use crate::throws::{mix64, stream};

    #[test]
    fn a_choice_in_two_passes_is_the_choice_asked_position_by_position() {
        // Along a walk of random moves, `td` and `tdx:1` (with and without an endgame) choose
        // as the single pass that asks `searched_value` position by position.
        let rules = Rules::preset("tejon").unwrap();
        let net = Arc::new(Net::new(40, 9));
        let throws = vec![(1, 0.25), (2, 0.375), (3, 0.25), (4, 0.0625), (5, 0.0625)];
        let players = [
            (Td::new(net.clone()), 0),
            (Td::new(net).searching(1, throws), 1),
        ];
        let (mut pos, mut moves, mut compared) =
            (crate::game::start_position(&rules), MoveList::new(), 0);
        for step in 0..400u64 {
            let r = mix64(step);
            let value = 1 + (r % 5) as u8;
            legal_moves_into(&rules, &pos, value, &mut moves);
            if moves.is_empty() {
                pos.to_move = pos.to_move.other();
                continue;
            }
            if moves.len() > 1 && (step % 8 == 0) {
                for (player, depth) in &players {
                    let lookup = |p: &Position| player.searched_value(&rules, p, *depth);
                    let single = first_best(moves.iter().map(|m| {
                        move_value(
                            &rules,
                            pos.to_move,
                            Asked::Throw(value),
                            m,
                            Pick::Best,
                            &lookup,
                        )
                    }));
                    let mut two = player.clone();
                    let asked = Asked::Throw(value);
                    let chosen = two.choose(&rules, &pos, &asked, &moves, &mut stream(step, 2));
                    assert_eq!(chosen, single, "step {step}, depth {depth}");
                    compared += 1;
                }
            }
            pos = moves[(r >> 8) as usize % moves.len()].after;
            if pos.finished(pos.to_move) || pos.finished(pos.to_move.other()) {
                pos = crate::game::start_position(&rules);
            }
            pos.to_move = pos.to_move.other();
        }
        assert!(compared > 40, "{compared} choices compared");
    }
}
