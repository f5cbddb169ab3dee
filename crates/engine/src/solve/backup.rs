//! One step of the game for the solver: the value of a throw's choices, of a throw, and of a
//! position, given the values of the positions that follow. The turn is the game's own:
//! [`crate::turn`]'s step ([`Asked::after`], [`settle`]) decides what a choice leads to.

use crate::board::{Position, Side};
use crate::end::Ending;
use crate::movegen::{Move, MoveList};
use crate::rules::Rules;
use crate::turn::{settle, Asked, Settled, Step};

/// How the side to move picks among its choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The choice of highest value: optimal play.
    Best,
    /// Each listed choice with the same probability: the `random` strategy.
    Uniform,
}

/// Where a choice leads: the end of the game, or the next position to throw from. With draws,
/// values are expected scores (a win 1, a draw 1/2), which is the chance of winning when the
/// game cannot be drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player who chose has won.
    Won,
    /// The other side has won (a pawn freed from 30 at the start of its turn).
    Lost,
    /// The game is drawn (`end = "first-out-draw-on-extra"`): worth 1/2 to each side.
    Drawn,
    /// The game goes on from this position (its side to move may be the player who chose).
    Next(Position),
}

impl Outcome {
    /// Its value for `mover`, from `lookup`'s probability that the side to move wins.
    #[inline]
    pub fn value(&self, mover: Side, lookup: &impl Fn(&Position) -> f64) -> f64 {
        match self {
            Outcome::Won => 1.0,
            Outcome::Lost => 0.0,
            Outcome::Drawn => 0.5,
            Outcome::Next(next) if next.to_move == mover => lookup(next),
            Outcome::Next(next) => 1.0 - lookup(next),
        }
    }
}

/// Where `mover` stands once it has played `played` (`None`: the throw of `value` could not be
/// played) and stands in `after`: the turn's [`settle`] (the end, who throws next, the next
/// turn's free exit).
#[inline]
pub fn outcome(
    rules: &Rules,
    after: Position,
    mover: Side,
    value: u8,
    played: Option<&Move>,
) -> Outcome {
    // The solver refuses `all-out` (the score is not in a position), so no pawn lost to a
    // capture counts in an ending.
    match settle(rules, after, mover, value, played, [0, 0]) {
        Settled::Over(Ending::Won(winner)) if winner == mover => Outcome::Won,
        Settled::Over(Ending::Won(_)) => Outcome::Lost,
        Settled::Over(Ending::Drawn) => Outcome::Drawn,
        Settled::Next(next, _) => Outcome::Next(next),
    }
}

/// Every outcome of a throw of `value` in `pos`, in the order of the moves: `f(first, outcome)`
/// with `first` true for the first outcome of each move (a move that leaves points has one
/// outcome per use of the points). A throw that cannot be played has one outcome, the pass.
/// `moves` is scratch space.
#[inline(always)]
pub fn throw_outcomes(
    rules: &Rules,
    pos: &Position,
    value: u8,
    moves: &mut MoveList,
    f: &mut impl FnMut(bool, Outcome),
) {
    let asked = Asked::Throw(value);
    asked.choices_into(rules, pos, moves);
    if moves.is_empty() {
        f(true, outcome(rules, *pos, pos.to_move, value, None));
        return;
    }
    let mut follow = MoveList::new();
    for mv in moves.iter() {
        move_outcomes(rules, pos.to_move, asked, mv, &mut follow, f);
    }
}

/// The outcomes of one choice `mv` of `mover` for the decision `asked`, as the turn's step
/// leads ([`Asked::after`]): one, or one per way of playing the points it leaves over;
/// `f(first, outcome)` as in [`throw_outcomes`] (`first` for the first outcome of `mv`).
#[inline(always)]
pub(crate) fn move_outcomes(
    rules: &Rules,
    mover: Side,
    asked: Asked,
    mv: &Move,
    follow: &mut MoveList,
    f: &mut impl FnMut(bool, Outcome),
) {
    match asked.follow(rules, mover, mv, follow) {
        Step::Decide(next) => rest_outcomes(rules, mover, next, follow, f),
        Step::Played(played) => f(
            true,
            outcome(rules, mv.after, mover, asked.throw(), played.as_ref()),
        ),
    }
}

