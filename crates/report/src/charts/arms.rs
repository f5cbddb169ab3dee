//! The charts of one arm: its throw values beside their exact law, and the running frequency of
//! one value (the law of large numbers) inside the fluctuation bands.

use super::kit::{
    arm_title, err, fit, frame, title_font, with_legend, Axis, Key, Mesh, Ticks, GREY, PALETTE, W,
};
use crate::error::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use senet_simulation::play::runner::ArmResult;
use senet_simulation::play::stats::{fluctuation95, fluctuation_school};
use senet_tables::fill;
use senet_tables::lang::Lang;

/// (value, simulated frequency, exact probability) of each value an arm's throws can give.
fn throw_bars(r: &ArmResult) -> Vec<(f64, f64, f64)> {
    let n = r.stats.total_throws();
    r.law
        .iter()
        .map(|&(v, p)| {
            (
                v as f64,
                r.stats.throws[v as usize] as f64 / n.max(1) as f64,
                p,
            )
        })
        .collect()
}

/// The top of the y axis shared by every throws chart of a report, so that slides side by
/// side compare.
pub(super) fn throws_top(results: &[ArmResult]) -> f64 {
    results
        .iter()
        .flat_map(throw_bars)
        .map(|b| b.1.max(b.2))
        .fold(0.0, f64::max)
        * 1.1
        + 0.01
}

/// The throw values of an arm: simulated frequency (left bar) and exact probability (right
/// bar), on a y axis up to `top` (the same for every arm of a report).
pub(super) fn draw_throws<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    r: &ArmResult,
    top: f64,
    l: Lang,
) -> Result<()> {
    let tx = l.texts();
    let n = r.stats.total_throws();
    let bars = throw_bars(r);
    let xs: Vec<f64> = bars.iter().map(|b| b.0).collect();
    let (sim, theory) = (PALETTE[0], PALETTE[1]);
    let plot = with_legend(
        root,
        &[
            (Key::Bar(sim), fill!(tx.simulated, l.int(n))),
            (Key::Bar(theory), tx.exact.to_string()),
        ],
    )?;
    let title = fill!(
        tx.throws_title,
        arm_title(&r.arm.name, &l.device(&r.arm.device))
    );
    let mut chart = value_chart(&plot, &title, &xs, top, (tx.throws_x, tx.throws_y), l)?;
    chart
        .draw_series(
            bars.iter()
                .map(|&(v, f, _)| Rectangle::new([(v - 0.36, 0.0), (v - 0.01, f)], sim.filled())),
        )
        .map_err(err)?;
    chart
        .draw_series(
            bars.iter().map(|&(v, _, p)| {
                Rectangle::new([(v + 0.01, 0.0), (v + 0.36, p)], theory.filled())
            }),
        )
        .map_err(err)?;
    frame(&plot, chart.plotting_area().get_pixel_range())
}

/// The axes of a chart of bars at each throw value: the values `xs` on x, frequencies from 0
/// to `top` on y (round ticks), the title fitted, the axes named by `desc` (x, y).
pub(super) fn value_chart<'a, DB: DrawingBackend>(
    plot: &'a DrawingArea<DB, Shift>,
    title: &str,
    xs: &[f64],
    top: f64,
    desc: (&str, &str),
    l: Lang,
) -> Result<ChartContext<'a, DB, Cartesian2d<Axis, Axis>>> {
    let yt = Ticks::nice(0.0, top, 6, false);
    let xmax = xs.iter().fold(1.0, |a: f64, b| a.max(*b)) + 0.7;
    let mut chart = ChartBuilder::on(plot)
        .caption(fit(plot, title, &title_font(), W - 200), title_font())
        .margin(20)
        .margin_right(40)
        .x_label_area_size(70)
        .y_label_area_size(110)
        .build_cartesian_2d(
            Axis::linear(0.3f64, xmax, xs),
            Axis::linear(0f64, top, &yt.values),
        )
        .map_err(err)?;
    Mesh {
        x_desc: desc.0,
        y_desc: desc.1,
        x_label: &|x| l.num(*x, 0),
        y_label: &|y| yt.label(*y, l),
        grid: (false, true),
    }
    .draw(&mut chart)?;
    Ok(chart)
}

