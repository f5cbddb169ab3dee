//! Properties over random games of every variant (proptest): pawns are conserved, no square
//! holds two pawns, every generated move passes an independent check written with plain
//! arrays, the random player's shortcut (`uniform_move`) picks what a uniform draw over the
//! whole list picks, and the same seed replays the same game.

use crate::common::rules;
use proptest::prelude::*;
use senet_engine::board::{Position, Side, OFF};
use senet_engine::game::{play_game, start_position, GameSummary, Observer};
use senet_engine::movegen::{legal_moves, uniform_move, Effects, Kind, Move, MoveList};
use senet_engine::rules::{Capture, GameEnd, Rules};
use senet_engine::strategy::{Asked, RandomStrategy, Strategy};
use senet_engine::throws::{below, game_seed, stream, Device, GameRng, SeededThrower, Thrower};
use senet_engine::turn::{after_throw, Opening};
use senet_engine::variants::VARIANTS;

/// The board as an array: 0 empty, 1 white, 2 black (index = square).
fn board(p: &Position) -> [u8; 32] {
    let mut b = [0u8; 32];
    for s in 1..=30u8 {
        for side in [Side::White, Side::Black] {
            if p.side(side) & (1 << s) != 0 {
                assert_eq!(b[s as usize], 0, "square {s} holds two pawns");
                b[s as usize] = side.index() as u8 + 1;
            }
        }
    }
    b
}

fn off(rules: &Rules, p: &Position, side: Side) -> u8 {
    rules.pawns - p.in_play(side)
}

