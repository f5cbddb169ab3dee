//! The board as a picture: one small 3×10 board per arm, squares in the path's S order
//! (1–10 left to right, 11–20 right to left, 21–30 left to right), each shaded and labelled
//! with the share of positions in which a pawn stands on it, special squares marked.

use super::kit::{err, fit, label_font, title_font, FONT, PALETTE};
use crate::error::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use senet_engine::board::Side;
use senet_engine::rules::Rules;
use senet_simulation::play::runner::ArmResult;
use senet_tables::lang::Lang;

const TOP: i32 = 80;
const NAME_H: i32 = 40;
const CELL_H: i32 = 56;
const GAP: i32 = 30;
const KEY_H: i32 = 60;
const BLOCK_H: i32 = NAME_H + 3 * CELL_H + GAP;

/// The boards in one or two columns.
fn columns(arms: usize) -> usize {
    if arms <= 1 {
        1
    } else {
        2
    }
}

/// The picture's size for `arms` boards.
pub(super) fn size(arms: usize) -> (u32, u32) {
    let rows = arms.div_ceil(columns(arms)).max(1) as i32;
    (super::kit::W, (TOP + rows * BLOCK_H + KEY_H) as u32)
}

/// Row and column (0-based, from the top left) of a square on the board, in S order.
pub fn cell_of(square: u8) -> (i32, i32) {
    let i = square as i32 - 1;
    let (row, col) = (i / 10, i % 10);
    (row, if row == 1 { 9 - col } else { col })
}

/// The marks of the special squares: (symbol, which squares, its meaning in each language).
fn marks(rules: &Rules) -> [(&'static str, Vec<u8>, [&'static str; 2]); 5] {
    let of = |set: senet_engine::rules::SquareSet| (1..=30).filter(|&s| set.has(s)).collect();
    [
        ("◆", of(rules.safe_squares), ["safe square", "case refuge"]),
        (
            "≈",
            rules.water_square.into_iter().collect(),
            ["water", "eau"],
        ),
        ("↻", of(rules.replay_squares), ["throw again", "on relance"]),
        (
            "★",
            of(rules.bonus_squares),
            ["another throw", "un lancer de plus"],
        ),
        (
            "■",
            of(rules.checkpoints),
            ["every pawn stops here", "arrêt obligatoire"],
        ),
    ]
}

/// Draws the boards of every arm, on one shade scale, and the key of the marks.
pub(super) fn draw_boards<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    results: &[ArmResult],
    l: Lang,
) -> Result<()> {
    let occupancy = |r: &ArmResult, s: u8| {
        r.stats.occupancy_rate(Side::White, s) + r.stats.occupancy_rate(Side::Black, s)
    };
    let max = results
        .iter()
        .flat_map(|r| (1..=30).map(move |s| occupancy(r, s)))
        .fold(0.0, f64::max)
        .max(1e-9);
    root.draw_text(l.texts().board_title, &title_font(), (30, 20))
        .map_err(err)?;
    let cols = columns(results.len()) as i32;
    let width = (super::kit::W as i32 - 60 - (cols - 1) * 40) / cols;
    let cell_w = (width / 10).min(80);
    for (i, r) in results.iter().enumerate() {
        let (row, col) = (i as i32 / cols, i as i32 % cols);
        let x0 = 30 + col * (width + 40) + (width - 10 * cell_w) / 2;
        let y0 = TOP + row * BLOCK_H;
        let name = fit(root, &r.arm.name, &label_font(), (10 * cell_w) as u32);
        root.draw_text(&name, &label_font(), (x0, y0 + 6))
            .map_err(err)?;
        let shares: Vec<f64> = (1..=30).map(|s| occupancy(r, s)).collect();
        draw_board(
            root,
            &r.arm.rules,
            &shares,
            max,
            (x0, y0 + NAME_H, cell_w),
            l,
        )?;
    }
    let used: Vec<String> = marks(&results[0].arm.rules)
        .iter()
        .enumerate()
        .filter(|(k, _)| {
            results
                .iter()
                .any(|r| !marks(&r.arm.rules)[*k].1.is_empty())
        })
        .map(|(_, (sym, _, words))| format!("{sym} {}", words[(l == Lang::Fr) as usize]))
        .collect();
    let key = used.join("     ");
    let (_, h) = root.dim_in_pixel();
    root.draw_text(&key, &label_font(), (30, h as i32 - KEY_H + 14))
        .map_err(err)
}

/// The size in pixels of the square numbers.
pub const SQUARE_FONT: u32 = 24;

/// Black on a light square, white on a dark one (by the square's perceived brightness: white
/// on light blue was hard to read).
fn ink_on(fill: RGBColor) -> RGBColor {
    let brightness = 0.299 * fill.0 as f64 + 0.587 * fill.1 as f64 + 0.114 * fill.2 as f64;
    if brightness < 128.0 {
        WHITE
    } else {
        BLACK
    }
}

/// One board at pixel `(x0, y0)` with cells `cell_w` wide.
fn draw_board<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    rules: &Rules,
    shares: &[f64],
    max: f64,
    (x0, y0, cell_w): (i32, i32, i32),
    l: Lang,
) -> Result<()> {
    // Square numbers and shares large enough to read projected (the numbers were 14 pixels).
    let small = TextStyle::from((FONT, SQUARE_FONT).into_font());
    let value = TextStyle::from((FONT, 22).into_font()).pos(Pos::new(HPos::Center, VPos::Center));
    let symbol = TextStyle::from((FONT, 18).into_font()).pos(Pos::new(HPos::Right, VPos::Top));
    let marks = marks(rules);
    for square in 1..=30u8 {
        let (row, col) = cell_of(square);
        let (x, y) = (x0 + col * cell_w, y0 + row * CELL_H);
        let share = shares[square as usize - 1];
        let t = share / max;
        let c = PALETTE[0];
        let mix = |a: u8| (255.0 + (a as f64 - 255.0) * t).round() as u8;
        let fill = RGBColor(mix(c.0), mix(c.1), mix(c.2));
        root.draw(&Rectangle::new(
            [(x, y), (x + cell_w, y + CELL_H)],
            fill.filled(),
        ))
        .map_err(err)?;
        root.draw(&Rectangle::new(
            [(x, y), (x + cell_w, y + CELL_H)],
            BLACK.stroke_width(1),
        ))
        .map_err(err)?;
        let ink = ink_on(fill);
        root.draw_text(
            &square.to_string(),
            &small.clone().color(&ink),
            (x + 4, y + 3),
        )
        .map_err(err)?;
        let text = l.pct_with(share, 0);
        root.draw_text(
            &text,
            &value.clone().color(&ink),
            (x + cell_w / 2, y + CELL_H / 2 + 10),
        )
        .map_err(err)?;
        let sym: String = marks
            .iter()
            .filter(|m| m.1.contains(&square))
            .map(|m| m.0)
            .collect();
        if !sym.is_empty() {
            root.draw_text(&sym, &symbol.clone().color(&ink), (x + cell_w - 3, y + 2))
                .map_err(err)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::cell_of;

    #[test]
    fn squares_run_in_s_order() {
        assert_eq!(cell_of(1), (0, 0));
        assert_eq!(cell_of(10), (0, 9));
        assert_eq!(cell_of(11), (1, 9));
        assert_eq!(cell_of(20), (1, 0));
        assert_eq!(cell_of(21), (2, 0));
        assert_eq!(cell_of(30), (2, 9));
    }
}