/// The value whose running frequency is drawn: the most probable one.
pub(super) fn convergence_value(r: &ArmResult) -> u8 {
    r.law
        .iter()
        .copied()
        .fold(
            (0u8, -1.0),
            |best, (v, p)| if p > best.1 { (v, p) } else { best },
        )
        .0
}

/// Powers of ten from 1 to `n`, and `n`'s own power when it is one.
fn log_ticks(n: u64) -> Vec<f64> {
    let mut t = vec![];
    let mut k = 1u64;
    while k <= n {
        t.push(k as f64);
        k *= 10;
    }
    t
}

/// Whether the `k`-th throw is a point of a curve over `n` throws on the log axis: every throw
/// up to 1,000, then about 1,000 points a decade (the picture is the same, the SVG is smaller).
fn drawn(k: u64, n: u64) -> bool {
    k <= 1000 || k == n || k.is_multiple_of((k / 1000).max(1))
}

/// The running frequency of `value` over the first throws, with the school's band
/// p ± 1/√n and the exact 95% band p ± 1.96·√(p(1−p)/n) around the probability.
pub(super) fn draw_convergence<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    r: &ArmResult,
    value: u8,
    l: Lang,
) -> Result<()> {
    let tx = l.texts();
    let p = r.p(value);
    let n = r.first_throws.len().max(2) as u64;
    let mut hits = 0u64;
    let running: Vec<(f64, f64)> = r
        .first_throws
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            hits += (v == value) as u64;
            ((i + 1) as f64, hits as f64 / (i + 1) as f64)
        })
        .filter(|&(k, _)| drawn(k as u64, n))
        .collect();
    let (school, exact, prob, sim) = (GREY, PALETTE[2], PALETTE[1], PALETTE[0]);
    // The exact band is a shaded area and the school's band two lines: the two nearly
    // coincide (1.96·√(p(1−p)) is close to 1 for p near 1/2), and must stay apart to the eye.
    let light = |c: u8| (255.0 - (255.0 - c as f64) * 0.35).round() as u8;
    let shade = RGBColor(light(exact.0), light(exact.1), light(exact.2));
    let plot = with_legend(
        root,
        &[
            (Key::Line(sim, 3), tx.running_label.to_string()),
            (
                Key::Line(prob, 3),
                fill!(tx.running_probability, l.num(p, 4)),
            ),
            (Key::Line(school, 3), tx.running_school.to_string()),
            (Key::Bar(shade), tx.running_band.to_string()),
        ],
    )?;
    let yt = Ticks::nice(0.0, 1.0, 5, false);
    let xt = log_ticks(n);
    let mut chart = ChartBuilder::on(&plot)
        .caption(
            fit(
                &plot,
                &fill!(tx.running_title, value, r.arm.name.as_str()),
                &title_font(),
                W - 200,
            ),
            title_font(),
        )
        .margin(20)
        .margin_right(60)
        .x_label_area_size(70)
        .y_label_area_size(110)
        .build_cartesian_2d(
            Axis::log(1.0, n as f64, &xt),
            Axis::linear(0f64, 1f64, &yt.values),
        )
        .map_err(err)?;
    Mesh {
        x_desc: tx.running_x,
        y_desc: &fill!(tx.running_y, value),
        x_label: &|x| l.num(*x, 0),
        y_label: &|y| yt.label(*y, l),
        grid: (true, true),
    }
    .draw(&mut chart)?;
    let ks: Vec<u64> = (1..=n).filter(|&k| drawn(k, n)).collect();
    let mut area: Vec<(f64, f64)> = ks
        .iter()
        .map(|&k| (k as f64, fluctuation95(p, k).1))
        .collect();
    area.extend(ks.iter().rev().map(|&k| (k as f64, fluctuation95(p, k).0)));
    chart
        .draw_series([Polygon::new(area, shade.filled())])
        .map_err(err)?;
    for upper in [false, true] {
        let pts = ks.iter().map(|&k| {
            let (lo, hi) = fluctuation_school(p, k);
            (k as f64, if upper { hi } else { lo })
        });
        chart
            .draw_series(LineSeries::new(pts, school.stroke_width(3)))
            .map_err(err)?;
    }
    chart
        .draw_series(LineSeries::new(
            vec![(1.0, p), (n as f64, p)],
            prob.stroke_width(3),
        ))
        .map_err(err)?;
    chart
        .draw_series(LineSeries::new(running, sim.stroke_width(3)))
        .map_err(err)?;
    frame(&plot, chart.plotting_area().get_pixel_range())
}

