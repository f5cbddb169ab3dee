//! Game lengths of many arms: one small panel per arm, each with its own bars and its own
//! scale, so that a variant of 100 turns and one of 1,000 both show their shape (overlaid on
//! one axis, the short ones were squashed into a few bars).

use super::compare::LengthCut;
use super::kit::{err, fit, label_font, series_colour, title_font, Axis, Ticks, FRAME, W};
use crate::error::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use senet_simulation::play::runner::ArmResult;
use senet_tables::fill;
use senet_tables::lang::Lang;

/// Up to this many arms share one chart; more get a panel each.
pub(super) const OVERLAY_MAX: usize = 6;

/// Panels a row.
const COLS: usize = 3;
/// The height of a row of panels.
const ROW_H: u32 = 300;
/// The height of the title above them.
const TITLE_H: u32 = 80;

/// The size of the chart of `arms` panels.
pub(super) fn size(arms: usize) -> (u32, u32) {
    (W, TITLE_H + arms.div_ceil(COLS) as u32 * ROW_H + 20)
}

/// One panel per arm: the share of its finished games in each bar of turns, its mean written
/// beside its name.
pub(super) fn draw_panels<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    results: &[ArmResult],
    l: Lang,
) -> Result<()> {
    let tx = l.texts();
    let title = format!("{} ({})", tx.lengths_title, tx.lengths_y);
    root.draw_text(&title, &title_font(), (30, 20))
        .map_err(err)?;
    let body = root.margin(TITLE_H, 20, 10, 10);
    let rows = results.len().div_ceil(COLS);
    let panels = body.split_evenly((rows, COLS));
    for (i, (r, area)) in results.iter().zip(panels).enumerate() {
        draw_panel(&area, r, i, l)?;
    }
    Ok(())
}

fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    r: &ArmResult,
    i: usize,
    l: Lang,
) -> Result<()> {
    let tx = l.texts();
    let cut = LengthCut::of(std::slice::from_ref(r));
    let shares = cut.shares(r);
    let top = shares.iter().fold(0.0, |a: f64, b| a.max(*b)) * 1.15 + 1e-6;
    let (ticks, desc) = (
        TextStyle::from((super::kit::FONT, 17).into_font()),
        TextStyle::from((super::kit::FONT, 18).into_font()),
    );
    let mean = fill!(tx.mean, l.num(r.stats.turns.mean(), 1));
    let (w, _) = area.dim_in_pixel();
    let caption = fit(
        area,
        &format!("{} ({mean})", r.arm.name),
        &label_font(),
        w - 20,
    );
    let x0 = cut.start as f64;
    let (xt, yt) = (
        Ticks::nice(x0, cut.cut as f64, 4, true),
        Ticks::nice(0.0, top, 4, false),
    );
    let mut chart = ChartBuilder::on(area)
        .caption(caption, label_font())
        .margin(8)
        .margin_right(24)
        .x_label_area_size(52)
        .y_label_area_size(64)
        .build_cartesian_2d(
            Axis::linear(x0, cut.cut as f64, &xt.values),
            Axis::linear(0f64, top, &yt.values),
        )
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_label_formatter(&|x| xt.label(*x, l))
        .y_label_formatter(&|y| yt.label(*y, l))
        .x_desc(fill!(tx.lengths_x, cut.bin))
        .label_style(ticks)
        .axis_desc_style(desc)
        .disable_x_mesh()
        .draw()
        .map_err(err)?;
    let c = series_colour(i);
    let b = cut.bin as f64;
    let first = (cut.start / cut.bin) as usize;
    chart
        .draw_series(shares.iter().enumerate().skip(first).map(|(k, &f)| {
            let x = k as f64 * b;
            Rectangle::new([(x, 0.0), (x + b, f)], c.filled())
        }))
        .map_err(err)?;
    let (xr, yr) = chart.plotting_area().get_pixel_range();
    let (ox, oy) = area.get_base_pixel();
    area.draw(&Rectangle::new(
        [(xr.start - ox, yr.start - oy), (xr.end - ox, yr.end - oy)],
        FRAME.stroke_width(1),
    ))
    .map_err(err)
}

/// What the panels show.
pub(super) fn sentence(l: Lang) -> String {
    l.texts().lengths_panels_sentence.to_string()
}
