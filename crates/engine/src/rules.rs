//! A rule set as data (the named presets are in [`crate::variants`]).
//!
//! Every option is orthogonal and documented in `docs/rules.md` with the seed sentence
//! it comes from. A scenario (or `--rules FILE`) overrides any key of a preset.

mod masks;
mod validate;

use crate::board::{bit, bits_of, squares, Side};
use crate::masks::Masks;
use thiserror::Error;

/// Errors in a rule set or its overrides.
#[derive(Debug, Error, PartialEq)]
pub enum RulesError {
    /// The variant id (first) is not one of the registry's (second, comma-separated).
    #[error("unknown variant '{0}' (known: {1})")]
    UnknownVariant(String, String),
    /// An override could not be read (unknown key, wrong type...).
    #[error("rule override: {0}")]
    Override(String),
    /// A rule set whose options do not make sense together.
    #[error("rule option '{key}': {why}")]
    Invalid {
        /// The option at fault.
        key: &'static str,
        /// What is wrong with it.
        why: String,
    },
}

/// A set of squares 1..=30, written as a list of numbers in TOML and JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Vec<u8>", into = "Vec<u8>"))]
pub struct SquareSet(pub u32);

impl SquareSet {
    /// Whether `square` is in the set.
    #[inline]
    pub fn has(self, square: u8) -> bool {
        self.0 & bit(square) != 0
    }
}

impl TryFrom<Vec<u8>> for SquareSet {
    type Error = String;
    fn try_from(list: Vec<u8>) -> Result<Self, String> {
        bits_of(&list)
            .map(SquareSet)
            .ok_or_else(|| format!("squares must lie in 1..=30, got {list:?}"))
    }
}

impl From<SquareSet> for Vec<u8> {
    fn from(set: SquareSet) -> Vec<u8> {
        squares(set.0).collect()
    }
}

/// A set of throw values 1..=6, written as a list of numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Vec<u8>", into = "Vec<u8>"))]
pub struct ValueSet(pub u8);

impl ValueSet {
    /// Whether `value` is in the set.
    #[inline]
    pub fn has(self, value: u8) -> bool {
        value < 8 && self.0 & (1 << value) != 0
    }
    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl TryFrom<Vec<u8>> for ValueSet {
    type Error = String;
    fn try_from(list: Vec<u8>) -> Result<Self, String> {
        list.iter().try_fold(ValueSet(0), |acc, &v| {
            if (1..=6).contains(&v) {
                Ok(ValueSet(acc.0 | 1 << v))
            } else {
                Err(format!("throw values must lie in 1..=6, got {v}"))
            }
        })
    }
}

impl From<ValueSet> for Vec<u8> {
    fn from(set: ValueSet) -> Vec<u8> {
        (1..=6).filter(|&v| set.has(v)).collect()
    }
}

/// How the pawns stand when the game begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum StartLayout {
    /// Pawns alternate on squares 1..=2n: white on the odd squares, black on the even ones.
    Alternate,
    /// The board is empty: every pawn waits to enter.
    Empty,
}

/// What happens to an opponent's pawn that is landed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Capture {
    /// The two pawns exchange squares.
    Swap,
    /// The hit pawn goes to the return square (`return_square`, 15 in the seeds), or the first
    /// empty square before it.
    #[cfg_attr(
        feature = "serde",
        serde(rename = "send-to-return", alias = "send-to-15")
    )]
    SendToReturn,
    /// The hit pawn goes to the first empty square from 1 on, the hitting pawn still on the
    /// square it leaves (Ludii's Jéquier: "FurthestEmptySite").
    SendToStart,
    /// Landing on an opponent is not allowed.
    None,
    /// The hit pawn leaves the game: it is neither borne off nor played again (Ludii's Bell:
    /// "(apply if:("IsEnemyAt" (to)) (remove (to)))").
    Remove,
}

/// Where a pawn that lands on the water square goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum WaterTo {
    /// The return square (15 in the seeds), or if taken the first empty square before it.
    #[cfg_attr(feature = "serde", serde(alias = "fifteen-or-before"))]
    ReturnOrBefore,
    /// The return square, or if taken square 1, or the first empty square after 1.
    #[cfg_attr(feature = "serde", serde(alias = "fifteen-then-one"))]
    ReturnThenOne,
    /// Square 1, or the first empty square after it.
    OneOrAfter,
    /// Off the board to start again: back to the waiting pawns when the variant has an entry,
    /// else square 1 or the first empty square after it.
    Restart,
    /// Nowhere: the pawn is held in the water (Ludii's Kendall). Its owner moves nothing else
    /// while it is there; a throw that bears it off from the water must be played so, any
    /// other throw lets it go back to the return square (15) if that is empty (it alone may then move at its
    /// owner's next throw) or stay. Moves of a held or returned pawn give no extra throw.
    Held,
}

