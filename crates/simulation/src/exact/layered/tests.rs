//! The layered solve's own tests: what only its private parts can show.

use super::order::{part_of, sorted, Order};
use super::plays::{alone, solve_with, unwritten_below, Play};
use super::*;
use crate::exact::outcomes::{Packed, Width};
use senet_engine::rules::RuleSet;
use senet_engine::solve::index::StateIndex;
use senet_engine::throws::throw_table;
use senet_engine::variants::Variant;

/// Runs `f` on the sweep of tejon with 2 pawns a side.
fn tejon_two_pawns(f: impl FnOnce(&Sweep)) {
    let rules = RuleSet {
        pawns: 2,
        ..Variant::TEJON.rules().into_set()
    }
    .check()
    .unwrap();
    let throws = throw_table(&rules, &Variant::TEJON.device());
    let index = StateIndex::new(&rules).unwrap();
    f(&Sweep {
        rules: &rules,
        throws: &throws,
        index: &index,
        race: true,
    })
}

/// One play solved alone, with entries of type `E`.
fn solve_one<E: Entry>(
    sweep: &Sweep,
    settings: &Settings,
    values: Vec<f64>,
    resume: &Resume,
    listener: &mut dyn Listener,
) -> Result<Layered, LayeredError> {
    let play = alone(settings, values, resume);
    Ok(solve_with::<E>(sweep, settings, play, listener)?.remove(0))
}

/// 64-bit entries (4 pawns), packed 32-bit ones (the 5-pawn endgame from 3) and 32-bit ones
/// give the same values, bit for bit, and the same sweeps, under optimal and random play: the
/// entry only packs the same outcomes (tejon, 2 pawns, part of the largest group computed at
/// every sweep).
#[test]
#[ignore = "slow (12 s in a debug build): cargo test -- --include-ignored"]
fn wide_entries_give_the_same_values_as_narrow_ones() {
    tejon_two_pawns(|sweep| {
        wide_and_narrow(sweep, Pick::Best);
        wide_and_narrow(sweep, Pick::Uniform);
    });
}

