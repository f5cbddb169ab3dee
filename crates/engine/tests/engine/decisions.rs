//! The game's stream of decisions (`Observer::on_decision`): every choice a player makes, with
//! the list it chose from, and reading it changes no game.

use crate::common::rules;
use senet_engine::board::{Position, Side};
use senet_engine::game::{play_game, Observer, Silent};
use senet_engine::movegen::{legal_moves, Move};
use senet_engine::strategy::{Asked, RandomStrategy, Strategy};
use senet_engine::throws::{game_seed, stream, SeededThrower};
use senet_engine::variants::VARIANTS;

/// Every decision, and the throws that had a legal move.
#[derive(Default)]
struct Log {
    decisions: Vec<(Side, Asked, Position, Vec<Move>, usize)>,
    played_throws: u32,
    throw_decisions: u32,
    /// A throw is being played (the opening step, which no one chooses, comes without one).
    thrown: bool,
}

impl Observer for Log {
    const DECISIONS: bool = true;

    fn on_decision(&mut self, side: Side, asked: &Asked, pos: &Position, moves: &[Move], i: usize) {
        self.throw_decisions += matches!(asked, Asked::Throw(_)) as u32;
        self.decisions.push((side, *asked, *pos, moves.to_vec(), i));
    }

    fn before_throw(&mut self, _pos: &Position, _value: u8) {
        self.thrown = true;
    }

    fn on_throw(&mut self, _side: Side, _value: u8, chosen: Option<&Move>, _after: &Position) {
        self.played_throws += (std::mem::take(&mut self.thrown) && chosen.is_some()) as u32;
    }
}

fn random() -> [Box<dyn Strategy>; 2] {
    [Box::new(RandomStrategy), Box::new(RandomStrategy)]
}

#[test]
fn every_choice_is_reported_and_reading_them_changes_no_game() {
    for v in VARIANTS {
        let r = rules(v.id);
        for g in 0..20 {
            let seed = game_seed(7, 0, g);
            let device =
                v.id.parse::<senet_engine::variants::Variant>()
                    .unwrap()
                    .device();
            let silent = play_game(
                &r,
                &mut random(),
                &mut SeededThrower::new(&device, seed),
                &mut stream(seed, 2),
                &mut Silent,
            );
            let mut log = Log::default();
            let logged = play_game(
                &r,
                &mut random(),
                &mut SeededThrower::new(&device, seed),
                &mut stream(seed, 2),
                &mut log,
            );
            // Random players take the general path when decisions are read: the same game.
            assert_eq!(
                format!("{silent:?}"),
                format!("{logged:?}"),
                "{} game {g}",
                v.id
            );
            assert_eq!(log.throw_decisions, log.played_throws, "{} game {g}", v.id);
            for (side, asked, pos, moves, i) in &log.decisions {
                assert_eq!(pos.to_move(), *side);
                assert!(*i < moves.len());
                if let Asked::Throw(value) = asked {
                    assert_eq!(moves, &legal_moves(&r, pos, *value).to_vec(), "{}", v.id);
                }
            }
        }
    }
}
