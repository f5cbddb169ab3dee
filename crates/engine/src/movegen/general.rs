//! The general path of move generation, and the definition of legality: one pawn at a time,
//! every rule option considered ([`defined_moves_into`]). The fast path in `movegen.rs`
//! sends here the pawns its bit masks cannot settle, and shares the rules' helpers below
//! (who may bear off, which squares are guarded, the water, the entry, the re-throw).

use super::moves::{Effects, Kind, Move, MoveList};
use crate::board::{
    between, bit, paired, row_pairs, row_runs, walls, Position, Side, BOARD_MASK, ENTRY, FIRST_ROW,
    LAST_ROW, LAST_SQUARE, OFF,
};
use crate::rules::{BearOffWhen, Capture, ExitRule, Protection, Rules, WaterTo};

/// What the general path needs besides the rules, the position and the throw.
#[derive(Clone, Copy)]
pub(super) struct GenContext {
    /// Opponent walls (runs of three) when the rules have blockades.
    pub(super) wall: u32,
    /// Opponent squares that cannot be landed on.
    pub(super) guarded: u32,
    /// Whether the side to move may bear off.
    pub(super) bear_off: bool,
}

/// First empty square scanning down from `start` (start, start-1, ..., 1).
fn first_empty_down(occ: u32, start: u8) -> Option<u8> {
    (1..=start).rev().find(|&s| occ & bit(s) == 0)
}

/// First empty square scanning up from `start` up to `limit` inclusive.
fn first_empty_up(occ: u32, start: u8, limit: u8) -> Option<u8> {
    (start..=limit).find(|&s| occ & bit(s) == 0)
}

/// Where a pawn that fell in the water rests, in a position where it has already been lifted.
/// `None` means it goes back to the waiting pawns; `Some(0)` that no square is free.
fn water_destination(rules: &Rules, occ: u32) -> Option<u8> {
    let dest = match rules.water_to {
        WaterTo::ReturnOrBefore => first_empty_down(occ, rules.return_square),
        WaterTo::ReturnThenOne => {
            if occ & bit(rules.return_square) == 0 {
                Some(rules.return_square)
            } else {
                first_empty_up(occ, 1, LAST_SQUARE)
            }
        }
        WaterTo::OneOrAfter => first_empty_up(occ, 1, LAST_SQUARE),
        WaterTo::Restart if rules.has_entry() => return None,
        WaterTo::Restart => first_empty_up(occ, 1, LAST_SQUARE),
        // The pawn rests in the water itself.
        WaterTo::Held => rules.water_square,
    };
    Some(dest.unwrap_or(0))
}

/// Context shared by the helpers of one generation call.
pub(super) struct Gen<'a> {
    pub(super) rules: &'a Rules,
    pub(super) pos: Position,
    pub(super) me: Side,
    pub(super) own: u32,
    pub(super) opp: u32,
    /// Opponent walls (runs of three) when the rules have blockades.
    pub(super) wall: u32,
    /// Opponent squares that cannot be landed on.
    pub(super) guarded: u32,
}

