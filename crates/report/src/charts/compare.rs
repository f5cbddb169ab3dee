//! The charts that compare the arms: game length, who wins, and where the pawns stand.

use super::kit::{
    axis_font, dashed, draw_marker, err, fit, frame, label_font, series_colour, title_font,
    with_legend, Axis, Key, Mesh, Ticks, GREY, PALETTE,
};
use crate::error::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use senet_engine::board::Side;
use senet_engine::rules::Starter;
use senet_simulation::play::runner::ArmResult;
use senet_simulation::play::stats::wilson95;
use senet_tables::fill;
use senet_tables::lang::Lang;

/// Where the game-length chart stops and how it bins the turns.
pub(super) struct LengthCut {
    /// The first turn drawn (a multiple of `bin`): a bin before the shortest game, or 0 when
    /// that is near the start anyway.
    pub start: u32,
    /// The last turn drawn (a multiple of `bin`).
    pub cut: u32,
    /// Turns per bar.
    pub bin: u32,
    /// The largest share of an arm's finished games longer than `cut`.
    pub beyond: f64,
}

/// The percentile of game length where the chart stops.
const LENGTH_PERCENTILE: f64 = 0.99;

impl LengthCut {
    /// The cut at the 99th percentile of the longest arm, in about 40 bins of an even width
    /// (a width of 1 would zigzag: the first mover wins on odd turns).
    pub fn of(results: &[ArmResult]) -> LengthCut {
        let p99 = results
            .iter()
            .map(|r| r.stats.turns.quantile(LENGTH_PERCENTILE))
            .max()
            .unwrap_or(10)
            .max(10);
        let mut bin = (Ticks::step(p99 as f64, 40, true) as u32).max(2);
        if bin % 2 == 1 {
            bin += 1;
        }
        let cut = p99.div_ceil(bin) * bin;
        // The axis starts near the shortest finished game (no empty third of the width).
        let shortest = results
            .iter()
            .filter_map(|r| r.stats.turns.bins().map(|b| b.0).next())
            .min()
            .unwrap_or(0);
        let start = (shortest / bin).saturating_sub(1) * bin;
        let start = if start * 6 < cut { 0 } else { start };
        let beyond = results
            .iter()
            .map(|r| {
                let t = &r.stats.turns;
                let over: u64 = t.bins().filter(|b| b.0 > cut).map(|b| b.1).sum();
                over as f64 / t.total().max(1) as f64
            })
            .fold(0.0, f64::max);
        LengthCut {
            start,
            cut,
            bin,
            beyond,
        }
    }

    /// What the chart shows and where it was cut.
    pub fn sentence(&self, l: Lang) -> String {
        fill!(
            l.texts().lengths_sentence,
            self.bin,
            l.int(self.cut as u64),
            l.pct(self.beyond)
        )
    }

    /// The share of an arm's finished games in each bin below the cut.
    pub(super) fn shares(&self, r: &ArmResult) -> Vec<f64> {
        let mut counts = vec![0u64; (self.cut / self.bin) as usize];
        for (t, c) in r.stats.turns.bins() {
            if let Some(slot) = counts.get_mut((t / self.bin) as usize) {
                *slot += c;
            }
        }
        let n = r.stats.turns.total().max(1) as f64;
        counts.iter().map(|&c| c as f64 / n).collect()
    }
}

/// The width of arm `i`'s outline among `n`: 4 pixels for the last, 2 more for each before it
/// (at most 12).
fn outline_width(i: usize, n: usize) -> u32 {
    (4 + 2 * (n - 1 - i) as u32).min(12)
}

