//! Charts with plotters, each written as PNG and SVG, sized and lettered for a classroom projector.

use crate::lang::{fill, Lang};
use anyhow::{anyhow, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontStyle;
use senet_engine::throws::value_distribution;
use senet_simulation::runner::ArmResult;
use senet_simulation::stats::{fluctuation95, wilson95};
use std::path::Path;
use std::sync::Once;

pub(crate) const W: u32 = 1280;
pub(crate) const H: u32 = 720;
pub(crate) const FONT: &str = "sans-serif";
/// Colour-blind-safe palette (Okabe-Ito).
pub(crate) const PALETTE: [RGBColor; 7] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(213, 94, 0),
    RGBColor(0, 0, 0),
];

/// Registers the embedded DejaVu font: a fresh machine has no system fonts.
pub(crate) fn fonts() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular())
            .unwrap_or_else(|_| panic!("embedded font"));
        plotters::style::register_font(FONT, FontStyle::Bold, dejavu::sans::bold())
            .unwrap_or_else(|_| panic!("embedded font"));
    });
}

/// A file-name-safe form of an arm name.
pub fn slug(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            // French letters keep their base letter: "bâtonnets" -> "batonnets".
            let c = match c {
                'à' | 'â' | 'ä' | 'À' | 'Â' => 'a',
                'é' | 'è' | 'ê' | 'ë' | 'É' | 'È' | 'Ê' => 'e',
                'î' | 'ï' | 'Î' => 'i',
                'ô' | 'ö' | 'Ô' => 'o',
                'ù' | 'û' | 'ü' | 'Û' => 'u',
                'ç' | 'Ç' => 'c',
                c => c,
            };
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let parts: Vec<&str> = s.split('-').filter(|p| !p.is_empty()).collect();
    if parts.is_empty() {
        "arm".into()
    } else {
        parts.join("-")
    }
}

pub(crate) fn err<E: std::fmt::Display>(e: E) -> anyhow::Error {
    anyhow!("drawing a chart: {e}")
}

/// Draws with `$draw(&root, args...)` into `dir/stem.png` and `dir/stem.svg`.
macro_rules! png_and_svg {
    ($dir:expr, $stem:expr, $draw:ident ( $($arg:expr),* )) => {{
        fonts();
        let png = $dir.join(format!("{}.png", $stem));
        {
            let root = BitMapBackend::new(&png, (W, H)).into_drawing_area();
            root.fill(&WHITE).map_err(err)?;
            $draw(&root, $($arg),*)?;
            root.present().map_err(|e| anyhow!("{}: {e}", png.display()))?;
        }
        let svg = $dir.join(format!("{}.svg", $stem));
        {
            let root = SVGBackend::new(&svg, (W, H)).into_drawing_area();
            root.fill(&WHITE).map_err(err)?;
            $draw(&root, $($arg),*)?;
            root.present().map_err(|e| anyhow!("{}: {e}", svg.display()))?;
        }
    }};
}

pub(crate) use png_and_svg;

/// All charts of a run, under `dir`; returns (file stem, one sentence saying what it shows).
pub fn draw_all(dir: &Path, results: &[ArmResult], l: Lang) -> Result<Vec<(String, String)>> {
    let tx = l.texts();
    let mut out = Vec::new();
    for r in results {
        let stem = format!("throws-{}", slug(&r.arm.name));
        png_and_svg!(dir, stem, draw_throws(r, l));
        out.push((stem, fill!(tx.throws_sentence, r.arm.name)));
    }
    for r in results {
        let stem = format!("convergence-{}", slug(&r.arm.name));
        let v = convergence_value(r);
        png_and_svg!(dir, stem, draw_convergence(r, v, l));
        out.push((
            stem,
            fill!(tx.running_sentence, r.arm.name, v, r.first_throws.len()),
        ));
    }
    png_and_svg!(dir, "lengths", draw_lengths(results, l));
    out.push(("lengths".into(), tx.lengths_sentence.into()));
    png_and_svg!(dir, "wins", draw_wins(results, l));
    out.push(("wins".into(), tx.wins_sentence.into()));
    png_and_svg!(dir, "squares", draw_squares(results, l));
    out.push(("squares".into(), tx.squares_sentence.into()));
    Ok(out)
}

