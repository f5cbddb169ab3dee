//! The section of `report.md` that compares each arm with the first: the difference of the
//! win rates and of the mean lengths, with its 95% interval and p-value (`comparison.csv` has
//! every pair).

use crate::lang::{t, Lang};
use senet_simulation::play::compare::compare;
use senet_simulation::play::runner::ArmResult;
use std::fmt::Write;

/// The measure's name in words.
fn measure(name: &str, l: Lang) -> &'static str {
    match name {
        "white_rate" => t(l, "white's wins", "victoires des blancs"),
        "first_mover_rate" => t(l, "first mover's wins", "victoires du premier joueur"),
        _ => t(l, "mean turns", "tours en moyenne"),
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
        "## {}\n\n{}\n\n| {} |\n|---|---|---:|---:|---:|---:|\n",
        t(l, "Arms compared", "Configurations comparées"),
        t(
            l,
            &format!("Each arm against `{}` (all pairs: `comparison.csv`): the difference (the arm less the first) with its 95% interval, and the two-sided p-value of no difference (a normal test; the arms' games are independent). Rates are shares of all games; lengths are of the finished games.", first.arm.name),
            &format!("Chaque configuration face à `{}` (toutes les paires : `comparison.csv`) : la différence (la configuration moins la première) avec son intervalle à 95 %, et la p-valeur bilatérale de l'absence de différence (test normal ; les parties des configurations sont indépendantes). Les fréquences portent sur toutes les parties, les durées sur les parties finies.", first.arm.name),
        ),
        t(
            l,
            "arm | measure | value | first arm's | difference [95%] (points, or turns) | p",
            "configuration | mesure | valeur | celle de la première | différence [95 %] (points, ou tours) | p"
        ),
    );
    for r in rest {
        for c in compare(&first.stats, &r.stats) {
            // Rates in percent (their difference in points), lengths in turns; one decimal.
            let (scale, unit) = match c.measure {
                "mean_turns" => (1.0, ""),
                _ => (100.0, " %"),
            };
            let num = |x: f64| l.num(x * scale, 1);
            let show = |x: f64| format!("{}{unit}", num(x));
            let _ = writeln!(
                m,
                "| {} | {} | {} | {} | {} [{}, {}] | {} |",
                r.arm.name,
                measure(c.measure, l),
                show(c.b),
                show(c.a),
                num(c.difference),
                num(c.interval.0),
                num(c.interval.1),
                p_value(c.p_value, l)
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