/// Every arm's simulated throw frequencies side by side, a bar per arm at each value (the arms
/// in the scenario's order and colours), the class's first in dark grey when it has throws, on
/// an axis from 0.
pub(super) fn draw_compare_throws<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    results: &[ArmResult],
    class: Option<&ClassBars>,
    l: Lang,
) -> Result<()> {
    let tx = l.texts();
    let mut bars: Vec<Vec<(f64, f64)>> = (results.iter())
        .map(|r| throw_bars(r).iter().map(|b| (b.0, b.1)).collect())
        .collect();
    let mut keys: Vec<(Key, String)> = (results.iter().enumerate())
        .map(|(k, r)| (Key::Bar(PALETTE[k % PALETTE.len()]), r.arm.name.clone()))
        .collect();
    let mut colours: Vec<RGBColor> = (0..results.len())
        .map(|k| PALETTE[k % PALETTE.len()])
        .collect();
    let mut top = throws_top(results);
    if let Some(c) = class {
        bars.insert(
            0,
            c.frequencies.iter().map(|&(v, f)| (v as f64, f)).collect(),
        );
        keys.insert(0, (Key::Bar(CLASS), c.name.clone()));
        colours.insert(0, CLASS);
        top = c
            .frequencies
            .iter()
            .map(|f| f.1 * 1.1 + 0.01)
            .fold(top, f64::max);
    }
    let plot = with_legend(root, &keys)?;
    let mut xs: Vec<f64> = bars.iter().flatten().map(|b| b.0).collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    let title = l.texts().r_throws_every_arm_side;
    let y_desc = l.texts().r_frequency_2;
    let mut chart = value_chart(&plot, title, &xs, top, (tx.throws_x, y_desc), l)?;
    let w = 0.8 / bars.len().max(1) as f64;
    for (k, arm) in bars.iter().enumerate() {
        let left = -0.4 + w * k as f64;
        chart
            .draw_series(arm.iter().map(|&(v, f)| {
                Rectangle::new(
                    [(v + left, 0.0), (v + left + w * 0.92, f)],
                    colours[k].filled(),
                )
            }))
            .map_err(err)?;
    }
    frame(&plot, chart.plotting_area().get_pixel_range())
}

/// The class's frequencies drawn beside every arm's (lesson 1's compare chart): its name in the
/// legend and each value's frequency.
pub struct ClassBars {
    /// The legend's words (« la classe », « la classe (exemples) »).
    pub name: String,
    /// Each value and the class's frequency of it.
    pub frequencies: Vec<(u8, f64)>,
}

/// The class's bars in the compare chart: dark grey, apart from the arms' twelve colours.
const CLASS: RGBColor = RGBColor(60, 60, 60);

/// The caption of the chart of every arm's throws.
pub(super) fn compare_throws_sentence(class: Option<&ClassBars>, l: Lang) -> String {
    match (l, class) {
        (Lang::En, None) => "Each value's simulated frequency, a bar per arm, on an axis from 0.".into(),
        (Lang::Fr, None) => {
            "La fréquence simulée de chaque issue, une barre par configuration ; l'axe part de 0."
                .into()
        }
        (Lang::En, Some(c)) => format!("Each value's frequency: first {} (dark grey), then the simulation, a bar per arm; on an axis from 0.", l.quote(&c.name)),
        (Lang::Fr, Some(c)) => format!("La fréquence de chaque issue : d'abord {} (en gris foncé), puis la simulation, une barre par configuration ; l'axe part de 0.", l.quote(&c.name)),
    }
}
