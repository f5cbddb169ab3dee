//! The board: squares, sides and the `Copy` position held in two bitboards.
//!
//! Squares are numbered 1 to 30 along the path (the numbering every seed uses).
//! Bit `i` of a side's bitboard is set when that side has a pawn on square `i`;
//! bits 0 and 31 are never set. Pawns that are not on the board are either
//! waiting to enter (counted in [`Position::waiting`]) or borne off.

use std::fmt;
use std::num::NonZeroU8;

/// The last square of the path.
pub const LAST_SQUARE: u8 = 30;
/// The `to` value of a move that bears a pawn off the board.
pub const OFF: u8 = 31;
/// The `from` value of a move that enters a waiting pawn.
pub const ENTRY: u8 = 0;
/// Mask of every square 1..=30.
pub const BOARD_MASK: u32 = 0x7FFF_FFFE;
/// Squares 1..=10, the first row.
pub(crate) const FIRST_ROW: u32 = 0x7FE;
/// Squares 11..=20, the second row.
pub(crate) const SECOND_ROW: u32 = 0x7FE << 10;
/// Squares 21..=30, the last row.
pub(crate) const LAST_ROW: u32 = 0x7FE << 20;

/// One of the two players, named by the colour of their pawns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Side {
    /// Pawns on the odd squares at the start where a layout is given.
    White = 0,
    /// Pawns on the even squares; the side that makes the opening move in `passage`, `kendall`, `tejon`.
    Black = 1,
}

impl Side {
    /// The other side.
    #[inline]
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for white, 1 for black: an index into per-side arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Lower-case name, as used on the command line and in outputs.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The bit of one square.
#[inline]
pub const fn bit(square: u8) -> u32 {
    1u32 << square
}

/// Mask of the squares strictly between `a` and `b` (`a < b`); squares above 30 are ignored.
#[inline]
pub const fn between(a: u8, b: u8) -> u32 {
    let hi = if b > OFF { OFF } else { b };
    if hi <= a + 1 {
        return 0;
    }
    ((1u32 << hi) - 1) & !((1u32 << (a + 1)) - 1) & BOARD_MASK
}

/// Squares of a bitboard in ascending order.
#[inline]
pub fn squares(mut bits: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if bits == 0 {
            None
        } else {
            let s = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(s)
        }
    })
}

/// Pawns of `bits` that have a pawn of the same bitboard on a neighbouring square of the path.
#[inline]
pub const fn paired(bits: u32) -> u32 {
    bits & ((bits << 1) | (bits >> 1))
}

/// Pawns of `bits` that belong to a run of three or more on consecutive squares of the path.
#[inline]
pub const fn walls(bits: u32) -> u32 {
    let starts = bits & (bits >> 1) & (bits >> 2);
    starts | (starts << 1) | (starts << 2)
}

/// [`paired`] within each row of the grid (1–10, 11–20, 21–30): 10 and 11, 20 and 21 are
/// neighbours on the path but not in a row.
#[inline]
pub(crate) const fn row_pairs(bits: u32) -> u32 {
    paired(bits & FIRST_ROW) | paired(bits & SECOND_ROW) | paired(bits & LAST_ROW)
}

/// [`walls`] within each row of the grid: runs of three do not turn the corner between rows.
#[inline]
pub(crate) const fn row_runs(bits: u32) -> u32 {
    walls(bits & FIRST_ROW) | walls(bits & SECOND_ROW) | walls(bits & LAST_ROW)
}

/// A position: where every pawn stands, how many wait to enter, and who is to move.
///
/// Small and `Copy`: a move carries the position it produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Bitboards of the pawns on the board, indexed by [`Side::index`].
    pub(crate) pawns: [u32; 2],
    /// Pawns of each side waiting to enter the board (variants that start empty or restart pawns).
    pub(crate) waiting: [u8; 2],
    /// The side to move.
    pub(crate) to_move: Side,
    /// The square of a pawn the side to move must move if it has a legal move (the opening
    /// pawn of `kendall` and `tejon`, the pawn that replays from `game-box`'s 26). Non-zero, so
    /// that the option takes one byte: the position stays small enough to travel in registers
    /// (one more byte cost `bench` 3%). [`Position::forced_square`] reads it as a number.
    pub(crate) forced: Option<NonZeroU8>,
    /// The pawn on the return square came back from the water (`water_to = "held"`): its owner may move
    /// only it at its next throw. Cleared when that pawn moves or is hit.
    pub(crate) bound: bool,
}

impl Position {
    /// A position from explicit bitboards, with nobody waiting and nothing forced, unchecked:
    /// outside the engine a position is built from a checked [`Setup`](crate::setup::Setup).
    pub(crate) fn new(white: u32, black: u32, to_move: Side) -> Position {
        Position {
            pawns: [white, black],
            waiting: [0, 0],
            to_move,
            forced: None,
            bound: false,
        }
    }

    /// The side to move.
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// This position with `side` to move, everything else kept: the start for either starter,
    /// or the mirror of a position (the same board, the other side to move).
    #[inline]
    pub fn with_to_move(self, side: Side) -> Position {
        Position {
            to_move: side,
            ..self
        }
    }

