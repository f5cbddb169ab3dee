//! Shards of a run and its counters as rows.
//!
//! Shard K of N plays a fixed slice of every arm's games and of every pairing's duplicate pairs:
//! the games are numbered, and shard K takes the K-th of N contiguous ranges. Each game's seed
//! comes from its number, so the shards together play exactly the games of a single run, and
//! their integer counters, summed, are exactly its counters.
//!
//! [`ScenarioCounters::rows`] writes every counter as a row `(part, index, counter, slot,
//! value)`; rows of several shards summed by key give the rows of the whole run, and
//! [`ScenarioCounters::from_rows`] reads them back.

use crate::input::scenario::Scenario;
use crate::play::stats::{ArmStats, Combine, Histogram};
use crate::play::tournament::{Pairing, Seating};
use std::fmt;
use std::ops::Range;

/// The version of the counters' layout: the names and slots [`ScenarioCounters::rows`] writes.
/// It changes whenever a counter is added, removed or renamed (a test holds it to
/// `counter_names`), so that counters written by another build are refused, not merged with
/// a missing counter read as 0. Version 2 added `draws` (arms and seatings),
/// version 3 `throwoff_throws`, version 4 `first_thrower_wins`.
pub const COUNTERS_FORMAT: u32 = 4;

/// Every counter name the rows use, in order: the layout [`COUNTERS_FORMAT`] versions.
#[cfg(test)]
pub(crate) fn counter_names() -> Vec<&'static str> {
    let mut a = ArmStats::default();
    let mut names: Vec<&'static str> = arm_scalars(&mut a).into_iter().map(|(n, _)| n).collect();
    names.extend(arm_histograms(&mut a).into_iter().map(|(n, _)| n));
    names.extend(["throws", "occupancy"]);
    let mut p = Pairing::default();
    names.extend(pairing_counters(&mut p).into_iter().map(|(n, _)| n));
    names
}

/// Shard `k` (1-based) of `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shard {
    /// Which shard, 1..=n.
    pub k: u64,
    /// How many shards.
    pub n: u64,
}

impl Shard {
    /// The whole run: shard 1 of 1.
    pub const WHOLE: Shard = Shard { k: 1, n: 1 };

    /// Reads `K/N` with 1 ≤ K ≤ N.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("'{text}': expected K/N with 1 <= K <= N, such as 2/8");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (k, n): (u64, u64) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }

    /// The numbers of this shard's items among `total` (games of an arm, duplicate pairs of a
    /// pairing): the K-th of N contiguous ranges, of sizes that differ by at most one.
    pub fn range(self, total: u64) -> Range<u64> {
        let at = |i: u64| (total as u128 * i as u128 / self.n as u128) as u64;
        at(self.k - 1)..at(self.k)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

/// Every counter of a scenario's run (or of one shard of it): the arms', then every pairing's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioCounters {
    /// One per arm, in scenario order.
    pub arms: Vec<ArmStats>,
    /// One list of pairings per tournament, in scenario order.
    pub tournaments: Vec<Vec<Pairing>>,
}

impl Combine for ScenarioCounters {
    fn combine(&mut self, other: &ScenarioCounters) {
        for (a, b) in self.arms.iter_mut().zip(&other.arms) {
            a.combine(b);
        }
        for (t, u) in self.tournaments.iter_mut().zip(&other.tournaments) {
            for (p, q) in t.iter_mut().zip(u) {
                p.combine(q);
            }
        }
    }
}

/// One counter of a run: which part (`arm` or `pairing`), which arm or tournament (`index`),
/// which counter, which slot of it (an array index, a histogram value, a pairing), its value.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct CounterRow {
    /// `arm` or `pairing`.
    pub part: &'static str,
    /// The arm's or the tournament's index in the scenario.
    pub index: u32,
    /// The counter's name (`games`, `turns`, `a_white.white_wins`...).
    pub counter: &'static str,
    /// The slot within the counter.
    pub slot: u32,
    /// The count.
    pub value: u64,
}

