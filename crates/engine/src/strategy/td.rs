//! `td`: a small neural network that estimates the winning chance of the side about to throw,
//! learned by self-play with temporal differences (TD(λ), as TD-Gammon), and the player that
//! picks the move whose position after the throw it values most (one throw deep).
//!
//! The network: [`INPUTS`] inputs from the mover's point of view ([`features`]), one hidden
//! layer of sigmoid units, one sigmoid output. Every operation is an IEEE addition,
//! multiplication or division (the sigmoid's exponential is computed here, not by the
//! platform's library), so that a training gives the same weights on every machine.

use crate::board::{squares, Position};
use crate::movegen::Move;
use crate::rules::Rules;
use crate::solve::backup::{move_value, position_value, settle, Pick};
use crate::solve::Solution;
use crate::strategy::{first_best, Asked, Strategy};
use crate::throws::{mix64, GameRng};
use std::sync::Arc;

/// Inputs of the network: for the mover then the opponent, a pawn on each of the 32 squares
/// of a bitboard; then both sides' shares of pawns waiting, of pawns borne off and of the race
/// run; then whether a pawn is forced and whether the pawn back from the water is bound.
pub const INPUTS: usize = 72;
/// The most hidden units a network may have.
pub const MAX_HIDDEN: usize = 256;
/// The most inputs a position turns on (pawns of both sides, then the eight others).
const MAX_ACTIVE: usize = 2 * 32 + 8;

/// The non-zero inputs of a position: (input, value) pairs.
#[derive(Clone, Debug)]
pub struct Features {
    active: [(u8, f32); MAX_ACTIVE],
    len: usize,
}

impl Features {
    fn push(&mut self, input: usize, value: f32) {
        if value != 0.0 {
            self.active[self.len] = (input as u8, value);
            self.len += 1;
        }
    }

    /// The (input, value) pairs.
    pub fn active(&self) -> &[(u8, f32)] {
        &self.active[..self.len]
    }
}

/// The inputs of `pos` seen by its side to move (the mover's pawns first): the same position
/// with the colours swapped gives the same inputs.
pub fn features(rules: &Rules, pos: &Position) -> Features {
    let mut f = Features {
        active: [(0, 0.0); MAX_ACTIVE],
        len: 0,
    };
    let pawns = f32::from(rules.pawns.max(1));
    let sides = [pos.to_move, pos.to_move.other()];
    for (k, side) in sides.into_iter().enumerate() {
        for s in squares(pos.side(side)) {
            f.push(32 * k + usize::from(s), 1.0);
        }
    }
    for (k, side) in sides.into_iter().enumerate() {
        let waiting = f32::from(pos.waiting[side.index()]);
        let off = f32::from(rules.pawns.saturating_sub(pos.in_play(side)));
        let on: u32 = squares(pos.side(side)).map(u32::from).sum();
        f.push(64 + k, waiting / pawns);
        f.push(66 + k, off / pawns);
        f.push(68 + k, (on as f32 + 31.0 * off) / (31.0 * pawns));
    }
    f.push(70, f32::from(u8::from(pos.forced.is_some())));
    f.push(71, f32::from(u8::from(pos.bound)));
    f
}

/// e^x with only IEEE additions, multiplications and divisions (x clamped to ±30): the same
/// bits on every machine.
fn exp(x: f32) -> f32 {
    let x = x.clamp(-30.0, 30.0);
    // x = k ln 2 + r with |r| <= ln 2 / 2, e^r by its Taylor series to r^7.
    let k = (x * std::f32::consts::LOG2_E + if x < 0.0 { -0.5 } else { 0.5 }) as i32;
    // ln 2 in two parts (Cody and Waite), the first exact in few bits, so that k ln 2 is
    // subtracted without rounding away r's digits.
    let r = (x - k as f32 * 0.693_145_75) - k as f32 * 1.428_606_8e-6;
    let mut term = 1.0f32;
    let mut sum = 1.0f32;
    // `1..8`, not `1..=7`: an inclusive range's loop is not unrolled, and the sigmoids of
    // [`Net::forward`] are then not vectorised.
    for n in 1..8 {
        term = term * r / n as f32;
        sum += term;
    }
    sum * f32::from_bits(((k + 127) as u32) << 23)
}

/// The logistic function 1 / (1 + e^-x).
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + exp(-x))
}

/// A network: `hidden` sigmoid units over [`INPUTS`] inputs, one sigmoid output, the side to
/// move's winning chance.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// Hidden units.
    hidden: usize,
    /// Input weights, input after input: `w1[i * hidden + j]` from input i to unit j.
    w1: Vec<f32>,
    /// Hidden biases.
    b1: Vec<f32>,
    /// Output weights.
    w2: Vec<f32>,
    /// Output bias.
    b2: f32,
}

