//! Moves as plain values: what the choice is ([`Kind`]), what it did ([`Effects`]), the points
//! it leaves to play, and the position after.

use crate::board::{Position, OFF};
use arrayvec::ArrayVec;

/// Capacity of a [`MoveList`]. At most 10 pawns give two moves each (a pawn that falls in the
/// water, where it may stay, by its throw or by the checkpoint trap: "go back" or "stay"), the
/// entry two more, and the choices that move no pawn ("stay", "re-throw", "keep the points"):
/// 20 + 2 + 3 = 25. A split throw (`split_throws`, at most 5 pawns) gives each pawn a move per
/// part, at most 6: 30 + 1 entry + 3 = 34.
pub const MAX_MOVES: usize = 34;

/// The legal moves of one throw, without a heap allocation.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// What a choice is. Squares are numbered 1 to 30 along the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A pawn on the board moves from `from` and finally rests on `to` after every effect of
    /// the move (a fall in the water included).
    Step {
        /// The square it leaves.
        from: u8,
        /// The square where it rests.
        to: u8,
    },
    /// A waiting pawn enters the board and rests on `to`.
    Enter {
        /// The square where it rests.
        to: u8,
    },
    /// The pawn on `from` fell in the water and went back among the waiting pawns, to enter
    /// again.
    Restart {
        /// The square it leaves (0: a waiting pawn that entered straight into the water, when
        /// the water is among the squares an entry reaches).
        from: u8,
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
    pub(crate) const NONE: Effects = Effects(0);
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
    /// A move of a pawn held in the water or just back from it (`water_to = "held"`): it
    /// gives no extra throw.
    pub const HELD: Effects = Effects(32);
    /// The move ended on a bonus square: another throw once the throw is played
    /// (`bonus_squares`).
    pub const BONUS: Effects = Effects(64);

    /// Whether the set holds any effect of `other` (one effect: whether it holds it).
    #[inline]
    pub fn has(self, other: Effects) -> bool {
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

// How a [`Move`] stores its [`Kind`]: one bit per kind above the effects' byte, in one word
// with them, so that the game loop reads what it needs (a capture, a replay or re-throw, a
// pawn moved) with one mask. (An enum with fields, or a separate tag byte, cost the loop 3 to
// 4% more instructions.)
const STEP: u16 = 1 << 8;
const ENTER: u16 = 1 << 9;
const RESTART: u16 = 1 << 10;
const BEAR_OFF: u16 = 1 << 11;
const STAY: u16 = 1 << 12;
const RETHROW: u16 = 1 << 13;
const KEEP_POINTS: u16 = 1 << 14;
const MOVES_A_PAWN: u16 = STEP | ENTER | RESTART | BEAR_OFF;

/// One legal choice and its result. What it is: [`Move::kind`]; what it did: [`Move::effects`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The square the choice starts from (0 when the kind has none).
    a: u8,
    /// The square the pawn rests on (0 when the kind has none).
    b: u8,
    /// The kind's bit and the effects.
    bits: u16,
    /// Points of the throw left to play after it (`residual_points`: after bearing off;
    /// `split_throws`: the rest of a split throw).
    pub left: u8,
    /// The position after the choice (same side to move; the runner passes the hand).
    pub after: Position,
}

impl Move {
    /// A choice of `kind` with no effect and no points left.
    #[inline(always)]
    pub fn new(kind: Kind, after: Position) -> Move {
        let (bits, a, b) = match kind {
            Kind::Step { from, to } => (STEP, from, to),
            Kind::Enter { to } => (ENTER, 0, to),
            Kind::Restart { from } => (RESTART, from, 0),
            Kind::BearOff { from } => (BEAR_OFF, from, 0),
            Kind::Stay { at } => (STAY, at, 0),
            Kind::Rethrow { at } => (RETHROW, at, 0),
            Kind::KeepPoints => (KEEP_POINTS, 0, 0),
        };
        Move {
            a,
            b,
            bits,
            left: 0,
            after,
        }
    }

    /// The same choice with `effects` (replacing any it had).
    #[inline(always)]
    pub fn with(mut self, effects: Effects) -> Move {
        self.bits = (self.bits & !0xff) | effects.0 as u16;
        self
    }

    /// The same choice leaving `left` points to play.
    #[inline(always)]
    pub fn leaving(mut self, left: u8) -> Move {
        self.left = left;
        self
    }

    /// What the choice is.
    #[inline]
    pub fn kind(&self) -> Kind {
        let (a, b) = (self.a, self.b);
        match self.bits & !0xff {
            STEP => Kind::Step { from: a, to: b },
            ENTER => Kind::Enter { to: b },
            RESTART => Kind::Restart { from: a },
            BEAR_OFF => Kind::BearOff { from: a },
            STAY => Kind::Stay { at: a },
            RETHROW => Kind::Rethrow { at: a },
            _ => Kind::KeepPoints,
        }
    }

    /// What the choice did besides moving its pawn.
    #[inline]
    pub fn effects(&self) -> Effects {
        Effects(self.bits as u8)
    }

    /// Whether the move did `effect` (any of them, for a set).
    #[inline]
    pub fn has(&self, effect: Effects) -> bool {
        self.bits & effect.0 as u16 != 0
    }

    /// Whether the move did any of `effects` or is a re-throw (both give a throw again).
    #[inline]
    pub(crate) fn has_or_rethrow(&self, effects: Effects) -> bool {
        self.bits & (effects.0 as u16 | RETHROW) != 0
    }

    /// The square of the pawn that moves (a step, a restart or a bear-off; 0 for the restart
    /// of a pawn that entered straight into the water); `None` for an entry and for the
    /// choices that move no pawn.
    #[inline]
    pub fn from(&self) -> Option<u8> {
        (self.bits & (STEP | RESTART | BEAR_OFF) != 0).then_some(self.a)
    }

    /// Whether the choice moves a pawn (a step, an entry, a restart or a bear-off).
    #[inline]
    pub fn moves_a_pawn(&self) -> bool {
        self.bits & MOVES_A_PAWN != 0
    }

    /// Whether the choice bears a pawn off.
    #[inline]
    pub fn bears_off(&self) -> bool {
        self.bits & BEAR_OFF != 0
    }

    /// Where the choice stands along the path before and after, as numbers: 0 before the
    /// board (a waiting pawn), 1 to 30 the squares, 31 past the board (borne off). A choice
    /// that moves no pawn stands still at its square (keeping points: 31).
    #[inline]
    pub fn span(&self) -> (u8, u8) {
        match self.bits & !0xff {
            STEP | ENTER | RESTART => (self.a, self.b),
            BEAR_OFF => (self.a, OFF),
            STAY | RETHROW => (self.a, self.a),
            _ => (OFF, OFF),
        }
    }
}
