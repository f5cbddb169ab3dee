//! Ludii's reconstruction metrics, under Ludii's names and as Ludii's code computes them, so
//! that an arm's figures stand beside the Digital Ludeme Project's.
//!
//! Ludii 1.3.13's `Evaluation.java` lists twelve `reconstructionMetrics`; each is defined in its
//! own file of `Evaluation/src/metrics/`. The outcome metrics (`AdvantageP1`, `Balance`,
//! `Completion`, `Drawishness`, `OutcomeUniformity`) and `DurationTurns` follow from the arm's
//! counters over every game ([`ArmStats`]), for Ludii's player 1 as the rules make it
//! ([`PlayerOne`]); the metrics that look at every move (`DecisionMoves`,
//! `BoardCoverageDefault` and the averages of `PieceNumber`, `BoardSitesOccupied`,
//! `BranchingFactor` and `MoveDistance`) from the first `MOVE_METRIC_GAMES` games of the arm,
//! played again with every move listed ([`GameMoves`]; the run's own games list only the move
//! chosen). Where a Java docstring says something its code does not do, the code's value has
//! Ludii's name and the docstring's another (`DrawishnessNoTimeouts`).
//! `docs/reconstructions.md` quotes the Java lines and says where senet-sim's turn and move
//! differ from Ludii's.
//!
//! A metric "averaged over games" is a mean of per-game means, as Ludii's: each game's mean is
//! added as an integer of `FIXED` steps, so that counters merge exactly whatever the threads.
//! Every metric has a 95% interval over the games (normal, Wilson for a share).

use crate::play::stats::{mean_interval, wilson95, ArmStats, Interval};
use senet_engine::board::{Position, Side, BOARD_MASK, LAST_SQUARE};
use senet_engine::game::Observer;
use senet_engine::movegen::Move;
use senet_engine::rules::{Rules, Starter};
use senet_engine::strategy::Asked;

/// Games of an arm played again for the move metrics (Ludii's evaluations use 100 or so).
pub(crate) const MOVE_METRIC_GAMES: u64 = 2_000;

/// Steps of one per-game mean: 2^24 (a mean kept to 6e-8).
pub(crate) const FIXED: f64 = (1u64 << 24) as f64;

/// The move metrics' counters over some games: integers, summed by [`MoveCounters::combine`].
/// Each per-game figure is kept with the sum of its squares, for its interval.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveCounters {
    /// Games counted.
    pub games: u64,
    /// Σ of each game's share of moves with more than one choice, in `FIXED` steps.
    pub decision_share: Sums,
    /// Σ of each game's count of squares that ever held a pawn.
    pub squares_covered: Sums,
    /// Σ of each game's mean count of pawns on the board (over its states), in steps.
    pub pieces: Sums,
    /// Σ of each game's mean count of choices a move, in steps.
    pub branching: Sums,
    /// Σ of each game's mean distance of a move on the board, in steps.
    pub distance: Sums,
}

/// A sum of per-game integers and the sum of their squares (exact, whatever the order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sums {
    /// Σ x.
    pub sum: u64,
    /// Σ x².
    pub squares: u128,
}

impl Sums {
    fn add(&mut self, x: u64) {
        self.sum += x;
        self.squares += u128::from(x) * u128::from(x);
    }

    fn combine(&mut self, other: &Sums) {
        self.sum += other.sum;
        self.squares += other.squares;
    }

    /// Mean and 95% interval (mean ± 1.96 standard errors) over `n` games, each value divided
    /// by `unit`; `None` without a game.
    fn estimate(&self, n: u64, unit: f64) -> Option<(f64, Interval)> {
        (n > 0).then(|| {
            let (sum, sq) = (self.sum as f64 / unit, self.squares as f64 / unit / unit);
            mean_interval(n, sum, sq)
        })
    }
}

impl MoveCounters {
    /// Adds `other`'s games.
    pub fn combine(&mut self, other: &MoveCounters) {
        self.games += other.games;
        self.decision_share.combine(&other.decision_share);
        self.squares_covered.combine(&other.squares_covered);
        self.pieces.combine(&other.pieces);
        self.branching.combine(&other.branching);
        self.distance.combine(&other.distance);
    }

