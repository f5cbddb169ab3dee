//! The game runner: one game from the opening to the last pawn borne off (or the turn cap).
//!
//! The rules are data and never change; everything that changes as the game goes on lives in
//! the runner's local state and the [`Position`].

use crate::board::{bit, Position, Side, FIRST_ROW, LAST_ROW, LAST_SQUARE, SECOND_ROW};
use crate::end::Ending;
use crate::movegen::{
    legal_moves_into, residual_moves_into, start_of_turn, uniform_move, Effects, Kind, Move,
    MoveList,
};
use crate::rules::{Rules, StartLayout, Starter};
use crate::strategy::{Asked, Strategy};
use crate::throws::{below, GameRng, Thrower};
use crate::turn::{after_throw, throws_again, Opening};

/// The position a game starts from (the starter is set by [`play_game`]).
pub fn start_position(rules: &Rules) -> Position {
    match rules.start {
        StartLayout::Alternate => {
            let mut p = Position::new(0, 0, Side::White);
            for i in 0..rules.pawns {
                p.pawns[0] |= bit(2 * i + 1);
                p.pawns[1] |= bit(2 * i + 2);
            }
            p
        }
        StartLayout::Empty => {
            let mut p = Position::new(0, 0, Side::White);
            p.waiting = [rules.pawns; 2];
            p
        }
    }
}

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

impl GameSummary {
    /// Pawns hit, both sides.
    pub fn captures(&self) -> u32 {
        self.hits[0] + self.hits[1]
    }
}

/// Counts a move of `side`.
#[inline(always)]
fn count(summary: &mut GameSummary, side: Side, mv: &Move) {
    summary.moves += mv.moves_a_pawn() as u32;
    summary.hits[side.other().index()] += mv.has(Effects::CAPTURE) as u32;
    summary.backward += mv.has(Effects::BACKWARD) as u32;
    summary.water += mv.has(Effects::WATER) as u32;
}

/// Plays one game. `strategies` is indexed by [`Side::index`]; throws come from `thrower` and
/// every other random choice (the starter, random strategies) from `decisions`.
// Always inlined, so that the runner's copy compiled for POPCNT and BMI1 covers the game loop.
#[inline(always)]
pub fn play_game<T: Thrower + ?Sized, O: Observer + ?Sized>(
    rules: &Rules,
    strategies: &mut [Box<dyn Strategy>; 2],
    thrower: &mut T,
    decisions: &mut GameRng,
    observer: &mut O,
) -> GameSummary {
    let mut pos = start_position(rules);
    let mut s = GameSummary::default();
    pos.to_move = match rules.starter {
        Starter::White => Side::White,
        Starter::Black => Side::Black,
        Starter::Random => [Side::White, Side::Black][below(decisions, 2)],
        Starter::HigherThrow => higher_throw(rules, thrower, observer, &mut s),
    };
    s.first = Some(pos.to_move);
    let mut opening = Opening::new(rules, pos.to_move);
    // A safety net against a turn of endless extra throws: far above anything a real game reaches.
    let max_throws = rules.max_turns.saturating_mul(50);
    if rules.max_turns == 0 {
        return s;
    }
    let mut moves = MoveList::new();
    let uniform = [strategies[0].is_uniform(), strategies[1].is_uniform()];
    // One flat loop over throws: a turn is the throws of one side until the hand passes
    // ([`after_throw`] decides).
    s.turns = 1;
    if begin_turn(rules, &mut pos, &mut s, observer) {
        return s;
    }
    if rules.opening_step {
        opening_step(rules, &mut pos, thrower, observer, &mut s);
    }
    loop {
        let side = pos.to_move;
        let value = if let (0, Some(first)) = (s.throws, rules.first_throw) {
            opening_throw_off(rules, first, thrower, observer, &mut s)
        } else {
            s.throws += 1;
            rules.throw_values[thrower.throw_marked() as usize]
        };
        opening.before_throw(rules, &mut pos);
        observer.before_throw(&pos, value);
        let mut played = if opening.may_play(rules, side, value) {
            pick(
                rules, &pos, value, strategies, uniform, decisions, &mut moves, observer,
            )
        } else {
            None
        };
        if let Some(mv) = played {
            pos = mv.after;
            count(&mut s, side, &mv);
            observer.on_throw(side, value, Some(&mv), &pos);
            if mv.left > 0 && rules.split_throws {
                let parts = Asked::LeftOver {
                    throw: value,
                    played: mv,
                };
                if rest_of_throw(
                    rules, &mut pos, parts, strategies, decisions, &mut moves, &mut s, observer,
                ) {
                    played = played.map(|m| m.with(m.effects() | Effects::BONUS));
                }
            } else if mv.left > 0 {
                residual(
                    rules,
                    &mut pos,
                    Asked::LeftOver {
                        throw: value,
                        played: mv,
                    },
                    strategies,
                    decisions,
                    &mut moves,
                    &mut s,
                    observer,
                );
            }
            if pos.finished(side) {
                let again = throws_again(rules, value, played.as_ref());
                if game_over(rules, &pos, side, again, &mut s) {
                    return s;
                }
            }
        } else {
            s.passes += 1;
            observer.on_throw(side, value, None, &pos);
        }
        opening.after_throw(side, played.as_ref());
        if s.throws >= max_throws {
            break;
        }
        let next = after_throw(rules, &mut pos, value, played.as_ref());
        // The turn cap, tested without a branch on the hand-over.
        let passed = !next.again as u32;
        if s.turns + passed > rules.max_turns {
            break;
        }
        s.turns += passed;
        if next.freed > 0 && freed(rules, &pos, &mut s, observer) {
            return s;
        }
    }
    s
}

