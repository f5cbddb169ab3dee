//! What a layered solve holds, group by group, known before anything is built: arithmetic on
//! the numbering's layers ([`group_sizes`]), for as many pawns as Senet is played with, the
//! full game's 5 among them (docs/solving.md, "The road to the full game").

use crate::exact::memory::{unwritten_run, HUGE_PAGE};
use crate::exact::outcomes::Width;
use senet_engine::rules::Rules;
use senet_engine::solve::index::{group_sizes, layer_sizes, IndexError};

/// Bytes of a position's kept outcomes in 64-bit entries, measured: 2,797 MB for the
/// 29,688,750 positions of the group of 2 pawns borne off of `tejon` with 4 pawns a side
/// (`bench --solve-group 2 --pawns 4 --memory 4000`), with an order of 4 bytes a position
/// (2 since 2026-11-30: 2 bytes too many here).
pub(crate) const KEPT_BYTES: u64 = 94;

/// Bytes of a position's kept outcomes in 32-bit entries (a numbering of fewer than 2^29 - 2
/// positions), measured: 1,811 MB for the 36,814,050 positions of the group of 4 pawns borne
/// off of `tejon`'s 5-pawn endgame from 4 (`solve --endgame 4 --memory 4000`), with an order
/// of 4 bytes a position (2 since 2026-11-30).
pub(crate) const KEPT_BYTES_32: u64 = 49;

/// Bytes of a kept position's outcomes in a numbering of `positions`: the entries a layered
/// solve packs them in are 32 bits wide up to 2^29 - 3 positions, 64 above.
pub fn kept_bytes(positions: u64) -> u64 {
    match Width::of(positions) {
        Width::Narrow | Width::Packed => KEPT_BYTES_32,
        Width::Wide => KEPT_BYTES,
    }
}

/// One group of a layered solve and the memory it needs.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupNeed {
    /// Pawns borne off, both sides together.
    pub off: u8,
    /// Its positions.
    pub positions: u64,
    /// Bytes of its own values while it is solved (`f64`, the iteration runs to 1e-9).
    pub values: u64,
    /// Bytes of the finished groups its moves reach (`f32`, as a table stores them): the group
    /// of one more pawn borne off, and of two where points left over move a second pawn.
    pub above: u64,
    /// Bytes of its sweep order while it is sorted and solved: each position's place, level
    /// after level (`ORDER_BYTES` a position).
    pub order: u64,
    /// Bytes of its outcomes if every one were kept ([`Plan::kept_bytes`] a position, its
    /// order included).
    pub kept: u64,
    /// Bytes of a table's values of its positions that stay unwritten until it starts (each
    /// layer's, less a huge page at each end, which a neighbour may share), which the groups
    /// solved before it may take for their outcomes.
    pub unwritten: u64,
}

/// Bytes of a position's place in a group's sweep order (`layered/order.rs`): its offset in a
/// piece of 65,536 indices, a `u16`; besides them, 12 bytes for each part of each piece (at
/// most some 0.1 byte a position with 5 pawns a side, not counted), and while a piece is
/// sorted, a buffer of 128 KB a thread. Before 2026-11-30, a `u32` index (4 bytes) and, while
/// the group was sorted, its level beside it (2 more).
pub(crate) const ORDER_BYTES: u64 = 2;

/// Bytes a position of a group takes while its values move into sweep order or back, where
/// every outcome of the group is kept (`layered/layout.rs`): where its value goes, a `u32`,
/// and its value copied, an `f64`.
pub(crate) const PLACE_BYTES: u64 = 12;

/// Whether a group's values are swept in sweep order (`layered/layout.rs`): its outcomes, all
/// kept in `kept` bytes (its order included), and [`PLACE_BYTES`] a position more fit in
/// `budget`, and its places are counted in a `u32`.
pub(crate) fn values_move(kept: u64, positions: u64, budget: u64) -> bool {
    kept + PLACE_BYTES * positions <= budget && positions < u64::from(u32::MAX)
}

impl GroupNeed {
    /// Bytes to sweep it with its outcomes computed at every sweep: its values, the groups
    /// above it that it reads, and its sweep order.
    pub fn to_sweep(&self) -> u64 {
        self.values + self.above + self.order
    }

