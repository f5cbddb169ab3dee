//! The charts that answer a lesson's own question (a scenario's `charts = [...]`): who wins
//! the throw-off and how many throws it takes (lesson 2), how many throws it takes to leave
//! the squares left only by an exact throw (lesson 3). Each shows the simulation beside the
//! exact law.

use super::kit::{
    arm_title, err, fit, frame, label_font, title_font, with_legend, Axis, Key, Mesh, Ticks,
    PALETTE, W,
};
use crate::error::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use senet_engine::board::OFF;
use senet_simulation::play::runner::ArmResult;
use senet_simulation::play::stats::{first_thrower_probability, waits, wilson95};
use senet_tables::fill;
use senet_tables::lang::Lang;

/// The words of these charts.
struct Words {
    throwoff_title: &'static str,
    starter_panel: &'static str,
    first: &'static str,
    second: &'static str,
    share: &'static str,
    length_panel: &'static str,
    throws_x: &'static str,
    frequency: &'static str,
    exits_title: &'static str,
    square_panel: &'static str,
    simulated: &'static str,
    games: &'static str,
    throws: &'static str,
    exact: &'static str,
}

fn words(l: Lang) -> Words {
    match l {
        Lang::En => Words {
            throwoff_title: "Who starts? {}",
            starter_panel: "who throws the first {}",
            first: "first thrower",
            second: "second thrower",
            share: "share of throw-offs",
            length_panel: "throws of the throw-off",
            throws_x: "number of throws",
            frequency: "frequency / probability",
            exits_title: "Throws needed to leave a square: {}",
            square_panel: "square {}: a {} (p = {})",
            simulated: "simulated ({}), with its 95% interval",
            games: "{} games",
            throws: "{} throws",
            exact: "exact probability",
        },
        Lang::Fr => Words {
            throwoff_title: "Qui commence ? {}",
            starter_panel: "qui lance le premier {}",
            first: "premier lanceur",
            second: "second lanceur",
            share: "part des lancers pour commencer",
            length_panel: "lancers pour commencer",
            throws_x: "nombre de lancers",
            frequency: "fréquence / probabilité",
            exits_title: "Lancers pour sortir d'une case : {}",
            square_panel: "case {} : un {} (p = {})",
            simulated: "simulé ({}), avec son intervalle à 95 %",
            games: "{} parties",
            throws: "{} lancers",
            exact: "probabilité exacte",
        },
    }
}

/// One bar of a panel: its x, the simulated count out of `n`, the exact probability.
#[derive(Clone, Copy)]
struct Bar {
    x: f64,
    count: u64,
    n: u64,
    exact: f64,
}

/// The geometric law's bars for `counts[k]` (k ≥ 1) with probability `p`: k from 1 until the
/// law's tail beyond it is below 1% (frequencies stay shares of every wait counted).
fn geometric_bars(counts: &[u64], p: f64) -> Vec<Bar> {
    let n: u64 = counts.iter().sum();
    let last = geometric_last(p);
    (1..=last)
        .map(|k| Bar {
            x: k as f64,
            count: counts.get(k).copied().unwrap_or(0),
            n,
            exact: (1.0 - p).powi(k as i32 - 1) * p,
        })
        .collect()
}

/// The last number of throws drawn for a geometric law of `p`: the first k whose tail
/// P(N > k) = (1 − p)^k is below 1% (at most 60).
fn geometric_last(p: f64) -> usize {
    (1..60)
        .find(|&k| (1.0 - p).powi(k as i32) < 0.01)
        .unwrap_or(60)
}

/// The probability of `value` with the arm's device and rules.
fn probability(r: &ArmResult, value: u8) -> f64 {
    r.p(value)
}

