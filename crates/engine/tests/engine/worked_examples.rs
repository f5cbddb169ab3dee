//! The worked examples of 004 (Tejón), figures 3, 4 and 5, rebuilt from the text that describes
//! them: every throw the text lists gives exactly the moves the text gives.

use crate::common::*;
use senet_engine::board::Side::{Black, White};
use senet_engine::board::OFF;

/// Fig. 4: "todos los peones negros se protegen y no pueden ser capturados". The text's moves
/// (white 5, 7, 14, 15, 16; black 8, 9 and a wall 17, 18, 19) fix the position.
#[test]
fn figure_4_every_throw() {
    let r = rules("tejon");
    let p = pos(&[5, 7, 14, 15, 16], &[8, 9, 17, 18, 19], White);
    // "Si obtiene 1 punto sólo puede saltar de 5 a 6."
    assert_eq!(pairs(&r, &p, 1), vec![(5, 6)]);
    // "Si obtiene 2 puntos no puede avanzar ni capturar, debera retroceder de 5 a 3, de 15 a 13, o de 14 a 12."
    let mut two = pairs(&r, &p, 2);
    two.sort();
    assert_eq!(two, vec![(5, 3), (14, 12), (15, 13)]);
    // "Si obtiene 3 puntos sólo puede saltar de 7 a 10."
    assert_eq!(pairs(&r, &p, 3), vec![(7, 10)]);
    // "Si obtiene 4 puntos sólo puede saltar de 7 a 11, el muro negro impide saltar de 16 a 20."
    assert_eq!(pairs(&r, &p, 4), vec![(7, 11)]);
    // "Si obtiene 6 puntos puede saltar de 7 a 13 o de 5 a 11."
    let mut six = pairs(&r, &p, 6);
    six.sort();
    assert_eq!(six, vec![(5, 11), (7, 13)]);
}

/// Fig. 5: black on 26, 28, 29; white on 22, 23, 25 (the text's moves fix it).
#[test]
fn figure_5_black_to_move() {
    let r = rules("tejon");
    let p = pos(&[22, 23, 25], &[26, 28, 29], Black);
    // "obteniendo 1 punto el peón de 26 saltará a 27, lo que le hace retroceder a 15."
    assert_eq!(pairs(&r, &p, 1), vec![(26, 15)]);
    // "Si obtiene 2 puntos el peón de 29 sale del tablero."
    assert_eq!(pairs(&r, &p, 2), vec![(29, OFF)]);
    // "Si obtiene 3 puntos saldrá del tablero el peón de 28."
    assert_eq!(pairs(&r, &p, 3), vec![(28, OFF)]);
    // "Si obtiene 4 puntos el peón de 26 salta a 30."
    assert_eq!(pairs(&r, &p, 4), vec![(26, 30)]);
    // "Si obtiene 6 puntos ningún peón negro puede avanzar ni retroceder, por lo que se pierde el turno."
    assert_eq!(pairs(&r, &p, 6), vec![]);
}

#[test]
fn figure_5_white_to_move() {
    let r = rules("tejon");
    let p = pos(&[22, 23, 25], &[26, 28, 29], White);
    // "si obtiene 1 punto saltará de 23 a 24."
    assert_eq!(pairs(&r, &p, 1), vec![(23, 24)]);
    // "Si obtiene 2 puntos sólo puede saltar de 22 a 24."
    assert_eq!(pairs(&r, &p, 2), vec![(22, 24)]);
    // "Si obtiene 3, 4 ó 6 puntos deberá retroceder."
    for t in [3, 4, 6] {
        let list = senet_engine::movegen::legal_moves(&r, &p, t);
        assert!(
            !list.is_empty() && list.iter().all(|m| m.span().1 < m.span().0),
            "throw {t}: {:?}",
            pairs(&r, &p, t)
        );
    }
}

/// Fig. 3: "si 'blanco' obtiene 2 puntos podría saltar de la casilla 14 a la 16, o bien de la 7 a
/// la 9, lo que hace que el peón de la casilla 9 retroceda a la 7. Los peones blancos de 1, 3 y 5
/// no pueden saltar 2 casillas."
#[test]
fn figure_3_capture_by_exchange() {
    let r = rules("tejon");
    let p = pos(&[1, 3, 5, 7, 14], &[2, 4, 6, 9, 12], White);
    let mut two = pairs(&r, &p, 2);
    two.sort();
    assert_eq!(two, vec![(7, 9), (14, 16)]);
    let hit = the_move(&r, &p, 2, 7, 9);
    assert_eq!(after(&hit, Black), vec![2, 4, 6, 7, 12]);
    assert_eq!(after(&hit, White), vec![1, 3, 5, 9, 14]);
}
