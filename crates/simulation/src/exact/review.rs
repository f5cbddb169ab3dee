//! A game reviewed with a solved table: after every throw, the exact chance that white wins,
//! and each decision graded against the best move (how much winning chance it gave away).
//!
//! Each throw's change of chance is split in two, as Heled splits the Royal Game of Ur's: the
//! *luck* of the throw is the thrower's chance once the throw is known, best move assumed, less
//! its chance before the throw; the *error* is that best chance less the chance of the move
//! played. Summed over a game from one side's view (the other side's luck and errors counting
//! against it), luck less errors is the side's result less its chance at the start (who starts
//! known).
//!
//! Each throw is graded against the decision the game reports for it
//! ([`Observer::on_decision`]: the position, the moves listed, the one chosen): a move of the
//! rules that no one chose (the opening step) is shown but not graded, and the chance after a
//! throw is that of the position the throw reached, points left over included.

use crate::exact::values::side_start_value;
use senet_engine::board::{Position, Side};
use senet_engine::game::{play_game, GameSummary, Observer};
use senet_engine::movegen::Move;
use senet_engine::solve::backup::{outcome, Pick};
use senet_engine::solve::Solution;
use senet_engine::strategy::{Asked, Strategy};
use senet_engine::throws::{stream, Device, SeededThrower};

/// A decision that gives away more than this chance of winning is a mistake (marked `!` and on
/// the chart).
pub(crate) const MISTAKE: f64 = 0.01;

/// A decision's grade by the chance of winning it gave away, in chess.com's bands of expected
/// points lost (0.02, 0.05, 0.10, 0.20), with gnubg's marks for the worst three.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// A best move (nothing given away, within the table's `f32` rounding, 1e-6).
    Best,
    /// At most 2 points of chance given away.
    Excellent,
    /// At most 5 points.
    Good,
    /// At most 10 points: `?!`.
    Inaccuracy,
    /// At most 20 points: `?`.
    Mistake,
    /// More than 20 points: `??`.
    Blunder,
}

impl Grade {
    /// Every grade, best first.
    pub const ALL: [Grade; 6] = [
        Grade::Best,
        Grade::Excellent,
        Grade::Good,
        Grade::Inaccuracy,
        Grade::Mistake,
        Grade::Blunder,
    ];

    /// The grade of a decision that gave away `loss` (a chance, 0 to 1).
    pub fn of(loss: f64) -> Grade {
        match loss {
            l if l <= 1e-6 => Grade::Best,
            l if l <= 0.02 => Grade::Excellent,
            l if l <= 0.05 => Grade::Good,
            l if l <= 0.10 => Grade::Inaccuracy,
            l if l <= 0.20 => Grade::Mistake,
            _ => Grade::Blunder,
        }
    }

    /// Its name: `best`, `excellent`, `good`, `inaccuracy`, `mistake`, `blunder`.
    pub fn name(self) -> &'static str {
        [
            "best",
            "excellent",
            "good",
            "inaccuracy",
            "mistake",
            "blunder",
        ][self as usize]
    }

    /// Its name in French: `meilleur`, `excellent`, `bon`, `imprécision`, `erreur`, `gaffe`.
    pub fn name_fr(self) -> &'static str {
        [
            "meilleur",
            "excellent",
            "bon",
            "imprécision",
            "erreur",
            "gaffe",
        ][self as usize]
    }

    /// gnubg's mark: `?!`, `?`, `??` for the worst three, nothing for the others.
    pub fn mark(self) -> &'static str {
        ["", "", "", "?!", "?", "??"][self as usize]
    }
}

/// A rating per unit of chance given away: eXtreme Gammon's PR is 500 × the mean equity lost a
/// decision, and the equity (2p − 1) loses twice the chance.
pub const RATING: f64 = 1000.0;

/// One throw of the game, reviewed.
#[derive(Clone, Debug)]
pub struct Step {
    /// The side that threw.
    pub side: Side,
    /// The value thrown.
    pub throw: u8,
    /// The move played (`None`: no legal move, the throw passed).
    pub played: Option<Move>,
    /// The position after the move, points left over played (before the next side is decided).
    pub after: Position,
    /// White's exact chance of winning before this throw (both sides playing their best).
    pub white_before: f64,
    /// White's exact chance of winning after this throw (both sides playing their best from
    /// there on).
    pub white_chance: f64,
    /// The luck of the throw, from the thrower's view: its chance with the throw known and the
    /// best move assumed, less its chance before the throw (positive: a good throw).
    pub luck: f64,
    /// With a choice of at least two moves: the best move, and the chance the move played gave
    /// away (0 for the best).
    pub graded: Option<(Move, f64)>,
}