    /// Adds one game's figures.
    pub fn add(&mut self, game: &GameMoves) {
        let steps = |sum: u64, n: u64| {
            if n == 0 {
                0
            } else {
                (sum as f64 / n as f64 * FIXED).round() as u64
            }
        };
        self.games += 1;
        self.decision_share.add(steps(game.decisions, game.moves));
        self.squares_covered
            .add(u64::from(game.covered.count_ones()));
        self.pieces.add(steps(game.pieces, game.states));
        self.branching.add(steps(game.choices, game.moves));
        self.distance.add(steps(game.distance, game.steps));
    }

    fn mean(&self, sums: &Sums, unit: f64) -> Option<(f64, Interval)> {
        sums.estimate(self.games, unit)
    }
}

/// One game's moves, as Ludii's metrics read them: an observer that must list every move
/// (`DECISIONS`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameMoves {
    /// Moves: a throw played or passed, points left over played, a pawn freed without a throw.
    pub moves: u64,
    /// Moves with more than one choice.
    pub decisions: u64,
    /// Σ of the choices of each move (a pass, Ludii's `Pass` move, is one choice).
    pub choices: u64,
    /// States: the start and the position after each move.
    pub states: u64,
    /// Σ of the pawns on the board in each state.
    pub pieces: u64,
    /// Squares that held a pawn in some state.
    pub covered: u32,
    /// Moves from a square to another square of the board.
    pub steps: u64,
    /// Σ of their distances on the 3 × 10 board.
    pub distance: u64,
    /// Choices listed for the move under way.
    pending: Option<u64>,
}

impl GameMoves {
    /// A game from `start`.
    pub fn new(start: &Position) -> GameMoves {
        let mut g = GameMoves::default();
        g.state(start);
        g
    }

    fn state(&mut self, pos: &Position) {
        let on_board = (pos.side(Side::White) | pos.side(Side::Black)) & BOARD_MASK;
        self.states += 1;
        self.pieces += u64::from(on_board.count_ones());
        self.covered |= on_board;
    }

    fn moved(&mut self, chosen: Option<&Move>, after: &Position) {
        let choices = self.pending.take().unwrap_or(1).max(1);
        self.moves += 1;
        self.choices += choices;
        self.decisions += u64::from(choices > 1);
        if let Some(mv) = chosen {
            let (from, to) = mv.span();
            if from != to && (1..=LAST_SQUARE).contains(&from) && (1..=LAST_SQUARE).contains(&to) {
                self.steps += 1;
                self.distance += u64::from(distance(from, to));
            }
        }
        self.state(after);
    }
}

impl Observer for GameMoves {
    const DECISIONS: bool = true;

    fn on_decision(&mut self, _: Side, _: &Asked, _: &Position, moves: &[Move], _: usize) {
        self.pending = Some(moves.len() as u64);
    }

    fn on_throw(&mut self, _: Side, _: u8, chosen: Option<&Move>, after: &Position) {
        self.moved(chosen, after);
    }

    fn on_residual(&mut self, _: Side, _: u8, chosen: Option<&Move>, after: &Position) {
        self.moved(chosen, after);
    }

    fn on_free_exit(&mut self, _: Side, after: &Position) {
        self.moved(None, after);
    }
}

/// Distance between two squares on Ludii's Senet board (3 rows of 10, the track
/// boustrophedon), counted in steps to an adjacent cell, diagonals included (Ludii's
/// `RelationType.Adjacent` on a square grid): the larger of the row and column gaps.
pub fn distance(a: u8, b: u8) -> u8 {
    let cell = |s: u8| {
        let (row, k) = ((s - 1) / 10, (s - 1) % 10);
        (row, if row % 2 == 0 { k } else { 9 - k })
    };
    let ((ra, ca), (rb, cb)) = (cell(a), cell(b));
    ra.abs_diff(rb).max(ca.abs_diff(cb))
}