/// A second, independent statement of the movement rules, checked on one generated move.
fn check_move(rules: &Rules, before: &Position, whole: u8, m: &Move, list: &[Move]) {
    let me = before.to_move();
    // A split throw moves the pawn by a part, leaving the rest.
    let throw = if rules.split_throws {
        whole - m.left
    } else {
        whole
    };
    let (mine, theirs) = (me.index() as u8 + 1, me.other().index() as u8 + 1);
    let b = board(before);
    let a = board(&m.after);
    // Conservation: every pawn is on the board, waiting or off, and nobody's off count drops.
    for side in [Side::White, Side::Black] {
        assert!(m.after.in_play(side) <= rules.pawns);
        assert!(
            off(rules, &m.after, side) >= off(rules, before, side),
            "{side} got a pawn back"
        );
    }
    // A hit under `capture = "remove"` takes exactly one pawn out of the game; else none leaves.
    let removed = (rules.capture == Capture::Remove && m.has(Effects::CAPTURE)) as u8;
    assert!(
        m.after.in_play(me.other()) + removed == before.in_play(me.other()),
        "opponent lost a pawn"
    );
    if !m.moves_a_pawn() {
        assert_eq!(
            m.after.pawns(),
            before.pawns(),
            "a choice that moves no pawn moved one"
        );
        if matches!(m.kind(), Kind::Rethrow { .. }) {
            assert!(throw == 1 && rules.rethrow_square.is_some_and(|s| b[s as usize] == mine));
        }
        return;
    }
    let (from, to) = m.span();
    if matches!(m.kind(), Kind::Restart { .. }) && !m.has(Effects::WATER) {
        // A forced pawn with no move goes back among the waiting pawns, the only choice.
        assert!(rules.forced_or_restart && before.forced_square() == Some(from));
        assert_eq!(list.len(), 1);
        return;
    }
    if m.has(Effects::BOUNCE) {
        // 003: a move onto a taken 26, 28, 29 or 30 goes back by the throw, else into the water.
        let target = from + throw;
        assert!(rules.occupied_refuges.has(target) && b[target as usize] != 0);
        if m.has(Effects::WATER) {
            assert!(to != from - throw.min(from));
        } else {
            assert_eq!(to, from - throw, "bounce distance");
            assert_ne!(b[to as usize], mine, "bounced onto its own pawn");
        }
        return;
    }
    if m.has(Effects::HELD) && Some(from) == rules.water_square && to == 15 {
        // Ludii's Kendall: a pawn held in the water goes back to an empty 15, bound to move.
        assert_eq!(b[15], 0, "went back onto a taken 15");
        assert!(
            m.after.bound() && throw + from != 31,
            "the throw that bears off went back"
        );
        return;
    }
    if matches!(m.kind(), Kind::Enter { .. }) {
        assert!(before.waiting()[me.index()] > 0);
        assert!(rules.entry_values.is_empty() || rules.entry_values.has(throw));
        return;
    }
    assert_eq!(
        b[from as usize], mine,
        "moved from a square it does not hold"
    );
    let backward = m.has(Effects::BACKWARD);
    let landing = if backward {
        from - throw
    } else {
        (from + throw).min(31)
    };
    // The distance is the throw, unless an effect (water, the way to 30 of 003) moves it on.
    let free_to_30 = rules.free_exit_from_30 && to == 30 && (from == 28 || from == 29);
    if !m.has(Effects::WATER) && !free_to_30 && to != OFF {
        assert_eq!(to, landing, "distance");
    }
    // Backward only when no forward move exists (for this pawn, with `backward_per_pawn`).
    if backward {
        assert!(
            list.iter()
                .filter(|x| !rules.backward_per_pawn || x.from() == Some(from))
                .all(|x| (x.has(Effects::BACKWARD) || !x.moves_a_pawn())
                    && !x.has(Effects::BOUNCE)),
            "backward beside a forward move"
        );
    }
    // A pawn borne off onto 30 (kendall) leaves at once: it lands on nothing.
    let landing = if matches!(m.kind(), Kind::BearOff { .. }) {
        OFF
    } else {
        landing
    };
    // No pawn lands on its own side's pawn.
    if landing <= 30 && !free_to_30 {
        assert_ne!(b[landing as usize], mine, "landed on its own pawn");
    }
    // Landing on an opponent: not protected by a neighbour, not on a safe square.
    if landing <= 30 && b[landing as usize] == theirs {
        let l = landing as usize;
        assert!(rules.capture != senet_engine::rules::Capture::None);
        assert!(!rules.safe_squares.has(landing), "hit on a safe square");
        if rules.protection.any() {
            // A neighbour along the path protects; with "pairs-in-rows", only within a row.
            let rows = rules.protection == senet_engine::rules::Protection::PairsInRows;
            let protects = |n: usize| {
                (1..=30).contains(&n) && b[n] == theirs && (!rows || (n - 1) / 10 == (l - 1) / 10)
            };
            assert!(!protects(l - 1) && !protects(l + 1), "hit a protected pawn");
        }
        assert!(m.has(Effects::CAPTURE));
    }
    // No opponent run of three stands between the start and the landing square.
    if rules.blockade {
        let (lo, hi) = if backward {
            (landing, from)
        } else {
            (from, landing)
        };
        for s in lo + 1..hi.min(31) {
            let s = s as usize;
            let run = |x: usize| (x..x + 3).all(|y| (1..=30).contains(&y) && b[y] == theirs);
            assert!(
                !(s >= 2 && run(s - 2) || s >= 1 && run(s - 1) || run(s)),
                "crossed a wall at {s}"
            );
        }
    }
    // Checkpoints are never jumped going forward.
    if !backward {
        for c in from + 1..landing {
            assert!(!rules.checkpoints.has(c), "jumped checkpoint {c}");
        }
    }
    // The mover's pawn count on the board drops by one only when it exits or restarts.
    let gone = matches!(m.kind(), Kind::BearOff { .. } | Kind::Restart { .. });
    assert_eq!(
        a.iter().filter(|&&x| x == mine).count() + gone as usize,
        b.iter().filter(|&&x| x == mine).count()
    );
}

