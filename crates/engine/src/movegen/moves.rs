//! Moves as plain values: what the choice is ([`Kind`]), what it did ([`Effects`]), the points
//! it leaves to play, and the position after.

use crate::board::{Position, OFF};
use arrayvec::ArrayVec;

/// Capacity of a [`MoveList`]. At most 10 pawns give one move each, plus a second one for the
/// pawn that lands in the water ("go back" or "stay"), one entry, and the choices that move no
/// pawn ("stay", "re-throw", "keep the points"): 10 + 1 + 1 + 3 = 15.
pub const MAX_MOVES: usize = 16;

/// The legal moves of one throw, without a heap allocation.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// What a choice is. Squares are numbered 1 to 30 along the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A pawn on the board moves from `from` and finally rests on `to` after every effect of
    /// the move (a fall in the water included); `None`: back among the waiting pawns.
    Step {
        /// The square it leaves.
        from: u8,
        /// Where it rests.
        to: Option<u8>,
    },
    /// A waiting pawn enters the board and rests on `to` (`None`: it fell in the water and
    /// waits again).
    Enter {
        /// Where it rests.
        to: Option<u8>,
    },
    /// The pawn on `from` is borne off.
    BearOff {
        /// The square it leaves.
        from: u8,
    },
    /// The player leaves its pawns where they are (a pawn on an optional square).
    Stay {
        /// The square of the pawn that could have moved first.
        at: u8,
    },
    /// The player throws again instead of playing this throw (the right given by a pawn on
    /// `at`, `passage`'s 26).
    Rethrow {
        /// The square that gives the right.
        at: u8,
    },
    /// The player keeps the points left over after bearing off instead of playing them.
    KeepPoints,
}

/// A set of what a move did besides moving its pawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Effects(pub u8);

impl Effects {
    /// None.
    pub const NONE: Effects = Effects(0);
    /// The move went backward because no forward move existed (or bounced off a taken refuge).
    pub const BACKWARD: Effects = Effects(1);
    /// An opponent's pawn was hit.
    pub const CAPTURE: Effects = Effects(2);
    /// The pawn fell in the water square.
    pub const WATER: Effects = Effects(4);
    /// The pawn landed on a replay square: an extra throw for the same pawn.
    pub const REPLAY: Effects = Effects(8);
    /// The pawn's move ended on a taken refuge, so it moved back instead (`occupied_refuges`).
    pub const BOUNCE: Effects = Effects(16);

    /// Whether every effect of `other` is in the set.
    #[inline]
    pub fn has(self, other: Effects) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether the set holds any effect of `other`.
    #[inline]
    pub fn any(self, other: Effects) -> bool {
        self.0 & other.0 != 0
    }
}

impl std::ops::BitOr for Effects {
    type Output = Effects;
    #[inline]
    fn bitor(self, other: Effects) -> Effects {
        Effects(self.0 | other.0)
    }
}

impl std::ops::BitOrAssign for Effects {
    #[inline]
    fn bitor_assign(&mut self, other: Effects) {
        self.0 |= other.0;
    }
}

/// One legal choice and its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// What the choice is.
    pub kind: Kind,
    /// What it did besides moving its pawn.
    pub effects: Effects,
    /// Points of the throw left to play after it (`residual_points`: after bearing off).
    pub left: u8,
    /// The position after the move (same side to move; the runner passes the hand).
    pub after: Position,
}

impl Move {
    /// A move with no effect and no points left.
    #[inline(always)]
    pub fn new(kind: Kind, after: Position) -> Move {
        Move {
            kind,
            effects: Effects::NONE,
            left: 0,
            after,
        }
    }

    /// Whether the move did `effect`.
    #[inline]
    pub fn has(&self, effect: Effects) -> bool {
        self.effects.has(effect)
    }

    /// The square of the pawn that moves (a step or a bear-off); `None` for an entry and for
    /// the choices that move no pawn.
    #[inline]
    pub fn from(&self) -> Option<u8> {
        match self.kind {
            Kind::Step { from, .. } | Kind::BearOff { from } => Some(from),
            _ => None,
        }
    }

    /// Whether the choice moves a pawn (a step, an entry or a bear-off).
    #[inline]
    pub fn moves_a_pawn(&self) -> bool {
        matches!(
            self.kind,
            Kind::Step { .. } | Kind::Enter { .. } | Kind::BearOff { .. }
        )
    }

    /// Where the choice stands along the path before and after, as numbers: 0 before the
    /// board (a waiting pawn), 1 to 30 the squares, 31 past the board (borne off). A choice
    /// that moves no pawn stands still at its square (keeping points: 31).
    #[inline]
    pub fn span(&self) -> (u8, u8) {
        match self.kind {
            Kind::Step { from, to } => (from, to.unwrap_or(0)),
            Kind::Enter { to } => (0, to.unwrap_or(0)),
            Kind::BearOff { from } => (from, OFF),
            Kind::Stay { at } | Kind::Rethrow { at } => (at, at),
            Kind::KeepPoints => (OFF, OFF),
        }
    }
}