/// Which pawns of a side cannot be attacked because of their neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "kebab-case", try_from = "ProtectionFile")
)]
pub enum Protection {
    /// No pawn is protected by a neighbour.
    None,
    /// Two pawns of a side on neighbouring squares of the path protect each other.
    Pairs,
    /// As `pairs`, and on Ludii's 3×10 grid a pawn on 20 is also protected by its side's pawn on
    /// 1, one on 11 by a pawn on 30 (the squares above and below them at the turns of the path).
    PairsAndGrid,
    /// As `pairs`, but only neighbours in the same row of the grid: 10 and 11, 20 and 21 do not
    /// protect each other (Ludii's Jéquier looks along the rows only).
    PairsInRows,
}

impl Protection {
    /// Whether any pawn can be protected by a neighbour.
    #[inline]
    pub fn any(self) -> bool {
        self != Protection::None
    }
}

/// `protection` as a rule file writes it: one of the names, or `true` (`"pairs"`) and `false`
/// (`"none"`), the shorthand of the first rule files and of `--set protection=false`.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum ProtectionFile {
    Flag(bool),
    Name(String),
}

#[cfg(feature = "serde")]
impl TryFrom<ProtectionFile> for Protection {
    type Error = String;
    fn try_from(file: ProtectionFile) -> Result<Self, String> {
        Ok(match file {
            ProtectionFile::Flag(true) => Protection::Pairs,
            ProtectionFile::Flag(false) => Protection::None,
            ProtectionFile::Name(name) => match name.as_str() {
                "none" => Protection::None,
                "pairs" => Protection::Pairs,
                "pairs-and-grid" => Protection::PairsAndGrid,
                "pairs-in-rows" => Protection::PairsInRows,
                _ => return Err(format!("unknown protection '{name}' (known: none, pairs, pairs-and-grid, pairs-in-rows, or true/false)")),
            },
        })
    }
}

/// How a pawn leaves the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum ExitRule {
    /// Only a throw that takes the pawn exactly one step past 30 (square + throw = 31).
    Exact,
    /// Any throw that carries the pawn past 30; squares in `exact_exit_squares` need the exact throw.
    Excess,
    /// The pawn is removed when it lands exactly on 30 (a pawn resting on 30 leaves with a 1).
    OnThirty,
}

/// When a side may start bearing pawns off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum BearOffWhen {
    /// At any time.
    Always,
    /// Only when all of the side's pawns stand on the last row (21..=30) and none waits.
    AllInLastRow,
    /// Only when none of the side's pawns stands on the first row (1..=10) and none waits.
    NoneInFirstRow,
}

/// Who makes the first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Starter {
    /// White.
    White,
    /// Black (the winner of the opening throw-off takes black in the seeds that have one).
    Black,
    /// A fair draw from the game's random stream.
    Random,
    /// White throws, then black; black starts when its throw is strictly higher, white
    /// otherwise (Ludii's Bell: "(if (< (var) (count Pips)) (moveAgain))"). The two throws are
    /// counted with the game's throws.
    HigherThrow,
}

/// When a game ends and who wins it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum GameEnd {
    /// The first side with no pawn left (none on the board, none waiting) wins.
    FirstOut,
    /// The game goes on until neither side has a pawn left; the side that bore off more pawns
    /// wins, and equal numbers are a draw (Ludii's Bell: "(if (and (no Pieces P1) (no Pieces
    /// P2)) (byScore))", a point for each pawn borne off). A side with no pawn left passes.
    AllOut,
    /// The first side with no pawn left wins, unless the throw that took its last pawn off
    /// gives another throw: the game is then drawn (Ludii's Jéquier scores the pieces of
    /// `Next`, which `(moveAgain)` makes the mover, who has none: 0 to 0).
    FirstOutDrawOnExtra,
}

impl GameEnd {
    /// Whether a game under this end can be drawn.
    pub fn can_draw(self) -> bool {
        self != GameEnd::FirstOut
    }
}

