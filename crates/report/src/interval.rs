//! A frequency with its 95% interval, and the sentence for an exact value the interval misses.

use senet_tables::fill;
use senet_tables::lang::Lang;

/// `k` of `n` as a percentage alone (a pupils' text): `52,9 %`.
pub(super) fn share(k: u64, n: u64, l: Lang) -> String {
    l.pct(k as f64 / n.max(1) as f64)
}

/// Whether the 95% Wilson interval of `k` successes in `n` holds the probability `p`.
pub(super) fn holds(k: u64, n: u64, p: f64) -> bool {
    let (lo, hi) = senet_simulation::play::stats::wilson95(k, n);
    (lo..=hi).contains(&p)
}

/// `k` of `n` as a percentage with its 95% Wilson interval: `52,9 % [52,2 ; 53,6]`.
pub(super) fn pct(k: u64, n: u64, l: Lang) -> String {
    let (lo, hi) = senet_simulation::play::stats::wilson95(k, n);
    let sep = if l == Lang::Fr { "\u{a0};\u{a0}" } else { ", " };
    format!(
        "{} [{}{sep}{}]",
        share(k, n, l),
        l.num(100.0 * lo, 1),
        l.num(100.0 * hi, 1)
    )
}

/// When the exact probability `p` lies outside the 95% interval of `k` successes in `n` of the
/// arm `arm`: the sentence that names the arm and says how far (in standard errors) and how
/// often random throws make such a gap.
pub(super) fn outside(arm: &str, k: u64, n: u64, p: f64, l: Lang) -> Option<String> {
    if n == 0 || holds(k, n, p) {
        return None;
    }
    let z = senet_simulation::play::stats::frequency_check(k, n, p).z;
    let once_in = 1.0 / senet_simulation::play::stats::two_sided(z);
    Some(fill!(
        l.texts().outside_interval,
        l.quote(arm),
        l.num(z.abs(), 1),
        l.int(once_in.round() as u64)
    ))
}
