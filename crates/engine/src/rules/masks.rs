//! A rule set's fixed masks ([`Masks`]: what the bit-mask move generator reads of the options,
//! for each throw value), computed once when the rules are checked, and whether the fast path
//! covers the rule set at all.

use super::{Capture, ExitRule, RuleSet, WaterTo};
use crate::board::{bit, LAST_SQUARE, OFF};
use crate::masks::{spread_below, Masks, ThrowMasks};

impl RuleSet {
    /// The fixed masks of this rule set (`Rules` keeps them beside it).
    pub(crate) fn masks(&self) -> Masks {
        let opp_arrival = if self.capture != Capture::Swap {
            !0
        } else {
            self.water_hits.0
        };
        Masks {
            fast: fast_path_covers(self),
            opp_arrival,
            throws: std::array::from_fn(|v| throw_masks(self, v as u8)),
        }
    }
}

/// The masks of throw value `v` under `set`.
fn throw_masks(set: &RuleSet, v: u8) -> ThrowMasks {
    let water = set.water_square.map_or(0, bit);
    let stays = (1u32 << (OFF - v) as u32) - 1;
    let exact = bit(OFF - v);
    let exit_only = set.exit_only_squares.0;
    let cross = spread_below(set.checkpoints.0, v as u32);
    let mut arrival = water | set.replay_squares.0;
    if set.exit == ExitRule::OnThirty {
        arrival |= bit(LAST_SQUARE);
    }
    let mut dead = exit_only & !exact;
    if set.exit != ExitRule::Excess {
        dead |= !stays & !exact;
    }
    let held = set.water_stay || set.water_to == WaterTo::Held;
    let rethrow = set.rethrow_square.filter(|_| v == 1).map_or(0, bit);
    let allowed = !set.free_exit_from_30 && (set.exit != ExitRule::OnThirty || v == 1);
    ThrowMasks {
        cross,
        special: exit_only | !stays | (arrival >> v),
        dead,
        dead_unless_bear_off: if set.free_exit_from_30 { 0 } else { !stays },
        trap: if set.checkpoint_trap {
            cross & !exit_only
        } else {
            0
        },
        exact,
        exit_allowed: (allowed as u32).wrapping_neg(),
        general: if held { water } else { 0 } | rethrow,
        enters: set.entry_values.is_empty() || set.entry_values.has(v),
    }
}

/// Whether the bit-mask fast path knows every option of `set`; when it does not, moves come
/// from the definition (`defined_moves_into`). The list names every option, so a new one does
/// not compile until it is declared here: covered (the fast path sends the pawns it affects to
/// the general path, and the random-rule-set property test holds it to the definition) or not
/// (then the rule sets that use it fall back).
fn fast_path_covers(set: &RuleSet) -> bool {
    let RuleSet {
        pawns: _,
        start: _,
        throw_values: _,
        extra_throw: _,
        extra_throw_without_move: _,
        entry_values: _,
        capture: _,
        protection: _,
        queue_squares,
        row_block,
        blockade: _,
        backward_capture: _,
        safe_squares: _,
        priority_squares,
        checkpoints: _,
        checkpoint_trap: _,
        water_square: _,
        water_to: _,
        return_square: _,
        water_stay: _,
        water_hits: _,
        exit: _,
        exact_exit_squares: _,
        exit_only_squares: _,
        no_backward_from: _,
        bear_off_when: _,
        replay_squares: _,
        rethrow_square: _,
        residual_points: _,
        split_throws,
        bonus_squares,
        // Only with bonus squares (`validate`), which take the definition.
        bonus_on_bear_off: _,
        backward_per_pawn,
        forced_or_restart: _,
        free_exit_from_30: _,
        optional_squares: _,
        occupied_refuges: _,
        thirty_blocks_exit: _,
        end: _,
        starter: _,
        first_throw: _,
        opening_step: _,
        start_value: _,
        first_pawn_white: _,
        first_pawn_black: _,
        max_turns: _,
    } = set;
    // Ludii's Jéquier: the first row's queue and the rows of three take the definition, and so
    // do Ludii's Bell's pawns played first.
    // Ludii's Piccione: split throws, bonus squares and backward moves pawn by pawn too.
    queue_squares.0 == 0
        && priority_squares.0 == 0
        && bonus_squares.0 == 0
        && !split_throws
        && !backward_per_pawn
        && row_block.is_none()
}