/// Draws one panel: simulated frequencies (left bars, with their 95% Wilson interval, capped)
/// beside the exact probabilities (right bars), on a y axis up to `top`.
#[allow(clippy::too_many_arguments)]
fn panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    bars: &[Bar],
    top: f64,
    x_desc: &str,
    x_label: &dyn Fn(&f64) -> String,
    l: Lang,
) -> Result<()> {
    let w = words(l);
    let yt = Ticks::nice(0.0, top, 6, false);
    let xs: Vec<f64> = bars.iter().map(|b| b.x).collect();
    let xmax = xs.iter().fold(1.0f64, |a, b| a.max(*b)) + 0.6;
    let title = fit(area, title, &label_font(), area.dim_in_pixel().0 - 40);
    let x_ticks: Vec<f64> = if xs.len() > 12 {
        let step = Ticks::step(xmax, 10, true);
        xs.iter()
            .copied()
            .filter(|x| x % step == 0.0 || *x == 1.0)
            .collect()
    } else {
        xs.clone()
    };
    let mut chart = ChartBuilder::on(area)
        .caption(title, label_font())
        .margin(16)
        .x_label_area_size(70)
        .y_label_area_size(100)
        .build_cartesian_2d(
            Axis::linear(0.4f64, xmax, &x_ticks),
            Axis::linear(0f64, top, &yt.values),
        )
        .map_err(err)?;
    Mesh {
        x_desc,
        y_desc: w.frequency,
        x_label,
        y_label: &|y| yt.label(*y, l),
        grid: (false, true),
    }
    .draw(&mut chart)?;
    let (sim, exact) = (PALETTE[0], PALETTE[1]);
    // Thin bars (a long geometric law) get a thin interval without caps, that leaves the bar
    // seen beside it.
    let many = bars.len() > 20;
    let (line, cap) = match many {
        true => (RGBColor(60, 60, 60).stroke_width(1), 0.0),
        false => (BLACK.stroke_width(2), 0.08),
    };
    for b in bars {
        let f = b.count as f64 / b.n.max(1) as f64;
        let (lo, hi) = wilson95(b.count, b.n);
        let (x0, x1) = (b.x - 0.36, b.x - 0.01);
        let mid = if many { x0 } else { (x0 + x1) / 2.0 };
        chart
            .draw_series([
                Rectangle::new([(x0, 0.0), (x1, f)], sim.filled()),
                Rectangle::new([(b.x + 0.01, 0.0), (b.x + 0.36, b.exact)], exact.filled()),
            ])
            .map_err(err)?;
        chart
            .draw_series([
                PathElement::new(vec![(mid, lo), (mid, hi)], line),
                PathElement::new(vec![(mid - cap, lo), (mid + cap, lo)], line),
                PathElement::new(vec![(mid - cap, hi), (mid + cap, hi)], line),
            ])
            .map_err(err)?;
    }
    frame(area, chart.plotting_area().get_pixel_range())
}

/// The legend and the title of a chart of panels; returns the area left for the panels.
fn titled<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    simulated: String,
    l: Lang,
) -> Result<DrawingArea<DB, Shift>> {
    let w = words(l);
    let plot = with_legend(
        root,
        &[
            (Key::Bar(PALETTE[0]), simulated),
            (Key::Bar(PALETTE[1]), w.exact.to_string()),
        ],
    )?;
    let title = fit(&plot, title, &title_font(), W - 200);
    plot.margin(12, 0, 0, 0)
        .titled(&title, title_font())
        .map_err(err)
}

/// Lesson 2: who wins the throw-off (first or second thrower, against 1/(2 − p)), and how many
/// throws it takes (against the geometric law of the starting value).
pub(super) fn draw_throwoff<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    r: &ArmResult,
    l: Lang,
) -> Result<()> {
    let w = words(l);
    let a = &r.stats;
    let value = r.arm.rules.first_throw.unwrap_or(1);
    let p = probability(r, value);
    let exact_first = first_thrower_probability(p);
    let title = fill!(
        w.throwoff_title,
        arm_title(&r.arm.name, &l.device(&r.arm.device))
    );
    let sim = fill!(w.simulated, fill!(w.games, l.int(a.throwoffs)));
    let area = titled(root, &title, sim, l)?;
    let (left, right) = area.split_horizontally(W * 2 / 5);
    let starters = [
        Bar {
            x: 1.0,
            count: a.throwoff_first_thrower,
            n: a.throwoffs,
            exact: exact_first,
        },
        Bar {
            x: 2.0,
            count: a.throwoffs - a.throwoff_first_thrower,
            n: a.throwoffs,
            exact: 1.0 - exact_first,
        },
    ];
    let names = [w.first, w.second];
    let top = 0.8f64.max(exact_first + 0.15).min(1.0);
    panel(
        &left,
        &fill!(w.starter_panel, value),
        &starters,
        top,
        w.share,
        &|x| names.get(x.round() as usize - 1).unwrap_or(&"").to_string(),
        l,
    )?;
    let mut counts = vec![0u64; 1];
    for (k, c) in a.throwoff_throws.bins() {
        counts.resize(counts.len().max(k as usize + 1), 0);
        counts[k as usize] = c;
    }
    let bars = geometric_bars(&counts, p);
    let top = nice_top(&bars);
    panel(
        &right,
        w.length_panel,
        &bars,
        top,
        w.throws_x,
        &|x| l.num(*x, 0),
        l,
    )
}