    /// Bytes of its outcomes and order beside the game's values, today's solver: the order,
    /// and the outcomes kept within `budget` (the budget counts the order; an order past the
    /// budget keeps none but the first batch's, not counted); where the budget
    /// holds every outcome and [`PLACE_BYTES`] a position besides, those bytes while its
    /// values move into sweep order and back.
    fn held_beside_values(&self, budget: u64) -> u64 {
        if values_move(self.kept, self.positions, budget) {
            self.kept + PLACE_BYTES * self.positions
        } else {
            self.order.max(self.kept.min(budget))
        }
    }
}

/// A layered solve's groups, from the most pawns borne off down (the order they are solved in).
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Pawns a side.
    pub pawns: u8,
    /// Each group.
    pub groups: Vec<GroupNeed>,
    /// Bytes of a kept position's outcomes ([`kept_bytes`] of the plan's positions).
    pub kept_bytes: u64,
}

impl Plan {
    /// Every position of the game.
    pub fn positions(&self) -> u64 {
        self.groups.iter().map(|g| g.positions).sum()
    }

    /// Bytes today's layered solve holds at its peak: every value of the game in `f64`, in
    /// `tables` tables (2 where optimal and random play are swept together; it keeps the whole
    /// table, not two groups) and, for the group that needs most, its order (sorted in place)
    /// and the outcomes kept within `budget`, and besides them the values of the groups still
    /// to come, which are not written yet ([`GroupNeed::unwritten`]): those bytes are taken
    /// from the table and given to the group's outcomes. Measured with the order of
    /// before 2026-11-30 (4 bytes a position, and 2 more while sorted) and every value
    /// written from the start: the 5-pawn endgame from 2 with `--memory 3000`, 17,080,078,336
    /// bytes at its peak against 17,069,314,740 counted then (docs/solving.md).
    pub fn held_today(&self, budget: u64, tables: u64) -> u64 {
        let all = 8 * tables * self.positions();
        let mut below: u64 = self.groups.iter().map(|g| g.unwritten).sum();
        let each = self.groups.iter().map(|g| {
            below -= g.unwritten;
            let free = tables * below;
            all - free + g.held_beside_values(budget.saturating_add(free))
        });
        each.max().unwrap_or(0)
    }

    /// The plan of the endgame from `from` pawns borne off: its groups alone
    /// (`solve --endgame`, [`StateIndex::endgame`](senet_engine::solve::index::StateIndex::endgame)).
    /// Its positions are numbered on their own: their outcomes may pack in narrower entries.
    pub fn endgame(&self, from: u8) -> Plan {
        let groups = self.groups.iter().filter(|g| g.off >= from).cloned();
        Plan::numbered(self.pawns, groups.collect())
    }

    /// The plan of `groups` numbered together: each group's kept outcomes counted in the
    /// entries of a numbering of all their positions ([`kept_bytes`]).
    fn numbered(pawns: u8, mut groups: Vec<GroupNeed>) -> Plan {
        let kept_bytes = kept_bytes(groups.iter().map(|g| g.positions).sum());
        for g in &mut groups {
            g.kept = kept_bytes * g.positions;
        }
        Plan {
            pawns,
            groups,
            kept_bytes,
        }
    }

    /// The fewest pawns borne off of an endgame whose positions fit a `u32` index (the largest
    /// endgame [`StateIndex::endgame`](senet_engine::solve::index::StateIndex::endgame)
    /// numbers): 0 when the whole game does.
    pub fn deepest_endgame(&self) -> u8 {
        let mut total = 0;
        let mut deepest = self.groups.first().map_or(0, |g| g.off);
        for g in &self.groups {
            total += g.positions;
            if total > u64::from(u32::MAX) {
                break;
            }
            deepest = g.off;
        }
        deepest
    }

    /// The groups whose sweep fits in `bytes` ([`GroupNeed::to_sweep`]: two groups' values held,
    /// outcomes computed), the most pawns borne off first: the endgame a machine of that
    /// memory can solve.
    pub fn fitting(&self, bytes: u64) -> impl Iterator<Item = &GroupNeed> {
        self.groups
            .iter()
            .take_while(move |g| g.to_sweep() <= bytes)
    }
}

