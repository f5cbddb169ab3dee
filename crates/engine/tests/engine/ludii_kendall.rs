//! `ludii-kendall` (Ludii's `Senet.lud`, ruleset "Kendall (Scholarly)") and the Kendall options
//! Ludii ships, each test quoting the ludemes it checks.

use crate::common::*;
use senet_engine::board::bits_of;
use senet_engine::board::Side::{Black, White};
use senet_engine::board::{Position, OFF};
use senet_engine::game::{front_step, start_position};
use senet_engine::movegen::{legal_moves, Effects, Kind};
use senet_engine::rules::{BearOffWhen, RuleSet, Rules, SquareSet};
use senet_engine::turn::throws_again;

fn lk() -> Rules {
    rules("ludii-kendall")
}

#[test]
fn layout_table_and_opening_step() {
    let r = lk();
    // "(pair 0 5) (pair 1 1) (pair 2 2) (pair 3 3) (pair 4 4)"; "(sites {1 4 5})".
    assert_eq!(r.throw_values, [5, 1, 2, 3, 4]);
    let again: Vec<u8> = (1..=6).filter(|&v| r.gives_extra_throw(v)).collect();
    assert_eq!(again, [1, 4, 5]);
    // "SenetPiece1" on B3 D3 F3 H3 J3 I2 G2 = 2..14; "(fromTo (from (coord "G2")) (to (coord "F2")))".
    let p = start_position(&r).with_to_move(Black);
    assert_eq!(p.square_list(Black), [2, 4, 6, 8, 10, 12, 14]);
    let step = front_step(&p).unwrap();
    assert_eq!(step.kind(), Kind::Step { from: 14, to: 15 });
    // "MoveInFront5Pieces": J3 -> J2, 10 -> 11.
    let five = RuleSet {
        pawns: 5,
        ..lk().into_set()
    }
    .check()
    .unwrap();
    let p = start_position(&five).with_to_move(Black);
    assert_eq!(front_step(&p).unwrap().span(), (10, 11));
}

#[test]
fn squares_27_to_30_are_reached_only_from_26() {
    // Squares 1-25 exclude targets in Water, Baw, Two Men, Horus, End and Off.
    let r = lk();
    let p = pos(&[3], &[24], Black);
    assert_eq!(pairs(&r, &p, 2), [(24, 26)]);
    assert_eq!(pairs(&r, &p, 3), [(24, 21)], "no forward move: backward");
    // From Neferu: 1 into the empty water, 2-4 onto 28-30, 5 ("IsEndTrack") bears off.
    let p = pos(&[3], &[26], Black);
    assert_eq!(pairs(&r, &p, 1), [(26, 27)]);
    assert!(legal_moves(&r, &p, 1)[0].has(Effects::WATER));
    assert_eq!(pairs(&r, &p, 2), [(26, 28)]);
    assert_eq!(pairs(&r, &p, 4), [(26, 30)]);
    assert_eq!(pairs(&r, &p, 5), [(26, OFF)]);
    // 28 leaves with 3 only, 29 with 2 only, 30 with any throw; none moves backward.
    let p = pos(&[3], &[28, 29, 30], Black);
    assert_eq!(pairs(&r, &p, 3), [(28, OFF), (30, OFF)]);
    assert_eq!(pairs(&r, &p, 2), [(29, OFF), (30, OFF)]);
    assert_eq!(pairs(&r, &p, 1), [(30, OFF)]);
}

#[test]
fn the_water_holds_its_pawn() {
    // "(if (= ("Throw") 4) #3 (or (if ("NoPieceOnAnkhWaset") (move ... (to (sites "Ankh
    // Waset")))) (move Pass)))": nothing else of that side moves.
    let r = lk();
    let p = pos(&[3], &[5, 27], Black);
    let four = legal_moves(&r, &p, 4);
    assert_eq!(four.len(), 1);
    assert_eq!(four[0].kind(), Kind::BearOff { from: 27 });
    let two = legal_moves(&r, &p, 2);
    assert_eq!(two[0].kind(), Kind::Step { from: 27, to: 15 });
    assert!(two[0].after.bound());
    assert_eq!(two[1].kind(), Kind::Stay { at: 27 });
    // A 5 does not bear off from the water: back or stay.
    assert_eq!(pairs(&r, &p, 5), [(27, 15), (27, 27)]);
    // 15 taken: only the pass.
    let p = pos(&[15], &[5, 27], Black);
    assert_eq!(pairs(&r, &p, 1), [(27, 27)]);
    // No extra throw in this branch, even for 1, 4, 5.
    for v in [1, 4, 5] {
        let m = legal_moves(&r, &p, v)[0];
        assert!(m.has(Effects::HELD));
        assert!(!throws_again(&r, v, Some(&m)), "throw {v}");
    }
    // Home row: "BearOffPieceOnWaterIfNoPieceInHomeRow": a 4 with a pawn on 1-10 gives nothing,
    // and the pass keeps its extra throw.
    let home = RuleSet {
        bear_off_when: BearOffWhen::NoneInFirstRow,
        ..lk().into_set()
    }
    .check()
    .unwrap();
    let p = pos(&[16], &[5, 27], Black);
    assert!(legal_moves(&home, &p, 4).is_empty());
    assert!(throws_again(&home, 4, None));
}

