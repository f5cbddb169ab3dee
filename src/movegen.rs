//! Legal-move generation: a pure function of (rules, position, throw).
//!
//! A [`Move`] is a plain value that carries the position it produces, so applying it is a copy.

use crate::board::{
    between, bit, paired, squares, walls, Position, Side, ENTRY, FIRST_ROW, LAST_ROW, LAST_SQUARE,
    OFF,
};
use crate::rules::{BearOffWhen, Capture, ExitRule, Rules, WaterTo};
use arrayvec::ArrayVec;

/// Capacity of a [`MoveList`]. At most 7 pawns each give at most two forward moves (the water
/// square offers "go back" or "stay"), plus one entry and one "stay" choice: 7 * 2 + 2 = 16.
pub const MAX_MOVES: usize = 16;

/// The legal moves of one throw, without a heap allocation.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// Flags describing what a move did.
pub mod flags {
    /// The move went backward because no forward move existed.
    pub const BACKWARD: u8 = 1;
    /// An opponent's pawn was hit.
    pub const CAPTURE: u8 = 2;
    /// The pawn fell in the water square.
    pub const WATER: u8 = 4;
    /// The pawn was borne off.
    pub const EXIT: u8 = 8;
    /// A waiting pawn entered the board.
    pub const ENTRY: u8 = 16;
    /// The pawn landed on a replay square: an extra throw for the same pawn.
    pub const REPLAY: u8 = 32;
    /// The player chose to leave the pawn where it is (an optional square).
    pub const STAY: u8 = 64;
}

/// One legal move and its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// Square the pawn leaves (0 for a waiting pawn entering).
    pub from: u8,
    /// Square where the pawn finally rests after every effect of the move (31: borne off).
    pub to: u8,
    /// What the move did: a combination of [`flags`].
    pub flags: u8,
    /// Points left over after bearing off, to be played with another pawn (`residual_points`).
    pub residual: u8,
    /// The position after the move (same side to move; the runner passes the hand).
    pub after: Position,
}

