//! One step of the game for the solver: the value of a throw's choices, of a throw, and of a
//! position, given the values of the positions that follow. The turn is the game's own:
//! [`after_throw`] decides who throws next, points left over after bearing off are a second
//! choice of the same player, a throw that cannot be played passes.

use crate::board::{Position, Side};
use crate::end::Ending;
use crate::movegen::{legal_moves_into, residual_moves_into, Move, MoveList};
use crate::rules::Rules;
use crate::turn::after_throw;

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
/// played) and stands in `after`: [`after_throw`] decides who throws next, `ended` whether a
/// side with no pawn left ends the game.
#[inline]
pub fn outcome(
    rules: &Rules,
    after: Position,
    mover: Side,
    value: u8,
    played: Option<&Move>,
) -> Outcome {
    if after.finished(mover) {
        let again = crate::turn::throws_again(rules, value, played);
        if let Some(end) = ended(rules, &after, mover, again) {
            return end;
        }
    }
    let mut next = after;
    let turn = after_throw(rules, &mut next, value, played);
    if turn.freed > 0 && next.finished(next.to_move) {
        if let Some(end) = ended(rules, &next, next.to_move, false) {
            return match end {
                Outcome::Won if next.to_move != mover => Outcome::Lost,
                end => end,
            };
        }
    }
    Outcome::Next(next)
}

/// Whether `side`, with no pawn left in `pos`, ends the game, and how for it (`again`: the
/// throw that did it gives another throw), as the game runner decides: the first side out wins
/// (draws under `first-out-draw-on-extra` when its throw gives another); under `all-out` the
/// game goes on until both sides are out, and then the score decides, which a position does
/// not hold (the solver refuses that rule): a draw, worth 1/2.
#[inline]
fn ended(rules: &Rules, pos: &Position, side: Side, again: bool) -> Option<Outcome> {
    match crate::end::ending(rules, pos, side, again, [0, 0])? {
        Ending::Won(winner) if winner == side => Some(Outcome::Won),
        Ending::Won(_) => Some(Outcome::Lost),
        Ending::Drawn => Some(Outcome::Drawn),
    }
}

/// The probability that `mover` wins once it has played `played` (`None`: the throw of `value`
/// could not be played) and stands in `after`. `lookup` gives the probability that the side to
/// move wins in a position where nobody has finished.
#[inline]
pub fn settle(
    rules: &Rules,
    after: Position,
    mover: Side,
    value: u8,
    played: Option<&Move>,
    lookup: &impl Fn(&Position) -> f64,
) -> f64 {
    outcome(rules, after, mover, value, played).value(mover, lookup)
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
    legal_moves_into(rules, pos, value, moves);
    if moves.is_empty() {
        f(true, outcome(rules, *pos, pos.to_move, value, None));
        return;
    }
    let mut follow = MoveList::new();
    for mv in moves.iter() {
        move_outcomes(rules, pos.to_move, value, mv, &mut follow, f);
    }
}

/// The outcomes of one move `mv` of `mover` with a throw of `value`: one, or one per use of the
/// points it leaves over after bearing off; `f(first, outcome)` as in [`throw_outcomes`].
#[inline(always)]
pub(crate) fn move_outcomes(
    rules: &Rules,
    mover: Side,
    value: u8,
    mv: &Move,
    follow: &mut MoveList,
    f: &mut impl FnMut(bool, Outcome),
) {
    if mv.left > 0 && !mv.after.finished(mover) {
        residual_moves_into(rules, &mv.after, mv.left, follow);
        if !follow.is_empty() {
            for (i, r) in follow.iter().enumerate() {
                f(i == 0, outcome(rules, r.after, mover, value, Some(mv)));
            }
            return;
        }
    }
    f(true, outcome(rules, mv.after, mover, value, Some(mv)));
}

/// The value for the side to move of `pos` of playing `mv` with a throw of `value`, points left
/// over included (picked by `pick`).
#[inline]
pub fn move_value(
    rules: &Rules,
    pos: &Position,
    value: u8,
    mv: &Move,
    pick: Pick,
    lookup: &impl Fn(&Position) -> f64,
) -> f64 {
    let mover = pos.to_move;
    let mut fold = Fold::new(pick);
    move_outcomes(
        rules,
        mover,
        value,
        mv,
        &mut MoveList::new(),
        &mut |first, o| fold.add(first, o.value(mover, lookup)),
    );
    fold.value()
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
