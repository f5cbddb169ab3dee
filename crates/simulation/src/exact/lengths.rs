//! The exact expected length of a small game, in turns and in throws, when both sides play
//! optimally (the `optimal` strategy's own choices, ties to the first move generated) or at
//! random, counted as the simulation counts them (`GameSummary::turns` and `throws`): a turn is
//! one side's throws until the hand passes, the first turn counts 1, and the throws of an
//! opening throw-off count.
//!
//! Each position's expected remaining turns and throws follow from its throws' outcomes under
//! the policy: `T(s) = Σ p · (hand passed + T(s'))`, `H(s) = 1 + Σ p · H(s')`, 0 after the last
//! move. The policy's outcomes are built once as a graph (at most [`MAX_PAWNS`] a side), then
//! swept in the solver's order (most progress first) until no value changes by more than
//! [`TOLERANCE`]. The same graph gives the positions optimal play can reach from the start, and
//! the mean luck swing of a throw: the expected sum over a game of each throw's |luck| (the
//! thrower's best chance once the value is known less its chance before, as `review` splits a
//! throw) over the expected throws played.

use crate::cancel::Cancel;
use crate::exact::error::{PawnLimit, SolveError};
use crate::exact::values::black_starts;
use senet_engine::board::{Position, Side};
use senet_engine::game::{front_step, start_position};
use senet_engine::movegen::{Move, MoveList};
use senet_engine::rules::Starter;
use senet_engine::solve::backup::{throw_value, Pick};
use senet_engine::solve::{progress, Solution};
use senet_engine::strategy::first_best;
use senet_engine::turn::{settle, Asked, Settled, Step};

pub use crate::exact::error::LENGTHS_MAX_PAWNS as MAX_PAWNS;

/// Sweeps stop once no expected length changes by more than this (in turns or throws).
pub const TOLERANCE: f64 = 1e-9;

/// The most sweeps before giving up.
const MAX_SWEEPS: u32 = 1_000_000;

/// Where one throw's choice leads, weighted by its probability under the policy.
#[derive(Clone, Copy, Debug)]
struct Edge {
    /// The probability of the throw times the policy's weight of the choice.
    weight: f64,
    /// 1 when the hand passed.
    passed: f64,
    /// The next position's index (`None`: the game is over).
    next: Option<u32>,
}

/// The exact expected lengths of a game under one policy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lengths {
    /// Expected turns of a whole game.
    pub turns: f64,
    /// Expected throws of a whole game, an opening throw-off's included.
    pub throws: f64,
    /// Sweeps made.
    pub sweeps: u32,
    /// The largest change in the last sweep.
    pub last_change: f64,
    /// Positions the policy reaches from the start (both sides playing it).
    pub reached: u64,
    /// Positions of the table.
    pub positions: u64,
    /// The mean |luck| of a throw played (the throw-off's left out): the expected sum over a
    /// game over the expected throws played.
    pub luck_per_throw: f64,
}

/// The outcomes of every position under `pick`, in the table's index order.
struct Policy<'a> {
    solution: &'a Solution,
    pick: Pick,
}

impl Policy<'_> {
    /// The edges of one throw of `value` (probability `p`) from `pos`.
    fn throw_edges(&self, pos: &Position, value: u8, p: f64, out: &mut Vec<Edge>) {
        self.decision_edges(pos, Asked::Throw(value), p, out);
    }

    /// The edges of the decision `asked` of the side to move of `pos` (probability `p`): its
    /// choices picked as the strategies pick them, each followed by the turn's step
    /// ([`Asked::after`]) to the points it leaves over or to the throw's end.
    fn decision_edges(&self, pos: &Position, asked: Asked, p: f64, out: &mut Vec<Edge>) {
        let rules = &self.solution.rules;
        let mover = pos.to_move();
        let mut moves = MoveList::new();
        asked.choices_into(rules, pos, &mut moves);
        if moves.is_empty() {
            out.push(self.edge(mover, *pos, asked.throw(), asked.pass(), p));
            return;
        }
        let n = moves.len() as f64;
        // A uniform choice's share: p·(1/n) for a throw's moves, p/n for points left over (the
        // bits every table of lengths was computed with).
        let chosen: Vec<(usize, f64)> = match (self.pick, asked) {
            (Pick::Best, _) => vec![(first_best(self.solution.move_values(pos, asked, &moves)), p)],
            (Pick::Uniform, Asked::Throw(_)) => {
                (0..moves.len()).map(|i| (i, p * (1.0 / n))).collect()
            }
            (Pick::Uniform, _) => (0..moves.len()).map(|i| (i, p / n)).collect(),
        };
        for (i, w) in chosen {
            let mv = &moves[i];
            match asked.after(rules, mover, mv) {
                Step::Decide(next) => self.decision_edges(&mv.after, next, w, out),
                Step::Played(played) => {
                    out.push(self.edge(mover, mv.after, asked.throw(), played, w))
                }
            }
        }
    }

    /// Where `mover` stands in `after` once it has played `played` with `value`, as the game
    /// loop counts it: the game over (no more turns), or the next position, the hand passed or
    /// not (a pawn freed at the start of the next turn may end the game after the hand passed).
    fn edge(&self, mover: Side, after: Position, value: u8, played: Option<Move>, p: f64) -> Edge {
        let rules = &self.solution.rules;
        match settle(rules, after, mover, value, played.as_ref(), [0, 0]) {
            Settled::Over(_) => Edge {
                weight: p,
                passed: if after.finished(mover) { 0.0 } else { 1.0 },
                next: None,
            },
            Settled::Next(next, turn) => Edge {
                weight: p,
                passed: f64::from(u8::from(!turn.again)),
                next: Some(self.index(&next)),
            },
        }
    }

    fn index(&self, pos: &Position) -> u32 {
        let i = self
            .solution
            .index
            .index(pos)
            .expect("a position of the table");
        i as u32
    }
}

