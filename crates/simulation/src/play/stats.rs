//! Streaming statistics of many games: integer counters and histograms merged with `combine`,
//! so the result does not depend on how games were split between threads, and memory does not
//! grow with the number of games.

use senet_engine::board::{Position, Side};
use senet_engine::game::{GameSummary, Observer};
use senet_engine::movegen::Move;

/// Counters that add up: each thread counts its share of the games, then the shares are merged
/// with `combine` (integers only, so the order of merging cannot change a result).
pub trait Combine {
    /// Adds `other`'s counts to these.
    fn combine(&mut self, other: &Self);
}

impl Combine for u64 {
    fn combine(&mut self, other: &u64) {
        *self += other;
    }
}

impl<T: Combine, const N: usize> Combine for [T; N] {
    fn combine(&mut self, other: &[T; N]) {
        for (a, b) in self.iter_mut().zip(other) {
            a.combine(b);
        }
    }
}

/// Merges structs of counters field by field. The struct is destructured without `..`, so a
/// field added to it and not listed here does not compile.
#[macro_export]
macro_rules! combine_fields {
    ($ty:ident { $($field:ident),* $(,)? }) => {
        impl $crate::play::stats::Combine for $ty {
            fn combine(&mut self, other: &$ty) {
                let $ty { $($field),* } = other;
                $( $crate::play::stats::Combine::combine(&mut self.$field, $field); )*
            }
        }
    };
}

combine_fields!(ArmStats {
    games,
    throws,
    turns,
    throws_per_game,
    moves_per_game,
    white_wins,
    black_wins,
    first_mover_wins,
    unfinished,
    draws,
    captures,
    backward,
    passes,
    water,
    positions,
    occupancy,
    throwoffs,
    throwoff_first_thrower,
    first_thrower_wins,
    throwoff_throws,
});

/// A histogram of non-negative integers (game lengths), as counts indexed by value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Histogram {
    counts: Vec<u64>,
}

impl Histogram {
    /// Adds one observation.
    #[inline]
    pub fn add(&mut self, value: u32) {
        self.add_count(value, 1);
    }

    /// Adds `count` observations of `value` (one game, or counts read back from a file).
    #[inline]
    pub(crate) fn add_count(&mut self, value: u32, count: u64) {
        let i = value as usize;
        if i >= self.counts.len() {
            self.counts.resize(i + 1, 0);
        }
        self.counts[i] += count;
    }

    /// Number of observations.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// `(value, count)` for every value observed at least once, ascending.
    pub fn bins(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(v, &c)| (v as u32, c))
    }

    /// Mean, or 0 when empty (exact integer sums, then one division).
    pub fn mean(&self) -> f64 {
        let n = self.total();
        if n == 0 {
            return 0.0;
        }
        let sum: u128 = self.bins().map(|(v, c)| v as u128 * c as u128).sum();
        sum as f64 / n as f64
    }

    /// Population standard deviation, or 0 when empty.
    pub fn std_dev(&self) -> f64 {
        let n = self.total();
        if n == 0 {
            return 0.0;
        }
        let sum: u128 = self.bins().map(|(v, c)| v as u128 * c as u128).sum();
        let sq: u128 = self
            .bins()
            .map(|(v, c)| (v as u128).pow(2) * c as u128)
            .sum();
        let n = n as u128;
        // n * sum(x^2) - sum(x)^2, exact in integers.
        let num = n * sq - sum * sum;
        ((num as f64) / (n as f64 * n as f64)).sqrt()
    }

    /// Σ x and Σ x² over the observations.
    pub fn sums(&self) -> (f64, f64) {
        self.bins().fold((0.0, 0.0), |(sum, squares), (v, c)| {
            let (v, c) = (f64::from(v), c as f64);
            (sum + v * c, squares + v * v * c)
        })
    }

    /// The mean's 95% interval, mean ± 1.96 · s / √n (s the sample deviation, divisor
    /// n − 1); `None` when empty.
    pub fn mean_interval95(&self) -> Option<(f64, f64)> {
        let n = self.total();
        let (sum, squares) = self.sums();
        (n > 0).then(|| mean_interval(n, sum, squares).1)
    }

    /// The smallest value v such that at least a share `q` of observations are <= v
    /// (the lower empirical quantile; 0 when empty).
    pub fn quantile(&self, q: f64) -> u32 {
        let n = self.total();
        if n == 0 {
            return 0;
        }
        let need = ((q * n as f64).ceil() as u64).clamp(1, n);
        let mut seen = 0;
        for (v, c) in self.bins() {
            seen += c;
            if seen >= need {
                return v;
            }
        }
        unreachable!("counts sum to n")
    }
}

