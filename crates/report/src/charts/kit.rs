//! What every chart shares: size, palette, fonts, round ticks on exact axes, the legend strip
//! under the plot, the plot frame, marker shapes.

use crate::error::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontStyle;
use senet_tables::lang::Lang;

pub(crate) const W: u32 = 1280;
pub(crate) const H: u32 = 720;
pub(crate) const FONT: &str = "sans-serif";
/// Colour-blind-safe palette: Okabe-Ito's seven, then five of Paul Tol's (wine, olive, indigo,
/// brown, teal), so that twelve series each have a colour of their own; from the eighth on a
/// line is also dashed ([`dashed`]).
pub(crate) const PALETTE: [RGBColor; 12] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(213, 94, 0),
    RGBColor(0, 0, 0),
    RGBColor(136, 34, 85),
    RGBColor(153, 153, 51),
    RGBColor(51, 34, 136),
    RGBColor(140, 86, 75),
    RGBColor(17, 119, 119),
];

/// The colour of series `i`.
pub(crate) fn series_colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// Whether series `i` is drawn dashed: a second cue beside the colour for the series after
/// the first seven (the charts of up to seven series keep solid lines).
pub(crate) fn dashed(i: usize) -> bool {
    i >= 7
}
/// The colour of the plot frame (a near-black the tests recognise in the SVG).
pub const FRAME: RGBColor = RGBColor(17, 17, 17);
/// The background of the legend strip (a near-white the tests recognise in the SVG).
pub const LEGEND_FILL: RGBColor = RGBColor(250, 250, 248);
/// Reference lines and bands.
pub(crate) const GREY: RGBColor = RGBColor(120, 120, 120);

/// Registers the embedded DejaVu font before a chart is drawn: a fresh machine has no system
/// fonts. plotters keeps fonts in a registry of its own; registering the same bytes again
/// changes nothing, so this crate keeps no flag of its own.
pub(crate) fn fonts() {
    plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular())
        .unwrap_or_else(|_| panic!("embedded font"));
    plotters::style::register_font(FONT, FontStyle::Bold, dejavu::sans::bold())
        .unwrap_or_else(|_| panic!("embedded font"));
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

/// plotters' error inside a drawing.
pub(crate) fn err<E: std::fmt::Display>(e: E) -> crate::ReportError {
    crate::ReportError::Chart {
        chart: "a chart".into(),
        why: e.to_string().into(),
    }
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

/// A chart title naming an arm and its device, without saying the same thing twice
/// ("pièces", not "pièces (pièces)").
pub(crate) fn arm_title(name: &str, device: &str) -> String {
    let word = device.split([' ', '(']).next().unwrap_or(device);
    if slug(name).contains(&slug(word)) {
        name.to_string()
    } else {
        format!("{name} — {device}")
    }
}

/// Round tick values over an axis and the decimals that tell them apart.
#[derive(Clone, Debug, PartialEq)]
pub struct Ticks {
    /// The tick values, increasing.
    pub values: Vec<f64>,
    /// Decimals needed to write them (0 for whole steps).
    pub decimals: usize,
}

impl Ticks {
    /// About `max` round values (steps of 1, 2 or 5 times a power of ten) covering `lo..=hi`;
    /// with `whole`, steps of at least 1 (count axes).
    pub fn nice(lo: f64, hi: f64, max: usize, whole: bool) -> Ticks {
        let step = Ticks::step(hi - lo, max, whole);
        let decimals = if step >= 1.0 {
            0
        } else {
            (-(step.log10() + 1e-9).floor()) as usize
        };
        let first = (lo / step - 1e-9).ceil() as i64;
        let last = (hi / step + 1e-9).floor() as i64;
        let values = (first..=last).map(|k| k as f64 * step).collect();
        Ticks { values, decimals }
    }

    /// The round step (1, 2 or 5 × 10^k; at least 1 with `whole`) that cuts `span` into at
    /// most about `max` parts.
    pub fn step(span: f64, max: usize, whole: bool) -> f64 {
        let raw = span.max(1e-9) / max.max(1) as f64;
        let mag = 10f64.powf(raw.log10().floor());
        let step = [1.0, 2.0, 5.0, 10.0]
            .iter()
            .map(|m| m * mag)
            .find(|s| *s >= raw * 0.999)
            .unwrap_or(10.0 * mag);
        if whole {
            step.max(1.0).round()
        } else {
            step
        }
    }

    /// A tick label in the language's format.
    pub fn label(&self, x: f64, l: Lang) -> String {
        l.num(x, self.decimals)
    }
}

/// A linear or logarithmic axis from `lo` to `hi` whose grid lines and labels are exactly
/// `ticks` (plotters' own choice of ticks gave repeated labels such as "0,001" five times).
#[derive(Clone, Debug)]
pub(crate) struct Axis {
    lo: f64,
    hi: f64,
    log: bool,
    ticks: Vec<f64>,
}

impl Axis {
    /// A linear axis over `lo..hi` with these ticks.
    pub fn linear(lo: f64, hi: f64, ticks: &[f64]) -> Axis {
        let ticks = ticks
            .iter()
            .copied()
            // A tick computed as k × step may miss an end by a rounding error (0.6000000000000001).
            .filter(|t| (lo - 1e-9 * (hi - lo)..=hi + 1e-9 * (hi - lo)).contains(t))
            .collect();
        Axis {
            lo,
            hi,
            log: false,
            ticks,
        }
    }

    /// A logarithmic axis over `lo..hi` (both positive) with these ticks.
    pub fn log(lo: f64, hi: f64, ticks: &[f64]) -> Axis {
        Axis {
            log: true,
            ..Axis::linear(lo, hi, ticks)
        }
    }

    fn scale(&self, v: f64) -> f64 {
        if self.log {
            v.max(1e-300).ln()
        } else {
            v
        }
    }
}

impl plotters::coord::ranged1d::Ranged for Axis {
    type FormatOption = plotters::coord::ranged1d::DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let (a, b) = (self.scale(self.lo), self.scale(self.hi));
        let t = (self.scale(*value) - a) / (b - a);
        limit.0 + (t * (limit.1 - limit.0) as f64).round() as i32
    }

    fn key_points<Hint: plotters::coord::ranged1d::KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            vec![]
        } else {
            self.ticks.clone()
        }
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.lo..self.hi
    }
}