impl Step {
    /// Whether the move played gave away more than `MISTAKE`.
    pub fn mistake(&self) -> bool {
        self.graded.is_some_and(|(_, loss)| loss > MISTAKE)
    }

    /// The chance the move played gave away (0 without a choice).
    pub fn error(&self) -> f64 {
        self.graded.map_or(0.0, |(_, loss)| loss)
    }

    /// The decision's grade (`None` without a choice of two moves or more).
    pub fn grade(&self) -> Option<Grade> {
        self.graded.map(|(_, loss)| Grade::of(loss))
    }

    /// A chance of the thrower as white's (`x` for white, `-x` for black): luck and errors seen
    /// from white's side.
    pub fn for_white(&self, x: f64) -> f64 {
        match self.side {
            Side::White => x,
            Side::Black => -x,
        }
    }
}

/// One side's throws over a game: its luck, its errors, and how often it chose the best move.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideTotals {
    /// The luck of its throws, summed (its own view).
    pub luck: f64,
    /// The chance its moves gave away, summed.
    pub error: f64,
    /// Its decisions between at least two moves.
    pub decisions: u32,
    /// Of those, the ones where it played a best move (within 1e-9).
    pub best: u32,
    /// The squares of the chances its moves gave away, summed (the rating's interval).
    pub error_squares: f64,
    /// Its decisions by grade, best first ([`Grade::ALL`]).
    pub grades: [u32; 6],
}

impl SideTotals {
    /// The share of its decisions played at the best move (`None` without a decision).
    pub fn accuracy(&self) -> Option<f64> {
        (self.decisions > 0).then(|| f64::from(self.best) / f64::from(self.decisions))
    }

    /// Its rating as eXtreme Gammon's PR: 500 × the mean equity given away a decision (between
    /// two moves or more; equity 2p − 1, from −1 to 1), so 1,000 × the mean chance given away,
    /// with its 95% interval (the decisions as the sample: mean ± 1.96
    /// s / √n); 0 is perfect play. `None` without a decision.
    pub fn rating(&self) -> Option<(f64, (f64, f64))> {
        (self.decisions > 0).then(|| {
            let (mean, se) = crate::play::stats::mean_se(
                u64::from(self.decisions),
                self.error,
                self.error_squares,
            );
            let z = crate::play::stats::Z95;
            (
                RATING * mean,
                (RATING * (mean - z * se).max(0.0), RATING * (mean + z * se)),
            )
        })
    }
}

/// Each side's totals (white, black) over the steps of a game.
pub fn totals(steps: &[Step]) -> [SideTotals; 2] {
    let mut t = [SideTotals::default(); 2];
    for s in steps {
        let side = &mut t[s.side as usize];
        side.luck += s.luck;
        if let Some((_, loss)) = s.graded {
            side.error += loss;
            side.error_squares += loss * loss;
            side.decisions += 1;
            side.best += u32::from(loss <= 1e-9);
            side.grades[Grade::of(loss) as usize] += 1;
        }
    }
    t
}

/// A decision as the game reports it: the position, the moves listed, the one chosen.
type Chosen = (Position, Vec<Move>, usize);

/// One throw as the game reports it.
struct Played {
    /// The side's decision (`None`: no choice asked, such as the opening step or no legal move).
    decision: Option<Chosen>,
    side: Side,
    throw: u8,
    played: Option<Move>,
    /// The position once the whole throw is played (points left over included).
    after: Position,
}

/// The throws of a game, each with the decision it was played by.
#[derive(Default)]
struct Throws {
    pending: Option<Chosen>,
    played: Vec<Played>,
}

impl Observer for Throws {
    const DECISIONS: bool = true;

    fn on_decision(
        &mut self,
        _side: Side,
        asked: &Asked,
        pos: &Position,
        moves: &[Move],
        chosen: usize,
    ) {
        // The throw's own move; the use of points left over is not graded.
        if let Asked::Throw(_) = asked {
            self.pending = Some((*pos, moves.to_vec(), chosen));
        }
    }

    fn on_throw(&mut self, side: Side, value: u8, chosen: Option<&Move>, after: &Position) {
        self.played.push(Played {
            decision: self.pending.take(),
            side,
            throw: value,
            played: chosen.copied(),
            after: *after,
        });
    }

