//! Players that look ahead: `expectimax:D` (exact throw distribution, D throws deep) and
//! `rollout:N` (random playouts), with the evaluation they share.
//!
//! Both follow the game's turn structure: a throw that gives an extra throw (or a move onto a
//! replay square) lets the same player throw again; otherwise the hand passes, and the effects at
//! the start of the next turn (the free exit from 30) are applied. Points left over after bearing
//! off (and a split throw's parts) are played by the same player at once. Every step is the
//! turn's ([`crate::turn`]): [`Asked::after`], `throw_ending`, [`after_throw`]. The opening-pawn rule of `kendall` and `tejon`
//! binds only the player's own first move and is not modelled inside the search.

use crate::board::{squares, Position, Side};
use crate::end::{ending, Ending};
use crate::movegen::{legal_moves, uniform_move, Effects, Move, MoveList};
use crate::rules::{Capture, GameEnd, Rules};
use crate::strategy::{first_best, Asked, Strategy};
use crate::throws::{below, mix64, throw_table, Device, GameRng, SeededThrower, Thrower};
use crate::turn::{after_throw, freed_ending, throw_ending, throws_again, Step};
use rand::Rng;

/// The value of a won position (any evaluation lies in [-1, 1]).
pub(crate) const WIN: f64 = 2.0;
/// The deepest `expectimax:D` allowed (D = 3 is already thousands of positions per move).
pub const MAX_DEPTH: u8 = 3;
/// The most playouts per candidate move of `rollout:N`.
pub(crate) const MAX_ROLLOUTS: u32 = 10_000;
/// A playout stops after this many turns and is scored by the evaluation (see [`Rollout`]).
pub(crate) const PLAYOUT_TURNS: u32 = 100;

/// The pawns each side lost to captures along the line searched (by [`Side::index`]), under
/// `capture = "remove"`: they are out of the game but score nothing, unlike a pawn borne off.
/// Those lost before the search are the same for every move compared, and a position does not
/// hold them.
pub(crate) type Removed = [u32; 2];

/// `removed` after `mover` played `mv`: one more pawn of the other side lost if it captured
/// under `capture = "remove"`.
pub(crate) fn removing(rules: &Rules, mv: &Move, mover: Side, mut removed: Removed) -> Removed {
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
            if let Some(end) = ending(rules, pos, out, false, removed) {
                return score(rules, pos, end, removed, side);
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

/// The value for `root` of a game that ended as `end` in `pos`.
fn score(rules: &Rules, pos: &Position, end: Ending, removed: Removed, root: Side) -> f64 {
    if rules.end == GameEnd::AllOut {
        // The score before the search is not in the position: the race difference.
        return race_difference(rules, pos, root, removed);
    }
    match end {
        Ending::Won(w) if w == root => WIN,
        Ending::Won(_) => -WIN,
        Ending::Drawn => 0.0,
    }
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

    /// The value for `root` of `mv`, a choice of `mover` for the decision `asked`, with
    /// `removed` the pawns lost to captures along the line so far: the points it leaves over
    /// played at best for `mover` ([`Asked::after`], part after part for a split throw). The
    /// same side chooses every part, so its best is its best over the throw's distinct ends
    /// (`throw_ends`), each valued once: the orders of a split throw's parts that end in the
    /// same place are one.
    #[allow(clippy::too_many_arguments)]
    pub fn move_value(
        &self,
        rules: &Rules,
        mover: Side,
        asked: Asked,
        mv: &Move,
        depth: u8,
        root: Side,
        removed: Removed,
    ) -> f64 {
        let removed = removing(rules, mv, mover, removed);
        let value = asked.throw();
        if let Step::Played(played) = asked.after(rules, mover, mv) {
            return self.settle(
                rules,
                mv.after,
                mover,
                value,
                played.as_ref(),
                depth,
                root,
                removed,
            );
        }
        let mut ends = Vec::new();
        throw_ends(rules, mover, asked, mv, removed, &mut ends);
        let values = ends.iter().map(|e| {
            self.settle(
                rules,
                e.after,
                mover,
                value,
                e.played.as_ref(),
                depth,
                root,
                e.removed,
            )
        });
        best(values, mover == root)
    }

    /// The value of the position after `mover` played `played` (`None`: could not play) with a
    /// throw of `value`: the turn's [`throw_ending`], [`after_throw`] and [`freed_ending`]
    /// decide, the position scored before the hand-over at the search's depth.
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
        if let Some(end) = throw_ending(rules, &after, mover, value, played, removed) {
            return score(rules, &after, end, removed, root);
        }
        if depth == 0 {
            return evaluate(rules, &after, root, removed);
        }
        let mut next = after;
        let turn = after_throw(rules, &mut next, value, played);
        if let Some(end) = freed_ending(rules, &next, turn, removed) {
            return score(rules, &next, end, removed, root);
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
                // The side to move's best over every end of the throw, each valued once.
                let mut ends = Vec::new();
                for m in moves.iter() {
                    let removed = removing(rules, m, mover, removed);
                    throw_ends(rules, mover, Asked::Throw(v), m, removed, &mut ends);
                }
                let values = ends.iter().map(|e| {
                    self.settle(
                        rules,
                        e.after,
                        mover,
                        v,
                        e.played.as_ref(),
                        depth - 1,
                        root,
                        e.removed,
                    )
                });
                best(values, mover == root)
            };
            total += p * value;
        }
        total
    }
}