/// What a chart's mesh says: the axis titles, the tick labels, which grid lines are drawn.
pub(crate) struct Mesh<'a> {
    /// Title of the x axis ("" for none).
    pub x_desc: &'a str,
    /// Title of the y axis ("" for none).
    pub y_desc: &'a str,
    /// The label of an x tick.
    pub x_label: &'a dyn Fn(&f64) -> String,
    /// The label of a y tick.
    pub y_label: &'a dyn Fn(&f64) -> String,
    /// Vertical and horizontal grid lines.
    pub grid: (bool, bool),
}

impl Mesh<'_> {
    /// Draws the mesh, axes and labels of `chart` in the house fonts.
    pub fn draw<DB: DrawingBackend>(
        &self,
        chart: &mut ChartContext<'_, DB, Cartesian2d<Axis, Axis>>,
    ) -> Result<()> {
        let mut m = chart.configure_mesh();
        m.x_label_formatter(self.x_label)
            .y_label_formatter(self.y_label)
            .axis_desc_style(label_font())
            .label_style(axis_font());
        if !self.x_desc.is_empty() {
            m.x_desc(self.x_desc);
        }
        if !self.y_desc.is_empty() {
            m.y_desc(self.y_desc);
        }
        if !self.grid.0 {
            m.disable_x_mesh();
        }
        if !self.grid.1 {
            m.disable_y_mesh();
        }
        m.draw().map_err(err)
    }
}

/// `text` shortened with "…" until it is at most `max` pixels wide in `font` (an arm's name
/// beside a bar or over a board).
pub(crate) fn fit<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    text: &str,
    font: &TextStyle<'_>,
    max: u32,
) -> String {
    let width = |t: &str| area.estimate_text_size(t, font).map_or(0, |s| s.0);
    if width(text) <= max {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let short: String = chars.iter().collect::<String>().trim_end().to_string() + "…";
        if width(&short) <= max {
            return short;
        }
    }
    "…".to_string()
}

/// How a legend entry is drawn.
#[derive(Clone, Copy)]
pub(crate) enum Key {
    /// A filled square.
    Bar(RGBColor),
    /// A line of this width.
    Line(RGBColor, u32),
    /// A marker shape ([`draw_marker`]) on a line.
    Marker(usize, RGBColor),
}

const KEY_W: i32 = 36;
const ROW_H: i32 = 34;

/// Splits `root` into the plot area (returned) and a legend strip under it, holding `items`
/// in rows that wrap; an empty list leaves the whole area to the plot.
pub(crate) fn with_legend<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    items: &[(Key, String)],
) -> Result<DrawingArea<DB, Shift>> {
    if items.is_empty() {
        return Ok(root.clone());
    }
    let (w, h) = root.dim_in_pixel();
    let font = label_font();
    // An entry wider than a row is shortened to fit one.
    let items: Vec<(Key, String)> = (items.iter())
        .map(|(k, t)| (*k, fit(root, t, &font, w.saturating_sub(260))))
        .collect();
    let widths: Vec<i32> = items
        .iter()
        .map(|(_, t)| {
            root.estimate_text_size(t, &font)
                .map_or(200, |s| s.0 as i32)
        })
        .collect();
    let mut rows: Vec<Vec<usize>> = vec![vec![]];
    let mut x = 0;
    for (i, tw) in widths.iter().enumerate() {
        let need = KEY_W + 10 + tw + 30;
        if x + need > w as i32 - 60 && !rows.last().is_some_and(|r| r.is_empty()) {
            rows.push(vec![]);
            x = 0;
        }
        rows.last_mut().expect("a row").push(i);
        x += need;
    }
    let strip_h = rows.len() as i32 * ROW_H + 16;
    let (plot, strip) = root.split_vertically(h as i32 - strip_h - 8);
    strip
        .draw(&Rectangle::new(
            [(20, 0), (w as i32 - 20, strip_h)],
            LEGEND_FILL.filled(),
        ))
        .map_err(err)?;
    for (r, row) in rows.iter().enumerate() {
        let total: i32 = row
            .iter()
            .map(|&i| KEY_W + 10 + widths[i] + 30)
            .sum::<i32>()
            - 30;
        let mut x = (w as i32 - total) / 2;
        let y = 8 + r as i32 * ROW_H + ROW_H / 2;
        for &i in row {
            let (key, text) = &items[i];
            draw_key(&strip, *key, x, y)?;
            let tx = x + KEY_W + 10;
            strip.draw_text(text, &font, (tx, y - 12)).map_err(err)?;
            x += KEY_W + 10 + widths[i] + 30;
        }
    }
    Ok(plot)
}

