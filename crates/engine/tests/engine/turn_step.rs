//! The turn defined once: over random rule sets and positions, every way through a throw that
//! the turn's step enumerates ([`Asked::after`] and [`settle`], as `expectimax`, `rollout` and
//! the exact lengths walk it) is what stepping a [`GameState`] reaches, in the same order, and
//! the solver's [`throw_outcomes`] lists the same outcomes.

use crate::legality::{position, position_draws, rule_sets};
use proptest::prelude::*;
use senet_engine::board::{Position, Side};
use senet_engine::end::Ending;
use senet_engine::movegen::{Effects, Move, MoveList};
use senet_engine::observe::Silent;
use senet_engine::rules::{GameEnd, Rules};
use senet_engine::solve::backup::{throw_outcomes, Outcome};
use senet_engine::state::{GameState, Phase};
use senet_engine::turn::{settle, Asked, Settled, Step};

/// Where a throw fully played leaves the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reached {
    Over(Ending),
    Next(Position),
}

/// Every way through a throw of `value` in `pos`, by the game: a state taken up at `pos`
/// throws, then each listed choice is played on a copy (or the pass when none is listed) until
/// the game waits for a throw again or is over.
fn by_the_game(rules: &Rules, pos: Position, value: u8) -> Vec<Reached> {
    let mut state = GameState::at(rules, pos);
    state.throw(rules, value, &mut Silent);
    let mut out = Vec::new();
    walk_game(rules, state, &mut out);
    out
}

fn walk_game(rules: &Rules, state: GameState, out: &mut Vec<Reached>) {
    match state.phase() {
        Phase::Throw => return out.push(Reached::Next(*state.position())),
        Phase::Over => {
            let s = state.summary();
            let end = match s.winner {
                Some(w) => Ending::Won(w),
                None => {
                    assert!(s.draw, "a game stopped without an end: {s:?}");
                    Ending::Drawn
                }
            };
            return out.push(Reached::Over(end));
        }
        _ => {}
    }
    let mut moves = MoveList::new();
    state.moves_into(rules, &mut moves);
    if moves.is_empty() {
        let mut next = state;
        next.pass(rules, &mut Silent).unwrap();
        return walk_game(rules, next, out);
    }
    for mv in moves.iter() {
        let mut next = state;
        next.play(rules, mv, &mut Silent).unwrap();
        walk_game(rules, next, out);
    }
}

/// Every way through a throw of `value` in `pos`, by the turn's step alone.
fn by_the_step(rules: &Rules, pos: Position, value: u8) -> Vec<Reached> {
    let mut out = Vec::new();
    walk_step(rules, pos, Asked::Throw(value), [0, 0], &mut out);
    out
}

fn walk_step(
    rules: &Rules,
    pos: Position,
    asked: Asked,
    removed: [u32; 2],
    out: &mut Vec<Reached>,
) {
    let side = pos.to_move();
    let reached = |after: Position, played: Option<&Move>, removed| match settle(
        rules,
        after,
        side,
        asked.throw(),
        played,
        removed,
    ) {
        Settled::Over(end) => Reached::Over(end),
        Settled::Next(next, _) => Reached::Next(next),
    };
    let mut moves = MoveList::new();
    asked.choices_into(rules, &pos, &mut moves);
    if moves.is_empty() {
        return out.push(reached(pos, asked.pass().as_ref(), removed));
    }
    for mv in moves.iter() {
        let mut removed = removed;
        removed[side.other().index()] += mv.has(Effects::CAPTURE) as u32;
        match asked.after(rules, side, mv) {
            Step::Decide(next) => walk_step(rules, mv.after, next, removed, out),
            Step::Played(played) => out.push(reached(mv.after, played.as_ref(), removed)),
        }
    }
}

/// The solver's outcomes of a throw, as [`Reached`] (the solver refuses `all-out`, whose score
/// is not in a position).
fn by_the_solver(rules: &Rules, pos: &Position, value: u8) -> Vec<Reached> {
    let mover = pos.to_move();
    let mut out = Vec::new();
    let mut scratch = MoveList::new();
    throw_outcomes(rules, pos, value, &mut scratch, &mut |_, o| {
        out.push(match o {
            Outcome::Won => Reached::Over(Ending::Won(mover)),
            Outcome::Lost => Reached::Over(Ending::Won(mover.other())),
            Outcome::Drawn => Reached::Over(Ending::Drawn),
            Outcome::Next(next) => Reached::Next(next),
        })
    });
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3_000, max_local_rejects: 1 << 20, ..ProptestConfig::default() })]

    /// Each throw value of random rule sets, in a random position of each (no side finished).
    #[test]
    fn every_look_ahead_reaches_what_the_game_reaches(
        rules in rule_sets(),
        draws in position_draws(),
    ) {
        // The turn cap is the game's counter, not the turn's: set far away.
        let rules = rules.with(|s| s.max_turns = 10_000).unwrap();
        let pos = position(&rules, draws);
        prop_assume!(!pos.finished(Side::White) && !pos.finished(Side::Black));
        for v in rules.possible_values() {
            let game = by_the_game(&rules, pos, v);
            prop_assert_eq!(&by_the_step(&rules, pos, v), &game, "throw {} in {:?}", v, pos);
            if rules.end != GameEnd::AllOut {
                prop_assert_eq!(&by_the_solver(&rules, &pos, v), &game, "throw {} in {:?}", v, pos);
            }
        }
    }
}

/// The reading the step fixed: in `empty-board` a 6 that bears a pawn off from 26 with 1
/// point left over keeps the hand (the throw decides, not the point left, which the
/// look-aheads used to value as a throw of 1 that passes), whether the point is used (12 to 13)
/// or kept; the three readings agree.
#[test]
fn points_left_over_keep_the_hand_the_throw_gives() {
    let rules = senet_engine::variants::Variant::EMPTY_BOARD.rules();
    let pos = crate::common::pos(&[26, 12], &[1], Side::White);
    let game = by_the_game(&rules, pos, 6);
    let kept = |r: &Reached| matches!(r, Reached::Next(p) if p.to_move() == Side::White);
    assert!(game.iter().all(kept), "{game:?}");
    let used = game
        .iter()
        .any(|r| matches!(r, Reached::Next(p) if p.square_list(Side::White) == vec![13]));
    assert!(used, "{game:?}");
    assert_eq!(by_the_step(&rules, pos, 6), game);
    assert_eq!(by_the_solver(&rules, &pos, 6), game);
}
