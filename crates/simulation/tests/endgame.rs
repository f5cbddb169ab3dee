//! A solved table as an endgame database: the table of K pawns a side gives the exact value of
//! the positions of a larger game of the same rules where each side has at most K pawns in
//! play. Checked on positions reached in real games: the 1-pawn table's value of every such
//! position of 2-pawn games is the 2-pawn table's.

use senet_engine::board::Position;
use senet_engine::game::{play_game, Observer};
use senet_engine::solve::Solution;
use senet_engine::strategy::spec::StrategySpec;
use senet_engine::throws::{stream, Device, SeededThrower};
use senet_engine::variants::Variant;
use senet_simulation::cancel::Cancel;
use senet_simulation::exact::solve::{solve, Method, Request};

fn table(variant: Variant, pawns: u8) -> Solution {
    let request = Request {
        method: Method::Graph,
        optimal_only: true,
        ..Request::new(
            variant.rules().with(|r| r.pawns = pawns).unwrap(),
            variant.device(),
        )
    };
    solve(&request, &Cancel::new(), &mut |_| {})
        .unwrap()
        .solution
}

/// Every position before a throw.
struct Positions(Vec<Position>);
impl Observer for Positions {
    fn before_throw(&mut self, pos: &Position, _: u8) {
        self.0.push(*pos);
    }
}

#[test]
fn a_smaller_table_gives_the_larger_games_values_where_it_covers_them() {
    for variant in [Variant::TEJON, "passage".parse().unwrap()] {
        let (one, two) = (table(variant, 1), table(variant, 2));
        let rules = &two.rules;
        let mut positions = Positions(Vec::new());
        for seed in 0..300 {
            let mut players = [
                StrategySpec::Random,
                StrategySpec::Heuristic(Default::default()),
            ]
            .map(|s| s.ready().unwrap().build(rules, &variant.device()));
            play_game(
                rules,
                &mut players,
                &mut SeededThrower::new(&variant.device(), seed),
                &mut stream(seed, 2),
                &mut positions,
            );
        }
        let covered: Vec<&Position> = (positions.0.iter())
            .filter(|p| one.value(p).is_some())
            .collect();
        assert!(
            covered.len() > 1_000,
            "{variant}: {} positions",
            covered.len()
        );
        for p in covered {
            let (small, large) = (one.value(p).unwrap(), two.value(p).unwrap());
            assert!(
                (small - large).abs() < 1e-6,
                "{variant}: {small} and {large} at\n{}",
                p.draw()
            );
            assert!(p.in_play(p.to_move()) <= 1 && p.in_play(p.to_move().other()) <= 1);
        }
    }
    let _ = Device::Coins;
}
