use super::*;
use crate::board::Side;
use crate::movegen::Shared;
use crate::rules::{RuleSet, Rules};
use crate::throws::{throw_table, Device};
use crate::variants::Variant;

/// The outcomes of `pos` as the game's own step gives them, numbered one next position at a
/// time: what [`successors`] must give.
fn by_the_game(sweep: &Sweep, pos: &Position) -> Vec<(bool, bool, Successor)> {
    let mut out = Vec::new();
    successors_by_the_game(sweep, pos, &mut |throw, first, s| {
        out.push((throw, first, s))
    });
    out
}

fn found(sweep: &Sweep, pos: &Position) -> Vec<(bool, bool, Successor)> {
    let mut out = Vec::new();
    successors(sweep, pos, &mut |throw, first, s| {
        out.push((throw, first, s))
    });
    out
}

/// Checks every `step`-th position of `rules` (both copies, with and without BMI2, where the
/// processor has it); returns how many outcomes were plain steps' and how many in all.
fn check(rules: &Rules, step: usize) -> (usize, usize) {
    let index = StateIndex::new(rules).unwrap();
    let throws = throw_table(rules, &Device::Coins);
    let sweep = Sweep {
        rules,
        throws: &throws,
        index: &index,
        race: true,
    };
    let (mut plain, mut all) = (0, 0);
    for i in (0..index.len()).step_by(step) {
        let pos = index.position(i);
        let want = by_the_game(&sweep, &pos);
        assert_eq!(found(&sweep, &pos), want, "{:?} index {i}", pos);
        let mut portable = Vec::new();
        successors_by::<false, 0>(&sweep, &pos, &mut |t, f, s| portable.push((t, f, s)));
        assert_eq!(portable, want, "{:?} index {i}, portable", pos);
        // Ranks by 4 rounds, as the copy for 4 pawns takes them, hold for fewer pawns too.
        let mut rounds = Vec::new();
        successors_by::<false, 4>(&sweep, &pos, &mut |t, f, s| rounds.push((t, f, s)));
        assert_eq!(rounds, want, "{:?} index {i}, ranks by 4 rounds", pos);
        all += want.len();
        plain += plain_steps(&sweep, &pos);
    }
    (plain, all)
}

/// The outcomes of `pos` that are plain steps.
fn plain_steps(sweep: &Sweep, pos: &Position) -> usize {
    let mut rest = MoveList::new();
    let framed = sweep.index.frame(pos).is_some() && !sweep.rules.free_exit_from_30;
    sweep
        .throws
        .iter()
        .filter_map(|&(v, _)| {
            framed
                .then(|| {
                    split_moves_into(sweep.rules, pos, Shared::of(sweep.rules, pos), v, &mut rest)
                })
                .flatten()
        })
        .map(|plain| plain.count_ones() as usize)
        .sum()
}

/// Every position of every variant the solver takes, with 1 and 2 pawns a side: the outcomes
/// found by plain steps are those of the game's own step, index for index, flag for flag.
#[test]
fn plain_steps_number_the_outcomes_of_the_game_s_own_step() {
    let (mut plain, mut all, mut variants) = (0, 0, 0);
    for variant in Variant::all() {
        for k in 1..=2 {
            let rules = RuleSet {
                pawns: k,
                ..variant.rules().into_set()
            }
            .check()
            .unwrap();
            if StateIndex::new(&rules).is_err() {
                continue;
            }
            let (p, a) = check(&rules, 1);
            plain += p;
            all += a;
            variants += 1;
        }
    }
    assert!(variants > 10, "{variants} rule sets checked");
    // Half the outcomes go by plain steps (5,600,739 of 11,315,789): the fast way is taken.
    assert!(
        plain * 5 > all * 2,
        "{plain} of {all} outcomes by plain steps"
    );
}

/// `tejon` with 3 pawns: one position in 61, white to move and black to move.
#[test]
fn plain_steps_number_tejon_s_three_pawn_game() {
    let rules = RuleSet {
        pawns: 3,
        ..Variant::TEJON.rules().into_set()
    }
    .check()
    .unwrap();
    let (plain, all) = check(&rules, 61);
    // 2,609,989 of 2,705,543 outcomes (96%) by plain steps.
    assert!(
        plain * 10 > all * 9,
        "{plain} of {all} outcomes by plain steps"
    );
    // The side to move numbered as "me": black to move finds the same outcomes.
    let index = StateIndex::new(&rules).unwrap();
    let throws = throw_table(&rules, &Device::Coins);
    let sweep = Sweep {
        rules: &rules,
        throws: &throws,
        index: &index,
        race: true,
    };
    for i in (0..index.len()).step_by(997) {
        let mut black = index.position(i);
        black.pawns.swap(0, 1);
        black.waiting.swap(0, 1);
        black.to_move = Side::Black;
        assert_eq!(found(&sweep, &black), by_the_game(&sweep, &black));
    }
}
