//! The section of `report.md` that compares each arm with the first: the difference of the
//! win rates and of the mean lengths, with its 95% interval and p-value (`comparison.csv` has
//! every pair).

use senet_simulation::play::compare::{compare, holm, Comparison};
use senet_simulation::play::runner::ArmResult;
use senet_tables::lang::Lang;
use std::fmt::Write;

/// The measure's name in words.
fn measure(name: &str, l: Lang) -> &'static str {
    let t = l.texts();
    match name {
        "white_rate" => t.r_whites_wins,
        "first_mover_rate" => t.r_first_movers_wins,
        "first_mover_score" => t.r_first_movers_score,
        "first_mover_decided" => t.r_first_movers_decided,
        "draw_rate" => t.r_draws,
        "mean_throws" => t.r_mean_throws,
        _ => t.r_mean_turns,
    }
}

/// Each later arm against the first (nothing with a single arm).
pub fn md(results: &[ArmResult], l: Lang) -> String {
    let Some((first, rest)) = results.split_first() else {
        return String::new();
    };
    if rest.is_empty() {
        return String::new();
    }
    let mut m = format!(
        "## {}\n\n{}\n\n| {} |\n|---|---|---:|---:|---:|---:|---:|\n",
        l.texts().r_arms_compared,
        senet_tables::fill!(l.texts().r_arms_against_first, first.arm.name),
        l.texts().r_arm_measure_value_first,
    );
    // The family: every row of this table, its p-values adjusted together (Holm).
    let rows: Vec<(&ArmResult, Comparison)> = (rest.iter())
        .flat_map(|r| {
            compare(&first.stats, &r.stats)
                .into_iter()
                .map(move |c| (r, c))
        })
        .collect();
    let p: Vec<f64> = rows.iter().map(|(_, c)| c.p_value).collect();
    for ((r, c), holm) in rows.iter().zip(holm(&p)) {
        {
            // Rates in percent (their difference in points), lengths in turns; one decimal.
            let (scale, unit) = match c.measure {
                "mean_turns" | "mean_throws" => (1.0, ""),
                _ => (100.0, " %"),
            };
            let num = |x: f64| l.num(x * scale, 1);
            let show = |x: f64| format!("{}{unit}", num(x));
            let _ = writeln!(
                m,
                "| {} | {} | {} | {} | {} [{}, {}] | {} | {} |",
                r.arm.name,
                measure(c.measure, l),
                show(c.b),
                show(c.a),
                num(c.difference),
                num(c.interval.0),
                num(c.interval.1),
                p_value(c.p_value, l),
                p_value(holm, l)
            );
        }
    }
    m.push('\n');
    m
}

/// A p-value to four decimals, or "< 0.0001".
fn p_value(p: f64, l: Lang) -> String {
    if p < 1e-4 {
        format!("< {}", l.num(1e-4, 4))
    } else {
        l.num(p, 4)
    }
}