impl<'a> Gen<'a> {
    /// The general path for the side to move in `pos`, with its opponents' walls and guarded
    /// squares from `ctx`.
    #[inline]
    pub(super) fn new(rules: &'a Rules, pos: &Position, ctx: &GenContext) -> Gen<'a> {
        let me = pos.to_move;
        Gen {
            rules,
            pos: *pos,
            me,
            own: pos.side(me),
            opp: pos.side(me.other()),
            wall: ctx.wall,
            guarded: ctx.guarded,
        }
    }

    /// The position with the mover's pawn lifted from `from` (a waiting pawn when `from` is 0).
    fn lifted(&self, from: u8) -> Position {
        let mut p = self.pos;
        p.forced = None;
        p.bound &= from != self.rules.return_square;
        if from == ENTRY {
            p.waiting[self.me.index()] -= 1;
        } else {
            p.pawns[self.me.index()] &= !bit(from);
        }
        p
    }

    /// The move of the pawn from `from` (a waiting pawn when it is 0) that rests on `to`
    /// (`None`: back among the waiting pawns).
    fn pawn_move(from: u8, to: Option<u8>, effects: Effects, after: Position) -> Move {
        let kind = match (from, to) {
            (ENTRY, Some(to)) => Kind::Enter { to },
            (from, Some(to)) => Kind::Step { from, to },
            // Back among the waiting pawns: from the board, or (a water square among the first
            // six) a waiting pawn that entered straight into the water (from 0).
            (from, None) => Kind::Restart { from },
        };
        Move::new(kind, after).with(effects)
    }

    /// Lands the lifted pawn on `to`, hitting an opponent there; `from` is where it came from.
    /// Returns `None` when the hit pawn has nowhere to go.
    fn land(
        &self,
        mut p: Position,
        from: u8,
        to: u8,
        mut fl: Effects,
        out: &mut MoveList,
    ) -> Option<()> {
        let (mi, oi) = (self.me.index(), self.me.other().index());
        if p.pawns[oi] & bit(to) != 0 {
            fl |= Effects::CAPTURE;
            p.pawns[oi] &= !bit(to);
            p.bound &= to != self.rules.return_square;
            let dest = match self.rules.capture {
                // Ludii's Kendall: hit on 28-30 (only while the water is empty), into the water.
                _ if self.rules.water_hits.has(to) => self.rules.water_square?,
                Capture::Swap if from != ENTRY => from,
                // An entering pawn has no square to give: the hit pawn goes to 1 or the first free after.
                Capture::Swap => first_empty_up(p.occupied() | bit(to), 1, to - 1)?,
                Capture::SendToReturn => {
                    first_empty_down(p.occupied() | bit(to), self.rules.return_square)?
                }
                Capture::SendToStart => {
                    first_empty_up(p.occupied() | bit(to) | bit(from), 1, LAST_SQUARE)?
                }
                // Ludii's Bell: the hit pawn leaves the game.
                Capture::Remove => 0,
                Capture::None => return None,
            };
            // Bit 0 is never a square: a removed pawn is set nowhere.
            p.pawns[oi] |= bit(dest) & BOARD_MASK;
        }
        if Some(to) == self.rules.water_square {
            fl |= Effects::WATER;
            if self.rules.water_stay && !fl.has(Effects::BACKWARD) {
                let mut stay = p;
                stay.pawns[mi] |= bit(to);
                out.push(Self::pawn_move(from, Some(to), fl, stay));
            }
            match water_destination(self.rules, p.occupied()) {
                None => {
                    p.waiting[mi] += 1;
                    out.push(Self::pawn_move(from, None, fl, p));
                }
                Some(0) => {}
                Some(dest) => {
                    p.pawns[mi] |= bit(dest);
                    out.push(Self::pawn_move(from, Some(dest), fl, p));
                }
            }
            return Some(());
        }
        if self.rules.bonus_squares.has(to) {
            fl |= Effects::BONUS;
        }
        if self.rules.replay_squares.has(to) && !fl.has(Effects::BACKWARD) {
            fl |= Effects::REPLAY;
            p.force(Some(to));
        }
        p.pawns[mi] |= bit(to);
        out.push(Self::pawn_move(from, Some(to), fl, p));
        Some(())
    }

    /// Bears the pawn on `from` off (or, with `free_exit_from_30`, puts it on 30).
    fn exit(&self, from: u8, residual: u8, out: &mut MoveList) {
        let mut p = self.lifted(from);
        if self.rules.free_exit_from_30 && self.rules.exit_only_squares.has(from) {
            if p.occupied() & bit(LAST_SQUARE) == 0 {
                p.pawns[self.me.index()] |= bit(LAST_SQUARE);
                out.push(Self::pawn_move(from, Some(LAST_SQUARE), Effects::NONE, p));
            }
            return;
        }
        let bonus = self.rules.bonus_on_bear_off && self.rules.bonus_squares.has(from);
        let effects = if bonus { Effects::BONUS } else { Effects::NONE };
        out.push(
            Move::new(Kind::BearOff { from }, p)
                .with(effects)
                .leaving(residual),
        );
    }

    /// Forward moves of the pawn on `s` (a waiting pawn when `s` is 0) with throw `v`.
    #[cold]
    pub(super) fn forward(&self, s: u8, v: u8, bear_off: bool, out: &mut MoveList) {
        let rules = self.rules;
        if s != ENTRY && held_back(rules, &self.pos, s, v, false) {
            return;
        }
        if rules.exit_only_squares.has(s) {
            // Leaving crosses the squares up to 30: a wall there blocks it (passage's 27).
            if self.wall & between(s, OFF) != 0 {
                return;
            }
            if rules.free_exit_from_30 {
                // 28 and 29 move on to 30 with their exact throw; 30 waits for its free exit.
                if s + v == OFF && s != LAST_SQUARE {
                    self.exit(s, 0, out);
                }
            } else if s + v == OFF && bear_off {
                self.exit(s, 0, out);
            }
            return;
        }
        let t = s + v;
        if s != ENTRY && rules.checkpoints.0 & between(s, t) != 0 {
            if rules.checkpoint_trap {
                self.trap(s, out);
            }
            return;
        }
        if s != ENTRY && self.wall & between(s, t) != 0 {
            return;
        }
        if t > LAST_SQUARE {
            if exit_allowed(rules, s, t) && bear_off {
                let residual = if rules.residual_points { t - OFF } else { 0 };
                self.exit(s, residual, out);
            }
            return;
        }
        if rules.exit == ExitRule::OnThirty && t == LAST_SQUARE && bear_off {
            // kendall: "à mesure qu'il les amène exactement sur la case 30" — the pawn leaves
            // as it arrives, so a pawn resting on 30 is no obstacle (unless the old reading).
            if !rules.thirty_blocks_exit || self.pos.occupied() & bit(t) == 0 {
                self.exit(s, 0, out);
            }
            return;
        }
        if s != ENTRY && rules.occupied_refuges.has(t) && self.pos.occupied() & bit(t) != 0 {
            self.bounce(s, v, out);
            return;
        }
        let mut to = t;
        if self.own & bit(t) != 0 {
            if s != ENTRY {
                return;
            }
            // An entering pawn whose square is taken by its own side goes to 1 or the first free after.
            match first_empty_up(self.pos.occupied(), 1, t - 1) {
                Some(free) => to = free,
                None => return,
            }
        } else if self.opp & bit(t) != 0
            && (rules.capture == Capture::None
                || self.guarded & bit(t) != 0
                || self.water_hit_blocked(t))
        {
            return;
        }
        let _ = self.land(self.lifted(s), s, to, Effects::NONE, out);
    }

    /// Whether a hit on `t` would send the pawn into a water that is taken (`water_hits`).
    fn water_hit_blocked(&self, t: u8) -> bool {
        self.rules.water_hits.has(t) && self.pos.occupied() & self.rules.water_bit() != 0
    }

    /// The pawn on `s` whose throw crosses a checkpoint falls in the water, if it is empty
    /// (`checkpoint_trap`).
    #[cold]
    fn trap(&self, s: u8, out: &mut MoveList) {
        let water = self.rules.water_square;
        if let Some(w) = water.filter(|&w| self.pos.occupied() & bit(w) == 0) {
            let _ = self.land(self.lifted(s), s, w, Effects::NONE, out);
        }
    }

    /// The choices of the pawn held in the water on `w` (`water_to = "held"`): a throw that
    /// bears it off from there must be played so (and is lost when bearing off is not yet
    /// allowed); any other goes back to the return square (15) if it is empty, or stays. None gives an
    /// extra throw.
    #[cold]
    fn held(&self, w: u8, v: u8, bear_off: bool, out: &mut MoveList) {
        let t = w + v;
        if t > LAST_SQUARE && exit_allowed(self.rules, w, t) {
            if bear_off {
                self.exit(w, 0, out);
            }
        } else {
            let back = self.rules.return_square;
            if self.pos.occupied() & bit(back) == 0 {
                let mut p = self.lifted(w);
                p.pawns[self.me.index()] |= bit(back);
                p.bound = true;
                out.push(Self::pawn_move(w, Some(back), Effects::NONE, p));
            }
            let mut p = self.pos;
            p.forced = None;
            out.push(Move::new(Kind::Stay { at: w }, p));
        }
        mark_held(out);
    }

    /// The moves when one pawn alone may move, written into `out`: the pawn back from the
    /// water (`bound`), or a pawn kept in the water. Returns false when no pawn is alone.
    #[inline]
    pub(super) fn lone_pawn(&self, v: u8, bear_off: bool, out: &mut MoveList) -> bool {
        if bound_pawn(self.rules, &self.pos) {
            self.bound(v, bear_off, out);
        } else if let Some(water) = held_in_water(self.rules, &self.pos) {
            if self.rules.water_to == WaterTo::Held {
                self.held(water, v, bear_off, out);
            } else {
                self.forward(water, v, bear_off, out);
            }
        } else {
            return false;
        }
        true
    }

    /// The moves of the pawn on the return square back from the water (`bound`): forward,
    /// else backward.
    #[cold]
    fn bound(&self, v: u8, bear_off: bool, out: &mut MoveList) {
        let back = self.rules.return_square;
        self.forward(back, v, bear_off, out);
        if out.is_empty() {
            self.backward(back, v, out);
        }
        mark_held(out);
    }

    /// The backward move of the pawn on `s` with throw `v`, if legal.
    #[cold]
    pub(super) fn backward(&self, s: u8, v: u8, out: &mut MoveList) {
        let rules = self.rules;
        if held_back(rules, &self.pos, s, v, true) {
            return;
        }
        if s <= v || rules.exit_only_squares.has(s) || rules.no_backward_from.has(s) {
            return;
        }
        let t = s - v;
        if self.wall & between(t, s) != 0 || self.own & bit(t) != 0 {
            return;
        }
        if self.opp & bit(t) != 0
            && (!rules.backward_capture
                || rules.capture == Capture::None
                || self.guarded & bit(t) != 0
                || self.water_hit_blocked(t))
        {
            return;
        }
        let _ = self.land(self.lifted(s), s, t, Effects::BACKWARD, out);
    }

    /// The move of the pawn on `s` whose throw `v` ends on a taken refuge (`occupied_refuges`,
    /// 003): "deve muoversi all'indietro di tante caselle quante sono le mosse a sua
    /// disposizione. In mancanza di mosse o se tutte le caselle sono occupate, ci si comporta
    /// come se la pedina fosse finita nella trappola dell'acqua". It moves back `v` squares from
    /// `s`, under the rules of a backward move; when it cannot, or when every refuge is taken,
    /// it falls in the water.
    #[cold]
    fn bounce(&self, s: u8, v: u8, out: &mut MoveList) {
        let rules = self.rules;
        let refuges = rules.occupied_refuges.0;
        let occ = self.pos.occupied();
        let fl = Effects::BOUNCE | Effects::BACKWARD;
        if occ & refuges != refuges && s > v {
            let t = s - v;
            let blocked = self.wall & between(t, s) != 0
                || self.own & bit(t) != 0
                || rules.no_backward_from.has(s)
                || (self.opp & bit(t) != 0
                    && (!rules.backward_capture
                        || rules.capture == Capture::None
                        || self.guarded & bit(t) != 0));
            if !blocked && Some(t) != rules.water_square {
                let _ = self.land(self.lifted(s), s, t, fl, out);
                return;
            }
        }
        if let Some(water) = rules.water_square {
            let _ = self.land(self.lifted(s), s, water, Effects::BOUNCE, out);
        }
    }
}

/// Whether the pawn on `s` may not move with `v` at all, forward or (`backward`) backward: it
/// waits on a queue square for the square in front of it (`queue_squares`), or the square at
/// half its throw holds a pawn of a run of three in a row of the grid (`row_block`).
fn held_back(rules: &Rules, pos: &Position, s: u8, v: u8, backward: bool) -> bool {
    let occ = pos.occupied();
    if rules.queue_squares.has(s) && s < LAST_SQUARE && occ & bit(s + 1) != 0 {
        return true;
    }
    match rules.row_block {
        Some(min) if v >= min => {
            let half = v / 2;
            let m = if backward {
                s.saturating_sub(half)
            } else {
                s + half
            };
            (1..=LAST_SQUARE).contains(&m) && row_runs(occ) & bit(m) != 0
        }
        _ => false,
    }
}

/// Whether a pawn on `s` whose throw reaches `t` (past 30) may leave under the exit rule.
fn exit_allowed(rules: &Rules, s: u8, t: u8) -> bool {
    match rules.exit {
        ExitRule::Exact => t == OFF,
        ExitRule::Excess => t == OFF || !rules.exact_exit_squares.has(s),
        ExitRule::OnThirty => s == LAST_SQUARE && t == OFF,
    }
}

/// Marks every move of `out` as one that gives no extra throw.
fn mark_held(out: &mut MoveList) {
    for m in out.iter_mut() {
        *m = m.with(m.effects() | Effects::HELD);
    }
}

/// Whether `side` may bear off in `pos` under `rules`.
#[inline]
pub fn may_bear_off(rules: &Rules, pos: &Position, side: Side) -> bool {
    let own = pos.side(side);
    match rules.bear_off_when {
        BearOffWhen::Always => true,
        BearOffWhen::AllInLastRow => own & !LAST_ROW == 0 && pos.waiting[side.index()] == 0,
        BearOffWhen::NoneInFirstRow => own & FIRST_ROW == 0 && pos.waiting[side.index()] == 0,
    }
}

/// Opponent squares that cannot be landed on: protected pairs, walls (`wall`: the opponent's
/// walls when the rules have blockades, none otherwise), safe squares, the water.
#[inline(always)]
fn unassailable(rules: &Rules, opp: u32, wall: u32) -> u32 {
    let m = match rules.protection {
        Protection::None => 0,
        Protection::Pairs => paired(opp),
        Protection::PairsAndGrid => paired(opp) | grid_pairs(opp),
        Protection::PairsInRows => row_pairs(opp),
    };
    m | wall | rules.safe_squares.0 | rules.water_bit()
}

/// Ludii's protection along the columns of the 3×10 grid at the turns of the path: a pawn on
/// 20 protected by its side's pawn on 1 (the square above it), one on 11 by a pawn on 30 (the
/// square below). Only the pawn at the turn gains: 1 and 30 are checked along their rows.
#[inline(always)]
fn grid_pairs(opp: u32) -> u32 {
    let mut m = 0;
    if opp & bit(1) != 0 {
        m |= opp & bit(20);
    }
    if opp & bit(LAST_SQUARE) != 0 {
        m |= opp & bit(11);
    }
    m
}

/// The context of the side to move in `pos`.
#[inline(always)]
pub(super) fn context(rules: &Rules, pos: &Position) -> GenContext {
    let me = pos.to_move;
    let opp = pos.side(me.other());
    let wall = if rules.blockade { walls(opp) } else { 0 };
    GenContext {
        wall,
        guarded: unassailable(rules, opp, wall),
        bear_off: may_bear_off(rules, pos, me),
    }
}

/// Whether the side to move's pawn on the return square came back from the water and alone
/// may move.
#[inline(always)]
fn bound_pawn(rules: &Rules, pos: &Position) -> bool {
    pos.bound && pos.side(pos.to_move) & bit(rules.return_square) != 0
}

/// The water square, when the side to move has a pawn kept there (`water_stay`, or held with
/// `water_to = "held"`): its owner moves nothing else until it leaves.
#[inline(always)]
pub(super) fn held_in_water(rules: &Rules, pos: &Position) -> Option<u8> {
    let keeps = rules.water_stay || rules.water_to == WaterTo::Held;
    let water = rules.water_square.filter(|_| keeps)?;
    (pos.side(pos.to_move) & bit(water) != 0).then_some(water)
}

/// Whether a waiting pawn of the side to move may enter with `value`.
#[inline(always)]
pub(super) fn may_enter(rules: &Rules, pos: &Position, value: u8) -> bool {
    pos.waiting[pos.to_move.index()] > 0
        && (rules.entry_values.is_empty() || rules.entry_values.has(value))
}

/// The end of a throw's pawn moves: only the forced pawn's when it has one, and a "stay"
/// choice when every move comes from an optional square.
#[inline(always)]
pub(super) fn forced_and_stay(rules: &Rules, pos: &Position, out: &mut MoveList) {
    if let Some(f) = pos.forced_square() {
        if out.iter().any(|m| m.from() == Some(f)) {
            out.retain(|m| m.from() == Some(f));
        } else if rules.forced_or_restart {
            forced_back(pos, f, out);
        }
    }
    let optional = rules.optional_squares;
    if optional.0 != 0
        && !out.is_empty()
        && out
            .iter()
            .all(|m| m.from().is_some_and(|f| optional.has(f)))
    {
        let mut after = *pos;
        after.forced = None;
        let at = out[0].from().unwrap_or_default();
        out.push(Move::new(Kind::Stay { at }, after));
    }
}

/// `forced_or_restart`: the forced pawn on `f` has no move, so it goes back among the waiting
/// pawns, the only choice.
#[cold]
fn forced_back(pos: &Position, f: u8, out: &mut MoveList) {
    let me = pos.to_move.index();
    let mut after = *pos;
    after.forced = None;
    after.pawns[me] &= !bit(f);
    after.waiting[me] += 1;
    out.clear();
    out.push(Move::new(Kind::Restart { from: f }, after));
}

/// The square that lets the side to move throw this 1 again instead of playing it, when it
/// has a pawn there: `passage`'s 26 ("Lors d'un lancer de «1», le joueur a le droit de relancer").
#[inline(always)]
pub(super) fn rethrow_right(rules: &Rules, pos: &Position, value: u8) -> Option<u8> {
    rules
        .rethrow_square
        .filter(|&s| value == 1 && pos.side(pos.to_move) & bit(s) != 0)
}