/// Who Ludii's player 1 is in a rule set. In a Ludii trial player 1 makes the first move, and
/// a swap of roles (`(swap Players P1 P2)`) keeps the agent: the metrics read
/// `RankUtils.agentUtilities(context)[1]`, the agent that threw first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerOne {
    /// The first thrower of the opening throw-off, who starts only when it throws the value
    /// first (Ludii's Kendall and Jéquier: the thrower of the first 1 takes a role by a swap).
    FirstThrower,
    /// White, who throws first; black starts after a strictly higher throw (Ludii's Bell).
    White,
    /// The side that moves first (no throw-off, no throw for the start).
    FirstMover,
}

impl PlayerOne {
    /// Player 1 of `rules`: the throw-off's first thrower, white when the higher throw starts,
    /// else the starter.
    pub fn of(rules: &Rules) -> PlayerOne {
        if rules.first_throw.is_some() {
            PlayerOne::FirstThrower
        } else if rules.starter == Starter::HigherThrow {
            PlayerOne::White
        } else {
            PlayerOne::FirstMover
        }
    }

    /// How a table names it: `first-thrower`, `white`, `first-mover`.
    pub fn id(self) -> &'static str {
        match self {
            PlayerOne::FirstThrower => "first-thrower",
            PlayerOne::White => "white",
            PlayerOne::FirstMover => "first-mover",
        }
    }

    /// Games player 1 won.
    fn wins(self, stats: &ArmStats) -> u64 {
        match self {
            PlayerOne::FirstThrower => stats.first_thrower_wins,
            PlayerOne::White => stats.white_wins,
            PlayerOne::FirstMover => stats.first_mover_wins,
        }
    }
}

/// Ludii's metrics of an arm, each with its 95% interval, in Ludii's order
/// (`Evaluation.java`), then `DrawishnessNoTimeouts`; `None` where no game was read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Metrics {
    /// Who player 1 is.
    pub player_1: PlayerOne,
    values: [Option<(f64, Interval)>; COUNT],
}

/// Metrics of an arm.
const COUNT: usize = 13;

/// Squares of the board, for the shares of it.
const SQUARES: f64 = LAST_SQUARE as f64;

/// The index of each metric in [`Metrics::NAMES`].
mod at {
    pub(crate) const DURATION: usize = 0;
    pub(crate) const DECISION: usize = 1;
    pub(crate) const COVERAGE: usize = 2;
    pub(crate) const ADVANTAGE: usize = 3;
    pub(crate) const BALANCE: usize = 4;
    pub(crate) const COMPLETION: usize = 5;
    pub(crate) const DRAWISHNESS: usize = 6;
    pub(crate) const UNIFORMITY: usize = 7;
    pub(crate) const PIECES: usize = 8;
    pub(crate) const SITES: usize = 9;
    pub(crate) const BRANCHING: usize = 10;
    pub(crate) const DISTANCE: usize = 11;
    pub(crate) const DRAWS_ONLY: usize = 12;
}

impl Metrics {
    /// The metrics of an arm of `rules` from its counters over every game and its move
    /// counters. Each metric is computed as the Java of Ludii 1.3.13 computes it
    /// (`docs/reconstructions.md` quotes the lines): a game is +1, −1 or 0 to a player
    /// (`RankUtils.agentUtilities`), a draw and a game stopped by the turn cap both 0.
    pub fn new(stats: &ArmStats, moves: &MoveCounters, rules: &Rules) -> Metrics {
        let player_1 = PlayerOne::of(rules);
        let mut values = [None; COUNT];
        if stats.games > 0 {
            let outcome = Outcomes::of(stats, player_1);
            values[at::DURATION] = Some(duration(stats, rules.max_turns));
            values[at::ADVANTAGE] = Some(outcome.advantage());
            values[at::BALANCE] = Some(outcome.balance());
            values[at::COMPLETION] = Some(share(outcome.p1 + outcome.p2, stats.games));
            values[at::DRAWISHNESS] = Some(share(outcome.level, stats.games));
            values[at::UNIFORMITY] = Some(outcome.uniformity());
            values[at::DRAWS_ONLY] = Some(share(stats.draws, stats.games));
        }
        values[at::DECISION] = moves.mean(&moves.decision_share, FIXED);
        values[at::COVERAGE] = moves.mean(&moves.squares_covered, SQUARES);
        values[at::PIECES] = moves.mean(&moves.pieces, FIXED);
        values[at::SITES] = moves.mean(&moves.pieces, FIXED * SQUARES);
        values[at::BRANCHING] = moves.mean(&moves.branching, FIXED);
        values[at::DISTANCE] = moves.mean(&moves.distance, FIXED);
        Metrics { player_1, values }
    }

