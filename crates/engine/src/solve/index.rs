//! The state encoding of the solver: every position of a game with K pawns a side, seen from
//! the side to move, numbered densely from 0.
//!
//! A position is cut into a *layer* (how many pawns each side has on the board and waiting,
//! and which pawn, if any, must replay) and, inside the layer, the squares: the side to move's
//! pawns as a combination of the 30 squares, then the opponent's as a combination of the
//! squares left. Both are ranked in colexicographic order (the numeric order of their bit
//! masks), so that a rank is a sum of binomial coefficients and an index a few additions.
//! The rules treat both sides alike, so the side to move is always "me": a table holds the
//! probability that the side to move wins, and half as many numbers as positions.

use crate::board::{bit, Position, Side, LAST_SQUARE};
use crate::cpu::bit_instructions;
use crate::rules::Rules;
use std::collections::BTreeMap;

/// The most pawns a side the numbering covers (K = 4 in `tejon`: 586,583,580 positions; K = 5
/// would be 12.5 billion, past a `u32` index).
pub const MAX_SOLVED_PAWNS: u8 = 4;

/// Binomial coefficients C(n, k) for n ≤ 30 and k ≤ 7 (the numbering uses k ≤ 4; a plan counts
/// up to [`MAX_COUNTED_PAWNS`]).
const fn binomials() -> [[u32; 8]; 31] {
    let mut c = [[0u32; 8]; 31];
    let mut n = 0;
    while n <= 30 {
        c[n][0] = 1;
        let mut k = 1;
        while k <= 7 {
            c[n][k] = if n == 0 {
                0
            } else {
                c[n - 1][k - 1] + c[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    c
}

const C: [[u32; 8]; 31] = binomials();

/// Mask of the 30 squares as bits 0..30 (square s is bit s - 1).
const SQUARES: u32 = (1 << LAST_SQUARE) - 1;

/// The colex rank of a set of squares (bits 0..30): the sum over its i-th lowest member c of
/// C(c, i + 1).
#[inline(always)]
fn rank(mut bits: u32) -> u32 {
    let mut r = 0;
    let mut i = 1;
    while bits != 0 {
        r += C[bits.trailing_zeros() as usize][i];
        bits &= bits - 1;
        i += 1;
    }
    r
}

/// [`rank`] of a set of at most `MOST` squares (1 to 7), by `MOST` rounds whatever its size:
/// no branch on the size, which the plain steps of a position change from call to call (the
/// mover's pawns, then the opponent's), and a loop the compiler unrolls. `MOST` 0: [`rank`].
#[inline(always)]
pub(crate) fn rank_of<const MOST: usize>(mut bits: u32) -> u32 {
    if MOST == 0 {
        return rank(bits);
    }
    let mut r = 0;
    // The i-th lowest square's term, i = 1..=MOST; a set emptied reads square 32, a zero.
    for column in &RANKS[1..=MOST] {
        r += column[bits.trailing_zeros() as usize];
        bits &= bits.wrapping_sub(1);
    }
    r
}

/// [`C`] by column: `RANKS[k][n]` is C(n, k), zero for n = 31 and 32 (the lowest square of an
/// empty set, for [`rank_of`]).
const RANKS: [[u32; 33]; 8] = {
    let mut t = [[0u32; 33]; 8];
    let mut n = 0;
    while n < 31 {
        let mut k = 0;
        while k < 8 {
            t[k][n] = C[n][k];
            k += 1;
        }
        n += 1;
    }
    t
};

/// Drops from `bits` the positions set in `taken`, closing the gaps: `pext` of `bits` over the
/// free squares (`BMI2`: the instruction, in a caller compiled for it; otherwise a loop).
#[inline(always)]
fn compress<const BMI2: bool>(bits: u32, taken: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: `BMI2` is true only inside [`StateIndex`]'s copies compiled for BMI2, which
        // run only where the processor reported it.
        #[allow(unsafe_code)]
        return unsafe { std::arch::x86_64::_pext_u32(bits, !taken) };
    }
    let mut out = 0;
    let mut rest = bits;
    while rest != 0 {
        let c = rest.trailing_zeros();
        let below = (taken & ((1 << c) - 1)).count_ones();
        out |= 1 << (c - below);
        rest &= rest - 1;
    }
    out
}

/// Spreads the low bits of `bits` over the free positions of `free`, lowest first: `pdep`
/// (`BMI2` as in [`compress`]).
#[inline(always)]
fn deposit<const BMI2: bool>(bits: u32, mut free: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: as in `compress`.
        #[allow(unsafe_code)]
        return unsafe { std::arch::x86_64::_pdep_u32(bits, free) };
    }
    let mut out = 0;
    let mut i = 0;
    while free != 0 {
        let low = free & free.wrapping_neg();
        if bits & (1 << i) != 0 {
            out |= low;
        }
        free &= free - 1;
        i += 1;
    }
    out
}

/// The counts that fix a layer: pawns on the board and waiting for the side to move, the same
/// for the opponent, and the replay slot (0: no pawn must replay; i: the i-th replay square).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayerKey {
    /// The side to move's pawns on the board.
    pub me: u8,
    /// The side to move's pawns waiting to enter.
    pub me_waiting: u8,
    /// The opponent's pawns on the board.
    pub opp: u8,
    /// The opponent's pawns waiting to enter.
    pub opp_waiting: u8,
    /// 0, or 1 + the rank of the replay square whose pawn must move.
    pub forced: u8,
}

impl LayerKey {
    /// The key of the layer of `pos`, its replay slot `forced`.
    #[inline(always)]
    fn of(pos: &Position, forced: u8) -> LayerKey {
        let me = pos.to_move;
        LayerKey {
            me: (pos.side(me) >> 1).count_ones() as u8,
            me_waiting: pos.waiting[me.index()],
            opp: (pos.side(me.other()) >> 1).count_ones() as u8,
            opp_waiting: pos.waiting[me.other().index()],
            forced,
        }
    }

    /// The same counts with the other side to move, no pawn forced: the layer of a position
    /// after a step that hands over the turn and bears nothing off.
    #[inline(always)]
    fn swapped(&self) -> LayerKey {
        LayerKey {
            me: self.opp,
            me_waiting: self.opp_waiting,
            opp: self.me,
            opp_waiting: self.me_waiting,
            forced: 0,
        }
    }

    /// Pawns borne off, both sides together, of `k` a side: the group of the layer.
    pub fn borne_off(&self, k: u8) -> u8 {
        2 * k - self.me - self.me_waiting - self.opp - self.opp_waiting
    }

    /// The ways to place the opponent's pawns once mine are placed.
    fn opp_ways(&self) -> u64 {
        u64::from(C[30 - self.me as usize][self.opp as usize])
    }

    /// The positions of the layer.
    fn positions(&self) -> u64 {
        u64::from(C[30][self.me as usize]) * self.opp_ways()
    }
}

/// A layer as [`StateIndex::index`] needs it: where it starts, and the ways to place the
/// opponent's pawns once mine are placed (0: no layer has this key).
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    offset: u64,
    opp_ways: u64,
}

