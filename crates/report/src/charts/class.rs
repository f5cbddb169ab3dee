//! The class's own throws beside the simulation: one chart of bars (the class, the simulation,
//! the exact law, sticks of the class's estimated p̂, and the equiprobable line), one of the
//! pooled frequencies as groups are added.

use super::arms::value_chart;
use super::kit::{
    err, fit, frame, title_font, with_legend, Axis, Key, Mesh, Ticks, GREY, PALETTE, W,
};
use crate::error::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use senet_classroom::Analysis;
use senet_simulation::play::runner::ArmResult;
use senet_simulation::play::stats::{fluctuation_school, rate};
use senet_tables::lang::Lang;

/// Bars per value: the class's frequency, the simulated frequency, the exact probability and,
/// for a real class of sticks or coins, the probability with sticks of its p̂; a dashed grey
/// line at 1/k, the probability of equiprobable values. The axis starts at 0.
pub(crate) fn draw_class_throws<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    r: &ArmResult,
    a: &Analysis,
    l: Lang,
) -> Result<()> {
    let n = a.throws;
    let sim_n = r.stats.total_throws();
    let p = &a.law;
    let equi = a.equiprobable.p;
    let estimate = a.shown_estimate();
    let bars: Vec<(f64, Vec<f64>)> = (a.values.iter().enumerate())
        .map(|(i, &v)| {
            let sim = rate(r.stats.throws[v as usize], sim_n);
            let mut b = vec![a.frequencies[i], sim, p[i]];
            b.extend(estimate.map(|e| e.law[i]));
            (v as f64, b)
        })
        .collect();
    let colours = [PALETTE[3], PALETTE[0], PALETTE[1], PALETTE[2]];
    let mut keys = vec![
        (
            Key::Bar(colours[0]),
            format!(
                "{} ({} {})",
                l.texts().r_class,
                l.int(n),
                l.texts().r_throws
            ),
        ),
        (
            Key::Bar(colours[1]),
            format!(
                "{} ({} {})",
                l.texts().r_simulation,
                l.int(sim_n),
                l.texts().r_throws
            ),
        ),
        (
            Key::Bar(colours[2]),
            l.texts().r_exact_probability.to_string(),
        ),
    ];
    if let Some(e) = estimate {
        let p = l.num(e.p, 2);
        let words = senet_tables::fill!(l.texts().r_sticks_classs_estimate, p);
        keys.push((Key::Bar(colours[3]), words));
    }
    keys.push((
        Key::Line(GREY, 3),
        format!("{} ({})", l.texts().r_equiprobable_values, l.num(equi, 2)),
    ));
    let plot = with_legend(root, &keys)?;
    let top = bars
        .iter()
        .flat_map(|b| b.1.iter().copied())
        .fold(equi, f64::max)
        * 1.1
        + 0.01;
    let xs: Vec<f64> = bars.iter().map(|b| b.0).collect();
    let xmax = xs.iter().fold(1.0, |a: f64, b| a.max(*b)) + 0.7;
    let title = senet_tables::fill!(l.texts().r_classs_throws_beside, l.quote(&r.arm.name));
    let desc = (l.texts().r_value_throw, l.texts().r_frequency_probability);
    let mut chart = value_chart(&plot, &title, &xs, top, desc, l)?;
    let series = bars[0].1.len();
    let width = 0.78 / series as f64;
    for (k, colour) in colours.iter().enumerate().take(series) {
        let left = -0.39 + width * k as f64;
        chart
            .draw_series(bars.iter().map(|(v, f)| {
                let (x0, x1) = (v + left, v + left + width - 0.01);
                Rectangle::new([(x0, 0.0), (x1, f[k])], colour.filled())
            }))
            .map_err(err)?;
    }
    let dashes = (0..)
        .map(|i| 0.3 + 0.2 * i as f64)
        .take_while(|x| *x < xmax);
    chart
        .draw_series(dashes.map(|x| {
            PathElement::new(
                vec![(x, equi), ((x + 0.12).min(xmax), equi)],
                GREY.stroke_width(3),
            )
        }))
        .map_err(err)?;
    frame(&plot, chart.plotting_area().get_pixel_range())
}

