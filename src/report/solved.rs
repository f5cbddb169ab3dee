//! report.md of `senet-sim solve`: the first mover's exact chances, the table's figures, the
//! strategies' losses against optimal play and the positions where the choice matters most.

use crate::lang::{t, Lang};
pub use senet_tables::solved::Solved;
use std::fmt::Write;

/// The whole report.
pub fn markdown(s: &Solved, l: Lang, command: &str) -> String {
    let mut md = String::new();
    let k = s.rules.pawns;
    let _ = writeln!(
        md,
        "# {} {} {k} {}\n",
        s.variant,
        t(l, "solved with", "résolu avec"),
        match k {
            1 => t(l, "pawn a side", "pion par camp"),
            _ => t(l, "pawns a side", "pions par camp"),
        }
    );
    let _ = writeln!(md, "`{command}`\n");
    let _ = writeln!(
        md,
        "{} {}.\n",
        t(l, "Written by", "Écrit par"),
        crate::program::identity()
    );
    // A judged td player's network, by the hash of its weights.
    let nets = crate::report::provenance::network_pairs(&s.game(), s.verdicts.iter().map(|v| &v.0));
    if !nets.is_empty() {
        let each: Vec<String> = nets.iter().map(|(p, h)| format!("`{p}` {h}")).collect();
        let _ = writeln!(
            md,
            "{} {}.\n",
            t(l, "Networks judged:", "Réseaux jugés :"),
            each.join(", ")
        );
    }
    let (_, hash) = crate::report::provenance::rule_file(&s.game());
    let _ = writeln!(
        md,
        "{} `rules.toml` ({hash}).\n",
        t(
            l,
            "The whole game solved, rules and device:",
            "Le jeu complet résolu, règles et objet de lancer :"
        )
    );
    let _ = writeln!(
        md,
        "## {}\n",
        t(
            l,
            "The first mover's chances",
            "Les chances du premier joueur"
        )
    );
    // French puts a (no-break) space before the colon.
    let colon = t(l, ":", " :");
    let _ = writeln!(
        md,
        "- {}{colon} **{}** ({})",
        t(
            l,
            "both sides play optimally",
            "les deux camps jouent au mieux"
        ),
        l.pct_with(s.start.0, 3),
        l.num(s.start.0, 6)
    );
    let random = t(
        l,
        "both sides play at random",
        "les deux camps jouent au hasard",
    );
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
            t(
                l,
                "not computed (`--optimal-only`)",
                "non calculé (`--optimal-only`)"
            )
        ),
    };
    let _ = writeln!(
        md,
        "{}\n",
        t(
            l,
            "These are exact probabilities, not frequencies: every position was solved.",
            "Ce sont des probabilités exactes, pas des fréquences : chaque position a été résolue."
        )
    );
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
    let _ = writeln!(md, "## {}\n", t(l, "Game length", "Durée d'une partie"));
    let line = |who: &str, x: &senet_simulation::exact::lengths::Lengths| {
        format!(
            "- {who}{} **{}** {} ({} {}){} {} {}\n",
            t(l, ":", " :"),
            l.num(x.turns, 2),
            t(l, "turns", "tours"),
            l.num(x.throws, 2),
            t(l, "throws", "lancers"),
            t(l, ";", " ;"),
            t(
                l,
                "a throw's luck swings the chance by",
                "un lancer fait varier la chance de"
            ),
            l.pct_with(x.luck_per_throw, 2)
        )
    };
    md.push_str(&line(
        t(
            l,
            "both sides play optimally",
            "les deux camps jouent au mieux",
        ),
        &best,
    ));
    if let Some(r) = random {
        md.push_str(&line(
            t(
                l,
                "both sides play at random",
                "les deux camps jouent au hasard",
            ),
            &r,
        ));
    }
    let unreached = 1.0 - best.reached as f64 / best.positions as f64;
    let _ = writeln!(
        md,
        "\n{}\n",
        t(
            l,
            &format!(
                "Exact expectations, counted as a run counts turns and throws (a throw-off's throws included). Optimal play by both sides never reaches {} of the positions solved.",
                l.pct_with(unreached, 1)
            ),
            &format!(
                "Espérances exactes, comptées comme une simulation compte les tours et les lancers (lancers pour savoir qui commence compris). Le jeu au mieux des deux camps n'atteint jamais {} des positions résolues.",
                l.pct_with(unreached, 1)
            ),
        )
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
        t(
            l,
            "Ludii's state-evaluation metrics, with exact values",
            "Mesures de Ludii sur l'évaluation des positions, avec les valeurs exactes"
        ),
        t(l, "metric", "mesure"),
        t(l, "both play optimally", "les deux jouent au mieux"),
        t(l, "both play at random", "les deux jouent au hasard"),
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
        t(
            l,
            &format!(
                "Over {games} seeded games of each kind (± one standard error). Each side's evaluation before each throw is its exact expected result under optimal play, 2p − 1 for a chance p (Ludii estimates it). Drama: the leader's evaluation less the eventual winner's (2 when the winner had no chance). LeadChange: the share of throws where the side ahead changes. DecisivenessThreshold: the loser's best evaluation (0.6 means an 80% chance)."
            ),
            &format!(
                "Sur {games} parties tirées avec la graine de chaque sorte (± une erreur type). L'évaluation de chaque camp avant chaque lancer est son résultat attendu exact sous le jeu au mieux, 2p − 1 pour une probabilité p (Ludii l'estime). Drama : l'évaluation du camp en tête moins celle du vainqueur final (2 quand le vainqueur n'avait aucune chance). LeadChange : la part des lancers où le camp en tête change. DecisivenessThreshold : la meilleure évaluation du perdant (0,6 veut dire 80 % de chances)."
            ),
        )
    );
}