/// Bits of each count in a slot number: counts up to 7 ([`MAX_COUNTED_PAWNS`]).
const SLOT_BITS: u32 = 3;

/// A layer: its key, where it starts and its opponent's ways (the slot of its key).
#[derive(Clone, Copy, Debug)]
struct Layer {
    key: LayerKey,
    at: Slot,
}

/// The dense numbering of every position of a rule set with K pawns a side.
#[derive(Clone, Debug)]
pub struct StateIndex {
    pawns: u8,
    replay: Vec<u8>,
    layers: Vec<Layer>,
    /// The layer of each index whose low `bucket` bits are 0: a short scan from it finds any
    /// index's layer (a binary search over every layer cost a sweep some 5%).
    starts: Vec<u32>,
    /// The bits of an index below its bucket's.
    bucket: u32,
    /// Where each layer starts and its opponent's ways, by key ([`StateIndex::slot`]; `opp_ways`
    /// 0: not a layer): one read finds both, where a layer number read first and the layer
    /// next made two reads one after the other.
    lookup: Vec<Slot>,
    /// The squares sets of k pawns (bits 0..30) in colex order, for k = 0..=K.
    combos: Vec<Vec<u32>>,
    /// The positions numbered.
    len: u64,
    /// The fewest pawns borne off (both sides together) of a position numbered: 0 for the
    /// whole game, more for an endgame ([`StateIndex::endgame`]).
    from: u8,
    /// Whether the processor runs BMI2, POPCNT and BMI1 fast ([`bit_instructions`]; read on
    /// x86-64).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    bits: bool,
}

