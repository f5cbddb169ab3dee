//! The chart of a reviewed game (`senet-sim review`): white's exact chance of winning after
//! every throw, the mistakes (a decision that gave away more than a point of chance) marked,
//! and under it each throw's luck as white's (a bar up: the throw helped white).

use super::kit::{
    draw_marker, err, fit, frame, title_font, with_legend, Axis, Key, Mesh, Ticks, GREY, PALETTE, W,
};
use super::{fonts, png_and_svg};
use crate::error::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use senet_engine::board::Side;
use senet_simulation::exact::review::Step;
use senet_tables::lang::Lang;

/// Draws review.png and review.svg into the canvas.
pub fn draw(canvas: &mut super::Canvas, steps: &[Step], variant: &str, l: Lang) -> Result<()> {
    png_and_svg!(canvas, "review", draw_chance(steps, variant, l));
    Ok(())
}

fn draw_chance<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    steps: &[Step],
    variant: &str,
    l: Lang,
) -> Result<()> {
    let fr = l == Lang::Fr;
    let (line, white_err, black_err) = (PALETTE[0], PALETTE[5], PALETTE[6]);
    let (white_bar, black_bar) = (PALETTE[1], PALETTE[2]);
    let items = [
        (
            Key::Line(line, 3),
            (if fr {
                "chance de gagner des blancs"
            } else {
                "white's chance of winning"
            })
            .to_string(),
        ),
        (
            Key::Marker(0, white_err),
            (if fr {
                "erreur des blancs (plus d'un point perdu)"
            } else {
                "white's mistake (more than a point lost)"
            })
            .to_string(),
        ),
        (
            Key::Marker(1, black_err),
            (if fr {
                "erreur des noirs"
            } else {
                "black's mistake"
            })
            .to_string(),
        ),
        (
            Key::Bar(white_bar),
            (if fr {
                "chance au lancer des blancs"
            } else {
                "luck of white's throw"
            })
            .to_string(),
        ),
        (
            Key::Bar(black_bar),
            (if fr {
                "chance au lancer des noirs (vue des blancs)"
            } else {
                "luck of black's throw (white's view)"
            })
            .to_string(),
        ),
    ];
    let plot = with_legend(root, &items)?;
    let (top, bottom) = plot.split_vertically(plot.dim_in_pixel().1 * 64 / 100);
    let plot = top;
    let n = steps.len().max(2) as f64;
    let xt = Ticks::nice(1.0, n, 10, true);
    let yt = Ticks::nice(0.0, 1.0, 5, false);
    let title = if fr {
        format!("Une partie revue avec la table exacte : {variant}")
    } else {
        format!("A game reviewed with the exact table: {variant}")
    };
    let mut chart = ChartBuilder::on(&plot)
        .caption(fit(&plot, &title, &title_font(), W - 200), title_font())
        .margin(20)
        .margin_right(50)
        .x_label_area_size(40)
        .y_label_area_size(110)
        .build_cartesian_2d(
            // As the luck panel under it: a throw's bar centred on its number.
            Axis::linear(0.5, n + 0.5, &xt.values),
            Axis::linear(0.0, 1.0, &yt.values),
        )
        .map_err(err)?;
    Mesh {
        // The throws are named once, under the luck panel.
        x_desc: "",
        y_desc: if fr {
            "chance des blancs"
        } else {
            "white's chance"
        },
        x_label: &|x| xt.label(*x, l),
        y_label: &|y| l.pct_with(*y, 0),
        grid: (true, true),
    }
    .draw(&mut chart)?;
    chart
        .draw_series(LineSeries::new(
            vec![(1.0, 0.5), (n, 0.5)],
            GREY.stroke_width(2),
        ))
        .map_err(err)?;
    let points: Vec<(f64, f64)> = steps
        .iter()
        .enumerate()
        .map(|(k, s)| ((k + 1) as f64, s.white_chance))
        .collect();
    chart
        .draw_series(LineSeries::new(points.clone(), line.stroke_width(3)))
        .map_err(err)?;
    for (s, p) in steps.iter().zip(&points) {
        if s.mistake() {
            // Circles for white, triangles for black, as in the legend (shape as well as colour).
            let (shape, c) = match s.side {
                Side::White => (0, white_err),
                Side::Black => (1, black_err),
            };
            draw_marker(root, shape, chart.backend_coord(p), c)?;
        }
    }
    frame(&plot, chart.plotting_area().get_pixel_range())?;
    draw_luck(&bottom, steps, (white_bar, black_bar), l)
}

/// Each throw's luck as white's: a bar up when the throw raised white's chance (best move
/// assumed), down when it lowered it, coloured by the side that threw.
fn draw_luck<DB: DrawingBackend>(
    plot: &DrawingArea<DB, Shift>,
    steps: &[Step],
    (white_bar, black_bar): (RGBColor, RGBColor),
    l: Lang,
) -> Result<()> {
    let fr = l == Lang::Fr;
    let n = steps.len().max(2) as f64;
    let xt = Ticks::nice(1.0, n, 10, true);
    let most = steps.iter().map(|s| s.luck.abs()).fold(0.01, f64::max);
    let step = Ticks::step(2.0 * most, 4, false);
    let m = (most / step).ceil() * step;
    let yt = Ticks::nice(-m, m, 4, false);
    let mut chart = ChartBuilder::on(plot)
        .margin(20)
        .margin_right(50)
        .x_label_area_size(70)
        .y_label_area_size(110)
        .build_cartesian_2d(
            Axis::linear(0.5, n + 0.5, &xt.values),
            Axis::linear(-m, m, &yt.values),
        )
        .map_err(err)?;
    Mesh {
        x_desc: if fr { "lancer" } else { "throw" },
        y_desc: if fr { "chance au lancer" } else { "luck" },
        x_label: &|x| xt.label(*x, l),
        y_label: &|y| l.pct_with(*y, 0),
        grid: (false, true),
    }
    .draw(&mut chart)?;
    chart
        .draw_series(steps.iter().enumerate().map(|(k, s)| {
            let x = (k + 1) as f64;
            let c = match s.side {
                Side::White => white_bar,
                Side::Black => black_bar,
            };
            Rectangle::new([(x - 0.4, 0.0), (x + 0.4, s.for_white(s.luck))], c.filled())
        }))
        .map_err(err)?;
    frame(plot, chart.plotting_area().get_pixel_range())
}
