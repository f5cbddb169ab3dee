//! Players that look ahead: `expectimax:D` (exact throw distribution, D throws deep) and
//! `rollout:N` (random playouts), with the evaluation they share.
//!
//! Both follow the game's turn structure: a throw that gives an extra throw (or a move onto a
//! replay square) lets the same player throw again; otherwise the hand passes, and the effects at
//! the start of the next turn (the free exit from 30) are applied. Points left over after bearing
//! off are played by the same player at once. The opening-pawn rule of `kendall` and `tejon`
//! binds only the player's own first move and is not modelled inside the search.

use crate::board::{squares, Position, Side};
use crate::end::{ending, Ending};
use crate::movegen::{legal_moves, residual_moves_into, uniform_move, Effects, Move, MoveList};
use crate::rules::{Capture, GameEnd, Rules};
use crate::strategy::{first_best, Asked, Strategy};
use crate::throws::{below, mix64, throw_table, Device, GameRng, SeededThrower, Thrower};
use crate::turn::{after_throw, throws_again};
use rand::Rng;

/// The value of a won position (any evaluation lies in [-1, 1]).
pub const WIN: f64 = 2.0;
/// The deepest `expectimax:D` allowed (D = 3 is already thousands of positions per move).
pub const MAX_DEPTH: u8 = 3;
/// The most playouts per candidate move of `rollout:N`.
pub const MAX_ROLLOUTS: u32 = 10_000;
/// A playout stops after this many turns and is scored by the evaluation (see [`Rollout`]).
pub const PLAYOUT_TURNS: u32 = 100;

/// The pawns each side lost to captures along the line searched (by [`Side::index`]), under
/// `capture = "remove"`: they are out of the game but score nothing, unlike a pawn borne off.
/// Those lost before the search are the same for every move compared, and a position does not
/// hold them.
pub type Removed = [u32; 2];

/// `removed` after `mover` played `mv`: one more pawn of the other side lost if it captured
/// under `capture = "remove"`.
pub fn removing(rules: &Rules, mv: &Move, mover: Side, mut removed: Removed) -> Removed {
    if rules.capture == Capture::Remove && mv.has(Effects::CAPTURE) {
        removed[mover.other().index()] += 1;
    }
    removed
}

/// The race score of `side`: the sum of the squares its pawns stand on (a waiting pawn counts 0)
/// plus 31 for each pawn borne off (a pawn out of the game and not in `removed`).
pub fn race(rules: &Rules, pos: &Position, side: Side, removed: Removed) -> u32 {
    let on_board: u32 = squares(pos.side(side)).map(u32::from).sum();
    let out = u32::from(rules.pawns.saturating_sub(pos.in_play(side)));
    on_board + 31 * out.saturating_sub(removed[side.index()])
}

/// The evaluation of `pos` for `side`: `WIN` or `-WIN` when a side with no pawn left has ended
/// the game as the rules end it ([`ending`], the function the game asks), else the race
/// difference over its largest possible value, in [-1, 1]. Under `all-out` a side out first has
/// not won, and the score once both are out depends on the pawns lost before the search: the
/// race difference (31 a pawn borne off) stands for it.
pub fn evaluate(rules: &Rules, pos: &Position, side: Side, removed: Removed) -> f64 {
    for out in [side, side.other()] {
        if pos.finished(out) {
            if let Some(value) = over(rules, pos, out, false, removed, side) {
                return value;
            }
        }
    }
    race_difference(rules, pos, side, removed)
}

/// `side`'s race score less its opponent's, over its largest possible value: in [-1, 1].
fn race_difference(rules: &Rules, pos: &Position, side: Side, removed: Removed) -> f64 {
    let diff =
        race(rules, pos, side, removed) as f64 - race(rules, pos, side.other(), removed) as f64;
    diff / (31.0 * f64::from(rules.pawns.max(1)))
}

/// The value for `root` of a game that `out`, with no pawn left in `pos`, ends as the rules
/// end it (`again`: its last throw gives another); `None` when the game goes on.
fn over(
    rules: &Rules,
    pos: &Position,
    out: Side,
    again: bool,
    removed: Removed,
    root: Side,
) -> Option<f64> {
    let end = ending(rules, pos, out, again, removed)?;
    if rules.end == GameEnd::AllOut {
        // The score before the search is not in the position: the race difference.
        return Some(race_difference(rules, pos, root, removed));
    }
    Some(match end {
        Ending::Won(w) if w == root => WIN,
        Ending::Won(_) => -WIN,
        Ending::Drawn => 0.0,
    })
}

