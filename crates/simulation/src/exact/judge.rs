//! How far each strategy is from optimal play: every decision it makes in seeded games against
//! `optimal` is judged with the solved table, and the positions where the choice matters most
//! are kept.
//!
//! Its score against `optimal` is given twice: as played (a win 1, a draw ½), and adjusted for
//! luck, as gnubg's luck-adjusted result (Zare's variance reduction): each game's score less
//! the luck of every throw, which is the strategy's exact chance at the start (the first mover
//! known) less the chance its decisions gave away (`optimal` gives none away). The luck of a
//! throw has mean zero given the game so far, so the adjusted score has the same expectation
//! as the score, and none of the dice's variance.

use rayon::prelude::*;
use senet_engine::board::{Position, Side};
use senet_engine::game::{play_game, Observer};
use senet_engine::movegen::Move;
use senet_engine::solve::backup::Pick;
use senet_engine::solve::Solution;
use senet_engine::strategy::optimal::Optimal;
use senet_engine::strategy::spec::Player;
use senet_engine::strategy::{first_best, Asked, Strategy};
use senet_engine::throws::{game_seed, stream, Device, SeededThrower};
use std::sync::Arc;

/// A move is "worse" when its value is below the best by more than this (the table keeps
/// values as `f32`, exact to about 10⁻⁷).
pub(crate) const WORSE: f64 = 1e-6;

/// One decision with a choice: the position, the throw, the values of its moves and the move
/// chosen.
#[derive(Clone, Debug)]
pub struct Decision {
    /// The position, its side to move choosing.
    pub pos: Position,
    /// The throw.
    pub throw: u8,
    /// The legal moves.
    pub moves: Vec<Move>,
    /// Their exact values for the side to move.
    pub values: Vec<f64>,
    /// The index of the move chosen.
    pub chosen: usize,
}

impl Decision {
    /// The best value.
    pub fn best(&self) -> f64 {
        self.values
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// The worst value.
    pub fn worst(&self) -> f64 {
        self.values.iter().copied().fold(f64::INFINITY, f64::min)
    }

    /// The index of the best move (the first, on a tie).
    pub fn best_move(&self) -> usize {
        first_best(self.values.iter().copied())
    }

    /// The index of the worst move (the first, on a tie).
    pub fn worst_move(&self) -> usize {
        first_best(self.values.iter().map(|v| -v))
    }

    /// The winning probability lost by the move chosen.
    pub fn loss(&self) -> f64 {
        self.best() - self.values[self.chosen]
    }
}

/// A strategy's decisions judged: counts, the summed loss, and games won against `optimal`.
#[derive(Clone, Debug, Default)]
pub struct Verdict {
    /// Games played (half as white, half as black).
    pub games: u64,
    /// Games the strategy won.
    pub wins: u64,
    /// Decisions it made with at least two legal moves.
    pub decisions: u64,
    /// Of those, decisions where it chose a move worse than the best (by more than `WORSE`).
    pub worse: u64,
    /// The winning probability lost, summed over its decisions (summed in game order).
    pub loss: f64,
    /// The largest loss of one decision.
    pub max_loss: f64,
    /// The 95% interval of [`Verdict::mean_loss`], the games as the sampled units (a ratio
    /// of two sums over games: its standard error by the delta method).
    pub mean_loss_interval: (f64, f64),
    /// Its mean score against `optimal` (a win 1, a draw ½) with its 95% interval.
    pub score: (f64, (f64, f64)),
    /// The same score adjusted for luck, with its 95% interval.
    pub luck_adjusted: (f64, (f64, f64)),
    /// The variance of a game's score over that of its luck-adjusted score: how many times
    /// fewer games the adjusted score needs for the same interval (`None`: no variance).
    pub variance_ratio: Option<f64>,
}

impl Verdict {
    /// The mean loss of winning probability per decision.
    pub fn mean_loss(&self) -> f64 {
        self.loss / self.decisions.max(1) as f64
    }

    /// The share of decisions where a worse move was chosen.
    pub fn worse_share(&self) -> f64 {
        self.worse as f64 / self.decisions.max(1) as f64
    }
}

/// Writes down each decision with a choice of the judged side, read from the game's stream of
/// decisions (points left over after bearing off are played by the player but not judged: a
/// move's value assumes them well used).
struct Judged<'a> {
    me: Side,
    solution: &'a Solution,
    decisions: Vec<Decision>,
    /// The chance given away by its uses of points left over (not judged, but adjusted for).
    left_over_loss: f64,
}

impl Observer for Judged<'_> {
    const DECISIONS: bool = true;

    fn on_decision(
        &mut self,
        side: Side,
        asked: &Asked,
        pos: &Position,
        moves: &[Move],
        chosen: usize,
    ) {
        if side != self.me || moves.len() < 2 {
            return;
        }
        let values = self.solution.move_values(pos, *asked, moves);
        match *asked {
            Asked::Throw(throw) => self.decisions.push(Decision {
                pos: *pos,
                throw,
                moves: moves.to_vec(),
                values,
                chosen,
            }),
            Asked::LeftOver { .. } => {
                let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                self.left_over_loss += best - values[chosen];
            }
        }
    }
}