/// Each position's expected remaining turns, throws and sum of |luck|, before a throw.
struct Expected {
    turns: Vec<f64>,
    throws: Vec<f64>,
    luck: Vec<f64>,
}

impl Expected {
    /// (turns, throws, luck) from `edges`, the throws `own` of the position itself.
    fn over(&self, edges: &[Edge], own: (f64, f64)) -> (f64, f64, f64) {
        let (mut t, mut h, mut u) = (0.0, own.0, own.1);
        for e in edges {
            t += e.weight * e.passed;
            if let Some(j) = e.next {
                let j = j as usize;
                t += e.weight * self.turns[j];
                h += e.weight * self.throws[j];
                u += e.weight * self.luck[j];
            }
        }
        (t, h, u)
    }
}

/// The exact expected lengths of `solution`'s game under `pick` (`Best`: the `optimal`
/// strategy's choices; `Uniform`: `random`'s), to [`TOLERANCE`].
pub fn expected_lengths(
    solution: &Solution,
    pick: Pick,
    cancel: &Cancel,
) -> Result<Lengths, SolveError> {
    let rules = &solution.rules;
    if rules.pawns > MAX_PAWNS {
        return Err(SolveError::TooManyPawns {
            pawns: rules.pawns,
            limit: PawnLimit::Lengths,
        });
    }
    let policy = Policy { solution, pick };
    let n = solution.index.len();
    let (starts, edges, swing) = graph(&policy, n);
    // The sweep order: most progress first, as the solver's.
    let mut order: Vec<u32> = (0..n as u32).collect();
    order.sort_by_key(|&i| {
        std::cmp::Reverse(progress(
            rules.pawns,
            &solution.index.position(u64::from(i)),
        ))
    });
    let zeros = vec![0.0f64; n as usize];
    let mut e = Expected {
        turns: zeros.clone(),
        throws: zeros.clone(),
        luck: zeros,
    };
    let mut sweeps = 0;
    let mut change = f64::INFINITY;
    while change > TOLERANCE {
        if cancel.is_cancelled() {
            return Err(SolveError::Interrupted);
        }
        if sweeps == MAX_SWEEPS {
            return Err(SolveError::NoConvergence(change));
        }
        change = 0.0;
        for &i in &order {
            let i = i as usize;
            let (t, h, u) = e.over(&edges[starts[i]..starts[i + 1]], (1.0, swing[i]));
            change = change
                .max((t - e.turns[i]).abs())
                .max((h - e.throws[i]).abs())
                .max((u - e.luck[i]).abs());
            e.turns[i] = t;
            e.throws[i] = h;
            e.luck[i] = u;
        }
        sweeps += 1;
    }
    let start = from_start(&policy, &e);
    Ok(Lengths {
        turns: start.turns,
        throws: start.throw_off + start.throws,
        sweeps,
        last_change: change,
        reached: reached(&starts, &edges, &start.roots),
        positions: n,
        luck_per_throw: start.luck / start.throws,
    })
}

