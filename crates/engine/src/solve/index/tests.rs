//! The numbering's tests.

use super::*;
#[cfg(target_arch = "x86_64")]
use crate::cpu::has_bit_instructions;
use crate::rules::{GameEnd, RuleSet, WaterTo};
use crate::variants::Variant;

#[test]
fn ranks_follow_colex_order() {
    for k in 0..=4 {
        for (i, &bits) in colex(k).iter().enumerate() {
            assert_eq!(rank(bits), i as u32);
        }
        assert_eq!(colex(k).len() as u32, C[30][k as usize]);
    }
    let taken = 0b1011;
    // Free positions 2, 4, 5...: 2 and 4 are the first two of them.
    assert_eq!(compress::<false>(0b10100, taken), 0b11);
    assert_eq!(deposit::<false>(0b11, SQUARES & !taken), 0b10100);
}

/// A rank by a fixed count of rounds is the rank, for every set of at most that many squares
/// (the rounds past the last square add the rows of zeros), and for a count past every set.
#[test]
fn ranks_by_fixed_rounds_are_the_ranks() {
    fn check<const MOST: usize>() {
        for k in 0..=MOST as u32 {
            for (i, &bits) in colex(k).iter().enumerate() {
                assert_eq!(rank_of::<MOST>(bits), i as u32, "{bits:#b}, {MOST} rounds");
            }
        }
    }
    check::<1>();
    check::<2>();
    check::<3>();
    check::<4>();
    assert_eq!(rank_of::<7>(0b1_0000_0101), rank(0b1_0000_0101));
    assert_eq!(rank_of::<0>(0b1_0000_0101), rank(0b1_0000_0101));
}

/// The copies compiled for BMI2 number every position as the portable one does: every
/// index of 2 pawns of `tejon` and one in 97 of 3 pawns, both ways, the sides swapped too.
#[test]
#[cfg(target_arch = "x86_64")]
fn the_copy_for_bit_instructions_numbers_as_the_portable_one() {
    if !has_bit_instructions() {
        eprintln!("this processor has no BMI2: one numbering only");
        return;
    }
    for (k, step) in [(2, 1), (3, 97)] {
        let rules = RuleSet {
            pawns: k,
            ..Variant::TEJON.rules().into_set()
        }
        .check()
        .unwrap();
        let index = StateIndex::new(&rules).unwrap();
        assert_eq!(index.bits, bit_instructions());
        for i in (0..index.len()).step_by(step) {
            let pos = index.position_by::<false>(i);
            // SAFETY: the processor has BMI2, POPCNT and BMI1 (checked above).
            #[allow(unsafe_code)]
            let (fast, back) =
                unsafe { (index.position_with_bits(i), index.index_with_bits(&pos)) };
            assert_eq!(fast, pos, "{i}");
            assert_eq!(back, Some(i));
            let mut black = pos;
            black.pawns.swap(0, 1);
            black.waiting.swap(0, 1);
            black.to_move = Side::Black;
            #[allow(unsafe_code)]
            let swapped = unsafe { index.index_with_bits(&black) };
            assert_eq!(swapped, index.index_by::<false>(&black));
        }
    }
}

#[test]
fn rules_with_state_the_index_does_not_number_are_refused() {
    let start = RuleSet {
        pawns: 2,
        start_value: Some(1),
        ..Variant::TEJON.rules().into_set()
    }
    .check()
    .unwrap();
    assert_eq!(
        StateIndex::new(&start).err(),
        Some(IndexError::Unsupported(vec!["start_value"]))
    );
}

