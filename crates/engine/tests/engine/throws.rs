//! Exact throw distributions, and a seeded run of the `throws` command against them.

use senet_engine::throws::{binomial4, lowest_terms, value_distribution, value_fraction, Device};
use senet_engine::variants::VARIANTS;

const DEVICES: [Device; 6] = [
    Device::Coins,
    Device::Die,
    Device::D4,
    Device::Sticks { p_marked: 0.5 },
    Device::Sticks { p_marked: 0.4 },
    Device::Sticks { p_marked: 0.7 },
];

#[test]
fn every_distribution_sums_to_one() {
    for v in VARIANTS {
        for d in DEVICES {
            let total: f64 = value_distribution(&crate::common::rules(v.id), &d)
                .iter()
                .map(|x| x.1)
                .sum();
            assert!((total - 1.0).abs() < 1e-12, "{} {d}: {total}", v.id);
        }
    }
}

#[test]
fn coins_follow_the_binomial_table() {
    // C(4,k)/16 for k marked faces; passage turns 0 marked faces into 5, the others into 6.
    let passage = value_distribution(&crate::common::rules("passage"), &Device::Coins);
    assert_eq!(
        passage,
        vec![
            (1, 4.0 / 16.0),
            (2, 6.0 / 16.0),
            (3, 4.0 / 16.0),
            (4, 1.0 / 16.0),
            (5, 1.0 / 16.0)
        ]
    );
    let kendall = value_distribution(&crate::common::rules("kendall"), &Device::Coins);
    assert_eq!(
        kendall,
        vec![(1, 0.25), (2, 0.375), (3, 0.25), (4, 0.0625), (6, 0.0625)]
    );
    // Sticks with p = 0.6: P(4 marked) = 0.6^4, P(0 marked) = 0.4^4.
    let s = binomial4(0.6);
    assert!(
        (s[4] - 0.1296).abs() < 1e-12
            && (s[0] - 0.0256).abs() < 1e-12
            && (s[2] - 6.0 * 0.36 * 0.16).abs() < 1e-12
    );
    assert_eq!(Device::Coins.marked_fractions().unwrap()[2], (6, 16));
    // The same law as fractions in lowest terms: kendall's 2 is 6/16 = 3/8, its 5 never comes.
    let k = crate::common::rules("kendall");
    assert_eq!(value_fraction(&k, &Device::Coins, 2), Some((3, 8)));
    assert_eq!(value_fraction(&k, &Device::Coins, 6), Some((1, 16)));
    assert_eq!(value_fraction(&k, &Device::Coins, 5), Some((0, 1)));
    assert_eq!(
        value_fraction(&k, &Device::Sticks { p_marked: 0.6 }, 2),
        None
    );
    assert_eq!((lowest_terms(4, 16), lowest_terms(7, 7)), ((1, 4), (1, 1)));
}

#[test]
fn the_four_sided_die_gives_1_to_4_evenly() {
    // Ludii's Bell: "(dice d:4 num:1)" with "Throw/Sum" (pair 1 1) ... (pair 4 4): a face of
    // 1 to 4, each 1/4, whatever the table gives for no marked face.
    for v in VARIANTS {
        let d = value_distribution(&crate::common::rules(v.id), &Device::D4);
        let given: Vec<(u8, f64)> = d.into_iter().filter(|x| x.1 > 0.0).collect();
        assert_eq!(
            given,
            vec![(1, 0.25), (2, 0.25), (3, 0.25), (4, 0.25)],
            "{}",
            v.id
        );
    }
    assert_eq!(Device::parse("d4", None), Ok(Device::D4));
}
