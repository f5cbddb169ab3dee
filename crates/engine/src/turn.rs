//! The turn: what happens after a throw. Every loop that plays throws (the game runner, the
//! look-ahead of `expectimax`, the playouts of `rollout`, the tests and the benchmarks) decides
//! who throws next here, so that a rule of the turn is one edit.
//!
//! The seeds agree that a throw that cannot be played passes the turn, whatever its value:
//! 000 "Si, malgré cela, aucun mouvement n'est possible, la personne passe son tour"; 001 "S'il
//! ne peut jouer aucun pion, il passe son tour"; 002 "En cas d'impossibilité de jouer, on passe
//! la main à l'adversaire"; 003 "se non è possibile muovere in avanti o all'indietro, il turno
//! finisce e passa all'altro giocatore"; 004 "Se conserva el turno tras obtener 1,4 ó 6 y mover
//! un peón".

use crate::board::{Position, Side};
use crate::end::{ending, Ending};
use crate::movegen::{
    legal_moves_into, residual_moves_into, start_of_turn, Effects, Move, MoveList,
};
use crate::rules::Rules;

/// A decision of the side to move while it plays a throw: the throw's own move, or the points a
/// move left over. The turn's one step: [`Asked::choices_into`] lists the choices and
/// [`Asked::after`] says where each leads (another decision, or the throw played); the game,
/// the solver's backup, the look-ahead players and the exact lengths all step through it.
/// Passed to a strategy explicitly, so that no strategy keeps state between calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// How to play a throw of this value.
    Throw(u8),
    /// How to use `left` points left over after `played`, the move of a throw of `throw`: one
    /// of the moves of that many points, or keeping them (`residual_points`); with
    /// `split_throws`, the rest of the throw, part after part (no keeping).
    LeftOver {
        /// The value thrown.
        throw: u8,
        /// The move that played the throw, with a split throw's bonus once a part earned it:
        /// the move that decides whether the hand is kept ([`throws_again`]).
        played: Move,
        /// The points to play.
        left: u8,
    },
}

/// Where a choice leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Another decision of the same side in the same throw: points left over.
    Decide(Asked),
    /// The throw is played, with this move (`None`: it passed); [`settle`] says what follows.
    Played(Option<Move>),
}

impl Asked {
    /// The value thrown.
    #[inline]
    pub fn throw(&self) -> u8 {
        match *self {
            Asked::Throw(v) | Asked::LeftOver { throw: v, .. } => v,
        }
    }

    /// The number of points to play: the throw, or the points left over.
    #[inline]
    pub fn points(&self) -> u8 {
        match *self {
            Asked::Throw(v) => v,
            Asked::LeftOver { left, .. } => left,
        }
    }

    /// The choices of this decision in `pos` (empty: [`Asked::pass`] is the only step).
    #[inline(always)]
    pub fn choices_into(&self, rules: &Rules, pos: &Position, out: &mut MoveList) {
        match *self {
            Asked::Throw(v) => legal_moves_into(rules, pos, v, out),
            Asked::LeftOver { left, .. } => residual_moves_into(rules, pos, left, out),
        }
    }

    /// Where `side` stands once it chose `mv`, one of the choices: points left over wait for
    /// their choice (after bearing off with `residual_points`, and offered even with no pawn
    /// left: keeping them is a choice; a split throw's rest while points and pawns are left),
    /// or the throw is played.
    #[inline(always)]
    pub fn after(self, rules: &Rules, side: Side, mv: &Move) -> Step {
        match self {
            Asked::Throw(throw) => {
                if mv.left > 0 && !(rules.split_throws && mv.after.finished(side)) {
                    Step::Decide(Asked::LeftOver {
                        throw,
                        played: *mv,
                        left: mv.left,
                    })
                } else {
                    Step::Played(Some(*mv))
                }
            }
            Asked::LeftOver { throw, played, .. } => part_after(rules, side, throw, played, mv),
        }
    }

    /// [`Asked::after`] for a look-ahead: the next decision's choices are written into `out`,
    /// and a decision that lists none is passed at once ([`Asked::pass`]: the points kept), as
    /// the game passes it. So `Step::Decide` always comes with at least one choice in `out`.
    #[inline(always)]
    pub fn follow(self, rules: &Rules, side: Side, mv: &Move, out: &mut MoveList) -> Step {
        match self.after(rules, side, mv) {
            Step::Decide(next) => {
                next.choices_into(rules, &mv.after, out);
                if out.is_empty() {
                    Step::Played(next.pass())
                } else {
                    Step::Decide(next)
                }
            }
            played => played,
        }
    }

    /// No choice is listed: the throw passes, or the points left over are kept.
    #[inline(always)]
    pub fn pass(self) -> Option<Move> {
        match self {
            Asked::Throw(_) => None,
            Asked::LeftOver { played, .. } => Some(played),
        }
    }
}

