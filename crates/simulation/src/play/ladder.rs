//! A skill ladder: strategies listed weakest first, each playing the next one (a tournament
//! with `ladder = true`), and how far up skill keeps paying.
//!
//! Each step is the stronger strategy's score against the one below it over both seatings (a
//! win 1, a draw or a game stopped by the turn cap ½), with its 95% Wilson interval. Ludii's `SkillTrace` (`Evaluation/src/metrics/designer/
//! SkillTrace.java`) summarises such a ladder in one number: it plays UCT with twice the
//! iterations against UCT, eight times, doubling both each time; here the ladder's steps take
//! the doublings' place, and the formula is Ludii's, quirks included (see [`skill_trace`]).

use crate::play::stats::wilson95_of;
use crate::play::tournament::TournamentResult;

/// One step of a ladder: strategy `stronger` (listed just after `weaker`) against `weaker`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    /// The strategy below (its index in the tournament).
    pub weaker: usize,
    /// The strategy above.
    pub stronger: usize,
    /// Games of the pairing, both seatings.
    pub games: u64,
    /// Games the stronger strategy won.
    pub wins: u64,
    /// Games drawn or stopped by the turn cap (half a win to each side).
    pub halves: u64,
    /// Its score: wins and half the draws, over the games.
    pub rate: f64,
    /// The 95% Wilson interval of the score.
    pub interval: (f64, f64),
}

impl Step {
    /// The stronger strategy's mean utility, +1 a win, 0 a draw, −1 a loss, as Ludii's
    /// `RankUtils.agentUtilities` counts a two-player result: `2 · rate − 1`.
    pub fn utility(&self) -> f64 {
        2.0 * self.rate - 1.0
    }
}

/// The steps of a ladder tournament, from the bottom (`None` when the tournament is not a
/// ladder).
pub fn steps(result: &TournamentResult) -> Option<Vec<Step>> {
    let t = &result.tournament;
    t.ladder.then(|| {
        (1..t.strategies.len())
            .map(|stronger| {
                let weaker = stronger - 1;
                let p = (result.pairings.iter())
                    .find(|p| (p.a, p.b) == (weaker, stronger))
                    .expect("a ladder's pairing");
                let (wins, halves, games) = (p.wins_of(stronger), p.halves(), p.games());
                let rate = (wins as f64 + halves as f64 / 2.0) / games.max(1) as f64;
                Step {
                    weaker,
                    stronger,
                    games,
                    wins,
                    halves,
                    rate,
                    interval: wilson95_of(rate, games),
                }
            })
            .collect()
    })
}

/// Ludii's `SkillTrace` from the stronger side's mean utility at each step, bottom first
/// (`None` with fewer than two steps: no line to fit), as `designer/SkillTrace.java` of Ludii
/// 1.3.13 computes it: `areaEstimate += Math.max(strongAIAvgResult, 0.0)`, the positive
/// utilities' sum divided by the steps (`areaEstimate/matchCount`); a least-squares line
/// through the utilities at x = 0, 1, …, n − 1 read at x = n + 1 (`predict(numMatches+1)`) and
/// kept within [0, 1]; the trace is that value y plus (1 − y) times the area, within [0, 1].
/// (An earlier revision summed the squares and did not divide: it could exceed 1.)
pub fn skill_trace(utilities: &[f64]) -> Option<f64> {
    let n = utilities.len();
    if n < 2 {
        return None;
    }
    let area = utilities.iter().map(|u| u.max(0.0)).sum::<f64>() / n as f64;
    let xs = (0..n).map(|i| i as f64);
    let (mx, my) = (
        xs.clone().sum::<f64>() / n as f64,
        utilities.iter().sum::<f64>() / n as f64,
    );
    let sxy: f64 = xs
        .clone()
        .zip(utilities)
        .map(|(x, y)| (x - mx) * (y - my))
        .sum();
    let sxx: f64 = xs.map(|x| (x - mx) * (x - mx)).sum();
    let slope = sxy / sxx;
    let next = (my + slope * ((n + 1) as f64 - mx)).clamp(0.0, 1.0);
    Some(next + (1.0 - next) * area)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::tournament::{Pairing, Seating, Tournament};
    use senet_engine::strategy::spec::{Player, StrategySpec};
    use senet_engine::throws::Device;
    use senet_engine::variants::Variant;

    #[test]
    fn a_step_scores_the_stronger_strategys_wins_and_half_its_draws() {
        // back (1) against random (0): back white 30 games, 20 won, 4 drawn; random white 30
        // games, 18 won by back, 2 unfinished. Back scores (38 + 6 / 2) / 60.
        let seating = |white_wins, black_wins, draws, unfinished| Seating {
            games: 30,
            white_wins,
            black_wins,
            draws,
            unfinished,
            ..Seating::default()
        };
        let pairing = Pairing {
            a: 0,
            b: 1,
            a_white: seating(10, 18, 0, 2),
            b_white: seating(20, 6, 4, 0),
            ..Pairing::default()
        };
        let t = Tournament {
            name: "l".into(),
            variant: Variant::TEJON,
            rules: Variant::TEJON.rules(),
            device: Device::Coins,
            strategies: vec![Player::random(), StrategySpec::Back.ready().unwrap()],
            games: 60,
            ladder: true,
        };
        let steps = steps(&TournamentResult::new(&t, vec![pairing])).unwrap();
        let s = steps[0];
        assert_eq!(
            (s.weaker, s.stronger, s.games, s.wins, s.halves),
            (0, 1, 60, 38, 6)
        );
        assert!((s.rate - 41.0 / 60.0).abs() < 1e-12);
        assert!(s.interval.0 < s.rate && s.rate < s.interval.1);
        let not_a_ladder = Tournament { ladder: false, ..t };
        assert_eq!(steps_of(&not_a_ladder, pairing), None);
    }

    fn steps_of(t: &Tournament, p: Pairing) -> Option<Vec<Step>> {
        steps(&TournamentResult::new(t, vec![p]))
    }

    #[test]
    fn skill_trace_follows_ludiis_formula() {
        // Utilities 0.2, 0.1, 0.0: the line y = 0.2 − 0.1x read at x = 4 is −0.2, kept at 0;
        // the area is (0.2 + 0.1 + 0) / 3: the trace is 0.1.
        let t = skill_trace(&[0.2, 0.1, 0.0]).unwrap();
        assert!((t - 0.1).abs() < 1e-12, "{t}");
        // Rising utilities 0.1, 0.3: the line 0.1 + 0.2x read at x = 3 is 0.7; the area
        // (0.1 + 0.3) / 2 = 0.2; 0.7 + 0.3 · 0.2.
        let t = skill_trace(&[0.1, 0.3]).unwrap();
        assert!((t - 0.76).abs() < 1e-12, "{t}");
        // Lopsided steps stay within 1 (the squared, unaveraged sum gave 0.9 + 0.1 · 2.43).
        let t = skill_trace(&[0.9, 0.9, 0.9]).unwrap();
        assert!((t - 0.99).abs() < 1e-12, "{t}");
        // A negative utility adds nothing to the area.
        let t = skill_trace(&[-0.5, -0.5]).unwrap();
        assert_eq!(t, 0.0);
        assert_eq!(skill_trace(&[0.4]), None);
    }
}
