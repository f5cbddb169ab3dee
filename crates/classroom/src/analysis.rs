//! What the class's pooled throws say: are the values equiprobable, how often do the class's
//! sticks fall on their flat (marked) face, and which of the simulated objects throws like them.
//!
//! Every interval is the school's fluctuation interval p ± 1/√n (seconde): at least 95 times in
//! 100, n throws of probability p give a frequency in it.

use crate::class::Class;
use senet_engine::rules::Rules;
use senet_engine::throws::{value_distribution, Device};

/// The school's fluctuation interval p ± 1/√n, clamped to [0, 1].
pub fn fluctuation_school(p: f64, n: u64) -> (f64, f64) {
    let half = 1.0 / (n as f64).sqrt();
    ((p - half).clamp(0.0, 1.0), (p + half).clamp(0.0, 1.0))
}

/// `k / n`, 0 when `n` is 0.
pub fn rate(k: u64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        k as f64 / n as f64
    }
}

/// The exact probability of each of `values` for `device` under `rules` (0 for a value it
/// cannot give).
pub fn law(rules: &Rules, device: &Device, values: &[u8]) -> Vec<f64> {
    let table = value_distribution(rules, device);
    (values.iter())
        .map(|v| table.iter().find(|d| d.0 == *v).map_or(0.0, |d| d.1))
        .collect()
}

/// The number of marked faces of each of `values` when `device` is four two-faced pieces
/// (coins or sticks) and each value counts one number of faces (`None` otherwise).
pub fn marked_faces(rules: &Rules, device: &Device, values: &[u8]) -> Option<Vec<u8>> {
    if !matches!(device, Device::Coins | Device::Sticks { .. }) {
        return None;
    }
    (values.iter())
        .map(|&v| {
            let mut faces = (0..5u8).filter(|&k| rules.throw_values[k as usize] == v);
            match (faces.next(), faces.next()) {
                (Some(k), None) => Some(k),
                _ => None,
            }
        })
        .collect()
}

/// An object of throw the class is compared with: its name and its law over the class's values.
#[derive(Clone, Debug, PartialEq)]
pub struct Object {
    /// Its name (a scenario's arm: « bâtonnets 60 % »).
    pub name: String,
    /// Each value's exact probability, in the order of the class's values.
    pub law: Vec<f64>,
}

/// How close the class's frequencies are to a law.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// The index of the value whose frequency is furthest from its probability.
    pub at: usize,
    /// That distance.
    pub gap: f64,
    /// Whether every frequency lies within the fluctuation interval of its probability.
    pub fits: bool,
}

impl Fit {
    /// The fit of `frequencies` of `n` throws to `law`.
    pub fn of(frequencies: &[f64], n: u64, law: &[f64]) -> Fit {
        let gap = |i: usize| (frequencies[i] - law[i]).abs();
        let at = (0..law.len())
            .max_by(|&a, &b| gap(a).total_cmp(&gap(b)).then(b.cmp(&a)))
            .unwrap_or(0);
        let fits = frequencies.iter().zip(law).all(|(&f, &p)| {
            let (lo, hi) = fluctuation_school(p, n);
            (lo..=hi).contains(&f)
        });
        Fit {
            at,
            gap: gap(at),
            fits,
        }
    }
}

/// Whether the values are equiprobable, from the class's frequencies.
#[derive(Clone, Debug, PartialEq)]
pub struct Equiprobable {
    /// The probability of each value were they equiprobable (1 / number of values).
    pub p: f64,
    /// Its fluctuation interval for the class's throws.
    pub interval: (f64, f64),
    /// The index of the value whose frequency is furthest from `p`.
    pub furthest: usize,
    /// Whether that frequency lies outside the interval: then they are not equiprobable.
    pub rejected: bool,
}

/// The class's estimate of the probability that one stick falls on its flat (marked) face.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Flat faces seen, in all the throws.
    pub marked: u64,
    /// Sticks thrown: 4 a throw.
    pub sticks: u64,
    /// `marked / sticks`: p̂.
    pub p: f64,
    /// p̂ ± 1/√sticks, where the sticks' probability very probably lies.
    pub interval: (f64, f64),
    /// The law of sticks of probability p̂, over the class's values.
    pub law: Vec<f64>,
    /// The class's fit to that law.
    pub fit: Fit,
}

