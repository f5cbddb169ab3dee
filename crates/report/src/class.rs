//! The class's own throws in the report: `class_throws.csv`, `class_pooled.csv`, two charts,
//! and the sentences that answer « équiprobable ou non ? », estimate the sticks' probability
//! and name the simulated object closest to the class: all `senet_classroom`'s, from the
//! class's own data. The kit's example groups get no verdict, and the live form comes first.

use super::charts::class::{draw_class_pooled, draw_class_throws};
use super::charts::{err, fonts, png_and_svg, slug, Canvas};
use super::live;
use crate::error::Result;
use plotters::prelude::*;
use senet_classroom::{analyse, law, Analysis, ClassFile, Object};
use senet_simulation::play::runner::ArmResult;
use senet_simulation::play::stats::rate;
use senet_tables::lang::Lang;
use senet_tables::write::{write_table, Headers, TableFormat};
use std::fmt::Write as _;
use std::path::Path;

/// What the lesson says of an arm's class throws, beside every arm of the run.
pub(super) fn analysis(r: &ArmResult, file: &ClassFile, results: &[ArmResult]) -> Analysis {
    let values = &file.class.values;
    let objects: Vec<Object> = (results.iter())
        .map(|o| Object {
            name: o.arm.name.clone(),
            law: law(&o.arm.rules, &o.arm.device, values),
        })
        .collect();
    analyse(&file.class, &r.arm.rules, &r.arm.device, &objects)
}

/// The class's part of a report: what the question shows, and the files, named in the
/// teacher's part.
#[derive(Default)]
pub(super) struct Section {
    /// The answers, the form's marker after the first, the table and the charts.
    pub question: String,
    /// The sentence that names the class's CSV files.
    pub files: String,
}

/// Writes the class's tables and charts for `arms` into `dir`; returns the report's section
/// (empty when no arm has class throws), the live form's marker after its first answer.
/// Each CSV file's header is kept in `written`.
pub(super) fn write(
    dir: &Path,
    arms: &[(&ArmResult, &ClassFile)],
    results: &[ArmResult],
    (style, written, charts): (TableFormat, &mut Headers, &mut Canvas),
    l: Lang,
) -> Result<Section> {
    if arms.is_empty() {
        return Ok(Section::default());
    }
    let analyses: Vec<Analysis> = (arms.iter())
        .map(|(r, f)| analysis(r, f, results))
        .collect();
    let triples: Vec<_> = (arms.iter().zip(&analyses))
        .map(|((r, f), a)| (*r, &f.class, a))
        .collect();
    for (file, mut frame) in [
        (
            "class_throws.csv",
            senet_tables::class::class_throws(&triples)?,
        ),
        (
            "class_pooled.csv",
            senet_tables::class::class_pooled(&triples)?,
        ),
    ] {
        written.insert(
            file.into(),
            write_table(&mut frame, &dir.join(file), style)?,
        );
    }
    let cl = senet_classroom::Lang::from(l);
    let mut m = format!(
        "### {}\n\n[{}](#class-form)\n\n",
        l.texts().r_classs_throws,
        l.texts().r_type_classs_counts_live,
    );
    for (k, ((r, file), a)) in arms.iter().zip(&analyses).enumerate() {
        let class = &file.class;
        let _ = writeln!(m, "{}\n", a.answer(cl));
        if k == 0 {
            let _ = writeln!(m, "{}\n", live::MARKER);
        }
        for s in [a.estimate_sentence(cl), a.closest_sentence(cl)]
            .into_iter()
            .flatten()
        {
            let _ = writeln!(m, "{s}\n");
        }
        m.push_str(&table(r, a, l));
        let stem = format!("class-throws-{}", slug(&r.arm.name));
        png_and_svg!(charts, stem, draw_class_throws(r, a, l));
        let _ = writeln!(
            m,
            "![{stem}](charts/{stem}.png)\n\n{}\n",
            throws_caption(r, a, l)
        );
        if class.groups.len() > 1 {
            let stem = format!("class-pooled-{}", slug(&r.arm.name));
            let (reference, drawn) = pooled_reference(r, a);
            let pooled = class.pooled();
            let dashed = (reference.as_slice(), drawn.as_str());
            png_and_svg!(charts, stem, draw_class_pooled(a, &pooled, dashed, l));
            let _ = writeln!(
                m,
                "![{stem}](charts/{stem}.png)\n\n{} {}\n",
                a.pooled_caption(&drawn, cl),
                l.texts().r_between_grey_lines_frequency
            );
        }
    }
    let files = format!("{}\n\n", l.texts().r_every_count_class_throws);
    Ok(Section { question: m, files })
}

/// The law the pooled chart draws and whose it is: the object the class settles near, else
/// the arm's own.
fn pooled_reference(r: &ArmResult, a: &Analysis) -> (Vec<f64>, String) {
    match a.settles_near() {
        Some((law, names)) if !a.example => (law.to_vec(), names.join(" / ")),
        _ => (a.law.clone(), r.arm.name.clone()),
    }
}

/// The caption of the class's bars.
fn throws_caption(r: &ArmResult, a: &Analysis, l: Lang) -> String {
    let name = l.quote(&r.arm.name);
    let mut s = senet_tables::fill!(l.texts().r_classs_frequency_each_value, name);
    if let Some(e) = a.shown_estimate() {
        let p = l.num(e.p, 2);
        let _ = write!(
            s,
            "{}",
            senet_tables::fill!(l.texts().r_then_probability_with_sticks, p)
        );
    }
    s.push_str(l.texts().r_dashed_grey_line_frequency);
    s
}

/// A row per value: the class's count and frequency, the simulated frequency, the exact
/// probability, and the equiprobable one or the probability with sticks of the class's p̂.
fn table(r: &ArmResult, a: &Analysis, l: Lang) -> String {
    let sim_n = r.stats.total_throws();
    let (p, estimate) = (&a.law, a.shown_estimate());
    // Six columns (a projected page): the last is the equiprobable value, or, for a real class
    // of sticks, the probability with sticks of its p̂ (the answer says 1/k already).
    let head = l.texts().r_value_classs_count_classs;
    let last = match estimate {
        Some(e) => format!("{} {}", l.texts().r_sticks, l.num(e.p, 2)),
        None => l.texts().r_were_they_equiprobable.to_string(),
    };
    let mut m = String::new();
    let _ = writeln!(m, "{head} {last} |\n|{}", "---:|".repeat(6));
    for (i, v) in a.values.iter().enumerate() {
        let _ = writeln!(
            m,
            "| {v} | {} | {} | {} | {} | {} |",
            l.int(a.counts[i]),
            l.num(a.frequencies[i], 3),
            l.num(rate(r.stats.throws[*v as usize], sim_n), 3),
            l.num(p[i], 3),
            l.num(estimate.map_or(a.equiprobable.p, |e| e.law[i]), 3)
        );
    }
    let all = l.texts().r_all;
    let _ = writeln!(m, "| {all} | {} | 1 | 1 | 1 | 1 |\n", l.int(a.throws));
    m
}
