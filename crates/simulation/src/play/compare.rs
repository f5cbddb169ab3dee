//! Two arms of one scenario compared: the difference of their win rates and of their mean
//! lengths, each with its 95% interval and the two-sided p-value of "no difference" (the
//! arms' games are independent samples; a normal test on the difference, unpooled).

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

/// How a measure is read from an arm.
type Reader = fn(&ArmStats) -> Estimate;

/// The measures compared, with how each is read from an arm.
const MEASURES: [(&str, Reader); 3] = [
    ("white_rate", |a| share(a.white_wins, a.games)),
    ("first_mover_rate", |a| share(a.first_mover_wins, a.games)),
    ("mean_turns", mean_turns),
];

/// The comparisons of arm `b` with arm `a`, one a measure both arms have.
pub fn compare(a: &ArmStats, b: &ArmStats) -> Vec<Comparison> {
    MEASURES
        .iter()
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
