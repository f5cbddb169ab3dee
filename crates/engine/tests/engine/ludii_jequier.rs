//! `ludii-jequier` (Ludii's `Senet.lud`, ruleset "Jequier (Scholarly)"), each test quoting the
//! ludemes it checks.

use crate::common::*;
use senet_engine::board::Position;
use senet_engine::board::Side::{self, Black, White};
use senet_engine::board::OFF;
use senet_engine::game::{play_game, Observer};
use senet_engine::movegen::Effects;
use senet_engine::movegen::Move;
use senet_engine::rules::{GameEnd, RuleSet, Rules, SquareSet};
use senet_engine::solve::backup::{outcome, Outcome};
use senet_engine::strategy::{RandomStrategy, Strategy};
use senet_engine::throws::{game_seed, stream, Device, SeededThrower};

fn lj() -> Rules {
    rules("ludii-jequier")
}

/// The reading Ludii's code intends (`scenarios/rules/ludii-jequier-intended.toml`): a pawn
/// with no forward move goes backward, pawn by pawn, and the first side out wins.
fn intended() -> Rules {
    RuleSet {
        no_backward_from: SquareSet(0),
        backward_capture: true,
        backward_per_pawn: true,
        end: GameEnd::FirstOut,
        ..lj().into_set()
    }
    .check()
    .unwrap()
}

#[test]
fn the_first_row_queues() {
    // "(or (not (is In (from) (sites "TopRow"))) (and (is In (from) (sites "TopRow")) (is Empty
    // ("NextSite"))))": on 1-10 a pawn moves, either way, only with the square in front empty.
    let r = lj();
    let p = pos(&[1, 3, 5], &[2, 4, 12], White);
    assert_eq!(
        pairs(&r, &p, 2),
        [(5, 7)],
        "1 and 3 wait behind black's 2 and 4"
    );
    let p = pos(&[3, 5, 12], &[4, 6, 13, 14], White);
    assert_eq!(
        pairs(&r, &p, 1),
        [],
        "no backward move in Ludii (see no_backward_move)"
    );
    assert_eq!(
        pairs(&intended(), &p, 1),
        [(12, 11)],
        "3 and 5 wait backward too"
    );
}

#[test]
fn no_backward_move() {
    // The backward branch tests "("EmptyOrEnemyNotOnSafePlacesAndNotTwoInARow" "TrackOpposite")",
    // a define of the item's own whose body reads "("SiteToMoveOnTrack" #1)". It sits inside the
    // global "(define "PieceMovement" <Ruleset:piece>)", which "(piece "SenetPiece" Each
    // ("PieceMovement"))" calls without arguments: Expander.expandDefineArgs replaces every "#1"
    // of the text, the inner define's included, by nothing ("String arg = "<DELETE_ME>"" for a
    // missing argument). The branch then tests the forward square, which the forward branch,
    // tried first ("(priority {...})"), already used: Ludii never moves a pawn backward here.
    let r = lj();
    let p = pos(&[15, 28], &[2, 4], White);
    assert_eq!(pairs(&r, &p, 4), [(15, 19)]);
    // With the argument written in, Ludii decides forward before backward pawn by pawn: 28
    // cannot leave (15 is not in the last row), so it goes back.
    let i = intended();
    i.validate().unwrap();
    assert_eq!(pairs(&i, &p, 4), [(15, 19), (28, 24)]);
}

#[test]
fn the_last_pawn_off_with_a_throw_again_draws() {
    // "(end (if (no Pieces Mover) (byScore {(score Mover (+ {(* 3 ("NumEnemyPiecesOnTopRow")) ...
    // })) })))" with "(count Sites in:(intersection (sites Occupied by:Next) ...))": after a 1, 4
    // or 6, "(moveAgain)" makes Next the mover, who has no piece left: 0 to 0, a draw.
    let r = lj();
    let p = pos(&[5], &[29], Black);
    for (throw, drawn) in [(1, false), (2, false), (3, false), (4, true), (6, true)] {
        let moves = senet_engine::movegen::legal_moves(&r, &p, throw);
        let Some(off) = moves.iter().find(|m| m.bears_off()) else {
            assert_eq!(throw, 1, "29 leaves with any throw but 1");
            continue;
        };
        let end = outcome(&r, off.after, Black, throw, Some(off));
        let want = if drawn { Outcome::Drawn } else { Outcome::Won };
        assert_eq!(end, want, "throw {throw}");
    }
    assert_eq!(
        outcome(&intended(), pos(&[5], &[], Black), Black, 4, None),
        Outcome::Won
    );
}

