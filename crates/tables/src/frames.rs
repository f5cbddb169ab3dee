//! A run's results as polars DataFrames, one per CSV file of a report (`summary.csv`,
//! `throws.csv`...), built from the owned [`ArmResult`]s: the same tables for every front end.

use crate::columns;
use crate::lang::Lang;
use crate::write::Headers;
use crate::TablesError;
use polars::prelude::*;
use senet_engine::board::Side;
use senet_simulation::input::rulefile::{hash, to_text};
use senet_simulation::play::runner::ArmResult;
use senet_simulation::play::stats::{
    frequency_check, rate, throwoff_theory, waits, wilson95, ArmStats, Histogram,
};

/// A column named `name` holding `values`.
pub fn col<T>(name: &str, values: T) -> Column
where
    Series: NamedFrom<T, [<T as IntoIterator>::Item]>,
    T: IntoIterator,
{
    Column::new(name.into(), values)
}

/// A counter of an arm's statistics.
type Counter<'a> = &'a dyn Fn(&ArmStats) -> u64;

/// `summary.csv`: one row per arm.
pub fn summary(results: &[ArmResult]) -> Result<DataFrame, TablesError> {
    let mut c: Vec<Column> = Vec::new();
    let s = |f: &dyn Fn(&ArmResult) -> String| results.iter().map(f).collect::<Vec<String>>();
    let u =
        |f: &dyn Fn(&ArmStats) -> u64| results.iter().map(|r| f(&r.stats)).collect::<Vec<u64>>();
    let x =
        |f: &dyn Fn(&ArmStats) -> f64| results.iter().map(|r| f(&r.stats)).collect::<Vec<f64>>();
    let q = |p: f64| {
        results
            .iter()
            .map(|r| r.stats.turns.quantile(p))
            .collect::<Vec<u32>>()
    };
    c.push(col("arm", s(&|r| r.arm.name.clone())));
    c.push(col("variant", s(&|r| r.arm.variant.to_string())));
    c.push(col("device", s(&|r| r.arm.device.to_string())));
    let rules_hash = |r: &ArmResult| hash(&to_text(&r.arm.game()));
    c.push(col("rules_hash", s(&rules_hash)));
    c.push(col("white", s(&|r| r.arm.white.to_string())));
    c.push(col("black", s(&|r| r.arm.black.to_string())));
    c.push(col("games", u(&|a| a.games)));
    c.push(col("white_wins", u(&|a| a.white_wins)));
    c.push(col("black_wins", u(&|a| a.black_wins)));
    c.push(col("first_mover_wins", u(&|a| a.first_mover_wins)));
    c.push(col("unfinished", u(&|a| a.unfinished)));
    // Draws exist only under an end that can draw (`end = "all-out"`, Ludii's Jéquier): their
    // columns appear when an arm plays such rules.
    let scored = results
        .iter()
        .any(|r| r.arm.rules.end.can_draw() || r.stats.draws > 0);
    if scored {
        c.push(col("draws", u(&|a| a.draws)));
    }
    let mut shares: Vec<(&str, Counter)> = vec![
        ("white", &|a: &ArmStats| a.white_wins),
        ("black", &|a: &ArmStats| a.black_wins),
        ("first_mover", &|a: &ArmStats| a.first_mover_wins),
        ("unfinished", &|a: &ArmStats| a.unfinished),
    ];
    if scored {
        shares.push(("draw", &|a: &ArmStats| a.draws));
    }
    for (name, k) in shares {
        c.push(col(&format!("{name}_rate"), x(&|a| rate(k(a), a.games))));
        c.push(col(
            &format!("{name}_rate_lo95"),
            x(&|a| wilson95(k(a), a.games).0),
        ));
        c.push(col(
            &format!("{name}_rate_hi95"),
            x(&|a| wilson95(k(a), a.games).1),
        ));
    }
    c.push(col("mean_turns", x(&|a| a.turns.mean())));
    c.push(col("sd_turns", x(&|a| a.turns.std_dev())));
    c.push(col("p5_turns", q(0.05)));
    c.push(col("q1_turns", q(0.25)));
    c.push(col("median_turns", q(0.5)));
    c.push(col("q3_turns", q(0.75)));
    c.push(col("p95_turns", q(0.95)));
    let throws_of: fn(&ArmStats) -> &Histogram = |a| &a.throws_per_game;
    let moves_of: fn(&ArmStats) -> &Histogram = |a| &a.moves_per_game;
    for (unit, h) in [("throws", throws_of), ("moves", moves_of)] {
        c.push(col(&format!("mean_{unit}"), x(&|a| h(a).mean())));
        c.push(col(&format!("sd_{unit}"), x(&|a| h(a).std_dev())));
        for (name, p) in [
            ("p5", 0.05),
            ("q1", 0.25),
            ("median", 0.5),
            ("q3", 0.75),
            ("p95", 0.95),
        ] {
            let v: Vec<u32> = results.iter().map(|r| h(&r.stats).quantile(p)).collect();
            c.push(col(&format!("{name}_{unit}"), v));
        }
    }
    c.push(col("captures_per_game", x(&|a| rate(a.captures, a.games))));
    c.push(col("backward_per_game", x(&|a| rate(a.backward, a.games))));
    c.push(col("passes_per_game", x(&|a| rate(a.passes, a.games))));
    c.push(col("water_per_game", x(&|a| rate(a.water, a.games))));
    c.push(col("throwoffs", u(&|a| a.throwoffs)));
    c.push(col(
        "throwoff_first_thrower",
        u(&|a| a.throwoff_first_thrower),
    ));
    c.push(col(
        "throwoff_first_thrower_rate",
        results
            .iter()
            .map(|r| {
                let a = &r.stats;
                (a.throwoffs > 0).then(|| rate(a.throwoff_first_thrower, a.throwoffs))
            })
            .collect::<Vec<Option<f64>>>(),
    ));
    c.push(col(
        "throwoff_first_thrower_theory",
        results
            .iter()
            .map(|r| throwoff_theory(&r.arm.rules, &r.arm.device))
            .collect::<Vec<Option<f64>>>(),
    ));
    // Who won the games: the player who threw first in the throw-off (not the side that
    // starts, which is the throw-off's winner), with its interval; empty without a throw-off.
    c.push(col("first_thrower_wins", u(&|a| a.first_thrower_wins)));
    let thrower = |pick: fn((f64, f64, f64)) -> f64| {
        results
            .iter()
            .map(|r| {
                let a = &r.stats;
                (a.throwoffs > 0).then(|| {
                    let (lo, hi) = wilson95(a.first_thrower_wins, a.throwoffs);
                    pick((rate(a.first_thrower_wins, a.throwoffs), lo, hi))
                })
            })
            .collect::<Vec<Option<f64>>>()
    };
    c.push(col("first_thrower_rate", thrower(|t| t.0)));
    c.push(col("first_thrower_rate_lo95", thrower(|t| t.1)));
    c.push(col("first_thrower_rate_hi95", thrower(|t| t.2)));
    // The mean lengths' 95% intervals (finished games, as the means).
    let turns_of: fn(&ArmStats) -> &Histogram = |a| &a.turns;
    let length_of = [
        ("turns", turns_of),
        ("throws", throws_of),
        ("moves", moves_of),
    ];
    for (unit, h) in length_of {
        let bound = |pick: fn((f64, f64)) -> f64| {
            results
                .iter()
                .map(|r| h(&r.stats).mean_interval95().map(pick))
                .collect::<Vec<Option<f64>>>()
        };
        c.push(col(&format!("mean_{unit}_lo95"), bound(|i| i.0)));
        c.push(col(&format!("mean_{unit}_hi95"), bound(|i| i.1)));
    }
    Ok(DataFrame::new_infer_height(c)?)
}

