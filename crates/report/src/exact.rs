//! The solved game beside the simulation (`exact = "ARM"`, lesson 5): for each arm that plays
//! the solved game with both sides optimal or both random, the exact chance of the side that
//! starts beside its simulated frequency, and whether the interval holds it.

use super::further::Check;
use super::interval::{outside, pct, share};
use crate::error::Result;
use crate::solved::Solved;
use senet_engine::strategy::spec::StrategySpec;
use senet_simulation::play::runner::ArmResult;
use senet_tables::fill;
use senet_tables::lang::Lang;
use std::fmt::Write as _;

/// The exact chances at the start of the solved arm's game (`exact/solution.csv`), and the
/// rest of what its solve found, for the report to render without reading `exact/` back.
pub struct ExactStart {
    /// The arm solved (its index among the scenario's arms).
    pub arm: usize,
    /// The chance of the side that starts, both sides playing optimally.
    pub optimal: f64,
    /// The same, both sides playing at random (`None`: not computed).
    pub random: Option<f64>,
    /// The solve's analysis: the strategies judged, the critical decisions.
    pub solved: Box<Solved>,
}

/// How both sides of an arm play, when the solved game has an exact value for it.
fn play(r: &ArmResult) -> Option<bool> {
    let optimal = |s: &StrategySpec| matches!(s, StrategySpec::Optimal(o) if o.file.is_none());
    let random = |s: &StrategySpec| matches!(s, StrategySpec::Random);
    let (white, black) = (r.arm.white.spec(), r.arm.black.spec());
    if optimal(white) && optimal(black) {
        Some(true)
    } else if random(white) && random(black) {
        Some(false)
    } else {
        None
    }
}

/// The arms that play the solved game: each with the exact value and how both sides play.
fn solved_arms<'a>(
    results: &'a [ArmResult],
    exact: &ExactStart,
    l: Lang,
) -> Vec<(&'a ArmResult, f64, &'static str)> {
    let tx = l.texts();
    let game = results[exact.arm].arm.game();
    (results.iter().filter(|r| r.arm.game() == game))
        .filter_map(|r| match play(r)? {
            true => Some((r, exact.optimal, tx.exact_best)),
            false => Some((r, exact.random?, tx.exact_random)),
        })
        .collect()
}

/// The sentences of the arms that play the solved game: its exact value, the simulated
/// frequency with its interval, and, when the interval misses it, how often that happens.
/// `class`: a pupils' report, where the frequency comes alone (its interval is in
/// [`checks`], for the lycée section).
pub(super) fn md(results: &[ArmResult], exact: &ExactStart, l: Lang, class: bool) -> String {
    let tx = l.texts();
    let mut m = String::new();
    if class {
        m.push_str(&answer(exact.optimal, l));
    }
    for (r, value, how) in solved_arms(results, exact, l) {
        let a = &r.stats;
        if class {
            let _ = write!(
                m,
                "{}\n\n",
                fill!(
                    l.texts().r_when_both_sides_play,
                    how,
                    l.num(value, 4),
                    l.quote(&r.arm.name),
                    share(a.first_mover_wins, a.games, l)
                )
            );
            continue;
        }
        let missed = outside(&r.arm.name, a.first_mover_wins, a.games, value, l);
        let holds = match missed {
            None => tx.exact_holds,
            Some(_) => tx.exact_misses,
        };
        m.push_str(&fill!(
            tx.exact_sentence,
            how,
            l.num(value, 4),
            l.quote(&r.arm.name),
            pct(a.first_mover_wins, a.games, l),
            holds
        ));
        m.push_str("\n\n");
        if let Some(s) = missed {
            m.push_str(&s);
            m.push_str("\n\n");
        }
    }
    m
}

/// A pupils' report opens with its question answered: does the side that starts have an
/// advantage when both play their best?
fn answer(optimal: f64, l: Lang) -> String {
    let (yes_fr, yes_en) = match optimal {
        p if p > 0.55 => ("Oui.", "Yes."),
        p if p > 0.5 => ("Oui, un petit.", "Yes, a small one."),
        0.5 => ("Non.", "No."),
        _ => (
            "Non : c'est l'autre camp qui l'a.",
            "No: the other side has it.",
        ),
    };
    let pct = l.pct(optimal);
    match l {
        Lang::Fr => format!("**Quand les deux camps jouent au mieux, le camp qui commence a-t-il un avantage ? {yes_fr}** Il gagne {pct} des parties, exactement : la partie est résolue, c'est un calcul et non une simulation.\n\n"),
        Lang::En => format!("**When both sides play their best, has the side that starts an advantage? {yes_en}** It wins {pct} of games, exactly: the game is solved, this is a calculation and not a simulation.\n\n"),
    }
}

/// The frequencies of [`md`] with their exact values, for a class's lycée section.
pub(super) fn checks(results: &[ArmResult], exact: &ExactStart, l: Lang) -> Vec<Check> {
    (solved_arms(results, exact, l).into_iter())
        .map(|(r, value, how)| Check {
            what: fill!(l.texts().r_both_sides_playing, l.quote(&r.arm.name), how),
            k: r.stats.first_mover_wins,
            n: r.stats.games,
            exact: Some((l.num(value, 4), value)),
        })
        .collect()
}

/// What the solved game says beyond the start: each strategy's games won against optimal
/// play and what it loses a decision (as `exact/losses.csv` has them), and the positions where
/// the choice matters most (drawn into `charts/` as `exact-critical`, inline).
pub(super) fn solved_md(canvas: &mut super::Canvas, exact: &ExactStart, l: Lang) -> Result<String> {
    let s = &exact.solved;
    let mut m = format!(
        "### {}\n\n{}\n\n{}\n|---|---:|---:|---:|\n",
        l.texts().r_playing_well_much_better,
        l.texts().r_each_strategy_played_against,
        l.texts().r_strategy_games_won_against,
    );
    // A French report names its strategies in words (« au hasard »), an English one by id.
    let strategy = |id: &str| match l {
        Lang::Fr => l.strategy(id),
        Lang::En => l.strategy_with_id(id),
    };
    for (spec, v) in &s.verdicts {
        let _ = writeln!(
            m,
            "| {} | {} / {} | {} | {} |",
            strategy(&spec.to_string()),
            l.int(v.wins),
            l.int(v.games),
            l.pct(v.worse_share()),
            l.pct_with(v.mean_loss(), 2)
        );
    }
    m.push('\n');
    if super::charts::solved::draw(canvas, "exact-critical", s, l)? {
        let _ = writeln!(
            m,
            "### {}\n\n![exact-critical](charts/exact-critical.png)\n\n{}\n",
            l.texts().r_where_choice_matters_most,
            l.texts().r_positions_solved_game_where
        );
    }
    Ok(m)
}