    /// Ludii's names of the metrics, in [`Metrics::named`]'s order, with the Java file of
    /// `Evaluation/src/metrics/` that defines each; the last is `Drawishness` as its
    /// docstring says it ("not including timeouts"), which its code does not do.
    pub const NAMES: [(&'static str, &'static str); COUNT] = [
        ("DurationTurns", "single/duration/DurationTurns.java"),
        ("DecisionMoves", "single/complexity/DecisionMoves.java"),
        (
            "BoardCoverageDefault",
            "single/boardCoverage/BoardCoverageDefault.java",
        ),
        ("AdvantageP1", "single/outcome/AdvantageP1.java"),
        ("Balance", "single/outcome/Balance.java"),
        ("Completion", "single/outcome/Completion.java"),
        ("Drawishness", "single/outcome/Drawishness.java"),
        ("OutcomeUniformity", "single/outcome/OutcomeUniformity.java"),
        ("PieceNumberAverage", "multiple/metrics/PieceNumber.java"),
        (
            "BoardSitesOccupiedAverage",
            "multiple/metrics/BoardSitesOccupied.java",
        ),
        (
            "BranchingFactorAverage",
            "multiple/metrics/BranchingFactor.java",
        ),
        ("MoveDistanceAverage", "multiple/metrics/MoveDistance.java"),
        ("DrawishnessNoTimeouts", "single/outcome/Drawishness.java"),
    ];

