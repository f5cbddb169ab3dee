//! `kendall` (002, four coins), citing the seed.

use crate::common::*;
use senet_engine::board::Side::{Black, White};
use senet_engine::board::OFF;
use senet_engine::board::{Position, Side};
use senet_engine::game::{play_game, series_points, Observer};
use senet_engine::movegen::Move;
use senet_engine::strategy::{BackStrategy, Strategy};
use senet_engine::throws::{stream, ScriptedThrower};

/// Side, value thrown, (from, to) of the move played.
type Throw = (Side, u8, Option<(u8, u8)>);
struct Trace(Vec<Throw>);
impl Observer for Trace {
    fn on_opening_throw(&mut self, value: u8) {
        self.0.push((Black, value, None));
    }
    fn on_throw(&mut self, side: Side, value: u8, chosen: Option<&Move>, _: &Position) {
        self.0.push((side, value, chosen.map(|m| m.span())));
    }
}

#[test]
fn opening_ceremony() {
    // "jusqu'à ce que l'un d'eux marque un point ... Ce joueur jouera avec les pions foncés et
    // déplace celui de la case 10 sur la case 11." / "Le second joueur joue son premier coup à
    // partir de la case 9"
    let r = rules("kendall");
    // The throw-off: a 3, then the 1. Black then throws 2 (moves, passes the hand), white 3.
    let mut thrower = ScriptedThrower::from_values(&r, &[3, 1, 2, 3, 2]).unwrap();
    let mut strategies: [Box<dyn Strategy>; 2] = [Box::new(BackStrategy), Box::new(BackStrategy)];
    let mut trace = Trace(Vec::new());
    let limited = r.with(|r| r.max_turns = 3).unwrap();
    play_game(
        &limited,
        &mut strategies,
        &mut thrower,
        &mut stream(1, 2),
        &mut trace,
    );
    assert_eq!(
        thrower.remaining(),
        0,
        "three turns use the five scripted throws"
    );
    assert_eq!(
        trace.0[0],
        (Black, 3, None),
        "the throw-off's 3 moves nothing"
    );
    assert_eq!(trace.0[1], (Black, 1, Some((10, 11))));
    // "Après le premier coup, le même joueur garde la main." (back: the rearmost pawn that can move)
    assert_eq!(trace.0[2], (Black, 2, Some((8, 10))));
    let white_first = trace.0.iter().find(|t| t.0 == White).unwrap();
    assert_eq!(white_first, &(White, 3, Some((9, 12))));
}

#[test]
fn water_goes_back_to_square_one() {
    // "il doit retourner sur la case 1 et tout recommencer (si la case 1 est occupée, on pose le
    // pion sur la première case vide)."
    let r = rules("kendall");
    assert_eq!(pairs(&r, &pos(&[25], &[3], White), 2), vec![(25, 1)]);
    assert_eq!(
        pairs(&r, &pos(&[25, 1], &[2], White), 2),
        vec![(1, 3), (25, 3)]
    );
}

#[test]
fn refuges_and_backward_moves() {
    let r = rules("kendall");
    // "Les cases 26, 27, 28, 29 et 30 sont des refuges sur lesquels on ne peut pas attaquer les pions."
    assert!(!pairs(&r, &pos(&[24, 1], &[28], White), 4).contains(&(24, 28)));
    // "un pion ne peut pas reculer sur une case occupée par un autre pion, quelle que soit sa couleur."
    assert_eq!(pairs(&r, &pos(&[19], &[16, 21, 22, 23], White), 3), vec![]);
}

#[test]
fn bearing_off_lands_exactly_on_30_once_all_are_on_the_last_row() {
    let r = rules("kendall");
    // "il peut commencer à les retirer du plateau à mesure qu'il les amène exactement sur la case 30."
    assert_eq!(
        pairs(&r, &pos(&[26, 21], &[1], White), 4),
        vec![(21, 25), (26, OFF)]
    );
    assert_eq!(
        pairs(&r, &pos(&[26], &[1], White), 6),
        vec![(26, 20)],
        "no move past 30: the 6 is played backward"
    );
    // "Si des pions de la ligne de sortie sont attaqués et renvoyés sur la première ou la deuxième
    // ligne, les pions ... ne peuvent sortir avant le retour de ces pièces"
    assert_eq!(
        pairs(&r, &pos(&[26, 15], &[1], White), 4),
        vec![(15, 19), (26, 30)]
    );
}

#[test]
fn series_points_rule_10() {
    // "1 point par pion adverse demeurant sur la ligne de sortie (sauf s'ils se trouvent sur des
    // refuges), 2 points par pion se trouvant sur la deuxième ligne, et 3 points ... première ligne."
    let r = rules("kendall");
    let p = pos(&[], &[3, 15, 22, 28], White);
    assert_eq!(series_points(&r, &p, Black), 3 + 2 + 1);
}