#[test]
fn every_index_decodes_to_a_position_that_encodes_back() {
    for variant in Variant::all() {
        for k in 1..=2 {
            let rules = RuleSet {
                pawns: k,
                ..variant.rules().into_set()
            }
            .check()
            .unwrap();
            let index = match StateIndex::new(&rules) {
                Ok(index) => index,
                // Ludii's Kendall: a pawn back from the water carries an obligation; Bell, a score.
                Err(IndexError::Unsupported(_))
                    if rules.water_to == WaterTo::Held
                        || rules.end == GameEnd::AllOut
                        || rules.split_throws =>
                {
                    continue
                }
                Err(e) => panic!("{variant}: {e}"),
            };
            let step = (index.len() / 20_000).max(1);
            for i in (0..index.len()).step_by(step as usize) {
                let pos = index.position(i);
                assert_eq!(index.index(&pos), Some(i), "{variant} {pos:?}");
                let mut black = pos;
                black.pawns.swap(0, 1);
                black.waiting.swap(0, 1);
                black.to_move = Side::Black;
                assert_eq!(index.index(&black), Some(i), "{variant}: sides swapped");
            }
        }
    }
}

#[test]
fn three_pawns_of_tejon_are_fifteen_million_positions() {
    let rules = RuleSet {
        pawns: 3,
        ..Variant::TEJON.rules().into_set()
    }
    .check()
    .unwrap();
    let index = StateIndex::new(&rules).unwrap();
    // Sum over a, b in 1..=3 of C(30, a) C(30 - a, b).
    let expected: u64 = (1..=3u64)
        .flat_map(|a| (1..=3u64).map(move |b| (a, b)))
        .map(|(a, b)| u64::from(C[30][a as usize]) * u64::from(C[30 - a as usize][b as usize]))
        .sum();
    assert_eq!(index.len(), expected);
    assert_eq!(expected, 15_134_520);
    let last = index.position(index.len() - 1);
    assert_eq!(index.index(&last), Some(index.len() - 1));
    assert!(StateIndex::new(&Variant::TEJON.rules()).is_err());
}

#[test]
fn four_pawns_of_tejon_fit_a_u32_index() {
    let rules = RuleSet {
        pawns: 4,
        ..Variant::TEJON.rules().into_set()
    }
    .check()
    .unwrap();
    let index = StateIndex::new(&rules).unwrap();
    // Sum over a, b in 1..=4 of C(30, a) C(30 - a, b) (docs/solving.md).
    assert_eq!(index.len(), 586_583_580);
    assert!(index.len() < u64::from(u32::MAX));
    let step = index.len() / 50_000;
    for i in (0..index.len())
        .step_by(step as usize)
        .chain([index.len() - 1])
    {
        let pos = index.position(i);
        assert_eq!(index.index(&pos), Some(i), "{pos:?}");
    }
}

/// The groups counted from the layers are the numbering's own, in every variant the solver
/// takes, and 5 pawns of `tejon` are the 12.5 billion positions of docs/solving.md (each
/// group worked out apart: Σ over a + b = 10 − off of C(30, a) C(30 − a, b)). The layers
/// counted are the numbering's ranges, in order.
#[test]
fn groups_counted_are_the_numbering_s() {
    for variant in Variant::all() {
        for k in 1..=3 {
            let rules = RuleSet {
                pawns: k,
                ..variant.rules().into_set()
            }
            .check()
            .unwrap();
            let Ok(index) = StateIndex::new(&rules) else {
                assert!(group_sizes(&rules).is_err(), "{variant}");
                continue;
            };
            let mut groups = BTreeMap::new();
            let mut layers = Vec::new();
            let offsets: Vec<(u64, LayerKey)> = index.layers().collect();
            for (n, (offset, key)) in offsets.iter().enumerate() {
                let end = offsets.get(n + 1).map_or(index.len(), |l| l.0);
                *groups.entry(key.borne_off(k)).or_insert(0) += end - offset;
                layers.push((key.borne_off(k), end - offset));
            }
            assert_eq!(group_sizes(&rules).unwrap(), groups, "{variant} {k}");
            let counted = layer_sizes(&rules).unwrap().into_iter();
            let counted: Vec<(u8, u64)> = counted.filter(|l| l.1 > 0).collect();
            layers.retain(|l| l.1 > 0);
            assert_eq!(counted, layers, "{variant} {k}: the layers, in order");
        }
    }
    let five = group_sizes(&Variant::TEJON.rules()).unwrap();
    let expected = [
        (0, 7_571_343_780),
        (1, 3_605_401_800),
        (2, 1_065_232_350),
        (3, 228_009_600),
        (4, 36_814_050),
        (5, 4_275_180),
        (6, 383_670),
        (7, 24_360),
        (8, 870),
    ];
    assert_eq!(five, BTreeMap::from(expected));
    assert_eq!(five.values().sum::<u64>(), 12_511_485_660);
    let eight = RuleSet {
        pawns: 8,
        ..Variant::TEJON.rules().into_set()
    };
    assert!(matches!(
        group_sizes(&eight.check().unwrap()),
        Err(IndexError::TooManyPawns { pawns: 8, most: 7 })
    ));
    assert_eq!(
        StateIndex::new(
            &RuleSet {
                pawns: 5,
                ..Variant::TEJON.rules().into_set()
            }
            .check()
            .unwrap()
        )
        .unwrap_err()
        .to_string(),
        "5 pawns a side is more than the solver handles here (1 to 4)"
    );
}

