//! Rule options overridden by name (the keys of `docs/rules.md`), as scenarios and `--set` do.

use crate::common::*;
use senet_engine::board::Side::{Black, White};
use senet_engine::board::ENTRY;
use senet_engine::game::start_position;
use senet_engine::rules::{Capture, Rules};
use senet_engine::setup::Setup;
use senet_engine::variants::Variant;

/// The preset of a variant with TOML overrides.
fn rules_with(id: &str, overrides: &str) -> Rules {
    let variant: Variant = id.parse().unwrap();
    senet_simulation::input::rulefile::with_options(variant, &toml::from_str(overrides).unwrap())
        .unwrap_or_else(|e| panic!("{overrides}: {e}"))
}

#[test]
fn listed_variants_are_overrides() {
    // "Quand un pion arrive sur une case occupée par un pion adverse, ce dernier est renvoyé à la case 15"
    let r = rules_with("game-box", "capture = \"send-to-return\"");
    assert_eq!(r.capture, Capture::SendToReturn);
    let m = the_move(&r, &pos(&[18], &[20], White), 2, 18, 20);
    assert_eq!(after(&m, Black), vec![15]);
    // The name of the first rule files still reads.
    assert_eq!(rules_with("game-box", "capture = \"send-to-15\""), r);
    // "la case 15 est une case \"sanctuaire\" où les pions ne peuvent être mangés."
    let s = rules_with("game-box", "safe_squares = [15]");
    assert_eq!(pairs(&s, &pos(&[13], &[15], White), 2), vec![(13, 11)]);
    // "pas de protections et barrières"
    let n = rules_with("game-box", "protection = false\nblockade = false");
    assert!(pairs(&n, &pos(&[16], &[18, 19, 20], White), 3).contains(&(16, 19)));
    // "pour la mise en place, aucun pion n'est placé sur le plateau" + "pour entrer sur le
    // parcours, un pion doit faire un 4 ou un 5" / "... un 1"
    let e = rules_with("game-box", "start = \"empty\"\nentry_values = [4, 5]");
    let waiting = Setup {
        waiting: [5, 5],
        ..Setup::default()
    };
    let p = waiting.position(&e).unwrap();
    assert_eq!(pairs(&e, &p, 4), vec![(ENTRY, 4)]);
    assert_eq!(pairs(&e, &p, 2), vec![]);
    let one = rules_with("game-box", "start = \"empty\"\nentry_values = [1]");
    assert_eq!(pairs(&one, &p, 1), vec![(ENTRY, 1)]);
    // With pawns off the board, the water sends a pawn back to wait for its entry throw.
    let w = the_move(&one, &pos(&[24], &[2], White), 3, 24, ENTRY);
    assert_eq!(w.after.waiting()[0], 1);
    // "Le premier mouvement est effectué par le premier joueur à tomber sur 4 ou 5 aux dés. Il
    // prend alors les noirs, et joue le pion sur la case 10. Le joueur aux pions blancs joue
    // ensuite son pion sur la case 9."
    let c = rules_with(
        "game-box",
        "starter = \"black\"\nfirst_pawn_black = 10\nfirst_pawn_white = 9",
    );
    let s0 = Setup {
        to_move: Black,
        forced: c.first_pawn(Black),
        ..Setup::from(&start_position(&c))
    };
    let s0 = s0.position(&c).unwrap();
    assert_eq!(pairs(&c, &s0, 4), vec![(10, 14)]);
}

#[test]
fn special_squares_are_rule_parameters() {
    // The return square moves the hit pawn's destination and the water's.
    let r = rules_with(
        "game-box",
        "capture = \"send-to-return\"\nreturn_square = 12",
    );
    let m = the_move(&r, &pos(&[18], &[20], White), 2, 18, 20);
    assert_eq!(after(&m, Black), vec![12]);
    let w = rules_with("tejon", "return_square = 12\ncheckpoints = []");
    let m = the_move(&w, &pos(&[25, 1], &[2], White), 2, 25, 12);
    assert!(m.has(senet_engine::movegen::Effects::WATER));
    // The re-throw square: passage's right moves from 26 to 24 (and leaves 26).
    let p = rules_with("passage", "rethrow_square = 24");
    let kinds = |r: &Rules, s: u8| {
        senet_engine::movegen::legal_moves(r, &pos(&[s, 3], &[8], White), 1)
            .iter()
            .filter(|m| matches!(m.kind(), senet_engine::movegen::Kind::Rethrow { .. }))
            .count()
    };
    assert_eq!((kinds(&p, 24), kinds(&p, 26)), (1, 0));
    let base = rules_with("passage", "");
    assert_eq!((kinds(&base, 24), kinds(&base, 26)), (0, 1));
    let none = rules_with("passage", "rethrow_square = 0");
    assert_eq!(none.rethrow_square, None);
    assert_eq!(kinds(&none, 26), 0);
}

#[test]
fn protection_is_one_choice_written_by_name_or_as_a_flag() {
    use senet_engine::rules::Protection;
    for (text, want) in [
        ("protection = false", Protection::None),
        ("protection = true", Protection::Pairs),
        ("protection = \"none\"", Protection::None),
        ("protection = \"pairs\"", Protection::Pairs),
        ("protection = \"pairs-and-grid\"", Protection::PairsAndGrid),
        ("protection = \"pairs-in-rows\"", Protection::PairsInRows),
    ] {
        assert_eq!(rules_with("tejon", text).protection, want, "{text}");
    }
    // Along the rows only, 10 and 11 do not protect each other; along the path they do.
    let rows = rules_with("tejon", "protection = \"pairs-in-rows\"\nblockade = false");
    let path = rules_with("tejon", "blockade = false");
    let p = pos(&[8], &[10, 11], White);
    assert!(pairs(&rows, &p, 2).contains(&(8, 10)));
    assert!(!pairs(&path, &p, 2).contains(&(8, 10)));
}