#[test]
fn a_pawn_back_from_the_water_moves_first() {
    // "(if ("PieceOnAnkhWasetFromWaterHasToMove") (priority {forward ... backward ...}))".
    let r = lk();
    let back = legal_moves(&r, &pos(&[3], &[5, 27], Black), 2)[0].after;
    let p = back.with_to_move(Black);
    assert_eq!(pairs(&r, &p, 3), [(15, 18)], "only the pawn on 15");
    assert!(!throws_again(&r, 1, Some(&legal_moves(&r, &p, 1)[0])));
    // Forward blocked by its own pawn: backward.
    let p = bound(&r, pos(&[3], &[5, 15, 18], Black));
    assert_eq!(pairs(&r, &p, 3), [(15, 12)]);
    // No move at all: the throw passes, with its extra throw for 1, 4, 5.
    let p = bound(&r, pos(&[3], &[14, 15, 16], Black));
    assert!(legal_moves(&r, &p, 1).is_empty());
    assert!(throws_again(&r, 1, None));
    // The obligation is the pawn's: moved, it is gone; the opponent moving changes nothing.
    let m = legal_moves(&r, &back, 1);
    assert!(m.iter().all(|m| !m.after.bound()));
    let theirs = back.with_to_move(White);
    assert!(legal_moves(&r, &theirs, 1).iter().all(|m| m.after.bound()));
}

/// The reading Ludii's code intends (`scenarios/rules/ludii-kendall-intended.toml`): a pawn
/// from 26 that lands on an opponent on 28-30 sends it into the empty water.
fn intended() -> Rules {
    RuleSet {
        safe_squares: SquareSet(0),
        water_hits: SquareSet(bits_of(&[28, 29, 30]).unwrap()),
        ..lk().into_set()
    }
    .check()
    .unwrap()
}

#[test]
fn no_hit_from_26_onto_28_to_30() {
    // From Neferu: "(if (and (not ("TwoConsecutiveSpaces")) ("IsEnemyAt" ...)) (if (and (= 1
    // (count in:(intersection (sites Empty) (sites "Water")))) ...) (move Swap Pieces ...)))".
    // `(count in:...)` with no type is `CountNumber` (Count.java: "if (countType == null) return
    // new CountNumber(type, in, at)"): the pieces on the empty water, always 0, so the swap into
    // the water never happens and the branch has no other move.
    let r = lk();
    let p = pos(&[28], &[3, 26], Black);
    assert!(pairs(&r, &p, 2).iter().all(|&(f, _)| f != 26));
    for (white, throw) in [(29, 3), (30, 4)] {
        let p = pos(&[white], &[3, 26], Black);
        assert!(
            pairs(&r, &p, throw).iter().all(|&(f, _)| f != 26),
            "{white}"
        );
    }
    // An empty square is still reached.
    assert!(pairs(&r, &pos(&[29], &[3, 26], Black), 2).contains(&(26, 28)));
}

#[test]
fn the_intended_reading_hits_into_the_empty_water() {
    // What the ludemes intend ("(move Swap Pieces ... (then (fromTo (from (last From)) (to
    // ("NextSiteFrom")))))"): the hit pawn goes into the water while it is empty.
    let r = intended();
    r.validate().unwrap();
    let p = pos(&[28], &[3, 26], Black);
    let m = the_move(&r, &p, 2, 26, 28);
    assert!(m.has(Effects::CAPTURE));
    assert_eq!(m.after.square_list(White), [27]);
    // The water taken: no hit.
    let p = pos(&[28], &[3, 26, 27], Black);
    assert!(pairs(&r, &p, 2).iter().all(|&(f, _)| f != 26));
    // Two in a row ("TwoConsecutiveSpaces") are not hit there either.
    let p = pos(&[28, 29], &[3, 26], Black);
    assert!(pairs(&r, &p, 2).iter().all(|&(f, _)| f != 26));
}

