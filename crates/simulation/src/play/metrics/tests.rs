//! Each metric's definition checked on games made by hand.

use super::*;
use crate::play::stats::{wilson95, Z95};
use senet_engine::board::{bits_of, Position};
use senet_engine::movegen::{Kind, Move};
use senet_engine::strategy::Asked;

fn pos(white: &[u8], black: &[u8]) -> Position {
    senet_engine::setup::Setup::of(white, black, Side::White)
        .board()
        .unwrap()
}

fn step(from: u8, to: u8, after: Position) -> Move {
    Move::new(Kind::Step { from, to }, after)
}

fn close(a: Option<f64>, b: f64) {
    let a = a.expect("a value");
    assert!((a - b).abs() < 1e-6, "{a} against {b}");
}

fn variant(id: &str) -> Rules {
    let v = senet_engine::variants::Variant::all()
        .find(|v| v.id() == id)
        .expect("a variant");
    v.rules()
}

/// Ten games: the first mover won 5, the second 3, one draw, one stopped by the turn cap;
/// white won 6, black 2; the first thrower of a throw-off 4.
fn ten_games() -> ArmStats {
    let mut stats = ArmStats {
        games: 10,
        white_wins: 6,
        black_wins: 2,
        first_mover_wins: 5,
        first_thrower_wins: 4,
        draws: 1,
        unfinished: 1,
        ..ArmStats::default()
    };
    for turns in [40, 50, 60, 70, 80, 90, 100, 110, 120] {
        stats.turns.add(turns);
    }
    stats
}

fn value(m: &Metrics, name: &str) -> Option<f64> {
    m.named().iter().find(|(n, _)| *n == name).expect(name).1
}

fn interval(m: &Metrics, name: &str) -> (f64, f64) {
    let i = m
        .intervals()
        .iter()
        .find(|(n, _)| *n == name)
        .expect(name)
        .1;
    i.expect("an interval")
}

#[test]
fn outcome_metrics_follow_ludiis_code() {
    let mut set = variant("game-box").into_set();
    set.max_turns = 200;
    let rules = set.check().expect("a rule set");
    let m = Metrics::new(&ten_games(), &MoveCounters::default(), &rules);
    assert_eq!(m.player_1, PlayerOne::FirstMover);
    // AdvantageP1.java: p1Wins += (agentUtilities[1] + 1) / 2: 5 wins, a draw and a timeout
    // at ½ each: 6 / 10 (not 0.5: a draw is not a loss).
    close(value(&m, "AdvantageP1"), 0.6);
    // Balance.java: 1 − |rate(P1) − rate(P2)| = 1 − |0.5 − 0.3|.
    close(value(&m, "Balance"), 0.8);
    // Completion.java: status().winner() != 0.
    close(value(&m, "Completion"), 0.8);
    // Drawishness.java: every agentUtility 0, the timeout with the draw (its docstring says
    // "not including timeouts": DrawishnessNoTimeouts).
    close(value(&m, "Drawishness"), 0.2);
    close(value(&m, "DrawishnessNoTimeouts"), 0.1);
    // OutcomeUniformity.java: P1's utilities +1 ×5, −1 ×3, 0 ×2, mean 0.2; Stats.varn()
    // divides by n − 1: (5·0.8² + 3·1.2² + 2·0.2²) / 9 = 7.6 / 9; 1 − that.
    close(value(&m, "OutcomeUniformity"), 1.0 - 7.6 / 9.0);
    // DurationTurns.java: every trial's numTurns(), the timeout at the cap: (720 + 200) / 10.
    close(value(&m, "DurationTurns"), 92.0);
    assert_eq!(value(&m, "DecisionMoves"), None, "no game played again");
    // The interval of AdvantageP1: games worth 1 ×5, ½ ×2, 0 ×3: s² = (5.5 − 10·0.36) / 9.
    let half = Z95 * (1.9f64 / 9.0 / 10.0).sqrt();
    let (lo, hi) = interval(&m, "AdvantageP1");
    assert!((lo - (0.6 - half)).abs() < 1e-9 && (hi - (0.6 + half)).abs() < 1e-9);
    // Completion's is Wilson's.
    assert_eq!(interval(&m, "Completion"), wilson95(8, 10));
}