/// Why a rule set cannot be solved.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum IndexError {
    /// Too many pawns for the memory of a table: `pawns` a side, where this numbering takes 1
    /// to `most` ([`MAX_SOLVED_PAWNS`] for a whole game, [`MAX_COUNTED_PAWNS`] for an endgame or
    /// a count of the groups).
    #[error("{pawns} pawns a side is more than the solver handles here (1 to {most})")]
    TooManyPawns {
        /// Pawns a side asked for.
        pawns: u8,
        /// The most this numbering takes.
        most: u8,
    },
    /// An endgame numbering with more positions than a `u32` index reaches.
    #[error("the positions with at least {from} pawns borne off number {positions}, more than the {} a table indexes: an endgame with more pawns borne off fits", u32::MAX)]
    TooManyPositions {
        /// The fewest pawns borne off asked for.
        from: u8,
        /// The positions they would number.
        positions: u64,
    },
    /// An endgame that holds no position: `from` pawns borne off leaves a side without any.
    #[error("with {pawns} pawns a side, at most {} can be borne off (both sides together) before the game ends, not {from}", 2 * pawns - 2)]
    NoEndgame {
        /// Pawns a side.
        pawns: u8,
        /// The fewest pawns borne off asked for.
        from: u8,
    },
    /// A rule whose positions carry a state the numbering has no slot for.
    #[error("the solver does not handle {} (its positions carry an obligation the tables do not number)", .0.join(" and "))]
    Unsupported(Vec<&'static str>),
}

/// The most pawns a side whose positions [`group_sizes`] counts (Senet's reconstructions play
/// 5 or 7).
pub const MAX_COUNTED_PAWNS: u8 = 7;

/// The layers of a numbering of `k` pawns a side, in their order: `max_wait` pawns at most
/// waiting to enter, `replays` replay squares.
fn layer_keys(k: u8, max_wait: u8, replays: u8) -> impl Iterator<Item = LayerKey> {
    (0..=replays).flat_map(move |forced| {
        (0..=k).flat_map(move |me| {
            (0..=max_wait.min(k - me)).flat_map(move |me_waiting| {
                (0..=k).flat_map(move |opp| {
                    (0..=max_wait.min(k - opp)).filter_map(move |opp_waiting| {
                        let key = LayerKey {
                            me,
                            me_waiting,
                            opp,
                            opp_waiting,
                            forced,
                        };
                        (me + me_waiting > 0 && opp + opp_waiting > 0).then_some(key)
                    })
                })
            })
        })
    })
}

/// The layers of `rules` if it has at most `most` pawns a side and no state the numbering
/// leaves out: `(max_wait, replays)`, the most pawns waiting to enter and the replay squares.
fn layout(rules: &Rules, most: u8) -> Result<(u8, u8), IndexError> {
    let k = rules.pawns;
    if !(1..=most).contains(&k) {
        return Err(IndexError::TooManyPawns { pawns: k, most });
    }
    // Ludii's Kendall: a pawn back from the water is bound to move (`Position::bound`);
    // `start_value`: whether the second side has thrown its value is the game runner's
    // state; `end = "all-out"`: the score counts the pawns removed by hits; split throws:
    // the rest of a throw is a decision after a move, its points not in the position.
    let refused = crate::options::refused_by_solver(rules);
    if !refused.is_empty() {
        return Err(IndexError::Unsupported(refused));
    }
    let max_wait = if rules.has_entry() { k } else { 0 };
    Ok((max_wait, rules.replay_squares.0.count_ones() as u8))
}

/// The positions of `rules` (its `pawns` a side, up to [`MAX_COUNTED_PAWNS`]) by pawns borne
/// off, both sides together: the groups a layered solve takes one after the other, counted
/// from the layers alone (no numbering is built, so more pawns than the solver numbers are
/// counted too: what a solve of them would hold, docs/solving.md).
pub fn group_sizes(rules: &Rules) -> Result<BTreeMap<u8, u64>, IndexError> {
    let mut out = BTreeMap::new();
    for (off, positions) in layer_sizes(rules)? {
        *out.entry(off).or_insert(0) += positions;
    }
    Ok(out)
}

