//! `heuristic`: a scored choice among the legal moves, with documented, overridable weights.
//!
//! Each legal move gets a score; the highest wins (ties: the first generated). The score is a sum
//! of weighted features of the move and of the position it produces:
//!
//! | key | default | feature |
//! |---|---:|---|
//! | `progress` | 1 | squares the pawn advances (negative backwards; bearing off counts to square 31) |
//! | `capture` | 6 | the move hits an opponent pawn |
//! | `bear_off` | 4 | the move bears a pawn off |
//! | `water` | -12 | the move ends in the water square |
//! | `danger` | -8 | probability that the opponent's next throw lets it hit one of our pawns |
//! | `pair` | 1 | our pawns protected by a neighbour (only where pairs protect) |
//! | `wall` | 1.5 | our pawns in a wall of three (only where walls block); breaking a wall loses it |
//!
//! A scenario overrides any of them: `white = "heuristic:capture=10,danger=-2"`.

use crate::board::{paired, walls, Position};
use crate::movegen::{legal_moves, Effects, Move};
use crate::rules::Rules;
use crate::strategy::{Asked, Strategy};
use crate::throws::throw_table;
use crate::throws::{Device, GameRng};

/// The weights of the heuristic's features (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Per square advanced.
    pub progress: f64,
    /// For hitting an opponent pawn.
    pub capture: f64,
    /// For bearing a pawn off.
    pub bear_off: f64,
    /// For ending in the water square.
    pub water: f64,
    /// Times the probability of being hit at the opponent's next throw.
    pub danger: f64,
    /// Per protected pawn.
    pub pair: f64,
    /// Per pawn in a wall.
    pub wall: f64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            progress: 1.0,
            capture: 6.0,
            bear_off: 4.0,
            water: -12.0,
            danger: -8.0,
            pair: 1.0,
            wall: 1.5,
        }
    }
}

/// The weight keys, in the order of the documentation.
pub(crate) const WEIGHT_KEYS: [&str; 7] = [
    "progress", "capture", "bear_off", "water", "danger", "pair", "wall",
];

impl Weights {
    /// Each weight beside its key, in the order of [`WEIGHT_KEYS`].
    pub(crate) fn by_key(&self) -> [(&'static str, f64); 7] {
        let w = self;
        let values = [
            w.progress, w.capture, w.bear_off, w.water, w.danger, w.pair, w.wall,
        ];
        std::array::from_fn(|i| (WEIGHT_KEYS[i], values[i]))
    }

    /// The defaults with the overrides of `KEY=W,KEY=W`.
    pub fn parse(text: &str) -> Result<Weights, String> {
        let mut w = Weights::default();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("'{part}' is not KEY=WEIGHT"))?;
            let value: f64 = value
                .trim()
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("weight of '{}' is not a number", key.trim()))?;
            let slot = match key.trim() {
                "progress" => &mut w.progress,
                "capture" => &mut w.capture,
                "bear_off" => &mut w.bear_off,
                "water" => &mut w.water,
                "danger" => &mut w.danger,
                "pair" => &mut w.pair,
                "wall" => &mut w.wall,
                other => {
                    return Err(format!(
                        "unknown weight '{other}' (known: {})",
                        WEIGHT_KEYS.join(", ")
                    ))
                }
            };
            *slot = value;
        }
        Ok(w)
    }
}

/// The `heuristic` player.
#[derive(Clone, Debug)]
pub struct Heuristic {
    weights: Weights,
    table: Vec<(u8, f64)>,
}

impl Heuristic {
    /// A heuristic player with `weights`, for `rules` and `device`.
    pub fn new(rules: &Rules, device: &Device, weights: Weights) -> Heuristic {
        Heuristic {
            weights,
            table: throw_table(rules, device),
        }
    }