/// Points left over after bearing off (`asked`): the side to move plays them with another pawn,
/// or keeps them ([`residual_moves_into`]).
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn residual<O: Observer + ?Sized>(
    rules: &Rules,
    pos: &mut Position,
    asked: Asked,
    strategies: &mut [Box<dyn Strategy>; 2],
    decisions: &mut GameRng,
    moves: &mut MoveList,
    s: &mut GameSummary,
    observer: &mut O,
) {
    let side = pos.to_move;
    let points = asked.points();
    residual_moves_into(rules, pos, points, moves);
    let chosen = (!moves.is_empty()).then(|| {
        let i = strategies[side.index()].choose(rules, pos, &asked, moves, decisions);
        observer.on_decision(side, &asked, pos, moves, i);
        moves[i]
    });
    if let Some(rv) = chosen {
        *pos = rv.after;
        count(s, side, &rv);
    }
    observer.on_residual(side, points, chosen.as_ref(), pos);
}

/// The rest of a split throw (`split_throws`; `asked`: the part just played): played part by
/// part, by any pawn, while a move exists. Returns whether a part ended on a bonus square (the
/// throw then gives another once played); stops when the side has no pawn left.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn rest_of_throw<O: Observer + ?Sized>(
    rules: &Rules,
    pos: &mut Position,
    mut asked: Asked,
    strategies: &mut [Box<dyn Strategy>; 2],
    decisions: &mut GameRng,
    moves: &mut MoveList,
    s: &mut GameSummary,
    observer: &mut O,
) -> bool {
    let side = pos.to_move;
    let mut bonus = false;
    while asked.points() > 0 && !pos.finished(side) {
        let points = asked.points();
        residual_moves_into(rules, pos, points, moves);
        let chosen = (!moves.is_empty()).then(|| {
            let i = strategies[side.index()].choose(rules, pos, &asked, moves, decisions);
            observer.on_decision(side, &asked, pos, moves, i);
            moves[i]
        });
        let Some(part) = chosen else {
            observer.on_residual(side, points, None, pos);
            break;
        };
        *pos = part.after;
        count(s, side, &part);
        bonus |= part.has(Effects::BONUS);
        observer.on_residual(side, points, Some(&part), pos);
        asked = Asked::LeftOver {
            throw: asked.throw(),
            played: part,
        };
    }
    bonus
}

/// A pawn borne off from 30 at the start of the side to move's turn: counted and reported.
/// Returns true when that won the game (the summary then names the winner).
#[inline(never)]
fn freed<O: Observer + ?Sized>(
    rules: &Rules,
    pos: &Position,
    s: &mut GameSummary,
    observer: &mut O,
) -> bool {
    let side = pos.to_move;
    s.moves += 1;
    observer.on_free_exit(side, pos);
    pos.finished(side) && game_over(rules, pos, side, false, s)
}

/// `side` has no pawn left in `pos` (`again`: the throw that did it gives another throw):
/// whether that ends the game, with the result written into the summary (`end`: the first side
/// out wins, or draws when its throw gives another; or the game goes on until both are out and
/// the side that bore off more wins).
#[cold]
fn game_over(rules: &Rules, pos: &Position, side: Side, again: bool, s: &mut GameSummary) -> bool {
    // Every hit removed a pawn under `all-out` (`validate`: "remove" is the capture that goes
    // with it).
    match crate::end::ending(rules, pos, side, again, s.hits) {
        None => return false,
        Some(Ending::Won(winner)) => s.winner = Some(winner),
        Some(Ending::Drawn) => s.draw = true,
    }
    true
}

