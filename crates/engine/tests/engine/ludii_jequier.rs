//! `ludii-jequier` (Ludii's `Senet.lud`, ruleset "Jequier (Scholarly)"), each test quoting the
//! ludemes it checks.

use crate::common::*;
use senet_engine::board::Side::{Black, White};
use senet_engine::board::OFF;
use senet_engine::movegen::Effects;
use senet_engine::rules::Rules;

fn lj() -> Rules {
    rules("ludii-jequier")
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
    assert_eq!(pairs(&r, &p, 1), [(12, 11)], "3 and 5 wait backward too");
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
    assert_eq!(pairs(&r, &p, 3), [(12, 9)], "15 is safe: backward instead");
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
