//! `senet-sim throws` against the exact laws.

use crate::outputs::senet;

/// Statistical test, fixed seed: each frequency of 1,000,000 throws must lie within 5 standard
/// errors sqrt(p(1-p)/n) of its exact probability (a false alarm has odds below 1 in 10^6).
#[test]
fn a_seeded_million_throws_lands_within_five_standard_errors() {
    for (device, extra) in [
        ("sticks", vec!["--p-marked", "0.6"]),
        ("coins", vec![]),
        ("die", vec![]),
        ("d4", vec![]),
    ] {
        let out = senet()
            .args([
                "throws",
                "--device",
                device,
                "--count",
                "1000000",
                "--seed",
                "2019",
                "--variant",
                "kendall",
            ])
            .args(extra)
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let rows: Vec<Vec<f64>> = text
            .lines()
            .skip(2)
            .map(|l| l.split_whitespace().map(|x| x.parse().unwrap()).collect())
            .collect();
        assert_eq!(rows.len(), 5, "{text}");
        let total: f64 = rows.iter().map(|r| r[1]).sum();
        assert_eq!(total, 1_000_000.0);
        for r in rows {
            let (freq, p) = (r[2], r[3]);
            let se = (p * (1.0 - p) / 1e6).sqrt();
            assert!(
                (freq - p).abs() <= 5.0 * se + 1e-9,
                "{device}: value {} freq {freq} theory {p}",
                r[0]
            );
        }
    }
}