/// The pooled frequency of each value as the groups are added (`pooled`), each value's
/// probability under `p` (the law the class settles near, else its arm's) as a dashed line of
/// its colour, and the fluctuation interval p ± 1/√n of the most probable value as two grey
/// lines. The axis starts at 0.
pub(crate) fn draw_class_pooled<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    a: &Analysis,
    pooled: &[Vec<u64>],
    (p, whose): (&[f64], &str),
    l: Lang,
) -> Result<()> {
    let g = pooled.len();
    let likely = (0..p.len()).fold(0, |b, i| if p[i] > p[b] { i } else { b });
    let mut keys: Vec<(Key, String)> = (a.values.iter().enumerate())
        .map(|(i, v)| {
            (
                Key::Line(PALETTE[i], 4),
                format!("{} {v}", l.texts().r_value),
            )
        })
        .collect();
    keys.push((
        Key::Line(GREY, 2),
        format!(
            "{} {} (p ± 1/√n)",
            l.texts().r_fluctuation_interval_value,
            a.values[likely]
        ),
    ));
    let plot = with_legend(root, &keys)?;
    // Up to the highest frequency, probability or end of the interval drawn.
    let top = (pooled.iter())
        .flat_map(|s| {
            let n: u64 = s.iter().sum();
            let hi = fluctuation_school(p[likely], n.max(1)).1;
            s.iter().map(move |&c| rate(c, n)).chain([hi])
        })
        .chain(p.iter().copied())
        .fold(0.0, f64::max)
        * 1.05
        + 0.02;
    let yt = Ticks::nice(0.0, top.min(1.0), 6, false);
    let xt = Ticks::nice(1.0, g.max(2) as f64, 10, true);
    let title = senet_tables::fill!(l.texts().r_group_after_group_dashed, l.quote(whose));
    let mut chart = ChartBuilder::on(&plot)
        .caption(fit(&plot, &title, &title_font(), W - 200), title_font())
        .margin(20)
        .margin_right(60)
        .x_label_area_size(70)
        .y_label_area_size(110)
        .build_cartesian_2d(
            Axis::linear(0.8, g.max(2) as f64 + 0.2, &xt.values),
            Axis::linear(0f64, top.min(1.0), &yt.values),
        )
        .map_err(err)?;
    Mesh {
        x_desc: l.texts().r_groups_pooled,
        y_desc: l.texts().r_frequency,
        x_label: &|x| l.num(*x, 0),
        y_label: &|y| yt.label(*y, l),
        grid: (true, true),
    }
    .draw(&mut chart)?;
    let xs = || (1..=g).map(|k| k as f64);
    let throws: Vec<u64> = pooled.iter().map(|s| s.iter().sum()).collect();
    for upper in [false, true] {
        let band = xs().zip(&throws).map(|(x, &n)| {
            let (lo, hi) = fluctuation_school(p[likely], n.max(1));
            (x, if upper { hi } else { lo }.min(top))
        });
        chart
            .draw_series(LineSeries::new(band, GREY.stroke_width(2)))
            .map_err(err)?;
    }
    for (i, &pi) in p.iter().enumerate() {
        let colour = PALETTE[i];
        // Values of the same probability share their line, their dashes in turn.
        let same: Vec<usize> = (0..p.len()).filter(|&j| (p[j] - pi).abs() < 1e-9).collect();
        let (turn, of) = (same.iter().position(|&j| j == i).unwrap_or(0), same.len());
        let dash = if of > 1 { 0.2 / of as f64 } else { 0.1 };
        let starts = (0..)
            .map(|j| 1.0 + 0.2 * j as f64 + dash * turn as f64)
            .take_while(|x| *x < g as f64);
        chart
            .draw_series(starts.map(|x| {
                PathElement::new(
                    vec![(x, pi), ((x + dash).min(g as f64), pi)],
                    colour.stroke_width(if of > 1 { 3 } else { 2 }),
                )
            }))
            .map_err(err)?;
        let line: Vec<(f64, f64)> = xs()
            .zip(pooled)
            .map(|(x, s)| (x, rate(s[i], throws[x as usize - 1])))
            .collect();
        chart
            .draw_series(LineSeries::new(line.clone(), colour.stroke_width(4)))
            .map_err(err)?;
        chart
            .draw_series(line.iter().map(|&pt| Circle::new(pt, 6, colour.filled())))
            .map_err(err)?;
    }
    frame(&plot, chart.plotting_area().get_pixel_range())
}
