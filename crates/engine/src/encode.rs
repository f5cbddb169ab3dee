//! The game as numbers for learning and search (OpenSpiel, reinforcement learning): a move as
//! a small action number that means the same move in every position, and a position with its
//! decision as a fixed-length tensor, from one player's view.
//!
//! Actions ([`Actions`]): a choice is named by its pawn and its kind, since one side has at
//! most one pawn on a square and one move of that pawn of each kind for a throw. Most rule sets
//! name the pawn by its square:
//! - `0..=30`: the pawn on that square moves forward (0: a waiting pawn enters), whatever
//!   happens on the way (a capture, the water, a bear-off);
//! - `31..=61`: the pawn on square `action - 31` moves backward (no forward move, or a bounce
//!   off a taken refuge);
//! - with `water_stay`, `62..=92`: the pawn on square `action - 62` falls in the water and
//!   stays there, where its other choice goes back;
//! - then three that move no pawn: the pawns stay where they are, throw again instead of
//!   playing, keep the points left over ([`Actions::len`]: 65, or 96 with `water_stay`).
//!
//! With `split_throws` a pawn moves by any part of the throw, so the part's length names the
//! move too, and the pawn is named by its rank (the mover's pawns behind it, waiting pawns
//! behind every pawn on the board: an entry is rank 0): `rank × 6 + length − 1` forward, the
//! same `6 × pawns` backward (and staying in the water), then the three that move no pawn
//! ([`Actions::len`]: 12 × pawns + 3, at most 63; 18 × pawns + 3 with `water_stay`).
//!
//! Points left over are played with the same numbers: the decision ([`Phase::LeftOver`]) says
//! that they are a left-over part.
//!
//! The observation ([`observation_into`], [`OBSERVATION_LEN`] values, all 0 or 1 but the four
//! counts, which are fractions of the pawns a side):
//! - `0..30`: the viewer's pawns on squares 1 to 30; `30..60`: the other side's;
//! - `60..90`: the square of the pawn that must move if it can (the opening pawn, a pawn back
//!   from the water that is bound);
//! - `90`, `91`: the viewer's and the other's pawns waiting to enter; `92`, `93`: pawns out of
//!   play (borne off, or removed by a capture);
//! - `94..100`: the points to play, 1 to 6 (none at a chance node or once over);
//! - `100`: the points are left over from a move; `101`: a throw or a draw is due;
//!   `102`: the viewer is the side to move; `103`: the viewer is white; `104`: the game is over.
//!
//! Not in it: the counters (turns so far, against the turn cap) and the opening's rules that
//! bind a side's first throws (`start_value`), which only the first turns feel.

use crate::board::{bit, squares, Position, Side, LAST_SQUARE};
use crate::movegen::{Effects, Kind, Move};
use crate::rules::Rules;
use crate::state::{GameState, Phase};
use crate::turn::Asked;

/// The most actions of any rule set: every action is below it.
pub const ACTIONS: usize = 96;
/// The length of an observation ([`observation_into`]).
pub const OBSERVATION_LEN: usize = 105;
/// The highest throw value a rule set may have, the last slot of the points planes.
const MAX_POINTS: u8 = 6;

/// A rule set's numbering of its choices ([`crate::encode`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Actions {
    /// `split_throws`: pawns named by rank, with the part's length; else by square.
    split: Option<u8>,
    /// The water square, where a pawn may choose to stay (`water_stay`).
    water: Option<u8>,
    /// Actions a block (forward, backward, staying in the water): 31 squares, or 6 a pawn.
    block: u8,
}

impl Actions {
    /// The numbering of `rules`.
    pub fn of(rules: &Rules) -> Actions {
        Actions {
            split: rules.split_throws.then_some(rules.pawns),
            water: rules.water_stay.then_some(rules.water_square).flatten(),
            block: if rules.split_throws {
                6 * rules.pawns
            } else {
                31
            },
        }
    }

    /// The number of distinct actions: every action of the rule set is below it.
    pub fn len(&self) -> usize {
        let blocks = 2 + usize::from(self.water.is_some());
        blocks * usize::from(self.block) + 3
    }

    /// Always false: a rule set has actions.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The first of the three actions that move no pawn: stay, throw again, keep the points.
    fn specials(&self) -> u8 {
        (self.len() - 3) as u8
    }

    /// The action of `mv`, a choice for `asked` in `pos`.
    pub fn of_move(&self, pos: &Position, asked: &Asked, mv: &Move) -> u8 {
        let from = match mv.kind() {
            Kind::Step { from, .. } | Kind::Restart { from } | Kind::BearOff { from } => from,
            Kind::Enter { .. } => 0,
            Kind::Stay { .. } => return self.specials(),
            Kind::Rethrow { .. } => return self.specials() + 1,
            Kind::KeepPoints => return self.specials() + 2,
        };
        let stays = mv.has(Effects::WATER) && self.water == Some(mv.span().1);
        let block = if stays {
            2
        } else {
            u8::from(mv.has(Effects::BACKWARD))
        };
        block * self.block
            + match self.split {
                None => from,
                Some(_) => {
                    let side = pos.to_move();
                    let behind = if from == 0 {
                        0
                    } else {
                        pos.waiting()[side.index()]
                            + (pos.side(side) & (bit(from) - 1)).count_ones() as u8
                    };
                    let length = asked.points().saturating_sub(mv.left).clamp(1, MAX_POINTS);
                    behind * MAX_POINTS + length - 1
                }
            }
    }

