//! Charts with plotters, each written as PNG and SVG, sized and lettered for a classroom projector.
//!
//! Every chart follows the same layout rules, checked on the SVG by `tests/cli/charts.rs`:
//! the data stays inside the plot frame (drawn in `kit::FRAME`), the legend sits in a strip of its
//! own under the plot (background `kit::LEGEND_FILL`) so it never hides data, tick labels are round
//! values written in the language's number format, and count axes carry whole numbers.

mod arms;
mod board;
pub(crate) mod class;
mod compare;
mod kit;
pub(crate) mod ladder;
mod lengths;
mod questions;
pub mod review;
pub mod solved;

pub use arms::ClassBars;
use arms::{compare_throws_sentence, draw_compare_throws, draw_convergence, draw_throws};
use board::draw_boards;
use compare::{draw_lengths, draw_squares, draw_wins};
use lengths::draw_panels;
use questions::{draw_exit_waits, draw_throwoff};

pub(crate) use kit::fit as fit_text;
pub use kit::slug;
pub(crate) use kit::{err, fonts, label_font, title_font, FONT, H, W};

use crate::error::{create_dir, write_file, ReportError, Result};
use plotters::prelude::*;
use senet_simulation::input::scenario::QuestionChart;
use senet_simulation::play::runner::ArmResult;
use senet_tables::fill;
use senet_tables::lang::Lang;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Where charts are drawn: a folder for their PNG and SVG files, and the SVG of each chart
/// drawn, kept in memory for `report.html`.
pub struct Canvas {
    dir: PathBuf,
    svgs: BTreeMap<String, String>,
}

impl Canvas {
    /// Charts drawn into `dir` (made if missing).
    pub fn new(dir: PathBuf) -> Result<Canvas> {
        create_dir(dir.clone())?;
        Ok(Canvas {
            dir,
            svgs: BTreeMap::new(),
        })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The SVG text of each chart drawn, by file stem.
    pub fn svgs(&self) -> &BTreeMap<String, String> {
        &self.svgs
    }

    /// Writes `STEM.svg` and keeps its text.
    pub(crate) fn keep(&mut self, stem: String, svg: String) -> Result<()> {
        write_file(self.dir.join(format!("{stem}.svg")), &svg)?;
        self.svgs.insert(stem, svg);
        Ok(())
    }
}

/// plotters' error in writing `file`.
pub(crate) fn file_err<E: std::fmt::Display>(file: &Path, e: E) -> ReportError {
    ReportError::Chart {
        chart: file.display().to_string(),
        why: e.to_string().into(),
    }
}

/// Draws with `$draw(&root, args...)` into the canvas' `stem.png` and `stem.svg` (the SVG
/// kept in memory), of size `(W, H)` or the size given.
macro_rules! png_and_svg {
    ($canvas:expr, $stem:expr, $draw:ident ( $($arg:expr),* )) => {
        png_and_svg!($canvas, $stem, ($crate::charts::W, $crate::charts::H),
            $draw($($arg),*))
    };
    ($canvas:expr, $stem:expr, $size:expr, $draw:ident ( $($arg:expr),* )) => {{
        fonts();
        let size: (u32, u32) = $size;
        let stem: String = format!("{}", $stem);
        let png = $canvas.dir().join(format!("{stem}.png"));
        {
            let root = BitMapBackend::new(&png, size).into_drawing_area();
            root.fill(&WHITE).map_err(err)?;
            $draw(&root, $($arg),*)?;
            root.present().map_err(|e| $crate::charts::file_err(&png, e))?;
        }
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
            root.fill(&WHITE).map_err(err)?;
            $draw(&root, $($arg),*)?;
            root.present().map_err(|e| $crate::charts::file_err(&png.with_extension("svg"), e))?;
        }
        $canvas.keep(stem, svg)?;
    }};
}

pub(crate) use png_and_svg;

/// All charts of a run, under `dir`; returns (file stem, one sentence saying what it shows).
pub fn draw_all(
    canvas: &mut Canvas,
    results: &[ArmResult],
    (asked, class): (&[QuestionChart], Option<&ClassBars>),
    l: Lang,
) -> Result<Vec<(String, String)>> {
    let tx = l.texts();
    let mut out = draw_asked(canvas, results, (asked, class), l)?;
    let top = arms::throws_top(results);
    for r in results {
        let stem = format!("throws-{}", slug(&r.arm.name));
        png_and_svg!(canvas, stem, draw_throws(r, top, l));
        out.push((stem, fill!(tx.throws_sentence, l.quote(&r.arm.name))));
    }
    for r in results {
        let stem = format!("convergence-{}", slug(&r.arm.name));
        let v = arms::convergence_value(r);
        png_and_svg!(canvas, stem, draw_convergence(r, v, l));
        out.push((
            stem,
            fill!(
                tx.running_sentence,
                l.quote(&r.arm.name),
                v,
                l.int(r.first_throws.len() as u64)
            ),
        ));
    }
    if results.len() > lengths::OVERLAY_MAX {
        let size = lengths::size(results.len());
        png_and_svg!(canvas, "lengths", size, draw_panels(results, l));
        out.push(("lengths".into(), lengths::sentence(l)));
    } else {
        let cut = compare::LengthCut::of(results);
        png_and_svg!(canvas, "lengths", draw_lengths(results, &cut, l));
        out.push(("lengths".into(), cut.sentence(l)));
    }
    png_and_svg!(canvas, "wins", draw_wins(results, l));
    out.push(("wins".into(), tx.wins_sentence.into()));
    png_and_svg!(canvas, "squares", draw_squares(results, l));
    out.push(("squares".into(), tx.squares_sentence.into()));
    png_and_svg!(
        canvas,
        "board",
        board::size(results.len()),
        draw_boards(results, l)
    );
    out.push(("board".into(), tx.board_sentence.into()));
    Ok(out)
}

/// The charts a scenario asks for, for every arm they apply to; returns (file stem, sentence).
fn draw_asked(
    canvas: &mut Canvas,
    results: &[ArmResult],
    (asked, class): (&[QuestionChart], Option<&ClassBars>),
    l: Lang,
) -> Result<Vec<(String, String)>> {
    let mut out = Vec::new();
    for chart in asked {
        if *chart == QuestionChart::CompareThrows {
            png_and_svg!(
                canvas,
                "compare-throws",
                draw_compare_throws(results, class, l)
            );
            out.push(("compare-throws".into(), compare_throws_sentence(class, l)));
            continue;
        }
        for r in results {
            let stem = format!("{}-{}", chart.id(), slug(&r.arm.name));
            let sentence = match chart {
                QuestionChart::ThrowOff if r.stats.throwoffs > 0 => {
                    png_and_svg!(canvas, stem, draw_throwoff(r, l));
                    questions::throwoff_sentence(r, l)
                }
                QuestionChart::ExitWaits if !questions::exit_squares(r).is_empty() => {
                    png_and_svg!(canvas, stem, draw_exit_waits(r, l));
                    questions::exits_sentence(r, l)
                }
                _ => continue,
            };
            out.push((stem, sentence));
        }
    }
    Ok(out)
}