impl Combine for Histogram {
    fn combine(&mut self, other: &Histogram) {
        if other.counts.len() > self.counts.len() {
            self.counts.resize(other.counts.len(), 0);
        }
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
    }
}

/// Everything measured over the games of one arm.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArmStats {
    /// Games played.
    pub games: u64,
    /// Count of each throw value (index = value, 0..=6).
    pub throws: [u64; 7],
    /// Game lengths in turns, throws and moves (finished games only).
    pub turns: Histogram,
    /// Game lengths in throws (finished games only).
    pub throws_per_game: Histogram,
    /// Game lengths in moves (finished games only).
    pub moves_per_game: Histogram,
    /// Games won by white.
    pub white_wins: u64,
    /// Games won by black.
    pub black_wins: u64,
    /// Games won by the side that moved first.
    pub first_mover_wins: u64,
    /// Games stopped by the turn cap.
    pub unfinished: u64,
    /// Games ended with equal scores (`end = "all-out"`), counted with the finished games'
    /// lengths.
    pub draws: u64,
    /// Captures, backward moves, lost throws and falls in the water, summed over games.
    pub captures: u64,
    /// Backward moves, summed.
    pub backward: u64,
    /// Throws that could not be used, summed.
    pub passes: u64,
    /// Falls in the water, summed.
    pub water: u64,
    /// Positions observed (one after every throw).
    pub positions: u64,
    /// Pawns seen on each square over all positions, per side (indexed by [`Side::index`],
    /// then by square).
    pub occupancy: [[u64; 32]; 2],
    /// Games that began with an opening throw-off.
    pub throwoffs: u64,
    /// Throw-offs won by the player who threw first (an odd number of throws).
    pub throwoff_first_thrower: u64,
    /// Games with a throw-off won by the player who threw first in it (who started only when
    /// it got the value first).
    pub first_thrower_wins: u64,
    /// The number of throws each throw-off took (a geometric law of the starting value's
    /// probability).
    pub throwoff_throws: Histogram,
}

impl ArmStats {
    /// Records the summary of one finished or capped game.
    pub fn record(&mut self, s: &GameSummary) {
        self.games += 1;
        match s.winner {
            Some(w) => {
                self.turns.add(s.turns);
                self.throws_per_game.add(s.throws);
                self.moves_per_game.add(s.moves);
                match w {
                    Side::White => self.white_wins += 1,
                    Side::Black => self.black_wins += 1,
                }
                self.first_mover_wins += (s.first == Some(w)) as u64;
            }
            None if s.draw => {
                self.turns.add(s.turns);
                self.throws_per_game.add(s.throws);
                self.moves_per_game.add(s.moves);
                self.draws += 1;
            }
            None => self.unfinished += 1,
        }
        self.captures += s.captures() as u64;
        self.backward += s.backward as u64;
        self.passes += s.passes as u64;
        self.water += s.water as u64;
        self.throwoffs += (s.opening > 0) as u64;
        self.throwoff_first_thrower += (s.opening % 2 == 1) as u64;
        self.first_thrower_wins += (first_thrower(s).is_some_and(|f| s.winner == Some(f))) as u64;
        if s.opening > 0 {
            self.throwoff_throws.add(s.opening);
        }
    }

    /// Total throws counted.
    pub fn total_throws(&self) -> u64 {
        self.throws.iter().sum()
    }

    /// Share of positions with a pawn of `side` on `square`.
    pub fn occupancy_rate(&self, side: Side, square: u8) -> f64 {
        if self.positions == 0 {
            0.0
        } else {
            self.occupancy[side.index()][square as usize] as f64 / self.positions as f64
        }
    }
}