/// A network's numbers in a file's order: hidden units, input weights (input after input),
/// hidden biases, output weights, output bias.
pub type Parts = (usize, Vec<f32>, Vec<f32>, Vec<f32>, f32);

impl Net {
    /// A network of `hidden` units (1 to [`MAX_HIDDEN`]) with small weights drawn from `seed`
    /// (uniform in ±0.1).
    pub fn new(hidden: usize, seed: u64) -> Net {
        assert!(
            (1..=MAX_HIDDEN).contains(&hidden),
            "1 to {MAX_HIDDEN} units"
        );
        let mut k = 0u64;
        let mut draw = || {
            k += 1;
            let u = (mix64(seed ^ mix64(k)) >> 40) as f32 / (1u64 << 24) as f32;
            0.2 * u - 0.1
        };
        Net {
            hidden,
            w1: (0..INPUTS * hidden).map(|_| draw()).collect(),
            b1: (0..hidden).map(|_| draw()).collect(),
            w2: (0..hidden).map(|_| draw()).collect(),
            b2: 0.0,
        }
    }

    /// A network from its numbers ([`Net::parts`]'s order); `None` when their sizes disagree.
    pub fn from_parts(parts: Parts) -> Option<Net> {
        let (hidden, w1, b1, w2, b2) = parts;
        let ok = (1..=MAX_HIDDEN).contains(&hidden)
            && w1.len() == INPUTS * hidden
            && b1.len() == hidden
            && w2.len() == hidden;
        ok.then_some(Net {
            hidden,
            w1,
            b1,
            w2,
            b2,
        })
    }

    /// Its numbers, to write them.
    pub fn parts(&self) -> (usize, &[f32], &[f32], &[f32], f32) {
        (self.hidden, &self.w1, &self.b1, &self.w2, self.b2)
    }

    /// The hidden units' outputs for `x`, into `h`; returns the network's output.
    fn forward(&self, x: &Features, h: &mut [f32; MAX_HIDDEN]) -> f32 {
        let n = self.hidden;
        h[..n].copy_from_slice(&self.b1);
        for &(i, v) in x.active() {
            let row = &self.w1[usize::from(i) * n..][..n];
            for (a, w) in h[..n].iter_mut().zip(row) {
                *a += v * w;
            }
        }
        // The units' sigmoids in a loop of their own, which the compiler vectorises (each unit
        // the same IEEE operations, so the same bits); the output's sum stays in unit order.
        for a in &mut h[..n] {
            *a = sigmoid(*a);
        }
        let mut out = self.b2;
        for (a, w) in h[..n].iter().zip(&self.w2) {
            out += a * w;
        }
        sigmoid(out)
    }

    /// The side to move's winning chance in `pos`, by the network.
    pub fn value(&self, rules: &Rules, pos: &Position) -> f32 {
        self.value_of(&features(rules, pos))
    }

    /// The network's output for the inputs `x`.
    pub fn value_of(&self, x: &Features) -> f32 {
        self.forward(x, &mut [0.0; MAX_HIDDEN])
    }

    /// One step of gradient descent on (target − output)² / 2 for the inputs `x`, of size
    /// `alpha`; returns the output before the step.
    pub fn learn(&mut self, x: &Features, target: f32, alpha: f32) -> f32 {
        let mut h = [0.0; MAX_HIDDEN];
        let y = self.forward(x, &mut h);
        let delta = alpha * (target - y) * y * (1.0 - y);
        let n = self.hidden;
        let Net { w1, b1, w2, b2, .. } = self;
        let units = w2.iter_mut().zip(b1.iter_mut()).zip(&h[..n]);
        for (j, ((w2, b1), &h)) in units.enumerate() {
            let back = delta * *w2 * h * (1.0 - h);
            *w2 += delta * h;
            *b1 += back;
            for &(i, v) in x.active() {
                w1[usize::from(i) * n + j] += back * v;
            }
        }
        *b2 += delta;
        y
    }
}

/// Plays the move after which the network gives the mover the highest chance (its value, or
/// one less the opponent's when the hand passes), the turn's end and the game's end being the
/// solver's ([`move_value`]); with a search depth D (`tdx:D`), the value after the move
/// is the mean over the next D throws of the best play by whoever throws
/// ([`position_value`]), the network valuing the positions at the end. Ties go to the
/// first move generated. Uses no randomness and keeps no state.
#[derive(Clone, Debug)]
pub struct Td {
    net: Arc<Net>,
    endgame: Option<Arc<Solution>>,
    /// The search past the move (`tdx:D`); `None` for `td`.
    search: Option<Search>,
}

