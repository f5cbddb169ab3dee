//! The race ending, exactly, for any number of pawns: once no pawn can meet an enemy pawn again,
//! each side's number of turns to finish has a distribution of its own, and the chance that the
//! side to move finishes first follows from the two.
//!
//! It applies when nobody waits, no pawn must replay, and every move either side can still make
//! is a bear-off, the only one of its throw, the same whether the other side's pawns stand where
//! they stand or have all left (leaving can only unblock, so every position in between agrees):
//! in `tejon`, `passage` and `empty-board`, pawns on the squares they leave only with the exact
//! throw (28, 29, 30). Each side is then a small Markov chain over the sets of its pawns still on
//! the board.

use crate::board::{squares, Position, Side};
use crate::movegen::{legal_moves, start_of_turn, MoveList};
use crate::rules::Rules;
use crate::turn::{throws_again, Asked, Step};

/// A side's turns are summed until less than this much probability is left.
const TAIL: f64 = 1e-17;
/// The most turns followed (a side that cannot finish has no race).
const MAX_TURNS: usize = 1_000_000;

/// The probability that the side to move of `pos` wins, when `pos` is a race (see the module);
/// `None` when it is not. `throws` is the throw distribution (`(value, probability)` pairs).
pub fn race_value(rules: &Rules, throws: &[(u8, f64)], pos: &Position) -> Option<f64> {
    if pos.waiting != [0, 0] || pos.forced.is_some() {
        return None;
    }
    let me = pos.to_move;
    let mine = Chain::new(rules, throws, pos, me)?;
    let theirs = Chain::new(rules, throws, pos, me.other())?;
    let f_me = mine.finish_turns(false)?;
    let f_opp = theirs.finish_turns(true)?;
    // I win in my turn t when the opponent has not finished in its first t - 1 turns.
    let mut opp_done = 0.0;
    let mut win = 0.0;
    for (t, f) in f_me.iter().enumerate() {
        win += f * (1.0 - opp_done);
        opp_done += f_opp.get(t).copied().unwrap_or(0.0);
    }
    Some(win)
}

/// One side's pawns alone: the sets of its pawns still on the board, and per set what a turn
/// does to it.
struct Chain {
    /// The side's bitboard in each state; state 0 is the empty set (finished).
    states: Vec<u32>,
    /// Per state, the outcome of one turn started there: (end state, probability).
    turn: Vec<Vec<(usize, f64)>>,
    /// Per state, the state after the effects at the start of a turn (the free exit from 30).
    start: Vec<usize>,
    /// The state the side stands in now.
    now: usize,
}

impl Chain {
    fn new(rules: &Rules, throws: &[(u8, f64)], pos: &Position, side: Side) -> Option<Chain> {
        let full = pos.side(side);
        let list: Vec<u8> = squares(full).collect();
        let states: Vec<u32> = (0..1u32 << list.len())
            .map(|m| squares(m).fold(0, |b, i| b | 1 << list[i as usize]))
            .collect();
        let id = |bits: u32| states.iter().position(|&s| s == bits).expect("a subset");
        let at = |bits: u32, opp: u32| {
            let mut p = *pos;
            p.pawns[side.index()] = bits;
            p.pawns[side.other().index()] = opp;
            p.to_move = side;
            p
        };
        let opp = pos.side(side.other());
        // Per state and throw: the state after the throw's only move and whether the side
        // throws again (None: no move).
        let mut step = vec![Vec::new(); states.len()];
        for (i, &bits) in states.iter().enumerate().skip(1) {
            for &(v, _) in throws {
                let after = only_exit(rules, &at(bits, opp), &at(bits, 0), v)?;
                step[i].push(after.map(|(b, again)| (id(b), again)));
            }
        }
        let start = states
            .iter()
            .map(|&b| {
                let mut p = at(b, opp);
                start_of_turn(rules, &mut p);
                id(p.side(side))
            })
            .collect();
        let turn = (0..states.len())
            .map(|i| within_turn(rules, throws, &step, i))
            .collect::<Option<Vec<_>>>()?;
        Some(Chain {
            now: id(full),
            states,
            turn,
            start,
        })
    }

    /// The probability of finishing in each turn from now (index 0: this turn); the effects at
    /// the start of a turn apply to the first one only with `first_starts`.
    fn finish_turns(&self, first_starts: bool) -> Option<Vec<f64>> {
        let mut dist = vec![0.0; self.states.len()];
        dist[self.now] = 1.0;
        let mut out = Vec::new();
        for t in 0..MAX_TURNS {
            let mut next = vec![0.0; self.states.len()];
            for (i, &p) in dist.iter().enumerate().filter(|(_, &p)| p > 0.0) {
                let s = if t > 0 || first_starts {
                    self.start[i]
                } else {
                    i
                };
                if s == 0 {
                    next[0] += p;
                    continue;
                }
                for &(j, q) in &self.turn[s] {
                    next[j] += p * q;
                }
            }
            out.push(next[0]);
            next[0] = 0.0;
            let left: f64 = next.iter().sum();
            dist = next;
            if left < TAIL {
                return Some(out);
            }
        }
        None
    }
}

/// The side's bitboard after a throw of `v` in `with` (the other side present) when its only
/// move is a bear-off, the same as in `alone` (the other side gone), and whether it throws
/// again: `Some(None)` for no move, `None` when the race does not apply.
fn only_exit(
    rules: &Rules,
    with: &Position,
    alone: &Position,
    v: u8,
) -> Option<Option<(u32, bool)>> {
    let a = legal_moves(rules, with, v);
    let b = legal_moves(rules, alone, v);
    let side = with.to_move;
    let same = a.len() == b.len()
        && a.iter()
            .zip(&b)
            .all(|(x, y)| (x.kind(), x.effects()) == (y.kind(), y.effects()));
    if !same || a.len() > 1 || a.iter().any(|m| !m.bears_off()) {
        return None;
    }
    let Some(m) = a.first() else {
        return Some(None);
    };
    // The turn's step: points left over with a choice are not a plain race step.
    let played = match Asked::Throw(v).follow(rules, side, m, &mut MoveList::new()) {
        Step::Played(played) => played,
        Step::Decide(_) => return None,
    };
    Some(Some((
        m.after.side(side),
        throws_again(rules, v, played.as_ref()),
    )))
}

/// The outcome of a turn started in state `i` (start effects applied): end states with their
/// probabilities (state 0: finished during the turn).
fn within_turn(
    rules: &Rules,
    throws: &[(u8, f64)],
    step: &[Vec<Option<(usize, bool)>>],
    i: usize,
) -> Option<Vec<(usize, f64)>> {
    let mut out: Vec<(usize, f64)> = Vec::new();
    let add =
        |j: usize, p: f64, out: &mut Vec<(usize, f64)>| match out.iter_mut().find(|(k, _)| *k == j)
        {
            Some(e) => e.1 += p,
            None => out.push((j, p)),
        };
    if i == 0 {
        return Some(vec![(0, 1.0)]);
    }
    let mut again_same = 0.0;
    for (t, &(v, p)) in throws.iter().enumerate() {
        match step[i][t] {
            None if throws_again(rules, v, None) => again_same += p,
            None => add(i, p, &mut out),
            Some((0, _)) => add(0, p, &mut out),
            Some((j, true)) => {
                for (k, q) in within_turn(rules, throws, step, j)? {
                    add(k, p * q, &mut out);
                }
            }
            Some((j, false)) => add(j, p, &mut out),
        }
    }
    if again_same >= 1.0 {
        return None;
    }
    for e in &mut out {
        e.1 /= 1.0 - again_same;
    }
    Some(out)
}
