//! The inputs of `td`'s network: a position seen by its side to move.

use crate::board::{squares, Position};
use crate::rules::Rules;

/// Inputs of the network: for the mover then the opponent, a pawn on each of the 32 squares
/// of a bitboard; then both sides' shares of pawns waiting, of pawns borne off and of the race
/// run; then whether a pawn is forced and whether the pawn back from the water is bound.
pub const INPUTS: usize = 72;
/// The most inputs a position turns on (pawns of both sides, then the eight others).
const MAX_ACTIVE: usize = 2 * 32 + 8;

/// The non-zero inputs of a position: inputs and their values, the pawns' first.
#[derive(Clone, Debug)]
pub struct Features {
    inputs: [u8; MAX_ACTIVE],
    values: [f32; MAX_ACTIVE],
    len: usize,
    /// The inputs from the first whose value is 1 (the pawns').
    ones: usize,
}

impl Features {
    fn push(&mut self, input: usize, value: f32) {
        if value != 0.0 {
            self.inputs[self.len] = input as u8;
            self.values[self.len] = value;
            self.len += 1;
        }
    }

    /// The (input, value) pairs, one after the other.
    pub fn pairs(&self) -> impl Iterator<Item = (u8, f32)> + '_ {
        self.inputs[..self.len]
            .iter()
            .copied()
            .zip(self.values[..self.len].iter().copied())
    }

    /// The inputs whose value is 1, then the others with their values.
    pub(super) fn by_value(&self) -> (&[u8], &[u8], &[f32]) {
        let (ones, others) = self.inputs[..self.len].split_at(self.ones);
        (ones, others, &self.values[self.ones..self.len])
    }
}

/// The inputs of `pos` seen by its side to move (the mover's pawns first): the same position
/// with the colours swapped gives the same inputs.
pub fn features(rules: &Rules, pos: &Position) -> Features {
    let mut f = Features {
        inputs: [0; MAX_ACTIVE],
        values: [0.0; MAX_ACTIVE],
        len: 0,
        ones: 0,
    };
    let pawns = f32::from(rules.pawns.max(1));
    let sides = [pos.to_move, pos.to_move.other()];
    // The sum of each side's squares, read in the same pass as its pawns.
    let mut on = [0u32; 2];
    for (k, side) in sides.into_iter().enumerate() {
        for s in squares(pos.side(side)) {
            f.push(32 * k + usize::from(s), 1.0);
            on[k] += u32::from(s);
        }
    }
    f.ones = f.len;
    for (k, side) in sides.into_iter().enumerate() {
        let waiting = f32::from(pos.waiting[side.index()]);
        let off = f32::from(rules.pawns.saturating_sub(pos.in_play(side)));
        let on = on[k];
        f.push(64 + k, waiting / pawns);
        f.push(66 + k, off / pawns);
        f.push(68 + k, (on as f32 + 31.0 * off) / (31.0 * pawns));
    }
    f.push(70, f32::from(u8::from(pos.forced.is_some())));
    f.push(71, f32::from(u8::from(pos.bound)));
    f
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{bits_of, Side};
    use crate::rules::Rules;

    #[test]
    fn inputs_are_the_movers_whatever_its_colour() {
        let rules = Rules::preset("tejon").unwrap();
        let (a, b) = (bits_of(&[3, 12, 26]).unwrap(), bits_of(&[4, 9]).unwrap());
        let mut white = Position::new(a, b, Side::White);
        white.waiting = [0, 1];
        let mut black = Position::new(b, a, Side::Black);
        black.waiting = [1, 0];
        let pairs = |pos: &Position| features(&rules, pos).pairs().collect::<Vec<_>>();
        assert_eq!(pairs(&white), pairs(&black));
        let x = pairs(&white);
        // 3 + 2 pawns, waiting (the opponent's), borne off (both), race (both).
        assert_eq!(x.len(), 5 + 1 + 2 + 2);
        assert!(x.contains(&(32 + 9, 1.0)) && x.contains(&(26, 1.0)));
    }
}
