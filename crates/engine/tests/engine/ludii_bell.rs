//! `ludii-bell` (Ludii's `Senet.lud`, ruleset "Bell (Suggested)"), each test quoting the
//! ludemes it checks.

use crate::common::*;
use senet_engine::board::Side::{self, Black, White};
use senet_engine::board::{Position, OFF};
use senet_engine::game::{play_game, start_position, Observer};
use senet_engine::movegen::legal_moves;
use senet_engine::movegen::{Effects, Kind, Move};
use senet_engine::rules::{RuleSet, Rules};
use senet_engine::solve::backup::{outcome, Outcome};
use senet_engine::strategy::{RandomStrategy, Strategy};
use senet_engine::throws::{game_seed, stream, Device, SeededThrower};

fn lb() -> Rules {
    rules("ludii-bell")
}

#[test]
fn ten_pawns_on_1_to_20() {
    // "(place "SenetPiece1" (sites {"A3" "C3" "E3" "G3" "I3" "J2" "H2" "F2" "D2" "B2"}))": the
    // odd squares 1-19 (A3 = 1, J3 = 10, J2 = 11, A2 = 20 on "20,E,S1,W,S1,E,End").
    let p = start_position(&lb());
    assert_eq!(p.square_list(White), [1, 3, 5, 7, 9, 11, 13, 15, 17, 19]);
    assert_eq!(p.square_list(Black), [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
}

#[test]
fn a_hit_pawn_leaves_the_game() {
    // "(apply if:("IsEnemyAt" (to)) (remove (to)))".
    let r = lb();
    let p = pos(&[5, 6], &[7], White);
    let m = the_move(&r, &p, 2, 5, 7);
    assert!(m.has(Effects::CAPTURE));
    assert_eq!(after(&m, Black), Vec::<u8>::new());
    assert_eq!(m.after.in_play(Black), 0, "not waiting either: removed");
    // No protection by a neighbour: "(not ("IsFriendAt" ...))" is the only condition off the symbols.
    let p = pos(&[5], &[7, 8], White);
    assert!(the_move(&r, &p, 2, 5, 7).has(Effects::CAPTURE));
}

#[test]
fn the_symbols_take_no_hit() {
    // "NotAFriendOrNotOnSymbols": on "Symbols" (F2 F1 G1 H1 I1 = 15, 26, 27, 28, 29) the square
    // must be empty.
    let r = lb();
    let p = pos(&[13], &[15], White);
    assert_eq!(
        pairs(&r, &p, 2),
        [],
        "15 is a symbol: no hit, and no backward move"
    );
    let p = pos(&[27], &[30], White);
    assert!(
        the_move(&r, &p, 3, 27, 30).has(Effects::CAPTURE),
        "30 is no symbol"
    );
}

#[test]
fn the_symbols_are_not_played_first() {
    // "(priority (forEach Site (sites "Symbols") (if (= (who at:(to)) (mover)) ("PieceMovement"
    // from:(to)))) (forEach Piece))": the piece's moves are "(move (from) (to ...))" and
    // "(move Remove (from))", and `forEach Site` sets `to` and `site` only (ForEachSite.java:
    // "context.setTo(site); context.setSite(site);"). `(from)` keeps its default, Constants.OFF
    // (EvalContext.java), so the first branch yields no move and every pawn may move.
    let r = lb();
    let p = pos(&[3, 15, 26], &[], White);
    assert_eq!(pairs(&r, &p, 1), [(3, 4), (15, 16), (26, 27)]);
    // The reading the ludemes intend (`scenarios/rules/ludii-bell-intended.toml`): a pawn on a
    // symbol that can move is the only one that may, and when none can, the others may.
    let intended = RuleSet {
        priority_squares: r.safe_squares,
        ..lb().into_set()
    }
    .check()
    .unwrap();
    assert_eq!(pairs(&intended, &p, 1), [(15, 16), (26, 27)]);
    let p = pos(&[3, 15, 16], &[], White);
    assert_eq!(pairs(&intended, &p, 1), [(3, 4), (16, 17)]);
}

#[test]
fn forward_only_and_the_exact_throw_to_leave() {
    // "Track/Boustrophedon" has no "TrackOpposite"; "(if ("IsEndTrack" ...) (move Remove ...))"
    // and otherwise "(if ("IsNotOffBoard" ...) ...)": only the throw to one past 30 leaves.
    let r = lb();
    let p = pos(&[28], &[1], White);
    assert_eq!(pairs(&r, &p, 3), [(28, OFF)]);
    assert_eq!(pairs(&r, &p, 4), [], "no excess, no backward move");
    assert_eq!(pairs(&r, &p, 1), [(28, 29)]);
    let p = pos(&[30], &[1], White);
    assert_eq!(pairs(&r, &p, 1), [(30, OFF)]);
    assert_eq!(pairs(&r, &p, 2), []);
    // "(dice d:4 num:1)" with "Throw/Sum", and no "(moveAgain)" anywhere in Bell's rules.
    assert!((1..=6).all(|v| !r.gives_extra_throw(v)));
}

/// Pawns borne off by each side, counted from the moves played.
#[derive(Default)]
struct BorneOff([u32; 2]);

impl Observer for BorneOff {
    fn on_throw(&mut self, side: Side, _: u8, chosen: Option<&Move>, _: &Position) {
        if chosen.is_some_and(|m| matches!(m.kind(), Kind::BearOff { .. })) {
            self.0[side.index()] += 1;
        }
    }
}

#[test]
fn the_game_goes_on_until_both_sides_are_out_and_the_higher_score_wins() {
    // "(end (if (and (no Pieces P1) (no Pieces P2)) (byScore)))" with "(addScore Mover 1)" on
    // each bear-off: over 2,000 random games, the winner is the side that bore off more (counted
    // here from the moves played), equal counts are a draw, and every pawn is borne off or hit.
    let r = lb();
    let (mut draws, mut games) = (0, 0);
    for g in 0..2_000 {
        let seed = game_seed(7, 0, g);
        let mut players: [Box<dyn Strategy>; 2] =
            [Box::new(RandomStrategy), Box::new(RandomStrategy)];
        let mut off = BorneOff::default();
        let s = play_game(
            &r,
            &mut players,
            &mut SeededThrower::new(&Device::D4, seed),
            &mut stream(seed, 2),
            &mut off,
        );
        assert!(s.winner.is_some() || s.draw, "game {g} capped");
        let [w, b] = off.0;
        for i in 0..2 {
            assert_eq!(
                off.0[i] + s.hits[i],
                10,
                "game {g}: a pawn neither off nor hit"
            );
        }
        match s.winner {
            Some(White) => assert!(w > b),
            Some(Black) => assert!(b > w),
            None => assert_eq!(w, b),
        }
        draws += s.draw as u32;
        games += 1;
    }
    assert!(draws > 0 && draws < games, "draws happen, but not always");
}

#[test]
fn the_first_side_out_does_not_end_the_game() {
    // "(end (if (and (no Pieces P1) (no Pieces P2)) (byScore)))": the solver's step
    // (`backup::outcome`, which `td` uses) goes on after White's last pawn leaves while Black
    // has pawns; when both are out the score decides, which a position does not hold: a draw.
    let r = lb();
    let p = pos(&[28], &[1, 5], White);
    let off = *legal_moves(&r, &p, 3)
        .iter()
        .find(|m| m.bears_off())
        .unwrap();
    match outcome(&r, off.after, White, 3, Some(&off)) {
        Outcome::Next(next) => {
            assert_eq!(next.to_move(), Black);
            assert!(next.finished(White) && !next.finished(Black));
        }
        other => panic!("the game ended: {other:?}"),
    }
    let p = pos(&[28], &[], White);
    let off = *legal_moves(&r, &p, 3)
        .iter()
        .find(|m| m.bears_off())
        .unwrap();
    assert_eq!(outcome(&r, off.after, White, 3, Some(&off)), Outcome::Drawn);
}

#[test]
fn the_higher_throw_starts() {
    // "(if (is Mover P1) (set Var (count Pips)) (if (< (var) (count Pips)) (moveAgain)))": P1
    // (white, the odd squares) throws, then P2, who starts only with a strictly higher throw.
    // With one four-sided die black starts with probability 6/16 = 0.375. Over 40,000 games
    // (fixed seeds) the standard error is sqrt(0.375 * 0.625 / 40000) = 0.0024; the tolerance
    // is four of them.
    let r = RuleSet {
        max_turns: 1,
        ..lb().into_set()
    }
    .check()
    .unwrap();
    let n = 40_000;
    let black = (0..n)
        .filter(|&g| {
            let seed = game_seed(11, 0, g);
            let mut players: [Box<dyn Strategy>; 2] =
                [Box::new(RandomStrategy), Box::new(RandomStrategy)];
            let s = play_game(
                &r,
                &mut players,
                &mut SeededThrower::new(&Device::D4, seed),
                &mut stream(seed, 2),
                &mut senet_engine::game::Silent,
            );
            s.first == Some(Black)
        })
        .count() as f64;
    let share = black / n as f64;
    assert!(
        (share - 0.375).abs() < 4.0 * 0.0024,
        "black started {share}"
    );
}
