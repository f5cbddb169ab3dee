//! report.md of `senet-sim solve`: the first mover's exact chances, the table's figures, the
//! strategies' losses against optimal play and the positions where the choice matters most.

use senet_tables::lang::Lang;
pub use senet_tables::solved::Solved;
use std::fmt::Write;

/// The whole report.
pub fn markdown(s: &Solved, l: Lang, command: &str, program: crate::Program) -> String {
    let mut md = String::new();
    let k = s.rules.pawns;
    let _ = writeln!(
        md,
        "# {} {} {k} {}\n",
        s.variant,
        l.texts().r_solved_with,
        match k {
            1 => l.texts().r_pawn_side,
            _ => l.texts().r_pawns_side,
        }
    );
    let _ = writeln!(md, "`{command}`\n");
    let _ = writeln!(md, "{} {}.\n", l.texts().r_written_by, program.identity());
    // A judged td player's network, by the hash of its weights.
    let nets = crate::provenance::network_pairs(&s.game(), s.verdicts.iter().map(|v| &v.0));
    if !nets.is_empty() {
        let each: Vec<String> = nets.iter().map(|(p, h)| format!("`{p}` {h}")).collect();
        let _ = writeln!(md, "{} {}.\n", l.texts().r_networks_judged, each.join(", "));
    }
    let (_, hash) = crate::provenance::rule_file(&s.game());
    let _ = writeln!(
        md,
        "{} `rules.toml` ({hash}).\n",
        l.texts().r_whole_game_solved_rules
    );
    let _ = writeln!(md, "## {}\n", l.texts().r_first_movers_chances);
    // French puts a (no-break) space before the colon.
    let colon = l.texts().r_colon;
    let _ = writeln!(
        md,
        "- {}{colon} **{}** ({})",
        l.texts().r_both_sides_play_optimally,
        l.pct_with(s.start.0, 3),
        l.num(s.start.0, 6)
    );
    let random = l.texts().r_both_sides_play_at;
    let _ = match s.start.1 {
        Some(p) => writeln!(
            md,
            "- {random}{colon} **{}** ({})\n",
            l.pct_with(p, 3),
            l.num(p, 6)
        ),
        None => writeln!(
            md,
            "- {random}{colon} {}\n",
            l.texts().r_not_computed_optimal_only
        ),
    };
    let _ = writeln!(md, "{}\n", l.texts().r_these_are_exact_probabilities);
    lengths(&mut md, s, l);
    state_metrics(&mut md, s, l);
    table(&mut md, s, l);
    losses(&mut md, s, l);
    critical(&mut md, s, l);
    l.typography(&md)
}

/// The exact expected length of a game under optimal and under random play.
fn lengths(md: &mut String, s: &Solved, l: Lang) {
    let (Some(best), random) = s.lengths else {
        return;
    };
    let _ = writeln!(md, "## {}\n", l.texts().r_game_length);
    let line = |who: &str, x: &senet_simulation::exact::lengths::Lengths| {
        format!(
            "- {who}{} **{}** {} ({} {}){} {} {}\n",
            l.texts().r_colon,
            l.num(x.turns, 2),
            l.texts().r_turns,
            l.num(x.throws, 2),
            l.texts().r_throws,
            l.texts().r_semicolon,
            l.texts().r_throws_luck_swings_chance,
            l.pct_with(x.luck_per_throw, 2)
        )
    };
    md.push_str(&line(l.texts().r_both_sides_play_optimally, &best));
    if let Some(r) = random {
        md.push_str(&line(l.texts().r_both_sides_play_at, &r));
    }
    let unreached = 1.0 - best.reached as f64 / best.positions as f64;
    let _ = writeln!(
        md,
        "\n{}\n",
        senet_tables::fill!(l.texts().r_exact_expectations, l.pct_with(unreached, 1))
    );
}

/// Ludii's state-evaluation metrics with exact values, for both kinds of play.
fn state_metrics(md: &mut String, s: &Solved, l: Lang) {
    use senet_simulation::exact::evaluation::{StateMetrics, NAMES};
    let (optimal, random) = s.state;
    let Some(games) = optimal.or(random).map(|m| l.int(m.games)) else {
        return;
    };
    let _ = writeln!(
        md,
        "## {}\n\n| {} | {} | {} |\n|---|---:|---:|",
        l.texts().r_ludiis_state_evaluation_metrics,
        l.texts().r_metric,
        l.texts().r_both_play_optimally,
        l.texts().r_both_play_at_random,
    );
    let cell = |m: Option<StateMetrics>, i: usize| {
        m.map_or("".into(), |m| {
            let e = m.named()[i].1;
            format!("{} ± {}", l.num(e.mean, 3), l.num(e.se, 3))
        })
    };
    for (i, name) in NAMES.iter().enumerate() {
        let _ = writeln!(
            md,
            "| {name} | {} | {} |",
            cell(optimal, i),
            cell(random, i)
        );
    }
    let _ = writeln!(
        md,
        "\n{}\n",
        senet_tables::fill!(l.texts().r_seeded_games_ludii_metrics, games)
    );
}

