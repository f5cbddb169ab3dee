//! `passage` (000, "Jeu du Passage"): each special square and rule, citing the seed.

use crate::common::*;
use senet_engine::board::Side::{Black, White};
use senet_engine::board::OFF;
use senet_engine::game::start_position;
use senet_engine::movegen::{legal_moves, Effects, Kind};

#[test]
fn seven_pawns_alternate_on_1_to_14() {
    // "Les pions sont disposés sur les 14 premières cases du jeu de façon alternée"
    let p = start_position(&rules("passage"));
    assert_eq!(p.square_list(White), vec![1, 3, 5, 7, 9, 11, 13]);
    assert_eq!(p.square_list(Black), vec![2, 4, 6, 8, 10, 12, 14]);
}

#[test]
fn throw_table_and_extra_throws() {
    let r = rules("passage");
    // "Quatre surfaces «neutres»: 5 points et rejouer"
    assert_eq!(r.throw_values, [5, 1, 2, 3, 4]);
    // "Tant qu'une personne obtient un «1», un «4» ou un «5», elle peut rejouer"
    assert_eq!(
        (1..=5)
            .filter(|&v| r.gives_extra_throw(v))
            .collect::<Vec<_>>(),
        vec![1, 4, 5]
    );
}

#[test]
fn every_pawn_stops_on_the_ankh() {
    // "L'arrêt sur la case départ ankh est obligatoire."
    let r = rules("passage");
    let p = pos(&[13], &[2], White);
    assert_eq!(
        pairs(&r, &p, 4),
        vec![(13, 9)],
        "no 13->17: it would pass the ankh, so the throw goes back"
    );
    assert_eq!(pairs(&r, &p, 2), vec![(13, 15)]);
    // "Cette case est protégée, le pion ne peut donc en être délogé par l'adversaire."
    let q = pos(&[12], &[15], White);
    assert!(!pairs(&r, &q, 3).contains(&(12, 15)));
}

#[test]
fn capture_exchanges_and_pairs_protect() {
    let r = rules("passage");
    // "ce dernier doit reculer jusqu'à la case d'où vient l'attaquant"
    let p = pos(&[16], &[18], White);
    let m = the_move(&r, &p, 2, 16, 18);
    assert!(m.has(Effects::CAPTURE));
    assert_eq!(after(&m, Black), vec![16]);
    // "Deux pions de même couleur dans deux cases contiguës forment un petit bloc: ils sont imprenables."
    let q = pos(&[16, 1], &[18, 19], White);
    assert!(!pairs(&r, &q, 2).contains(&(16, 18)));
    // "... ils ne peuvent être franchis par un pion adverse" (three in a row)
    let w = pos(&[16], &[18, 19, 20], White);
    assert!(!pairs(&r, &w, 5).contains(&(16, 21)));
    // but a pair can be jumped
    assert_eq!(pairs(&r, &q, 4), vec![(1, 5), (16, 20)]);
}

#[test]
fn backward_move_may_hit_and_pushes_the_opponent_forward() {
    // "Si, de cette façon, on tombe sur un pion adverse, on doit le déplacer (et donc l'avancer)
    // jusqu'à la case d'où il venait."
    let r = rules("passage");
    // White's only pawn on 19 cannot go forward 3 (22 is in a black wall 21-23), so it goes back to 16.
    let p = pos(&[19], &[16, 21, 22, 23], White);
    let m = the_move(&r, &p, 3, 19, 16);
    assert!(m.has(Effects::BACKWARD) && m.has(Effects::CAPTURE));
    assert_eq!(after(&m, Black), vec![19, 21, 22, 23]);
}