/// The scalar counters of an arm, by name.
fn arm_scalars(a: &mut ArmStats) -> [(&'static str, &mut u64); 14] {
    let ArmStats {
        games,
        throws: _,
        turns: _,
        throws_per_game: _,
        moves_per_game: _,
        white_wins,
        black_wins,
        first_mover_wins,
        unfinished,
        draws,
        captures,
        backward,
        passes,
        water,
        positions,
        occupancy: _,
        throwoffs,
        throwoff_first_thrower,
        first_thrower_wins,
        throwoff_throws: _,
    } = a;
    [
        ("games", games),
        ("white_wins", white_wins),
        ("black_wins", black_wins),
        ("first_mover_wins", first_mover_wins),
        ("unfinished", unfinished),
        ("draws", draws),
        ("captures", captures),
        ("backward", backward),
        ("passes", passes),
        ("water", water),
        ("positions", positions),
        ("throwoffs", throwoffs),
        ("throwoff_first_thrower", throwoff_first_thrower),
        ("first_thrower_wins", first_thrower_wins),
    ]
}

/// The histograms of an arm, by name.
fn arm_histograms(a: &mut ArmStats) -> [(&'static str, &mut Histogram); 4] {
    [
        ("turns", &mut a.turns),
        ("throws_per_game", &mut a.throws_per_game),
        ("moves_per_game", &mut a.moves_per_game),
        ("throwoff_throws", &mut a.throwoff_throws),
    ]
}

/// The counters' names of the seating with `a` white, then with `b` white.
const SEATINGS: [[&str; 6]; 2] = [
    [
        "a_white.games",
        "a_white.white_wins",
        "a_white.black_wins",
        "a_white.unfinished",
        "a_white.draws",
        "a_white.turns",
    ],
    [
        "b_white.games",
        "b_white.white_wins",
        "b_white.black_wins",
        "b_white.unfinished",
        "b_white.draws",
        "b_white.turns",
    ],
];

/// The counters of a seating, by name (`names`: one of [`SEATINGS`]).
fn seating<'s>(names: [&'static str; 6], s: &'s mut Seating) -> [(&'static str, &'s mut u64); 6] {
    let Seating {
        games,
        white_wins,
        black_wins,
        unfinished,
        draws,
        turns,
    } = s;
    let [g, w, b, u, d, t] = names;
    [
        (g, games),
        (w, white_wins),
        (b, black_wins),
        (u, unfinished),
        (d, draws),
        (t, turns),
    ]
}