#[test]
fn a_row_of_three_at_half_the_throw_stops_a_4_or_a_6() {
    // "(or (< "Throw" 4) (and (>= "Throw" 4) ("NotGroupOfThree")))" with "(is Line 3 W
    // through:(trackSite Move ... steps:(/ ("Throw") 2)) whats:{...})": any pawns, in one row.
    let r = lj();
    let p = pos(&[12, 13], &[11, 14], Black);
    // 11 + 2 = 13 is in the run 12-13-14: the 4 from 11 is stopped; 14 + 2 = 16 is free.
    assert_eq!(pairs(&r, &p, 4), [(14, 18)]);
    // A 3 is not checked.
    assert!(pairs(&r, &p, 3).contains(&(14, 17)));
    // A run across the turn (9-10-11) is no row of three: 7 + 3 = 10 does not stop a 6.
    let p = pos(&[9, 10], &[7, 11], Black);
    assert!(pairs(&r, &p, 6).contains(&(7, 13)));
}

#[test]
fn protection_and_hits() {
    // "(and (not (is Line 2 W through:...)) (not (is Line 2 E through:...)))": pairs in a row
    // protect, 10-11 and 20-21 do not; 15, 26, 28, 29 are safe.
    let r = lj();
    let p = pos(&[20, 21], &[18], Black);
    let m = the_move(&r, &p, 2, 18, 20);
    assert!(m.has(Effects::CAPTURE));
    // The hit pawn goes to the first empty square from 1.
    assert_eq!(m.after.square_list(White), [1, 21]);
    let p = pos(&[19, 20], &[17], Black);
    assert!(!pairs(&r, &p, 2).contains(&(17, 19)));
    let p = pos(&[15], &[12], Black);
    assert_eq!(pairs(&r, &p, 3), [], "15 is safe, and no backward move");
    assert_eq!(
        pairs(&intended(), &p, 3),
        [(12, 9)],
        "15 is safe: backward instead"
    );
}

#[test]
fn water_and_bearing_off() {
    // "(if (is In (last To) (sites "Water")) (fromTo (from (last To)) (to "FurthestEmptySite")))".
    let r = lj();
    let p = pos(&[1], &[24, 25], Black);
    let m = the_move(&r, &p, 3, 24, 2);
    assert!(m.has(Effects::WATER));
    // "(if ("AllPieceInBottomRow") (move Remove (from)))" on End or Off: any excess.
    let p = pos(&[1], &[22, 29], Black);
    assert!(pairs(&r, &p, 4).contains(&(29, OFF)));
    let p = pos(&[1], &[12, 29], Black);
    assert!(
        !pairs(&r, &p, 4).contains(&(29, OFF)),
        "12 is not in the bottom row"
    );
}

/// The value of the last throw of a game.
#[derive(Default)]
struct LastThrow(u8);

impl Observer for LastThrow {
    fn on_throw(&mut self, _: Side, value: u8, _: Option<&Move>, _: &Position) {
        self.0 = value;
    }
}

#[test]
fn random_games_draw_exactly_when_the_last_throw_gives_another() {
    // 1,000 seeded random games: a game is drawn when its last throw is a 1, a 4 or a 6 (the
    // values of "(sites {1 4 6})"), won otherwise; both happen.
    let r = lj();
    let mut draws = 0;
    for g in 0..1_000 {
        let seed = game_seed(11, 0, g);
        let mut players: [Box<dyn Strategy>; 2] =
            [Box::new(RandomStrategy), Box::new(RandomStrategy)];
        let mut last = LastThrow::default();
        let s = play_game(
            &r,
            &mut players,
            &mut SeededThrower::new(&Device::Sticks { p_marked: 0.5 }, seed),
            &mut stream(seed, 2),
            &mut last,
        );
        assert!(s.winner.is_some() || s.draw, "game {g} capped");
        assert_eq!(
            s.draw,
            r.gives_extra_throw(last.0),
            "game {g}: last throw {}",
            last.0
        );
        draws += u32::from(s.draw);
    }
    assert!((100..900).contains(&draws), "{draws} draws in 1,000");
}
