//! Ludii's state-evaluation metrics with exact values (`senet_simulation::exact::evaluation`) over
//! seeded games of a solved game: each game's figures recomputed from its review, and the same
//! result whatever the threads.

use senet_engine::board::Side;
use senet_engine::strategy::optimal::Optimal;
use senet_engine::strategy::Strategy;
use senet_engine::throws::{game_seed, Device};
use senet_engine::variants::Variant;
use senet_simulation::cancel::Cancel;
use senet_simulation::exact::evaluation::{state_metrics, StateMetrics};
use senet_simulation::exact::review::review;
use senet_simulation::exact::solve::{solve, Request};
use std::sync::Arc;

fn tejon(pawns: u8) -> Arc<senet_engine::solve::Solution> {
    let rules = Variant::TEJON.rules().with(|r| r.pawns = pawns).unwrap();
    let exact = solve(
        &Request::new(rules, Device::Coins),
        &Cancel::new(),
        &mut |_| {},
    );
    Arc::new(exact.unwrap().solution)
}

#[test]
fn the_metrics_are_the_means_of_each_reviewed_games_figures() {
    // 300 games of optimal play, seed 11, lane 0: each game reviewed on its own, its figures
    // computed here from white's chances in the terms of the chance p itself (the winner's
    // shortfall 2 − 4q when its chance q is below one half, the loser's best 2p − 1).
    let solution = tejon(2);
    let games = 300;
    let m = state_metrics(&solution, &Device::Coins, false, games, 11, 0).unwrap();
    let (mut drama, mut max, mut lead, mut threshold) = (0.0, 0.0, 0.0, 0.0);
    let (mut gap, mut gap_max) = (0.0, 0.0);
    for g in 0..games {
        let optimal = || -> Box<dyn Strategy> { Box::new(Optimal::new(solution.clone())) };
        let (steps, summary) = review(
            &solution,
            &Device::Coins,
            [optimal(), optimal()],
            game_seed(11, 0, g),
        );
        let winner = summary.winner.expect("no cap is reached in a small game");
        let winner_chance = |w: f64| if winner == Side::White { w } else { 1.0 - w };
        let short: Vec<f64> = (steps.iter())
            .map(|s| (2.0 - 4.0 * winner_chance(s.white_before)).max(0.0))
            .collect();
        drama += short.iter().sum::<f64>() / steps.len() as f64;
        max += short.iter().cloned().fold(0.0, f64::max);
        // Ludii's code: both sides "rank highest" at the start, so a state's drama is half the
        // gap between the evaluations, |2w − 1|.
        let half: Vec<f64> = (steps.iter())
            .map(|s| (2.0 * s.white_before - 1.0).abs())
            .collect();
        gap += half.iter().sum::<f64>() / steps.len() as f64;
        gap_max += half.iter().cloned().fold(0.0, f64::max);
        let ahead = |w: f64| (w >= 0.5, w <= 0.5);
        let changes = 1
            + (steps.windows(2))
                .filter(|p| ahead(p[0].white_before) != ahead(p[1].white_before))
                .count();
        lead += changes as f64 / steps.len() as f64;
        let best = (steps.iter())
            .map(|s| 1.0 - 2.0 * winner_chance(s.white_before))
            .fold(-1.0, f64::max);
        threshold += best;
    }
    let n = games as f64;
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
    let named = m.named();
    let get = |name: &str| named.iter().find(|(k, _)| *k == name).unwrap().1.mean;
    assert_eq!(m.games, games);
    assert!(close(get("Drama Average"), gap / n), "{m:?}");
    assert!(close(get("Drama Max"), gap_max / n), "{m:?}");
    assert!(close(get("LeadChange"), lead / n), "{m:?}");
    assert!(close(get("DecisivenessThreshold"), -1.0), "{m:?}");
    assert!(close(get("Drama Average (docstring)"), drama / n), "{m:?}");
    assert!(close(get("Drama Max (docstring)"), max / n), "{m:?}");
    assert!(
        close(get("DecisivenessThreshold (docstring)"), threshold / n),
        "{m:?}"
    );
    // A game's largest shortfall is at least its mean; the loser was ahead at some point in
    // some games.
    assert!(get("Drama Max (docstring)") >= get("Drama Average (docstring)"));
    assert!(get("DecisivenessThreshold (docstring)") > 0.0);
}

#[test]
fn the_metrics_do_not_depend_on_the_number_of_threads() {
    let solution = tejon(1);
    let run = |threads| -> Vec<Option<StateMetrics>> {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| {
                [false, true]
                    .map(|random| state_metrics(&solution, &Device::Coins, random, 400, 5, 1))
                    .to_vec()
            })
    };
    let (one, two) = (run(1), run(2));
    assert!(one.iter().all(Option::is_some));
    assert_eq!(one, two);
}
