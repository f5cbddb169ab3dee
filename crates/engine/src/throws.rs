//! Throwing devices, their exact distributions, and the one seam all randomness goes through.
//!
//! A device produces a number of *marked faces* (0 to 4); the variant's table turns it into a
//! value. The die stands for four sticks: its faces 1-4 count as that many marked faces, its 6
//! as none (0 marked faces), and a 5 is thrown again, so each count has probability 1/5. The
//! four-sided die (Ludii's Bell) counts its face 1-4 as that many marked faces: never none.

use crate::rules::Rules;
use rand::Rng;
use std::fmt;
use thiserror::Error;

/// Errors in a device description.
#[derive(Debug, Error, PartialEq)]
pub enum DeviceError {
    /// `p_marked` outside [0, 1] or not a number.
    #[error("p_marked must lie in [0, 1], got {0}")]
    BadProbability(f64),
    /// An unknown device name.
    #[error("unknown device '{0}' (known: sticks, coins, die, d4)")]
    Unknown(String),
}

/// A throwing device.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)
)]
pub enum Device {
    /// Four two-faced sticks, each showing its marked face with probability `p_marked`.
    Sticks {
        /// Probability that one stick shows its marked face.
        #[cfg_attr(feature = "serde", serde(default = "half"))]
        p_marked: f64,
    },
    /// Four fair coins.
    Coins,
    /// A six-sided die whose 5 is thrown again (tejon's alternative).
    Die,
    /// One four-sided die, faces 1 to 4 (Ludii's Bell: `(dice d:4 num:1)`), each counted as
    /// that many marked faces.
    D4,
}

#[cfg(feature = "serde")]
fn half() -> f64 {
    0.5
}

impl Device {
    /// Its name: `sticks`, `coins` or `die` (what [`Device::parse`] reads).
    pub fn kind(&self) -> &'static str {
        match self {
            Device::Sticks { .. } => "sticks",
            Device::Coins => "coins",
            Device::Die => "die",
            Device::D4 => "d4",
        }
    }

    /// A device from its name and (for sticks) the probability of a marked face.
    pub fn parse(kind: &str, p_marked: Option<f64>) -> Result<Device, DeviceError> {
        let d = match kind {
            "sticks" => Device::Sticks {
                p_marked: p_marked.unwrap_or(0.5),
            },
            "coins" => Device::Coins,
            "die" => Device::Die,
            "d4" => Device::D4,
            other => return Err(DeviceError::Unknown(other.to_string())),
        };
        d.validate()?;
        Ok(d)
    }

    /// Checks the probability of a marked face.
    pub fn validate(&self) -> Result<(), DeviceError> {
        match *self {
            Device::Sticks { p_marked } if !(0.0..=1.0).contains(&p_marked) => {
                Err(DeviceError::BadProbability(p_marked))
            }
            _ => Ok(()),
        }
    }

    /// Exact probability of each number of marked faces, 0 to 4 (binomial for sticks and coins).
    pub(crate) fn marked_distribution(&self) -> [f64; 5] {
        match *self {
            Device::Sticks { p_marked } => binomial4(p_marked),
            Device::Coins => binomial4(0.5),
            Device::Die => [0.2; 5],
            Device::D4 => [0.0, 0.25, 0.25, 0.25, 0.25],
        }
    }

    /// Exact probability of each number of marked faces as a fraction (numerator, denominator),
    /// where the device has one (coins and the die; sticks only when `p_marked` is 1/2).
    pub fn marked_fractions(&self) -> Option<[(u64, u64); 5]> {
        match *self {
            Device::Coins | Device::Sticks { p_marked: 0.5 } => {
                Some([(1, 16), (4, 16), (6, 16), (4, 16), (1, 16)])
            }
            Device::Die => Some([(1, 5); 5]),
            Device::D4 => Some([(0, 4), (1, 4), (1, 4), (1, 4), (1, 4)]),
            Device::Sticks { .. } => None,
        }
    }
}

impl fmt::Display for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Device::Sticks { p_marked } => write!(f, "sticks(p={p_marked})"),
            Device::Coins | Device::Die | Device::D4 => f.write_str(self.kind()),
        }
    }
}

/// The throw values of a device under a rule set with their exact probabilities (those of
/// probability 0 dropped).
pub fn throw_table(rules: &Rules, device: &Device) -> Vec<(u8, f64)> {
    value_distribution(rules, device)
        .into_iter()
        .filter(|&(_, p)| p > 0.0)
        .collect()
}

/// The exact probability that a throw of `device` gives `value` under `rules`, as a fraction
/// in lowest terms (`(1, 4)`), when the device has exact fractions ([`Device::marked_fractions`]).
pub fn value_fraction(rules: &Rules, device: &Device, value: u8) -> Option<(u64, u64)> {
    let faces = device.marked_fractions()?;
    // Every face count of a device has the same denominator (16, 5 or 4).
    let num = (0..5)
        .filter(|&k| rules.throw_values[k] == value)
        .map(|k| faces[k].0)
        .sum();
    Some(lowest_terms(num, faces[0].1))
}

