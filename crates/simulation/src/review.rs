//! A game reviewed with a solved table: after every throw, the exact chance that white wins,
//! and each decision graded against the best move (how much winning chance it gave away).

use crate::judge::Recorder;
use senet_engine::board::{Position, Side};
use senet_engine::game::{play_game, GameSummary, Observer};
use senet_engine::movegen::Move;
use senet_engine::solve::backup::outcome;
use senet_engine::solve::Solution;
use senet_engine::strategy::Strategy;
use senet_engine::throws::{stream, Device, SeededThrower};
use std::sync::{Arc, Mutex};

/// A decision that gives away more than this chance of winning is a mistake (marked `!` and on
/// the chart).
pub const MISTAKE: f64 = 0.01;

/// One throw of the game, reviewed.
#[derive(Clone, Debug)]
pub struct Step {
    /// The side that threw.
    pub side: Side,
    /// The value thrown.
    pub throw: u8,
    /// The move played (`None`: no legal move, the throw passed).
    pub played: Option<Move>,
    /// The position after the move (before the next side is decided).
    pub after: Position,
    /// White's exact chance of winning after this throw (both sides playing their best from
    /// there on).
    pub white_chance: f64,
    /// With a choice of at least two moves: the best move, and the chance the move played gave
    /// away (0 for the best).
    pub graded: Option<(Move, f64)>,
}

impl Step {
    /// Whether the move played gave away more than [`MISTAKE`].
    pub fn mistake(&self) -> bool {
        self.graded.is_some_and(|(_, loss)| loss > MISTAKE)
    }
}

/// The throws as the game reports them: (side, value, move, position after).
#[derive(Default)]
struct Throws(Vec<(Side, u8, Option<Move>, Position)>);

impl Observer for Throws {
    fn on_throw(&mut self, side: Side, value: u8, chosen: Option<&Move>, after: &Position) {
        self.0.push((side, value, chosen.copied(), *after));
    }
}

/// Plays the game of `seed` between `players` (white, black) and reviews every throw with
/// `solution` (which must solve `solution.rules`; the game is played with those rules).
pub fn review(
    solution: &Arc<Solution>,
    device: &Device,
    players: [Box<dyn Strategy>; 2],
    seed: u64,
) -> (Vec<Step>, GameSummary) {
    let rules = &solution.rules;
    let log = Arc::new(Mutex::new(Vec::new()));
    let [white, black] = players;
    let wrap = |inner| -> Box<dyn Strategy> {
        Box::new(Recorder {
            inner,
            solution: solution.clone(),
            decisions: log.clone(),
            every: true,
        })
    };
    let mut players = [wrap(white), wrap(black)];
    let mut throws = Throws::default();
    let mut thrower = SeededThrower::new(device, seed);
    let summary = play_game(
        rules,
        &mut players,
        &mut thrower,
        &mut stream(seed, 2),
        &mut throws,
    );
    drop(players);
    let decisions = std::mem::take(&mut *log.lock().unwrap_or_else(|e| e.into_inner()));
    let lookup = |p: &Position| solution.covered(p);
    let mut asked = decisions.into_iter();
    let steps = throws
        .0
        .into_iter()
        .map(|(side, throw, played, after)| {
            let (chance, graded) = match played.and_then(|_| asked.next()) {
                Some(d) => {
                    let graded = (d.moves.len() > 1).then(|| (d.moves[d.best_move()], d.loss()));
                    (d.values[d.chosen], graded)
                }
                None => {
                    let o = outcome(rules, after, side, throw, None);
                    (o.value(side, &lookup), None)
                }
            };
            let white_chance = if side == Side::White {
                chance
            } else {
                1.0 - chance
            };
            Step {
                side,
                throw,
                played,
                after,
                white_chance,
                graded,
            }
        })
        .collect();
    (steps, summary)
}
