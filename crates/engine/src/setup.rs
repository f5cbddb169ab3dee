//! A position as a person writes it, checked against a rule set before it becomes a
//! [`Position`] (as shakmaty's `Setup` becomes a `Position`): the hot path never sees an
//! impossible position, and every way a setup can be wrong is its own error kind.

use crate::board::{bit, squares, Position, Side, LAST_SQUARE};
use crate::rules::Rules;

/// The pawns of each side by square, those waiting to enter, the side to move, the forced
/// pawn's square and whether the pawn on the return square is bound (`water_to = "held"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// White's squares.
    pub white: Vec<u8>,
    /// Black's squares.
    pub black: Vec<u8>,
    /// Pawns waiting to enter, white's then black's.
    pub waiting: [u8; 2],
    /// The side to move.
    pub to_move: Side,
    /// The square of a pawn the side to move must move if it can.
    pub forced: Option<u8>,
    /// The side to move's pawn on the return square came back from the water and must move.
    pub bound: bool,
}

impl Default for Setup {
    /// An empty board, nobody waiting, white to move.
    fn default() -> Setup {
        Setup {
            white: Vec::new(),
            black: Vec::new(),
            waiting: [0, 0],
            to_move: Side::White,
            forced: None,
            bound: false,
        }
    }
}

/// Why a setup is not a position of the rule set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A square outside the board: one of a side's pawns, or the forced square (`side: None`).
    #[error("square {square} is outside 1-{LAST_SQUARE}")]
    OffBoard {
        /// The side whose pawn it is (`None`: the forced square).
        side: Option<Side>,
        /// The square.
        square: u8,
    },
    /// A square listed twice for one side.
    #[error("square {square} is listed twice for {side}")]
    Twice {
        /// The side.
        side: Side,
        /// The square.
        square: u8,
    },
    /// A square listed for both sides.
    #[error("square {0} is listed for both white and black")]
    Overlap(u8),
    /// More pawns on the board and waiting than the rules give a side.
    #[error("{side} has {on_board} pawns on the board and {waiting} waiting, but the rules give {pawns} a side")]
    TooManyPawns {
        /// The side.
        side: Side,
        /// Its pawns on the board.
        on_board: usize,
        /// Its pawns waiting.
        waiting: u8,
        /// Pawns a side in the rules.
        pawns: u8,
    },
    /// The forced square holds no pawn of the side to move.
    #[error("the forced square {0} holds no pawn of the side to move")]
    ForcedEmpty(u8),
    /// A bound pawn, but the side to move has none on the return square.
    #[error("a bound pawn stands on the return square {0}, and the side to move has none there")]
    BoundOffReturn(u8),
}

impl From<&Position> for Setup {
    /// A position written as a setup: [`Setup::position`] gives it back.
    fn from(pos: &Position) -> Setup {
        Setup {
            white: pos.square_list(Side::White),
            black: pos.square_list(Side::Black),
            waiting: pos.waiting(),
            to_move: pos.to_move(),
            forced: pos.forced_square(),
            bound: pos.bound(),
        }
    }
}

impl Setup {
    /// White on `white`, black on `black`, `to_move` to move, nobody waiting, nothing forced.
    pub fn of(white: &[u8], black: &[u8], to_move: Side) -> Setup {
        Setup {
            white: white.to_vec(),
            black: black.to_vec(),
            to_move,
            ..Setup::default()
        }
    }

    /// The position this setup describes under `rules`, or the first thing wrong with it
    /// ([`Setup::faults`] lists them all).
    pub fn position(&self, rules: &Rules) -> Result<Position, SetupError> {
        let (pos, mut faults) = self.read(Some(rules));
        match faults.is_empty() {
            true => Ok(pos),
            false => Err(faults.swap_remove(0)),
        }
    }

    /// Everything wrong with this setup under `rules`, in the order its fields are written:
    /// white's squares, black's, the squares listed for both, the pawns each side has, the
    /// forced square, the bound pawn. Empty when [`Setup::position`] gives a position.
    pub fn faults(&self, rules: &Rules) -> Vec<SetupError> {
        self.read(Some(rules)).1
    }

    /// The position on the board whatever the rules: every square on the board, listed once,
    /// for one side only, the forced square one of the side to move's pawns. Not checked
    /// here, since they need the rules: the number of pawns, and `bound`, which is left unset
    /// ([`Setup::position`] checks and sets it).
    pub fn board(&self) -> Result<Position, SetupError> {
        let (pos, mut faults) = self.read(None);
        match faults.is_empty() {
            true => Ok(pos),
            false => Err(faults.swap_remove(0)),
        }
    }