/// Where a throw played with `mv` can end, as far as what follows is concerned: the position,
/// the throw's move (`None`: passed) and the pawns lost to captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ThrowEnd {
    /// The position once the throw is fully played, its side to move still the mover.
    pub after: Position,
    /// The throw's move, as [`Step::Played`] gives it.
    pub played: Option<Move>,
    /// The pawns each side lost to captures, `mv`'s and its parts' included.
    pub removed: Removed,
    again: bool,
}

/// The distinct ends of the throw `asked` that `mover` plays with `mv` (`removed` already
/// counts `mv`'s capture), every use of the points it leaves walked through the turn's step
/// ([`Asked::after`]), appended to `out`. Two ends are one when they leave the same position,
/// the same hand (kept or passed: [`throws_again`]) and the same pawns lost: all that the rest
/// of the game reads of a throw.
pub(crate) fn throw_ends(
    rules: &Rules,
    mover: Side,
    asked: Asked,
    mv: &Move,
    removed: Removed,
    out: &mut Vec<ThrowEnd>,
) {
    let mut follow = MoveList::new();
    let played = match asked.follow(rules, mover, mv, &mut follow) {
        Step::Played(played) => played,
        Step::Decide(next) => {
            for r in follow.iter() {
                let removed = removing(rules, r, mover, removed);
                throw_ends(rules, mover, next, r, removed, out);
            }
            return;
        }
    };
    let again = throws_again(rules, asked.throw(), played.as_ref());
    let end = ThrowEnd {
        after: mv.after,
        played,
        removed,
        again,
    };
    if !out.iter().any(|e| e.is(&end)) {
        out.push(end);
    }
}

impl ThrowEnd {
    /// Whether the two ends are one for what follows: the same position, hand and pawns lost.
    fn is(&self, other: &ThrowEnd) -> bool {
        (self.after, self.again, self.removed) == (other.after, other.again, other.removed)
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
        let me = pos.to_move;
        // Each candidate's value is its best end's ([`Expectimax::move_value`]); an end two
        // candidates share (a split throw's parts in another order) is valued once.
        let mut ends: Vec<ThrowEnd> = Vec::new();
        let mut of_move: Vec<Vec<usize>> = Vec::with_capacity(moves.len());
        for m in moves {
            let mut own = Vec::new();
            throw_ends(
                rules,
                me,
                *asked,
                m,
                removing(rules, m, me, [0, 0]),
                &mut own,
            );
            let mut of = Vec::with_capacity(own.len());
            for e in own {
                let i = ends.iter().position(|x| x.is(&e)).unwrap_or(ends.len());
                if i == ends.len() {
                    ends.push(e);
                }
                of.push(i);
            }
            of_move.push(of);
        }
        let value = asked.throw();
        let values: Vec<f64> = ends
            .iter()
            .map(|e| {
                self.settle(
                    rules,
                    e.after,
                    me,
                    value,
                    e.played.as_ref(),
                    self.depth,
                    me,
                    e.removed,
                )
            })
            .collect();
        first_best(
            of_move
                .iter()
                .map(|of| best(of.iter().map(|&i| values[i]), true)),
        )
    }
}

