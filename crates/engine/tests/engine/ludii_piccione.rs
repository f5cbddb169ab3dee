//! `ludii-piccione` (Ludii's `Senet.lud`, ruleset "Piccione (Scholarly)"), each test quoting
//! the ludemes it checks.

use crate::common::*;
use senet_engine::board::bits_of;
use senet_engine::board::Side::{Black, White};
use senet_engine::board::{Position, OFF};
use senet_engine::game::start_position;
use senet_engine::movegen::{legal_moves, residual_moves_into, Effects, Kind, MoveList};
use senet_engine::rules::{RuleSet, Rules, SquareSet};
use senet_engine::setup::Setup;
use senet_engine::turn::throws_again;

fn lp() -> Rules {
    rules("ludii-piccione")
}

/// The legal moves as (from, to, points left) triples, sorted.
fn parts(r: &Rules, p: &senet_engine::board::Position, throw: u8) -> Vec<(u8, u8, u8)> {
    let mut v: Vec<_> = legal_moves(r, p, throw)
        .iter()
        .map(|m| (m.span().0, m.span().1, m.left))
        .collect();
    v.sort();
    v
}

#[test]
fn pawns_enter_on_1_with_a_1_and_the_entered_pawn_moves_at_the_next_throw() {
    // "(start (place "SenetPiece" "Hand" count:5))"; "CanEnterAPiece": "(= ("Throw") 1)", to
    // "(coord "A3")", square 1, "(then (... (moveAgain)))".
    let r = lp();
    let p = start_position(&r).with_to_move(White);
    assert_eq!(p.waiting(), [5, 5]);
    assert!(legal_moves(&r, &p, 2).is_empty(), "only a 1 enters");
    let list = legal_moves(&r, &p, 1);
    assert_eq!(list.len(), 1);
    let entry = list[0];
    assert_eq!(entry.kind(), Kind::Enter { to: 1 });
    assert!(throws_again(&r, 1, Some(&entry)), "a new throw follows");
    assert_eq!(entry.after.forced_square(), Some(1));
    // "MoveApieceAfterThrowing" with "(= (from) ("SiteToEnter"))": the entered pawn alone, by
    // any part of the new throw; another pawn's moves are not offered.
    let q = entered(&r, &[1, 20], &[]);
    assert_eq!(parts(&r, &q, 2), [(1, 2, 1), (1, 3, 0)]);
    // "CanMoveEnteredPiece" false: "AutoCaptureLastPiece", the pawn goes back to the hand.
    let q = entered(&r, &[1, 20], &[2, 3]);
    let list = legal_moves(&r, &q, 2);
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].kind(), Kind::Restart { from: 1 });
    assert_eq!(list[0].after.waiting(), [4, 3]);
    assert!(!throws_again(&r, 2, Some(&list[0])), "the hand passes");
}

#[test]
fn a_throw_is_split_between_pawns_and_no_pawn_is_hit() {
    // "(forEach Value min:1 max:("CurrentThrow") ...)" onto "(is Empty ...)" only, and
    // "RestOfThrow" played by "(forEach Piece)" after "(moveAgain)".
    let r = lp();
    let p = pos(&[10, 20], &[12], White);
    assert_eq!(
        parts(&r, &p, 3),
        [
            (10, 11, 2),
            (10, 13, 0),
            (20, 21, 2),
            (20, 22, 1),
            (20, 23, 0)
        ],
        "no part lands on black's 12"
    );
    // The rest: any pawn, the entry excluded.
    let m = the_move(&r, &p, 3, 10, 11);
    let mut rest = MoveList::new();
    let after = Setup {
        waiting: [2, 4],
        ..Setup::from(&m.after)
    };
    let after = after.position(&r).unwrap();
    residual_moves_into(&r, &after, 2, &mut rest);
    let mut spans: Vec<_> = rest.iter().map(|m| (m.span(), m.left)).collect();
    spans.sort();
    assert_eq!(
        spans,
        [((11, 13), 0), ((20, 21), 1), ((20, 22), 0)],
        "11 -> 12 would hit; no keeping"
    );
    // A rest of 1 enters no pawn: "CanEnterAPiece" needs "(or ("HasAnAdditionalThrow") ("NewTurn"))".
    residual_moves_into(&r, &after, 1, &mut rest);
    assert!(rest.iter().all(|m| !matches!(m.kind(), Kind::Enter { .. })));
    assert!(!rest.is_empty());
}

