//! The layered solve's own tests: what only its private parts can show.

use super::*;
use senet_engine::rules::Rules;
use senet_engine::solve::index::StateIndex;
use senet_engine::throws::throw_table;
use senet_engine::variants::Variant;

/// 64-bit entries (4 pawns) and 32-bit ones give the same values, bit for bit, and the same
/// sweeps: the entry only packs the same outcomes (tejon, 2 pawns, part of the largest group
/// computed at every sweep).
#[test]
fn wide_entries_give_the_same_values_as_narrow_ones() {
    let rules = Rules {
        pawns: 2,
        ..Variant::TEJON.rules()
    };
    let throws = throw_table(&rules, &Variant::TEJON.device());
    let index = StateIndex::new(&rules).unwrap();
    let sweep = Sweep {
        rules: &rules,
        throws: &throws,
        index: &index,
        race: true,
    };
    let settings = Settings {
        pick: Pick::Best,
        tolerance: 1e-9,
        max_sweeps: 1000,
        budget: 4 << 20,
        stop: &|| false,
    };
    let start = || vec![0.5; index.len() as usize];
    let go = |wide: bool| {
        let r = Resume::default();
        if wide {
            solve_with::<u64>(&sweep, &settings, start(), &r, &mut ())
        } else {
            solve_with::<u32>(&sweep, &settings, start(), &r, &mut ())
        }
        .unwrap()
    };
    let (narrow, wide) = (go(false), go(true));
    let bits = |l: &Layered| l.values.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
    assert!(bits(&narrow) == bits(&wide));
    let sweeps = |l: &Layered| l.groups.iter().map(|g| g.sweeps).collect::<Vec<_>>();
    assert_eq!(sweeps(&narrow), sweeps(&wide));
    // The budget held fewer wide entries: part of the largest group was computed.
    let last = |l: &Layered| l.groups.last().unwrap().stored;
    assert!(
        last(&wide) < last(&narrow),
        "{} {}",
        last(&wide),
        last(&narrow)
    );
    assert!(last(&narrow) < 164_430);
}