impl Move {
    /// Whether the move has flag `f`.
    #[inline]
    pub fn has(&self, f: u8) -> bool {
        self.flags & f != 0
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
        WaterTo::FifteenOrBefore => first_empty_down(occ, 15),
        WaterTo::FifteenThenOne => {
            if occ & bit(15) == 0 {
                Some(15)
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

/// Opponent squares that cannot be landed on: protected pairs, walls, safe squares, the water.
#[inline]
fn unassailable(rules: &Rules, opp: u32) -> u32 {
    let mut m = rules.safe_squares.0;
    if rules.protection {
        m |= paired(opp);
    }
    if rules.blockade {
        m |= walls(opp);
    }
    if rules.water_square != 0 {
        m |= bit(rules.water_square);
    }
    m
}

/// Context shared by the helpers of one generation call.
struct Gen<'a> {
    rules: &'a Rules,
    pos: Position,
    me: Side,
    own: u32,
    opp: u32,
    wall: u32,
    guarded: u32,
}

impl Gen<'_> {
    /// The position with the mover's pawn lifted from `from` (a waiting pawn when `from` is 0).
    fn lifted(&self, from: u8) -> Position {
        let mut p = self.pos;
        p.forced = 0;
        if from == ENTRY {
            p.waiting[self.me.index()] -= 1;
        } else {
            p.pawns[self.me.index()] &= !bit(from);
        }
        p
    }

    /// Lands the lifted pawn on `to`, hitting an opponent there; `from` is where it came from.
    /// Returns `None` when the hit pawn has nowhere to go.
    fn land(
        &self,
        mut p: Position,
        from: u8,
        to: u8,
        mut fl: u8,
        out: &mut MoveList,
    ) -> Option<()> {
        let (mi, oi) = (self.me.index(), self.me.other().index());
        if p.pawns[oi] & bit(to) != 0 {
            fl |= flags::CAPTURE;
            p.pawns[oi] &= !bit(to);
            let dest = match self.rules.capture {
                Capture::Swap if from != ENTRY => from,
                // An entering pawn has no square to give: the hit pawn goes to 1 or the first free after.
                Capture::Swap => first_empty_up(p.occupied() | bit(to), 1, to - 1)?,
                Capture::SendTo15 => first_empty_down(p.occupied() | bit(to), 15)?,
                Capture::None => return None,
            };
            p.pawns[oi] |= bit(dest);
        }
        let water = self.rules.water_square;
        if to == water && water != 0 {
            fl |= flags::WATER;
            if self.rules.water_stay && fl & flags::BACKWARD == 0 {
                let mut stay = p;
                stay.pawns[mi] |= bit(to);
                out.push(Move {
                    from,
                    to,
                    flags: fl,
                    residual: 0,
                    after: stay,
                });
            }
            match water_destination(self.rules, p.occupied()) {
                None => {
                    p.waiting[mi] += 1;
                    out.push(Move {
                        from,
                        to: ENTRY,
                        flags: fl,
                        residual: 0,
                        after: p,
                    });
                }
                Some(0) => {}
                Some(dest) => {
                    p.pawns[mi] |= bit(dest);
                    out.push(Move {
                        from,
                        to: dest,
                        flags: fl,
                        residual: 0,
                        after: p,
                    });
                }
            }
            return Some(());
        }
        if self.rules.replay_squares.has(to) && fl & flags::BACKWARD == 0 {
            fl |= flags::REPLAY;
            p.forced = to;
        }
        p.pawns[mi] |= bit(to);
        out.push(Move {
            from,
            to,
            flags: fl,
            residual: 0,
            after: p,
        });
        Some(())
    }

    /// Bears the pawn on `from` off (or, with `free_exit_from_30`, puts it on 30).
    fn exit(&self, from: u8, residual: u8, out: &mut MoveList) {
        let mut p = self.lifted(from);
        if self.rules.free_exit_from_30 && self.rules.exit_only_squares.has(from) {
            if p.occupied() & bit(LAST_SQUARE) == 0 {
                p.pawns[self.me.index()] |= bit(LAST_SQUARE);
                out.push(Move {
                    from,
                    to: LAST_SQUARE,
                    flags: 0,
                    residual: 0,
                    after: p,
                });
            }
            return;
        }
        out.push(Move {
            from,
            to: OFF,
            flags: flags::EXIT,
            residual,
            after: p,
        });
    }

    /// Forward moves of the pawn on `s` (a waiting pawn when `s` is 0) with throw `v`.
    #[cold]
    fn forward(&self, s: u8, v: u8, bear_off: bool, out: &mut MoveList) {
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
        if rules.happiness_rethrow && s == 26 && t == rules.water_square {
            return;
        }
        if rules.exit == ExitRule::OnThirty && t == LAST_SQUARE && bear_off {
            if self.pos.occupied() & bit(t) == 0 {
                self.exit(s, 0, out);
            }
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
        let fl = if s == ENTRY { flags::ENTRY } else { 0 };
        let _ = self.land(self.lifted(s), s, to, fl, out);
    }

    /// The backward move of the pawn on `s` with throw `v`, if legal.
    #[cold]
    fn backward(&self, s: u8, v: u8, out: &mut MoveList) {
        let rules = self.rules;
        if s <= v || rules.exit_only_squares.has(s) || rules.no_backward_from.has(s) {
            return;
        }
        // passage: a 1 never moves the pawn on 26, forward into the water or back (it rethrows).
        if rules.happiness_rethrow && s == 26 && v == 1 {
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
        let _ = self.land(self.lifted(s), s, t, flags::BACKWARD, out);
    }
}

/// The legal moves of the side to move in `pos` for a throw of `value`.
/// An empty list means the throw cannot be used: the turn (or this throw) passes.
pub fn legal_moves(rules: &Rules, pos: &Position, value: u8) -> MoveList {
    let mut out = MoveList::new();
    legal_moves_into(rules, pos, value, &mut out);
    out
}

/// Like [`legal_moves`], writing into a cleared `out` (no copy of the list on the hot path).
#[inline]
pub fn legal_moves_into(rules: &Rules, pos: &Position, value: u8, out: &mut MoveList) {
    out.clear();
    let me = pos.to_move;
    let own = pos.side(me);
    let opp = pos.side(me.other());
    let wall = if rules.blockade { walls(opp) } else { 0 };
    let g = Gen {
        rules,
        pos: *pos,
        me,
        own,
        opp,
        wall,
        guarded: unassailable(rules, opp),
    };
    let bear_off = may_bear_off(rules, pos, me);
    let water = rules.water_square;
    // A pawn kept on the water square: its owner moves nothing else until it leaves.
    if rules.water_stay && water != 0 && own & bit(water) != 0 {
        g.forward(water, value, bear_off, out);
        return;
    }
    // Fast path, in bulk: a pawn whose move is a plain step (no exit, no special square on
    // arrival, no swap-free capture) is legal when it crosses no wall or checkpoint and lands on
    // an empty square or an opponent that can be hit. Everything else takes the general path.
    let v = value as u32;
    let barrier = wall | rules.checkpoints.0;
    // Sources whose step of v crosses a barrier square: barrier >> k for k in 1..v, branch-free.
    let mut cross = 0u32;
    for k in 1..6u32 {
        cross |= (barrier >> k) & ((k < v) as u32).wrapping_neg();
    }
    let mut special_arrival = if water != 0 { bit(water) } else { 0 } | rules.replay_squares.0;
    if rules.exit == ExitRule::OnThirty {
        special_arrival |= bit(LAST_SQUARE);
    }
    if rules.capture != Capture::Swap {
        special_arrival |= opp;
    }
    let stays_on_board = (1u32 << (31 - v)) - 1;
    let special = own & (rules.exit_only_squares.0 | !stays_on_board | (special_arrival >> v));
    let plain = own & !special & !cross & !(own >> v) & !((opp & g.guarded) >> v);
    let mi = me.index();
    // Plain steps first (ascending), then the pawns that need the general path (ascending).
    let white_moves = me == Side::White;
    for s in squares(plain) {
        let t = s + value;
        let step = bit(s) | bit(t);
        let hit = (opp >> t) & 1;
        let (new_own, new_opp) = (own ^ step, opp ^ (step & hit.wrapping_neg()));
        let p = Position {
            pawns: if white_moves {
                [new_own, new_opp]
            } else {
                [new_opp, new_own]
            },
            forced: 0,
            ..*pos
        };
        out.push(Move {
            from: s,
            to: t,
            flags: flags::CAPTURE * hit as u8,
            residual: 0,
            after: p,
        });
    }
    for s in squares(special) {
        g.forward(s, value, bear_off, out);
    }
    if pos.waiting[mi] > 0 && (rules.entry_values.is_empty() || rules.entry_values.has(value)) {
        g.forward(ENTRY, value, bear_off, out);
    }
    if out.is_empty() {
        for s in squares(own) {
            g.backward(s, value, out);
        }
    }
    if pos.forced != 0 && out.iter().any(|m| m.from == pos.forced) {
        out.retain(|m| m.from == pos.forced);
    }
    if rules.optional_squares.0 != 0
        && !out.is_empty()
        && out
            .iter()
            .all(|m| m.from != ENTRY && rules.optional_squares.has(m.from))
    {
        let mut after = *pos;
        after.forced = 0;
        let from = out[0].from;
        out.push(Move {
            from,
            to: from,
            flags: flags::STAY,
            residual: 0,
            after,
        });
    }
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
