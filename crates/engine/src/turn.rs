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
use crate::movegen::{start_of_turn, Effects, Move};
use crate::rules::Rules;

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

    /// Whether `side` may play its throw of `value` (false: the throw passes). The starting
    /// throw is spent when it shows (Ludii's `"SetStartingThrow"` sets it as the roll is made).
    #[inline(always)]
    pub fn may_play(&mut self, rules: &Rules, side: Side, value: u8) -> bool {
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