/// Game length: the share of finished games in each bin of turns, one outline per arm.
pub(super) fn draw_lengths<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    results: &[ArmResult],
    cut: &LengthCut,
    l: Lang,
) -> Result<()> {
    let tx = l.texts();
    let shares: Vec<Vec<f64>> = results.iter().map(|r| cut.shares(r)).collect();
    let top = shares.iter().flatten().fold(0.0, |a: f64, b| a.max(*b)) * 1.1 + 1e-6;
    let items: Vec<(Key, String)> = results
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mean = fill!(tx.mean, l.num(r.stats.turns.mean(), 1));
            (
                Key::Line(PALETTE[i % PALETTE.len()], outline_width(i, results.len())),
                format!("{} ({mean})", r.arm.name),
            )
        })
        .collect();
    let plot = with_legend(root, &items)?;
    let x0 = cut.start as f64;
    let (xt, yt) = (
        Ticks::nice(x0, cut.cut as f64, 10, true),
        Ticks::nice(0.0, top, 6, false),
    );
    let mut chart = ChartBuilder::on(&plot)
        .caption(tx.lengths_title, title_font())
        .margin(20)
        .margin_right(50)
        .x_label_area_size(70)
        .y_label_area_size(120)
        .build_cartesian_2d(
            Axis::linear(x0, cut.cut as f64, &xt.values),
            Axis::linear(0f64, top, &yt.values),
        )
        .map_err(err)?;
    Mesh {
        x_desc: &fill!(tx.lengths_x, cut.bin),
        y_desc: tx.lengths_y,
        x_label: &|x| xt.label(*x, l),
        y_label: &|y| yt.label(*y, l),
        grid: (true, true),
    }
    .draw(&mut chart)?;
    let b = cut.bin as f64;
    let first = (cut.start / cut.bin) as usize;
    for (i, s) in shares.iter().enumerate() {
        let c = PALETTE[i % PALETTE.len()];
        if results.len() == 1 {
            chart
                .draw_series(s.iter().enumerate().skip(first).map(|(k, &f)| {
                    let x = k as f64 * b;
                    Rectangle::new([(x, 0.0), (x + b, f)], c.mix(0.35).filled())
                }))
                .map_err(err)?;
        }
        let mut steps = vec![(x0, 0.0)];
        for (k, &f) in s.iter().enumerate().skip(first) {
            steps.push((k as f64 * b, f));
            steps.push(((k + 1) as f64 * b, f));
        }
        steps.push((cut.cut as f64, 0.0));
        // Outlines drawn first are wider: two arms with the same law stay both visible.
        chart
            .draw_series(LineSeries::new(
                steps,
                c.stroke_width(outline_width(i, shares.len())),
            ))
            .map_err(err)?;
    }
    frame(&plot, chart.plotting_area().get_pixel_range())
}

/// The side that always moves first in an arm, if one does.
fn fixed_first(r: &ArmResult) -> Option<Side> {
    match r.arm.rules.starter {
        Starter::White => Some(Side::White),
        Starter::Black => Some(Side::Black),
        Starter::Random | Starter::HigherThrow => None,
    }
}

/// One bar of the wins chart: the arm, the share won and its 95% interval, the bar's colour.
pub(super) struct WinBar {
    pub(super) arm: usize,
    pub(super) rate: f64,
    pub(super) interval: (f64, f64),
    pub(super) colour: RGBColor,
}

impl WinBar {
    /// The bar of `wins` in `games`, with its Wilson interval.
    fn of(arm: usize, wins: u64, games: u64, colour: RGBColor) -> WinBar {
        WinBar {
            arm,
            rate: wins as f64 / games.max(1) as f64,
            interval: wilson95(wins, games),
            colour,
        }
    }
}

/// The legend and bars of the wins chart: the first player's wins in every arm, and white's
/// where the first player is drawn at random.
fn win_bars(results: &[ArmResult], l: Lang) -> (Vec<(Key, String)>, Vec<WinBar>) {
    let tx = l.texts();
    let firsts: Vec<Option<Side>> = results.iter().map(fixed_first).collect();
    let first_label = match firsts[..] {
        [Some(s), ..] if firsts.iter().all(|f| *f == Some(s)) => {
            let side = if s == Side::White { tx.white } else { tx.black };
            format!("{} ({side})", tx.first_mover)
        }
        _ => tx.first_mover.to_string(),
    };
    let mut items = vec![(Key::Bar(PALETTE[0]), first_label)];
    let any_random = firsts.iter().any(Option::is_none);
    if any_random {
        items.push((Key::Bar(PALETTE[1]), tx.white.to_string()));
    }
    let mut bars = vec![];
    for (i, r) in results.iter().enumerate() {
        // Rules scored at the end: the shares of the decided games, so that 50% stays fair.
        let games = r.stats.games - r.stats.draws;
        let first = r.stats.first_mover_wins;
        bars.push(WinBar::of(i, first, games, PALETTE[0]));
        if firsts[i].is_none() {
            let white = r.stats.white_wins;
            bars.push(WinBar::of(i, white, games, PALETTE[1]));
        }
    }
    (items, bars)
}

