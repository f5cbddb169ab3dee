//! The exact expected length of a small game (`senet_simulation::exact::lengths`) against simulated
//! games of the same play.

use senet_engine::game::{play_game, Silent};
use senet_engine::solve::backup::Pick;
use senet_engine::strategy::optimal::Optimal;
use senet_engine::strategy::{RandomStrategy, Strategy};
use senet_engine::throws::{game_seed, stream, Device, SeededThrower};
use senet_engine::variants::Variant;
use senet_simulation::cancel::Cancel;
use senet_simulation::exact::lengths::expected_lengths;
use senet_simulation::exact::review::review;
use senet_simulation::exact::solve::{solve, Request};
use std::sync::Arc;

/// The mean and its standard error of `xs`.
fn mean_se(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

#[test]
#[ignore = "slow (16 s in a debug build): cargo test -- --include-ignored"]
fn tejons_exact_expected_lengths_agree_with_20000_simulated_games_of_each_play() {
    // tejon with 2 pawns a side and coins, solved; then 20,000 games of optimal against
    // optimal and 20,000 of random against random (seed 2026), their mean turns and throws
    // against the exact expectations. The tolerance is 4 standard errors of each mean: a
    // correct expectation fails it about once in 16,000 runs, and this fixed seed never.
    let rules = Variant::TEJON.rules().with(|r| r.pawns = 2).unwrap();
    let device = Device::Coins;
    let exact = solve(
        &Request::new(rules.clone(), device),
        &Cancel::new(),
        &mut |_| {},
    )
    .unwrap();
    let solution = Arc::new(exact.solution);
    for pick in [Pick::Best, Pick::Uniform] {
        let lengths = expected_lengths(&solution, pick, &Cancel::new()).unwrap();
        let players = || -> [Box<dyn Strategy>; 2] {
            match pick {
                Pick::Best => [
                    Box::new(Optimal::new(Arc::clone(&solution))),
                    Box::new(Optimal::new(Arc::clone(&solution))),
                ],
                Pick::Uniform => [Box::new(RandomStrategy), Box::new(RandomStrategy)],
            }
        };
        let mut strategies = players();
        let (mut turns, mut throws) = (Vec::new(), Vec::new());
        for g in 0..20_000 {
            let s = game_seed(2026, 0, g);
            let summary = play_game(
                &rules,
                &mut strategies,
                &mut SeededThrower::new(&device, s),
                &mut stream(s, 2),
                &mut Silent,
            );
            assert!(summary.winner.is_some(), "every game finishes");
            turns.push(f64::from(summary.turns));
            throws.push(f64::from(summary.throws));
        }
        for (what, xs, exact) in [
            ("turns", &turns, lengths.turns),
            ("throws", &throws, lengths.throws),
        ] {
            let (mean, se) = mean_se(xs);
            assert!(
                (mean - exact).abs() < 4.0 * se,
                "{pick:?} {what}: simulated {mean} ± {se}, exact {exact}"
            );
        }
        // The mean luck swing of a throw, against `review`'s luck of each throw over 2,000 of
        // the same games: a ratio of sums, its standard error by the delta method.
        let (mut sums, mut counts) = (Vec::new(), Vec::new());
        for g in 0..2_000 {
            let (steps, _) = review(&solution, &device, players(), game_seed(2026, 0, g));
            // A first throw set by the rules is the throw-off's: not a throw played.
            let skip = usize::from(rules.first_throw.is_some());
            sums.push(steps[skip..].iter().map(|s| s.luck.abs()).sum::<f64>());
            counts.push((steps.len() - skip) as f64);
        }
        let ratio = sums.iter().sum::<f64>() / counts.iter().sum::<f64>();
        let residuals: Vec<f64> = (sums.iter().zip(&counts))
            .map(|(a, n)| a - ratio * n)
            .collect();
        let (_, se) = mean_se(&residuals);
        let se = se / (counts.iter().sum::<f64>() / counts.len() as f64);
        assert!(
            (ratio - lengths.luck_per_throw).abs() < 4.0 * se,
            "{pick:?} luck a throw: reviewed {ratio} ± {se}, exact {}",
            lengths.luck_per_throw
        );
        assert!(lengths.reached <= lengths.positions && lengths.reached > 0);
        assert!(lengths.last_change <= senet_simulation::exact::lengths::TOLERANCE);
    }
}

#[test]
fn a_one_pawn_race_without_choices_has_the_length_its_throws_give() {
    // Every variant with 1 pawn: the exact throws exceed the turns (a turn has at least one
    // throw), optimal play reaches fewer positions than random play, and random play reaches
    // none it cannot (at most every position).
    for variant in Variant::all() {
        let Ok(rules) = variant.rules().with(|r| r.pawns = 1) else {
            continue;
        };
        let Ok(exact) = solve(
            &Request::new(rules, variant.device()),
            &Cancel::new(),
            &mut |_| {},
        ) else {
            continue;
        };
        let best = expected_lengths(&exact.solution, Pick::Best, &Cancel::new()).unwrap();
        let random = expected_lengths(&exact.solution, Pick::Uniform, &Cancel::new()).unwrap();
        for l in [best, random] {
            assert!(l.throws >= l.turns && l.turns >= 1.0, "{variant}: {l:?}");
            assert!(l.reached <= l.positions, "{variant}");
        }
        assert!(
            best.reached <= random.reached,
            "{variant}: {best:?} {random:?}"
        );
    }
}