/// A small number in scientific notation, with the language's decimal mark: "8,6e-11".
pub(super) fn sci(l: Lang, x: f64) -> String {
    format!("{x:.1e}").replace('.', &l.decimal_mark().to_string())
}

fn table(md: &mut String, s: &Solved, l: Lang) {
    let e = &s.effort;
    let _ = writeln!(md, "## {}\n", t(l, "The table", "La table"));
    let _ = writeln!(
        md,
        "{} {} {}, {} {}, {} {} ({} {}), {} s, {} MB. {}\n",
        l.int(e.positions),
        t(
            l,
            "positions (the side to move as \"me\")",
            "positions (le camp qui joue vu comme « moi »)"
        ),
        t(l, "solved", "résolues"),
        e.sweeps,
        t(l, "sweeps", "balayages"),
        t(
            l,
            "largest change in the last",
            "plus grand changement au dernier"
        ),
        sci(l, e.last_change),
        t(l, "tolerance", "tolérance"),
        sci(l, e.tolerance),
        l.num(e.seconds, 1),
        l.num(e.bytes as f64 / 1e6, 0),
        random_effort(s, l),
    );
    let _ = writeln!(
        md,
        "{} `optimal:DIR/table.senet`.\n",
        t(
            l,
            "`table.senet` holds the value of every position; a scenario plays it with",
            "`table.senet` contient la valeur de chaque position ; un scénario la joue avec"
        ),
    );
}

/// "Random play: N sweeps, S s.", or that it was not computed.
fn random_effort(s: &Solved, l: Lang) -> String {
    match &s.random_effort {
        Some(e) if e.together => format!(
            "{} {} {}, {} ({} s {}).",
            t(l, "Random play:", "Jeu au hasard :"),
            e.sweeps,
            t(l, "sweeps", "balayages"),
            t(
                l,
                "swept together with optimal play",
                "calculé en même temps que le jeu optimal"
            ),
            l.num(e.seconds, 1),
            t(l, "for both", "pour les deux")
        ),
        Some(e) => format!(
            "{} {} {}, {} s.",
            t(l, "Random play:", "Jeu au hasard :"),
            e.sweeps,
            t(l, "sweeps", "balayages"),
            l.num(e.seconds, 1)
        ),
        None => t(
            l,
            "Random play: not computed (`--optimal-only`).",
            "Jeu au hasard : non calculé (`--optimal-only`).",
        )
        .to_string(),
    }
}

fn losses(md: &mut String, s: &Solved, l: Lang) {
    let _ = writeln!(
        md,
        "## {}\n",
        t(
            l,
            "How far each strategy is from optimal play",
            "L'écart de chaque stratégie au jeu optimal"
        )
    );
    let _ = writeln!(
        md,
        "{}\n",
        t(
            l,
            "Each strategy played against `optimal`, half the games as white. Each of its decisions with at least two moves is judged by the table: the loss is the chance of winning given up against the best move.",
            "Chaque stratégie a joué contre `optimal`, la moitié des parties avec les blancs. Chacune de ses décisions entre au moins deux coups est jugée par la table : la perte est la chance de gagner abandonnée par rapport au meilleur coup."
        )
    );
    let _ = writeln!(
        md,
        "| {} | {} | {} | {} | {} | {} | {} |\n|---|---:|---:|---:|---:|---:|---:|",
        t(l, "strategy", "stratégie"),
        t(l, "games", "parties"),
        t(l, "won against optimal", "gagnées contre optimal"),
        t(l, "decisions", "décisions"),
        t(l, "worse moves", "coups moins bons"),
        t(l, "mean loss per decision", "perte moyenne par décision"),
        t(l, "largest loss", "plus grande perte"),
    );
    for (spec, v) in &s.verdicts {
        let _ = writeln!(
            md,
            "| {spec} | {} | {} | {} | {} | {} | {} |",
            l.int(v.games),
            l.pct_with(v.wins as f64 / v.games.max(1) as f64, 1),
            l.int(v.decisions),
            l.pct_with(v.worse_share(), 1),
            l.pct_with(v.mean_loss(), 2),
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
        t(
            l,
            "Where the choice matters most",
            "Là où le choix compte le plus"
        ),
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
            t(l, "throw", "lancer"),
            d.throw,
            t(l, ":", "\u{a0}:"),
            t(l, "best", "meilleur"),
            match l {
                Lang::En => senet_tables::describe::describe(&d.moves[d.best_move()]),
                Lang::Fr => senet_tables::describe::describe_fr(&d.moves[d.best_move()]),
            },
            l.pct_with(d.best(), 1),
            t(l, "worst move", "pire coup"),
            l.pct_with(d.worst(), 1),
            d.pos.draw()
        );
    }
}