/// `num/den` in lowest terms (`0/den` is `0/1`).
pub fn lowest_terms(num: u64, den: u64) -> (u64, u64) {
    let (mut a, mut b) = (num, den);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    let g = a.max(1);
    (num / g, den / g)
}

/// Binomial(4, p) probabilities of 0..=4 successes.
pub fn binomial4(p: f64) -> [f64; 5] {
    let q = 1.0 - p;
    let choose = [1.0, 4.0, 6.0, 4.0, 1.0];
    std::array::from_fn(|k| choose[k] * p.powi(k as i32) * q.powi(4 - k as i32))
}

/// Exact distribution of throw values for a device under a rule set: `(value, probability)`
/// pairs, ascending by value, values of probability 0 included.
pub fn value_distribution(rules: &Rules, device: &Device) -> Vec<(u8, f64)> {
    let marked = device.marked_distribution();
    let mut out: Vec<(u8, f64)> = Vec::new();
    for value in rules.possible_values() {
        let p = (0..5)
            .filter(|&k| rules.throw_values[k] == value)
            .map(|k| marked[k])
            .sum();
        out.push((value, p));
    }
    out
}

/// The one seam for throws: a source of marked-face counts.
pub trait Thrower {
    /// Throws the device once and returns the number of marked faces, 0 to 4.
    fn throw_marked(&mut self) -> u8;
}

/// The generator of every random stream: PCG XSH RR 64/32, named and portable across
/// machines and `rand` versions (`rand_pcg` is pinned; a test pins its first outputs).
pub type GameRng = rand_pcg::Pcg32;

/// Seeded throws from a [`GameRng`] stream.
///
/// One uniform 32-bit draw per throw, compared against the device's cumulative distribution in
/// fixed point: exact for coins (multiples of 1/16), within 2^-32 for sticks and the die.
#[derive(Clone, Debug)]
pub struct SeededThrower {
    rng: GameRng,
    thresholds: [u32; 4],
}

impl SeededThrower {
    /// A thrower for `device` whose stream is fixed by `seed`.
    pub fn new(device: &Device, seed: u64) -> SeededThrower {
        let dist = device.marked_distribution();
        let mut cum = 0.0;
        let thresholds = std::array::from_fn(|k| {
            cum += dist[k];
            // 2^32 * cum, saturating at u32::MAX (f64 -> u32 casts saturate).
            (cum * 4_294_967_296.0) as u32
        });
        SeededThrower {
            rng: stream(seed, 1),
            thresholds,
        }
    }

    /// The same device with the stream of another seed: no distribution to recompute, for
    /// the loop over millions of games.
    #[inline]
    pub fn reseeded(&self, seed: u64) -> SeededThrower {
        SeededThrower {
            rng: stream(seed, 1),
            thresholds: self.thresholds,
        }
    }
}

impl SeededThrower {
    /// The same thrower `throws` throws later, in constant time (each throw is one draw of
    /// the stream): a saved game's stream restored without replaying its throws.
    pub fn skip(&mut self, throws: u64) {
        self.rng.advance(throws);
    }
}

/// The throws of `senet-sim throws --seed SEED`, as values of `rules`' table: a device's
/// stream seeded as game 0 of arm 0, endless. The command and the lesson's page count these.
pub fn seeded_values<'r>(
    rules: &'r Rules,
    device: &Device,
    seed: u64,
) -> impl Iterator<Item = u8> + 'r {
    let mut thrower = SeededThrower::new(device, game_seed(seed, 0, 0));
    std::iter::repeat_with(move || rules.throw_values[thrower.throw_marked() as usize])
}

impl Thrower for SeededThrower {
    #[inline]
    fn throw_marked(&mut self) -> u8 {
        let x = self.rng.next_u32();
        // Branch-free: the thresholds ascend, so the count of those at or below x is the outcome.
        self.thresholds.iter().map(|&t| (x >= t) as u8).sum()
    }
}

/// Throws read from a script of marked-face counts, for tests and worked examples.
#[derive(Clone, Debug)]
pub struct ScriptedThrower {
    script: Vec<u8>,
    next: usize,
}

impl ScriptedThrower {
    /// A thrower that returns `script` in order; one throw more than the script holds panics.
    pub fn new(script: Vec<u8>) -> ScriptedThrower {
        assert!(
            !script.is_empty() && script.iter().all(|&k| k <= 4),
            "a script of marked counts 0..=4"
        );
        ScriptedThrower { script, next: 0 }
    }