/// A small number in scientific notation, with the language's decimal mark: "8,6e-11".
pub(super) fn sci(l: Lang, x: f64) -> String {
    format!("{x:.1e}").replace('.', &l.decimal_mark().to_string())
}

fn table(md: &mut String, s: &Solved, l: Lang) {
    let e = &s.effort;
    let _ = writeln!(md, "## {}\n", l.texts().r_table);
    let _ = writeln!(
        md,
        "{} {} {}, {} {}, {} {} ({} {}), {} s, {} MB. {}\n",
        l.int(e.positions),
        l.texts().r_positions_side_move_as,
        l.texts().r_solved,
        e.sweeps,
        l.texts().r_sweeps,
        l.texts().r_largest_change_last,
        sci(l, e.last_change),
        l.texts().r_tolerance,
        sci(l, e.tolerance),
        l.num(e.seconds, 1),
        l.num(e.bytes as f64 / 1e6, 0),
        random_effort(s, l),
    );
    let _ = writeln!(
        md,
        "{} `optimal:DIR/table.senet`.\n",
        l.texts().r_table_senet_holds_value,
    );
}

/// "Random play: N sweeps, S s.", or that it was not computed.
fn random_effort(s: &Solved, l: Lang) -> String {
    match &s.random_effort {
        Some(e) if e.together => format!(
            "{} {} {}, {} ({} s {}).",
            l.texts().r_random_play,
            e.sweeps,
            l.texts().r_sweeps,
            l.texts().r_swept_together_with_optimal,
            l.num(e.seconds, 1),
            l.texts().r_for_both
        ),
        Some(e) => format!(
            "{} {} {}, {} s.",
            l.texts().r_random_play,
            e.sweeps,
            l.texts().r_sweeps,
            l.num(e.seconds, 1)
        ),
        None => l.texts().r_random_play_not_computed.to_string(),
    }
}

fn losses(md: &mut String, s: &Solved, l: Lang) {
    let _ = writeln!(md, "## {}\n", l.texts().r_how_far_each_strategy);
    let _ = writeln!(md, "{}\n", l.texts().r_each_strategy_played_against_2);
    let _ = writeln!(
        md,
        "| {} | {} | {} | {} | {} | {} | {} | {} |\n|---|---:|---:|---:|---:|---:|---:|---:|",
        l.texts().r_strategy,
        l.texts().r_games,
        l.texts().r_won_against_optimal,
        l.texts().r_luck_adjusted,
        l.texts().r_decisions,
        l.texts().r_worse_moves,
        l.texts().r_mean_loss_per_decision,
        l.texts().r_largest_loss,
    );
    let with_interval = |(x, (lo, hi)): (f64, (f64, f64))| {
        format!(
            "{} [{}, {}]",
            l.pct_with(x, 1),
            l.num(100.0 * lo, 1),
            l.num(100.0 * hi, 1)
        )
    };
    for (spec, v) in &s.verdicts {
        let ratio = v
            .variance_ratio
            .map_or(String::new(), |r| format!(" ({})", l.num(r, 1)));
        let _ = writeln!(
            md,
            "| {spec} | {} | {} | {}{ratio} | {} | {} | {} [{}, {}] | {} |",
            l.int(v.games),
            with_interval(v.score),
            with_interval(v.luck_adjusted),
            l.int(v.decisions),
            l.pct_with(v.worse_share(), 1),
            l.pct_with(v.mean_loss(), 2),
            l.num(100.0 * v.mean_loss_interval.0, 2),
            l.num(100.0 * v.mean_loss_interval.1, 2),
            l.pct_with(v.max_loss, 1),
        );
    }
    md.push('\n');
}

fn critical(md: &mut String, s: &Solved, l: Lang) {
    if s.critical.is_empty() {
        return;
    }
    let _ = writeln!(
        md,
        "## {}\n\n![](critical.png)\n",
        l.texts().r_where_choice_matters_most,
    );
    for (i, d) in s.critical.iter().enumerate() {
        let _ = writeln!(
            md,
            "{}. {}, {} {}{} {} {} ({}), {} {}.\n\n```\n{}```\n",
            i + 1,
            match (l, d.pos.to_move()) {
                (Lang::En, side) => format!("{} to move", side.name()),
                (Lang::Fr, senet_engine::board::Side::White) => "aux blancs de jouer".into(),
                (Lang::Fr, senet_engine::board::Side::Black) => "aux noirs de jouer".into(),
            },
            l.texts().r_throw,
            d.throw,
            l.texts().r_colon_nbsp,
            l.texts().r_best,
            match l {
                Lang::En => senet_tables::describe::describe(&d.moves[d.best_move()]),
                Lang::Fr => senet_tables::describe::describe_fr(&d.moves[d.best_move()]),
            },
            l.pct_with(d.best(), 1),
            l.texts().r_worst_move,
            l.pct_with(d.worst(), 1),
            d.pos.draw()
        );
    }
}