    fn on_residual(&mut self, _side: Side, _points: u8, _chosen: Option<&Move>, after: &Position) {
        if let Some(last) = self.played.last_mut() {
            last.after = *after;
        }
    }
}

/// Plays the game of `seed` between `players` (white, black) and reviews every throw with
/// `solution` (which must solve `solution.rules`; the game is played with those rules).
pub fn review(
    solution: &Solution,
    device: &Device,
    mut players: [Box<dyn Strategy>; 2],
    seed: u64,
) -> (Vec<Step>, GameSummary) {
    let rules = &solution.rules;
    let mut throws = Throws::default();
    let mut thrower = SeededThrower::new(device, seed);
    let summary = play_game(
        rules,
        &mut players,
        &mut thrower,
        &mut stream(seed, 2),
        &mut throws,
    );
    (steps(solution, &throws.played), summary)
}

/// The throws reviewed in order, each starting from the chance the one before left.
fn steps(solution: &Solution, played: &[Played]) -> Vec<Step> {
    let lookup = |pos: &Position| solution.covered(pos);
    // The first mover's chance at the start, the first mover known (a random starter drawn),
    // as white's.
    let first = played.first().map_or(Side::White, |p| p.side);
    let start = side_start_value(
        &solution.rules,
        &solution.throws,
        Pick::Best,
        &lookup,
        first,
    );
    let mut white_before = match first {
        Side::White => start,
        Side::Black => 1.0 - start,
    };
    let mut steps = Vec::with_capacity(played.len());
    for p in played {
        let s = step(solution, p, white_before);
        white_before = s.white_chance;
        steps.push(s);
    }
    steps
}

/// One throw reviewed: white's chance in the position it reached, the choice graded against
/// the other moves of the position it was played from, and the throw's luck.
fn step(solution: &Solution, p: &Played, white_before: f64) -> Step {
    let rules = &solution.rules;
    let lookup = |pos: &Position| solution.covered(pos);
    let chance = outcome(rules, p.after, p.side, p.throw, p.played.as_ref()).value(p.side, &lookup);
    let white_chance = match p.side {
        Side::White => chance,
        Side::Black => 1.0 - chance,
    };
    let graded = p.decision.as_ref().and_then(|(before, moves, chosen)| {
        (moves.len() > 1).then(|| {
            let values = solution.move_values(before, Asked::Throw(p.throw), moves);
            let best = senet_engine::strategy::first_best(values.iter().copied());
            (moves[best], values[best] - values[*chosen])
        })
    });
    let loss = graded.map_or(0.0, |(_, loss)| loss);
    let before = match p.side {
        Side::White => white_before,
        Side::Black => 1.0 - white_before,
    };
    Step {
        side: p.side,
        throw: p.throw,
        played: p.played,
        after: p.after,
        white_before,
        white_chance,
        luck: chance + loss - before,
        graded,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grades_are_the_bands_of_the_chance_given_away() {
        let cases = [
            (0.0, Grade::Best),
            (1e-7, Grade::Best),
            (0.004, Grade::Excellent),
            (0.02, Grade::Excellent),
            (0.03, Grade::Good),
            (0.07, Grade::Inaccuracy),
            (0.15, Grade::Mistake),
            (0.2, Grade::Mistake),
            (0.35, Grade::Blunder),
        ];
        for (loss, grade) in cases {
            assert_eq!(Grade::of(loss), grade, "{loss}");
        }
        let marks: Vec<&str> = Grade::ALL.iter().map(|g| g.mark()).collect();
        assert_eq!(marks, ["", "", "", "?!", "?", "??"]);
        assert_eq!(Grade::Blunder.name_fr(), "gaffe");
    }

    #[test]
    fn the_rating_is_the_mean_loss_times_1000_with_its_interval() {
        // Losses 0, 0.01, 0.02, 0.03: mean 0.015 (a PR of 15), s = 0.01291, se = 0.006455.
        let mut t = SideTotals::default();
        for loss in [0.0, 0.01, 0.02, 0.03] {
            t.error += loss;
            t.error_squares += loss * loss;
            t.decisions += 1;
        }
        let (rating, (lo, hi)) = t.rating().unwrap();
        assert!((rating - 15.0).abs() < 1e-9, "{rating}");
        let half = 1000.0 * crate::play::stats::Z95 * (0.0005f64 / 3.0).sqrt() / 2.0;
        assert!(
            (hi - 15.0 - half).abs() < 1e-5 && (15.0 - lo - half).abs() < 1e-5,
            "{lo} {hi}"
        );
        assert_eq!(SideTotals::default().rating(), None);
    }
}
