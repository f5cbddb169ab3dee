//! Ludii's state-evaluation metrics (`Drama`, `LeadChange`, `DecisivenessThreshold`) with the
//! exact values of a solved table in place of Ludii's estimates.
//!
//! Ludii evaluates, before each move of a game, every player's state on a scale from −1 to 1
//! (`Utils.allPlayerStateEvaluations`: a heuristic through `tanh`, or earlier a UCT search).
//! Here a side's evaluation is its exact expected utility under optimal play from there, +1 a
//! win and −1 a loss: `2p − 1` for a chance `p` of winning. The state is the one before each
//! throw, as `review` grades it (points left over after bearing off belong to their throw).
//! Each metric then follows its Java file (Ludii 1.3.13):
//!
//! - `Drama Average` (`multiple/metrics/Drama.java`, `Average`): in each game, the mean over its
//!   states of `highestStateEvaluation - playerStateEvaluation` averaged over
//!   `Utils.highestRankedPlayers(trial, context)`, then averaged over games; `Drama Max` the same
//!   with each game's largest value. The code asks `highestRankedPlayers` with the context of
//!   `Utils.setupNewContext` (`MultiMetricFramework.getMetricValueLists`), the game's start,
//!   where no player has a rank: `RankUtils.utilities` gives both the draw rank
//!   (`computeNextDrawRank`), so both players "rank highest" and a state's drama is half the
//!   gap between the two evaluations, |2p − 1| here, whoever wins.
//! - `LeadChange` (`single/stateEvaluation/LeadChange.java`): in each game, the times the set of
//!   sides with the highest evaluation changes, over the game's moves, averaged over games. As in
//!   Ludii, the first state counts as a change (the set before it is empty).
//! - `DecisivenessThreshold` (`single/stateEvaluation/decisiveness/DecisivenessThreshold.java`):
//!   the highest evaluation of a player not in `highestRankedPlayers`, from −1. Read at the
//!   start as above, that list holds both players, so the code's value is −1 in every game.
//! - What the docstrings describe ("Difference between the winning players state evaluation and
//!   the maximum state evaluation of any player", "Maximum state evaluation value achieved by
//!   non-winning player") under the names `Drama Average (docstring)`, `Drama Max
//!   (docstring)` and `DecisivenessThreshold (docstring)`: the eventual winner's gap to the
//!   leader (`2 − 4q` when the winner's chance `q` is below one half), and the loser's highest
//!   evaluation (−1 in a game without a winner).

use crate::exact::review::review;
use rayon::prelude::*;
use senet_engine::board::Side;
use senet_engine::solve::Solution;
use senet_engine::strategy::optimal::Optimal;
use senet_engine::strategy::spec::Player;
use senet_engine::strategy::Strategy;
use senet_engine::throws::{game_seed, Device};
use std::sync::Arc;

/// One game's values of the metrics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameEvaluation {
    /// Ludii's code: mean over the states of half the gap between the evaluations.
    pub drama_average: f64,
    /// The largest of those.
    pub drama_max: f64,
    /// Changes of the leading side (or sides) over the moves.
    pub lead_change: f64,
    /// Ludii's code: −1 (no player outside the "highest ranked" at the start).
    pub decisiveness_threshold: f64,
    /// The docstring: mean over the states of the highest evaluation less the winner's.
    pub drama_winner_average: f64,
    /// The largest of those differences.
    pub drama_winner_max: f64,
    /// The docstring: the loser's highest evaluation (−1 without a winner).
    pub loser_threshold: f64,
}