/// Half the width of the wins chart's axis around 50%: its widest interval with room for
/// the printed values, rounded up to 5 points.
pub(super) fn zoom(bars: &[WinBar]) -> f64 {
    let d = bars
        .iter()
        .map(|b| (0.5 - b.interval.0).max(b.interval.1 - 0.5))
        .fold(0.0, f64::max);
    ((d * 1.6) / 0.05).ceil().clamp(1.0, 10.0) * 0.05
}

/// Who wins: one horizontal bar per arm (and per side shown) from the 50% line of a fair game
/// to the share won, its value printed beside its 95% Wilson interval, on an axis zoomed
/// around 50% so that a 53%/47% difference shows.
pub(super) fn draw_wins<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    results: &[ArmResult],
    l: Lang,
) -> Result<()> {
    let tx = l.texts();
    let (items, bars) = win_bars(results, l);
    let plot = with_legend(root, &items)?;
    let rows = bars.len() as f64;
    // Bar k is drawn at height rows - 1 - k (the first arm on top); an arm's name at the
    // middle of its bars.
    let y_of = |k: usize| rows - 1.0 - k as f64;
    let centres: Vec<(f64, String)> = (0..results.len())
        .map(|i| {
            let ks: Vec<f64> = (0..bars.len())
                .filter(|&k| bars[k].arm == i)
                .map(y_of)
                .collect();
            let name = if results[i].stats.draws > 0 {
                format!("{} {}", results[i].arm.name, l.texts().draws_left_out)
            } else {
                results[i].arm.name.clone()
            };
            let name = fit(&plot, &name, &axis_font(), 420);
            (ks.iter().sum::<f64>() / ks.len() as f64, name)
        })
        .collect();
    // An axis that does not start at 0 says so: it makes small gaps look large.
    let half = zoom(&bars);
    let desc = if half < 0.5 - 1e-9 {
        format!(
            "{} ({} {} {} {} : {})",
            tx.wins_y,
            l.texts().r_axis_from,
            l.pct_with(0.5 - half, 0),
            l.texts().r_to,
            l.pct_with(0.5 + half, 0),
            l.texts().r_does_not_start_at,
        )
        .replace(" : it", ": it")
    } else {
        tx.wins_y.to_string()
    };
    draw_share_panel(&plot, tx.wins_title, &desc, &centres, &bars, half, l)
}

/// A panel of horizontal bars of shares from the 50% line, bar `k` at height `rows − 1 − k`
/// (the first on top), each with its interval and value, the rows named by `names` (height,
/// name), on an axis from `0.5 − half` to `0.5 + half`: the wins chart and a ladder's chart.
pub(super) fn draw_share_panel<DB: DrawingBackend>(
    plot: &DrawingArea<DB, Shift>,
    caption: &str,
    x_desc: &str,
    names: &[(f64, String)],
    bars: &[WinBar],
    half: f64,
    l: Lang,
) -> Result<()> {
    let rows = bars.len() as f64;
    let y_of = |k: usize| rows - 1.0 - k as f64;
    let font = axis_font();
    let name_w = names
        .iter()
        .map(|c| plot.estimate_text_size(&c.1, &font).map_or(200, |s| s.0))
        .max()
        .unwrap_or(100)
        .min(420);
    let xt = Ticks::nice(0.5 - half, 0.5 + half, 8, false);
    let ys: Vec<f64> = names.iter().map(|c| c.0).collect();
    let mut chart = ChartBuilder::on(plot)
        .caption(caption, title_font())
        .margin(20)
        .margin_right(50)
        .x_label_area_size(70)
        .y_label_area_size(name_w + 30)
        .build_cartesian_2d(
            Axis::linear(0.5 - half, 0.5 + half, &xt.values),
            Axis::linear(-0.6f64, rows - 0.4, &ys),
        )
        .map_err(err)?;
    Mesh {
        x_desc,
        y_desc: "",
        x_label: &|x| l.pct_with(*x, xt.decimals.saturating_sub(2)),
        y_label: &|y| {
            names
                .iter()
                .find(|c| (c.0 - y).abs() < 1e-6)
                .map_or(String::new(), |c| c.1.clone())
        },
        grid: (true, false),
    }
    .draw(&mut chart)?;
    draw_win_bars(&mut chart, bars, &y_of, 0.5 - half, l)?;
    chart
        .draw_series(LineSeries::new(
            vec![(0.5, -0.6), (0.5, rows - 0.4)],
            GREY.stroke_width(3),
        ))
        .map_err(err)?;
    frame(plot, chart.plotting_area().get_pixel_range())
}