/// Everything the lesson says of a class's throws.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The values, ascending.
    pub values: Vec<u8>,
    /// The class's count of each value, every group pooled.
    pub counts: Vec<u64>,
    /// Throws in all.
    pub throws: u64,
    /// Groups pooled.
    pub groups: usize,
    /// Whether the groups are the kit's examples, not a class's (no verdict then).
    pub example: bool,
    /// Each value's frequency in the class.
    pub frequencies: Vec<f64>,
    /// Each value's exact probability with the class's own device and rules (its arm's law).
    pub law: Vec<f64>,
    /// Equiprobable or not.
    pub equiprobable: Equiprobable,
    /// The sticks' probability of a flat face, where the device is four two-faced pieces.
    pub estimate: Option<Estimate>,
    /// The objects compared, in the order given.
    pub objects: Vec<Object>,
    /// The class's fit to each object.
    pub fits: Vec<Fit>,
    /// The objects whose law is closest to the class's frequencies (the smallest largest gap;
    /// several when their laws are the same), in the order given.
    pub closest: Vec<usize>,
}

/// Analyses `class`, thrown with `device` under `rules` (for the estimate), beside `objects`.
pub fn analyse(class: &Class, rules: &Rules, device: &Device, objects: &[Object]) -> Analysis {
    let counts = class.totals();
    let n = class.throws();
    let frequencies: Vec<f64> = counts.iter().map(|&c| rate(c, n)).collect();
    let k = class.values.len();
    let e = 1.0 / k as f64;
    let interval = fluctuation_school(e, n);
    let far = |i: usize| (frequencies[i] - e).abs();
    let furthest = (0..k)
        .max_by(|&a, &b| far(a).total_cmp(&far(b)).then(b.cmp(&a)))
        .unwrap_or(0);
    let rejected = !(interval.0..=interval.1).contains(&frequencies[furthest]);
    let estimate = marked_faces(rules, device, &class.values).map(|faces| {
        let marked = (counts.iter().zip(&faces)).fold(0u64, |a, (&c, &f)| {
            a.saturating_add(c.saturating_mul(f as u64))
        });
        let sticks = n.saturating_mul(4);
        let p = rate(marked, sticks);
        let law = law(rules, &Device::Sticks { p_marked: p }, &class.values);
        let fit = Fit::of(&frequencies, n, &law);
        Estimate {
            marked,
            sticks,
            p,
            interval: fluctuation_school(p, sticks),
            law,
            fit,
        }
    });
    let fits: Vec<Fit> = (objects.iter())
        .map(|o| Fit::of(&frequencies, n, &o.law))
        .collect();
    let best = fits.iter().map(|f| f.gap).fold(f64::INFINITY, f64::min);
    let closest = (0..objects.len())
        .filter(|&i| fits[i].gap <= best + 1e-12)
        .collect();
    Analysis {
        values: class.values.clone(),
        counts,
        throws: n,
        groups: class.groups.len(),
        example: class.is_example(),
        frequencies,
        law: law(rules, device, &class.values),
        equiprobable: Equiprobable {
            p: e,
            interval,
            furthest,
            rejected,
        },
        estimate,
        objects: objects.to_vec(),
        fits,
        closest,
    }
}

impl Analysis {
    /// The estimate pupils are shown: none from the kit's example groups.
    pub fn shown_estimate(&self) -> Option<&Estimate> {
        self.estimate.as_ref().filter(|_| !self.example)
    }

    /// The closest objects' names.
    pub fn closest_names(&self) -> Vec<String> {
        (self.closest.iter())
            .map(|&i| self.objects[i].name.clone())
            .collect()
    }

    /// The law the class's frequencies settle near, with its objects' names: the closest
    /// objects' when the class fits it, else none.
    pub fn settles_near(&self) -> Option<(&[f64], Vec<String>)> {
        let &first = self.closest.first()?;
        self.fits[first]
            .fits
            .then(|| (self.objects[first].law.as_slice(), self.closest_names()))
    }
}
