//! The outputs of tournaments: `tournament.csv`, `ranking.csv`, `luck.csv` (and `ladder.csv`
//! for skill ladders), a heat map of the win-rate matrix per tournament (a ladder's chart for a
//! ladder) and a section of `report.md`.

use super::charts::ladder::draw_ladder;
use super::charts::{err, fonts, label_font, png_and_svg, slug, title_font, Canvas, FONT, H, W};
use crate::error::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use senet_engine::strategy::spec::StrategySpec;
use senet_simulation::play::ladder::{self, Step};
use senet_simulation::play::tournament::{row_rate, TournamentResult};
use senet_tables::fill;
use senet_tables::lang::Lang;
use senet_tables::write::{write_table, Headers, TableFormat};
use std::fmt::Write as _;
use std::path::Path;

/// Writes the three CSV files (their headers kept in `tables`' second part) and the heat maps;
/// returns the markdown section of the report. `class`: a class's report (the question
/// answered first, scores without Elo ratings).
pub fn write(
    dir: &Path,
    results: &[TournamentResult],
    tables: (TableFormat, &mut Headers, &mut Canvas),
    l: Lang,
    class: bool,
) -> Result<String> {
    let (style, written, charts) = tables;
    for (name, mut frame) in senet_tables::run_tables::tournament_tables(results)? {
        let file = format!("{name}.csv");
        written.insert(
            file.clone(),
            write_table(&mut frame, &dir.join(&file), style)?,
        );
    }
    let mut md = String::new();
    for r in results {
        if let Some(steps) = ladder::steps(r) {
            let stem = format!("ladder-{}", slug(&r.tournament.name));
            png_and_svg!(charts, stem, draw_ladder(r, &steps, l));
            ladder_section(&mut md, r, &steps, &stem, l);
        } else {
            let stem = format!("heatmap-{}", slug(&r.tournament.name));
            png_and_svg!(charts, stem, draw_heatmap(r, l));
            if class {
                class_section(&mut md, r, &stem, l);
            } else {
                section(&mut md, r, &stem, l);
            }
        }
    }
    Ok(md)
}

/// The markdown section of a skill ladder: each step with its interval, and Ludii's SkillTrace.
fn ladder_section(md: &mut String, r: &TournamentResult, steps: &[Step], stem: &str, l: Lang) {
    let tour = &r.tournament;
    let _ = writeln!(
        md,
        "## {} ({}, {})\n\n{}\n",
        tour.name,
        tour.variant,
        l.device(&tour.device),
        fill!(l.texts().r_skill_ladder_each_strategy, l.int(tour.games))
    );
    let _ = writeln!(
        md,
        "| {} | {} | {} | {} |\n|---|---:|---:|---:|",
        l.texts().r_step,
        l.texts().r_score_upper_one_draw,
        l.texts().r_95_interval,
        l.texts().r_games,
    );
    for s in steps {
        let _ = writeln!(
            md,
            "| {} | {} | {} – {} | {} |",
            crate::charts::ladder::step_label(r, s, l),
            l.pct(s.rate),
            l.pct(s.interval.0),
            l.pct(s.interval.1),
            l.int(s.games)
        );
    }
    let utilities: Vec<f64> = steps.iter().map(Step::utility).collect();
    let _ = writeln!(md, "\n![{stem}](charts/{stem}.png)\n");
    if let Some(trace) = ladder::skill_trace(&utilities) {
        let _ = write!(
            md,
            "{} ",
            fill!(l.texts().r_ludiis_skilltrace_over_these, l.num(trace, 3))
        );
    }
    if let Some(s) = steps.iter().find(|s| s.interval.1 < 0.5) {
        let _ = write!(
            md,
            "{}",
            fill!(
                l.texts().r_ladder_out_order_at,
                crate::charts::ladder::step_label(r, s, l)
            )
        );
    }
    let _ = writeln!(md, "\n");
}