/// An endgame numbers the positions of its groups, and only those, in the whole game's order:
/// every variant the solver takes with 2 pawns, every endgame, each position of the whole game
/// looked up in it.
#[test]
fn an_endgame_numbers_its_groups_in_the_whole_game_s_order() {
    for variant in Variant::all() {
        let rules = RuleSet {
            pawns: 2,
            ..variant.rules().into_set()
        }
        .check()
        .unwrap();
        let Ok(whole) = StateIndex::new(&rules) else {
            continue;
        };
        let sizes = group_sizes(&rules).unwrap();
        for from in 1..=2 {
            let end = StateIndex::endgame(&rules, from).unwrap();
            assert_eq!(end.from_off(), from);
            let kept: u64 = sizes.range(from..).map(|(_, n)| n).sum();
            assert_eq!(end.len(), kept, "{variant} from {from}");
            let mut next = 0;
            for i in 0..whole.len() {
                let pos = whole.position(i);
                let off = 2 * 2 - pos.in_play(Side::White) - pos.in_play(Side::Black);
                match end.index(&pos) {
                    Some(e) => {
                        assert!(off >= from, "{variant}: {pos:?}");
                        assert_eq!(e, next, "{variant}: the whole game's order");
                        assert_eq!(end.position(e), pos);
                        next += 1;
                    }
                    None => assert!(off < from, "{variant}: {pos:?} left out"),
                }
            }
            assert_eq!(next, end.len());
        }
        assert_eq!(StateIndex::endgame(&rules, 0).unwrap().len(), whole.len());
        assert_eq!(
            StateIndex::endgame(&rules, 3).err(),
            Some(IndexError::NoEndgame { pawns: 2, from: 3 })
        );
    }
}

/// The endgame of 5 pawns a side with 2 pawns borne off or more is the 1,334,740,080
/// positions of docs/solving.md, numbered both ways; with 1 borne off it passes a `u32`.
#[test]
fn the_endgame_of_five_pawns_fits_a_u32_from_two_pawns_borne_off() {
    let rules = Variant::TEJON.rules();
    assert_eq!(rules.pawns, 5);
    let end = StateIndex::endgame(&rules, 2).unwrap();
    assert_eq!(end.len(), 1_334_740_080);
    let step = end.len() / 20_000;
    for i in (0..end.len()).step_by(step as usize).chain([end.len() - 1]) {
        let pos = end.position(i);
        let off = 10 - pos.in_play(Side::White) - pos.in_play(Side::Black);
        assert!(off >= 2, "{pos:?}");
        assert_eq!(end.index(&pos), Some(i), "{pos:?}");
    }
    // The start: no pawn borne off.
    assert_eq!(end.index(&crate::state::start_position(&rules)), None);
    assert_eq!(
        StateIndex::endgame(&rules, 1).err(),
        Some(IndexError::TooManyPositions {
            from: 1,
            positions: 1_334_740_080 + 3_605_401_800
        })
    );
}
