//! The general path of move generation: one pawn at a time, every rule option considered.
//! [`super::legal_moves_into`] sends here the pawns its bit masks cannot settle.

use super::moves::{Effects, Kind, Move, MoveList};
use crate::board::{between, bit, Position, Side, ENTRY, LAST_SQUARE, OFF, REBIRTH};
use crate::rules::{Capture, ExitRule, Rules, WaterTo};

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
        WaterTo::FifteenOrBefore => first_empty_down(occ, REBIRTH),
        WaterTo::FifteenThenOne => {
            if occ & bit(REBIRTH) == 0 {
                Some(REBIRTH)
            } else {
                first_empty_up(occ, 1, LAST_SQUARE)
            }
        }
        WaterTo::OneOrAfter => first_empty_up(occ, 1, LAST_SQUARE),
        WaterTo::Restart if rules.has_entry() => return None,
        WaterTo::Restart => first_empty_up(occ, 1, LAST_SQUARE),
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
            // An entering pawn that falls in the water and restarts: the rule set's check
            // (the water lies beyond every entry square) leaves only pawns of the board here.
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
            let dest = match self.rules.capture {
                Capture::Swap if from != ENTRY => from,
                // An entering pawn has no square to give: the hit pawn goes to 1 or the first free after.
                Capture::Swap => first_empty_up(p.occupied() | bit(to), 1, to - 1)?,
                Capture::SendTo15 => first_empty_down(p.occupied() | bit(to), REBIRTH)?,
                Capture::None => return None,
            };
            p.pawns[oi] |= bit(dest);
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
        if self.rules.replay_squares.has(to) && !fl.has(Effects::BACKWARD) {
            fl |= Effects::REPLAY;
            p.forced = Some(to);
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
        out.push(Move::new(Kind::BearOff { from }, p).leaving(residual));
    }

    /// Forward moves of the pawn on `s` (a waiting pawn when `s` is 0) with throw `v`.
    #[cold]
    pub(super) fn forward(&self, s: u8, v: u8, bear_off: bool, out: &mut MoveList) {
        let rules = self.rules;
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
            return;
        }
        if s != ENTRY && self.wall & between(s, t) != 0 {
            return;
        }
        if t > LAST_SQUARE {
            let allowed = match rules.exit {
                ExitRule::Exact => t == OFF,
                ExitRule::Excess => t == OFF || !rules.exact_exit_squares.has(s),
                ExitRule::OnThirty => s == LAST_SQUARE && t == OFF,
            };
            if allowed && bear_off {
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
            && (rules.capture == Capture::None || self.guarded & bit(t) != 0)
        {
            return;
        }
        let _ = self.land(self.lifted(s), s, to, Effects::NONE, out);
    }

    /// The backward move of the pawn on `s` with throw `v`, if legal.
    #[cold]
    pub(super) fn backward(&self, s: u8, v: u8, out: &mut MoveList) {
        let rules = self.rules;
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
                || self.guarded & bit(t) != 0)
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