/// How far `tdx:D` searches: D throws, averaged over the throw distribution.
#[derive(Clone, Debug)]
struct Search {
    depth: u8,
    /// `(value, probability)` pairs.
    throws: Arc<[(u8, f64)]>,
}

impl Td {
    /// The player of a network.
    pub fn new(net: Arc<Net>) -> Td {
        Td {
            net,
            endgame: None,
            search: None,
        }
    }

    /// The player of a network that reads a solved table's exact value instead of the
    /// network's wherever the table covers the position: a table of fewer pawns a side of the
    /// same rules covers the positions where each side has at most that many pawns in play,
    /// since no move, throw or turn depends on the pawns borne off.
    pub fn with_endgame(net: Arc<Net>, endgame: Option<Arc<Solution>>) -> Td {
        Td {
            net,
            endgame,
            search: None,
        }
    }

    /// The same player searching `depth` throws past its move (`tdx:D`; 0: `td`) over the
    /// throw distribution `throws` (`(value, probability)` pairs).
    pub fn searching(self, depth: u8, throws: Vec<(u8, f64)>) -> Td {
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
    pub fn searched_value(&self, rules: &Rules, pos: &Position, depth: u8) -> f64 {
        let exact = self.endgame.as_ref().and_then(|t| t.value(pos));
        match (exact, &self.search) {
            (Some(exact), _) => exact,
            (None, Some(search)) if depth > 0 => {
                let lookup = |p: &Position| self.searched_value(rules, p, depth - 1);
                position_value(rules, &search.throws, pos, Pick::Best, &lookup)
            }
            _ => f64::from(self.net.value(rules, pos)),
        }
    }
}

impl Strategy for Td {
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
        let depth = self.search.as_ref().map_or(0, |s| s.depth);
        let lookup = |p: &Position| self.searched_value(rules, p, depth);
        first_best(moves.iter().map(|m| match *asked {
            Asked::Throw(v) => move_value(rules, pos, v, m, Pick::Best, &lookup),
            Asked::LeftOver { throw, played } => {
                settle(rules, m.after, pos.to_move, throw, Some(&played), &lookup)
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{bits_of, Side};

    #[test]
    fn the_exponential_is_accurate_to_a_few_units_in_the_last_place() {
        for k in -300..=300 {
            let x = k as f32 / 10.0;
            let exact = f64::from(x).exp();
            let rel = ((f64::from(exp(x)) - exact) / exact).abs();
            assert!(rel < 1e-6, "e^{x}: {} against {exact}", exp(x));
        }
        assert!((sigmoid(0.0) - 0.5).abs() < 1e-7);
    }

    #[test]
    fn inputs_are_the_movers_whatever_its_colour() {
        let rules = Rules::preset("tejon").unwrap();
        let (a, b) = (bits_of(&[3, 12, 26]).unwrap(), bits_of(&[4, 9]).unwrap());
        let mut white = Position::new(a, b, Side::White);
        white.waiting = [0, 1];
        let mut black = Position::new(b, a, Side::Black);
        black.waiting = [1, 0];
        assert_eq!(
            features(&rules, &white).active(),
            features(&rules, &black).active()
        );
        let x = features(&rules, &white);
        // 3 + 2 pawns, waiting (the opponent's), borne off (both), race (both).
        assert_eq!(x.active().len(), 5 + 1 + 2 + 2);
        assert!(x.active().contains(&(32 + 9, 1.0)) && x.active().contains(&(26, 1.0)));
    }

    #[test]
    fn a_learning_step_moves_the_output_towards_its_target() {
        let rules = Rules::preset("tejon").unwrap();
        let x = features(&rules, &crate::game::start_position(&rules));
        let mut net = Net::new(16, 3);
        let mut before = (net.value_of(&x) - 0.9).abs();
        for _ in 0..50 {
            net.learn(&x, 0.9, 0.5);
            let after = (net.value_of(&x) - 0.9).abs();
            assert!(after < before, "{after} after {before}");
            before = after;
        }
        assert!(before < 0.05, "{before}");
        let parts = net.parts();
        let again = Net::from_parts((
            parts.0,
            parts.1.into(),
            parts.2.into(),
            parts.3.into(),
            parts.4,
        ));
        assert_eq!(again, Some(net.clone()));
        assert_eq!(
            Net::from_parts((17, parts.1.into(), parts.2.into(), parts.3.into(), 0.0)),
            None
        );
    }
}