/// Plays a random game checking every list of moves; returns the number of moves checked.
fn checked_game(rules: &Rules, seed: u64, device: &Device) -> usize {
    let mut th = SeededThrower::new(device, seed);
    let mut rng = stream(seed, 2);
    let mut p = start_position(rules).with_to_move(if seed.is_multiple_of(2) {
        Side::White
    } else {
        Side::Black
    });
    let mut checked = 0;
    let mut opening = Opening::default();
    for _ in 0..3000 {
        let value = rules.throw_values[th.throw_marked() as usize];
        // The opening pawn (kendall, tejon, passage) until the side has moved, as in a game.
        opening.before_throw(rules, &mut p);
        let list = legal_moves(rules, &p, value);
        for m in &list {
            check_move(rules, &p, value, m, &list);
            checked += 1;
        }
        // The random player's shortcut makes the same choice with the same single draw.
        let mut shortcut_rng = rng.clone();
        let shortcut = uniform_move(rules, &p, value, &mut shortcut_rng, &mut MoveList::new());
        let picked = (!list.is_empty()).then(|| list[below(&mut rng, list.len())]);
        assert_eq!(shortcut, picked, "uniform_move in {p:?} with {value}");
        assert!(
            shortcut_rng == rng,
            "uniform_move drew a different number of times"
        );
        opening.after_throw(p.to_move(), picked.as_ref());
        if let Some(m) = picked {
            p = m.after;
        }
        let out = [Side::White, Side::Black].map(|x| p.finished(x));
        let over = match rules.end {
            GameEnd::FirstOut | GameEnd::FirstOutDrawOnExtra => out[0] || out[1],
            GameEnd::AllOut => out[0] && out[1],
        };
        if over {
            break;
        }
        if after_throw(rules, &mut p, value, picked.as_ref()).freed > 0 && p.finished(p.to_move()) {
            break;
        }
    }
    checked
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_generated_move_is_legal(seed in any::<u64>(), variant in 0..VARIANTS.len(), sticks in 0.2f64..0.8) {
        let r = rules(VARIANTS[variant].id);
        let n = checked_game(&r, seed, &Device::Sticks { p_marked: sticks });
        prop_assert!(n > 0);
    }

    #[test]
    fn the_same_seed_replays_the_same_game(seed in any::<u64>(), variant in 0..VARIANTS.len()) {
        let r = rules(VARIANTS[variant].id);
        let run = || {
            let s = game_seed(seed, 0, 0);
            let mut st: [Box<dyn Strategy>; 2] = [Box::new(RandomStrategy), Box::new(RandomStrategy)];
            let mut trace = Trace::default();
            let summary = play_game(&r, &mut st, &mut SeededThrower::new(&Device::Coins, s), &mut stream(s, 2), &mut trace);
            (summary, trace.0)
        };
        let (a, ta) = run();
        let (b, tb) = run();
        prop_assert_eq!(a, b);
        prop_assert_eq!(ta, tb);
        prop_assert!(finished_or_capped(&r, &a));
    }
}

/// `random` without the shortcut: its own `choose` over the whole list of legal moves.
struct ListRandom;
impl Strategy for ListRandom {
    fn choose(
        &mut self,
        rules: &Rules,
        pos: &Position,
        asked: &Asked,
        moves: &[Move],
        rng: &mut GameRng,
    ) -> usize {
        RandomStrategy.choose(rules, pos, asked, moves, rng)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_play_is_the_same_with_and_without_the_shortcut(seed in any::<u64>(), variant in 0..VARIANTS.len()) {
        let r = rules(VARIANTS[variant].id);
        let s = game_seed(seed, 0, 0);
        let play = |st: &mut [Box<dyn Strategy>; 2]| {
            let mut trace = Trace::default();
            let summary = play_game(&r, st, &mut SeededThrower::new(&Device::Coins, s), &mut stream(s, 2), &mut trace);
            (summary, trace.0)
        };
        let shortcut = play(&mut [Box::new(RandomStrategy), Box::new(RandomStrategy)]);
        let list = play(&mut [Box::new(ListRandom), Box::new(ListRandom)]);
        prop_assert!(RandomStrategy.is_uniform() && !ListRandom.is_uniform());
        prop_assert_eq!(shortcut, list);
    }
}

/// One throw of a trace: side, value, (from, to) of the move, bitboards after.
type TraceLine = (Side, u8, Option<(u8, u8)>, [u32; 2]);

#[derive(Default)]
struct Trace(Vec<TraceLine>);
impl Observer for Trace {
    fn on_throw(&mut self, side: Side, value: u8, chosen: Option<&Move>, after: &Position) {
        self.0
            .push((side, value, chosen.map(|m| m.span()), after.pawns()));
    }
}

fn finished_or_capped(r: &Rules, s: &GameSummary) -> bool {
    s.winner.is_some() || (s.draw && r.end.can_draw()) || s.turns == r.max_turns
}
