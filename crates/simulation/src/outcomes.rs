//! A position's outcomes as plain numbers: for each throw, each choice's next position (its
//! index and flags), so that a sweep of value iteration is arithmetic over arrays. The outcome
//! graph of [`crate::solver`] and the groups of [`crate::layered`] are lists of these.

use senet_engine::movegen::MoveList;
use senet_engine::solve::backup::{throw_outcomes, Fold, Outcome, Pick};
use senet_engine::solve::{progress, Sweep};

/// An outcome's value for the player who chose is `1 - x` (the other side moves next, or won).
pub(crate) const FLIP: u32 = 1 << 31;
/// The first outcome of a move.
pub(crate) const FIRST: u32 = 1 << 30;
/// Read `x` as it was at the start of the sweep (a position of the same or a lower progress).
pub(crate) const OLD: u32 = 1 << 29;
/// The game is over: `x = 1`.
pub(crate) const END: u32 = 1 << 28;
/// The first outcome of a throw.
pub(crate) const THROW: u32 = 1 << 27;
/// The bits of a position's index.
pub(crate) const INDEX: u32 = THROW - 1;

/// One position's outcomes.
pub(crate) fn outcomes(sweep: &Sweep, i: u32, out: &mut Vec<u32>) -> Option<f64> {
    let index = sweep.index;
    let pos = index.position(u64::from(i));
    let k = sweep.rules.pawns;
    if let Some(v) = sweep.race_value(&pos) {
        return Some(v);
    }
    let level = progress(k, &pos);
    let mut moves = MoveList::new();
    for &(v, _) in sweep.throws {
        let mut throw = THROW;
        throw_outcomes(sweep.rules, &pos, v, &mut moves, &mut |first, o| {
            let code = match o {
                Outcome::Won => END,
                Outcome::Lost => END | FLIP,
                Outcome::Next(next) => {
                    let j = index.index(&next).expect("the numbering covers the game");
                    let flip = if next.to_move == pos.to_move { 0 } else { FLIP };
                    let old = if progress(k, &next) <= level { OLD } else { 0 };
                    j as u32 | flip | old
                }
            };
            out.push(code | throw | if first { FIRST } else { 0 });
            throw = 0;
        });
    }
    None
}

/// The value for the side to move of a position from its outcomes.
#[inline]
pub(crate) fn evaluate(
    entries: &[u32],
    throws: &[(u8, f64)],
    pick: Pick,
    read: &impl Fn(u32) -> f64,
) -> f64 {
    let mut total = 0.0;
    let mut t = 0;
    let mut fold = Fold::new(pick);
    for (n, &e) in entries.iter().enumerate() {
        if e & THROW != 0 && n > 0 {
            total += throws[t].1 * fold.value();
            t += 1;
            fold = Fold::new(pick);
        }
        let x = if e & END != 0 { 1.0 } else { read(e) };
        fold.add(e & FIRST != 0, if e & FLIP != 0 { 1.0 - x } else { x });
    }
    total + throws[t].1 * fold.value()
}
