//! Each metric's definition checked on games made by hand.

use super::*;
use senet_engine::board::{bits_of, Position};
use senet_engine::movegen::{Kind, Move};
use senet_engine::strategy::Asked;

fn pos(white: &[u8], black: &[u8]) -> Position {
    Position::new(
        bits_of(white).unwrap(),
        bits_of(black).unwrap(),
        Side::White,
    )
}

fn step(from: u8, to: u8, after: Position) -> Move {
    Move::new(Kind::Step { from, to }, after)
}

fn close(a: Option<f64>, b: f64) {
    let a = a.expect("a value");
    assert!((a - b).abs() < 1e-6, "{a} against {b}");
}

#[test]
fn outcome_metrics_follow_ludiis_definitions() {
    // Ten games: the first mover won 5, the second 3, one draw, one stopped by the turn cap.
    let mut stats = ArmStats {
        games: 10,
        white_wins: 6,
        black_wins: 2,
        first_mover_wins: 5,
        draws: 1,
        unfinished: 1,
        ..ArmStats::default()
    };
    for turns in [40, 50, 60, 70, 80, 90, 100, 110, 120] {
        stats.turns.add(turns);
    }
    let m = Metrics::new(&stats, &MoveCounters::default());
    close(m.advantage_p1, 0.5);
    // Balance.java: 1 − |rate(P1) − rate(P2)| = 1 − |0.5 − 0.3|.
    close(m.balance, 0.8);
    // Completion.java: a winner (not a draw, not a timeout).
    close(m.completion, 0.8);
    // Drawishness.java: draws within the limits only.
    close(m.drawishness, 0.1);
    // OutcomeUniformity.java: P1's utilities +1 ×5, −1 ×3, 0 ×2: E[u²] = 0.8, E[u] = 0.2,
    // variance 0.8 − 0.04 = 0.76 (P2's the same); 1 − 0.76.
    close(m.outcome_uniformity, 0.24);
    // DurationTurns: the finished games' mean.
    close(m.duration_turns, 80.0);
    assert_eq!(m.decision_moves, None, "no game played again");
}

#[test]
fn move_metrics_follow_ludiis_definitions() {
    // White on 1 and 9, black on 2: three moves.
    let start = pos(&[1, 9], &[2]);
    let mut game = GameMoves::new(&start);
    // 1. A choice of two: 1 -> 4 (3 cells along the first row).
    let a = pos(&[4, 9], &[2]);
    let mv = step(1, 4, a);
    game.on_decision(Side::White, &Asked::Throw(3), &start, &[mv, mv], 0);
    game.on_throw(Side::White, 3, Some(&mv), &a);
    // 2. No legal move: a pass, one choice, no distance.
    game.on_throw(Side::Black, 4, None, &a);
    // 3. One move, 9 -> 12 across the turn of the track: one cell down.
    let b = pos(&[4, 12], &[2]);
    let mv = step(9, 12, b);
    game.on_decision(Side::White, &Asked::Throw(3), &a, &[mv], 0);
    game.on_throw(Side::White, 3, Some(&mv), &b);
    assert_eq!((game.moves, game.decisions, game.choices), (3, 1, 4));
    assert_eq!((game.states, game.pieces), (4, 12));
    assert_eq!((game.steps, game.distance), (2, 4));
    assert_eq!(game.covered, bits_of(&[1, 2, 4, 9, 12]).unwrap());
    // A second game: nothing moves but one pass (a pawn each on 1 and 2).
    let still = pos(&[1], &[2]);
    let mut idle = GameMoves::new(&still);
    idle.on_throw(Side::White, 2, None, &still);
    let mut counters = MoveCounters::default();
    counters.add(&game);
    let mut other = MoveCounters::default();
    other.add(&idle);
    counters.combine(&other);
    let m = Metrics::new(&ArmStats::default(), &counters);
    // DecisionMoves.java: mean of (decision moves / moves) = (1/3 + 0) / 2.
    close(m.decision_moves, 1.0 / 6.0);
    // BoardCoverageDefault.java: mean share of squares ever occupied = (5/30 + 2/30) / 2.
    close(m.board_coverage, 7.0 / 60.0);
    // PieceNumber, Average: mean of each game's mean = (12/4 + 4/2) / 2.
    close(m.piece_number, 2.5);
    close(m.board_sites_occupied, 2.5 / 30.0);
    // BranchingFactor, Average: (4/3 + 1) / 2.
    close(m.branching_factor, 7.0 / 6.0);
    // MoveDistance, Average: (4/2 + 0, a game without a step counting 0) / 2.
    close(m.move_distance, 1.0);
    assert_eq!(m.advantage_p1, None, "no game counted");
}

#[test]
fn distances_on_the_board_count_cells_diagonals_included() {
    assert_eq!(distance(1, 10), 9);
    // 10 and 11 face each other across the turn of the track.
    assert_eq!(distance(10, 11), 1);
    assert_eq!(distance(9, 12), 1);
    assert_eq!(distance(1, 20), 1);
    assert_eq!(distance(1, 30), 9);
    assert_eq!(distance(26, 30), 4);
    // The House of Rebirth and the water are diagonal neighbours.
    assert_eq!(distance(15, 27), 1);
}
