//! Legal-move generation: a pure function of (rules, position, throw).
//!
//! A [`Move`] is a plain value that carries the position it produces, so applying it is a copy.

mod definition;
mod general;
mod moves;

pub use definition::{defined_moves_into, split_rest_into};
pub use general::may_bear_off;
pub use moves::{Effects, Kind, Move, MoveList, MAX_MOVES};

use crate::board::{bit, squares, Position, Side, ENTRY, LAST_SQUARE};
use crate::masks::spread_below;
#[cfg(doc)]
use crate::masks::{Masks, ThrowMasks};
use crate::rules::{Capture, Rules};
use crate::throws::{below, GameRng};
use general::{context, forced_and_stay, held_in_water, may_enter, rethrow_right, Gen, GenContext};

/// The legal moves of the side to move in `pos` for a throw of `value`.
/// An empty list means the throw cannot be used: the turn (or this throw) passes.
pub fn legal_moves(rules: &Rules, pos: &Position, value: u8) -> MoveList {
    let mut out = MoveList::new();
    legal_moves_into(rules, pos, value, &mut out);
    out
}

/// The bulk part of generation for one throw: which pawns make a plain step and which need
/// the general path. A plain step is a move with no exit, no special square on arrival and no
/// swap-free capture, that crosses no wall or checkpoint and lands on an empty square or on an
/// opponent that can be hit; those are found for every pawn at once with bit masks.
struct Bulk {
    /// Context of the general path.
    gen: GenContext,
    /// Pawns whose move is a plain step.
    plain: u32,
    /// Pawns that need the general path (pawns it would give no move are left out).
    special: u32,
    /// The pawn among `special` whose only move is a plain exact bear-off (0 or one bit).
    exit: u32,
}

/// The bit masks of one throw of the side to move (see [`Bulk`]): the rule set's fixed masks
/// for the throw ([`ThrowMasks`], computed once) and what the position adds to them.
#[inline(always)]
fn bulk(rules: &Rules, pos: &Position, value: u8) -> Bulk {
    bulk_with(rules, pos, context(rules, pos), value)
}

/// [`bulk`] with the position's context found already (the same for every throw).
#[inline(always)]
fn bulk_with(rules: &Rules, pos: &Position, ctx: GenContext, value: u8) -> Bulk {
    let me = pos.to_move;
    let own = pos.side(me);
    let opp = pos.side(me.other());
    let v = value as u32;
    let masks = rules.masks();
    let t = &masks.throws[value as usize & 7];
    // Sources whose step of v crosses a barrier square: a checkpoint (fixed) or a wall.
    let cross = t.cross | spread_below(ctx.wall, v);
    // A taken refuge sends the arriving pawn back (empty-board); an opponent there is hit
    // by the general path unless captures swap, and a hit may send the pawn into the water.
    let arrival = (rules.occupied_refuges.0 & pos.occupied()) | (opp & masks.opp_arrival);
    let special = own & (t.special | (arrival >> v));
    let plain = own & !special & !cross & !(own >> v) & !((opp & ctx.guarded) >> v);
    // Special pawns whose general path cannot give a move, as `Gen::forward` decides: an
    // exit-only square left without the exact throw, a pawn whose step crosses a wall or a
    // checkpoint, a step past the exact bear-off, and leaving the board before the side may
    // bear off.
    let bear_off = (ctx.bear_off as u32).wrapping_neg();
    let dead = t.dead | (cross & !rules.exit_only_squares.0) | (t.dead_unless_bear_off & !bear_off);
    // A step across a checkpoint that drops the pawn in the water: the general path decides.
    let trapped = own & t.trap;
    let special = (special | trapped) & !(dead & !trapped);
    // The exact bear-off as a plain move: crossing no barrier, under a rule that lets it leave.
    let exit = special & t.exact & !cross & t.exit_allowed & bear_off;
    Bulk {
        gen: ctx,
        plain,
        special,
        exit,
    }
}