    /// The probability that the opponent of the side to move in `after` can hit one of its
    /// pawns with its next throw.
    pub fn danger(&self, rules: &Rules, after: &Position) -> f64 {
        let mut theirs = *after;
        theirs.to_move = after.to_move.other();
        theirs.forced = None;
        self.table
            .iter()
            .filter(|(v, _)| {
                legal_moves(rules, &theirs, *v)
                    .iter()
                    .any(|m| m.has(Effects::CAPTURE))
            })
            .map(|(_, p)| p)
            .sum()
    }

    /// The score of `mv` (see the module documentation).
    pub fn score(&self, rules: &Rules, mv: &Move) -> f64 {
        let w = &self.weights;
        let me = mv.after.to_move;
        let own = mv.after.side(me);
        let one = |on: bool| if on { 1.0 } else { 0.0 };
        let (from, to) = mv.span();
        let mut s = w.progress * (f64::from(to) - f64::from(from))
            + w.capture * one(mv.has(Effects::CAPTURE))
            + w.bear_off * one(mv.bears_off())
            + w.water * one(mv.has(Effects::WATER));
        if rules.protection.any() {
            s += w.pair * f64::from(paired(own).count_ones());
        }
        if rules.blockade {
            s += w.wall * f64::from(walls(own).count_ones());
        }
        if w.danger != 0.0 {
            s += w.danger * self.danger(rules, &mv.after);
        }
        s
    }
}

impl Strategy for Heuristic {
    fn choose(
        &mut self,
        rules: &Rules,
        _: &Position,
        _: &Asked,
        moves: &[Move],
        _: &mut GameRng,
    ) -> usize {
        let mut best = (0, f64::NEG_INFINITY);
        for (i, m) in moves.iter().enumerate() {
            let s = self.score(rules, m);
            if s > best.1 {
                best = (i, s);
            }
        }
        best.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{bits_of, Side};
    use crate::movegen::legal_moves;
    use crate::throws::stream;

    /// tejon, white 12 and 20, black 13 alone; white throws 1: 12 -> 13 hits (a swap), 20 -> 21
    /// does not. Both advance one square, so the capture weight decides.
    fn pick(weights: &str) -> (u8, u8) {
        let rules = Rules::preset("tejon").unwrap();
        let pos = Position::new(
            bits_of(&[12, 20]).unwrap(),
            bits_of(&[13]).unwrap(),
            Side::White,
        );
        let moves = legal_moves(&rules, &pos, 1);
        let mut h = Heuristic::new(&rules, &Device::Coins, Weights::parse(weights).unwrap());
        let m = moves[h.choose(&rules, &pos, &Asked::Throw(1), &moves, &mut stream(1, 2))];
        m.span()
    }

    #[test]
    fn the_capture_weight_decides_between_equal_steps() {
        let neutral = "danger=0,pair=0,wall=0";
        assert_eq!(pick(neutral), (12, 13), "default capture weight 6: hit");
        assert_eq!(
            pick(&format!("{neutral},capture=-1")),
            (20, 21),
            "captures avoided"
        );
        assert_eq!(
            pick(&format!("{neutral},capture=0")),
            (12, 13),
            "a tie: first generated"
        );
    }

    #[test]
    fn danger_is_the_exact_probability_of_being_hit() {
        // After 12 -> 13 (a swap), black stands on 12 and hits the lone white 13 with a 1:
        // P(1) = 4/16. After 20 -> 21, black's 13 would need an 8 to reach 21 and never hits
        // backwards in tejon: danger 0.
        let rules = Rules::preset("tejon").unwrap();
        let pos = Position::new(
            bits_of(&[12, 20]).unwrap(),
            bits_of(&[13]).unwrap(),
            Side::White,
        );
        let h = Heuristic::new(&rules, &Device::Coins, Weights::default());
        let moves = legal_moves(&rules, &pos, 1);
        let danger: Vec<f64> = moves.iter().map(|m| h.danger(&rules, &m.after)).collect();
        assert_eq!(danger, vec![0.25, 0.0]);
    }
}