#[test]
fn protection_follows_the_grid_at_the_turns() {
    // "(is Line 2 W through:...)" with its opposite, and N/S at sites 19, 29, 10, 0: A2 (20)
    // sees A3 (1) above it, J2 (11) sees J1 (30) below it.
    let r = lk();
    let p = pos(&[1, 20], &[17], Black);
    assert!(!pairs(&r, &p, 3).contains(&(17, 20)));
    let p = pos(&[11, 30], &[8], Black);
    assert!(!pairs(&r, &p, 3).contains(&(8, 11)));
    // 1 is checked along its row only: the pawn on 20 does not protect it (a backward hit).
    let p = pos(&[1, 20], &[4], Black);
    assert_eq!(pairs(&r, &p, 3), [(4, 7)]);
    let p = pos(&[1, 7, 8, 20], &[4], Black);
    assert_eq!(
        pairs(&r, &p, 3),
        [(4, 1)],
        "7 and 8 protect each other: backward onto 1"
    );
    // With protection by pairs only, 20 next to nothing is hit.
    let plain = RuleSet {
        protection: senet_engine::rules::Protection::Pairs,
        ..lk().into_set()
    }
    .check()
    .unwrap();
    assert!(pairs(&plain, &pos(&[1, 20], &[17], Black), 3).contains(&(17, 20)));
}

#[test]
fn the_trap_drops_a_pawn_past_26_into_the_water() {
    // "TrapRule": from 1-25, a throw to the Water, Baw, Two Men, Horus, End or Off moves the
    // piece to the water, if it is empty.
    let trap = RuleSet {
        checkpoint_trap: true,
        ..lk().into_set()
    }
    .check()
    .unwrap();
    let p = pos(&[3], &[24], Black);
    let m = the_move(&trap, &p, 4, 24, 27);
    assert!(m.has(Effects::WATER));
    assert_eq!(pairs(&trap, &p, 2), [(24, 26)]);
    let p = pos(&[27], &[24], Black);
    assert_eq!(pairs(&trap, &p, 4), [(24, 20)], "the water taken: backward");
}

/// Every throw of a game: the side, the value and whether a pawn moved.
struct Throws(Vec<(senet_engine::board::Side, u8, bool)>);

impl senet_engine::game::Observer for Throws {
    fn on_throw(
        &mut self,
        side: senet_engine::board::Side,
        value: u8,
        chosen: Option<&senet_engine::movegen::Move>,
        _: &senet_engine::board::Position,
    ) {
        self.0.push((side, value, chosen.is_some()));
    }
}

#[test]
fn the_second_player_starts_with_a_1() {
    // "ThrowOfOne": (or (is Mover P1) (and (is Mover P2) (= (value Player Mover) 1))), and
    // "SetStartingThrow" sets the value when a 1 is rolled, so that 1 is played.
    use senet_engine::game::play_game;
    use senet_engine::strategy::{RandomStrategy, Strategy};
    use senet_engine::throws::{stream, Device, SeededThrower};
    let start = RuleSet {
        start_value: Some(1),
        ..lk().into_set()
    }
    .check()
    .unwrap();
    let mut checked = 0;
    for seed in 0..40u64 {
        let mut players: [Box<dyn Strategy>; 2] =
            [Box::new(RandomStrategy), Box::new(RandomStrategy)];
        let mut thrower = SeededThrower::new(&Device::Sticks { p_marked: 0.5 }, seed);
        let mut trace = Throws(vec![]);
        play_game(
            &start,
            &mut players,
            &mut thrower,
            &mut stream(seed, 2),
            &mut trace,
        );
        let white: Vec<(u8, bool)> = trace
            .0
            .iter()
            .filter(|t| t.0 == White)
            .map(|t| (t.1, t.2))
            .collect();
        let first_one = white.iter().position(|t| t.0 == 1).unwrap();
        assert!(
            white[..first_one].iter().all(|t| !t.1),
            "seed {seed}: white moved before its 1"
        );
        checked += first_one;
        // Black, the starter, is never held back: its first throw after the step moves.
        assert!(trace.0.iter().any(|t| t.0 == Black && t.2));
    }
    assert!(checked > 40, "{checked} throws waited for the 1");
}

/// `p` with the side to move's pawn on the return square bound to move (back from the water).
fn bound(r: &Rules, p: Position) -> Position {
    let setup = senet_engine::setup::Setup {
        bound: true,
        ..senet_engine::setup::Setup::from(&p)
    };
    setup.position(r).unwrap()
}
