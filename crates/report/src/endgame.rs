//! report.md of `senet-sim solve --endgame N`: what the endgame table holds, how to read it,
//! and how each of its groups was solved.

use super::solved::sci;
use senet_simulation::exact::solve::Endgame;
use senet_simulation::input::rulefile::Game;
use senet_tables::lang::Lang;
use std::fmt::Write;

/// The whole report of the endgame `e` of `game` from `from` pawns borne off, written by
/// `command` into `dir`.
pub fn markdown(
    game: &Game,
    e: &Endgame,
    from: u8,
    l: Lang,
    (command, program): (&str, crate::Program),
) -> String {
    let mut md = String::new();
    let k = game.rules.pawns;
    let _ = writeln!(
        md,
        "# {}: {} {k} {}, {} {from} {}\n",
        game.variant,
        l.texts().r_endgame,
        l.texts().r_pawns_side,
        l.texts().r_from,
        l.texts().r_pawns_borne_off
    );
    let _ = writeln!(md, "`{command}`\n");
    let _ = writeln!(md, "{} {}.\n", l.texts().r_written_by, program.identity());
    let (_, hash) = crate::provenance::rule_file(game);
    let _ = writeln!(
        md,
        "{} `rules.toml` ({hash}).\n",
        l.texts().r_game_rules_device
    );
    let positions = l.int(e.solution.values.len() as u64);
    let _ = writeln!(
        md,
        "{}\n",
        senet_tables::fill!(l.texts().r_endgame_table_holds, positions, from)
    );
    groups(&mut md, e, l);
    md
}

/// The table of the groups, and the whole solve's figures.
fn groups(md: &mut String, e: &Endgame, l: Lang) {
    let _ = writeln!(md, "## {}\n", l.texts().r_groups_solved_turn);
    let _ = writeln!(
        md,
        "| {} | {} | {} | {} | {} | {} |",
        l.texts().r_pawns_borne_off,
        l.texts().r_positions,
        l.texts().r_sweeps,
        l.texts().r_last_change,
        l.texts().r_seconds,
        l.texts().r_outcomes_kept
    );
    let _ = writeln!(md, "|---:|---:|---:|---:|---:|---:|");
    for g in &e.groups {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} |",
            g.off,
            l.int(g.positions),
            g.sweeps,
            sci(l, g.change),
            l.num(g.seconds, 1),
            l.int(g.stored)
        );
    }
    let f = &e.effort;
    let _ = writeln!(
        md,
        "\n{}",
        senet_tables::fill!(
            l.texts().r_endgame_effort,
            sci(l, f.tolerance),
            l.num(f.seconds, 1),
            l.int(f.bytes >> 20)
        )
    );
}