/// For each candidate move, `n` playouts with random moves for both sides from the position it
/// produces; picks the move with the most wins (ties: the first generated). Every candidate is
/// played out with the same `n` throw streams (common random numbers), drawn from the game's
/// decision stream, so the same seed gives the same choice. A playout still running after
/// `PLAYOUT_TURNS` turns counts as won by the side ahead by [`evaluate`] (half each if level).
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
        let base = rng.next_u64();
        let me = pos.to_move;
        first_best(moves.iter().map(|m| {
            (0..self.n)
                .map(|k| {
                    let seed = mix64(base.wrapping_add(u64::from(k)));
                    let mut thrower = self.thrower.reseeded(seed);
                    let mut decisions = crate::throws::stream(seed, 2);
                    playout(rules, *asked, m, &mut thrower, &mut decisions, me)
                })
                .sum::<f64>()
        }))
    }
}

/// Plays `mv` (a choice of the side to move for the decision `asked`) then random moves for
/// both sides; 1 if `root` wins, 0 if it loses, the evaluation's verdict after
/// [`PLAYOUT_TURNS`] turns. A side out ends the playout when it ends the game
/// ([`throw_ending`], [`freed_ending`]).
pub(crate) fn playout<T: Thrower>(
    rules: &Rules,
    asked: Asked,
    mv: &Move,
    thrower: &mut T,
    decisions: &mut GameRng,
    root: Side,
) -> f64 {
    let mut moves = MoveList::new();
    let mut pos = mv.after;
    let side = pos.to_move;
    let mut removed = removing(rules, mv, side, [0, 0]);
    let step = asked.after(rules, side, mv);
    let played = finish_randomly(rules, &mut pos, step, &mut moves, decisions, &mut removed);
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
    let value = asked.throw();
    if throw_ending(rules, &pos, side, value, played.as_ref(), removed).is_some() {
        return outcome(&pos, removed);
    }
    let mut turns = 0u32;
    let mut next = after_throw(rules, &mut pos, value, played.as_ref());
    // Every throw: a pawn freed at the start of a turn may have ended the game.
    for _ in 0..50 * PLAYOUT_TURNS {
        if freed_ending(rules, &pos, next, removed).is_some() {
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
        if throw_ending(rules, &pos, mover, v, played.as_ref(), removed).is_some() {
            break;
        }
        next = after_throw(rules, &mut pos, v, played.as_ref());
    }
    outcome(&pos, removed)
}

/// Plays a random legal move for a throw of `value` and random choices for the points it
/// leaves over; returns the move that played the throw. [`uniform_move`] makes the uniform
/// choice without building the list.
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
    let step = Asked::Throw(value).after(rules, mover, &m);
    finish_randomly(rules, pos, step, moves, rng, removed)
}

/// The throw after `step` played on to its end by random choices (one draw a decision), the
/// side to move of `pos` choosing; returns the move that played it.
fn finish_randomly(
    rules: &Rules,
    pos: &mut Position,
    mut step: Step,
    moves: &mut MoveList,
    rng: &mut GameRng,
    removed: &mut Removed,
) -> Option<Move> {
    let mover = pos.to_move;
    loop {
        let next = match step {
            Step::Played(played) => return played,
            Step::Decide(next) => next,
        };
        next.choices_into(rules, pos, moves);
        if moves.is_empty() {
            return next.pass();
        }
        let m = moves[below(rng, moves.len())];
        *removed = removing(rules, &m, mover, *removed);
        *pos = m.after;
        step = next.after(rules, mover, &m);
    }
}
