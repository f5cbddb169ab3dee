//! The chart of a skill ladder: each step's win rate of the stronger strategy against the one
//! below it, from the 50% line, with its 95% interval, the bottom step on top.

use super::compare::{draw_share_panel, zoom, WinBar};
use super::kit::{axis_font, fit, title_font, PALETTE};
use crate::error::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use senet_simulation::play::ladder::Step;
use senet_simulation::play::tournament::TournamentResult;
use senet_tables::lang::Lang;

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
    let font = axis_font();
    let names: Vec<(f64, String)> = (steps.iter().enumerate())
        .map(|(k, s)| {
            (
                rows - 1.0 - k as f64,
                fit(root, &step_label(r, s, l), &font, 420),
            )
        })
        .collect();
    // The tournament's name, as the report's section heads it.
    let title = &r.tournament.name;
    let x_desc = match l {
        Lang::Fr => "score de la stratégie du dessus, une nulle comptant ½ (intervalle à 95 %)",
        _ => "score of the strategy above, a draw counting ½ (95% interval)",
    };
    let caption = fit(root, title, &title_font(), 1100);
    draw_share_panel(
        root,
        &caption,
        x_desc,
        &names,
        &bars,
        zoom(&bars).max(0.1),
        l,
    )
}
