//! The definition of legality: every pawn through the general path, one at a time, in a fixed
//! order ([`defined_moves_into`]). The bit-mask fast path (`movegen.rs`) gives the same lists
//! faster for the rule sets it covers.

use super::general::{context, forced_and_stay, may_enter, rethrow_right, Gen};
use super::moves::{Effects, Kind, Move, MoveList};
use crate::board::{bit, Position, ENTRY, LAST_SQUARE};
use crate::rules::{Capture, ExitRule, Rules};

/// The squares where a step is not simple, whatever happens there: the water, the replay
/// squares, 30 when pawns leave on it, the taken refuges (`occupied_refuges`), and the
/// opponents' squares when a hit is not an exchange (any hit with `capture` other than
/// "swap"; a hit into the water on `water_hits`; a hit on the pawn bound to move from the return square).
fn special_arrivals(rules: &Rules, pos: &Position) -> u32 {
    let mut s = rules.water_bit() | rules.replay_squares.0;
    if rules.exit == ExitRule::OnThirty {
        s |= bit(LAST_SQUARE);
    }
    s |= rules.occupied_refuges.0 & pos.occupied();
    if rules.capture != Capture::Swap {
        s |= pos.side(pos.to_move.other());
    }
    // A hit that sends the pawn into the water (`water_hits`), or frees the pawn bound to move
    // from the return square, is no exchange.
    let bound = if pos.bound {
        bit(rules.return_square)
    } else {
        0
    };
    s | ((rules.water_hits.0 | bound) & pos.side(pos.to_move.other()))
}

/// Whether `m`, a forward move of the pawn on `from` with throw `v`, is a simple step: it ends
/// on `from + v`, not one of the [`special_arrivals`], with nothing else happening but an
/// exchange with the pawn hit there. The definition lists these first.
fn is_simple_step(m: &Move, from: u8, v: u8, special: u32) -> bool {
    let to = from + v;
    m.kind() == (Kind::Step { from, to })
        && special & bit(to) == 0
        && (m.effects() == Effects::NONE || m.effects() == Effects::CAPTURE)
}

/// The legal moves of the side to move in `pos` for a throw of `value`: **the definition**,
/// every pawn through the general path, one at a time. [`super::legal_moves_into`] gives the
/// same list, in the same order, faster; a property test holds the two equal over random rule
/// sets, positions and throws.
///
/// The order: a pawn held in the water alone; otherwise the simple steps (a pawn moved by the
/// throw onto an empty square or exchanging with a pawn it hits, not onto a special square:
/// the water, a replay square, 30 when pawns leave on it, a taken refuge) by ascending square,
/// then every other forward move by ascending square (a pawn's moves in the order the general
/// path makes them), then the entry of a waiting pawn; with none of these, the backward moves
/// by ascending square. Then only the forced pawn's moves when it has one; a "stay" choice when
/// every move comes from an optional square; the re-throw last.
///
/// With `split_throws` each pawn moves by every part of the throw, 1 to the whole, the smaller
/// parts first, each move leaving the rest to play ([`Move::left`]); with `backward_per_pawn`
/// a pawn with no forward move gives its backward moves right after (its own priority).
pub fn defined_moves_into(rules: &Rules, pos: &Position, value: u8, out: &mut MoveList) {
    defined_into(rules, pos, value, true, out);
}

/// The moves of the rest `points` of a split throw (`split_throws`): the definition's pawn
/// moves of those points, without entering a pawn or throwing again.
pub fn split_rest_into(rules: &Rules, pos: &Position, points: u8, out: &mut MoveList) {
    defined_into(rules, pos, points, false, out);
}

/// [`defined_moves_into`], for a whole throw (`whole`: an entry and a re-throw may be chosen)
/// or the rest of a split one.
fn defined_into(rules: &Rules, pos: &Position, value: u8, whole: bool, out: &mut MoveList) {
    out.clear();
    let ctx = context(rules, pos);
    let g = Gen::new(rules, pos, &ctx);
    // The parts a pawn may move by, each leaving the rest.
    let parts = if rules.split_throws { 1 } else { value }..=value;
    let each_part = |one: &mut MoveList, f: &dyn Fn(u8, &mut MoveList)| {
        for k in parts.clone() {
            let n = one.len();
            f(k, one);
            // The rest of the throw (0 for the whole throw: a residual bear-off keeps its own).
            for m in &mut one[n..] {
                m.left += value - k;
            }
        }
    };
    if !g.lone_pawn(value, ctx.bear_off, out) {
        let special = special_arrivals(rules, pos);
        let mut others = MoveList::new();
        for s in crate::board::squares(pos.side(pos.to_move)) {
            let mut one = MoveList::new();
            each_part(&mut one, &|k, o| g.forward(s, k, ctx.bear_off, o));
            if rules.backward_per_pawn && one.is_empty() {
                each_part(&mut one, &|k, o| g.backward(s, k, o));
            }
            for m in one {
                if is_simple_step(&m, s, value, special) {
                    out.push(m);
                } else {
                    others.push(m);
                }
            }
        }
        out.extend(others);
        if whole && may_enter(rules, pos, value) {
            g.forward(ENTRY, value, ctx.bear_off, out);
        }
        if out.is_empty() {
            for s in crate::board::squares(pos.side(pos.to_move)) {
                each_part(out, &|k, o| g.backward(s, k, o));
            }
        }
        first_from_priority(rules, out);
        forced_and_stay(rules, pos, out);
    }
    if let Some(at) = rethrow_right(rules, pos, value).filter(|_| whole) {
        out.push(Move::new(Kind::Rethrow { at }, *pos));
    }
}

/// Only the moves of pawns on `priority_squares` when there is one (Ludii's Bell: `(priority
/// (forEach Site (sites "Symbols") …) (forEach Piece))`).
fn first_from_priority(rules: &Rules, out: &mut MoveList) {
    let first = rules.priority_squares;
    if first.0 != 0 && out.iter().any(|m| m.from().is_some_and(|f| first.has(f))) {
        out.retain(|m| m.from().is_some_and(|f| first.has(f)));
    }
}
