//! Players that look ahead: `expectimax:D` (exact throw distribution, D throws deep) and
//! `rollout:N` (random playouts), with the evaluation they share.
//!
//! Both follow the game's turn structure: a throw that gives an extra throw (or a move onto a
//! replay square) lets the same player throw again; otherwise the hand passes, and the effects at
//! the start of the next turn (the free exit from 30) are applied. Points left over after bearing
//! off are played by the same player at once. The opening-pawn rule of `kendall` and `tejon`
//! binds only the player's own first move and is not modelled inside the search.

use crate::board::{squares, Position, Side};
use crate::movegen::{legal_moves, residual_moves_into, uniform_move, Move, MoveList};
use crate::rules::Rules;
use crate::strategy::{first_best, Asked, Strategy};
use crate::throws::{below, mix64, throw_table, Device, GameRng, SeededThrower, Thrower};
use crate::turn::after_throw;
use rand::Rng;

/// The value of a won position (any evaluation lies in [-1, 1]).
pub const WIN: f64 = 2.0;
/// The deepest `expectimax:D` allowed (D = 3 is already thousands of positions per move).
pub const MAX_DEPTH: u8 = 3;
/// The most playouts per candidate move of `rollout:N`.
pub const MAX_ROLLOUTS: u32 = 10_000;
/// A playout stops after this many turns and is scored by the evaluation (see [`Rollout`]).
pub const PLAYOUT_TURNS: u32 = 100;

/// The race score of `side`: the sum of the squares its pawns stand on (a waiting pawn counts 0)
/// plus 31 for each pawn borne off.
pub fn race(rules: &Rules, pos: &Position, side: Side) -> u32 {
    let on_board: u32 = squares(pos.side(side)).map(u32::from).sum();
    on_board + 31 * u32::from(rules.pawns.saturating_sub(pos.in_play(side)))
}

/// The evaluation of `pos` for `side`: `WIN` when it has borne off every pawn, `-WIN` when the
/// opponent has, else the race difference over its largest possible value, in [-1, 1].
pub fn evaluate(rules: &Rules, pos: &Position, side: Side) -> f64 {
    if pos.in_play(side) == 0 {
        return WIN;
    }
    if pos.in_play(side.other()) == 0 {
        return -WIN;
    }
    let diff = race(rules, pos, side) as f64 - race(rules, pos, side.other()) as f64;
    diff / (31.0 * f64::from(rules.pawns.max(1)))
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

    /// The value for `root` of playing `mv` (a move of `mover` with a throw of `value`).
    pub fn move_value(
        &self,
        rules: &Rules,
        mover: Side,
        value: u8,
        mv: &Move,
        depth: u8,
        root: Side,
    ) -> f64 {
        if mv.left > 0 && mv.after.in_play(mover) > 0 {
            let mut follow = MoveList::new();
            residual_moves_into(rules, &mv.after, mv.left, &mut follow);
            if !follow.is_empty() {
                let values = follow
                    .iter()
                    .map(|r| self.settle(rules, r.after, mover, value, Some(mv), depth, root));
                return best(values, mover == root);
            }
        }
        self.settle(rules, mv.after, mover, value, Some(mv), depth, root)
    }

    /// The value of the position after `mover` played `played` (`None`: could not play) with a
    /// throw of `value`; [`after_throw`] decides who throws next.
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
    ) -> f64 {
        if after.finished(mover) || depth == 0 {
            return evaluate(rules, &after, root);
        }
        let mut next = after;
        if after_throw(rules, &mut next, value, played).freed > 0 && next.finished(next.to_move) {
            return evaluate(rules, &next, root);
        }
        self.chance(rules, &next, depth, root)
    }

    /// The expected value over the next throw of the side to move in `pos`.
    fn chance(&self, rules: &Rules, pos: &Position, depth: u8, root: Side) -> f64 {
        let mover = pos.to_move;
        let mut total = 0.0;
        for &(v, p) in &self.table {
            let moves = legal_moves(rules, pos, v);
            let value = if moves.is_empty() {
                self.settle(rules, *pos, mover, v, None, depth - 1, root)
            } else {
                let values = moves
                    .iter()
                    .map(|m| self.move_value(rules, mover, v, m, depth - 1, root));
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
                .map(|m| self.move_value(rules, me, throw, m, self.depth, me)),
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
/// 1 if `root` wins, 0 if it loses, the evaluation's verdict after [`PLAYOUT_TURNS`] turns.
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
    if mv.left > 0 && !pos.finished(side) {
        play_residual(rules, &mut pos, mv.left, &mut moves, decisions);
    }
    let outcome = |pos: &Position| -> f64 {
        let e = evaluate(rules, pos, root);
        if e > 0.0 {
            1.0
        } else if e < 0.0 {
            0.0
        } else {
            0.5
        }
    };
    if pos.finished(side) {
        return outcome(&pos);
    }
    let mut turns = 0u32;
    let mut next = after_throw(rules, &mut pos, value, Some(mv));
    // Every throw: a pawn freed at the start of a turn may have ended the game.
    for _ in 0..50 * PLAYOUT_TURNS {
        if next.freed > 0 && pos.finished(pos.to_move) {
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
        let played = play_random(rules, &mut pos, v, &mut moves, decisions);
        if pos.finished(mover) {
            break;
        }
        next = after_throw(rules, &mut pos, v, played.as_ref());
    }
    outcome(&pos)
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
) -> Option<Move> {
    let m = uniform_move(rules, pos, value, rng, moves)?;
    *pos = m.after;
    if m.left > 0 && !pos.finished(pos.to_move) {
        play_residual(rules, pos, m.left, moves, rng);
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
) {
    residual_moves_into(rules, pos, points, moves);
    if !moves.is_empty() {
        *pos = moves[below(rng, moves.len())].after;
    }
}