/// The markdown section of one tournament.
fn section(md: &mut String, r: &TournamentResult, stem: &str, l: Lang) {
    let tx = l.texts();
    let t = &r.tournament;
    let _ = writeln!(
        md,
        "## {} {} ({}, {})\n\n{}\n",
        tx.tournament,
        t.name,
        t.variant,
        l.device(&t.device),
        fill!(tx.tournament_intro, l.int(t.games))
    );
    let _ = writeln!(md, "{}\n|---:|---|---:|---:|", tx.ranking_header);
    for (k, &i) in r.ranked().iter().enumerate() {
        let x = &r.ratings[i];
        let se = if i == r.anchor {
            tx.anchor.to_string()
        } else {
            format!("± {}", l.num(x.se, 0))
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} {se} | {} |",
            k + 1,
            l.strategy_with_id(r.name(i)),
            l.num(x.elo, 0),
            l.pct(x.score)
        );
    }
    let _ = writeln!(
        md,
        "\n![{stem}](charts/{stem}.png)\n\n{}\n",
        tx.heatmap_sentence
    );
    let (s, c, n) = duplicates(r);
    let best = r.ranked()[0];
    let share = |k: u64| l.pct(k as f64 / n.max(1) as f64);
    let _ = write!(md, "{}", fill!(tx.luck, l.int(n), share(s), share(c)));
    if let Some(rand) = t
        .strategies
        .iter()
        .position(|s| *s.spec() == StrategySpec::Random)
    {
        if best != rand {
            let (_, _, rate, lo, hi) = row_rate(&r.pairings, best, rand).expect("a pairing");
            let _ = write!(
                md,
                "{}",
                fill!(
                    tx.best_beats_random,
                    l.strategy_with_id(r.name(best)),
                    l.pct(rate),
                    l.num(100.0 * lo, 1),
                    l.num(100.0 * hi, 1)
                )
            );
        }
    }
    let _ = writeln!(md, "{}\n", tx.see_luck);
}

/// A class's section of one tournament: the question answered in a sentence with its figures,
/// the heat map, then the strategies by score (no Elo ratings: ranking.csv has them).
fn class_section(md: &mut String, r: &TournamentResult, stem: &str, l: Lang) {
    let tx = l.texts();
    let tour = &r.tournament;
    let _ = writeln!(md, "## {}\n", tx.question_title);
    let mut further = String::new();
    let (s, c, n) = duplicates(r);
    let best = r.ranked()[0];
    let rand = (tour.strategies.iter()).position(|s| *s.spec() == StrategySpec::Random);
    if let Some((_, _, rate, lo, hi)) = rand
        .filter(|&x| x != best)
        .and_then(|x| row_rate(&r.pairings, best, x))
    {
        let _ = writeln!(
            md,
            "{}\n",
            fill!(
                l.texts().r_senet_only_luck_no,
                named(r.name(best), l),
                l.pct(rate),
                l.int(tour.games)
            )
        );
        let _ = write!(
            further,
            "{}\n\n",
            fill!(
                l.texts().r_95_confidence_interval_strategy,
                named(r.name(best), l),
                l.pct(lo),
                l.pct(hi)
            )
        );
    }
    let share = |k: u64| l.pct(k as f64 / n.max(1) as f64);
    let _ = writeln!(
        md,
        "{}\n",
        fill!(
            l.texts().r_but_luck_weighs_lot,
            l.int(n),
            share(s),
            share(c)
        )
    );
    let _ = writeln!(
        md,
        "![{stem}](charts/{stem}.png)\n\n{}\n",
        super::further::without_files(tx.heatmap_sentence)
    );
    md.push_str(&super::further::section(&further, &[], l));
    // The teacher's part: the variant and the throwing object named by their ids.
    let _ = writeln!(md, "## {}\n", tx.all_figures);
    let _ = writeln!(
        md,
        "### {} {} ({}, {})\n\n{}\n",
        tx.tournament,
        tour.name,
        tour.variant,
        l.device(&tour.device),
        fill!(tx.tournament_intro, l.int(tour.games))
    );
    let _ = writeln!(
        md,
        "{}\n|---:|---|---:|",
        l.texts().r_rank_strategy_share_games
    );
    for (k, &i) in r.ranked().iter().enumerate() {
        let _ = writeln!(
            md,
            "| {} | {} | {} |",
            k + 1,
            l.strategy(r.name(i)),
            l.pct(r.ratings[i].score)
        );
    }
    md.push('\n');
}

