//! Ludii's reconstruction metrics, under Ludii's names and definitions, so that an arm's
//! figures stand beside the Digital Ludeme Project's.
//!
//! Ludii 1.3's `Evaluation.java` lists twelve `reconstructionMetrics`; each is defined in its
//! own file of `Evaluation/src/metrics/`. The outcome metrics (`AdvantageP1`, `Balance`,
//! `Completion`, `Drawishness`, `OutcomeUniformity`) and `DurationTurns` follow from the arm's
//! counters over every game ([`ArmStats`]); the metrics that look at every move
//! (`DecisionMoves`, `BoardCoverageDefault` and the averages of `PieceNumber`,
//! `BoardSitesOccupied`, `BranchingFactor` and `MoveDistance`) from the first
//! [`MOVE_METRIC_GAMES`] games of the arm, played again with every move listed
//! ([`GameMoves`]; the run's own games list only the move chosen). `docs/reconstructions.md`
//! says where senet-sim's turn and move differ from Ludii's.
//!
//! A metric "averaged over games" is a mean of per-game means, as Ludii's: each game's mean is
//! added as an integer of [`FIXED`] steps, so that counters merge exactly whatever the threads.

use crate::stats::ArmStats;
use senet_engine::board::{Position, Side, BOARD_MASK, LAST_SQUARE};
use senet_engine::game::Observer;
use senet_engine::movegen::Move;
use senet_engine::strategy::Asked;

/// Games of an arm played again for the move metrics (Ludii's evaluations use 100 or so).
pub const MOVE_METRIC_GAMES: u64 = 2_000;

/// Steps of one per-game mean: 2^24 (a mean kept to 6e-8).
pub const FIXED: f64 = (1u64 << 24) as f64;

/// The move metrics' counters over some games: integers, summed by [`MoveCounters::combine`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveCounters {
    /// Games counted.
    pub games: u64,
    /// Σ of each game's share of moves with more than one choice, in [`FIXED`] steps.
    pub decision_share: u64,
    /// Σ of each game's count of squares that ever held a pawn.
    pub squares_covered: u64,
    /// Σ of each game's mean count of pawns on the board (over its states), in steps.
    pub pieces: u64,
    /// Σ of each game's mean count of choices a move, in steps.
    pub branching: u64,
    /// Σ of each game's mean distance of a move on the board, in steps.
    pub distance: u64,
}

impl MoveCounters {
    /// Adds `other`'s games.
    pub fn combine(&mut self, other: &MoveCounters) {
        self.games += other.games;
        self.decision_share += other.decision_share;
        self.squares_covered += other.squares_covered;
        self.pieces += other.pieces;
        self.branching += other.branching;
        self.distance += other.distance;
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
        self.decision_share += steps(game.decisions, game.moves);
        self.squares_covered += u64::from(game.covered.count_ones());
        self.pieces += steps(game.pieces, game.states);
        self.branching += steps(game.choices, game.moves);
        self.distance += steps(game.distance, game.steps);
    }

    fn mean(&self, steps: u64) -> Option<f64> {
        (self.games > 0).then(|| steps as f64 / FIXED / self.games as f64)
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

/// The twelve metrics of an arm, in Ludii's order (`Evaluation.java`), each `None` when it has
/// no game to read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Metrics {
    /// Mean turns of a finished game (`DurationTurns`).
    pub duration_turns: Option<f64>,
    /// Mean share of a game's moves with more than one choice (`DecisionMoves`).
    pub decision_moves: Option<f64>,
    /// Mean share of the 30 squares a game's pawns ever stood on (`BoardCoverageDefault`).
    pub board_coverage: Option<f64>,
    /// Share of games the first mover won (`AdvantageP1`: Ludii's player 1 moves first).
    pub advantage_p1: Option<f64>,
    /// 1 less the gap between the two players' win rates (`Balance`).
    pub balance: Option<f64>,
    /// Share of games with a winner (`Completion`).
    pub completion: Option<f64>,
    /// Share of games drawn by the rules, not stopped by the turn cap (`Drawishness`).
    pub drawishness: Option<f64>,
    /// 1 less the mean of the players' variances of utility, +1 a win, −1 a loss, 0 a draw or
    /// an unfinished game (`OutcomeUniformity`).
    pub outcome_uniformity: Option<f64>,
    /// Mean of each game's mean count of pawns on the board (`PieceNumber`, `Average`).
    pub piece_number: Option<f64>,
    /// The same as a share of the 30 squares (`BoardSitesOccupied`, `Average`).
    pub board_sites_occupied: Option<f64>,
    /// Mean of each game's mean count of choices a move (`BranchingFactor`, `Average`).
    pub branching_factor: Option<f64>,
    /// Mean of each game's mean distance of a move on the board (`MoveDistance`, `Average`).
    pub move_distance: Option<f64>,
}

/// Squares of the board, for the shares of it.
const SQUARES: f64 = LAST_SQUARE as f64;

impl Metrics {
    /// The metrics of an arm from its counters over every game and its move counters.
    pub fn new(stats: &ArmStats, moves: &MoveCounters) -> Metrics {
        let n = stats.games as f64;
        let share = |k: u64| (stats.games > 0).then(|| k as f64 / n);
        let first = stats.first_mover_wins;
        let second = stats.white_wins + stats.black_wins - first;
        let decided = stats.white_wins + stats.black_wins;
        let pieces = moves.mean(moves.pieces);
        Metrics {
            duration_turns: (stats.turns.total() > 0).then(|| stats.turns.mean()),
            decision_moves: moves.mean(moves.decision_share),
            board_coverage: (moves.games > 0)
                .then(|| moves.squares_covered as f64 / SQUARES / moves.games as f64),
            advantage_p1: share(first),
            balance: share(first.abs_diff(second)).map(|gap| 1.0 - gap),
            completion: share(decided),
            drawishness: share(stats.draws),
            // Each player's utility is +1, −1 or 0; its variance E[u²] − E[u]² is the same for
            // both players (the mean changes sign), so the mean of the two is one of them.
            outcome_uniformity: share(decided).map(|squares| {
                let mean = first.abs_diff(second) as f64 / n;
                1.0 - (squares - mean * mean)
            }),
            piece_number: pieces,
            board_sites_occupied: pieces.map(|p| p / SQUARES),
            branching_factor: moves.mean(moves.branching),
            move_distance: moves.mean(moves.distance),
        }
    }

    /// Ludii's names of the metrics, in [`Metrics::named`]'s order, with the Java file of
    /// `Evaluation/src/metrics/` that defines each.
    pub const NAMES: [(&'static str, &'static str); 12] = [
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
    ];

    /// Ludii's name of each metric (its `Metric` name without spaces) with its value, in
    /// Ludii's order.
    pub fn named(&self) -> [(&'static str, Option<f64>); 12] {
        let values = [
            self.duration_turns,
            self.decision_moves,
            self.board_coverage,
            self.advantage_p1,
            self.balance,
            self.completion,
            self.drawishness,
            self.outcome_uniformity,
            self.piece_number,
            self.board_sites_occupied,
            self.branching_factor,
            self.move_distance,
        ];
        std::array::from_fn(|k| (Metrics::NAMES[k].0, values[k]))
    }
}

#[cfg(test)]
mod tests;