/// The plan of a layered solve of `rules` (its `pawns` a side, up to 7): each group's positions
/// and memory. Computes nothing but binomial coefficients.
pub fn plan(rules: &Rules) -> Result<Plan, IndexError> {
    let sizes = group_sizes(rules)?;
    let layers = layer_sizes(rules)?;
    let unwritten_of = |off: u8| {
        let ranges = layers.iter().filter(|l| l.0 == off).map(|l| l.1);
        ranges.map(|n| unwritten_run(n, HUGE_PAGE)).sum()
    };
    let reach = if rules.residual_points { 2 } else { 1 };
    let groups = sizes
        .iter()
        .rev()
        .map(|(&off, &positions)| {
            let above: u64 = (1..=reach)
                .filter_map(|r| sizes.get(&(off + r)))
                .sum::<u64>();
            GroupNeed {
                off,
                positions,
                values: 8 * positions,
                above: 4 * above,
                order: ORDER_BYTES * positions,
                kept: 0, // counted by `Plan::numbered`
                unwritten: unwritten_of(off),
            }
        })
        .collect();
    Ok(Plan::numbered(rules.pawns, groups))
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet_engine::rules::RuleSet;
    use senet_engine::variants::Variant;

    /// The full game of `tejon`: its largest group needs 60.6 GB of its own values and 14.4 GB
    /// of the group above (docs/solving.md's table); a 24 GB machine sweeps the groups of 8 to 2
    /// pawns borne off.
    #[test]
    fn five_pawns_of_tejon() {
        let plan = plan(&Variant::TEJON.rules()).unwrap();
        assert_eq!(plan.positions(), 12_511_485_660);
        let first = &plan.groups[0];
        assert_eq!((first.off, first.positions, first.above), (8, 870, 0));
        let last = plan.groups.last().unwrap();
        assert_eq!(last.off, 0);
        assert_eq!(last.values, 8 * 7_571_343_780);
        assert_eq!(last.above, 4 * 3_605_401_800);
        assert!(plan.groups.iter().all(|g| g.to_sweep() <= last.to_sweep()));
        let here: Vec<u8> = plan.fitting(24 << 30).map(|g| g.off).collect();
        assert_eq!(here, [8, 7, 6, 5, 4, 3, 2]);
        // The largest group's order: 2 bytes a position, 15.1 GB.
        assert_eq!(last.order, 2 * 7_571_343_780);
        assert_eq!(last.to_sweep(), (8 + 2) * 7_571_343_780 + 4 * 3_605_401_800);
        // The endgame from 2 pawns borne off is the deepest that a u32 numbers.
        assert_eq!(plan.deepest_endgame(), 2);
        let end = plan.endgame(2);
        assert_eq!(end.positions(), 1_334_740_080);
        // Today's solver of the endgame from 2 with --memory 3000: every value in f64, and the
        // group of 2's order (2.1 GB) and outcomes within the budget. With the order of
        // before 2026-11-30 (4.3 GB, past the budget, and 2.1 GB of levels while sorted),
        // 17,080,078,336 bytes were measured at the peak.
        let two = end.groups.last().unwrap();
        assert_eq!((two.off, two.order), (2, 2 * 1_065_232_350));
        assert_eq!(
            end.held_today(3_000 << 20, 1),
            8 * 1_334_740_080 + (3_000 << 20)
        );
        // With 2,000 MB, the order alone passes the budget: it is the most held.
        assert_eq!(
            end.held_today(2_000 << 20, 1),
            8 * 1_334_740_080 + 2 * 1_065_232_350
        );
        // With 10,000 MB, the outcomes kept within the budget are the most it holds.
        assert_eq!(
            end.held_today(10_000 << 20, 1),
            8 * 1_334_740_080 + (10_000 << 20)
        );
        assert_eq!(end.groups.last().unwrap().off, 2);
        assert_eq!(plan.endgame(4).positions(), 41_498_130);
        // The endgame from 4 with 10,000 MB keeps every outcome of its largest group, the
        // group of 4 (49 bytes a position in 32-bit entries), and holds 12 bytes a position
        // more while its values move into sweep order; with 1,800 MB it keeps every one, moves none.
        let four = plan.endgame(4);
        let largest = four.groups.last().unwrap();
        assert_eq!((largest.off, largest.positions), (4, 36_814_050));
        assert_eq!(
            four.held_today(10_000 << 20, 1),
            8 * 41_498_130 + (49 + 12) * 36_814_050
        );
        assert_eq!(
            four.held_today(1_800 << 20, 1),
            8 * 41_498_130 + 49 * 36_814_050
        );
        // The whole game and the endgame from 2 pack their outcomes in 64 bits (94 bytes a
        // kept position), the endgames from 3 (269,507,730 positions) and 4 in 32 (49).
        assert_eq!(plan.kept_bytes, KEPT_BYTES);
        assert_eq!(last.kept, KEPT_BYTES * 7_571_343_780);
        assert_eq!(end.kept_bytes, KEPT_BYTES);
        for from in [3, 4] {
            let end = plan.endgame(from);
            assert_eq!(end.kept_bytes, KEPT_BYTES_32);
            let largest = end.groups.last().unwrap();
            assert_eq!(largest.kept, KEPT_BYTES_32 * largest.positions);
        }
        assert_eq!(plan.endgame(3).positions(), 269_507_730);
    }

    /// 3 pawns of `tejon`, both plays, `--memory 40`: the group of 0 borne off, one layer, is
    /// unwritten but for a huge page at each end until it starts, so the group of 1 before it
    /// keeps every outcome (and moves its values) in the budget and those bytes; the peak is
    /// still the group of 0's, every value and 40 MB of outcomes.
    #[test]
    fn the_groups_to_come_lend_their_pages() {
        let rules = RuleSet {
            pawns: 3,
            ..Variant::TEJON.rules().into_set()
        }
        .check()
        .unwrap();
        let plan = plan(&rules).unwrap();
        let offs: Vec<u8> = plan.groups.iter().map(|g| g.off).collect();
        assert_eq!(offs, [4, 3, 2, 1, 0]);
        let (one, zero) = (&plan.groups[3], &plan.groups[4]);
        assert_eq!(zero.positions, 11_875_500);
        assert_eq!(zero.unwritten, 8 * 11_875_500 - (4 << 20));
        let budget = 40 << 20;
        let free = 2 * zero.unwritten;
        assert!(!values_move(one.kept, one.positions, budget));
        assert!(values_move(one.kept, one.positions, budget + free));
        let all = 2 * 8 * 15_134_520;
        let at_one = all - free + one.held_beside_values(budget + free);
        assert_eq!(at_one, all - free + (49 + 12) * 2_850_120);
        assert!(at_one < all + budget);
        assert_eq!(plan.held_today(budget, 2), all + budget);
    }

    /// 3 pawns a side pack their outcomes in 32 bits, 4 in 64 (their 586,583,580 positions
    /// pass 2^29 - 3).
    #[test]
    fn the_entries_follow_the_numbering() {
        for (pawns, bytes) in [(3, KEPT_BYTES_32), (4, KEPT_BYTES)] {
            let rules = RuleSet {
                pawns,
                ..Variant::TEJON.rules().into_set()
            }
            .check()
            .unwrap();
            let plan = plan(&rules).unwrap();
            assert_eq!(plan.kept_bytes, bytes, "{pawns} pawns");
            assert!(plan.groups.iter().all(|g| g.kept == bytes * g.positions));
        }
    }

    /// Where points left over move a second pawn, a group reads the two groups above it.
    #[test]
    fn left_over_points_reach_two_groups_up() {
        let rules = RuleSet {
            pawns: 3,
            ..Variant::EMPTY_BOARD.rules().into_set()
        }
        .check()
        .unwrap();
        assert!(rules.residual_points);
        let plan = plan(&rules).unwrap();
        let sizes = group_sizes(&rules).unwrap();
        let zero = plan.groups.iter().find(|g| g.off == 0).unwrap();
        assert_eq!(zero.above, 4 * (sizes[&1] + sizes[&2]));
    }
}