fn draw_win_bars<DB, X, Y>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, Y>>,
    bars: &[WinBar],
    y_of: &dyn Fn(usize) -> f64,
    left_end: f64,
    l: Lang,
) -> Result<()>
where
    DB: DrawingBackend,
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    // Values 10 pixels beyond the whisker's end: left-anchored on the right, and the reverse.
    let right = label_font().pos(Pos::new(HPos::Left, VPos::Center));
    let left = label_font().pos(Pos::new(HPos::Right, VPos::Center));
    for (k, b) in bars.iter().enumerate() {
        let y = y_of(k);
        let (rate, (lo, hi)) = (b.rate, b.interval);
        chart
            .draw_series([Rectangle::new(
                [(0.5, y - 0.32), (rate, y + 0.32)],
                b.colour.filled(),
            )])
            .map_err(err)?;
        // The interval, with an end cap at each end (without them it read as a crossed-out bar).
        chart
            .draw_series([
                PathElement::new(vec![(lo, y), (hi, y)], BLACK.stroke_width(3)),
                PathElement::new(vec![(lo, y - 0.14), (lo, y + 0.14)], BLACK.stroke_width(3)),
                PathElement::new(vec![(hi, y - 0.14), (hi, y + 0.14)], BLACK.stroke_width(3)),
            ])
            .map_err(err)?;
        // The value beyond the bar's whisker, on the side the bar goes; a bar that reaches the
        // axis's left end has its value right of the 50% line (beyond the whisker it would fall
        // on the names).
        let text = l.pct(rate);
        let label = if rate >= 0.5 {
            EmptyElement::at((hi, y)) + Text::new(text, (10, 0), right.clone())
        } else if lo - left_end < 0.05 {
            EmptyElement::at((0.5, y)) + Text::new(text, (10, 0), right.clone())
        } else {
            EmptyElement::at((lo, y)) + Text::new(text, (-10, 0), left.clone())
        };
        chart.draw_series([label]).map_err(err)?;
    }
    Ok(())
}

/// Where the pawns stand: the share of positions with a pawn on each square, one line (and
/// marker shape) per arm.
pub(super) fn draw_squares<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    results: &[ArmResult],
    l: Lang,
) -> Result<()> {
    let tx = l.texts();
    let series: Vec<Vec<(f64, f64)>> = results
        .iter()
        .map(|r| {
            (1..=30u8)
                .map(|s| {
                    let rate = r.stats.occupancy_rate(Side::White, s)
                        + r.stats.occupancy_rate(Side::Black, s);
                    (s as f64, rate)
                })
                .collect()
        })
        .collect();
    let top = (series.iter().flatten().map(|p| p.1).fold(0.0, f64::max) * 1.08).clamp(0.05, 1.0);
    let items: Vec<(Key, String)> = results
        .iter()
        .enumerate()
        .map(|(i, r)| (Key::Marker(i, series_colour(i)), r.arm.name.clone()))
        .collect();
    let plot = with_legend(root, &items)?;
    let yt = Ticks::nice(0.0, top, 6, false);
    let xt: Vec<f64> = (1..=30).map(f64::from).collect();
    let mut chart = ChartBuilder::on(&plot)
        .caption(tx.squares_title, title_font())
        .margin(20)
        .margin_right(40)
        .x_label_area_size(70)
        .y_label_area_size(110)
        .build_cartesian_2d(
            Axis::linear(0.5f64, 30.5f64, &xt),
            Axis::linear(-0.03 * top, top, &yt.values),
        )
        .map_err(err)?;
    Mesh {
        x_desc: tx.squares_x,
        y_desc: tx.squares_y,
        x_label: &|x| l.num(*x, 0),
        y_label: &|y| yt.label(*y, l),
        grid: (true, true),
    }
    .draw(&mut chart)?;
    let base = plot.get_base_pixel();
    for (i, pts) in series.iter().enumerate() {
        let c = series_colour(i);
        if dashed(i) {
            chart
                .draw_series(DashedLineSeries::new(pts.clone(), 14, 8, c.stroke_width(3)))
                .map_err(err)?;
        } else {
            chart
                .draw_series(LineSeries::new(pts.clone(), c.stroke_width(3)))
                .map_err(err)?;
        }
        for p in pts {
            let (x, y) = chart.backend_coord(p);
            draw_marker(&plot, i, (x - base.0, y - base.1), c)?;
        }
    }
    frame(&plot, chart.plotting_area().get_pixel_range())
}
