//! Two arms of one scenario compared: the difference of their win rates (white's, the first
//! mover's over all games, with draws as half a win, and over the decided games), their draw
//! rates and their mean lengths in turns and throws, each with its 95% interval and the
//! two-sided p-value of "no difference" (the arms' games are independent samples; a normal
//! test on the difference, unpooled). A table of many comparisons adjusts its p-values for
//! the family with [`holm`].

use crate::play::stats::{mean_se, two_sided, ArmStats, Z95};

/// One measure of two arms: each arm's value, the difference (second less first), its 95%
/// interval and the two-sided p-value of a zero difference.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Comparison {
    /// The measure, as `summary.csv` names it (`white_rate`, `first_mover_rate`, `mean_turns`).
    pub measure: &'static str,
    /// The first arm's value.
    pub a: f64,
    /// The second arm's value.
    pub b: f64,
    /// `b − a`.
    pub difference: f64,
    /// Its 95% interval: the difference ± 1.96 standard errors, √(se_a² + se_b²).
    pub interval: (f64, f64),
    /// The probability of a difference at least this large if the arms did not differ.
    pub p_value: f64,
}

/// Holm's step-down adjustment of a family of p-values, in their order: the k-th smallest of
/// m is multiplied by m − k + 1, then made no smaller than the one before it, at most 1. The
/// family's chance of any false « differs » stays at or below the level tested.
pub fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let mut adjusted = vec![0.0; m];
    let mut running: f64 = 0.0;
    for (k, &i) in order.iter().enumerate() {
        running = running.max(((m - k) as f64 * p[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

/// A measure's value and its standard error in one arm (`None`: no game to read).
type Estimate = Option<(f64, f64)>;

/// A share of the games, with the standard error √(p(1 − p)/n).
fn share(k: u64, n: u64) -> Estimate {
    (n > 0).then(|| {
        let p = k as f64 / n as f64;
        (p, (p * (1.0 - p) / n as f64).sqrt())
    })
}

/// The mean length in turns of the finished games, with s / √n (s the sample deviation).
fn mean_turns(a: &ArmStats) -> Estimate {
    let n = a.turns.total();
    let (sum, squares) = a.turns.sums();
    (n > 0).then(|| mean_se(n, sum, squares))
}

/// The mean throws of the finished games, with s / √n.
fn mean_throws(a: &ArmStats) -> Estimate {
    let n = a.throws_per_game.total();
    let (sum, squares) = a.throws_per_game.sums();
    (n > 0).then(|| mean_se(n, sum, squares))
}

/// The first mover's score over all games, a draw half a win: the mean of a game's 1, ½ or 0,
/// with its standard error from those values' variance.
fn first_mover_score(a: &ArmStats) -> Estimate {
    (a.games > 0).then(|| {
        let n = a.games as f64;
        let (w, d) = (a.first_mover_wins as f64, a.draws as f64);
        let mean = (w + d / 2.0) / n;
        let variance = ((w + d / 4.0) / n - mean * mean).max(0.0);
        (mean, (variance / n).sqrt())
    })
}

/// How a measure is read from an arm.
type Reader = fn(&ArmStats) -> Estimate;

/// The measures compared, with how each is read from an arm: `summary.csv`'s names, and
/// `first_mover_score` (draws as ½), `first_mover_decided` (over the games with a winner).
const MEASURES: [(&str, Reader); 7] = [
    ("white_rate", |a| share(a.white_wins, a.games)),
    ("first_mover_rate", |a| share(a.first_mover_wins, a.games)),
    ("first_mover_score", first_mover_score),
    ("first_mover_decided", |a| {
        share(a.first_mover_wins, a.white_wins + a.black_wins)
    }),
    ("draw_rate", |a| share(a.draws, a.games)),
    ("mean_turns", mean_turns),
    ("mean_throws", mean_throws),
];

/// The measures [`compare`] compares, in its order.
pub fn measures() -> impl Iterator<Item = &'static str> {
    MEASURES.iter().map(|(m, _)| *m)
}

/// The measures that differ from the first mover's rate only through draws and unfinished
/// games: left out of a pair of arms that has neither (they would repeat it).
const WITH_DRAWS: [&str; 3] = ["first_mover_score", "first_mover_decided", "draw_rate"];

/// The comparisons of arm `b` with arm `a`, one a measure both arms have (the measures of
/// draws only when one of them has a draw or an unfinished game).
pub fn compare(a: &ArmStats, b: &ArmStats) -> Vec<Comparison> {
    let draws = a.draws + b.draws + a.unfinished + b.unfinished > 0;
    MEASURES
        .iter()
        .filter(|(measure, _)| draws || !WITH_DRAWS.contains(measure))
        .filter_map(|(measure, of)| {
            let ((va, sa), (vb, sb)) = (of(a)?, of(b)?);
            let difference = vb - va;
            let se = (sa * sa + sb * sb).sqrt();
            let p_value = if se > 0.0 {
                two_sided(difference / se)
            } else if difference == 0.0 {
                1.0
            } else {
                0.0
            };
            Some(Comparison {
                measure,
                a: va,
                b: vb,
                difference,
                interval: (difference - Z95 * se, difference + Z95 * se),
                p_value,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arm(games: u64, white_wins: u64, first_mover_wins: u64, turns: &[u32]) -> ArmStats {
        let mut a = ArmStats {
            games,
            white_wins,
            black_wins: games - white_wins,
            first_mover_wins,
            ..ArmStats::default()
        };
        for &t in turns {
            a.turns.add(t);
            a.throws_per_game.add(2 * t);
        }
        a
    }

    #[test]
    fn a_difference_of_rates_has_its_interval_and_p_value() {
        // 500 of 1,000 against 550 of 1,000: d = 0.05, se = √(0.25/1000 + 0.2475/1000)
        // = 0.022305, z = 2.2417, p = 0.02498.
        let a = arm(1000, 500, 500, &[10, 20]);
        let b = arm(1000, 550, 500, &[10, 20]);
        let c = compare(&a, &b);
        let white = c.iter().find(|x| x.measure == "white_rate").unwrap();
        assert!((white.difference - 0.05).abs() < 1e-12);
        let se = (0.25f64 / 1000.0 + 0.2475 / 1000.0).sqrt();
        assert!((white.interval.0 - (0.05 - Z95 * se)).abs() < 1e-12);
        assert!((white.p_value - 0.024_98).abs() < 1e-4, "{}", white.p_value);
        // The same first-mover rate: no difference, p = 1.
        let first = c.iter().find(|x| x.measure == "first_mover_rate").unwrap();
        assert_eq!((first.difference, first.p_value), (0.0, 1.0));
    }

    #[test]
    fn holm_multiplies_the_kth_smallest_and_keeps_the_order() {
        // m = 4: 0.01 × 4 = 0.04, 0.02 × 3 = 0.06, 0.03 × 2 = 0.06, 0.5 × 1 = 0.5; in place.
        let adjusted = holm(&[0.5, 0.03, 0.01, 0.02]);
        let want = [0.5, 0.06, 0.04, 0.06];
        for (a, w) in adjusted.iter().zip(want) {
            assert!((a - w).abs() < 1e-12, "{adjusted:?}");
        }
        // Monotone, and capped at 1.
        assert_eq!(holm(&[0.4, 0.3]), vec![0.6, 0.6]);
        assert_eq!(holm(&[0.9, 0.8, 0.7]), vec![1.0, 1.0, 1.0]);
        assert!(holm(&[]).is_empty());
    }

    #[test]
    fn draws_count_half_for_the_score_and_not_at_all_when_decided() {
        // 1,000 games: the first mover wins 300, 400 are drawn (ludii-jequier's sort of arm).
        let mut a = arm(1000, 300, 300, &[10]);
        a.black_wins = 300;
        a.draws = 400;
        let c = compare(&a, &a);
        let get = |m: &str| c.iter().find(|x| x.measure == m).unwrap().a;
        // Without a draw, the draws' measures are left out (they repeat the first mover's).
        let none = arm(1000, 500, 500, &[10]);
        let measures: Vec<&str> = compare(&none, &none).iter().map(|x| x.measure).collect();
        assert_eq!(
            measures,
            [
                "white_rate",
                "first_mover_rate",
                "mean_turns",
                "mean_throws"
            ]
        );
        assert!((get("first_mover_rate") - 0.3).abs() < 1e-12);
        assert!((get("first_mover_score") - 0.5).abs() < 1e-12);
        assert!((get("first_mover_decided") - 0.5).abs() < 1e-12);
        assert!((get("draw_rate") - 0.4).abs() < 1e-12);
        // The score's standard error: values 1 (300), ½ (400), 0 (300): E[X²] = 0.4, variance
        // 0.4 − 0.25 = 0.15.
        let (_, se) = first_mover_score(&a).unwrap();
        assert!((se - (0.15f64 / 1000.0).sqrt()).abs() < 1e-12);
    }

    #[test]
    fn a_difference_of_mean_lengths_uses_each_arms_sample_deviation() {
        // Lengths 10, 20 (mean 15, s = 7.071) against 20, 30 (mean 25): d = 10,
        // se = √(25 + 25) = 7.071, z = 1.414, p = 0.1573.
        let a = arm(2, 1, 1, &[10, 20]);
        let b = arm(2, 1, 1, &[20, 30]);
        let c = compare(&a, &b);
        let turns = c.iter().find(|x| x.measure == "mean_turns").unwrap();
        assert!((turns.difference - 10.0).abs() < 1e-9);
        assert!((turns.p_value - 0.1573).abs() < 1e-4, "{}", turns.p_value);
        // An arm without a finished game has no mean to compare.
        let empty = arm(0, 0, 0, &[]);
        assert!(compare(&a, &empty)
            .iter()
            .all(|x| x.measure != "mean_turns"));
    }
}
