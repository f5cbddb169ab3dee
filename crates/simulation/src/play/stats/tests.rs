//! Unit tests of `stats.rs`.
use super::*;

#[test]
fn the_school_band_is_one_over_root_n() {
    assert_eq!(fluctuation_school(0.5, 100), (0.4, 0.6));
    assert_eq!(fluctuation_school(0.9, 25), (0.7, 1.0));
    // 1/sqrt(n) is wider than 1.96 sqrt(p(1-p)/n) for every p (1.96 * 0.5 < 1).
    let (lo, hi) = fluctuation95(0.5, 100);
    assert!(lo > 0.4 && hi < 0.6);
}

#[test]
fn frequency_checks_and_bands_are_exact() {
    // 30 sixes in 100 throws of a probability-1/4 value: se = sqrt(3/16/100) = 0.0433...
    let c = frequency_check(30, 100, 0.25);
    assert_eq!(c.frequency, 0.3);
    assert!((c.std_error - (0.1875f64 / 100.0).sqrt()).abs() < 1e-15);
    assert!((c.z - 0.05 / (0.1875f64 / 100.0).sqrt()).abs() < 1e-12);
    assert_eq!(frequency_check(0, 0, 0.25).z, 0.0);
    assert_eq!(frequency_check(5, 5, 1.0).z, 0.0);
    let (lo, hi) = fluctuation95(0.5, 100);
    assert!((lo - 0.402).abs() < 1e-12 && (hi - 0.598).abs() < 1e-12);
    assert_eq!(
        fluctuation95(0.01, 1),
        (0.0, 0.01 + 1.96 * 0.0099f64.sqrt())
    );
}

#[test]
fn histogram_moments_and_quantiles_are_exact() {
    let mut h = Histogram::default();
    for v in [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] {
        h.add(v);
    }
    assert_eq!(h.total(), 10);
    assert_eq!(h.mean(), 3.0);
    assert!((h.std_dev() - 1.0).abs() < 1e-12);
    assert_eq!(
        (
            h.quantile(0.05),
            h.quantile(0.25),
            h.quantile(0.5),
            h.quantile(0.75),
            h.quantile(0.95)
        ),
        (1, 2, 3, 4, 4)
    );
}

#[test]
fn combine_is_order_free() {
    let mut a = Histogram::default();
    let mut b = Histogram::default();
    a.add(3);
    b.add(10);
    b.add(3);
    let mut ab = a.clone();
    ab.combine(&b);
    let mut ba = b.clone();
    ba.combine(&a);
    assert_eq!(ab, ba);
    assert_eq!(ab.bins().collect::<Vec<_>>(), vec![(3, 2), (10, 1)]);
}

#[test]
fn occupancy_by_stays_equals_counting_every_position() {
    use senet_engine::game::{play_game, Observer};
    use senet_engine::rules::Rules;
    use senet_engine::strategy::{RandomStrategy, Strategy};
    use senet_engine::throws::{stream, Device, SeededThrower};
    struct Naive([[u64; 32]; 2], u64);
    impl Observer for Naive {
        fn on_throw(&mut self, _: Side, _: u8, _: Option<&Move>, after: &Position) {
            self.1 += 1;
            for side in 0..2 {
                for s in 0..32 {
                    self.0[side][s] += ((after.pawns()[side] >> s) & 1) as u64;
                }
            }
        }
    }
    for variant in ["passage", "empty-board", "tejon"] {
        let rules = Rules::preset(variant).unwrap();
        let mut fast = ArmStats::default();
        let mut naive = Naive([[0; 32]; 2], 0);
        for seed in 0..20 {
            let mut st: [Box<dyn Strategy>; 2] =
                [Box::new(RandomStrategy), Box::new(RandomStrategy)];
            let mut c = Collector::new(&mut fast);
            play_game(
                &rules,
                &mut st,
                &mut SeededThrower::new(&Device::Coins, seed),
                &mut stream(seed, 2),
                &mut c,
            );
            c.finish();
            play_game(
                &rules,
                &mut st,
                &mut SeededThrower::new(&Device::Coins, seed),
                &mut stream(seed, 2),
                &mut naive,
            );
        }
        assert_eq!(
            (fast.occupancy, fast.positions),
            (naive.0, naive.1),
            "{variant}"
        );
    }
}

#[test]
fn wilson_matches_a_hand_computation() {
    // 50 of 100: centre 0.5, half-width 1.96*sqrt(0.25/100 + 1.96^2/40000)/(1+1.96^2/100)
    let (lo, hi) = wilson95(50, 100);
    assert!(
        (lo - 0.403_831).abs() < 1e-5 && (hi - 0.596_169).abs() < 1e-5,
        "{lo} {hi}"
    );
    assert_eq!(wilson95(0, 10).0, 0.0);
}