/// A Senet rule set as written: every option of every reconstruction, as plain data, not yet
/// checked together. [`RuleSet::check`] turns it into [`Rules`], the only form a game, a move
/// generator or a solver takes.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct RuleSet {
    /// Pawns per side.
    pub pawns: u8,
    /// How the pawns stand at the start.
    pub start: StartLayout,
    /// Value of a throw by number of marked faces: index 0 (no marked face) to 4.
    pub throw_values: [u8; 5],
    /// Values after which the same player throws again, once the throw has been played.
    pub extra_throw: ValueSet,
    /// A throw that cannot be played still gives its extra throw (the reading kept before the
    /// seeds' "passe son tour" was followed; off in every seed preset, on in Ludii's Kendall and
    /// Jéquier, whose `(move Pass …)` throws again after 1, 4, 5 or 6).
    pub extra_throw_without_move: bool,
    /// Values that let a waiting pawn enter (empty: any value).
    pub entry_values: ValueSet,
    /// What happens to a pawn that is landed on.
    pub capture: Capture,
    /// Which pawns are protected from attack by a neighbour of their side.
    pub protection: Protection,
    /// A pawn on one of these squares moves, forward or backward, only while the square in
    /// front of it is empty (Ludii's Jéquier: the first row).
    pub queue_squares: SquareSet,
    /// Throws of at least this value are not played by a pawn whose square at half the throw
    /// (forward, or backward) holds a pawn of a run of three pawns of either side within a row of
    /// the grid (none, 0 in files; Ludii's Jéquier "NotGroupOfThree": 4).
    #[cfg_attr(feature = "serde", serde(with = "zero_is_none"))]
    pub row_block: Option<u8>,
    /// Three pawns of a side on consecutive squares can be neither attacked nor passed.
    pub blockade: bool,
    /// A backward move may land on (and exchange with) an opponent.
    pub backward_capture: bool,
    /// Squares where a pawn cannot be attacked.
    pub safe_squares: SquareSet,
    /// When a pawn on one of these squares has a legal move, only such pawns may move (Ludii's
    /// Bell: pawns on the symbols 15 and 26-29 move first).
    pub priority_squares: SquareSet,
    /// Squares every pawn behind them must stop on before going further.
    pub checkpoints: SquareSet,
    /// A throw that would carry a pawn past a checkpoint (or off the board from behind it)
    /// drops the pawn in the water instead, when the water is empty (Ludii's Kendall trap).
    pub checkpoint_trap: bool,
    /// The water square, if any (0 in files).
    #[cfg_attr(feature = "serde", serde(with = "zero_is_none"))]
    pub water_square: Option<u8>,
    /// Where a pawn falling in the water goes.
    pub water_to: WaterTo,
    /// The square of rebirth (15, the ankh, in every seed): where `water_to = "return-..."`
    /// and `capture = "send-to-return"` send a pawn, and where Ludii's held pawn goes back.
    pub return_square: u8,
    /// A pawn falling in the water may stay there, to leave only with the throw that bears it off;
    /// meanwhile its owner moves no other pawn.
    pub water_stay: bool,
    /// With `water_to = "held"`, an opponent hit on one of these squares is held in the water
    /// instead of exchanging, and may be hit only while the water is empty (what Ludii's Kendall
    /// intends on 28, 29, 30; its code never does it: none in the preset).
    pub water_hits: SquareSet,
    /// How pawns leave the board.
    pub exit: ExitRule,
    /// With `exit = "excess"`, squares from which only the exact throw bears off.
    pub exact_exit_squares: SquareSet,
    /// Squares whose pawns move only by bearing off with the exact throw.
    pub exit_only_squares: SquareSet,
    /// Squares from which no backward move is allowed.
    pub no_backward_from: SquareSet,
    /// When bearing off may start.
    pub bear_off_when: BearOffWhen,
    /// Landing on these squares gives an extra throw that must move the same pawn.
    pub replay_squares: SquareSet,
    /// With a pawn of the side on this square (26, the House of Happiness, in `passage`), a
    /// throw of 1 may be thrown again instead of played: a "re-throw" choice listed beside the
    /// moves of the 1 (none, 0 in files).
    #[cfg_attr(feature = "serde", serde(with = "zero_is_none"))]
    pub rethrow_square: Option<u8>,
    /// Points of a throw left over after bearing off move another pawn.
    pub residual_points: bool,
    /// A throw may be split (Ludii's Piccione): a pawn moves by any part of it, and the rest
    /// must then be played the same way, by any pawn, while a move exists (a waiting pawn does
    /// not enter with a rest).
    pub split_throws: bool,
    /// A move ending on one of these squares (backward too, a part of a split throw too) gives
    /// another throw once the throw is played (Ludii's Piccione: 15 and 26).
    pub bonus_squares: SquareSet,
    /// A pawn borne off from one of the `bonus_squares` gives that throw too (Ludii's Piccione:
    /// a removed pawn's `(last To)` is the square it left, so a 5 from 26 throws again).
    pub bonus_on_bear_off: bool,
    /// A pawn with no forward move may move backward even when other pawns can move forward
    /// (Ludii's Piccione: the priority of forward moves is within each piece's moves).
    pub backward_per_pawn: bool,
    /// A forced pawn with no move at its throw goes back among the waiting pawns instead of
    /// freeing the others (Ludii's Piccione: the pawn entered with a 1, "AutoCaptureLastPiece").
    pub forced_or_restart: bool,
    /// Pawns on 28 and 29 move to 30 (with 3 and 2), and a pawn on 30 is borne off without a
    /// throw at the start of its owner's next turn.
    pub free_exit_from_30: bool,
    /// When the only pawns that can move stand on these squares, the player may leave them.
    pub optional_squares: SquareSet,
    /// A pawn whose move ends on one of these squares while it is taken moves back instead, by
    /// the throw from the square it left; when it cannot, or when every one of these squares is
    /// taken, it is treated as fallen in the water (`empty-board`).
    pub occupied_refuges: SquareSet,
    /// With `exit = "on-thirty"`: a pawn may be borne off onto 30 only while 30 is empty (the
    /// reading kept before; off in every preset: a pawn brought exactly onto 30 leaves even when
    /// another rests there).
    pub thirty_blocks_exit: bool,
    /// When the game ends and who wins.
    pub end: GameEnd,
    /// Who moves first.
    pub starter: Starter,
    /// The value of the starter's first throw, fixed by the opening throw-off (none, 0 in
    /// files: a normal throw).
    #[cfg_attr(feature = "serde", serde(with = "zero_is_none"))]
    pub first_throw: Option<u8>,
    /// The throw-off's throw moves the starter's front pawn one square on, and the starter then
    /// throws again (Ludii's Kendall: "MoveInFront", 14 to 15).
    pub opening_step: bool,
    /// The side that does not start moves no pawn until it throws this value, which it then
    /// plays (none, 0 in files; Ludii's Kendall "Starting Throw": a 1). Its throws before that
    /// pass, with their extra throw when `extra_throw_without_move` gives one.
    #[cfg_attr(feature = "serde", serde(with = "zero_is_none"))]
    pub start_value: Option<u8>,
    /// Square of the pawn that white's first move must use, if it can (none, 0 in files: free).
    #[cfg_attr(feature = "serde", serde(with = "zero_is_none"))]
    pub first_pawn_white: Option<u8>,
    /// Square of the pawn that black's first move must use, if it can (none, 0 in files: free).
    #[cfg_attr(feature = "serde", serde(with = "zero_is_none"))]
    pub first_pawn_black: Option<u8>,
    /// Turns after which a game stops and is reported as unfinished.
    pub max_turns: u32,
}

