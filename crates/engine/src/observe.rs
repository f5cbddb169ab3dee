//! What a game reports: its counters ([`GameSummary`]) and the events an [`Observer`] hears as
//! the step-by-step game ([`crate::state`]) plays them.

use crate::board::{Position, Side};
use crate::movegen::Move;
use crate::strategy::Asked;

/// What happened in one game: counters only, so that millions of them aggregate in fixed memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct GameSummary {
    /// The side that won: the first to bear off all its pawns, or with `end = "all-out"` the one
    /// that bore off more; `None` when the turn cap stopped the game or it was a draw.
    pub winner: Option<Side>,
    /// The game was drawn: equal scores (`end = "all-out"`), or the last pawn borne off with a
    /// throw that gives another (`end = "first-out-draw-on-extra"`).
    pub draw: bool,
    /// The side that moved first.
    pub first: Option<Side>,
    /// Turns played (a turn is one side's throws until the hand passes).
    pub turns: u32,
    /// Throws made (extra throws and the whole opening throw-off included).
    pub throws: u32,
    /// Pawn moves made (residual moves and free exits from 30 included; a choice that moves no
    /// pawn, such as a re-throw, is not counted).
    pub moves: u32,
    /// Pawns of each side hit by the other (indexed by [`Side::index`]); with `capture =
    /// "remove"` these pawns left the game.
    pub hits: [u32; 2],
    /// Backward moves.
    pub backward: u32,
    /// Throws that could not be played (each passes the turn).
    pub passes: u32,
    /// Pawns that fell in the water square.
    pub water: u32,
    /// Throws of the opening throw-off, the winning one included (0: the variant has none).
    /// Players throw in turn, so the first thrower got the first 1 when this is odd.
    pub opening: u32,
}

/// What a game reports as it goes: implement the methods you need.
pub trait Observer {
    /// Whether this observer reads [`Observer::on_decision`]: a uniform player's pick then takes
    /// the general path, which makes the same choice from the same draw and lists the moves.
    const DECISIONS: bool = false;
    /// `side`'s player was asked `asked` in `pos` and chose `moves[chosen]` (every call of a
    /// strategy, for a throw's move or a left-over's, even with one move listed; a throw with
    /// no legal move is not one).
    fn on_decision(
        &mut self,
        _side: Side,
        _asked: &Asked,
        _pos: &Position,
        _moves: &[Move],
        _chosen: usize,
    ) {
    }
    /// The side to move of `pos` is about to choose how to play a throw of `value` (the opening
    /// step, a move of the rules that no one chooses, comes without it).
    fn before_throw(&mut self, _pos: &Position, _value: u8) {}
    /// A throw of `value` by `side`, the move chosen (`None`: no legal move), and the position after.
    fn on_throw(&mut self, _side: Side, _value: u8, _chosen: Option<&Move>, _after: &Position) {}
    /// Points left over after bearing off, played by `side` with `chosen` (`None`: no legal move).
    fn on_residual(&mut self, _side: Side, _points: u8, _chosen: Option<&Move>, _after: &Position) {
    }
    /// A pawn of `side` borne off from 30 without a throw at the start of its turn.
    fn on_free_exit(&mut self, _side: Side, _after: &Position) {}
    /// A throw of the opening throw-off (players throw in turn until one gets `first_throw`).
    fn on_opening_throw(&mut self, _value: u8) {}
}

/// An observer that ignores everything.
pub struct Silent;
impl Observer for Silent {}

/// One throw of a game as it was played: who threw, the value, and the move it played
/// (`None`: no legal move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thrown {
    /// The side that threw.
    pub side: Side,
    /// The value thrown.
    pub value: u8,
    /// The throw's move.
    pub played: Option<Move>,
}

/// An observer keeping a game's throws in order: what a game record writes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Throws(pub Vec<Thrown>);

impl Observer for Throws {
    fn on_throw(&mut self, side: Side, value: u8, played: Option<&Move>, _: &Position) {
        self.0.push(Thrown {
            side,
            value,
            played: played.copied(),
        });
    }
}

impl GameSummary {
    /// Pawns hit, both sides.
    pub fn captures(&self) -> u32 {
        self.hits[0] + self.hits[1]
    }
}