/// A use of points left over, `mv`: a split throw's part that lands on a bonus square gives
/// the throw its bonus, and its rest is the next part while points and pawns are left.
#[cold]
fn part_after(rules: &Rules, side: Side, throw: u8, played: Move, mv: &Move) -> Step {
    if !rules.split_throws {
        return Step::Played(Some(played));
    }
    let played = if mv.has(Effects::BONUS) {
        played.with(played.effects() | Effects::BONUS)
    } else {
        played
    };
    if mv.left > 0 && !mv.after.finished(side) {
        Step::Decide(Asked::LeftOver {
            throw,
            played,
            left: mv.left,
        })
    } else {
        Step::Played(Some(played))
    }
}

/// Where a throw fully played leads ([`settle`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settled {
    /// The game is over.
    Over(Ending),
    /// The game goes on from this position (the hand kept or passed, the next turn's free exit
    /// applied).
    Next(Position, Next),
}

/// Whether `side`, having played its throw of `value` with `played` (`None`: it passed) and
/// standing in `pos`, has no pawn left and that ends the game ([`ending`]; `removed`: the pawns
/// each side lost to captures).
#[inline(always)]
pub(crate) fn throw_ending(
    rules: &Rules,
    pos: &Position,
    side: Side,
    value: u8,
    played: Option<&Move>,
    removed: [u32; 2],
) -> Option<Ending> {
    if !pos.finished(side) {
        return None;
    }
    ending(
        rules,
        pos,
        side,
        throws_again(rules, value, played),
        removed,
    )
}

/// Whether the pawns freed at the start of the new side to move's turn (`next`, what
/// [`after_throw`] returned for `pos`) took its last pawn off and ended the game.
#[inline(always)]
pub(crate) fn freed_ending(
    rules: &Rules,
    pos: &Position,
    next: Next,
    removed: [u32; 2],
) -> Option<Ending> {
    if next.freed == 0 || !pos.finished(pos.to_move) {
        return None;
    }
    ending(rules, pos, pos.to_move, false, removed)
}

/// What follows a throw of `value` that `side` played with `played` (`None`: it passed), now
/// standing in `after`: the end of the game (`throw_ending`), or the hand kept or passed
/// ([`after_throw`]) and the next turn's free exit, which may end it (`freed_ending`). The
/// game adds its counters and caps between these steps; the look-aheads take them together.
#[inline(always)]
pub fn settle(
    rules: &Rules,
    after: Position,
    side: Side,
    value: u8,
    played: Option<&Move>,
    removed: [u32; 2],
) -> Settled {
    if let Some(end) = throw_ending(rules, &after, side, value, played, removed) {
        return Settled::Over(end);
    }
    let mut pos = after;
    let next = after_throw(rules, &mut pos, value, played);
    match freed_ending(rules, &pos, next, removed) {
        Some(end) => Settled::Over(end),
        None => Settled::Next(pos, next),
    }
}

/// What follows a throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Next {
    /// The side that threw throws again (the hand did not pass).
    pub again: bool,
    /// Pawns the new side to move bore off at the start of its turn (`free_exit_from_30`).
    pub freed: u8,
}

/// Whether the side that threw `value` throws again, having played `played` (`None`: the throw
/// could not be played). A played throw of an extra-throw value, a move onto a replay square
/// and `passage`'s re-throw keep the hand (a move of a pawn held in the water or back from it
/// gives none: Ludii's Kendall); a throw that could not be played passes it, unless the rule
/// set keeps the old reading (`extra_throw_without_move`).
#[inline(always)]
pub fn throws_again(rules: &Rules, value: u8, played: Option<&Move>) -> bool {
    // `|` and `&`, not `||` and `&&`: no branch on `extra`, a coin flip.
    let extra = rules.gives_extra_throw(value);
    match played {
        Some(m) => {
            (extra & !m.has(Effects::HELD))
                | m.has_or_rethrow(Effects(Effects::REPLAY.0 | Effects::BONUS.0))
        }
        None => extra & rules.extra_throw_without_move,
    }
}

/// After a throw of `value` by the side to move of `pos` (already the position after `played`
/// and its residual points): keeps the hand, or hands the turn to the other side: nothing stays
/// forced, and the effects at the start of its turn are applied (a pawn resting on 30 leaves
/// with `free_exit_from_30`; [`Next::freed`] counts them).
// Branch-free hand-over: whether a throw gives another one is a coin flip that a branch
// would mispredict on every other throw.
#[inline(always)]
pub fn after_throw(rules: &Rules, pos: &mut Position, value: u8, played: Option<&Move>) -> Next {
    let again = throws_again(rules, value, played);
    pos.forced = if again { pos.forced } else { None };
    pos.to_move = if again {
        pos.to_move
    } else {
        pos.to_move.other()
    };
    // The rule tested alone first: with `rules.free_exit_from_30 && !again`, the compiler
    // tested `again` first (in a register already), a branch on the coin flip at every throw.
    // The free exit is found even when the hand is kept (and then dropped), so that no test
    // of `again` can be moved ahead of the rule's.
    let freed = if rules.free_exit_from_30 {
        // On a copy, written back: the position's address stays out of the call.
        let mut copy = *pos;
        let freed = start_of_turn(rules, &mut copy);
        if !again {
            *pos = copy;
        }
        freed * !again as u8
    } else {
        0
    };
    Next { again, freed }
}