/// Solves `sweep` with the three entries and compares.
fn wide_and_narrow(sweep: &Sweep, pick: Pick) {
    let index = sweep.index;
    let settings = Settings {
        pick,
        tolerance: 1e-9,
        max_sweeps: 1000,
        budget: 4 << 20,
        cancel: &Cancel::new(),
    };
    let start = || vec![0.5; index.len() as usize];
    let go = |width: Width| {
        let r = Resume::default();
        match width {
            Width::Narrow => solve_one::<u32>(sweep, &settings, start(), &r, &mut ()),
            Width::Packed => solve_one::<Packed>(sweep, &settings, start(), &r, &mut ()),
            Width::Wide => solve_one::<u64>(sweep, &settings, start(), &r, &mut ()),
        }
        .unwrap()
    };
    let (narrow, packed, wide) = (go(Width::Narrow), go(Width::Packed), go(Width::Wide));
    let bits = |l: &Layered| l.values.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
    assert!(bits(&narrow) == bits(&wide));
    assert!(bits(&narrow) == bits(&packed));
    let sweeps = |l: &Layered| l.groups.iter().map(|g| g.sweeps).collect::<Vec<_>>();
    assert_eq!(sweeps(&narrow), sweeps(&wide));
    assert_eq!(sweeps(&narrow), sweeps(&packed));
    // Packed entries take the bytes of narrow ones: the budget held as many.
    let stored = |l: &Layered| l.groups.iter().map(|g| g.stored).collect::<Vec<_>>();
    assert_eq!(stored(&narrow), stored(&packed));
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

/// Inside a level, of a position and its mirror (the same board, the other side to move,
/// where a throw that cannot be played leads), the one with the smaller index is swept in
/// the first half and the other in the second half of the same level (tejon, 2 pawns); a race
/// position's mirror is a race position too.
#[test]
fn a_position_and_its_mirror_are_swept_in_the_two_halves_of_a_level() {
    tejon_two_pawns(|sweep| {
        let index = sweep.index;
        let (mut pairs, mut races) = (0, 0);
        for i in 0..index.len() as u32 {
            let pos = index.position(u64::from(i));
            let mirror = pos.with_to_move(pos.to_move().other());
            let j = index.index(&mirror).unwrap() as u32;
            match (part_of(sweep, i), part_of(sweep, j)) {
                (Some(pi), Some(pj)) => {
                    assert_eq!(pi / 2, pj / 2, "a position and its mirror share a level");
                    assert_eq!(pi % 2, u16::from(j < i), "{i} {j}");
                    pairs += usize::from(j < i);
                }
                (None, None) => races += 1,
                _ => panic!("{i} and its mirror {j}: one a race position, not the other"),
            }
        }
        assert!(races > 0, "race positions: {races}");
        assert_eq!(
            2 * pairs + races,
            index.len() as usize,
            "every position has a mirror"
        );
    });
}

/// The order lists a group's positions that are not race positions by part, then by index,
/// read from any rank: the order a plain sort gives, with the bounds of the parts that list a
/// position; each race position gets its exact value (tejon, 2 pawns, every group).
#[test]
fn the_order_is_a_sort_by_part_then_index() {
    tejon_two_pawns(|sweep| {
        let mut values = vec![-1.0f64; sweep.index.len() as usize];
        let mut listed = 0;
        for members in groups(sweep).values() {
            let (order, bounds) = sorted(sweep, members, &mut [&mut values]);
            let mut expected: Vec<(u16, u32)> = members
                .iter()
                .flat_map(|r| r.clone())
                .filter_map(|i| part_of(sweep, i).map(|p| (p, i)))
                .collect();
            expected.sort_unstable();
            let got: Vec<u32> = order.iter(0..order.len()).collect();
            let indices: Vec<u32> = expected.iter().map(|&(_, i)| i).collect();
            assert_eq!(got, indices);
            let mut ends: Vec<usize> = expected
                .windows(2)
                .enumerate()
                .filter(|(_, w)| w[0].0 != w[1].0)
                .map(|(n, _)| n + 1)
                .collect();
            ends.insert(0, 0);
            ends.push(expected.len());
            if expected.is_empty() {
                ends.pop();
            }
            assert_eq!(bounds, ends);
            for start in [0, 1, 7, 100, 1_000, 4_097] {
                for len in [0, 1, 5, 300, 5_000] {
                    let end = (start + len).min(order.len());
                    let start = start.min(end);
                    let part: Vec<u32> = order.iter(start..end).collect();
                    assert_eq!(part, indices[start..end], "{start}..{end}");
                    let mut read = vec![0u32; end - start];
                    order.read(start, &mut read);
                    assert_eq!(read, indices[start..end], "{start}..{end}");
                }
            }
            for i in members.iter().flat_map(|r| r.clone()) {
                let pos = sweep.index.position(u64::from(i));
                let race = sweep.race_value(&pos);
                assert_eq!(race.is_some(), part_of(sweep, i).is_none());
                if let Some(v) = race {
                    assert_eq!(values[i as usize].to_bits(), v.to_bits(), "{i}");
                }
            }
            listed += order.len();
        }
        assert!(listed > 100_000, "{listed} positions swept");
    });
}

/// Only the parts and their order fix the values, not the order inside a part: every position
/// of a part reads the values as they stood when the part began (docs/solving.md, "Values in
/// sweep order"). Each part listed backwards gives the same values bit for bit and the same
/// sweeps (tejon, 2 pawns, every outcome computed at each sweep, optimal and random play).
#[test]
#[ignore = "slow (18 s in a debug build): cargo test -- --include-ignored"]
fn the_order_inside_a_part_changes_no_bit() {
    tejon_two_pawns(|sweep| {
        for pick in [Pick::Best, Pick::Uniform] {
            let solve = |backwards: bool| {
                let mut values = vec![0.5f64; sweep.index.len() as usize];
                let mut sweeps = Vec::new();
                let mut reversed = 0;
                for members in groups(sweep).into_values().rev() {
                    let mut g = Sweeper::<u32>::new(sweep, &members, &mut [&mut values], 0);
                    // No outcome kept: each is found from the order at every sweep.
                    g.outcomes.stored = 0;
                    if backwards {
                        let order = &g.outcomes.order;
                        let mut listed: Vec<u32> = order.iter(0..order.len()).collect();
                        for w in g.outcomes.parts.windows(2) {
                            listed[w[0]..w[1]].reverse();
                            reversed += usize::from(w[1] - w[0] > 1);
                        }
                        g.outcomes.order = Order::listing(&listed);
                    }
                    let mut n = 1;
                    while g.sweep(sweep, [pick], [&mut values])[0] > 1e-9 {
                        n += 1;
                        assert!(n < 1000, "the group settles");
                    }
                    sweeps.push(n);
                }
                let bits: Vec<u64> = values.iter().map(|v| v.to_bits()).collect();
                (bits, sweeps, reversed)
            };
            let (forwards, backwards) = (solve(false), solve(true));
            assert!(backwards.2 > 100, "parts of several positions reversed");
            assert_eq!(forwards.1, backwards.1, "{pick:?}");
            assert!(forwards.0 == backwards.0, "{pick:?}");
        }
    });
}

/// Hears every sweep and reads the values it is handed, as a part-way save does, and the
/// values of every group finished; by play.
#[derive(Default)]
struct Reader(Vec<(Pick, u8, u32, Vec<u64>)>);

impl Listener for Reader {
    fn swept(
        &mut self,
        pick: Pick,
        now: &Sweeping,
        values: &mut Reading,
    ) -> Result<(), LayeredError> {
        let bits = values.values().iter().map(|v| v.to_bits()).collect();
        self.0.push((pick, now.off, now.sweeps, bits));
        Ok(())
    }
    fn finished(&mut self, pick: Pick, g: &Group, values: &[f64]) -> Result<(), LayeredError> {
        let bits = values.iter().map(|v| v.to_bits()).collect();
        self.0.push((pick, g.off, g.sweeps, bits));
        Ok(())
    }
}

impl Reader {
    /// What it heard of the play `pick`.
    fn of(&self, pick: Pick) -> Vec<&(Pick, u8, u32, Vec<u64>)> {
        self.0.iter().filter(|h| h.0 == pick).collect()
    }
}

/// Optimal and random play swept together give each play's values bit for bit as it alone
/// gives them: after every sweep as a listener reads them, at each group's end and at the end,
/// with the same sweeps; with the largest group's outcomes partly computed, all kept and none
/// kept (tejon, 2 pawns). Each play settles on its own sweep: optimal play sweeps on alone in
/// the groups where random play settles first.
#[test]
#[ignore = "slow (31 s in a debug build): cargo test -- --include-ignored"]
fn plays_swept_together_change_no_bit() {
    tejon_two_pawns(|sweep| {
        let cancel = Cancel::new();
        for budget in [0, 4 << 20, u64::MAX] {
            let settings = |pick| Settings {
                pick,
                tolerance: 1e-9,
                max_sweeps: 1000,
                budget,
                cancel: &cancel,
            };
            let start = || vec![0.5; sweep.index.len() as usize];
            let play = |pick| Play {
                pick,
                values: start(),
                resume: Resume::default(),
            };
            let mut both = Reader::default();
            let plays = vec![play(Pick::Best), play(Pick::Uniform)];
            let together =
                solve_with::<u32>(sweep, &settings(Pick::Best), plays, &mut both).unwrap();
            for (n, pick) in [Pick::Best, Pick::Uniform].into_iter().enumerate() {
                let mut alone = Reader::default();
                let r = Resume::default();
                let one = solve_one::<u32>(sweep, &settings(pick), start(), &r, &mut alone);
                let one = one.unwrap();
                let bits = |l: &Layered| l.values.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
                assert!(bits(&one) == bits(&together[n]), "{pick:?} {budget}");
                let record = |l: &Layered| {
                    let g = l.groups.iter();
                    g.map(|g| (g.off, g.stored, g.sweeps, g.change.to_bits(), g.bytes))
                        .collect::<Vec<_>>()
                };
                assert_eq!(record(&one), record(&together[n]), "{pick:?} {budget}");
                assert!(alone.of(pick) == both.of(pick), "{pick:?} {budget}: heard");
                assert!(alone.0.len() > 50, "sweeps heard");
            }
            let sweeps = |n: usize| {
                together[n]
                    .groups
                    .iter()
                    .map(|g| g.sweeps)
                    .collect::<Vec<_>>()
            };
            assert_ne!(sweeps(0), sweeps(1), "the plays settle apart");
        }
    });
}

/// A group whose outcomes are all kept is swept with its values in sweep order
/// (`layered/layout.rs`): the same values bit for bit as in index order, after every sweep as
/// a listener reads them and at the end, and the same sweeps (tejon, 2 pawns, optimal and
/// random play). A budget of 0 leaves no room to move the largest group's values (and
/// computes most of its outcomes at every sweep; the groups before it take its unwritten
/// pages, none here: the table is written all over); an unbounded one moves every group's.
#[test]
#[ignore = "slow (13 s in a debug build): cargo test -- --include-ignored"]
fn values_in_sweep_order_change_no_bit() {
    tejon_two_pawns(|sweep| {
        for (off, members) in groups(sweep) {
            let mut values = vec![0.5; sweep.index.len() as usize];
            let none = Sweeper::<u32>::new(sweep, &members, &mut [&mut values], 0);
            assert!(none.ranked.is_none(), "{off}");
            let all = Sweeper::<u32>::new(sweep, &members, &mut [&mut values], u64::MAX);
            assert!(all.ranked.is_some(), "{off}");
        }
        for pick in [Pick::Best, Pick::Uniform] {
            let solve = |budget: u64| {
                let settings = Settings {
                    pick,
                    tolerance: 1e-9,
                    max_sweeps: 1000,
                    budget,
                    cancel: &Cancel::new(),
                };
                let values = vec![0.5; sweep.index.len() as usize];
                let mut heard = Reader(Vec::new());
                let r = Resume::default();
                let l = solve_one::<u32>(sweep, &settings, values, &r, &mut heard).unwrap();
                let bits: Vec<u64> = l.values.iter().map(|v| v.to_bits()).collect();
                let sweeps: Vec<u32> = l.groups.iter().map(|g| g.sweeps).collect();
                (bits, sweeps, heard.0)
            };
            let (index_order, sweep_order) = (solve(0), solve(u64::MAX));
            assert!(index_order.2.len() > 50, "sweeps heard");
            assert_eq!(index_order.1, sweep_order.1, "{pick:?}");
            assert!(
                index_order.2 == sweep_order.2,
                "{pick:?}: values after a sweep"
            );
            assert!(index_order.0 == sweep_order.0, "{pick:?}");
        }
    });
}

/// A group starts from 1/2 whatever its values held before (those of the groups still to come
/// may be unwritten memory: [`value_table`]): the same bits from zeros and from NaN as from
/// 1/2, with a budget of 64 KB and with every outcome kept (`tejon`, 2 pawns a side).
#[test]
#[ignore = "slow (8 s in a debug build): cargo test -- --include-ignored"]
fn a_group_starts_from_a_half() {
    tejon_two_pawns(|sweep| {
        let n = sweep.index.len() as usize;
        let cancel = Cancel::new();
        let settings = |budget| Settings {
            pick: Pick::Best,
            tolerance: 1e-9,
            max_sweeps: 1000,
            budget,
            cancel: &cancel,
        };
        let r = Resume::default();
        let solve = |budget, values| {
            solve_one::<u32>(sweep, &settings(budget), values, &r, &mut ()).unwrap()
        };
        let bits = |l: &Layered| l.values.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
        let half = bits(&solve(u64::MAX, vec![0.5; n]));
        assert!(bits(&solve(64 << 10, value_table(sweep))) == half);
        assert!(bits(&solve(64 << 10, vec![f64::NAN; n])) == half);
        assert!(bits(&solve(u64::MAX, vec![f64::NAN; n])) == half);
    });
}

/// A group's budget counts the values of the groups solved after it, in every play that has
/// not read them from an earlier run: for `tejon` with 2 pawns a side, the group of 0 (one
/// layer, 1.3 MB) lends its bytes less two pages to the group of 1, and nothing to itself; a
/// play whose groups were all read lends nothing.
#[test]
fn the_groups_to_come_lend_their_pages() {
    tejon_two_pawns(|sweep| {
        let all = groups(sweep);
        let n = sweep.index.len() as usize;
        let zero = all[&0].clone();
        assert_eq!(zero.len(), 1);
        let lent = crate::exact::memory::unwritten(n, zero);
        assert!(
            lent > 8 * 164_430 - (64 << 10) && lent < 8 * 164_430,
            "{lent}"
        );
        let play = |solved: Vec<u8>| Play {
            pick: Pick::Best,
            values: Vec::new(),
            resume: Resume {
                solved,
                partial: None,
            },
        };
        let fresh = [play(Vec::new())];
        assert_eq!(unwritten_below(sweep, &all, 1, &fresh), lent);
        assert_eq!(unwritten_below(sweep, &all, 0, &fresh), 0);
        let both = [play(Vec::new()), play(Vec::new())];
        assert_eq!(unwritten_below(sweep, &all, 1, &both), 2 * lent);
        let read = [play(vec![2, 1, 0]), play(Vec::new())];
        assert_eq!(unwritten_below(sweep, &all, 1, &read), lent);
        let ones = crate::exact::memory::unwritten(n, all[&1].iter().cloned());
        assert_eq!(unwritten_below(sweep, &all, 2, &fresh), lent + ones);
    });
}