/// An observer that adds every throw and position of one game to an [`ArmStats`].
///
/// Occupancy is counted by stays, not by scanning every position: a pawn that arrives on a
/// square at position `i` and leaves it at position `j` stays `j - i` positions, added as `+j`
/// when it leaves and `-i` when it arrives (wrapping: the sum of one game is never negative
/// once [`Collector::finish`] has closed the stays still open). Only the squares a move changes
/// are touched, in one pass over both sides. Call [`Collector::finish`] when the game ends.
pub(crate) struct Collector<'a> {
    stats: &'a mut ArmStats,
    /// Positions seen so far in this game (the index of the current one).
    t: u32,
    /// The last position seen: white's squares in the low 32 bits, black's in the high 32,
    /// so that bit `i` indexes `occupancy` read as one array of 64 counters.
    prev: u64,
}

/// Both bitboards of a position in one word (white low, black high).
#[inline]
fn both(pos: &Position) -> u64 {
    pos.pawns()[0] as u64 | (pos.pawns()[1] as u64) << 32
}

impl<'a> Collector<'a> {
    /// A collector for one game.
    pub fn new(stats: &'a mut ArmStats) -> Collector<'a> {
        Collector {
            stats,
            t: 0,
            prev: 0,
        }
    }

    /// Closes the stays still open at the end of the game.
    pub fn finish(self) {
        let end = self.t as u64 + 1;
        let occupancy = self.stats.occupancy.as_flattened_mut();
        let mut bits = self.prev;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            occupancy[i] = occupancy[i].wrapping_add(end);
        }
        self.stats.positions += self.t as u64;
    }
}

impl Observer for Collector<'_> {
    fn on_opening_throw(&mut self, value: u8) {
        self.stats.throws[value as usize] += 1;
    }

    #[inline]
    fn on_throw(&mut self, _: Side, value: u8, _: Option<&Move>, after: &Position) {
        self.stats.throws[value as usize] += 1;
        self.t += 1;
        let now = both(after);
        let occupancy = self.stats.occupancy.as_flattened_mut();
        let t = self.t as u64;
        let mut changed = now ^ self.prev;
        while changed != 0 {
            let i = changed.trailing_zeros();
            changed &= changed - 1;
            // Arrived (now set): -t; left: +t. Branch-free: negate t when the bit is set.
            let arrived = ((now >> i) & 1).wrapping_neg();
            occupancy[i as usize] =
                occupancy[i as usize].wrapping_add((t ^ arrived).wrapping_sub(arrived));
        }
        self.prev = now;
    }
}

/// The side that threw first in the opening throw-off of game `s` (`None`: no throw-off): the
/// starter when the throw-off took an odd number of throws, the other side otherwise.
pub fn first_thrower(s: &GameSummary) -> Option<Side> {
    let starter = s.first?;
    match s.opening {
        0 => None,
        n if n % 2 == 1 => Some(starter),
        _ => Some(starter.other()),
    }
}

/// The probability that the first thrower of an opening throw-off (players throw in turn until
/// one gets a value of probability `p`) is the one who gets it: p / (1 - (1 - p)^2) = 1 / (2 - p).
pub fn first_thrower_probability(p: f64) -> f64 {
    1.0 / (2.0 - p)
}

/// [`first_thrower_probability`] for a rule set's opening throw-off with `device`; `None` when
/// the rules have no throw-off.
pub fn throwoff_theory(
    rules: &senet_engine::rules::Rules,
    device: &senet_engine::throws::Device,
) -> Option<f64> {
    rules.first_throw.map(|first| {
        let p = senet_engine::throws::value_distribution(rules, device)
            .iter()
            .find(|(v, _)| *v == first)
            .map_or(0.0, |x| x.1);
        first_thrower_probability(p)
    })
}

/// [`throwoff_theory`] as a fraction in lowest terms (`(4, 7)` with coins), when the device
/// gives the first throw's probability as one (coins, fair sticks, the die).
pub fn throwoff_fraction(
    rules: &senet_engine::rules::Rules,
    device: &senet_engine::throws::Device,
) -> Option<(u64, u64)> {
    let (num, den) = senet_engine::throws::value_fraction(rules, device, rules.first_throw?)?;
    // 1 / (2 - num/den) = den / (2 den - num).
    Some(senet_engine::throws::lowest_terms(den, 2 * den - num))
}