/// `throws.csv`: each value's count and frequency beside its exact probability.
pub fn throws(results: &[ArmResult]) -> Result<DataFrame, TablesError> {
    let (mut arm, mut value, mut count, mut freq, mut theory, mut se, mut z) =
        (vec![], vec![], vec![], vec![], vec![], vec![], vec![]);
    for r in results {
        let n = r.stats.total_throws();
        for &(v, p) in &r.law {
            let c = frequency_check(r.stats.throws[v as usize], n, p);
            arm.push(r.arm.name.clone());
            value.push(v as u32);
            count.push(c.count);
            freq.push(c.frequency);
            theory.push(c.theory);
            se.push(c.std_error);
            z.push(c.z);
        }
    }
    let c = vec![
        col("arm", arm),
        col("value", value),
        col("count", count),
        col("frequency", freq),
        col("theory", theory),
        col("std_error", se),
        col("z", z),
    ];
    Ok(DataFrame::new_infer_height(c)?)
}

/// The histogram of game length in one unit (finished games): `lengths.csv` (turns),
/// `lengths_throws.csv`, `lengths_moves.csv`.
pub fn lengths(
    results: &[ArmResult],
    unit: &str,
    of: fn(&ArmStats) -> &Histogram,
) -> Result<DataFrame, TablesError> {
    let (mut arm, mut length, mut games) = (vec![], vec![], vec![]);
    for r in results {
        for (t, c) in of(&r.stats).bins() {
            arm.push(r.arm.name.clone());
            length.push(t);
            games.push(c);
        }
    }
    Ok(DataFrame::new_infer_height(vec![
        col("arm", arm),
        col(unit, length),
        col("games", games),
    ])?)
}

