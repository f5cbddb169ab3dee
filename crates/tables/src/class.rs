//! The class's own throws beside the simulation: `class_throws.csv` (per value, the class's
//! pooled count and frequency, the simulated frequency, the exact probability, the
//! equiprobable value, the probability with sticks of the class's estimated p̂) and
//! `class_pooled.csv` (the pooled frequencies as groups are added, with the fluctuation
//! interval: the stabilisation the lesson is about).

use crate::frames::col;
use crate::TablesError;
use polars::prelude::*;
use senet_classroom::{Analysis, Class};
use senet_simulation::play::runner::ArmResult;
use senet_simulation::play::stats::{fluctuation_school, rate};

/// An arm with a class's throws and what the lesson says of them.
pub(crate) type ClassArm<'a> = (&'a ArmResult, &'a Class, &'a Analysis);

/// `class_throws.csv`: a row per arm with a class file and value of its device.
pub fn class_throws(arms: &[ClassArm]) -> Result<DataFrame, TablesError> {
    let (mut arm, mut value, mut count, mut freq) = (vec![], vec![], vec![], vec![]);
    let (mut sim, mut theory, mut equi, mut sticks) = (vec![], vec![], vec![], vec![]);
    for (r, class, analysis) in arms {
        let totals = class.totals();
        let n: u64 = totals.iter().sum();
        let simulated = r.stats.total_throws();
        let law = &analysis.law;
        for (i, &v) in class.values.iter().enumerate() {
            sticks.push(analysis.estimate.as_ref().map(|e| e.law[i]));
            arm.push(r.arm.name.clone());
            value.push(v as u32);
            count.push(totals[i]);
            freq.push(rate(totals[i], n));
            sim.push(rate(r.stats.throws[v as usize], simulated));
            theory.push(law[i]);
            equi.push(1.0 / class.values.len() as f64);
        }
    }
    Ok(DataFrame::new_infer_height(vec![
        col("arm", arm),
        col("value", value),
        col("class_count", count),
        col("class_frequency", freq),
        col("frequency", sim),
        col("theory", theory),
        col("equiprobable", equi),
        col("estimated_sticks", sticks),
    ])?)
}

/// `class_pooled.csv`: for each arm with a class file, each group added in file order and each
/// value: the group's own count, the pooled count and frequency, and the fluctuation interval
/// p ± 1/√n of the exact probability p for the n throws pooled.
pub fn class_pooled(arms: &[ClassArm]) -> Result<DataFrame, TablesError> {
    let (mut arm, mut groups, mut group, mut value) = (vec![], vec![], vec![], vec![]);
    let (mut own, mut pooled, mut throws, mut freq) = (vec![], vec![], vec![], vec![]);
    let (mut theory, mut low, mut high) = (vec![], vec![], vec![]);
    for (r, class, analysis) in arms {
        let law = &analysis.law;
        for (k, sums) in class.pooled().iter().enumerate() {
            let n: u64 = sums.iter().sum();
            for (i, &v) in class.values.iter().enumerate() {
                let p = law[i];
                let (lo, hi) = fluctuation_school(p, n.max(1));
                arm.push(r.arm.name.clone());
                groups.push(k as u32 + 1);
                group.push(class.groups[k].name.clone());
                value.push(v as u32);
                own.push(class.groups[k].counts[i]);
                pooled.push(sums[i]);
                throws.push(n);
                freq.push(rate(sums[i], n));
                theory.push(p);
                low.push(lo);
                high.push(hi);
            }
        }
    }
    Ok(DataFrame::new_infer_height(vec![
        col("arm", arm),
        col("groups", groups),
        col("group", group),
        col("value", value),
        col("group_count", own),
        col("pooled_count", pooled),
        col("pooled_throws", throws),
        col("pooled_frequency", freq),
        col("theory", theory),
        col("low", low),
        col("high", high),
    ])?)
}
