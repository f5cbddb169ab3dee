//! `game-box` (001, a French game box) and its listed variants as overrides, citing the seed.

use crate::common::*;
use senet_engine::board::Side::{Black, White};
use senet_engine::board::OFF;
use senet_engine::game::start_position;
use senet_engine::movegen::Effects;

#[test]
fn table_extra_throw_and_layout() {
    let r = rules("game-box");
    // "(0 face blanche) :=6 points, et on rejoue"; no other value rethrows.
    assert_eq!(r.throw_values, [6, 1, 2, 3, 4]);
    assert_eq!(
        (1..=6)
            .filter(|&v| r.gives_extra_throw(v))
            .collect::<Vec<_>>(),
        vec![6]
    );
    // "Les pions sont placés alternativement ... sur la première ligne (cases de 1 à 10)."
    assert_eq!(start_position(&r).square_list(Black), vec![2, 4, 6, 8, 10]);
}

#[test]
fn house_of_happiness_replays_the_same_pawn() {
    // "La case 26 ... : on rejoue le même pion."
    let r = rules("game-box");
    let p = pos(&[23, 5], &[1], White);
    let m = the_move(&r, &p, 3, 23, 26);
    assert!(m.has(Effects::REPLAY));
    assert_eq!(m.after.forced_square(), Some(26));
    // On the extra throw, the pawn on 26 must move if it can.
    assert_eq!(pairs(&r, &m.after, 2), vec![(26, 28)]);
}

#[test]
fn water_restarts_the_course() {
    // "La case 27 ... : le pion sort du jeu, et doit recommencer tout le parcours."
    let r = rules("game-box");
    let p = pos(&[24, 1], &[2], White);
    assert_eq!(
        pairs(&r, &p, 3),
        vec![(1, 4), (24, 3)],
        "back to the first empty square from 1"
    );
    // "Attention, même si le seul coup possible amène un pion sur la case 27, on doit le jouer !"
    let q = pos(&[25], &[26, 28], White);
    let m = the_move(&r, &q, 2, 25, 1);
    assert!(m.has(Effects::WATER));
}

#[test]
fn exact_throws_on_28_29_30_and_all_in_last_row() {
    let r = rules("game-box");
    // "Les cases 28, 29 et 30 : on doit obligatoirement obtenir les nombres exacts ... 3, 2 et 1."
    assert_eq!(pairs(&r, &pos(&[28], &[1], White), 3), vec![(28, OFF)]);
    assert!(!pairs(&r, &pos(&[29], &[1], White), 3).contains(&(29, OFF)));
    // "Il les sort en effectuant un déplacement au-delà de la dernière case." (excess below 28)
    assert_eq!(pairs(&r, &pos(&[26], &[1], White), 6), vec![(26, OFF)]);
    // "Un joueur peut sortir ses pions s'ils sont tous sur la dernière ligne."
    let p = pos(&[28, 12], &[1], White);
    assert_eq!(pairs(&r, &p, 3), vec![(12, 15)]);
}

#[test]
fn backward_moves_never_hit() {
    // "Si un coup ne permet pas d'avancer, le joueur doit jouer un pion en le reculant. Dans ce
    // cas, il ne peut pas manger un pion adverse."
    let r = rules("game-box");
    let p = pos(&[19], &[16, 21, 22, 23], White);
    assert_eq!(pairs(&r, &p, 3), vec![]);
    let q = pos(&[19], &[15, 21, 22, 23], White);
    assert_eq!(pairs(&r, &q, 3), vec![(19, 16)]);
}