/// `columns.csv`: what the columns of the CSV files `written` (and of `columns.csv`) mean, in
/// `lang`, from [`columns::COLUMNS`]: each file's header as written (in `lang`), its label, and
/// in a report of another language than English its English name.
pub fn columns(written: &Headers, lang: Lang) -> Result<DataFrame, TablesError> {
    let (mut file, mut column, mut label, mut name) = (vec![], vec![], vec![], vec![]);
    for c in columns::COLUMNS {
        // Some columns appear only when they apply (draws).
        let header = written.get(c.file).map_or(&[][..], Vec::as_slice);
        let written = match c.file {
            "columns.csv" => c.name != "name" || lang != Lang::En,
            _ => header.iter().any(|h| h == c.header(lang)),
        };
        if written {
            file.push(c.file);
            column.push(c.header(lang));
            label.push(c.label(lang));
            name.push(c.name);
        }
    }
    let mut table = vec![
        col("file", file),
        col("column", column),
        col("label", label),
    ];
    if lang != Lang::En {
        table.push(col("name", name));
    }
    Ok(DataFrame::new_infer_height(table)?)
}

/// `first_throws.csv`: the first throws of each arm's run, in order (games 0, 1, 2... one after
/// another, opening throw-offs included): raw material for samples and running frequencies.
pub fn first_throws(results: &[ArmResult]) -> Result<DataFrame, TablesError> {
    let (mut arm, mut index, mut value) = (vec![], vec![], vec![]);
    for r in results {
        for (i, v) in r.first_throws.iter().enumerate() {
            arm.push(r.arm.name.clone());
            index.push(i as u32 + 1);
            value.push(*v as u32);
        }
    }
    Ok(DataFrame::new_infer_height(vec![
        col("arm", arm),
        col("throw", index),
        col("value", value),
    ])?)
}

/// `waits.csv`: in the first throws of each arm, how many throws each value took to come
/// (from the start or its previous occurrence), beside the geometric law.
pub(crate) fn waits_frame(results: &[ArmResult]) -> Result<DataFrame, TablesError> {
    let (mut arm, mut value, mut throws) = (vec![], vec![], vec![]);
    let (mut count, mut freq, mut theory) = (vec![], vec![], vec![]);
    for r in results {
        for &(v, p) in &r.law {
            let w = waits(&r.first_throws, v);
            let n: u64 = w.iter().sum();
            for (k, c) in w.iter().enumerate().skip(1) {
                arm.push(r.arm.name.clone());
                value.push(v as u32);
                throws.push(k as u32);
                count.push(*c);
                freq.push(rate(*c, n));
                theory.push((1.0 - p).powi(k as i32 - 1) * p);
            }
        }
    }
    Ok(DataFrame::new_infer_height(vec![
        col("arm", arm),
        col("value", value),
        col("throws", throws),
        col("count", count),
        col("frequency", freq),
        col("theory", theory),
    ])?)
}