/// The plain step of the side to move's pawn on `s` by `v` squares (a capture when an
/// opponent stands on the landing square: the two pawns swap).
#[inline(always)]
fn plain_step(pos: &Position, s: u8, v: u8) -> Move {
    let me = pos.to_move;
    let (own, opp) = (pos.side(me), pos.side(me.other()));
    let t = s + v;
    let step = bit(s) | bit(t);
    let hit = (opp >> t) & 1;
    let (new_own, new_opp) = (own ^ step, opp ^ (step & hit.wrapping_neg()));
    let after = Position {
        pawns: if me == Side::White {
            [new_own, new_opp]
        } else {
            [new_opp, new_own]
        },
        forced: None,
        ..*pos
    };
    Move::new(Kind::Step { from: s, to: t }, after).with(Effects(Effects::CAPTURE.0 * hit as u8))
}

/// Whether the bit-mask fast path knows every option of `rules`; when it does not, moves come
/// from the definition ([`defined_moves_into`]). Decided once per rule set (`Masks::fast`),
/// where every option is named, so that a new one does not compile until it is declared
/// covered (the fast path sends the pawns it affects to the general path, and the
/// random-rule-set property test holds it to the definition) or not (then the rule sets that
/// use it fall back).
#[inline(always)]
pub fn fast_path_covers(rules: &Rules) -> bool {
    rules.masks().fast
}

/// Like [`legal_moves`], writing into a cleared `out` (no copy of the list on the hot path).
#[inline]
pub fn legal_moves_into(rules: &Rules, pos: &Position, value: u8, out: &mut MoveList) {
    // A pawn bound to the return square (either side's) is rare: the definition plays those positions.
    if !fast_path_covers(rules) || pos.bound {
        return defined_moves_into(rules, pos, value, out);
    }
    out.clear();
    if held_in_water(rules, pos).is_some() {
        let ctx = context(rules, pos);
        Gen::new(rules, pos, &ctx).lone_pawn(value, ctx.bear_off, out);
    } else {
        pawn_moves_into(rules, pos, value, out);
    }
    if let Some(at) = rethrow_right(rules, pos, value) {
        out.push(Move::new(Kind::Rethrow { at }, *pos));
    }
}

/// What the moves of every throw in a position share (the opponent's walls and guarded
/// squares, whether the side to move may bear off), found once for `split_moves_into`.
#[derive(Clone, Copy)]
pub struct Shared(GenContext);

impl Shared {
    /// What the moves of the side to move of `pos` share, under `rules`.
    #[inline(always)]
    pub fn of(rules: &Rules, pos: &Position) -> Shared {
        Shared(context(rules, pos))
    }
}

/// The moves of [`legal_moves_into`] cut in two for a caller that needs only where a plain step
/// leads (the solver's successors): `Some(plain)` when they are, in this order, the plain steps
/// of the pawns of `plain` (ascending; each a step of `value` squares onto an empty square or
/// an opponent, the two pawns then swapping, with no other effect and no points left), then
/// the moves written into `rest` (`shared`: [`Shared::of`] `pos`). `None` when there is no plain step, when a pawn is forced,
/// bound or held in the water, or when a "stay" choice may follow: the caller takes
/// [`legal_moves_into`] (`rest` is then left as it is).
#[inline(always)]
pub(crate) fn split_moves_into(
    rules: &Rules,
    pos: &Position,
    shared: Shared,
    value: u8,
    rest: &mut MoveList,
) -> Option<u32> {
    if !fast_path_covers(rules)
        || pos.bound
        || pos.forced.is_some()
        || held_in_water(rules, pos).is_some()
    {
        return None;
    }
    let Bulk {
        gen: ctx,
        plain,
        special,
        exit,
    } = bulk_with(rules, pos, shared.0, value);
    // A plain step from a square that is not optional: no "stay" (`forced_and_stay`); with
    // a move, no backward moves.
    let optional = rules.optional_squares.0;
    if plain == 0 || (optional != 0 && plain & !optional == 0) {
        return None;
    }
    rest.clear();
    let g = Gen::new(rules, pos, &ctx);
    special_moves_into(rules, pos, &g, (special, exit, ctx.bear_off), value, rest);
    if let Some(at) = rethrow_right(rules, pos, value) {
        rest.push(Move::new(Kind::Rethrow { at }, *pos));
    }
    Some(plain)
}