    /// The position made of what is right in the setup, and every fault found on the way (the
    /// rules' own checks only when `rules` are given).
    fn read(&self, rules: Option<&Rules>) -> (Position, Vec<SetupError>) {
        let mut faults = Vec::new();
        let mut board = |side: Side, list: &[u8]| -> u32 {
            let mut bits = 0u32;
            for &square in list {
                if !(1..=LAST_SQUARE).contains(&square) {
                    let side = Some(side);
                    faults.push(SetupError::OffBoard { side, square });
                } else if bits & bit(square) != 0 {
                    faults.push(SetupError::Twice { side, square });
                } else {
                    bits |= bit(square);
                }
            }
            bits
        };
        let white = board(Side::White, &self.white);
        let mut black = board(Side::Black, &self.black);
        for square in squares(white & black) {
            faults.push(SetupError::Overlap(square));
        }
        black &= !white;
        if let Some(rules) = rules {
            for (side, list) in [(Side::White, &self.white), (Side::Black, &self.black)] {
                let waiting = self.waiting[side.index()];
                if list.len() + usize::from(waiting) > usize::from(rules.pawns) {
                    let (on_board, pawns) = (list.len(), rules.pawns);
                    faults.push(SetupError::TooManyPawns {
                        side,
                        on_board,
                        waiting,
                        pawns,
                    });
                }
            }
        }
        let mut pos = Position::new(white, black, self.to_move);
        pos.waiting = self.waiting;
        match self.forced {
            Some(f) if !(1..=LAST_SQUARE).contains(&f) => {
                let square = f;
                faults.push(SetupError::OffBoard { side: None, square });
            }
            Some(f) if pos.side(self.to_move) & bit(f) == 0 => {
                faults.push(SetupError::ForcedEmpty(f))
            }
            forced => pos.force(forced),
        }
        if let Some(rules) = rules {
            if self.bound && pos.side(self.to_move) & bit(rules.return_square) == 0 {
                faults.push(SetupError::BoundOffReturn(rules.return_square));
            }
            pos.bound = self.bound;
        }
        (pos, faults)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Variant;

    fn tejon() -> Rules {
        Variant::TEJON.rules()
    }

    #[test]
    fn a_good_setup_is_the_position_it_says() {
        let s = Setup {
            white: vec![3, 26],
            black: vec![15],
            waiting: [0, 1],
            to_move: Side::White,
            forced: Some(26),
            ..Setup::default()
        };
        let p = s.position(&tejon()).unwrap();
        assert_eq!(p.pawns, [bit(3) | bit(26), bit(15)]);
        assert_eq!(
            (p.waiting, p.forced_square(), p.bound),
            ([0, 1], Some(26), false)
        );
    }

    #[test]
    fn each_fault_is_its_own_kind() {
        let r = tejon();
        let base = Setup {
            white: vec![1, 2],
            black: vec![3],
            ..Setup::default()
        };
        let with = |f: &dyn Fn(&mut Setup)| {
            let mut s = base.clone();
            f(&mut s);
            s.position(&r).unwrap_err()
        };
        let off = |side, square| SetupError::OffBoard { side, square };
        assert_eq!(with(&|s| s.white.push(31)), off(Some(Side::White), 31));
        assert_eq!(with(&|s| s.black.push(0)), off(Some(Side::Black), 0));
        assert_eq!(with(&|s| s.forced = Some(31)), off(None, 31));
        assert_eq!(
            with(&|s| s.black.push(3)),
            SetupError::Twice {
                side: Side::Black,
                square: 3
            }
        );
        assert_eq!(with(&|s| s.black.push(2)), SetupError::Overlap(2));
        assert_eq!(
            with(&|s| s.waiting[0] = r.pawns - 1),
            SetupError::TooManyPawns {
                side: Side::White,
                on_board: 2,
                waiting: r.pawns - 1,
                pawns: r.pawns
            }
        );
        assert_eq!(with(&|s| s.forced = Some(3)), SetupError::ForcedEmpty(3));
        assert_eq!(
            with(&|s| s.bound = true),
            SetupError::BoundOffReturn(r.return_square)
        );
    }

    #[test]
    fn every_fault_is_told_in_the_order_the_setup_is_written() {
        let r = tejon();
        let s = Setup {
            white: vec![31, 4, 4, 9],
            black: vec![9, 0],
            waiting: [0, r.pawns],
            forced: Some(12),
            bound: true,
            ..Setup::default()
        };
        let white = Some(Side::White);
        assert_eq!(
            s.faults(&r),
            vec![
                SetupError::OffBoard {
                    side: white,
                    square: 31
                },
                SetupError::Twice {
                    side: Side::White,
                    square: 4
                },
                SetupError::OffBoard {
                    side: Some(Side::Black),
                    square: 0
                },
                SetupError::Overlap(9),
                SetupError::TooManyPawns {
                    side: Side::Black,
                    on_board: 2,
                    waiting: r.pawns,
                    pawns: r.pawns
                },
                SetupError::ForcedEmpty(12),
                SetupError::BoundOffReturn(r.return_square),
            ]
        );
        // The position's error is the first of them; a good setup has none.
        assert_eq!(s.position(&r).unwrap_err(), s.faults(&r)[0]);
        assert!(Setup::of(&[1, 3], &[2], Side::Black).faults(&r).is_empty());
    }
}
