//! `empty-board` (003, Italian), citing the seed.

use crate::common::*;
use senet_engine::board::Side::{Black, White};
use senet_engine::board::{ENTRY, OFF};
use senet_engine::game::start_position;
use senet_engine::movegen::{start_of_turn, Effects};

fn waiting(p: senet_engine::board::Position, w: u8, b: u8) -> senet_engine::board::Position {
    let setup = senet_engine::setup::Setup {
        waiting: [w, b],
        ..senet_engine::setup::Setup::from(&p)
    };
    setup.board().unwrap()
}

#[test]
fn empty_start_and_entry_with_1_4_6() {
    let r = rules("empty-board");
    // "Si comincia il gioco con la tavola del Senet \"vuota\""
    let s = start_position(&r);
    assert_eq!((s.occupied(), s.waiting()), (0, [5, 5]));
    // "per far entrare una pedina è necessario ... ottenere un risultato di 1, 4 o 6; la pedina va
    // collocata nella casella corrispondente al risultato ottenuto."
    let p = waiting(pos(&[], &[], White), 5, 5);
    assert_eq!(pairs(&r, &p, 4), vec![(ENTRY, 4)]);
    assert_eq!(pairs(&r, &p, 2), vec![]);
    // "se ad un lancio corrisponde una casella già occupata da una propria pedina, la nuova
    // pedina va collocata nella casella \"1\" oppure nel primo spazio disponibile"
    let own = waiting(pos(&[4, 1], &[], White), 3, 5);
    assert!(pairs(&r, &own, 4).contains(&(ENTRY, 2)));
    // "... occupata da una pedina dell'avversario, la propria ne prenderà il posto e la pedina
    // dell'avversario andrà collocata nella casella \"1\""
    let opp = waiting(pos(&[], &[6], White), 5, 4);
    let m = the_move(&r, &opp, 6, ENTRY, 6);
    assert!(m.has(Effects::CAPTURE));
    assert_eq!(after(&m, Black), vec![1]);
    // "se non vi sono caselle libere tra la 1 e quella della destinazione originaria, il turno finisce"
    let full = waiting(pos(&[1, 2, 3], &[4], White), 2, 4);
    assert_eq!(
        pairs(&r, &full, 4).iter().filter(|m| m.0 == ENTRY).count(),
        0
    );
}

#[test]
fn bearing_off_with_residual_points() {
    let r = rules("empty-board");
    // "se lanciando i bastoncini si ottiene un risultato sufficiente a superare la casella 30, la
    // pedina può essere portata fuori ed i punti residui possono essere impiegati per il
    // movimento di un'altra pedina" / "portare fuori una pedina comporta il computo di 1 punto"
    let p = pos(&[26, 12], &[1], White);
    let m = the_move(&r, &p, 6, 26, OFF);
    assert_eq!(m.left, 1);
    // "non è possibile far uscire una pedina dal tavolo di gioco prima che tutti i propri pezzi
    // abbiano lasciato la prima riga."
    let q = pos(&[26, 8], &[1], White);
    assert_eq!(pairs(&r, &q, 6), vec![(8, 14)]);
}

#[test]
fn houses_28_29_lead_to_30_which_leaves_without_a_throw() {
    let r = rules("empty-board");
    // CASELLA 28: "dovrà rimanerci fino a quando lanciando i bastoncini si otterrà un 3. A questo
    // punto potrà passare alla casella 30 (se non occupata)"
    assert_eq!(pairs(&r, &pos(&[28], &[1], White), 3), vec![(28, 30)]);
    assert_eq!(pairs(&r, &pos(&[28], &[1], White), 2), vec![]);
    assert_eq!(pairs(&r, &pos(&[29], &[1], White), 2), vec![(29, 30)]);
    assert_eq!(pairs(&r, &pos(&[29], &[30], White), 2), vec![]);
    // CASELLA 30: "La pedina che finisce in questa casella passerà nell'aldilà senza bisogno di
    // lanciare i bastoncini. Al suo prossimo turno il giocatore potrà portare in salvo la pedina"
    let mut t = pos(&[30, 22], &[1], White);
    assert_eq!(start_of_turn(&r, &mut t), 1);
    assert_eq!(t.square_list(White), vec![22]);
}

#[test]
fn house_26_may_be_left_and_water_goes_to_15_then_1() {
    let r = rules("empty-board");
    // CASELLA 26: "Nell'eventualità in cui questa fosse l'unica pedina a poter muovere, il
    // giocatore ha facoltà di lasciarla comunque in questa casella"
    let m = pairs(&r, &pos(&[26, 22], &[23, 24], White), 2);
    assert_eq!(m, vec![(26, 28), (26, 26)]);
    // CASELLA 27: "la pedina che vi finisce deve ritornare alla casella 15. Se questa è già
    // occupata ..., allora deve ritornare alla casella n.1"
    assert_eq!(pairs(&r, &pos(&[23], &[3], White), 4), vec![(23, 15)]);
    assert_eq!(pairs(&r, &pos(&[23], &[15], White), 4), vec![(23, 1)]);
    // CASELLA 15: "la pedina che giunge in questa casella non può essere attaccata."
    assert!(!pairs(&r, &pos(&[13], &[15], White), 2).contains(&(13, 15)));
}

#[test]
fn backward_attack_pushes_forward() {
    // "se non è possibile muovere un pezzo in avanti, allora va mosso all'indietro. In questo
    // caso, attaccando una pedina avversaria, questa avrà il vantaggio di essere portata in avanti"
    let r = rules("empty-board");
    let m = the_move(&r, &pos(&[19], &[16, 21, 22, 23], White), 3, 19, 16);
    assert!(m.has(Effects::BACKWARD) && m.has(Effects::CAPTURE));
    assert_eq!(after(&m, Black), vec![19, 21, 22, 23]);
}
