//! Moves as plain values: where a pawn goes, what happened ([`flags`]), and the position after.

use crate::board::Position;
use arrayvec::ArrayVec;

/// Capacity of a [`MoveList`]. At most 10 pawns give one move each, plus a second one for the
/// pawn that lands in the water ("go back" or "stay"), one entry, and the choices that move no
/// pawn ("stay", "re-throw", "keep the points"): 10 + 1 + 1 + 3 = 15.
pub const MAX_MOVES: usize = 16;

/// The legal moves of one throw, without a heap allocation.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// Flags describing what a move did.
pub mod flags {
    /// The move went backward because no forward move existed (or bounced off a taken refuge).
    pub const BACKWARD: u16 = 1;
    /// An opponent's pawn was hit.
    pub const CAPTURE: u16 = 2;
    /// The pawn fell in the water square.
    pub const WATER: u16 = 4;
    /// The pawn was borne off.
    pub const EXIT: u16 = 8;
    /// A waiting pawn entered the board.
    pub const ENTRY: u16 = 16;
    /// The pawn landed on a replay square: an extra throw for the same pawn.
    pub const REPLAY: u16 = 32;
    /// The player chose to leave the pawn where it is (an optional square).
    pub const STAY: u16 = 64;
    /// The player used the right to throw a 1 again instead of playing it (`happiness_rethrow`).
    pub const RETHROW: u16 = 128;
    /// The player kept the points left over after bearing off instead of playing them.
    pub const KEEP: u16 = 256;
    /// The pawn's move ended on a taken refuge, so it moved back instead (`occupied_refuges`).
    pub const BOUNCE: u16 = 512;
    /// Choices that move no pawn.
    pub const NO_MOVE: u16 = STAY | RETHROW | KEEP;
}

/// One legal move and its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// Square the pawn leaves (0 for a waiting pawn entering).
    pub from: u8,
    /// Square where the pawn finally rests after every effect of the move (31: borne off).
    pub to: u8,
    /// What the move did: a combination of [`flags`].
    pub flags: u16,
    /// Points left over after bearing off, to be played with another pawn (`residual_points`).
    pub residual: u8,
    /// The position after the move (same side to move; the runner passes the hand).
    pub after: Position,
}

impl Move {
    /// Whether the move has flag `f`.
    #[inline]
    pub fn has(&self, f: u16) -> bool {
        self.flags & f != 0
    }
}