/// The most pawns a side with `split_throws`.
pub(crate) const SPLIT_PAWNS: u8 = 5;

/// Default cap on the number of turns of one game.
pub const DEFAULT_MAX_TURNS: u32 = 20_000;

/// A rule set whose options have been checked together ([`RuleSet::validate`]): the only way
/// to make one is [`RuleSet::check`] (or a preset), so whatever takes a `Rules` may trust it.
///
/// Its options are read through `Deref` (`rules.water_square`); to change one, take the
/// [`RuleSet`] back ([`Rules::into_set`]), change it and check it again. A file holds the same
/// flat keys as a `RuleSet`; reading one into a `Rules` checks it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RuleSet", into = "RuleSet"))]
pub struct Rules {
    set: RuleSet,
    /// What the fast move generator reads, computed from `set` once.
    masks: Masks,
}

impl RuleSet {
    /// Checks the options together and gives the checked rule set.
    pub fn check(self) -> Result<Rules, RulesError> {
        self.validate()?;
        Ok(Rules::of(self))
    }
}

impl Rules {
    /// The options, to change and check again.
    pub fn into_set(self) -> RuleSet {
        self.set
    }

    /// A checked set with its masks.
    fn of(set: RuleSet) -> Rules {
        Rules {
            masks: set.masks(),
            set,
        }
    }