/// The metrics of one game from white's exact chance before each of its moves and its winner
/// (`None`: a draw or a game stopped by the turn cap); `None` for a game without a move.
pub(crate) fn game_evaluation(
    white_before: &[f64],
    winner: Option<Side>,
) -> Option<GameEvaluation> {
    if white_before.is_empty() {
        return None;
    }
    let (mut drama, mut winner_drama) = ((0.0, 0.0f64), (0.0, 0.0f64));
    let mut changes = 0u32;
    let mut leaders: Option<[bool; 2]> = None;
    let mut threshold: f64 = -1.0;
    for &w in white_before {
        let eval = [2.0 * w - 1.0, 1.0 - 2.0 * w];
        let top = eval[0].max(eval[1]);
        // Both sides rank highest at the start: the mean of their differences.
        let both = (2.0 * top - eval[0] - eval[1]) / 2.0;
        drama = (drama.0 + both, drama.1.max(both));
        let of_winner = winner.map_or(both, |side| top - eval[side.index()]);
        winner_drama = (winner_drama.0 + of_winner, winner_drama.1.max(of_winner));
        let now = [eval[0] == top, eval[1] == top];
        changes += u32::from(leaders != Some(now));
        leaders = Some(now);
        if let Some(side) = winner {
            threshold = threshold.max(eval[side.other().index()]);
        }
    }
    let n = white_before.len() as f64;
    Some(GameEvaluation {
        drama_average: drama.0 / n,
        drama_max: drama.1,
        lead_change: f64::from(changes) / n,
        decisiveness_threshold: -1.0,
        drama_winner_average: winner_drama.0 / n,
        drama_winner_max: winner_drama.1,
        loser_threshold: threshold,
    })
}

/// A metric over some games: its mean and the standard error of the mean.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Mean over the games.
    pub mean: f64,
    /// Standard error of the mean (sample standard deviation over √games).
    pub se: f64,
}

impl Estimate {
    fn of(values: impl Iterator<Item = f64> + Clone) -> Estimate {
        let n = values.clone().count() as f64;
        let mean = values.clone().sum::<f64>() / n;
        let var = values.map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0).max(1.0);
        Estimate {
            mean,
            se: (var / n).sqrt(),
        }
    }
}

/// The metrics over the games of one kind of play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StateMetrics {
    /// Games read.
    pub games: u64,
    /// Each metric in [`NAMES`]' order.
    pub values: [Estimate; 7],
}

/// Ludii's names of the metrics, in the order of [`StateMetrics::named`]: the code's values,
/// then the docstrings'.
pub const NAMES: [&str; 7] = [
    "Drama Average",
    "Drama Max",
    "LeadChange",
    "DecisivenessThreshold",
    "Drama Average (docstring)",
    "Drama Max (docstring)",
    "DecisivenessThreshold (docstring)",
];

impl StateMetrics {
    /// Each metric under its name ([`NAMES`]).
    pub fn named(&self) -> [(&'static str, Estimate); 7] {
        std::array::from_fn(|i| (NAMES[i], self.values[i]))
    }

    /// The metrics over some games' values, in game order (`None` without a game).
    pub fn of(games: &[GameEvaluation]) -> Option<StateMetrics> {
        let of = |f: fn(&GameEvaluation) -> f64| Estimate::of(games.iter().map(f));
        (!games.is_empty()).then(|| StateMetrics {
            games: games.len() as u64,
            values: [
                of(|g| g.drama_average),
                of(|g| g.drama_max),
                of(|g| g.lead_change),
                of(|g| g.decisiveness_threshold),
                of(|g| g.drama_winner_average),
                of(|g| g.drama_winner_max),
                of(|g| g.loser_threshold),
            ],
        })
    }
}

/// The metrics over `games` seeded games, both sides playing optimally (`random` false)
/// or at random, every state valued by `solution`. Game `g` uses the seed
/// `game_seed(seed, lane, g)`; the result does not depend on the threads.
pub fn state_metrics(
    solution: &Arc<Solution>,
    device: &Device,
    random: bool,
    games: u64,
    seed: u64,
    lane: u64,
) -> Option<StateMetrics> {
    let rules = &solution.rules;
    let per_game: Vec<Option<GameEvaluation>> = (0..games)
        .into_par_iter()
        .map(|g| {
            let player = || -> Box<dyn Strategy> {
                if random {
                    Player::random().build(rules, device)
                } else {
                    Box::new(Optimal::new(solution.clone()))
                }
            };
            let (steps, summary) = review(solution, device, [player(), player()], {
                game_seed(seed, lane, g)
            });
            let before: Vec<f64> = steps.iter().map(|s| s.white_before).collect();
            game_evaluation(&before, summary.winner)
        })
        .collect();
    StateMetrics::of(&per_game.into_iter().flatten().collect::<Vec<_>>())
}

#[cfg(test)]
mod tests;
