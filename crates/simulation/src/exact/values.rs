//! The exact values of every position of a small game, and the first mover's chance from them.

use senet_engine::board::{Position, Side};
use senet_engine::game::{front_step, start_position};
use senet_engine::movegen::MoveList;
use senet_engine::rules::{Rules, Starter};
use senet_engine::solve::backup::{position_value, throw_value, Pick};
use senet_engine::solve::index::StateIndex;

/// Values of every position in `f64`, by index (optimal or random play).
pub struct Values {
    index: StateIndex,
    values: Vec<f64>,
}

impl Values {
    /// The values `values` of the positions numbered by `index`.
    pub fn new(index: StateIndex, values: Vec<f64>) -> Values {
        Values { index, values }
    }

    /// The values as a table's `f32`.
    pub(crate) fn to_f32(&self) -> Vec<f32> {
        self.values.iter().map(|&v| v as f32).collect()
    }

    /// The probability that the side to move of `pos` wins.
    pub fn value(&self, pos: &Position) -> f64 {
        if pos.finished(pos.to_move()) {
            return 1.0;
        }
        if pos.finished(pos.to_move().other()) {
            return 0.0;
        }
        self.values[self.index.index(pos).expect("a position of the game") as usize]
    }
}

/// The first mover's chance of winning from the start, both sides picking by `pick` and
/// `lookup` giving the values of positions: the starter's first throw is the opening throw's
/// value when the rules fix one, and with a starter drawn at random the two starts are averaged.
pub fn start_value(
    rules: &Rules,
    throws: &[(u8, f64)],
    pick: Pick,
    lookup: &dyn Fn(&Position) -> f64,
) -> f64 {
    let from = |side: Side| side_start_value(rules, throws, pick, lookup, side);
    match rules.starter {
        Starter::White => from(Side::White),
        Starter::Black => from(Side::Black),
        Starter::Random => (from(Side::White) + from(Side::Black)) / 2.0,
        // White throws, then black, who starts with a strictly higher value.
        Starter::HigherThrow => {
            let black = black_starts(throws);
            (1.0 - black) * from(Side::White) + black * from(Side::Black)
        }
    }
}

/// The chance of winning of `side` starting the game (the starter known), as
/// [`start_value`] opens it: the opening step, or the opening throw's value played.
pub(crate) fn side_start_value(
    rules: &Rules,
    throws: &[(u8, f64)],
    pick: Pick,
    lookup: &dyn Fn(&Position) -> f64,
    side: Side,
) -> f64 {
    let mut pos = start_position(rules).with_to_move(side);
    let lookup = |p: &Position| lookup(p);
    match rules.first_throw {
        // The throw-off's throw makes the opening step; the starter then throws again.
        Some(_) if rules.opening_step => {
            if let Some(step) = front_step(&pos) {
                pos = step.after;
            }
            position_value(rules, throws, &pos, pick, &lookup)
        }
        Some(v) => throw_value(rules, &pos, v, pick, &lookup, &mut MoveList::new()),
        None => position_value(rules, throws, &pos, pick, &lookup),
    }
}

/// The probability that black starts under `starter = "higher-throw"`: white throws, then
/// black, who starts with a strictly higher value.
pub(crate) fn black_starts(throws: &[(u8, f64)]) -> f64 {
    (throws.iter())
        .flat_map(|&(a, pa)| throws.iter().map(move |&(b, pb)| (a, b, pa * pb)))
        .filter(|(a, b, _)| b > a)
        .map(|(_, _, p)| p)
        .sum()
}