/// Waiting times for a value in a sequence of throws: `counts[k]` is how many times the value
/// came after exactly k throws (k >= 1) counted from the start or from its previous occurrence.
/// The last, unfinished wait is not counted. For independent throws with probability p these
/// follow the geometric law P(k) = (1 - p)^(k - 1) p.
pub fn waits(sequence: &[u8], value: u8) -> Vec<u64> {
    let mut counts = vec![0u64; 1];
    let mut k = 0usize;
    for &v in sequence {
        k += 1;
        if v == value {
            if counts.len() <= k {
                counts.resize(k + 1, 0);
            }
            counts[k] += 1;
            k = 0;
        }
    }
    counts
}

/// The probability that a normal deviate lies at least `z` standard deviations from its mean,
/// on either side: how often random throws make a frequency stray that far from its probability.
pub fn two_sided(z: f64) -> f64 {
    libm::erfc(z.abs() / std::f64::consts::SQRT_2)
}

/// The 95% Wilson score interval of `k` successes in `n` trials.
pub fn wilson95(k: u64, n: u64) -> (f64, f64) {
    wilson95_of(k as f64 / n.max(1) as f64, n)
}

/// The 95% Wilson interval of a share `p` observed over `n` trials, as [`wilson95`]; a score
/// with half points (a draw counting half a win) is a share too, and its interval is then
/// slightly wide (a drawn game varies less than a won or lost one).
pub(crate) fn wilson95_of(p: f64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054;
    let n = n as f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    // With no success (or no failure) the bound is exactly 0 (or 1); computed, it is a rounding
    // error of about 1e-19 that a spreadsheet would show.
    let lo = if p == 0.0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let hi = if p == 1.0 {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (lo, hi)
}

/// An observed frequency beside its exact probability.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrequencyCheck {
    /// Times the outcome was observed.
    pub count: u64,
    /// `count / n` (0 when n = 0).
    pub frequency: f64,
    /// The exact probability.
    pub theory: f64,
    /// Standard error of the frequency, `sqrt(p(1-p)/n)` (0 when n = 0).
    pub std_error: f64,
    /// `(frequency - theory) / std_error` (0 when the standard error is 0).
    pub z: f64,
}

/// `k / n`, or 0 when there is no trial; the school's fluctuation interval (French seconde)
/// `p ± 1/sqrt(n)`, clipped to [0, 1], which holds at least 95% of samples for n ≥ 25 and
/// 0.2 ≤ p ≤ 0.8. Both are the lesson's, defined once in `senet-classroom`.
pub use senet_classroom::{fluctuation_school, rate};

/// Compares `count` observations in `n` trials with the probability `p`.
pub fn frequency_check(count: u64, n: u64, p: f64) -> FrequencyCheck {
    let frequency = rate(count, n);
    let std_error = if n > 0 {
        (p * (1.0 - p) / n as f64).sqrt()
    } else {
        0.0
    };
    let z = if std_error > 0.0 {
        (frequency - p) / std_error
    } else {
        0.0
    };
    FrequencyCheck {
        count,
        frequency,
        theory: p,
        std_error,
        z,
    }
}

/// The fluctuation band of a frequency over `n` trials when the probability is `p`:
/// `p ± 1.96 sqrt(p(1-p)/n)`, clipped to [0, 1] (the exact 95% band of the normal approximation).
pub fn fluctuation95(p: f64, n: u64) -> (f64, f64) {
    let half = 1.96 * (p * (1.0 - p) / n as f64).sqrt();
    ((p - half).clamp(0.0, 1.0), (p + half).clamp(0.0, 1.0))
}

/// A 95% interval, `(low, high)`.
pub(crate) type Interval = (f64, f64);

/// Mean of `n` values from their sum and sum of squares, and its standard error s / √n (s the
/// sample deviation, divisor n − 1; 0 for one value).
pub fn mean_se(n: u64, sum: f64, squares: f64) -> (f64, f64) {
    let nf = n as f64;
    let mean = sum / nf;
    if n < 2 {
        return (mean, 0.0);
    }
    let var = ((squares - sum * sum / nf) / (nf - 1.0)).max(0.0);
    (mean, (var / nf).sqrt())
}

/// [`mean_se`]'s mean with its normal 95% interval, mean ± 1.96 standard errors.
pub(crate) fn mean_interval(n: u64, sum: f64, squares: f64) -> (f64, Interval) {
    let (mean, se) = mean_se(n, sum, squares);
    (mean, (mean - Z95 * se, mean + Z95 * se))
}

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

#[cfg(test)]
mod tests;