/// The layers of `rules` (its `pawns` a side, up to [`MAX_COUNTED_PAWNS`]) in their order,
/// each as its group (pawns borne off, both sides together) and its positions: the ranges of
/// indices a group is made of, counted without a numbering built.
pub fn layer_sizes(rules: &Rules) -> Result<Vec<(u8, u64)>, IndexError> {
    let (max_wait, replays) = layout(rules, MAX_COUNTED_PAWNS)?;
    let k = rules.pawns;
    Ok(layer_keys(k, max_wait, replays)
        .map(|key| (key.borne_off(k), key.positions()))
        .collect())
}

impl StateIndex {
    /// The numbering of the positions of `rules` (its `pawns` a side).
    pub fn new(rules: &Rules) -> Result<StateIndex, IndexError> {
        StateIndex::build(rules, MAX_SOLVED_PAWNS, 0)
    }

    /// The numbering of the endgame of `rules`: the positions with at least `from` pawns borne
    /// off (both sides together), for up to [`MAX_COUNTED_PAWNS`] a side as long as they fit a
    /// `u32` index. No move lowers the pawns borne off, so the endgame is a game of its own.
    /// Its positions come in the order [`StateIndex::new`] gives them (the layers of the
    /// groups below left out): a group's positions, in order, are the same in both.
    pub fn endgame(rules: &Rules, from: u8) -> Result<StateIndex, IndexError> {
        let k = rules.pawns;
        if k >= 1 && from > 2 * k - 2 {
            return Err(IndexError::NoEndgame { pawns: k, from });
        }
        let index = StateIndex::build(rules, MAX_COUNTED_PAWNS, from)?;
        if index.len > u64::from(u32::MAX) {
            return Err(IndexError::TooManyPositions {
                from,
                positions: index.len,
            });
        }
        Ok(index)
    }

    /// The numbering of the positions of `rules` with at least `from` pawns borne off, if it has
    /// at most `most` pawns a side.
    fn build(rules: &Rules, most: u8, from: u8) -> Result<StateIndex, IndexError> {
        let (max_wait, replays) = layout(rules, most)?;
        let k = rules.pawns;
        let replay: Vec<u8> = crate::board::squares(rules.replay_squares.0).collect();
        let mut index = StateIndex {
            pawns: k,
            replay,
            layers: Vec::new(),
            starts: Vec::new(),
            bucket: 0,
            lookup: Vec::new(),
            combos: (0..=k as u32).map(colex).collect(),
            len: 0,
            from,
            bits: bit_instructions(),
        };
        let slots = (1 << (4 * SLOT_BITS)) * (index.replay.len() + 1);
        index.lookup = vec![Slot::default(); slots];
        for key in layer_keys(k, max_wait, replays).filter(|key| key.borne_off(k) >= from) {
            index.push(key);
        }
        index.bucket = bucket_bits(index.len, index.layers.len());
        index.starts = (0..=(index.len.saturating_sub(1) >> index.bucket))
            .map(|b| {
                index
                    .layers
                    .partition_point(|l| l.at.offset <= b << index.bucket)
            })
            .map(|n| n.saturating_sub(1) as u32)
            .collect();
        Ok(index)
    }

    fn push(&mut self, key: LayerKey) {
        let at = Slot {
            offset: self.len,
            opp_ways: key.opp_ways(),
        };
        let slot = self.slot(&key);
        self.lookup[slot] = at;
        self.layers.push(Layer { key, at });
        self.len += key.positions();
    }

    /// The slot of a key whose counts are at most 7: its fields side by side, 3 bits each
    /// (shifts, not a chain of multiplications by K + 1).
    #[inline]
    fn slot(&self, key: &LayerKey) -> usize {
        debug_assert!(key.me.max(key.me_waiting).max(key.opp).max(key.opp_waiting) <= 7);
        let field = |x: u8, n: u32| (x as usize) << (n * SLOT_BITS);
        field(key.forced, 4)
            | field(key.me, 3)
            | field(key.me_waiting, 2)
            | field(key.opp, 1)
            | field(key.opp_waiting, 0)
    }

    /// Pawns a side.
    pub fn pawns(&self) -> u8 {
        self.pawns
    }

    /// The fewest pawns borne off (both sides together) of the positions numbered: 0 when the
    /// numbering covers the whole game, more for an endgame ([`StateIndex::endgame`]).
    pub fn from_off(&self) -> u8 {
        self.from
    }