/// Every position's edges (`edges[starts[i]..starts[i + 1]]`), and its expected |luck| of the
/// next throw: `Σ p · |best chance once v is known − chance before|`.
fn graph(policy: &Policy, n: u64) -> (Vec<usize>, Vec<Edge>, Vec<f64>) {
    let solution = policy.solution;
    let lookup = |p: &Position| solution.covered(p);
    let mut starts = Vec::with_capacity(n as usize + 1);
    let mut edges = Vec::new();
    let mut swing = Vec::with_capacity(n as usize);
    let mut scratch = MoveList::new();
    starts.push(0);
    for i in 0..n {
        let pos = solution.index.position(i);
        let best: Vec<(f64, f64)> = (solution.throws.iter())
            .map(|&(v, p)| {
                let b = throw_value(&solution.rules, &pos, v, Pick::Best, &lookup, &mut scratch);
                (p, b)
            })
            .collect();
        let before: f64 = best.iter().map(|(p, b)| p * b).sum();
        swing.push(best.iter().map(|(p, b)| p * (b - before).abs()).sum());
        for &(value, p) in &solution.throws {
            policy.throw_edges(&pos, value, p, &mut edges);
        }
        starts.push(edges.len());
    }
    (starts, edges, swing)
}

/// A whole game's expectations from the start, and the positions it starts from.
struct Start {
    /// Turns, the first one counted.
    turns: f64,
    /// Throws played (the throw-off's left out).
    throws: f64,
    /// The throw-off's throws.
    throw_off: f64,
    /// The sum of |luck| of the throws played.
    luck: f64,
    roots: Vec<u32>,
}

/// The expectations of a whole game from the start, as the game loop opens it (the opening
/// throw-off, its value played or its opening step, the starter).
fn from_start(policy: &Policy, e: &Expected) -> Start {
    let rules = &policy.solution.rules;
    // The throws of a throw-off until the value: a geometric count of mean 1/p.
    let throw_off = |v: u8| {
        let p: f64 = (policy.solution.throws.iter())
            .filter(|&&(x, _)| x == v)
            .map(|&(_, p)| p)
            .sum();
        1.0 / p
    };
    // (turns, throws played, throw-off, luck) of a start by `side`.
    let from = |side: Side, roots: &mut Vec<u32>| -> [f64; 4] {
        let mut pos = start_position(rules).with_to_move(side);
        let at = |pos: &Position, roots: &mut Vec<u32>| {
            let i = policy.index(pos);
            roots.push(i);
            let i = i as usize;
            (e.turns[i], e.throws[i], e.luck[i])
        };
        let ((t, h, u), off) = match rules.first_throw {
            Some(v) if rules.opening_step => {
                if let Some(step) = front_step(&pos) {
                    pos = step.after;
                }
                (at(&pos, roots), throw_off(v))
            }
            Some(v) => {
                // The throw-off's last throw is played: its outcomes, no throw more, no luck.
                let mut edges = Vec::new();
                policy.throw_edges(&pos, v, 1.0, &mut edges);
                roots.extend(edges.iter().filter_map(|x| x.next));
                (e.over(&edges, (0.0, 0.0)), throw_off(v))
            }
            None => (at(&pos, roots), 0.0),
        };
        [1.0 + t, h, off, u]
    };
    let mut roots = Vec::new();
    let mix = |a: [f64; 4], b: [f64; 4], w: f64| -> [f64; 4] {
        std::array::from_fn(|k| (1.0 - w) * a[k] + w * b[k])
    };
    let [turns, throws, throw_off, luck] = match rules.starter {
        Starter::White => from(Side::White, &mut roots),
        Starter::Black => from(Side::Black, &mut roots),
        Starter::Random => {
            let (a, b) = (from(Side::White, &mut roots), from(Side::Black, &mut roots));
            mix(a, b, 0.5)
        }
        // White throws, then black, who starts with a strictly higher value: two throws more,
        // played before the first move, counted as a throw-off's.
        Starter::HigherThrow => {
            let black = black_starts(&policy.solution.throws);
            let (a, b) = (from(Side::White, &mut roots), from(Side::Black, &mut roots));
            let [t, h, off, u] = mix(a, b, black);
            [t, h, off + 2.0, u]
        }
    };
    Start {
        turns,
        throws,
        throw_off,
        luck,
        roots,
    }
}

/// Positions reachable from `roots` along edges of positive weight.
fn reached(starts: &[usize], edges: &[Edge], roots: &[u32]) -> u64 {
    let mut seen = vec![false; starts.len() - 1];
    let mut stack: Vec<u32> = roots.to_vec();
    let mut count = 0;
    while let Some(i) = stack.pop() {
        if std::mem::replace(&mut seen[i as usize], true) {
            continue;
        }
        count += 1;
        for e in &edges[starts[i as usize]..starts[i as usize + 1]] {
            if let Some(j) = e.next.filter(|_| e.weight > 0.0) {
                if !seen[j as usize] {
                    stack.push(j);
                }
            }
        }
    }
    count
}