/// The counters of a pairing, by name.
fn pairing_counters(p: &mut Pairing) -> Vec<(&'static str, &mut u64)> {
    let Pairing {
        a: _,
        b: _,
        a_white,
        b_white,
        same_strategy,
        same_colour,
        incomplete,
    } = p;
    let mut out: Vec<(&'static str, &mut u64)> =
        seating(SEATINGS[0], a_white).into_iter().collect();
    out.extend(seating(SEATINGS[1], b_white));
    out.push(("same_strategy", same_strategy));
    out.push(("same_colour", same_colour));
    out.push(("incomplete", incomplete));
    out
}

impl ScenarioCounters {
    /// Whether these can be the counters of `shard` of a run of `scenario`: every arm played
    /// its games of the shard and every pairing its duplicate pairs, and in each the outcomes
    /// (wins, unfinished games, draws) add up to the games. The message names what does not.
    pub fn check_shard(&self, scenario: &Scenario, shard: Shard) -> Result<(), String> {
        let arm_games = shard.range(scenario.games);
        let arm_games = arm_games.end - arm_games.start;
        for (i, a) in self.arms.iter().enumerate() {
            let name = &scenario.arms[i].name;
            if a.games != arm_games {
                return Err(format!(
                    "arm '{name}' played {} games, its shard {shard} has {arm_games}",
                    a.games
                ));
            }
            let ends = [a.white_wins, a.black_wins, a.unfinished, a.draws];
            if ends.iter().try_fold(0u64, |t, &e| t.checked_add(e)) != Some(a.games)
                || a.first_mover_wins > a.games
            {
                return Err(format!(
                    "arm '{name}': wins, unfinished games and draws do not add up to its {} games",
                    a.games
                ));
            }
        }
        for (t, pairings) in scenario.tournaments.iter().zip(&self.tournaments) {
            let pairs = shard.range(t.games / 2);
            for p in pairings {
                let seatings = [&p.a_white, &p.b_white];
                let bad = seatings.iter().any(|s| {
                    let ends = [s.white_wins, s.black_wins, s.unfinished, s.draws];
                    s.games != pairs.end - pairs.start
                        || ends.iter().try_fold(0u64, |t, &e| t.checked_add(e)) != Some(s.games)
                });
                if bad {
                    return Err(format!(
                        "tournament '{}': a pairing's games are not the {} of its shard {shard}, \
                         or its results do not add up to them",
                        t.name,
                        2 * (pairs.end - pairs.start)
                    ));
                }
            }
        }
        Ok(())
    }

    /// Counters at zero for every arm and pairing of `scenario`.
    pub fn zero(scenario: &Scenario) -> ScenarioCounters {
        ScenarioCounters {
            arms: vec![ArmStats::default(); scenario.arms.len()],
            tournaments: (scenario.tournaments.iter())
                .map(|t| {
                    (t.pairs().into_iter())
                        .map(|(a, b)| Pairing {
                            a,
                            b,
                            ..Pairing::default()
                        })
                        .collect()
                })
                .collect(),
        }
    }

    /// Every non-zero counter as a row, in a fixed order.
    pub fn rows(&self) -> Vec<CounterRow> {
        let mut rows = vec![];
        let mut push = |part, index: usize, counter, slot: usize, value: u64| {
            if value != 0 {
                let (index, slot) = (index as u32, slot as u32);
                rows.push(CounterRow {
                    part,
                    index,
                    counter,
                    slot,
                    value,
                });
            }
        };
        for (i, a) in self.arms.iter().enumerate() {
            let mut a = a.clone();
            for (name, v) in arm_scalars(&mut a) {
                push("arm", i, name, 0, *v);
            }
            for (v, c) in a.throws.iter().enumerate() {
                push("arm", i, "throws", v, *c);
            }
            for (name, h) in arm_histograms(&mut a) {
                for (v, c) in h.bins() {
                    push("arm", i, name, v as usize, c);
                }
            }
            for (side, squares) in a.occupancy.iter().enumerate() {
                for (s, c) in squares.iter().enumerate() {
                    push("arm", i, "occupancy", side * 32 + s, *c);
                }
            }
        }
        for (t, list) in self.tournaments.iter().enumerate() {
            for (p, pairing) in list.iter().enumerate() {
                for (name, v) in pairing_counters(&mut pairing.clone()) {
                    push("pairing", t, name, p, *v);
                }
            }
        }
        rows
    }

    /// The counters of `scenario` from rows (several rows of one key add up); an unknown part,
    /// index, counter or slot is an error naming it.
    pub fn from_rows<'r>(
        scenario: &Scenario,
        rows: impl IntoIterator<Item = (&'r str, u32, &'r str, u32, u64)>,
    ) -> Result<ScenarioCounters, String> {
        let mut c = ScenarioCounters::zero(scenario);
        for (part, index, counter, slot, value) in rows {
            let what = || format!("counter {part} {index} {counter} {slot}");
            let (i, s) = (index as usize, slot as usize);
            match part {
                "arm" => {
                    let a = c
                        .arms
                        .get_mut(i)
                        .ok_or_else(|| format!("{}: no such arm", what()))?;
                    // A throw makes at most a few moves (parts of a split throw, points left):
                    // 4 a throw bounds every length a game's histograms hold.
                    let longest = 4 * scenario.arms[i].rules.max_throws() as usize;
                    add_arm(a, counter, s, value, longest).ok_or_else(what)?;
                }
                "pairing" => {
                    let p = (c.tournaments.get_mut(i))
                        .and_then(|t| t.get_mut(s))
                        .ok_or_else(|| format!("{}: no such pairing", what()))?;
                    let slot = pairing_counters(p).into_iter().find(|(n, _)| *n == counter);
                    *slot.ok_or_else(what)?.1 += value;
                }
                _ => return Err(format!("{}: unknown part", what())),
            }
        }
        Ok(c)
    }
}