    /// Each metric's name with its value, in [`Metrics::NAMES`]' order.
    pub fn named(&self) -> [(&'static str, Option<f64>); COUNT] {
        std::array::from_fn(|k| (Metrics::NAMES[k].0, self.values[k].map(|v| v.0)))
    }

    /// Each metric's name with its 95% interval, in [`Metrics::NAMES`]' order.
    pub fn intervals(&self) -> [(&'static str, Option<Interval>); COUNT] {
        std::array::from_fn(|k| (Metrics::NAMES[k].0, self.values[k].map(|v| v.1)))
    }
}

/// A share with its Wilson interval.
fn share(k: u64, n: u64) -> (f64, Interval) {
    (k as f64 / n as f64, wilson95(k, n))
}

/// `DurationTurns.java`: `turnTally += trial.numTurns()` over every trial, so a game stopped
/// by the turn cap counts with the cap's turns.
fn duration(stats: &ArmStats, cap: u32) -> (f64, Interval) {
    let (mut sum, mut squares) = stats.turns.sums();
    let u = stats.unfinished as f64;
    sum += u * f64::from(cap);
    squares += u * f64::from(cap) * f64::from(cap);
    mean_interval(stats.games, sum, squares)
}

/// An arm's games by their result for Ludii's player 1.
struct Outcomes {
    /// Games won by player 1.
    p1: u64,
    /// Games won by player 2.
    p2: u64,
    /// Games where both players' utility is 0: drawn by the rules or stopped by the turn cap.
    level: u64,
}

impl Outcomes {
    fn of(stats: &ArmStats, player_1: PlayerOne) -> Outcomes {
        let p1 = player_1.wins(stats);
        let p2 = stats.white_wins + stats.black_wins - p1;
        Outcomes {
            p1,
            p2,
            level: stats.games - p1 - p2,
        }
    }

    fn n(&self) -> f64 {
        (self.p1 + self.p2 + self.level) as f64
    }

    /// `AdvantageP1.java`: `p1Wins += (RankUtils.agentUtilities(context)[1] + 1.0) / 2.0`, a
    /// draw ½; the interval is the mean's, each game 1, ½ or 0.
    fn advantage(&self) -> (f64, Interval) {
        let (win, level) = (self.p1 as f64, self.level as f64);
        mean_interval(
            self.p1 + self.p2 + self.level,
            win + level / 2.0,
            win + level / 4.0,
        )
    }

    /// `Balance.java`: `1.0 - maxDisc`, the gap between the players' win rates. Its `wins` is
    /// an `int[]`, so `wins[p] += (util + 1.0) / 2.0` adds 0 for a draw (Java's compound
    /// assignment truncates ½); with two players a draw would change both rates alike anyway.
    /// The interval is 1 less |d| over the mean's interval of d, each game +1, −1 or 0.
    fn balance(&self) -> (f64, Interval) {
        let (p1, p2) = (self.p1 as f64, self.p2 as f64);
        let (d, (lo, hi)) = mean_interval(self.p1 + self.p2 + self.level, p1 - p2, p1 + p2);
        let widest = lo.abs().max(hi.abs());
        let nearest = if lo <= 0.0 && hi >= 0.0 {
            0.0
        } else {
            lo.abs().min(hi.abs())
        };
        (1.0 - d.abs(), (1.0 - widest, 1.0 - nearest))
    }

    /// `OutcomeUniformity.java`: `1.0 - (accum / numPlayers)`, `accum` the sum of each
    /// player's `Stats.varn()` of its utilities, a sample variance (`varn /= (n - 1)`; 0 for
    /// a single game). With two players both variances are the same. The interval is a
    /// parametric bootstrap over games ([`UNIFORMITY_REPLICATES`] seeded replicates of the
    /// counts, normal multinomial): the first-order delta method vanishes where the players
    /// are even, and the value there moves only through the square of the gap.
    fn uniformity(&self) -> (f64, Interval) {
        let n = self.n();
        if n < 2.0 {
            return (1.0, (1.0, 1.0));
        }
        let value = |p1: f64, p2: f64| {
            let mean = (p1 - p2) / n;
            1.0 - (p1 + p2 - n * mean * mean) / (n - 1.0)
        };
        let (a, b) = (self.p1 as f64 / n, self.p2 as f64 / n);
        // The counts' covariance n·(diag(π) − ππᵀ), as a Cholesky factor.
        let l11 = (n * a * (1.0 - a)).sqrt();
        let l21 = if l11 > 0.0 { -n * a * b / l11 } else { 0.0 };
        let l22 = (n * b * (1.0 - b) - l21 * l21).max(0.0).sqrt();
        let mut replicates: Vec<f64> = (0..UNIFORMITY_REPLICATES as u64)
            .map(|k| {
                let (z1, z2) = normal_pair(k);
                let x1 = n * a + l11 * z1;
                let x2 = n * b + l21 * z1 + l22 * z2;
                value(x1, x2)
            })
            .collect();
        replicates.sort_by(f64::total_cmp);
        let at = |q: f64| {
            replicates[((q * UNIFORMITY_REPLICATES as f64) as usize).min(replicates.len() - 1)]
        };
        (
            value(self.p1 as f64, self.p2 as f64),
            (at(0.025), at(0.975)),
        )
    }
}

/// Replicates of `OutcomeUniformity`'s bootstrap over games.
pub(crate) const UNIFORMITY_REPLICATES: usize = 2_000;

/// Its seed: the same interval on every run.
const UNIFORMITY_SEED: u64 = 0x0005_e4e7_0050;

/// Replicate `k`'s two independent standard normal deviates (Box-Muller), from the seeded
/// counter `game_seed(UNIFORMITY_SEED, 0, k)`: the same on every run and machine.
fn normal_pair(k: u64) -> (f64, f64) {
    let bits = senet_engine::throws::game_seed(UNIFORMITY_SEED, 0, k);
    // Two 32-bit uniforms in (0, 1].
    let uniform = |b: u64| ((b & 0xffff_ffff) as f64 + 1.0) / 4_294_967_296.0;
    let (u, v): (f64, f64) = (uniform(bits), uniform(bits >> 32));
    let r = (-2.0 * u.ln()).sqrt();
    let t = std::f64::consts::TAU * v;
    (r * t.cos(), r * t.sin())
}

#[cfg(test)]
mod tests;