    /// The number of positions numbered (both sides to move: twice as many boards).
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether no position is numbered (never: K ≥ 1).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The layers' first indices and keys, in order.
    pub fn layers(&self) -> impl Iterator<Item = (u64, LayerKey)> + '_ {
        self.layers.iter().map(|l| (l.at.offset, l.key))
    }

    /// The index of `pos` (its side to move as "me"); `None` when the table does not cover it:
    /// a side with no pawn left (the game is over), more pawns than K, fewer pawns borne off
    /// than an endgame numbers, or a forced pawn that is not a replay (`kendall`'s and
    /// `tejon`'s opening pawn, which binds only with 5 pawns).
    // `unsafe` (each use in the project says why it is sound): calling the copy compiled for
    // BMI2.
    #[allow(unsafe_code)]
    pub fn index(&self, pos: &Position) -> Option<u64> {
        #[cfg(target_arch = "x86_64")]
        if self.bits {
            // SAFETY: `bits` is true only when the processor reported BMI2, POPCNT and BMI1.
            return unsafe { self.index_with_bits(pos) };
        }
        self.index_by::<false>(pos)
    }

    /// [`StateIndex::index`] compiled for BMI2, POPCNT and BMI1: the opponent's squares closed
    /// over mine by one `pext`, the counts and lowest squares single instructions. The same
    /// integer arithmetic, the same index.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2,popcnt,bmi1")]
    fn index_with_bits(&self, pos: &Position) -> Option<u64> {
        self.index_by::<true>(pos)
    }

    /// [`StateIndex::index`], with `pext` when `BMI2` ([`compress`]).
    #[inline(always)]
    pub(crate) fn index_by<const BMI2: bool>(&self, pos: &Position) -> Option<u64> {
        let me = pos.to_move;
        let mine = pos.side(me) >> 1;
        let theirs = pos.side(me.other()) >> 1;
        let forced = match pos.forced_square() {
            None => 0,
            Some(f) => match self.replay.iter().position(|&r| r == f) {
                Some(r) => 1 + r as u8,
                // A forced square without a pawn of the side to move forces nothing.
                None if pos.side(me) & bit(f) == 0 => 0,
                None => return None,
            },
        };
        let layer = self.layer(&LayerKey::of(pos, forced))?;
        Some(
            layer.offset
                + u64::from(rank(mine)) * layer.opp_ways
                + u64::from(rank(compress::<BMI2>(theirs, mine))),
        )
    }

    /// Whether the processor runs BMI2, POPCNT and BMI1 fast: a caller may then run the
    /// `BMI2` copies of [`StateIndex::index_by`] and [`StateIndex::step_index`] inside a
    /// function compiled for them.
    #[inline]
    pub(crate) fn bits(&self) -> bool {
        self.bits
    }

    /// What the indices of the plain steps of `pos` share ([`StateIndex::step_index`]):
    /// `None` when `pos` has a forced pawn or its layer is not numbered.
    #[inline(always)]
    pub(crate) fn frame(&self, pos: &Position) -> Option<Frame> {
        if pos.forced.is_some() {
            return None;
        }
        let me = pos.to_move;
        let mine = pos.side(me) >> 1;
        let theirs = pos.side(me.other()) >> 1;
        let key = LayerKey::of(pos, 0);
        Some(Frame {
            mine,
            theirs,
            same: self.layer(&key)?,
            swap: self.layer(&key.swapped())?,
            rank_theirs: rank(theirs),
        })
    }

    /// Where the layer of `key` starts and its opponent's ways; `None` when no layer has this
    /// key: more pawns than K a side, a side without pawns, or a group an endgame leaves out.
    #[inline(always)]
    fn layer(&self, key: &LayerKey) -> Option<Slot> {
        let k = self.pawns;
        if key.me + key.me_waiting > k || key.opp + key.opp_waiting > k {
            return None;
        }
        let layer = *self.lookup.get(self.slot(key))?;
        (layer.opp_ways != 0).then_some(layer)
    }

    /// The index of the position after the side to move of `frame`'s position steps its pawn
    /// from square `s` to square `t` (an opponent on `t` hit: the two pawns swap), nothing
    /// forced, with the same side to move (`again`) or the other: [`StateIndex::index`] of
    /// that position. `BMI2` only inside a function compiled for it ([`compress`]); `MOST`: the
    /// most pawns a side has on the board, or 0 ([`rank_of`]).
    #[inline(always)]
    pub(crate) fn step_index<const BMI2: bool, const MOST: usize>(
        frame: &Frame,
        s: u8,
        t: u8,
        again: bool,
    ) -> u64 {
        let step = (1u32 << (s - 1)) | (1u32 << (t - 1));
        let hit = (frame.theirs >> (t - 1)) & 1;
        let mine = frame.mine ^ step;
        let theirs = frame.theirs ^ (step & hit.wrapping_neg());
        if again {
            let at = frame.same;
            at.offset
                + u64::from(rank_of::<MOST>(mine)) * at.opp_ways
                + u64::from(rank_of::<MOST>(compress::<BMI2>(theirs, mine)))
        } else {
            let at = frame.swap;
            let first = if hit != 0 {
                rank_of::<MOST>(theirs)
            } else {
                frame.rank_theirs
            };
            at.offset
                + u64::from(first) * at.opp_ways
                + u64::from(rank_of::<MOST>(compress::<BMI2>(mine, theirs)))
        }
    }

    /// The position of index `i`, white to move (white is "me").
    // `unsafe`: calling the copy compiled for BMI2, as in `index`.
    #[allow(unsafe_code)]
    pub fn position(&self, i: u64) -> Position {
        #[cfg(target_arch = "x86_64")]
        if self.bits {
            // SAFETY: as in `index`.
            return unsafe { self.position_with_bits(i) };
        }
        self.position_by::<false>(i)
    }

    /// [`StateIndex::position`] compiled for BMI2: the opponent's squares spread over the free
    /// ones by one `pdep`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2,popcnt,bmi1")]
    fn position_with_bits(&self, i: u64) -> Position {
        self.position_by::<true>(i)
    }

    /// [`StateIndex::position`], with `pdep` when `BMI2` ([`deposit`]).
    #[inline(always)]
    fn position_by<const BMI2: bool>(&self, i: u64) -> Position {
        let mut l = self.starts[(i >> self.bucket) as usize] as usize;
        while self.layers.get(l + 1).is_some_and(|n| n.at.offset <= i) {
            l += 1;
        }
        let Layer { key, at } = self.layers[l];
        let r = i - at.offset;
        let mine = self.combos[key.me as usize][(r / at.opp_ways) as usize];
        let theirs_packed = self.combos[key.opp as usize][(r % at.opp_ways) as usize];
        let theirs = deposit::<BMI2>(theirs_packed, SQUARES & !mine);
        Position {
            pawns: [mine << 1, theirs << 1],
            waiting: [key.me_waiting, key.opp_waiting],
            to_move: Side::White,
            forced: (key.forced > 0)
                .then(|| self.replay[key.forced as usize - 1])
                .and_then(std::num::NonZeroU8::new),
            bound: false,
        }
    }
}