pub(crate) fn title_font() -> TextStyle<'static> {
    (FONT, 34).into_font().style(FontStyle::Bold).into()
}

pub(crate) fn label_font() -> TextStyle<'static> {
    (FONT, 24).into_font().into()
}

pub(crate) fn axis_font() -> TextStyle<'static> {
    (FONT, 22).into_font().into()
}

fn draw_throws<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    r: &ArmResult,
    l: Lang,
) -> Result<()> {
    let tx = l.texts();
    let dist = value_distribution(&r.arm.rules, &r.arm.device);
    let n = r.stats.total_throws().max(1) as f64;
    let bars: Vec<(u8, f64, f64)> = dist
        .iter()
        .map(|&(v, p)| (v, r.stats.throws[v as usize] as f64 / n, p))
        .collect();
    let ymax = bars.iter().map(|b| b.1.max(b.2)).fold(0.0, f64::max) * 1.15 + 0.01;
    let xmax = *r.arm.rules.throw_values.iter().max().unwrap_or(&6) as f64 + 0.7;
    let mut chart = ChartBuilder::on(root)
        .caption(
            fill!(tx.throws_title, r.arm.name, l.device(&r.arm.device)),
            title_font(),
        )
        .margin(20)
        .x_label_area_size(70)
        .y_label_area_size(100)
        .build_cartesian_2d(0.3f64..xmax, 0f64..ymax)
        .map_err(err)?;
    let values: Vec<u8> = dist.iter().map(|d| d.0).collect();
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(tx.throws_x)
        .y_desc(tx.throws_y)
        .y_label_formatter(&|y| l.tick(*y))
        .axis_desc_style(label_font())
        .label_style(axis_font())
        .x_labels(14)
        .x_label_formatter(&|x| {
            let v = x.round();
            if (x - v).abs() < 0.01 && values.contains(&(v as u8)) {
                format!("{v}")
            } else {
                String::new()
            }
        })
        .draw()
        .map_err(err)?;
    let sim = PALETTE[0];
    let theory = PALETTE[1];
    chart
        .draw_series(bars.iter().map(|&(v, f, _)| {
            Rectangle::new([(v as f64 - 0.36, 0.0), (v as f64 - 0.01, f)], sim.filled())
        }))
        .map_err(err)?
        .label(fill!(tx.simulated, r.stats.total_throws()))
        .legend(move |(x, y)| Rectangle::new([(x, y - 8), (x + 20, y + 8)], sim.filled()));
    chart
        .draw_series(bars.iter().map(|&(v, _, p)| {
            Rectangle::new(
                [(v as f64 + 0.01, 0.0), (v as f64 + 0.36, p)],
                theory.filled(),
            )
        }))
        .map_err(err)?
        .label(tx.exact)
        .legend(move |(x, y)| Rectangle::new([(x, y - 8), (x + 20, y + 8)], theory.filled()));
    legend(&mut chart)
}

fn legend<
    'a,
    DB: DrawingBackend + 'a,
    X: plotters::coord::ranged1d::Ranged,
    Y: plotters::coord::ranged1d::Ranged,
>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
) -> Result<()> {
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .label_font(label_font())
        .draw()
        .map_err(err)
}

/// The value whose running frequency is drawn: the most probable one.
fn convergence_value(r: &ArmResult) -> u8 {
    value_distribution(&r.arm.rules, &r.arm.device)
        .into_iter()
        .fold(
            (0u8, -1.0),
            |best, (v, p)| if p > best.1 { (v, p) } else { best },
        )
        .0
}