/// `throwoffs.csv`: how many throws each arm's opening throw-offs took, beside the geometric
/// law of the starting value (none when no arm has a throw-off).
pub fn throwoffs(results: &[ArmResult]) -> Result<Option<DataFrame>, TablesError> {
    let (mut arm, mut throws, mut count) = (vec![], vec![], vec![]);
    let (mut freq, mut theory) = (vec![], vec![]);
    for r in results.iter().filter(|r| r.stats.throwoffs > 0) {
        let first = r.arm.rules.first_throw.unwrap_or(1);
        let p = r.p(first);
        let h = &r.stats.throwoff_throws;
        let last = h.bins().map(|b| b.0).max().unwrap_or(0);
        let counts: std::collections::BTreeMap<u32, u64> = h.bins().collect();
        for k in 1..=last {
            let c = counts.get(&k).copied().unwrap_or(0);
            arm.push(r.arm.name.clone());
            throws.push(k);
            count.push(c);
            freq.push(rate(c, r.stats.throwoffs));
            theory.push((1.0 - p).powi(k as i32 - 1) * p);
        }
    }
    if arm.is_empty() {
        return Ok(None);
    }
    Ok(Some(DataFrame::new_infer_height(vec![
        col("arm", arm),
        col("throws", throws),
        col("count", count),
        col("frequency", freq),
        col("theory", theory),
    ])?))
}

/// `games.csv`: the first games of each arm, one row each, for pupils to sort and count.
pub fn games(results: &[ArmResult]) -> Result<DataFrame, TablesError> {
    let mut arm = vec![];
    let (mut game, mut seed) = (vec![], vec![]);
    let (mut first, mut winner, mut thrower) = (vec![], vec![], vec![]);
    let (mut turns, mut throws, mut moves) = (vec![], vec![], vec![]);
    let (mut captures, mut backward, mut passes, mut water) = (vec![], vec![], vec![], vec![]);
    let side = |s: Option<Side>| s.map_or("none", Side::name).to_string();
    for r in results {
        for (i, (sd, g)) in r.first_games.iter().enumerate() {
            arm.push(r.arm.name.clone());
            game.push(i as u64 + 1);
            seed.push(senet_engine::throws::seed_hex(*sd));
            first.push(side(g.first));
            thrower.push(side(senet_simulation::play::stats::first_thrower(g)));
            winner.push(side(g.winner));
            turns.push(g.turns);
            throws.push(g.throws);
            moves.push(g.moves);
            captures.push(g.captures());
            backward.push(g.backward);
            passes.push(g.passes);
            water.push(g.water);
        }
    }
    Ok(DataFrame::new_infer_height(vec![
        col("arm", arm),
        col("game", game),
        col("seed", seed),
        col("first", first),
        col("first_thrower", thrower),
        col("winner", winner),
        col("turns", turns),
        col("throws", throws),
        col("moves", moves),
        col("captures", captures),
        col("backward", backward),
        col("passes", passes),
        col("water", water),
    ])?)
}

/// `squares.csv`: the share of positions with a pawn on each square.
pub fn squares(results: &[ArmResult]) -> Result<DataFrame, TablesError> {
    let (mut arm, mut square, mut occ, mut white, mut black) =
        (vec![], vec![], vec![], vec![], vec![]);
    for r in results {
        for s in 1..=30u8 {
            let (w, b) = (
                r.stats.occupancy_rate(Side::White, s),
                r.stats.occupancy_rate(Side::Black, s),
            );
            arm.push(r.arm.name.clone());
            square.push(s as u32);
            occ.push(w + b);
            white.push(w);
            black.push(b);
        }
    }
    let c = vec![
        col("arm", arm),
        col("square", square),
        col("occupancy", occ),
        col("white", white),
        col("black", black),
    ];
    Ok(DataFrame::new_infer_height(c)?)
}

