//! The positions where the choice matters most, as boards: the pawns, the throw, the best move
//! (green arrow) and the worst (red, dashed), with their exact chances of winning.

use super::board::cell_of;
use super::kit::{err, fit, fonts, label_font, title_font, FONT, H, W};
use super::png_and_svg;
use crate::error::Result;
use crate::solved::Solved;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use senet_engine::board::{Side, OFF};
use senet_simulation::exact::judge::Decision;
use senet_tables::lang::Lang;

const TOP: i32 = 70;
const NAME_H: i32 = 52;
const CELL: i32 = 48;
const GAP: i32 = 26;
const BLOCK_H: i32 = NAME_H + 3 * CELL + GAP;
const GREEN: RGBColor = RGBColor(0, 140, 70);
const RED: RGBColor = RGBColor(200, 30, 30);

/// Draws the critical decisions into the canvas' `STEM.png` and `STEM.svg` (`critical` in a
/// solve's folder); nothing, and `false`, when no decision had a choice.
pub fn draw(canvas: &mut super::Canvas, stem: &str, s: &Solved, l: Lang) -> Result<bool> {
    if s.critical.is_empty() {
        return Ok(false);
    }
    let rows = s.critical.len().div_ceil(2) as i32;
    let size = (W, (TOP + rows * BLOCK_H + 20).max(H as i32 / 2) as u32);
    png_and_svg!(canvas, stem, size, boards(s, l));
    Ok(true)
}

fn boards<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, s: &Solved, l: Lang) -> Result<()> {
    let title = l.texts().r_where_choice_matters_most_2;
    root.draw_text(title, &title_font(), (30, 20))
        .map_err(err)?;
    let width = (W as i32 - 100) / 2;
    for (i, d) in s.critical.iter().enumerate() {
        let (row, col) = (i as i32 / 2, i as i32 % 2);
        let left = 30 + col * (width + 40);
        let x0 = left + (width - 10 * CELL) / 2;
        let y0 = TOP + row * BLOCK_H;
        let caption = fit(root, &caption(i, d, l), &label_font(), width as u32);
        root.draw_text(&caption, &label_font(), (left, y0 + 4))
            .map_err(err)?;
        let (best, worst) = (d.best_move(), d.worst_move());
        let values = format!(
            "{} {} ({})   {} {} ({})",
            l.texts().r_best_2,
            short(&d.moves[best], l),
            l.pct_with(d.values[best], 1),
            l.texts().r_worst,
            short(&d.moves[worst], l),
            l.pct_with(d.values[worst], 1)
        );
        let values = fit(root, &values, &label_font(), width as u32);
        root.draw_text(&values, &label_font(), (left, y0 + 26))
            .map_err(err)?;
        board(root, d, (x0, y0 + NAME_H), (best, worst))?;
    }
    Ok(())
}

/// A move in a few characters: "26→15 ≈" (into the water), "30→off" ("30→sortie" in French).
fn short(m: &senet_engine::movegen::Move, l: Lang) -> String {
    use senet_engine::movegen::{Effects, Kind};
    let (from, to) = m.span();
    let to = if to >= OFF {
        l.texts().r_off.to_string()
    } else {
        to.to_string()
    };
    let from = if from == 0 {
        l.texts().r_in.to_string()
    } else {
        from.to_string()
    };
    let what = [
        (m.has(Effects::WATER), " ≈"),
        (m.has(Effects::CAPTURE), " ×"),
        (matches!(m.kind(), Kind::Stay { .. }), " ="),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, s)| *s)
    .collect::<String>();
    format!("{from}→{to}{what}")
}

/// "1. White to move, throw 3".
fn caption(i: usize, d: &Decision, l: Lang) -> String {
    match (l, d.pos.to_move()) {
        (Lang::En, side) => format!("{}. {} to move, throw {}", i + 1, side.name(), d.throw),
        (Lang::Fr, Side::White) => format!("{}. aux blancs de jouer, lancer {}", i + 1, d.throw),
        (Lang::Fr, Side::Black) => format!("{}. aux noirs de jouer, lancer {}", i + 1, d.throw),
    }
}

/// The pixel centre of a square (or of the place beyond 30 for a pawn borne off, and before 1
/// for a pawn entering).
fn centre((x0, y0): (i32, i32), square: u8) -> (i32, i32) {
    let (row, col) = match square {
        0 => (0, -1),
        s if s >= OFF => (2, 10),
        s => cell_of(s),
    };
    (x0 + col * CELL + CELL / 2, y0 + row * CELL + CELL / 2)
}

fn board<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    d: &Decision,
    at: (i32, i32),
    (best, worst): (usize, usize),
) -> Result<()> {
    let small = TextStyle::from((FONT, 13).into_font()).color(&RGBColor(110, 110, 110));
    for square in 1..=30u8 {
        let (row, col) = cell_of(square);
        let (x, y) = (at.0 + col * CELL, at.1 + row * CELL);
        root.draw(&Rectangle::new(
            [(x, y), (x + CELL, y + CELL)],
            BLACK.stroke_width(1),
        ))
        .map_err(err)?;
        root.draw_text(&square.to_string(), &small, (x + 3, y + 2))
            .map_err(err)?;
        if let Some(side) = d.pos.at(square) {
            let c = (x + CELL / 2, y + CELL / 2 + 3);
            let fill = if side == Side::White { WHITE } else { BLACK };
            root.draw(&Circle::new(c, CELL / 3, fill.filled()))
                .map_err(err)?;
            root.draw(&Circle::new(c, CELL / 3, BLACK.stroke_width(2)))
                .map_err(err)?;
        }
    }
    let waiting = TextStyle::from((FONT, 15).into_font()).pos(Pos::new(HPos::Right, VPos::Center));
    for side in [Side::White, Side::Black] {
        let n = d.pos.waiting()[side.index()];
        if n > 0 {
            let (x, y) = centre(at, 0);
            let dy = if side == Side::White { -10 } else { 10 };
            let text = format!("{n}{}", if side == Side::White { "○" } else { "●" });
            root.draw_text(&text, &waiting, (x + CELL / 2 - 6, y + dy))
                .map_err(err)?;
        }
    }
    arrow(root, at, &d.moves[worst], RED, 4)?;
    arrow(root, at, &d.moves[best], GREEN, 0)
}

/// An arrow from a move's square to where it ends (dashed when `dash` > 0).
fn arrow<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    at: (i32, i32),
    mv: &senet_engine::movegen::Move,
    colour: RGBColor,
    dash: i32,
) -> Result<()> {
    let (from, to) = mv.span();
    let (a, b) = (centre(at, from), centre(at, to));
    let style = colour.stroke_width(4);
    if a == b {
        return root.draw(&Circle::new(a, CELL / 2 - 3, style)).map_err(err);
    }
    if dash > 0 {
        // Dashes of 8 pixels every 14.
        let (dx, dy) = ((b.0 - a.0) as f64, (b.1 - a.1) as f64);
        let len = dx.hypot(dy);
        let at = |t: f64| (a.0 + (dx * t / len) as i32, a.1 + (dy * t / len) as i32);
        let mut t = 0.0;
        while t < len {
            root.draw(&PathElement::new(
                vec![at(t), at((t + 8.0).min(len))],
                style,
            ))
            .map_err(err)?;
            t += 14.0;
        }
    } else {
        root.draw(&PathElement::new(vec![a, b], style))
            .map_err(err)?;
    }
    root.draw(&Circle::new(b, 7, colour.filled())).map_err(err)
}