    /// The masks the fast move generator reads, computed once from the options.
    #[inline(always)]
    pub(crate) fn masks(&self) -> &Masks {
        &self.masks
    }

    /// A copy with some options changed, checked again.
    pub fn with(&self, change: impl FnOnce(&mut RuleSet)) -> Result<Rules, RulesError> {
        let mut set = self.set.clone();
        change(&mut set);
        set.check()
    }

    /// A preset written in this crate (every preset is checked by a test).
    pub(crate) fn preset_of(set: RuleSet) -> Rules {
        debug_assert_eq!(set.validate(), Ok(()), "a preset must be valid");
        Rules::of(set)
    }
}

impl std::ops::Deref for Rules {
    type Target = RuleSet;
    #[inline(always)]
    fn deref(&self) -> &RuleSet {
        &self.set
    }
}

impl TryFrom<RuleSet> for Rules {
    type Error = RulesError;
    fn try_from(set: RuleSet) -> Result<Rules, RulesError> {
        set.check()
    }
}

impl From<Rules> for RuleSet {
    fn from(rules: Rules) -> RuleSet {
        rules.set
    }
}

impl RuleSet {
    /// Whether a throw of `value` gives the same player another throw.
    #[inline]
    pub fn gives_extra_throw(&self, value: u8) -> bool {
        self.extra_throw.has(value)
    }

    /// The most throws a game lasts: 50 a turn of `max_turns`, where a game stops unfinished.
    pub fn max_throws(&self) -> u32 {
        self.max_turns.saturating_mul(50)
    }

    /// The distinct values this rule set's throw table can produce, ascending.
    pub fn possible_values(&self) -> Vec<u8> {
        let mut v: Vec<u8> = self.throw_values.to_vec();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Whether pawns can wait off the board to enter: an empty start, or entry values (then a
    /// pawn restarted from the water waits for one of them, as in `game-box`'s listed variant).
    pub fn has_entry(&self) -> bool {
        self.start == StartLayout::Empty || !self.entry_values.is_empty()
    }

    /// The water square as a bitboard (empty when there is none).
    #[inline(always)]
    pub(crate) fn water_bit(&self) -> u32 {
        self.water_square.map_or(0, bit)
    }

    /// The square of the pawn `side`'s first move must use, if the rules name one.
    pub fn first_pawn(&self, side: Side) -> Option<u8> {
        match side {
            Side::White => self.first_pawn_white,
            Side::Black => self.first_pawn_black,
        }
    }
}

/// Rule files write "none" as 0 (`water_square = 0`, `first_pawn_white = 0`); the rule set
/// holds an `Option`.
#[cfg(feature = "serde")]
mod zero_is_none {
    use serde::{Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(value: &Option<u8>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(value.unwrap_or(0))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
        let v = u8::deserialize(d)?;
        Ok((v != 0).then_some(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Variant;

    #[test]
    fn a_rule_set_is_checked_into_rules_naming_the_key_at_fault() {
        let mut set = Variant::TEJON.rules().into_set();
        set.pawns = 11;
        assert_eq!(
            set.clone().check(),
            Err(RulesError::Invalid {
                key: "pawns",
                why: "must be between 1 and 10".into()
            })
        );
        set.pawns = 2;
        let rules = set.check().unwrap();
        assert_eq!(rules.pawns, 2);
        // Changing an option checks again.
        assert!(rules.with(|r| r.pawns = 0).is_err());
        assert_eq!(rules.with(|r| r.pawns = 3).unwrap().pawns, 3);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn reading_rules_from_text_checks_them_and_writing_them_round_trips() {
        let rules = Variant::PASSAGE.rules();
        let text = toml::to_string(&rules).unwrap();
        assert_eq!(toml::from_str::<Rules>(&text).unwrap(), rules);
        let bad = text.replace(&format!("pawns = {}\n", rules.pawns), "pawns = 0\n");
        assert_ne!(bad, text, "the preset writes its pawns");
        let err = toml::from_str::<Rules>(&bad).unwrap_err().to_string();
        assert!(err.contains("rule option 'pawns'"), "{err}");
        // The same text reads as a `RuleSet`, unchecked.
        assert_eq!(toml::from_str::<RuleSet>(&bad).unwrap().pawns, 0);
    }
}