/// What the indices of a position's plain steps share ([`StateIndex::frame`]): both sides'
/// squares (bits 0..30), the layers of the position after a step with the same side to move
/// and with the other, and the rank of the opponent's squares (the first rank of a step that
/// hands over the turn and hits nothing).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    mine: u32,
    theirs: u32,
    same: Slot,
    swap: Slot,
    rank_theirs: u32,
}

/// The bits below a bucket of [`StateIndex::position`]'s lookup for a numbering of `len`
/// positions in `layers` layers: some four buckets a layer.
fn bucket_bits(len: u64, layers: usize) -> u32 {
    let buckets = (4 * layers as u64).next_power_of_two();
    (len.div_ceil(buckets)).next_power_of_two().trailing_zeros()
}

/// Every set of `k` squares among 30 (bits 0..30), ascending: colex order.
fn colex(k: u32) -> Vec<u32> {
    let mut out = Vec::with_capacity(C[30][k as usize] as usize);
    if k == 0 {
        out.push(0);
        return out;
    }
    // Gosper's hack: the next larger number with the same number of bits.
    let mut x: u32 = (1 << k) - 1;
    while x & !SQUARES == 0 {
        out.push(x);
        let c = x & x.wrapping_neg();
        let r = x + c;
        x = (((r ^ x) >> 2) / c) | r;
    }
    out
}

#[cfg(test)]
mod tests;