/// Searches `depth` throws ahead, averaging over the exact throw distribution and taking the
/// best move for whoever moves at each throw; leaves are scored by [`evaluate`]. Ties go to the
/// first move generated. Uses no randomness.
#[derive(Clone, Debug)]
pub struct Expectimax {
    table: Vec<(u8, f64)>,
    depth: u8,
}

impl Expectimax {
    /// `expectimax:depth` for `rules` and `device`.
    pub fn new(rules: &Rules, device: &Device, depth: u8) -> Expectimax {
        Expectimax {
            table: throw_table(rules, device),
            depth,
        }
    }

    /// The value for `root` of playing `mv` (a move of `mover` with a throw of `value`), with
    /// `removed` the pawns lost to captures along the line so far.
    #[allow(clippy::too_many_arguments)]
    pub fn move_value(
        &self,
        rules: &Rules,
        mover: Side,
        value: u8,
        mv: &Move,
        depth: u8,
        root: Side,
        removed: Removed,
    ) -> f64 {
        let removed = removing(rules, mv, mover, removed);
        if mv.left > 0 && mv.after.in_play(mover) > 0 {
            let mut follow = MoveList::new();
            residual_moves_into(rules, &mv.after, mv.left, &mut follow);
            if !follow.is_empty() {
                let values = follow.iter().map(|r| {
                    let removed = removing(rules, r, mover, removed);
                    self.settle(rules, r.after, mover, value, Some(mv), depth, root, removed)
                });
                return best(values, mover == root);
            }
        }
        self.settle(
            rules,
            mv.after,
            mover,
            value,
            Some(mv),
            depth,
            root,
            removed,
        )
    }

    /// The value of the position after `mover` played `played` (`None`: could not play) with a
    /// throw of `value`; [`after_throw`] decides who throws next, [`ending`] whether a side out
    /// ends the game.
    #[allow(clippy::too_many_arguments)]
    fn settle(
        &self,
        rules: &Rules,
        after: Position,
        mover: Side,
        value: u8,
        played: Option<&Move>,
        depth: u8,
        root: Side,
        removed: Removed,
    ) -> f64 {
        if after.finished(mover) {
            let again = throws_again(rules, value, played);
            if let Some(v) = over(rules, &after, mover, again, removed, root) {
                return v;
            }
        }
        if depth == 0 {
            return evaluate(rules, &after, root, removed);
        }
        let mut next = after;
        if after_throw(rules, &mut next, value, played).freed > 0 && next.finished(next.to_move) {
            if let Some(v) = over(rules, &next, next.to_move, false, removed, root) {
                return v;
            }
        }
        self.chance(rules, &next, depth, root, removed)
    }

    /// The expected value over the next throw of the side to move in `pos`.
    fn chance(
        &self,
        rules: &Rules,
        pos: &Position,
        depth: u8,
        root: Side,
        removed: Removed,
    ) -> f64 {
        let mover = pos.to_move;
        let mut total = 0.0;
        for &(v, p) in &self.table {
            let moves = legal_moves(rules, pos, v);
            let value = if moves.is_empty() {
                self.settle(rules, *pos, mover, v, None, depth - 1, root, removed)
            } else {
                let values = moves
                    .iter()
                    .map(|m| self.move_value(rules, mover, v, m, depth - 1, root, removed));
                best(values, mover == root)
            };
            total += p * value;
        }
        total
    }
}

/// The maximum (`maximise`) or minimum of `values`.
fn best(values: impl Iterator<Item = f64>, maximise: bool) -> f64 {
    if maximise {
        values.fold(f64::NEG_INFINITY, f64::max)
    } else {
        values.fold(f64::INFINITY, f64::min)
    }
}

impl Strategy for Expectimax {
    fn choose(
        &mut self,
        rules: &Rules,
        pos: &Position,
        asked: &Asked,
        moves: &[Move],
        _: &mut GameRng,
    ) -> usize {
        if moves.len() == 1 {
            return 0;
        }
        let throw = asked.points();
        let me = pos.to_move;
        first_best(
            moves
                .iter()
                .map(|m| self.move_value(rules, me, throw, m, self.depth, me, [0, 0])),
        )
    }
}

/// For each candidate move, `n` playouts with random moves for both sides from the position it
/// produces; picks the move with the most wins (ties: the first generated). Every candidate is
/// played out with the same `n` throw streams (common random numbers), drawn from the game's
/// decision stream, so the same seed gives the same choice. A playout still running after
/// [`PLAYOUT_TURNS`] turns counts as won by the side ahead by [`evaluate`] (half each if level).
#[derive(Clone, Debug)]
pub struct Rollout {
    thrower: SeededThrower,
    n: u32,
}