    /// The action's meaning in words, without a position: `forward from 7`, `enter`,
    /// `backward from 12`, `stay`, `throw again`, `keep the points`; with split throws
    /// `pawn 2 forward 3` (pawn 1 the rearmost).
    pub fn name(&self, action: u8) -> String {
        let specials = self.specials();
        match action {
            a if a == specials => "stay".to_string(),
            a if a == specials + 1 => "throw again".to_string(),
            a if a == specials + 2 => "keep the points".to_string(),
            a if a > specials + 2 => format!("no action {a}"),
            a => {
                let way = ["forward", "backward", "into the water, staying,"]
                    [usize::from(a / self.block)];
                let a = a % self.block;
                match self.split {
                    None if a == 0 => format!("enter {way}").replace("enter forward", "enter"),
                    None => format!("{way} from {a}"),
                    Some(_) => format!("pawn {} {way} {}", a / MAX_POINTS + 1, a % MAX_POINTS + 1),
                }
            }
        }
    }
}

/// Writes the observation of `state` seen by `viewer` into `out` (at least
/// [`OBSERVATION_LEN`] long; the rest is left alone).
pub fn observation_into(rules: &Rules, state: &GameState, viewer: Side, out: &mut [f32]) {
    let out = &mut out[..OBSERVATION_LEN];
    out.fill(0.0);
    let pos = state.position();
    let board = usize::from(LAST_SQUARE);
    for (plane, side) in [viewer, viewer.other()].into_iter().enumerate() {
        for sq in squares(pos.side(side)) {
            out[plane * board + usize::from(sq) - 1] = 1.0;
        }
        let pawns = f32::from(rules.pawns.max(1));
        let waiting = pos.waiting()[side.index()];
        out[90 + plane] = f32::from(waiting) / pawns;
        out[92 + plane] = f32::from(rules.pawns.saturating_sub(pos.in_play(side))) / pawns;
    }
    // The pawn that must move: the forced one, or the bound one on the return square.
    let bound = pos.bound().then_some(rules.return_square);
    for sq in [pos.forced_square(), bound].into_iter().flatten() {
        if (1..=LAST_SQUARE).contains(&sq) {
            out[2 * board + usize::from(sq) - 1] = 1.0;
        }
    }
    if let Some(asked) = state.asked() {
        let points = asked.points();
        if (1..=MAX_POINTS).contains(&points) {
            out[94 + usize::from(points) - 1] = 1.0;
        }
    }
    out[100] = f32::from(u8::from(state.phase() == Phase::LeftOver));
    out[101] = f32::from(u8::from(state.is_chance()));
    out[102] = f32::from(u8::from(state.current_side() == Some(viewer)));
    out[103] = f32::from(u8::from(viewer == Side::White));
    out[104] = f32::from(u8::from(state.is_over()));
}

/// The observation of `state` seen by `viewer` ([`observation_into`]).
pub fn observation(rules: &Rules, state: &GameState, viewer: Side) -> Vec<f32> {
    let mut out = vec![0.0; OBSERVATION_LEN];
    observation_into(rules, state, viewer, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::Silent;
    use crate::variants::Variant;

    #[test]
    fn the_start_of_tejon_is_seen_from_each_side() {
        let rules = Variant::TEJON.rules();
        let mut state = GameState::new(&rules);
        while state.is_chance() {
            let value = rules.possible_values()[0];
            match state.phase() {
                Phase::Starter => state.set_starter(&rules, Side::White, &mut Silent),
                _ => state.throw(&rules, value, &mut Silent),
            }
        }
        let white = observation(&rules, &state, Side::White);
        let black = observation(&rules, &state, Side::Black);
        let pos: &Position = state.position();
        let on =
            |obs: &[f32], from: usize| obs[from..from + 30].iter().filter(|&&v| v == 1.0).count();
        assert_eq!(on(&white, 0), usize::from(pos.on_board(Side::White)));
        assert_eq!(on(&white, 30), usize::from(pos.on_board(Side::Black)));
        assert_eq!(white[0..30], black[30..60]);
        assert_eq!(white[103], 1.0);
        assert_eq!(black[103], 0.0);
        assert_eq!(white[102] + black[102], 1.0, "one side is to move");
    }

    #[test]
    fn actions_are_named_and_bounded() {
        let squares = Actions::of(&Variant::TEJON.rules());
        assert_eq!(squares.name(0), "enter");
        assert_eq!(squares.name(7), "forward from 7");
        assert_eq!(squares.name(43), "backward from 12");
        assert_eq!(squares.name(64), "keep the points");
        assert_eq!(squares.len(), 65);
        let passage = Actions::of(&Rules::preset("passage").unwrap());
        assert_eq!(
            (passage.len(), passage.name(70)),
            (ACTIONS, "into the water, staying, from 8".into())
        );
        let split = Actions::of(&Rules::preset("ludii-piccione").unwrap());
        assert_eq!(split.len(), 63);
        assert_eq!(split.name(0), "pawn 1 forward 1");
        assert_eq!(split.name(13), "pawn 3 forward 2");
        assert_eq!(split.name(60), "stay");
    }
}