fn draw_convergence<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    r: &ArmResult,
    value: u8,
    l: Lang,
) -> Result<()> {
    let tx = l.texts();
    let p = value_distribution(&r.arm.rules, &r.arm.device)
        .iter()
        .find(|d| d.0 == value)
        .map_or(0.0, |d| d.1);
    let n = r.first_throws.len().max(2);
    let mut hits = 0u64;
    let running: Vec<(f64, f64)> = r
        .first_throws
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            hits += (v == value) as u64;
            ((i + 1) as f64, hits as f64 / (i + 1) as f64)
        })
        .collect();
    let mut chart = ChartBuilder::on(root)
        .caption(fill!(tx.running_title, value, r.arm.name), title_font())
        .margin(20)
        .x_label_area_size(70)
        .y_label_area_size(100)
        .build_cartesian_2d((1f64..n as f64).log_scale(), 0f64..1f64)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc(tx.running_x)
        .y_desc(fill!(tx.running_y, value))
        .y_label_formatter(&|y| l.tick(*y))
        .axis_desc_style(label_font())
        .label_style(axis_font())
        .x_label_formatter(&|x| format!("{x:.0}"))
        .draw()
        .map_err(err)?;
    let band = |upper: bool| {
        (1..=n).map(move |k| {
            let (lo, hi) = fluctuation95(p, k as u64);
            (k as f64, if upper { hi } else { lo })
        })
    };
    let grey = RGBColor(150, 150, 150);
    chart
        .draw_series(LineSeries::new(band(true), grey.stroke_width(2)))
        .map_err(err)?
        .label(tx.running_band)
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], grey.stroke_width(2)));
    chart
        .draw_series(LineSeries::new(band(false), grey.stroke_width(2)))
        .map_err(err)?;
    let t = PALETTE[1];
    chart
        .draw_series(LineSeries::new(
            vec![(1.0, p), (n as f64, p)],
            t.stroke_width(3),
        ))
        .map_err(err)?
        .label(fill!(tx.running_probability, l.num(p, 4)))
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], t.stroke_width(3)));
    let s = PALETTE[0];
    chart
        .draw_series(LineSeries::new(running, s.stroke_width(3)))
        .map_err(err)?
        .label(tx.running_label)
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], s.stroke_width(3)));
    legend(&mut chart)
}

fn draw_lengths<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    results: &[ArmResult],
    l: Lang,
) -> Result<()> {
    let tx = l.texts();
    let xmax = results
        .iter()
        .map(|r| r.stats.turns.quantile(0.995))
        .max()
        .unwrap_or(10)
        .max(10) as f64;
    let series: Vec<Vec<(f64, f64)>> = results
        .iter()
        .map(|r| {
            let n = r.stats.turns.total().max(1) as f64;
            r.stats
                .turns
                .bins()
                .filter(|b| b.0 as f64 <= xmax)
                .map(|(t, c)| (t as f64, c as f64 / n))
                .collect()
        })
        .collect();
    let ymax = series.iter().flatten().map(|p| p.1).fold(0.0, f64::max) * 1.1 + 1e-6;
    let mut chart = ChartBuilder::on(root)
        .caption(tx.lengths_title, title_font())
        .margin(20)
        .x_label_area_size(70)
        .y_label_area_size(110)
        .build_cartesian_2d(0f64..xmax, 0f64..ymax)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc(tx.lengths_x)
        .y_desc(tx.lengths_y)
        .y_label_formatter(&|y| l.tick(*y))
        .axis_desc_style(label_font())
        .label_style(axis_font())
        .draw()
        .map_err(err)?;
    for (i, (r, pts)) in results.iter().zip(series).enumerate() {
        let c = PALETTE[i % PALETTE.len()];
        chart
            .draw_series(LineSeries::new(pts, c.stroke_width(3)))
            .map_err(err)?
            .label(format!(
                "{} ({} {})",
                r.arm.name,
                if l == Lang::Fr { "moyenne" } else { "mean" },
                l.num(r.stats.turns.mean(), 1)
            ))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], c.stroke_width(3)));
    }
    legend(&mut chart)
}