/// The duplicate pairs of a tournament: (won twice by one strategy, won twice by one colour,
/// every pair).
fn duplicates(r: &TournamentResult) -> (u64, u64, u64) {
    r.pairings.iter().fold((0, 0, 0), |(s, c, n), p| {
        (
            s + p.same_strategy,
            c + p.same_colour,
            n + p.same_strategy + p.same_colour + p.incomplete,
        )
    })
}

/// A strategy in a pupils' sentence: its words quoted (« au hasard », "random"); its id stays
/// in the CSV files.
fn named(id: &str, l: Lang) -> String {
    l.quote(&l.strategy(id))
}

/// Orange (0) through white (0.5) to blue (1).
fn diverging(rate: f64) -> RGBColor {
    let (lo, hi) = ((230.0, 159.0, 0.0), (0.0, 114.0, 178.0));
    let t = (rate.clamp(0.0, 1.0) - 0.5) * 2.0;
    let (c, k) = if t < 0.0 { (lo, -t) } else { (hi, t) };
    let mix = |x: f64| (255.0 + (x - 255.0) * k).round() as u8;
    RGBColor(mix(c.0), mix(c.1), mix(c.2))
}

fn draw_heatmap<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    r: &TournamentResult,
    l: Lang,
) -> Result<()> {
    let tx = l.texts();
    let n = r.tournament.strategies.len() as i32;
    let title = fill!(tx.heatmap_title, r.tournament.name);
    // A title too wide for the chart goes on two lines: the question, then the tournament.
    let wide = root
        .estimate_text_size(&title, &title_font())
        .is_ok_and(|s| s.0 + 60 > W);
    let (lines, subtitle_y, top) = match title.split_once(": ").filter(|_| wide) {
        None => (vec![title.clone()], 66, 150),
        Some((question, name)) => {
            let name = crate::charts::fit_text(root, name, &title_font(), W - 60);
            (vec![format!("{question}:"), name], 108, 190)
        }
    };
    let (left, right, bottom) = (250, 40, 40);
    let cw = (W as i32 - left - right) / n;
    let ch = (H as i32 - top - bottom) / n;
    for (k, line) in lines.iter().enumerate() {
        root.draw_text(line, &title_font(), (30, 20 + 44 * k as i32))
            .map_err(err)?;
    }
    let small = TextStyle::from((FONT, 20).into_font());
    root.draw_text(
        &fill!(
            tx.heatmap_subtitle,
            r.tournament.variant,
            l.device(&r.tournament.device),
            l.int(r.tournament.games)
        ),
        &label_font(),
        (30, subtitle_y),
    )
    .map_err(err)?;
    let centred =
        |style: &TextStyle<'static>| style.clone().pos(Pos::new(HPos::Center, VPos::Center));
    for j in 0..n {
        let x = left + j * cw + cw / 2;
        root.draw_text(
            &l.strategy(r.name(j as usize)),
            &centred(&small),
            (x, top - 25),
        )
        .map_err(err)?;
    }
    for i in 0..n {
        let y0 = top + i * ch;
        root.draw_text(
            &l.strategy(r.name(i as usize)),
            &small.clone().pos(Pos::new(HPos::Right, VPos::Center)),
            (left - 12, y0 + ch / 2),
        )
        .map_err(err)?;
        for j in 0..n {
            let x0 = left + j * cw;
            let cell = [(x0 + 2, y0 + 2), (x0 + cw - 2, y0 + ch - 2)];
            let (fill, text) = match row_rate(&r.pairings, i as usize, j as usize) {
                Some((_, _, rate, _, _)) => (diverging(rate), l.pct(rate)),
                None => (RGBColor(220, 220, 220), "—".to_string()),
            };
            root.draw(&Rectangle::new(cell, fill.filled()))
                .map_err(err)?;
            root.draw_text(&text, &centred(&label_font()), (x0 + cw / 2, y0 + ch / 2))
                .map_err(err)?;
        }
    }
    Ok(())
}