/// The forward moves that follow the plain steps, in [`legal_moves_into`]'s order: those of the
/// pawns of `special` (ascending; the pawn of `exit`, a plain exact bear-off, built here), then
/// a waiting pawn's entry; `bear_off`: whether the side may bear off.
#[inline(always)]
fn special_moves_into(
    rules: &Rules,
    pos: &Position,
    g: &Gen,
    (special, exit, bear_off): (u32, u32, bool),
    value: u8,
    out: &mut MoveList,
) {
    for s in squares(special) {
        if bit(s) == exit {
            out.push(plain_exit(pos, s));
        } else {
            g.forward(s, value, bear_off, out);
        }
    }
    if may_enter(rules, pos, value) {
        g.forward(ENTRY, value, bear_off, out);
    }
}

/// The moves of [`legal_moves_into`] when no pawn is held in the water, before the re-throw.
#[inline(always)]
fn pawn_moves_into(rules: &Rules, pos: &Position, value: u8, out: &mut MoveList) {
    let Bulk {
        gen: ctx,
        plain,
        special,
        exit,
    } = bulk(rules, pos, value);
    // Plain steps first (ascending), then the pawns that need the general path (ascending).
    for s in squares(plain) {
        out.push(plain_step(pos, s, value));
    }
    let g = Gen::new(rules, pos, &ctx);
    special_moves_into(rules, pos, &g, (special, exit, ctx.bear_off), value, out);
    if out.is_empty() {
        // Backward moves, ascending: plain steps built here, hits and falls in the water by
        // the general path; the other pawns have none.
        let (back, back_special) = backward_steps(rules, pos, value, ctx);
        for s in squares(back | back_special) {
            if back & bit(s) != 0 {
                out.push(plain_back_step(pos, s, value));
            } else {
                g.backward(s, value, out);
            }
        }
    }
    forced_and_stay(rules, pos, out);
}

/// The choices for `points` left over after bearing off (`residual_points`), written into `out`:
/// the legal moves of a throw of `points`, and, when there is one, a last choice to keep the
/// points unplayed (from = to = 31): 003 says they "possono essere utilizzati" (may be used).
///
/// With `split_throws`, the moves of the rest of the throw ([`split_rest_into`]): no keeping.
pub fn residual_moves_into(rules: &Rules, pos: &Position, points: u8, out: &mut MoveList) {
    if rules.split_throws {
        return split_rest_into(rules, pos, points, out);
    }
    legal_moves_into(rules, pos, points, out);
    if !out.is_empty() {
        out.push(Move::new(Kind::KeepPoints, *pos));
    }
}

/// The move a uniform random choice makes: exactly `moves[below(rng, moves.len())]` where
/// `moves` is [`legal_moves`]`(rules, pos, value)`, with the same single draw from `rng`, and
/// `None` (no draw) when no move is legal. Plain steps and the exact bear-off are never built
/// but the chosen one: only the moves of the pawns that need the general path go into
/// `scratch`, and the draw ranges over the plain steps (ascending), then those moves, then the
/// bear-off: the order of [`legal_moves`]. With no forward move, plain backward steps are
/// drawn the same way. Entries, a forced pawn, a pawn held in the water, a possible "stay" or
/// "re-throw" choice, backward hits and backward falls in the water take the general path.
// Inlined into the game loop so that the chosen move stays in registers: returned through
// memory, its fields are stored one byte at a time and read back whole, a load the processor
// cannot forward from its store buffer (a stall of a dozen cycles on every throw).
#[inline(always)]
pub fn uniform_move(
    rules: &Rules,
    pos: &Position,
    value: u8,
    rng: &mut GameRng,
    scratch: &mut MoveList,
) -> Option<Move> {
    uniform_move_by(rules, pos, value, rng, scratch, Portable)
}