/// A bar group of the wins chart: its label and how to count its wins.
type WinGroup = (&'static str, fn(&ArmResult) -> u64);

fn draw_wins<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    results: &[ArmResult],
    l: Lang,
) -> Result<()> {
    let tx = l.texts();
    let k = results.len() as f64;
    let mut chart = ChartBuilder::on(root)
        .caption(tx.wins_title, title_font())
        .margin(20)
        .x_label_area_size(70)
        .y_label_area_size(100)
        .build_cartesian_2d(-0.5f64..k - 0.5, 0f64..1f64)
        .map_err(err)?;
    let names: Vec<String> = results.iter().map(|r| r.arm.name.clone()).collect();
    chart
        .configure_mesh()
        .disable_x_mesh()
        .y_desc(tx.wins_y)
        .y_label_formatter(&|y| l.tick(*y))
        .axis_desc_style(label_font())
        .label_style(axis_font())
        .x_labels(results.len() * 4 + 1)
        .x_label_formatter(&|x| {
            let i = x.round();
            if (x - i).abs() < 0.01 && i >= 0.0 && (i as usize) < names.len() {
                names[i as usize].clone()
            } else {
                String::new()
            }
        })
        .draw()
        .map_err(err)?;
    let groups: [WinGroup; 3] = [
        (tx.white, |r| r.stats.white_wins),
        (tx.black, |r| r.stats.black_wins),
        (tx.first_mover, |r| r.stats.first_mover_wins),
    ];
    for (g, (label, k_of)) in groups.iter().enumerate() {
        let c = PALETTE[g];
        let off = (g as f64 - 1.0) * 0.27;
        let bars = results.iter().enumerate().map(|(i, r)| {
            let rate = k_of(r) as f64 / r.stats.games.max(1) as f64;
            Rectangle::new(
                [(i as f64 + off - 0.12, 0.0), (i as f64 + off + 0.12, rate)],
                c.filled(),
            )
        });
        chart
            .draw_series(bars)
            .map_err(err)?
            .label(*label)
            .legend(move |(x, y)| Rectangle::new([(x, y - 8), (x + 20, y + 8)], c.filled()));
        let whiskers = results.iter().enumerate().map(|(i, r)| {
            let (lo, hi) = wilson95(k_of(r), r.stats.games);
            let x = i as f64 + off;
            PathElement::new(vec![(x, lo), (x, hi)], BLACK.stroke_width(3))
        });
        chart.draw_series(whiskers).map_err(err)?;
    }
    chart
        .draw_series(LineSeries::new(
            vec![(-0.5, 0.5), (k - 0.5, 0.5)],
            BLACK.mix(0.4).stroke_width(1),
        ))
        .map_err(err)?;
    legend(&mut chart)
}

fn draw_squares<DB: DrawingBackend>(
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
                    (
                        s as f64,
                        r.stats.occupancy_rate(senet_engine::board::Side::White, s)
                            + r.stats.occupancy_rate(senet_engine::board::Side::Black, s),
                    )
                })
                .collect()
        })
        .collect();
    let ymax = (series.iter().flatten().map(|p| p.1).fold(0.0, f64::max) * 1.1).clamp(0.05, 1.0);
    let mut chart = ChartBuilder::on(root)
        .caption(tx.squares_title, title_font())
        .margin(20)
        .x_label_area_size(70)
        .y_label_area_size(100)
        .build_cartesian_2d(0.5f64..30.5f64, 0f64..ymax)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc(tx.squares_x)
        .y_desc(tx.squares_y)
        .y_label_formatter(&|y| l.tick(*y))
        .axis_desc_style(label_font())
        .label_style(axis_font())
        .x_labels(30)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .draw()
        .map_err(err)?;
    for (i, (r, pts)) in results.iter().zip(series).enumerate() {
        let c = PALETTE[i % PALETTE.len()];
        chart
            .draw_series(LineSeries::new(pts.clone(), c.stroke_width(3)))
            .map_err(err)?
            .label(r.arm.name.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], c.stroke_width(3)));
        chart
            .draw_series(pts.into_iter().map(|p| Circle::new(p, 5, c.filled())))
            .map_err(err)?;
    }
    legend(&mut chart)
}