/// Plays `games` seeded games of `player` against `optimal` (the strategy is white in the even
/// games, black in the odd ones) and judges its decisions; returns the verdict and every
/// decision, in game order. Game `g` uses the seed `game_seed(seed, lane, g)`.
pub fn judge(
    solution: &Arc<Solution>,
    device: &Device,
    player: &Player,
    games: u64,
    seed: u64,
    lane: u64,
) -> (Verdict, Vec<Decision>) {
    let rules = &solution.rules;
    let lookup = |p: &Position| solution.covered(p);
    // The first mover's exact chance at the start, for either first mover.
    let start = [Side::White, Side::Black].map(|first| {
        crate::exact::values::side_start_value(rules, &solution.throws, Pick::Best, &lookup, first)
    });
    let per_game: Vec<(Played, Vec<Decision>)> = (0..games)
        .into_par_iter()
        .map(|g| {
            let s = game_seed(seed, lane, g);
            let me = (g % 2) as usize;
            let mut players: [Box<dyn Strategy>; 2] = [
                Box::new(Optimal::new(solution.clone())),
                Box::new(Optimal::new(solution.clone())),
            ];
            players[me] = player.build(rules, device);
            let side = if me == 0 { Side::White } else { Side::Black };
            let mut judged = Judged {
                me: side,
                solution,
                decisions: Vec::new(),
                left_over_loss: 0.0,
            };
            let mut thrower = SeededThrower::new(device, s);
            let summary = play_game(
                rules,
                &mut players,
                &mut thrower,
                &mut stream(s, 2),
                &mut judged,
            );
            let won = summary.winner.is_some_and(|w| w.index() == me);
            let score = if won {
                1.0
            } else if summary.draw {
                0.5
            } else {
                0.0
            };
            let first = summary.first.unwrap_or(Side::White);
            let at_start = match first == side {
                true => start[first.index()],
                false => 1.0 - start[first.index()],
            };
            let lost: f64 = judged.decisions.iter().map(Decision::loss).sum();
            let played = Played {
                won,
                score,
                adjusted: at_start - lost - judged.left_over_loss,
            };
            (played, judged.decisions)
        })
        .collect();
    let mut verdict = Verdict {
        games,
        ..Verdict::default()
    };
    let mut all = Vec::new();
    let mut per_game_sums = Vec::with_capacity(per_game.len());
    let (mut scores, mut adjusted) = ((0.0, 0.0), (0.0, 0.0));
    for (played, decisions) in per_game {
        verdict.wins += u64::from(played.won);
        scores = (
            scores.0 + played.score,
            scores.1 + played.score * played.score,
        );
        adjusted = (
            adjusted.0 + played.adjusted,
            adjusted.1 + played.adjusted.powi(2),
        );
        let mut game = (0.0, 0.0);
        for d in decisions {
            let loss = d.loss();
            verdict.decisions += 1;
            verdict.worse += u64::from(loss > WORSE);
            verdict.loss += loss;
            verdict.max_loss = verdict.max_loss.max(loss);
            game = (game.0 + loss, game.1 + 1.0);
            all.push(d);
        }
        per_game_sums.push(game);
    }
    verdict.mean_loss_interval = ratio_interval(&per_game_sums);
    let interval = |(sum, squares): (f64, f64)| {
        let (mean, se) = crate::play::stats::mean_se(games, sum, squares);
        let z = crate::play::stats::Z95;
        ((mean, (mean - z * se, mean + z * se)), se)
    };
    let ((score, se_score), (luck_adjusted, se_adjusted)) = (interval(scores), interval(adjusted));
    verdict.score = score;
    verdict.luck_adjusted = luck_adjusted;
    verdict.variance_ratio = (se_adjusted > 0.0).then(|| (se_score / se_adjusted).powi(2));
    (verdict, all)
}

/// One judged game: whether the strategy won, its score (1, ½ or 0) and its luck-adjusted
/// score.
struct Played {
    won: bool,
    score: f64,
    adjusted: f64,
}

/// The 95% interval of Σ yᵢ / Σ xᵢ over sampled units (yᵢ, xᵢ): the ratio ± 1.96 standard
/// errors, the error √(Σ (yᵢ − r xᵢ)² / (n (n − 1))) / x̄ (the delta method).
pub(crate) fn ratio_interval(units: &[(f64, f64)]) -> (f64, f64) {
    let n = units.len() as f64;
    let (y, x) = units.iter().fold((0.0, 0.0), |a, u| (a.0 + u.0, a.1 + u.1));
    if x == 0.0 {
        return (0.0, 0.0);
    }
    let r = y / x;
    if units.len() < 2 {
        return (r, r);
    }
    let spread: f64 = units.iter().map(|u| (u.0 - r * u.1).powi(2)).sum();
    let se = (spread / (n * (n - 1.0))).sqrt() / (x / n);
    (
        r - crate::play::stats::Z95 * se,
        r + crate::play::stats::Z95 * se,
    )
}