/// [`uniform_move`], the `k`-th pawn of a bit set found by `kth` (the same square whichever).
#[inline(always)]
pub(crate) fn uniform_move_by(
    rules: &Rules,
    pos: &Position,
    value: u8,
    rng: &mut GameRng,
    scratch: &mut MoveList,
    kth: impl KthSquare,
) -> Option<Move> {
    // The fixed masks say at once whether a pawn is held in the water, a re-throw may be
    // chosen or a waiting pawn may enter (`held_in_water`, `rethrow_right`, `may_enter`).
    let t = &rules.masks().throws[value as usize & 7];
    if fast_path_covers(rules)
        && pos.side(pos.to_move) & t.general == 0
        && !pos.bound
        && pos.forced.is_none()
        && !(pos.waiting[pos.to_move.index()] > 0 && t.enters)
    {
        let Bulk {
            gen: ctx,
            plain,
            special,
            exit,
        } = bulk(rules, pos, value);
        // The bear-off comes last only when no other special pawn stands above it.
        let exit = if special & !exit < exit { exit } else { 0 };
        let others = special & !exit;
        // The moves of the other special pawns: scratch[..listed] (usually none).
        let listed = if others != 0 {
            scratch.clear();
            // A copy: the position's own address, given to a call, would keep the caller's
            // state in memory on the hot path.
            let copy = *pos;
            let g = Gen::new(rules, &copy, &ctx);
            for s in squares(others) {
                g.forward(s, value, ctx.bear_off, scratch);
            }
            scratch.len()
        } else {
            0
        };
        let steps = plain.count_ones() as usize;
        let n = steps + listed + (exit != 0) as usize;
        // With a move from a square that is not optional, no "stay" choice is added.
        let optional = rules.optional_squares.0;
        let no_stay = optional == 0
            || (plain | exit) & !optional != 0
            || scratch[..listed]
                .iter()
                .any(|m| m.from().is_none_or(|f| !rules.optional_squares.has(f)));
        if n > 0 && no_stay {
            let k = below(rng, n);
            return Some(if k < steps {
                plain_step(pos, kth.kth(plain, k, pawn_bound(rules, pos)), value)
            } else if k - steps < listed {
                scratch[k - steps]
            } else {
                plain_exit(pos, exit.trailing_zeros() as u8)
            });
        }
        if n == 0 {
            // No forward move: the backward ones, when all are plain (ascending, as listed).
            let (back, back_special) = backward_steps(rules, pos, value, ctx);
            if back_special == 0 {
                if back == 0 {
                    return None;
                }
                if optional == 0 || back & !optional != 0 {
                    let k = below(rng, back.count_ones() as usize);
                    let s = kth.kth(back, k, pawn_bound(rules, pos));
                    return Some(plain_back_step(pos, s, value));
                }
            }
        }
    }
    let copy = *pos;
    legal_moves_into(rules, &copy, value, scratch);
    (!scratch.is_empty()).then(|| scratch[below(rng, scratch.len())])
}

/// The backward moves of the side to move with throw `v`, found in bulk as `Gen::backward`
/// decides them one pawn at a time: `(plain, special)`, the pawns whose backward move lands
/// on an empty square other than the water, and those whose move hits an opponent or lands in
/// the water (the general path makes those).
#[inline(always)]
fn backward_steps(rules: &Rules, pos: &Position, value: u8, ctx: GenContext) -> (u32, u32) {
    let me = pos.to_move;
    let (own, opp) = (pos.side(me), pos.side(me.other()));
    let v = value as u32;
    let mut from =
        own & !((1u32 << (v + 1)) - 1) & !rules.exit_only_squares.0 & !rules.no_backward_from.0;
    // Sources whose step back crosses a wall: wall << k for k in 1..v, branch-free.
    let mut cross = 0u32;
    for k in 1..6u32 {
        cross |= (ctx.wall << k) & ((k < v) as u32).wrapping_neg();
    }
    from &= !cross & !(own << v);
    let hittable = if rules.backward_capture && rules.capture != Capture::None {
        opp & !ctx.guarded
    } else {
        0
    };
    let water = rules.water_bit();
    let plain = from & !(opp << v) & !(water << v);
    let special = from & ((hittable | water) << v);
    (plain, special)
}

/// The side to move's pawn on `s` moved back `v` squares onto an empty square.
#[inline(always)]
fn plain_back_step(pos: &Position, s: u8, v: u8) -> Move {
    let mut after = *pos;
    after.forced = None;
    after.pawns[pos.to_move.index()] ^= bit(s) | bit(s - v);
    Move::new(Kind::Step { from: s, to: s - v }, after).with(Effects::BACKWARD)
}

