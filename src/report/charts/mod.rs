//! Charts with plotters, each written as PNG and SVG, sized and lettered for a classroom projector.
//!
//! Every chart follows the same layout rules, checked on the SVG by `tests/cli/charts.rs`:
//! the data stays inside the plot frame (drawn in [`kit::FRAME`]), the legend sits in a strip of its
//! own under the plot (background [`kit::LEGEND_FILL`]) so it never hides data, tick labels are round
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

use crate::lang::{fill, Lang};
use anyhow::{anyhow, Result};
use plotters::prelude::*;
use senet_simulation::input::scenario::QuestionChart;
use senet_simulation::play::runner::ArmResult;
use std::path::Path;

/// Draws with `$draw(&root, args...)` into `dir/stem.png` and `dir/stem.svg`, of size
/// `(W, H)` or the size given.
macro_rules! png_and_svg {
    ($dir:expr, $stem:expr, $draw:ident ( $($arg:expr),* )) => {
        png_and_svg!($dir, $stem, ($crate::report::charts::W, $crate::report::charts::H),
            $draw($($arg),*))
    };
    ($dir:expr, $stem:expr, $size:expr, $draw:ident ( $($arg:expr),* )) => {{
        fonts();
        let size: (u32, u32) = $size;
        let png = $dir.join(format!("{}.png", $stem));
        {
            let root = BitMapBackend::new(&png, size).into_drawing_area();
            root.fill(&WHITE).map_err(err)?;
            $draw(&root, $($arg),*)?;
            root.present().map_err(|e| anyhow!("{}: {e}", png.display()))?;
        }
        let svg = $dir.join(format!("{}.svg", $stem));
        {
            let root = SVGBackend::new(&svg, size).into_drawing_area();
            root.fill(&WHITE).map_err(err)?;
            $draw(&root, $($arg),*)?;
            root.present().map_err(|e| anyhow!("{}: {e}", svg.display()))?;
        }
    }};
}

pub(crate) use png_and_svg;

/// All charts of a run, under `dir`; returns (file stem, one sentence saying what it shows).
pub fn draw_all(
    dir: &Path,
    results: &[ArmResult],
    (asked, class): (&[QuestionChart], Option<&ClassBars>),
    l: Lang,
) -> Result<Vec<(String, String)>> {
    let tx = l.texts();
    let mut out = draw_asked(dir, results, (asked, class), l)?;
    let top = arms::throws_top(results);
    for r in results {
        let stem = format!("throws-{}", slug(&r.arm.name));
        png_and_svg!(dir, stem, draw_throws(r, top, l));
        out.push((stem, fill!(tx.throws_sentence, l.quote(&r.arm.name))));
    }
    for r in results {
        let stem = format!("convergence-{}", slug(&r.arm.name));
        let v = arms::convergence_value(r);
        png_and_svg!(dir, stem, draw_convergence(r, v, l));
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
        png_and_svg!(dir, "lengths", size, draw_panels(results, l));
        out.push(("lengths".into(), lengths::sentence(l)));
    } else {
        let cut = compare::LengthCut::of(results);
        png_and_svg!(dir, "lengths", draw_lengths(results, &cut, l));
        out.push(("lengths".into(), cut.sentence(l)));
    }
    png_and_svg!(dir, "wins", draw_wins(results, l));
    out.push(("wins".into(), tx.wins_sentence.into()));
    png_and_svg!(dir, "squares", draw_squares(results, l));
    out.push(("squares".into(), tx.squares_sentence.into()));
    png_and_svg!(
        dir,
        "board",
        board::size(results.len()),
        draw_boards(results, l)
    );
    out.push(("board".into(), tx.board_sentence.into()));
    Ok(out)
}

/// The charts a scenario asks for, for every arm they apply to; returns (file stem, sentence).
fn draw_asked(
    dir: &Path,
    results: &[ArmResult],
    (asked, class): (&[QuestionChart], Option<&ClassBars>),
    l: Lang,
) -> Result<Vec<(String, String)>> {
    let mut out = Vec::new();
    for chart in asked {
        if *chart == QuestionChart::CompareThrows {
            png_and_svg!(
                dir,
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
                    png_and_svg!(dir, stem, draw_throwoff(r, l));
                    questions::throwoff_sentence(r, l)
                }
                QuestionChart::ExitWaits if !questions::exit_squares(r).is_empty() => {
                    png_and_svg!(dir, stem, draw_exit_waits(r, l));
                    questions::exits_sentence(r, l)
                }
                _ => continue,
            };
            out.push((stem, sentence));
        }
    }
    Ok(out)
}