/// `metrics.csv`: Ludii's reconstruction metrics of each arm, one row an arm, under Ludii's
/// names ([`senet_simulation::play::metrics`]).
pub fn metrics(results: &[ArmResult]) -> Result<DataFrame, TablesError> {
    let mut c = vec![
        col(
            "arm",
            results
                .iter()
                .map(|r| r.arm.name.clone())
                .collect::<Vec<_>>(),
        ),
        col(
            "games",
            results.iter().map(|r| r.stats.games).collect::<Vec<_>>(),
        ),
        col(
            "move_metric_games",
            results.iter().map(|r| r.moves.games).collect::<Vec<_>>(),
        ),
        col(
            "player_1",
            results
                .iter()
                .map(|r| r.metrics().player_1.id())
                .collect::<Vec<_>>(),
        ),
    ];
    let all: Vec<_> = results.iter().map(|r| r.metrics().named()).collect();
    for (k, (name, _)) in senet_simulation::play::metrics::Metrics::NAMES
        .iter()
        .enumerate()
    {
        c.push(col(
            name,
            all.iter().map(|m| m[k].1).collect::<Vec<Option<f64>>>(),
        ));
    }
    Ok(DataFrame::new_infer_height(c)?)
}

/// `metric_intervals.csv`: each arm's Ludii metrics with their 95% intervals, one row a metric
/// (normal intervals of a mean over games, Wilson's for a share; `metrics.csv` has the values).
pub fn metric_intervals(results: &[ArmResult]) -> Result<DataFrame, TablesError> {
    let (mut arm, mut metric, mut value, mut lo, mut hi) = (vec![], vec![], vec![], vec![], vec![]);
    for r in results {
        let m = r.metrics();
        for ((name, v), (_, i)) in m.named().into_iter().zip(m.intervals()) {
            arm.push(r.arm.name.clone());
            metric.push(name);
            value.push(v);
            lo.push(i.map(|i| i.0));
            hi.push(i.map(|i| i.1));
        }
    }
    Ok(DataFrame::new_infer_height(vec![
        col("arm", arm),
        col("metric", metric),
        col("value", value),
        col("low95", lo),
        col("high95", hi),
    ])?)
}

/// `comparison.csv`: every pair of arms (the later against the earlier), the difference of
/// each measure of [`senet_simulation::play::compare`], with its 95% interval, its two-sided
/// p-value and that p-value adjusted by Holm over every row of the table (the family).
pub fn comparison(results: &[ArmResult]) -> Result<DataFrame, TablesError> {
    let mut rows = Vec::new();
    for (i, a) in results.iter().enumerate() {
        for b in &results[i + 1..] {
            for c in senet_simulation::play::compare::compare(&a.stats, &b.stats) {
                rows.push((a.arm.name.clone(), b.arm.name.clone(), c));
            }
        }
    }
    let f = |g: fn(&senet_simulation::play::compare::Comparison) -> f64| {
        rows.iter().map(|r| g(&r.2)).collect::<Vec<f64>>()
    };
    Ok(DataFrame::new_infer_height(vec![
        col(
            "arm_a",
            rows.iter().map(|r| r.0.clone()).collect::<Vec<_>>(),
        ),
        col(
            "arm_b",
            rows.iter().map(|r| r.1.clone()).collect::<Vec<_>>(),
        ),
        col(
            "measure",
            rows.iter().map(|r| r.2.measure).collect::<Vec<_>>(),
        ),
        col("value_a", f(|c| c.a)),
        col("value_b", f(|c| c.b)),
        col("difference", f(|c| c.difference)),
        col("low95", f(|c| c.interval.0)),
        col("high95", f(|c| c.interval.1)),
        col("p_value", f(|c| c.p_value)),
        col(
            "p_holm",
            senet_simulation::play::compare::holm(&f(|c| c.p_value)),
        ),
    ])?)
}