impl Rollout {
    /// `rollout:n` for a device.
    pub fn new(device: &Device, n: u32) -> Rollout {
        Rollout {
            thrower: SeededThrower::new(device, 0),
            n,
        }
    }
}

impl Strategy for Rollout {
    fn choose(
        &mut self,
        rules: &Rules,
        pos: &Position,
        asked: &Asked,
        moves: &[Move],
        rng: &mut GameRng,
    ) -> usize {
        if moves.len() == 1 {
            return 0;
        }
        let throw = asked.points();
        let base = rng.next_u64();
        let me = pos.to_move;
        first_best(moves.iter().map(|m| {
            (0..self.n)
                .map(|k| {
                    let seed = mix64(base.wrapping_add(u64::from(k)));
                    let mut thrower = self.thrower.reseeded(seed);
                    let mut decisions = crate::throws::stream(seed, 2);
                    playout(rules, m, throw, &mut thrower, &mut decisions, me)
                })
                .sum::<f64>()
        }))
    }
}

/// Plays `mv` (by the side to move, with a throw of `value`) then random moves for both sides;
/// 1 if `root` wins, 0 if it loses, the evaluation's verdict after [`PLAYOUT_TURNS`] turns. A
/// side out ends the playout when it ends the game ([`ending`]).
pub fn playout<T: Thrower>(
    rules: &Rules,
    mv: &Move,
    value: u8,
    thrower: &mut T,
    decisions: &mut GameRng,
    root: Side,
) -> f64 {
    let mut moves = MoveList::new();
    let mut pos = mv.after;
    let side = pos.to_move;
    let mut removed = removing(rules, mv, side, [0, 0]);
    if mv.left > 0 && !pos.finished(side) {
        play_residual(
            rules,
            &mut pos,
            mv.left,
            &mut moves,
            decisions,
            &mut removed,
        );
    }
    let outcome = |pos: &Position, removed: Removed| -> f64 {
        let e = evaluate(rules, pos, root, removed);
        if e > 0.0 {
            1.0
        } else if e < 0.0 {
            0.0
        } else {
            0.5
        }
    };
    let ends = |pos: &Position, out: Side, again: bool, removed: Removed| {
        pos.finished(out) && ending(rules, pos, out, again, removed).is_some()
    };
    if ends(&pos, side, throws_again(rules, value, Some(mv)), removed) {
        return outcome(&pos, removed);
    }
    let mut turns = 0u32;
    let mut next = after_throw(rules, &mut pos, value, Some(mv));
    // Every throw: a pawn freed at the start of a turn may have ended the game.
    for _ in 0..50 * PLAYOUT_TURNS {
        if next.freed > 0 && ends(&pos, pos.to_move, false, removed) {
            break;
        }
        if !next.again {
            turns += 1;
            if turns > PLAYOUT_TURNS {
                break;
            }
        }
        let mover = pos.to_move;
        let v = rules.throw_values[thrower.throw_marked() as usize];
        let played = play_random(rules, &mut pos, v, &mut moves, decisions, &mut removed);
        if ends(
            &pos,
            mover,
            throws_again(rules, v, played.as_ref()),
            removed,
        ) {
            break;
        }
        next = after_throw(rules, &mut pos, v, played.as_ref());
    }
    outcome(&pos, removed)
}

/// Plays a random legal move for a throw of `value` (and a random choice for its residual
/// points); returns the move played. [`uniform_move`] makes the uniform choice without building
/// the list.
fn play_random(
    rules: &Rules,
    pos: &mut Position,
    value: u8,
    moves: &mut MoveList,
    rng: &mut GameRng,
    removed: &mut Removed,
) -> Option<Move> {
    let mover = pos.to_move;
    let m = uniform_move(rules, pos, value, rng, moves)?;
    *removed = removing(rules, &m, mover, *removed);
    *pos = m.after;
    if m.left > 0 && !pos.finished(pos.to_move) {
        play_residual(rules, pos, m.left, moves, rng, removed);
    }
    Some(m)
}

/// A random choice among the moves of `points` left over after bearing off and keeping them.
fn play_residual(
    rules: &Rules,
    pos: &mut Position,
    points: u8,
    moves: &mut MoveList,
    rng: &mut GameRng,
    removed: &mut Removed,
) {
    let mover = pos.to_move;
    residual_moves_into(rules, pos, points, moves);
    if !moves.is_empty() {
        let m = moves[below(rng, moves.len())];
        *removed = removing(rules, &m, mover, *removed);
        *pos = m.after;
    }
}