/// The rules of the opening that last beyond the first throw, held by the game runner: the
/// opening pawn (`first_pawn_white`, `first_pawn_black`: a side's first move must use that pawn
/// if it can) and the starting throw (`start_value`: the side that does not start plays nothing
/// until it throws that value).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    moved: [bool; 2],
    /// The side still waiting for its starting throw.
    unstarted: Option<Side>,
}

impl Opening {
    /// The opening of a game that `starter` begins.
    pub fn new(rules: &Rules, starter: Side) -> Opening {
        Opening {
            moved: [false; 2],
            unstarted: rules.start_value.map(|_| starter.other()),
        }
    }

    /// An opening whose rules are spent: both sides have moved and started.
    pub fn spent() -> Opening {
        Opening {
            moved: [true; 2],
            unstarted: None,
        }
    }

    /// Whether `side` may play its throw of `value` (false: the throw passes). The starting
    /// throw is spent when it shows (Ludii's `"SetStartingThrow"` sets it as the roll is made).
    #[inline(always)]
    pub(crate) fn may_play(&mut self, rules: &Rules, side: Side, value: u8) -> bool {
        if self.unstarted != Some(side) {
            return true;
        }
        self.start(rules, value)
    }

    #[cold]
    fn start(&mut self, rules: &Rules, value: u8) -> bool {
        let started = rules.start_value == Some(value);
        if started {
            self.unstarted = None;
        }
        started
    }

    /// Before a throw: forces the side to move's opening pawn while it has not moved.
    #[inline(always)]
    pub fn before_throw(&self, rules: &Rules, pos: &mut Position) {
        let side = pos.to_move;
        if !self.moved[side.index()] && rules.first_pawn(side).is_some() {
            pos.force(rules.first_pawn(side));
        }
    }

    /// After `side` played `played`: a move of a pawn spends the rule (a choice that moves no
    /// pawn, such as a re-throw, does not).
    #[inline(always)]
    pub fn after_throw(&mut self, side: Side, played: Option<&Move>) {
        if let Some(m) = played {
            self.moved[side.index()] |= m.moves_a_pawn();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::bits_of;
    use crate::movegen::legal_moves;
    use crate::rules::RuleSet;

    fn tejon_position() -> Position {
        let white = bits_of(&[5, 7, 14, 15, 16]).unwrap();
        let black = bits_of(&[8, 9, 17, 18, 19]).unwrap();
        Position::new(white, black, Side::White)
    }

    #[test]
    fn an_unplayable_extra_throw_passes_the_hand() {
        // 004, figure 5: black on 26, 28, 29 throws 6: "ningún peón negro puede avanzar ni
        // retroceder, por lo que se pierde el turno".
        let rules = Rules::preset("tejon").unwrap();
        let white = bits_of(&[22, 23, 25]).unwrap();
        let black = bits_of(&[26, 28, 29]).unwrap();
        let mut pos = Position::new(white, black, Side::Black);
        assert!(legal_moves(&rules, &pos, 6).is_empty());
        let next = after_throw(&rules, &mut pos, 6, None);
        assert_eq!(
            next,
            Next {
                again: false,
                freed: 0
            }
        );
        assert_eq!(pos.to_move, Side::White);
        // The old reading, kept as an option, keeps the hand.
        let old = RuleSet {
            extra_throw_without_move: true,
            ..rules.into_set()
        }
        .check()
        .unwrap();
        let mut pos = Position::new(white, black, Side::Black);
        assert!(after_throw(&old, &mut pos, 6, None).again);
        assert_eq!(pos.to_move, Side::Black);
    }

    #[test]
    fn a_played_throw_keeps_the_hand_on_its_extra_values_only() {
        let rules = Rules::preset("tejon").unwrap();
        let pos = tejon_position();
        for (value, again) in [(1, true), (2, false), (3, false), (4, true), (6, true)] {
            let mv = legal_moves(&rules, &pos, value)[0];
            let mut after = mv.after;
            let next = after_throw(&rules, &mut after, value, Some(&mv));
            assert_eq!(next.again, again, "throw {value}");
            assert_eq!(after.to_move == Side::White, again, "throw {value}");
        }
    }

    #[test]
    fn the_opening_pawn_binds_until_a_pawn_moves() {
        let rules = Rules::preset("tejon").unwrap();
        let mut opening = Opening::default();
        let mut pos = tejon_position();
        opening.before_throw(&rules, &mut pos);
        assert_eq!(
            pos.forced_square(),
            Some(9),
            "white's first move uses the pawn on 9"
        );
        let mv = legal_moves(&rules, &pos, 2)[0];
        opening.after_throw(Side::White, Some(&mv));
        let mut later = tejon_position();
        opening.before_throw(&rules, &mut later);
        assert_eq!(later.forced, None);
    }
}