/// The side to move's pawn on `s` borne off (what `Gen::exit` gives with no residual points).
#[inline(always)]
fn plain_exit(pos: &Position, s: u8) -> Move {
    let mut after = *pos;
    after.forced = None;
    after.pawns[pos.to_move.index()] &= !bit(s);
    Move::new(Kind::BearOff { from: s }, after)
}

/// A bound on the side to move's pawns on the board: the rule set's count (the same all game
/// long, so loops bounded by it end where the processor expects), or more in a position built
/// by hand.
#[inline(always)]
fn pawn_bound(rules: &Rules, pos: &Position) -> u32 {
    (rules.pawns as u32).max(pos.on_board(pos.to_move) as u32)
}

/// How the square of the `k`-th lowest set bit of a bit set is found (`k` below the number of
/// set bits, which is at most `pawns`): every way gives the same square.
pub trait KthSquare: Copy {
    /// The square of the `k`-th lowest set bit of `bits`.
    fn kth(self, bits: u32, k: usize, pawns: u32) -> u8;
}

/// The k-th square by a loop any processor runs: branch-free, `pawns - 1` rounds whatever `k`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Portable;

impl KthSquare for Portable {
    #[inline(always)]
    fn kth(self, bits: u32, k: usize, pawns: u32) -> u8 {
        nth_square(bits, k, pawns)
    }
}

/// The square of the `k`-th lowest set bit of `bits` (`k` below the number of set bits, which
/// is at most `pawns`). Branch-free: the loop runs `pawns - 1` times whatever `k`, a drawn
/// number the processor could not predict, while `pawns` changes slowly.
#[inline(always)]
fn nth_square(mut bits: u32, k: usize, pawns: u32) -> u8 {
    for i in 1..pawns as usize {
        // Clears the lowest bit while i <= k.
        bits &= bits.wrapping_sub((i <= k) as u32);
    }
    bits.trailing_zeros() as u8
}

/// Effects at the start of a side's turn, before it throws: with `free_exit_from_30`, a pawn
/// resting on 30 is borne off. Returns the number of pawns so borne off.
pub fn start_of_turn(rules: &Rules, pos: &mut Position) -> u8 {
    let me = pos.to_move;
    if rules.free_exit_from_30
        && pos.side(me) & bit(LAST_SQUARE) != 0
        && may_bear_off(rules, pos, me)
    {
        pos.pawns[me.index()] &= !bit(LAST_SQUARE);
        return 1;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::start_position;
    use crate::throws::{stream, Device, SeededThrower, Thrower};
    use crate::turn::after_throw;
    use crate::variants::VARIANTS;

    #[test]
    fn bit_masks_give_the_moves_of_the_definition_in_its_order() {
        let mut checked = 0;
        for variant in VARIANTS {
            let rules = Rules::preset(variant.id).unwrap();
            for game in 0..60u64 {
                let mut throws = SeededThrower::new(&Device::Coins, game);
                let mut rng = stream(game, 2);
                let mut pos = start_position(&rules);
                for _ in 0..600 {
                    for value in rules.possible_values() {
                        let fast = legal_moves(&rules, &pos, value);
                        let mut defined = MoveList::new();
                        defined_moves_into(&rules, &pos, value, &mut defined);
                        assert_eq!(fast, defined, "{} {:?} throw {value}", variant.id, pos);
                        checked += 1;
                    }
                    let value = rules.throw_values[throws.throw_marked() as usize];
                    let moves = legal_moves(&rules, &pos, value);
                    let played = (!moves.is_empty()).then(|| moves[below(&mut rng, moves.len())]);
                    if let Some(m) = played {
                        pos = m.after;
                    }
                    if pos.finished(Side::White) || pos.finished(Side::Black) {
                        break;
                    }
                    after_throw(&rules, &mut pos, value, played.as_ref());
                }
            }
        }
        assert!(checked > 100_000, "{checked} positions and throws checked");
    }

    #[test]
    fn nth_square_counts_set_bits_from_the_lowest() {
        let bits = (1 << 3) | (1 << 9) | (1 << 17) | (1 << 30);
        let found: Vec<u8> = (0..4).map(|k| nth_square(bits, k, 5)).collect();
        assert_eq!(found, [3, 9, 17, 30]);
        assert_eq!(nth_square(1 << 12, 0, 1), 12);
    }
}