    /// A script that produces the given throw values under `rules` (the first table entry of each).
    pub fn from_values(rules: &Rules, values: &[u8]) -> Option<ScriptedThrower> {
        let script = values
            .iter()
            .map(|v| {
                rules
                    .throw_values
                    .iter()
                    .position(|x| x == v)
                    .map(|k| k as u8)
            })
            .collect::<Option<Vec<u8>>>()?;
        Some(ScriptedThrower::new(script))
    }

    /// Throws of the script not used yet: a test checks it is 0 when the game it scripted is over.
    pub fn remaining(&self) -> usize {
        self.script.len() - self.next
    }
}

impl Thrower for ScriptedThrower {
    fn throw_marked(&mut self) -> u8 {
        let Some(&k) = self.script.get(self.next) else {
            panic!("the script of {} throws is used up", self.script.len());
        };
        self.next += 1;
        k
    }
}

/// SplitMix64 finaliser: a bijective mix of 64 bits.
#[inline]
pub(crate) fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of one game, derived from (run seed, arm index, game index) before any parallel loop.
#[inline]
pub fn game_seed(seed: u64, arm: u64, game: u64) -> u64 {
    mix64(mix64(mix64(seed) ^ arm.wrapping_mul(0x9e37_79b9_7f4a_7c15)) ^ game)
}

/// A game seed as text that a spreadsheet keeps whole: `0x` and 16 hexadecimal digits (a
/// 20-digit number would be rounded to 15 digits).
pub fn seed_hex(seed: u64) -> String {
    format!("0x{seed:016x}")
}

/// Reads a seed written by [`seed_hex`] (`0x` and 1 to 16 hexadecimal digits).
pub fn parse_seed_hex(text: &str) -> Option<u64> {
    let digits = text
        .strip_prefix("0x")
        .or_else(|| text.strip_prefix("0X"))?;
    if digits.is_empty() || digits.len() > 16 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u64::from_str_radix(digits, 16).ok()
}

/// An independent generator for one purpose (`lane`: 1 throws, 2 decisions) of one game seed:
/// the state comes from the seed, the PCG stream (increment) from the lane.
pub fn stream(seed: u64, lane: u64) -> GameRng {
    GameRng::new(mix64(seed ^ lane.wrapping_mul(0xd1b5_4a32_d192_ed03)), lane)
}

/// A uniform index below `n` from a generator (multiply-shift; bias below n / 2^32).
#[inline]
pub fn below(rng: &mut GameRng, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skipping_throws_is_throwing_them() {
        let device = Device::Sticks { p_marked: 0.6 };
        let mut thrown = SeededThrower::new(&device, 42);
        let mut skipped = thrown.clone();
        for _ in 0..1_000 {
            thrown.throw_marked();
        }
        skipped.skip(1_000);
        let next = |t: &mut SeededThrower| (0..50).map(|_| t.throw_marked()).collect::<Vec<_>>();
        assert_eq!(next(&mut thrown), next(&mut skipped));
    }

    #[test]
    fn seeds_read_back_as_written() {
        for s in [0, 1, 0x0123_4567_89ab_cdef, u64::MAX] {
            assert_eq!(parse_seed_hex(&seed_hex(s)), Some(s));
        }
        assert_eq!(seed_hex(255), "0x00000000000000ff");
        for bad in ["12345", "0x", "0x1ffffffffffffffff", "0xzz", "0x+1"] {
            assert_eq!(parse_seed_hex(bad), None, "{bad}");
        }
    }

    #[test]
    fn binomial_sums_to_one_and_matches_the_table() {
        for p in [0.0, 0.3, 0.5, 0.6, 1.0] {
            let d = binomial4(p);
            assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
        let c = binomial4(0.5);
        assert_eq!(
            c,
            [1.0 / 16.0, 4.0 / 16.0, 6.0 / 16.0, 4.0 / 16.0, 1.0 / 16.0]
        );
        let s = binomial4(0.6);
        assert!((s[4] - 0.1296).abs() < 1e-12 && (s[0] - 0.0256).abs() < 1e-12);
    }

    #[test]
    fn pcg_first_values_are_pinned() {
        // The generator is part of the reproducibility contract: these must never change.
        let mut t = SeededThrower::new(&Device::Coins, 2019);
        let first: Vec<u8> = (0..12).map(|_| t.throw_marked()).collect();
        assert_eq!(first, PINNED_2019);
        let mut again = SeededThrower::new(&Device::Die, 7).reseeded(2019);
        let mut die = SeededThrower::new(&Device::Die, 2019);
        assert!((0..100).all(|_| again.throw_marked() == die.throw_marked()));
        assert_eq!(game_seed(2019, 0, 0), PINNED_GAME_SEED);
    }

    const PINNED_2019: [u8; 12] = [0, 1, 3, 4, 2, 1, 3, 4, 0, 2, 0, 2];
    const PINNED_GAME_SEED: u64 = 4_346_940_652_606_928_145;
}