/// The top of a y axis holding every bar and interval of `bars`, with a little room.
fn nice_top(bars: &[Bar]) -> f64 {
    let hi = bars
        .iter()
        .map(|b| wilson95(b.count, b.n).1.max(b.exact))
        .fold(0.0, f64::max);
    (hi * 1.1 + 0.01).min(1.0)
}

/// The squares left only by an exact throw that this arm's throws can give, with that value.
pub(super) fn exit_squares(r: &ArmResult) -> Vec<(u8, u8)> {
    let values = r.arm.rules.possible_values();
    (1..OFF)
        .filter(|&s| r.arm.rules.exit_only_squares.has(s))
        .map(|s| (s, OFF - s))
        .filter(|(_, v)| values.contains(v))
        .collect()
}

/// Lesson 3: for each square left only by an exact throw, how many throws it takes to get that
/// throw (the waits between its occurrences in the arm's first throws) beside the geometric
/// law; one y scale for every panel.
pub(super) fn draw_exit_waits<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    r: &ArmResult,
    l: Lang,
) -> Result<()> {
    let w = words(l);
    let squares = exit_squares(r);
    let panels: Vec<(String, Vec<Bar>)> = squares
        .iter()
        .map(|&(s, v)| {
            let p = probability(r, v);
            let label = fill!(w.square_panel, s, v, l.num(p, 4));
            (label, geometric_bars(&waits(&r.first_throws, v), p))
        })
        .collect();
    let top = panels.iter().map(|(_, b)| nice_top(b)).fold(0.0, f64::max);
    let title = fill!(
        w.exits_title,
        arm_title(&r.arm.name, &l.device(&r.arm.device))
    );
    let sim = fill!(
        w.simulated,
        fill!(w.throws, l.int(r.first_throws.len() as u64))
    );
    let area = titled(root, &title, sim, l)?;
    let cells = area.split_evenly((1, panels.len().max(1)));
    for ((label, bars), cell) in panels.iter().zip(&cells) {
        panel(cell, label, bars, top, w.throws_x, &|x| l.num(*x, 0), l)?;
    }
    Ok(())
}

/// What the throw-off chart of `r` shows, with the run's figures.
pub(super) fn throwoff_sentence(r: &ArmResult, l: Lang) -> String {
    let a = &r.stats;
    let value = r.arm.rules.first_throw.unwrap_or(1);
    let p = probability(r, value);
    let name = l.quote(&r.arm.name);
    let won = l.pct(a.throwoff_first_thrower as f64 / a.throwoffs.max(1) as f64);
    let (exact, p_text) = (l.num(first_thrower_probability(p), 4), l.num(p, 4));
    let (mean, inverse) = (l.num(a.throwoff_throws.mean(), 2), l.num(1.0 / p, 2));
    senet_tables::fill!(
        l.texts().r_who_starts_on_left,
        name,
        won,
        exact,
        p_text,
        value,
        mean,
        inverse
    )
}

/// What the exit-waits chart of `r` shows.
pub(super) fn exits_sentence(r: &ArmResult, l: Lang) -> String {
    let list: Vec<String> = exit_squares(r)
        .iter()
        .map(|&(s, v)| {
            let p = probability(r, v);
            senet_tables::fill!(l.texts().r_needs_1_p_throws, s, v, l.num(1.0 / p, 2))
        })
        .collect();
    let n = l.int(r.first_throws.len() as u64);
    match l {
        Lang::En => format!(
            "Throws to leave a square, {}: over the first {n} throws, how many throws it took to get the value that leaves each square (the waits between two of them), beside the geometric law (1 − p)ᵏ⁻¹ × p, on one scale; {} (`waits.csv`).",
            l.quote(&r.arm.name),
            list.join("; ")
        ),
        Lang::Fr => format!(
            "Lancers pour sortir d'une case, {} : sur les {n} premiers lancers, le nombre de lancers qu'il a fallu pour obtenir l'issue qui fait sortir de chaque case (l'attente entre deux de ces issues), à côté de la loi géométrique (1 − p)ᵏ⁻¹ × p, sur une même échelle ; {} (`waits.csv`).",
            l.quote(&r.arm.name),
            list.join(" ; ")
        ),
    }
}
