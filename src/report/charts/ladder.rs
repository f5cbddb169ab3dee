//! The chart of a skill ladder: each step's win rate of the stronger strategy against the one
//! below it, from the 50% line, with its 95% interval, the bottom step on top.

use super::compare::{draw_win_bars, zoom, WinBar};
use super::kit::{axis_font, err, fit, frame, title_font, Axis, Mesh, Ticks, GREY, PALETTE};
use crate::lang::Lang;
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use senet_simulation::ladder::Step;
use senet_simulation::tournament::TournamentResult;

/// The step's label: "front > random".
pub(crate) fn step_label(r: &TournamentResult, s: &Step, l: Lang) -> String {
    format!(
        "{} > {}",
        l.strategy(r.name(s.stronger)),
        l.strategy(r.name(s.weaker))
    )
}

/// Draws the ladder of `r` (its `steps`).
pub(crate) fn draw_ladder<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    r: &TournamentResult,
    steps: &[Step],
    l: Lang,
) -> Result<()> {
    let bars: Vec<WinBar> = (steps.iter().enumerate())
        .map(|(k, s)| WinBar {
            arm: k,
            rate: s.rate,
            interval: s.interval,
            colour: PALETTE[0],
        })
        .collect();
    let rows = bars.len() as f64;
    let y_of = |k: usize| rows - 1.0 - k as f64;
    let font = axis_font();
    let names: Vec<(f64, String)> = (steps.iter().enumerate())
        .map(|(k, s)| (y_of(k), fit(root, &step_label(r, s, l), &font, 420)))
        .collect();
    let name_w = (names.iter())
        .map(|n| root.estimate_text_size(&n.1, &font).map_or(200, |s| s.0))
        .max()
        .unwrap_or(100)
        .min(420);
    let half = zoom(&bars).max(0.1);
    let xt = Ticks::nice(0.5 - half, 0.5 + half, 8, false);
    let ys: Vec<f64> = names.iter().map(|n| n.0).collect();
    // The name, with what the chart is unless the name says it.
    let name = &r.tournament.name;
    let title = match l {
        _ if name.contains("ladder") || name.contains("échelle") => name.clone(),
        Lang::Fr => format!("Échelle de niveau : {name}"),
        _ => format!("Skill ladder: {name}"),
    };
    let mut chart = ChartBuilder::on(root)
        .caption(fit(root, &title, &title_font(), 1100), title_font())
        .margin(20)
        .margin_right(50)
        .x_label_area_size(70)
        .y_label_area_size(name_w + 30)
        .build_cartesian_2d(
            Axis::linear(0.5 - half, 0.5 + half, &xt.values),
            Axis::linear(-0.6f64, rows - 0.4, &ys),
        )
        .map_err(err)?;
    let x_desc = match l {
        Lang::Fr => "score de la stratégie du dessus, une nulle comptant ½ (intervalle à 95 %)",
        _ => "score of the strategy above, a draw counting ½ (95% interval)",
    };
    Mesh {
        x_desc,
        y_desc: "",
        x_label: &|x| l.pct_with(*x, xt.decimals.saturating_sub(2)),
        y_label: &|y| {
            (names.iter())
                .find(|n| (n.0 - y).abs() < 1e-6)
                .map_or(String::new(), |n| n.1.clone())
        },
        grid: (true, false),
    }
    .draw(&mut chart)?;
    draw_win_bars(&mut chart, &bars, &y_of, 0.5 - half, l)?;
    chart
        .draw_series(LineSeries::new(
            vec![(0.5, -0.6), (0.5, rows - 0.4)],
            GREY.stroke_width(3),
        ))
        .map_err(err)?;
    frame(root, chart.plotting_area().get_pixel_range())
}