/// The outcomes of each of `follow`, the choices of the points left over `next`: the first
/// one's first flagged (a split throw's further parts are not grouped again: the solver,
/// which folds by these flags, refuses split throws).
#[cold]
fn rest_outcomes(
    rules: &Rules,
    mover: Side,
    next: Asked,
    follow: &MoveList,
    f: &mut dyn FnMut(bool, Outcome),
) {
    let mut deeper = MoveList::new();
    for (i, r) in follow.iter().enumerate() {
        match next.follow(rules, mover, r, &mut deeper) {
            Step::Decide(more) => {
                let mut first = i == 0;
                rest_outcomes(rules, mover, more, &deeper, &mut |head, o| {
                    f(first && head, o);
                    first = false;
                });
            }
            Step::Played(played) => f(
                i == 0,
                outcome(rules, r.after, mover, next.throw(), played.as_ref()),
            ),
        }
    }
}

/// The value for `mover`, the side to choose in the decision `asked`, of its choice `mv`:
/// the points it leaves over played by `pick` (the best, or each with the same probability),
/// part after part for a split throw.
#[inline]
pub fn move_value(
    rules: &Rules,
    mover: Side,
    asked: Asked,
    mv: &Move,
    pick: Pick,
    lookup: &impl Fn(&Position) -> f64,
) -> f64 {
    let mut follow = MoveList::new();
    match asked.follow(rules, mover, mv, &mut follow) {
        Step::Decide(next) => {
            let values = follow
                .iter()
                .map(|r| move_value(rules, mover, next, r, pick, lookup));
            match pick {
                Pick::Best => values.fold(f64::NEG_INFINITY, f64::max),
                Pick::Uniform => values.sum::<f64>() / follow.len() as f64,
            }
        }
        Step::Played(played) => {
            outcome(rules, mv.after, mover, asked.throw(), played.as_ref()).value(mover, lookup)
        }
    }
}

/// Folds the outcomes of one throw, as [`throw_outcomes`] gives them, into its value for the
/// side to move: the best outcome, or the mean over the moves of each move's mean outcome.
#[derive(Clone, Copy, Debug)]
pub struct Fold {
    pick: Pick,
    best: f64,
    sum: f64,
    moves: u32,
    group_sum: f64,
    group_n: u32,
}

impl Fold {
    /// An empty fold.
    #[inline]
    pub fn new(pick: Pick) -> Fold {
        Fold {
            pick,
            best: f64::NEG_INFINITY,
            sum: 0.0,
            moves: 0,
            group_sum: 0.0,
            group_n: 0,
        }
    }

    /// Adds one outcome's value; `first` starts a new move.
    #[inline]
    pub fn add(&mut self, first: bool, v: f64) {
        self.best = self.best.max(v);
        if first && self.group_n > 0 {
            self.sum += self.group_sum / f64::from(self.group_n);
            self.group_sum = 0.0;
            self.group_n = 0;
        }
        self.moves += u32::from(first);
        self.group_sum += v;
        self.group_n += 1;
    }

    /// The throw's value.
    #[inline]
    pub fn value(&self) -> f64 {
        match self.pick {
            Pick::Best => self.best,
            Pick::Uniform => {
                (self.sum + self.group_sum / f64::from(self.group_n)) / f64::from(self.moves)
            }
        }
    }
}

/// The value for the side to move of a throw of `value` in `pos`: its moves picked by `pick`,
/// or the pass when there is none. `moves` is scratch space.
#[inline]
pub fn throw_value(
    rules: &Rules,
    pos: &Position,
    value: u8,
    pick: Pick,
    lookup: &impl Fn(&Position) -> f64,
    moves: &mut MoveList,
) -> f64 {
    let mover = pos.to_move;
    let mut fold = Fold::new(pick);
    throw_outcomes(rules, pos, value, moves, &mut |first, o| {
        fold.add(first, o.value(mover, lookup))
    });
    fold.value()
}

/// The probability that the side to move of `pos` wins, over the throw distribution `throws`
/// (`(value, probability)` pairs), each throw's choices picked by `pick`.
#[inline]
pub fn position_value(
    rules: &Rules,
    throws: &[(u8, f64)],
    pos: &Position,
    pick: Pick,
    lookup: &impl Fn(&Position) -> f64,
) -> f64 {
    let mut moves = MoveList::new();
    throws
        .iter()
        .map(|&(v, p)| p * throw_value(rules, pos, v, pick, lookup, &mut moves))
        .sum()
}
