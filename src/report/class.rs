//! The class's own throws in the report: `class_throws.csv`, `class_pooled.csv`, two charts,
//! and the sentence that answers « équiprobable ou non ? » from the class's own data.

use super::charts::class::{draw_class_pooled, draw_class_throws};
use super::charts::{err, fonts, png_and_svg, slug};
use crate::lang::{t, Lang};
use anyhow::{anyhow, Result};
use plotters::prelude::*;
use senet_simulation::input::class_throws::{verdict, ClassThrows};
use senet_simulation::play::runner::ArmResult;
use senet_simulation::play::stats::rate;
use senet_tables::write::{write_table, TableFormat};
use std::fmt::Write as _;
use std::path::Path;

/// Writes the class's tables and charts for `arms` into `dir`; returns the report's section
/// (empty when no arm has class throws).
pub(super) fn write(
    dir: &Path,
    arms: &[(&ArmResult, &ClassThrows)],
    style: TableFormat,
    l: Lang,
) -> Result<String> {
    if arms.is_empty() {
        return Ok(String::new());
    }
    write_table(
        &mut senet_tables::class::class_throws(arms)?,
        &dir.join("class_throws.csv"),
        style,
    )?;
    write_table(
        &mut senet_tables::class::class_pooled(arms)?,
        &dir.join("class_pooled.csv"),
        style,
    )?;
    let charts = dir.join("charts");
    let mut m = format!(
        "### {}\n\n",
        t(l, "The class's throws", "Les lancers de la classe")
    );
    for (r, class) in arms {
        let _ = writeln!(m, "{}\n", sentence(r, class, l));
        m.push_str(&table(r, class, l));
        let stem = format!("class-throws-{}", slug(&r.arm.name));
        png_and_svg!(charts, stem, draw_class_throws(r, class, l));
        let _ = writeln!(m, "![{stem}](charts/{stem}.png)\n\n{}\n", t(l,
            "The class's frequency of each value (left), the simulated frequency (middle) and the exact probability (right); the dashed grey line is the frequency each value would have were the values equiprobable.",
            "La fréquence de chaque issue dans la classe (à gauche), la fréquence simulée (au milieu) et la probabilité exacte (à droite) ; le trait gris en pointillés est la fréquence qu'aurait chaque issue si les issues étaient équiprobables. L'axe part de 0."));
        if class.groups.len() > 1 {
            let stem = format!("class-pooled-{}", slug(&r.arm.name));
            png_and_svg!(charts, stem, draw_class_pooled(r, class, l));
            let _ = writeln!(m, "![{stem}](charts/{stem}.png)\n\n{}\n", t(l,
                "The class's frequencies as the groups are pooled one after the other (file order): they settle near the exact probabilities (dashed lines); the grey lines are the fluctuation interval p ± 1/√n of the most probable value.",
                "Les fréquences de la classe quand on réunit les groupes l'un après l'autre (dans l'ordre du fichier) : elles se stabilisent près des probabilités exactes (pointillés) ; les traits gris sont l'intervalle de fluctuation p ± 1/√n de l'issue la plus probable."));
        }
        let _ = writeln!(m, "{}\n", t(l,
            "Every count is in `class_throws.csv` (the class pooled, beside the simulation) and `class_pooled.csv` (each group's counts and the pooled frequencies, group after group).",
            "Tous les effectifs sont dans `class_throws.csv` (la classe entière, à côté de la simulation) et `class_pooled.csv` (les effectifs de chaque groupe et les fréquences cumulées, groupe après groupe)."));
    }
    Ok(m)
}