#[test]
fn the_water_the_bonus_squares_and_bearing_off() {
    let r = lp();
    // "(if (is In (last To) (sites "Water")) ("AutoCaptureLastPiece"))": back to the hand, the
    // rest still to play.
    let p = pos(&[25], &[], White);
    let m = legal_moves(&r, &p, 4)
        .into_iter()
        .find(|m| m.has(Effects::WATER))
        .unwrap();
    assert_eq!((m.kind(), m.left), (Kind::Restart { from: 25 }, 2));
    // "(if (is In (last To) (union (sites "Ankh Waset") (sites "Neferu"))) ("SaveAdditionalThrow"))".
    let p = pos(&[13, 24], &[], White);
    let to_15 = the_move(&r, &p, 2, 13, 15);
    assert!(to_15.has(Effects::BONUS));
    assert!(throws_again(&r, 2, Some(&to_15)));
    assert!(the_move(&r, &p, 2, 24, 26).has(Effects::BONUS));
    assert!(!throws_again(&r, 2, Some(&the_move(&r, &p, 2, 13, 14))));
    // "(if ("IsEndTrack" ...) (move Remove (from)))": off with the exact part, the rest left.
    let p = pos(&[29], &[], White);
    assert_eq!(parts(&r, &p, 5), [(29, 30, 4), (29, OFF, 3)]);
}

/// The reading Ludii's code intends (`scenarios/rules/ludii-piccione-intended.toml`): backward
/// moves pawn by pawn, none from 28 to 30, and no extra throw for leaving from 26.
fn intended() -> Rules {
    RuleSet {
        no_backward_from: SquareSet(bits_of(&[28, 29, 30]).unwrap()),
        backward_per_pawn: true,
        bonus_on_bear_off: false,
        ..lp().into_set()
    }
    .check()
    .unwrap()
}

#[test]
fn no_backward_move() {
    // The backward branch is "(forEach Value ... (if ("IsNotOffBoard" ("SiteToMoveOnTrackPiccione"
    // "TrackOpposite")) ...))", a call of the item's own define "SiteToMoveOnTrackPiccione" =
    // "("NextSiteOnTrack" "IteratedThrow" #1)". That define sits inside the global "(define
    // "PieceMovement" <Ruleset:piece>)", which the piece calls without arguments; expanding it
    // replaces every "#1" of its text, the inner define's own included, by nothing
    // (Expander.expandDefineArgs: "String arg = "<DELETE_ME>"" when the argument is missing).
    // The backward branch then looks at the forward square, and offers only what the forward
    // branch already offered: Ludii never moves a pawn backward here.
    let r = lp();
    let p = pos(&[5, 12], &[13], White);
    assert_eq!(parts(&r, &p, 1), [(5, 6, 0)]);
    let p = pos(&[12], &[13, 14], White);
    assert_eq!(parts(&r, &p, 2), [], "no forward move, and none backward");
}

#[test]
fn leaving_from_26_throws_again() {
    // The part's consequence: "(if (or ("HasASaveAdditionalThrow") (is In (last To) (union
    // (sites "Ankh Waset") (sites "Neferu")))) (and ("GetAdditionalThrow") (moveAgain)) ...)";
    // for a pawn removed, "(last To)" is the site it left ("RestOfThrow" tests "(= (last To)
    // (last From))"), so bearing off from 26 with a 5 gives another throw.
    let r = lp();
    let p = pos(&[26], &[3], White);
    let off = the_move(&r, &p, 5, 26, OFF);
    assert!(off.has(Effects::BONUS));
    assert!(throws_again(&r, 5, Some(&off)));
    let p = pos(&[27, 29], &[3], White);
    let off = the_move(&r, &p, 2, 29, OFF);
    assert!(!throws_again(&r, 2, Some(&off)), "29 is no bonus square");
    assert!(!throws_again(
        &intended(),
        5,
        Some(&the_move(&intended(), &pos(&[26], &[3], White), 5, 26, OFF))
    ));
}

#[test]
fn the_intended_reading_moves_backward_pawn_by_pawn_and_never_from_28_to_30() {
    // The "(priority {forward ... backward})" sits inside each piece's moves: a pawn with no
    // forward move goes backward beside another's forward moves.
    let r = intended();
    r.validate().unwrap();
    let p = pos(&[5, 12], &[13], White);
    assert_eq!(parts(&r, &p, 1), [(5, 6, 0), (12, 11, 0)]);
    // "TrackOpposite" "6,W,N1,E,N1,W" starts at G1 (27): none from 28, 29, 30.
    let p = pos(&[28], &[29, 30], White);
    assert_eq!(parts(&r, &p, 2), []);
    let p = pos(&[28], &[29, 30], Black);
    assert_eq!(
        parts(&r, &p, 1),
        [(30, OFF, 0)],
        "29 is blocked and goes nowhere back"
    );
}

/// White's pawn just entered on 1 and forced to move, white on `white` with 3 pawns waiting,
/// black on `black` with the rest of its 5 waiting.
fn entered(r: &Rules, white: &[u8], black: &[u8]) -> Position {
    let setup = Setup {
        waiting: [3, 5 - black.len() as u8],
        forced: Some(1),
        ..Setup::of(white, black, White)
    };
    setup.position(r).unwrap()
}