/// Adds `value` to counter `name`, slot `slot`, of an arm; `None` when there is no such slot
/// (a histogram's slot is a game's length: none is longer than `longest`, and a slot past it
/// would make the histogram that long).
fn add_arm(a: &mut ArmStats, name: &str, slot: usize, value: u64, longest: usize) -> Option<()> {
    if let Some((_, v)) = arm_scalars(a).into_iter().find(|(n, _)| *n == name) {
        return (slot == 0).then(|| *v += value);
    }
    if let Some((_, h)) = arm_histograms(a).into_iter().find(|(n, _)| *n == name) {
        if slot > longest {
            return None;
        }
        h.add_count(u32::try_from(slot).ok()?, value);
        return Some(());
    }
    match name {
        "throws" => *a.throws.get_mut(slot)? += value,
        "occupancy" => *a.occupancy.get_mut(slot / 32)?.get_mut(slot % 32)? += value,
        _ => return None,
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every layout of the counters there has been, with its version. A new counter (a field of
    /// `ArmStats`, `Seating` or `Pairing`, named in `arm_scalars` or `pairing_counters`)
    /// changes `counter_names`: add a line with the next version and set `COUNTERS_FORMAT` to it.
    const LAYOUTS: [(u32, &str); 4] = [
        (1, "games white_wins black_wins first_mover_wins unfinished captures backward passes water positions throwoffs throwoff_first_thrower turns throws_per_game moves_per_game throws occupancy a_white.games a_white.white_wins a_white.black_wins a_white.unfinished a_white.turns b_white.games b_white.white_wins b_white.black_wins b_white.unfinished b_white.turns same_strategy same_colour incomplete"),
        (2, "games white_wins black_wins first_mover_wins unfinished draws captures backward passes water positions throwoffs throwoff_first_thrower turns throws_per_game moves_per_game throws occupancy a_white.games a_white.white_wins a_white.black_wins a_white.unfinished a_white.draws a_white.turns b_white.games b_white.white_wins b_white.black_wins b_white.unfinished b_white.draws b_white.turns same_strategy same_colour incomplete"),
        (3, "games white_wins black_wins first_mover_wins unfinished draws captures backward passes water positions throwoffs throwoff_first_thrower turns throws_per_game moves_per_game throwoff_throws throws occupancy a_white.games a_white.white_wins a_white.black_wins a_white.unfinished a_white.draws a_white.turns b_white.games b_white.white_wins b_white.black_wins b_white.unfinished b_white.draws b_white.turns same_strategy same_colour incomplete"),
        (4, "games white_wins black_wins first_mover_wins unfinished draws captures backward passes water positions throwoffs throwoff_first_thrower first_thrower_wins turns throws_per_game moves_per_game throwoff_throws throws occupancy a_white.games a_white.white_wins a_white.black_wins a_white.unfinished a_white.draws a_white.turns b_white.games b_white.white_wins b_white.black_wins b_white.unfinished b_white.draws b_white.turns same_strategy same_colour incomplete"),
    ];

    #[test]
    fn a_changed_counter_layout_changes_the_format_version() {
        let now = counter_names().join(" ");
        let (version, layout) = LAYOUTS[LAYOUTS.len() - 1];
        assert_eq!(
            now, layout,
            "the counters changed: add their layout to LAYOUTS with version {} and set COUNTERS_FORMAT to it",
            version + 1
        );
        assert_eq!(
            COUNTERS_FORMAT, version,
            "COUNTERS_FORMAT is the last layout's version"
        );
        for w in LAYOUTS.windows(2) {
            assert!(
                w[1].0 == w[0].0 + 1 && w[1].1 != w[0].1,
                "versions follow each other"
            );
        }
    }

    #[test]
    fn shards_cover_every_item_once() {
        for total in [0u64, 1, 7, 100, 1_000_003] {
            for n in [1u64, 2, 3, 4, 7, 64] {
                let mut next = 0;
                for k in 1..=n {
                    let r = Shard { k, n }.range(total);
                    assert_eq!(r.start, next, "{total} {k}/{n}");
                    assert!(r.end - r.start <= total / n + 1);
                    next = r.end;
                }
                assert_eq!(next, total);
            }
        }
        assert_eq!(Shard::parse("2/8"), Ok(Shard { k: 2, n: 8 }));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