/// `starter = "higher-throw"`: white throws, then black; black starts with a strictly higher
/// value. Both throws are counted with the game's throws and reported as opening throws.
#[cold]
#[inline(never)]
fn higher_throw<T: Thrower + ?Sized, O: Observer + ?Sized>(
    rules: &Rules,
    thrower: &mut T,
    observer: &mut O,
    s: &mut GameSummary,
) -> Side {
    let mut throw = || {
        let v = rules.throw_values[thrower.throw_marked() as usize];
        observer.on_opening_throw(v);
        v
    };
    let (white, black) = (throw(), throw());
    s.throws += 2;
    if black > white {
        Side::Black
    } else {
        Side::White
    }
}

/// The move the side to move's strategy makes with `value` (`None`: no legal move). A uniform
/// strategy's pick goes through [`uniform_move`], which makes the same choice with the same draw.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn pick<O: Observer + ?Sized>(
    rules: &Rules,
    pos: &Position,
    value: u8,
    strategies: &mut [Box<dyn Strategy>; 2],
    uniform: [bool; 2],
    decisions: &mut GameRng,
    moves: &mut MoveList,
    observer: &mut O,
) -> Option<Move> {
    let side = pos.to_move;
    if !O::DECISIONS && uniform[side.index()] {
        return uniform_move(rules, pos, value, decisions, moves);
    }
    legal_moves_into(rules, pos, value, moves);
    (!moves.is_empty()).then(|| {
        let asked = Asked::Throw(value);
        let i = strategies[side.index()].choose(rules, pos, &asked, moves, decisions);
        observer.on_decision(side, &asked, pos, moves, i);
        moves[i]
    })
}

/// The start of the first turn: a pawn resting on 30 may leave without a throw
/// (`free_exit_from_30`; later turns start in [`after_throw`]). Returns true when that won the
/// game.
#[inline]
fn begin_turn<O: Observer + ?Sized>(
    rules: &Rules,
    pos: &mut Position,
    s: &mut GameSummary,
    observer: &mut O,
) -> bool {
    rules.free_exit_from_30 && start_of_turn(rules, pos) > 0 && freed(rules, pos, s, observer)
}

/// The opening throw-off: throws until one shows `first_throw` (at most 10,000, in case the
/// device cannot produce it); every throw is counted and reported. Returns `first_throw`, the
/// value of the starter's first move.
fn opening_throw_off<T: Thrower + ?Sized, O: Observer + ?Sized>(
    rules: &Rules,
    first: u8,
    thrower: &mut T,
    observer: &mut O,
    s: &mut GameSummary,
) -> u8 {
    for _ in 0..10_000 {
        let value = rules.throw_values[thrower.throw_marked() as usize];
        s.throws += 1;
        s.opening += 1;
        if value == first {
            return value;
        }
        observer.on_opening_throw(value);
    }
    s.throws += 1;
    s.opening += 1;
    first
}

/// The throw-off and the opening step (`opening_step`): the throw-off's throw moves the
/// starter's front pawn, and the starter throws again. Kept out of line: inlined, its code
/// before the game loop cost the loop 4% of `bench` (register allocation).
#[inline(never)]
fn opening_step<T: Thrower + ?Sized, O: Observer + ?Sized>(
    rules: &Rules,
    pos: &mut Position,
    thrower: &mut T,
    observer: &mut O,
    s: &mut GameSummary,
) {
    let Some(first) = rules.first_throw else {
        return;
    };
    let value = opening_throw_off(rules, first, thrower, observer, s);
    if let Some(mv) = front_step(pos) {
        *pos = mv.after;
        count(s, pos.to_move, &mv);
        observer.on_throw(pos.to_move, value, Some(&mv), pos);
    }
}

/// The opening step (`opening_step`, Ludii's Kendall "MoveInFront"): the side to move's front
/// pawn steps one square on, if that square is empty. The starter then throws again.
pub fn front_step(pos: &Position) -> Option<Move> {
    let own = pos.side(pos.to_move);
    let front = 31 - own.leading_zeros() as u8;
    let to = front + 1;
    if own == 0 || to > LAST_SQUARE || pos.occupied() & bit(to) != 0 {
        return None;
    }
    let mut after = *pos;
    after.pawns[pos.to_move.index()] ^= bit(front) | bit(to);
    Some(Move::new(Kind::Step { from: front, to }, after))
}

/// Points of a won game in a series (`kendall`, rule 10): for each pawn the loser still has,
/// 1 on the exit row (none on a safe square there), 2 on the second row, 3 on the first row
/// or waiting to enter.
pub fn series_points(rules: &Rules, pos: &Position, loser: Side) -> u32 {
    let own = pos.side(loser);
    let exit_row = own & LAST_ROW & !rules.safe_squares.0;
    exit_row.count_ones()
        + 2 * (own & SECOND_ROW).count_ones()
        + 3 * ((own & FIRST_ROW).count_ones() + pos.waiting[loser.index()] as u32)
}