/// The answer to « équiprobable ou non ? » from the class's pooled throws, then how they compare
/// with the arm's law.
fn sentence(r: &ArmResult, class: &ClassThrows, l: Lang) -> String {
    let totals = class.totals();
    let p = class.law(&r.arm.rules, &r.arm.device);
    let v = verdict(&class.values, &totals, &p);
    let (n, k) = (v.throws, class.values.len());
    let (lo, hi) = (l.num(v.interval.0, 2), l.num(v.interval.1, 2));
    let e = l.num(v.equiprobable, 2);
    let groups = class.groups.len();
    let mut s = match (v.not_equiprobable, l) {
        (true, Lang::Fr) => format!(
            "**Équiprobable ou non ? Non.** Si les {k} issues étaient équiprobables, chacune sortirait environ une fois sur {k} (fréquence {e}). Dans les {} lancers de la classe ({groups} groupes), l'issue {} est sortie {} fois, soit une fréquence de {} : c'est trop loin de {e} pour venir du hasard, car {} lancers d'issues équiprobables donnent presque toujours (au moins 95 fois sur 100) une fréquence entre {lo} et {hi} (l'intervalle de fluctuation).",
            l.int(n), v.furthest.0, l.int(v.furthest.1), l.num(rate(v.furthest.1, n), 2), l.int(n)),
        (true, Lang::En) => format!(
            "**Equiprobable or not? No.** Were the {k} values equiprobable, each would come about once in {k} throws (frequency {e}). In the class's {} throws ({groups} groups), the value {} came {} times, a frequency of {}: too far from {e} to be chance, since {} throws of equiprobable values almost always (at least 95 times in 100) give a frequency between {lo} and {hi} (the fluctuation interval).",
            l.int(n), v.furthest.0, l.int(v.furthest.1), l.num(rate(v.furthest.1, n), 2), l.int(n)),
        (false, Lang::Fr) => format!(
            "**Équiprobable ou non ? On ne peut pas encore conclure.** Dans les {} lancers de la classe ({groups} groupes), chaque issue a une fréquence entre {lo} et {hi}, ce que le hasard donne souvent même quand les {k} issues sont équiprobables (fréquence {e} chacune) : il faut réunir plus de lancers.",
            l.int(n)),
        (false, Lang::En) => format!(
            "**Equiprobable or not? Not yet known.** In the class's {} throws ({groups} groups), every value's frequency lies between {lo} and {hi}, as chance often gives even when the {k} values are equiprobable (frequency {e} each): pool more throws.",
            l.int(n)),
    };
    // The value furthest from its exact probability.
    let far = (0..k)
        .max_by(|&a, &b| {
            let d = |i: usize| (rate(totals[i], n) - p[i]).abs();
            d(a).total_cmp(&d(b))
        })
        .unwrap_or(0);
    let (f, pf) = (l.num(rate(totals[far], n), 2), l.num(p[far], 3));
    let (arm, val) = (l.quote(&r.arm.name), class.values[far]);
    s.push(' ');
    s.push_str(&match (v.fits_law, l) {
        (true, Lang::Fr) => format!("Les fréquences de la classe sont proches des probabilités de {arm} : l'écart le plus grand, pour l'issue {val}, est entre {f} dans la classe et {pf} exactement, ce que le hasard explique."),
        (true, Lang::En) => format!("The class's frequencies are close to the probabilities of {arm}: the largest gap, for the value {val}, is between {f} in the class and exactly {pf}, which chance explains."),
        (false, Lang::Fr) => format!("Les lancers de la classe ne suivent pas la loi de {arm} : pour l'issue {val}, la fréquence est {f} dans la classe et la probabilité exacte {pf}, un écart trop grand pour venir du hasard."),
        (false, Lang::En) => format!("The class's throws do not follow the law of {arm}: for the value {val}, the frequency is {f} in the class and the exact probability {pf}, a gap too large to be chance."),
    });
    s
}

/// A row per value: the class's count and frequency, the simulated frequency, the exact
/// probability and the equiprobable one.
fn table(r: &ArmResult, class: &ClassThrows, l: Lang) -> String {
    let totals = class.totals();
    let n: u64 = totals.iter().sum();
    let sim_n = r.stats.total_throws();
    let p = class.law(&r.arm.rules, &r.arm.device);
    let mut m = String::new();
    let _ = writeln!(
        m,
        "{}\n|---:|---:|---:|---:|---:|---:|",
        t(
            l,
            "| value | the class's count | the class's frequency | simulated frequency | exact probability | were they equiprobable |",
            "| issue | effectif de la classe | fréquence dans la classe | fréquence simulée | probabilité exacte | si équiprobables |"
        )
    );
    for (i, v) in class.values.iter().enumerate() {
        let _ = writeln!(
            m,
            "| {v} | {} | {} | {} | {} | {} |",
            l.int(totals[i]),
            l.num(rate(totals[i], n), 3),
            l.num(rate(r.stats.throws[*v as usize], sim_n), 3),
            l.num(p[i], 3),
            l.num(1.0 / class.values.len() as f64, 3)
        );
    }
    let _ = writeln!(
        m,
        "| {} | {} | 1 | 1 | 1 | 1 |\n",
        t(l, "all", "total"),
        l.int(n)
    );
    m
}
