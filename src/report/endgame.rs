//! report.md of `senet-sim solve --endgame N`: what the endgame table holds, how to read it,
//! and how each of its groups was solved.

use super::solved::sci;
use crate::lang::{t, Lang};
use senet_simulation::exact::solve::Endgame;
use senet_simulation::input::rulefile::Game;
use std::fmt::Write;

/// The whole report of the endgame `e` of `game` from `from` pawns borne off, written by
/// `command` into `dir`.
pub fn markdown(game: &Game, e: &Endgame, from: u8, l: Lang, command: &str) -> String {
    let mut md = String::new();
    let k = game.rules.pawns;
    let _ = writeln!(
        md,
        "# {}: {} {k} {}, {} {from} {}\n",
        game.variant,
        t(l, "the endgame of", "la fin de partie à"),
        t(l, "pawns a side", "pions par camp"),
        t(l, "from", "à partir de"),
        t(l, "pawns borne off", "pions sortis")
    );
    let _ = writeln!(md, "`{command}`\n");
    let _ = writeln!(
        md,
        "{} {}.\n",
        t(l, "Written by", "Écrit par"),
        crate::program::identity()
    );
    let (_, hash) = crate::report::provenance::rule_file(game);
    let _ = writeln!(
        md,
        "{} `rules.toml` ({hash}).\n",
        t(
            l,
            "The game, rules and device:",
            "Le jeu, règles et objet de lancer :"
        )
    );
    let positions = l.int(e.solution.values.len() as u64);
    let _ = writeln!(
        md,
        "{}\n",
        t(
            l,
            &format!(
                "`table.senet` holds the exact chance that the side to move wins, both sides \
                 playing their best, of each of the {positions} positions with at least {from} \
                 pawns borne off (both sides together). No move brings a pawn back, so these \
                 positions are a game of their own, solved without the others. A `td` player \
                 reads it wherever it covers a position (`td:endgame=DIR/table.senet`); \
                 `senet-sim solve --verify DIR` checks it."
            ),
            &format!(
                "`table.senet` donne la probabilité exacte que le camp au trait gagne, les deux \
                 camps jouant au mieux, pour chacune des {positions} positions où au moins \
                 {from} pions sont sortis (les deux camps ensemble). Aucun coup ne fait revenir \
                 un pion : ces positions forment un jeu à part, résolu sans les autres. Un \
                 joueur `td` la lit partout où elle couvre la position \
                 (`td:endgame=DOSSIER/table.senet`) ; `senet-sim solve --verify DOSSIER` la \
                 vérifie."
            )
        )
    );
    groups(&mut md, e, l);
    md
}

/// The table of the groups, and the whole solve's figures.
fn groups(md: &mut String, e: &Endgame, l: Lang) {
    let _ = writeln!(
        md,
        "## {}\n",
        t(
            l,
            "Groups, solved in turn",
            "Groupes, résolus l'un après l'autre"
        )
    );
    let _ = writeln!(
        md,
        "| {} | {} | {} | {} | {} | {} |",
        t(l, "pawns borne off", "pions sortis"),
        t(l, "positions", "positions"),
        t(l, "sweeps", "balayages"),
        t(l, "last change", "dernier écart"),
        t(l, "seconds", "secondes"),
        t(l, "outcomes kept", "issues gardées")
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
        t(
            l,
            &format!(
                "Each group swept until no value moved by more than {}; {} s in all, earlier \
                 runs included (a group read from the checkpoint counts the seconds of the run \
                 that solved it); about {} MB held at most (every value in f64, and the \
                 outcomes of the largest group kept).",
                sci(l, f.tolerance),
                l.num(f.seconds, 1),
                l.int(f.bytes >> 20)
            ),
            &format!(
                "Chaque groupe est balayé jusqu'à ce qu'aucune valeur ne bouge de plus de {} ; \
                 {} s en tout, exécutions précédentes comprises (un groupe relu du point de \
                 reprise compte les secondes de l'exécution qui l'a résolu) ; environ {} Mo au \
                 plus (chaque valeur en f64, et les issues gardées du plus grand groupe).",
                sci(l, f.tolerance),
                l.num(f.seconds, 1),
                l.int(f.bytes >> 20)
            )
        )
    );
}
