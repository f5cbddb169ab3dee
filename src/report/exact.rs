//! The solved game beside the simulation (`exact = "ARM"`, lesson 5): for each arm that plays
//! the solved game with both sides optimal or both random, the exact chance of the side that
//! starts beside its simulated frequency, and whether the interval holds it.

use super::interval::{outside, pct};
use crate::lang::{fill, Lang};
use senet_engine::strategy::spec::StrategySpec;
use senet_simulation::runner::ArmResult;

/// The exact chances at the start of the solved arm's game (`exact/solution.csv`).
#[derive(Clone, Copy, Debug)]
pub struct ExactStart {
    /// The arm solved (its index among the scenario's arms).
    pub arm: usize,
    /// The chance of the side that starts, both sides playing optimally.
    pub optimal: f64,
    /// The same, both sides playing at random (`None`: not computed).
    pub random: Option<f64>,
}

/// How both sides of an arm play, when the solved game has an exact value for it.
fn play(r: &ArmResult) -> Option<bool> {
    let optimal = |s: &StrategySpec| matches!(s, StrategySpec::Optimal(o) if o.file.is_none());
    let random = |s: &StrategySpec| matches!(s, StrategySpec::Random);
    if optimal(&r.arm.white) && optimal(&r.arm.black) {
        Some(true)
    } else if random(&r.arm.white) && random(&r.arm.black) {
        Some(false)
    } else {
        None
    }
}

/// The sentences of the arms that play the solved game: its exact value, the simulated
/// frequency with its interval, and, when the interval misses it, how often that happens.
pub(super) fn md(results: &[ArmResult], exact: &ExactStart, l: Lang) -> String {
    let tx = l.texts();
    let game = results[exact.arm].arm.game();
    let mut m = String::new();
    for r in results.iter().filter(|r| r.arm.game() == game) {
        let (value, how) = match play(r) {
            Some(true) => (exact.optimal, tx.exact_best),
            Some(false) => match exact.random {
                Some(v) => (v, tx.exact_random),
                None => continue,
            },
            None => continue,
        };
        let a = &r.stats;
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