#[test]
fn house_of_happiness() {
    let r = rules("passage");
    // "Un lancer de «5» permet au pion de sortir immédiatement du jeu."
    assert_eq!(pairs(&r, &pos(&[26], &[1], White), 5), vec![(26, OFF)]);
    // "Lors d'un lancer de «1», le joueur a le droit de relancer les bâtonnets (pour ne pas
    // tomber sur la case «Maison de l'Eau»)": a right, so a choice beside the moves of the 1
    // (into the water: back to 15 or stay on 27), listed last as (26, 26).
    let with_one = legal_moves(&r, &pos(&[26], &[1], White), 1);
    let listed: Vec<(u8, u8)> = with_one.iter().map(|m| m.span()).collect();
    assert_eq!(listed, vec![(26, 27), (26, 15), (26, 26)]);
    let rethrow = with_one.last().unwrap();
    assert_eq!(rethrow.kind(), Kind::Rethrow { at: 26 });
    assert_eq!(rethrow.after, pos(&[26], &[1], White));
    // Any other pawn may play the 1 instead; the re-throw is still offered.
    let other = pairs(&r, &pos(&[26, 20], &[1], White), 1);
    assert!(other.contains(&(20, 21)) && other.contains(&(26, 26)));
    // Without a pawn on 26 there is no re-throw.
    assert!(!pairs(&r, &pos(&[20], &[1], White), 1).contains(&(20, 20)));
    // "peuvent y rester sans limite de temps": a pawn on 26 is never sent backward. With a 3
    // (29 taken by its own pawn, nothing else to move) the throw is lost.
    assert_eq!(pairs(&r, &pos(&[26, 29], &[1], White), 3), vec![]);
    // "est une case «chance» où le pion est imprenable"
    assert!(!pairs(&r, &pos(&[24], &[26], White), 2).contains(&(24, 26)));
}

#[test]
fn house_of_water_back_to_ankh_or_stay() {
    let r = rules("passage");
    // "tout pion tombant dans cette case sera renvoyé à la case départ ankh ... Le joueur peut
    // aussi choisir de demeurer dans cette case"
    let p = pos(&[24], &[1], White);
    let mut l = pairs(&r, &p, 3);
    l.sort();
    assert_eq!(l, vec![(24, 15), (24, 27)]);
    // "ou, si celle-ci est occupée, à la première case vide avant la case «départ»"
    let q = pos(&[24, 15], &[14], White);
    assert!(pairs(&r, &q, 3).contains(&(24, 13)));
    // "jusqu'à ce qu'un lancer de «4» lui permette de sortir du jeu. Cependant, il lui est alors
    // interdit de déplacer un autre de ses pions"
    let s = pos(&[27, 5], &[1], White);
    assert_eq!(pairs(&r, &s, 4), vec![(27, OFF)]);
    assert_eq!(pairs(&r, &s, 2), vec![]);
}

#[test]
fn last_houses_need_their_exact_throw() {
    let r = rules("passage");
    // "seul un lancer de «3» ... «2» ... «1» permet de sortir le pion du jeu."
    for (sq, exact) in [(28u8, 3u8), (29, 2), (30, 1)] {
        for t in 1..=5 {
            let want = if t == exact { vec![(sq, OFF)] } else { vec![] };
            assert_eq!(
                pairs(&r, &pos(&[sq], &[1], White), t),
                want,
                "square {sq} throw {t}"
            );
        }
    }
    // "les cases «Bonheur», «Trois Vérités» et «Re-Atoum» protègent les pions qu'elles abritent"
    assert!(!pairs(&r, &pos(&[25], &[28], White), 3).contains(&(25, 28)));
    // Horus (30) is not in that list: a pawn there can be hit.
    assert!(pairs(&r, &pos(&[25], &[30], White), 5).contains(&(25, 30)));
}

#[test]
fn a_wall_on_28_29_30_keeps_the_pawn_in_the_water() {
    // Found by the property test: the walls rule ("ne peuvent être franchis") also holds for a
    // pawn leaving the board from the water square.
    let r = rules("passage");
    assert_eq!(pairs(&r, &pos(&[27], &[28, 29, 30], White), 4), vec![]);
    assert_eq!(pairs(&r, &pos(&[27], &[28, 30], White), 4), vec![(27, OFF)]);
}