fn draw_key<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    key: Key,
    x: i32,
    y: i32,
) -> Result<()> {
    match key {
        Key::Bar(c) => area
            .draw(&Rectangle::new(
                [(x + 6, y - 10), (x + 30, y + 10)],
                c.filled(),
            ))
            .map_err(err),
        Key::Line(c, wd) => area
            .draw(&PathElement::new(
                vec![(x, y), (x + KEY_W, y)],
                c.stroke_width(wd),
            ))
            .map_err(err),
        Key::Marker(shape, c) if dashed(shape) => {
            for (a, b) in [(x, x + 10), (x + 26, x + KEY_W)] {
                area.draw(&PathElement::new(vec![(a, y), (b, y)], c.stroke_width(3)))
                    .map_err(err)?;
            }
            draw_marker(area, shape, (x + KEY_W / 2, y), c)
        }
        Key::Marker(shape, c) => {
            area.draw(&PathElement::new(
                vec![(x, y), (x + KEY_W, y)],
                c.stroke_width(3),
            ))
            .map_err(err)?;
            draw_marker(area, shape, (x + KEY_W / 2, y), c)
        }
    }
}

/// Draws marker `shape` (circle, triangle, square, diamond) centred on a pixel of `area`.
pub(crate) fn draw_marker<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    shape: usize,
    (x, y): (i32, i32),
    c: RGBColor,
) -> Result<()> {
    let s = 7;
    match shape % 4 {
        0 => area.draw(&Circle::new((x, y), s, c.filled())),
        1 => area.draw(&Polygon::new(
            vec![(x, y - s - 1), (x + s + 1, y + s), (x - s - 1, y + s)],
            c.filled(),
        )),
        2 => area.draw(&Rectangle::new(
            [(x - s + 1, y - s + 1), (x + s - 1, y + s - 1)],
            c.filled(),
        )),
        _ => area.draw(&Polygon::new(
            vec![
                (x, y - s - 2),
                (x + s + 2, y),
                (x, y + s + 2),
                (x - s - 2, y),
            ],
            c.filled(),
        )),
    }
    .map_err(err)
}

/// Draws the frame of a chart's plot area (in [`FRAME`]) on the drawing area that holds it.
pub(crate) fn frame<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    plotting: (std::ops::Range<i32>, std::ops::Range<i32>),
) -> Result<()> {
    let (ox, oy) = area.get_base_pixel();
    let (xr, yr) = plotting;
    area.draw(&Rectangle::new(
        [(xr.start - ox, yr.start - oy), (xr.end - ox, yr.end - oy)],
        FRAME.stroke_width(2),
    ))
    .map_err(err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_distinct_and_cover_the_range() {
        let t = Ticks::nice(0.0, 0.0023, 6, false);
        assert_eq!(t.decimals, 4);
        assert_eq!(t.values.len(), 5, "{t:?}");
        let labels: Vec<String> = t.values.iter().map(|v| t.label(*v, Lang::Fr)).collect();
        assert_eq!(labels, ["0,0000", "0,0005", "0,0010", "0,0015", "0,0020"]);
        let t = Ticks::nice(0.0, 3.0, 10, true);
        assert_eq!(t.values, [0.0, 1.0, 2.0, 3.0]);
        let t = Ticks::nice(0.0, 12_000.0, 6, true);
        assert_eq!(t.label(10_000.0, Lang::Fr), "10\u{a0}000");
        assert_eq!(t.label(10_000.0, Lang::En), "10,000");
    }

    #[test]
    fn titles_do_not_repeat_the_device() {
        assert_eq!(arm_title("pièces", "pièces"), "pièces");
        assert_eq!(
            arm_title("bâtonnets 40 %", "bâtonnets (p = 0,4)"),
            "bâtonnets 40 %"
        );
        assert_eq!(arm_title("kendall", "coins"), "kendall — coins");
    }
}
