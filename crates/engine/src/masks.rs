//! What the bit-mask move generator (`movegen.rs`) reads of a rule set that does not depend on
//! the position, computed once when the rules are checked (`rules/masks.rs`): for each throw
//! value, which pawns leave the board, which land on a fixed special square, which cross a
//! checkpoint... The generator adds what depends on the position (walls, guarded pawns, the
//! right to bear off); the masks only save it from reading a dozen options on every throw.

/// The fixed masks of one throw value `v` (pawns of the side to move, by square).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ThrowMasks {
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
pub(crate) struct Masks {
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
pub(crate) fn spread_below(bits: u32, v: u32) -> u32 {
    let mut cross = 0u32;
    for k in 1..6u32 {
        cross |= (bits >> k) & ((k < v) as u32).wrapping_neg();
    }
    cross
}