#[test]
fn player_one_is_who_throws_first() {
    // Ludii's Bell: white throws first; black starts only with a higher throw.
    let bell = variant("ludii-bell");
    let m = Metrics::new(&ten_games(), &MoveCounters::default(), &bell);
    assert_eq!(m.player_1, PlayerOne::White);
    // White won 6, black 2: (6 + ½ + ½) / 10; Balance 1 − |0.6 − 0.2|.
    close(value(&m, "AdvantageP1"), 0.7);
    close(value(&m, "Balance"), 0.6);
    // Utilities +1 ×6, −1 ×2, 0 ×2, mean 0.4: (6·0.36 + 2·1.96 + 2·0.16) / 9 = 6.4 / 9.
    close(value(&m, "OutcomeUniformity"), 1.0 - 6.4 / 9.0);
    // Ludii's Kendall: the throw-off's first thrower is agent 1 (a swap gives it P1's role
    // only when it throws the 1): 4 wins, 4 losses.
    let kendall = variant("ludii-kendall");
    let m = Metrics::new(&ten_games(), &MoveCounters::default(), &kendall);
    assert_eq!(m.player_1, PlayerOne::FirstThrower);
    close(value(&m, "AdvantageP1"), 0.5);
    close(value(&m, "Balance"), 1.0);
    close(value(&m, "OutcomeUniformity"), 1.0 - 8.0 / 9.0);
    assert_eq!(
        PlayerOne::of(&variant("ludii-jequier")),
        PlayerOne::FirstThrower
    );
    assert_eq!(
        PlayerOne::of(&variant("ludii-piccione")),
        PlayerOne::FirstMover
    );
}

#[test]
fn a_single_game_has_no_variance() {
    // Stats.measure(): "We require sample size of at least 2 for sample variance": varn 0.
    let stats = ArmStats {
        games: 1,
        white_wins: 1,
        first_mover_wins: 1,
        ..ArmStats::default()
    };
    let m = Metrics::new(&stats, &MoveCounters::default(), &variant("game-box"));
    close(value(&m, "OutcomeUniformity"), 1.0);
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
    let m = Metrics::new(&ArmStats::default(), &counters, &variant("game-box"));
    // DecisionMoves.java: mean of (decision moves / moves) = (1/3 + 0) / 2.
    close(value(&m, "DecisionMoves"), 1.0 / 6.0);
    // BoardCoverageDefault.java: mean share of squares ever occupied = (5/30 + 2/30) / 2.
    close(value(&m, "BoardCoverageDefault"), 7.0 / 60.0);
    // PieceNumber, Average: mean of each game's mean = (12/4 + 4/2) / 2.
    close(value(&m, "PieceNumberAverage"), 2.5);
    close(value(&m, "BoardSitesOccupiedAverage"), 2.5 / 30.0);
    // BranchingFactor, Average: (4/3 + 1) / 2.
    close(value(&m, "BranchingFactorAverage"), 7.0 / 6.0);
    // MoveDistance, Average: (4/2 + 0, a game without a step counting 0) / 2.
    close(value(&m, "MoveDistanceAverage"), 1.0);
    assert_eq!(value(&m, "AdvantageP1"), None, "no game counted");
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

#[test]
fn outcome_uniformitys_interval_is_a_seeded_bootstrap() {
    // 1,000 decided games split evenly: varn = 1000 / 999, the value 1 − 1000/999. The gap
    // between the players can only grow in a resample, so the value is the interval's floor,
    // and the interval is not a point (a first-order delta method would give one).
    let stats = ArmStats {
        games: 1000,
        white_wins: 500,
        black_wins: 500,
        first_mover_wins: 500,
        ..ArmStats::default()
    };
    let m = Metrics::new(&stats, &MoveCounters::default(), &variant("game-box"));
    let v = value(&m, "OutcomeUniformity").unwrap();
    close(Some(v), 1.0 - 1000.0 / 999.0);
    let (lo, hi) = interval(&m, "OutcomeUniformity");
    assert!(lo >= v - 1e-12 && hi > v + 1e-3, "{lo} {v} {hi}");
    // With a third of the games drawn the interval is about ± 1.96 · √(Var(s²)).
    let drawn = ArmStats {
        games: 3000,
        white_wins: 1000,
        black_wins: 1000,
        first_mover_wins: 1000,
        draws: 1000,
        ..ArmStats::default()
    };
    let m = Metrics::new(&drawn, &MoveCounters::default(), &variant("game-box"));
    let v = value(&m, "OutcomeUniformity").unwrap();
    let (lo, hi) = interval(&m, "OutcomeUniformity");
    // u² is Bernoulli(2/3): s² ≈ 2/3 with a standard error √(2/9 / 3000) = 0.0086.
    assert!((v - (1.0 - 2000.0 / 2999.0)).abs() < 1e-12);
    assert!((hi - lo - 2.0 * 1.96 * 0.0086).abs() < 0.004, "{lo} {hi}");
    assert_eq!(
        Metrics::new(&drawn, &MoveCounters::default(), &variant("game-box")),
        m,
        "the same interval on every run"
    );
}
