//! `tejon` (004, Spanish) beyond its worked examples, citing the seed.

use crate::common::*;
use senet_engine::board::Side::White;
use senet_engine::board::OFF;
use senet_engine::throws::{value_distribution, Device};

#[test]
fn water_goes_back_to_15_or_the_first_empty_square_before() {
    // "Si un peón cae en la casilla 27 (M) retrocede a la casilla 15, o, si está ocupada, a la
    // primera anterior vacía."
    let r = rules("tejon");
    assert_eq!(pairs(&r, &pos(&[26], &[1], White), 1), vec![(26, 15)]);
    assert_eq!(pairs(&r, &pos(&[26], &[15, 14], White), 1), vec![(26, 13)]);
}

#[test]
fn every_pawn_stops_on_26_and_never_goes_back_from_it() {
    // "Todos los peones deben obligatoriamente pasar por la casilla 26 antes de caer sobre alguna
    // de las cuatro últimas. Desde la casilla 26 no se puede retroceder"
    let r = rules("tejon");
    assert_eq!(
        pairs(&r, &pos(&[24], &[1], White), 4),
        vec![(24, 20)],
        "24->28 would skip 26"
    );
    assert_eq!(pairs(&r, &pos(&[24], &[1], White), 2), vec![(24, 26)]);
    assert_eq!(pairs(&r, &pos(&[26], &[1], White), 6), vec![]);
}

#[test]
fn exits_and_the_first_row() {
    let r = rules("tejon");
    // "Un peón en la casilla 28 sólo se moverá tras obtener un 3, con lo que sale del tablero."
    assert_eq!(pairs(&r, &pos(&[28], &[1], White), 3), vec![(28, OFF)]);
    assert_eq!(pairs(&r, &pos(&[30], &[1], White), 1), vec![(30, OFF)]);
    // "Para que un peón pueda salir del tablero no debe haber ningún peón del mismo color en la
    // primera fila."
    assert_eq!(pairs(&r, &pos(&[28, 3], &[1], White), 3), vec![(3, 6)]);
    // "Las casillas 26, 28, 29 y 30 (O, III, II, I) son refugios"
    assert_eq!(pairs(&r, &pos(&[25], &[29], White), 4), vec![(25, 21)]);
}

#[test]
fn protection_and_walls_apply_to_backward_moves_too() {
    // Decision (docs/rules.md): a wall of three cannot be crossed in either direction.
    let r = rules("tejon");
    assert_eq!(
        pairs(&r, &pos(&[20], &[16, 17, 18, 21, 22, 23], White), 4),
        vec![]
    );
}

#[test]
fn die_without_five() {
    // "También se puede usar un dado normal con caras numeradas del 1 al 6 despreciando la
    // tirada en la que se obtenga 5."
    let d = value_distribution(&rules("tejon"), &Device::Die);
    assert_eq!(
        d.iter().map(|x| x.0).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 6]
    );
    assert!(d.iter().all(|x| (x.1 - 0.2).abs() < 1e-15));
}
