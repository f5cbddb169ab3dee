//! The compact actions name each choice once: over random rule sets and positions, at every
//! decision a throw reaches (its own move, then points left over part after part), the listed
//! choices have distinct actions, all below [`ACTIONS`], and each action's square is where its
//! pawn stands.

use crate::legality::{position, position_draws, rule_sets};
use proptest::prelude::*;
use senet_engine::board::{Position, Side};
use senet_engine::encode::{Actions, ACTIONS};
use senet_engine::movegen::{Kind, MoveList};
use senet_engine::rules::Rules;
use senet_engine::turn::{Asked, Step};

/// Checks every decision reachable from `asked` in `pos`; returns the decisions seen.
fn check(rules: &Rules, pos: Position, asked: Asked) -> Result<usize, TestCaseError> {
    let side = pos.to_move();
    let mut moves = MoveList::new();
    asked.choices_into(rules, &pos, &mut moves);
    let actions = Actions::of(rules);
    prop_assert!(actions.len() <= ACTIONS);
    let seen: Vec<u8> = moves
        .iter()
        .map(|mv| actions.of_move(&pos, &asked, mv))
        .collect();
    for (mv, &a) in moves.iter().zip(&seen) {
        prop_assert!(usize::from(a) < actions.len(), "{:?} gave {}", mv, a);
        let square = match mv.kind() {
            Kind::Step { from, .. } | Kind::Restart { from } | Kind::BearOff { from } => from,
            Kind::Enter { .. } => 0,
            Kind::KeepPoints => {
                prop_assert!(
                    matches!(asked, Asked::LeftOver { .. }),
                    "kept points at a throw"
                );
                continue;
            }
            _ => continue,
        };
        if square > 0 {
            prop_assert!(
                pos.side(side) & (1 << square) != 0,
                "no pawn of the mover on {}",
                square
            );
        }
        if !rules.split_throws && a < 62 {
            prop_assert_eq!(a % 31, square, "{:?}", mv);
        }
    }
    // Two choices with one action are the same choice listed twice (water that returns a
    // pawn to where it would stay).
    for (i, a) in moves.iter().enumerate() {
        for (j, b) in moves.iter().enumerate().skip(i + 1) {
            prop_assert!(
                seen[i] != seen[j] || a == b,
                "{:?} and {:?} share {} in {:?}",
                a,
                b,
                seen[i],
                pos
            );
        }
    }
    let mut decisions = 1;
    for mv in moves.iter() {
        if let Step::Decide(next) = asked.after(rules, side, mv) {
            decisions += check(rules, mv.after, next)?;
        }
    }
    Ok(decisions)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3_000, max_local_rejects: 1 << 20, ..ProptestConfig::default() })]

    /// Each throw value of random rule sets, in a random position of each (no side finished).
    #[test]
    fn every_choice_has_its_own_action(rules in rule_sets(), draws in position_draws()) {
        let pos = position(&rules, draws);
        prop_assume!(!pos.finished(Side::White) && !pos.finished(Side::Black));
        for v in rules.possible_values() {
            check(&rules, pos, Asked::Throw(v))?;
        }
    }
}
