//! What the bit-mask move generator (`movegen.rs`) reads of a rule set, computed once when the
//! rules are checked: for each throw value, the squares that do not depend on the position
//! (which pawns leave the board, which land on a fixed special square, which cross a
//! checkpoint...). The generator adds what depends on the position (walls, guarded pawns, the
//! right to bear off); the masks only save it from reading a dozen options on every throw.

use super::{Capture, ExitRule, RuleSet, WaterTo};
use crate::board::{bit, LAST_SQUARE, OFF};

/// The fixed masks of one throw value `v` (pawns of the side to move, by square).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThrowMasks {
    /// Squares whose pawn, moved `v` forward, crosses a checkpoint (a square strictly between).
    pub cross: u32,
    /// Squares whose pawn needs the general path whatever the position: on an exit-only
    /// square, leaving the board, or landing on the water, a replay square or 30 when 30
    /// bears off.
    pub special: u32,
    /// Squares whose pawn has no forward move whatever the position: an exit-only square left
    /// without the exact throw, and (unless excess throws bear off) a step more than one past 30.
    pub dead: u32,
    /// Squares whose pawn would leave the board, dead while the side may not bear off (none
    /// when a pawn on 30 leaves for free).
    pub dead_unless_bear_off: u32,
    /// Pawns a step across a checkpoint drops in the water (`checkpoint_trap`): the general
    /// path decides them even when their step is dead.
    pub trap: u32,
    /// The square one throw of `v` bears off from exactly (`OFF - v`).
    pub exact: u32,
    /// All ones when the exact bear-off from `exact` is a plain move once the side may bear
    /// off (no free exit from 30, and under "on thirty" only with a 1), none otherwise.
    pub exit_allowed: u32,
    /// Squares where a pawn of the side to move sends the whole throw to the general path: a
    /// pawn held in the water, or the re-throw square when `v` is 1.
    pub general: u32,
    /// Whether a waiting pawn may enter with `v`.
    pub enters: bool,
}

/// The masks of a rule set: one [`ThrowMasks`] for each throw value 0..=7, and the options the
/// fast path tests on every throw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Masks {
    /// Whether the bit-mask fast path covers every option of the rule set (see
    /// `movegen::fast_path_covers`).
    pub fast: bool,
    /// Opponent squares whose hit takes the general path: all of them unless captures swap,
    /// else the squares whose hit sends a pawn into the water.
    pub opp_arrival: u32,
    /// The masks of each throw value.
    pub throws: [ThrowMasks; 8],
}

/// `bits >> k` or-ed for every `k` from 1 below `v` (at most 5): the squares from which a step of
/// `v` passes over one of `bits`.
#[inline(always)]
pub fn spread_below(bits: u32, v: u32) -> u32 {
    let mut cross = 0u32;
    for k in 1..6u32 {
        cross |= (bits >> k) & ((k < v) as u32).wrapping_neg();
    }
    cross
}

impl Masks {
    /// The masks of `set`.
    pub fn new(set: &RuleSet) -> Masks {
        let opp_arrival = if set.capture != Capture::Swap {
            !0
        } else {
            set.water_hits.0
        };
        Masks {
            fast: fast_path_covers(set),
            opp_arrival,
            throws: std::array::from_fn(|v| throw_masks(set, v as u8)),
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