    /// Bitboards of the pawns on the board, white's then black's.
    #[inline]
    pub fn pawns(&self) -> [u32; 2] {
        self.pawns
    }

    /// Pawns waiting to enter the board, white's then black's.
    #[inline]
    pub fn waiting(&self) -> [u8; 2] {
        self.waiting
    }

    /// Whether the pawn on the return square came back from the water and must move next.
    #[inline]
    pub fn bound(&self) -> bool {
        self.bound
    }

    /// The forced pawn's square as a number.
    #[inline]
    pub fn forced_square(&self) -> Option<u8> {
        self.forced.map(NonZeroU8::get)
    }

    /// Forces the pawn on `square` (none: nothing forced; 0 is none too).
    #[inline]
    pub(crate) fn force(&mut self, square: Option<u8>) {
        self.forced = square.and_then(NonZeroU8::new);
    }

    /// Bitboard of one side.
    #[inline]
    pub fn side(&self, side: Side) -> u32 {
        self.pawns[side.index()]
    }

    /// Bitboard of both sides.
    #[inline]
    pub fn occupied(&self) -> u32 {
        self.pawns[0] | self.pawns[1]
    }

    /// Number of pawns a side has on the board.
    #[inline]
    pub fn on_board(&self, side: Side) -> u8 {
        self.side(side).count_ones() as u8
    }

    /// Number of pawns a side has on the board or waiting to enter (pawns still in play).
    #[inline]
    pub fn in_play(&self, side: Side) -> u8 {
        self.on_board(side) + self.waiting[side.index()]
    }

    /// Whether a side has borne off every pawn (none on the board, none waiting): it has won.
    /// Cheaper than `in_play(side) == 0`, which counts.
    #[inline]
    pub fn finished(&self, side: Side) -> bool {
        self.side(side) == 0 && self.waiting[side.index()] == 0
    }

    /// Sorted squares of one side.
    pub fn square_list(&self, side: Side) -> Vec<u8> {
        squares(self.side(side)).collect()
    }

    /// Which side, if any, stands on `square`.
    pub fn at(&self, square: u8) -> Option<Side> {
        if self.pawns[0] & bit(square) != 0 {
            Some(Side::White)
        } else if self.pawns[1] & bit(square) != 0 {
            Some(Side::Black)
        } else {
            None
        }
    }

    /// The board drawn in its three rows in the path order of the seeds
    /// (1→10, then 20←11 under it, then 21→30), `W`/`B` for pawns, `.` for empty squares.
    pub fn draw(&self) -> String {
        let cell = |s: u8| match self.at(s) {
            Some(Side::White) => format!("{s:>2}W"),
            Some(Side::Black) => format!("{s:>2}B"),
            None => format!("{s:>2}."),
        };
        let row = |squares: Vec<u8>| squares.into_iter().map(cell).collect::<Vec<_>>().join(" ");
        format!(
            "{}\n{}\n{}\n",
            row((1..=10).collect()),
            row((11..=20).rev().collect()),
            row((21..=30).collect())
        )
    }
}

/// The bitboard of a list of squares; `None` if a square is outside 1..=30.
pub fn bits_of(list: &[u8]) -> Option<u32> {
    list.iter().try_fold(0u32, |acc, &s| {
        (1..=LAST_SQUARE).contains(&s).then(|| acc | bit(s))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn between_is_exclusive_and_clipped() {
        assert_eq!(between(3, 4), 0);
        assert_eq!(between(3, 6), bit(4) | bit(5));
        assert_eq!(between(28, 33), bit(29) | bit(30));
        assert_eq!(between(0, 3), bit(1) | bit(2));
    }

    #[test]
    fn squares_off_the_board_are_refused_not_shifted() {
        // Found by the rule-file fuzzing: 40 in a list panicked (a shift past 32 bits).
        assert_eq!(bits_of(&[40]), None);
        assert_eq!(bits_of(&[0, 5]), None);
        assert_eq!(bits_of(&[255]), None);
        assert_eq!(bits_of(&[1, 30]), Some(bit(1) | bit(30)));
    }

    #[test]
    fn pairs_and_walls_follow_the_path() {
        let b = bits_of(&[8, 9, 17, 18, 19]).unwrap();
        assert_eq!(paired(b), b);
        assert_eq!(walls(b), bits_of(&[17, 18, 19]).unwrap());
        // 10 and 11 are neighbours on the path although they sit in different rows.
        let c = bits_of(&[10, 11]).unwrap();
        assert_eq!(paired(c), c);
        assert_eq!(walls(bits_of(&[1, 3, 5]).unwrap()), 0);
    }

    #[test]
    fn rows_partition_the_board() {
        assert_eq!(FIRST_ROW | SECOND_ROW | LAST_ROW, BOARD_MASK);
        assert_eq!(FIRST_ROW.count_ones(), 10);
        assert_eq!(LAST_ROW & bit(21), bit(21));
        assert_eq!(LAST_ROW & bit(31), 0);
    }
}
