//! The registry of named variants: one entry per rule reconstruction (its id, source, language,
//! throwing device and preset rule set). Adding a variant is adding one entry to [`VARIANTS`]:
//! the command line, scenarios, documentation listings and tests iterate over it.

use crate::board::bits_of;
use crate::rules::{
    BearOffWhen, Capture, ExitRule, GameEnd, Protection, RuleSet, Rules, RulesError, SquareSet,
    StartLayout, Starter, ValueSet, WaterTo, DEFAULT_MAX_TURNS,
};
use crate::throws::Device;

/// One documented variant: its id, source, the source's device and its preset rules.
#[derive(Clone, Copy, Debug)]
pub struct VariantInfo {
    /// Id used on the command line and in scenarios.
    pub id: &'static str,
    /// Where the rules come from: the seed document (what it is, its author when it names one)
    /// or the game file.
    pub source: &'static str,
    /// The source's title, as it stands in the source.
    pub title: &'static str,
    /// The source's language, in English.
    pub language: &'static str,
    /// What sets it apart.
    pub summary: &'static str,
    /// The throwing device the source uses.
    pub device: Device,
    /// The preset rule set.
    pub rules: fn() -> RuleSet,
    /// A won game scores series points by the loser's pawns left (`kendall`'s rule 10, see
    /// [`crate::game::series_points`]): a way of counting a series of games, not a rule of
    /// play, so it stays out of [`Rules`] (whose size the game loop feels: one more byte there
    /// cost 5% of `bench`).
    pub series_points: bool,
}

/// A named rule reconstruction: parsed once from its id at the edge (command line, scenario
/// file), then passed around as this value, an index into [`VARIANTS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Variant(u8);

impl Variant {
    /// `passage` (000, French, "Jeu du Passage").
    pub const PASSAGE: Variant = Variant(0);
    /// `game-box` (001, a French game box).
    pub const GAME_BOX: Variant = Variant(1);
    /// `kendall` (002, French, four coins; after Kendall's reconstruction).
    pub const KENDALL: Variant = Variant(2);
    /// `empty-board` (003, Italian).
    pub const EMPTY_BOARD: Variant = Variant(3);
    /// `tejon` (004, Spanish).
    pub const TEJON: Variant = Variant(4);

    /// Every variant, in the order of [`VARIANTS`].
    pub fn all() -> impl Iterator<Item = Variant> {
        (0..VARIANTS.len() as u8).map(Variant)
    }

    /// Its registry entry.
    pub fn info(self) -> &'static VariantInfo {
        &VARIANTS[self.0 as usize]
    }

    /// The id used on the command line and in scenarios (`game-box`).
    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// Its preset rule set.
    pub fn rules(self) -> Rules {
        Rules::preset_of((self.info().rules)())
    }

    /// The throwing device its source uses.
    pub fn device(self) -> Device {
        self.info().device
    }
}

impl std::str::FromStr for Variant {
    type Err = RulesError;
    fn from_str(id: &str) -> Result<Variant, RulesError> {
        Variant::all()
            .find(|v| v.id() == id)
            .ok_or_else(|| RulesError::UnknownVariant(id.to_string(), known_ids()))
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

/// The ids of every variant, comma-separated (for messages).
pub fn known_ids() -> String {
    VARIANTS.iter().map(|v| v.id).collect::<Vec<_>>().join(", ")
}

impl Rules {
    /// The preset of a variant id.
    pub fn preset(id: &str) -> Result<Rules, RulesError> {
        Ok(id.parse::<Variant>()?.rules())
    }
}

const FAIR_STICKS: Device = Device::Sticks { p_marked: 0.5 };

/// Every variant: the five seed documents in their order, then Ludii's reconstructions.
pub const VARIANTS: [VariantInfo; 9] = [
    VariantInfo {
        id: "passage",
        source: "a French web page on ancient table games, no author named; it cites C. Breyer, Jeux et jouets à travers les âges (2010), and the IREM de Lille article by F. Martini and L. Rougetet (2019)",
        title: "Senet — Jeu du Passage",
        language: "French",
        summary: "7 pawns on 1-14, every pawn stops on the ankh (15), 0 marked = 5, rethrow on 1/4/5, houses 26-30",
        device: FAIR_STICKS,
        rules: passage,
        series_points: false,
    },
    VariantInfo {
        id: "game-box",
        source: "a French rules sheet, no author named",
        title: "SENET — Égypte, antiquité (2800 av. JC) — 2 joueurs",
        language: "French",
        summary: "5 pawns on 1-10, 0 white faces = 6 and only 6 rethrows, 26 replays the pawn, 27 restarts it",
        device: FAIR_STICKS,
        rules: game_box,
        series_points: false,
    },
    VariantInfo {
        id: "kendall",
        source: "a French article, no author named",
        title: "Quand les égyptiens étaient beaux joueurs",
        language: "French",
        summary: "4 coins, opening 1 moves 10->11, second player starts with 9, 27 back to 1, refuges 26-30",
        device: Device::Coins,
        rules: kendall,
        series_points: true,
    },
    VariantInfo {
        id: "empty-board",
        source: "an Italian rules text, no author named",
        title: "Il gioco del Senet",
        language: "Italian",
        summary: "empty board, enter with 1/4/6, residual points after bearing off, 30 bears off without a throw",
        device: FAIR_STICKS,
        rules: empty_board,
        series_points: false,
    },
    VariantInfo {
        id: "tejon",
        source: "a Spanish web page by Fernando Tejón ('VerdaKrajono')",
        title: "El senet, el juego de los antiguos egipcios",
        language: "Spanish",
        summary: "coins or a die without 5, stop on 26, 27 back to 15, exit 28/29/30 with 3/2/1 only",
        device: Device::Coins,
        rules: tejon,
        series_points: false,
    },
    VariantInfo {
        id: "ludii-kendall",
        source: "Ludii, Senet.lud, ruleset \"Kendall (Scholarly)\"",
        title: "Senet (Ludii 1.3.10): Kendall 1979",
        language: "Ludii game description",
        summary: "7 pawns, 0 marked = 5, rethrow on 1/4/5 (a pass too), opening 14->15, stop on 26, 27 holds the pawn (4 bears off, or back to 15), no hit on 28-30",
        device: FAIR_STICKS,
        rules: ludii_kendall,
        series_points: false,
    },
    VariantInfo {
        id: "ludii-jequier",
        source: "Ludii, Senet.lud, ruleset \"Jequier (Scholarly)\"",
        title: "Senet (Ludii 1.3.10): Jéquier 1930",
        language: "Ludii game description",
        summary: "5 pawns, 0 marked = 6, rethrow on 1/4/6 (a pass too), opening 10->11, the first row queues, rows of three stop 4 and 6, hits and 27 back to the start, no backward move, a last pawn off with 1/4/6 draws",
        device: FAIR_STICKS,
        rules: ludii_jequier,
        series_points: false,
    },
    VariantInfo {
        id: "ludii-bell",
        source: "Ludii, Senet.lud, ruleset \"Bell (Suggested)\"",
        title: "Senet (Ludii 1.3.10): Bell (suggested)",
        language: "Ludii game description",
        summary: "10 pawns on 1-20, one four-sided die, no extra throw, forward only, a hit pawn leaves the game, the symbols 15 and 26-29 safe; play on until both sides are out, most borne off wins (draws)",
        device: Device::D4,
        rules: ludii_bell,
        series_points: false,
    },
    VariantInfo {
        id: "ludii-piccione",
        source: "Ludii, Senet.lud, ruleset \"Piccione (Scholarly)\"",
        title: "Senet (Ludii 1.3.10): Piccione 1980",
        language: "Ludii game description",
        summary: "5 pawns enter on 1 with a 1 and must move at the next throw (else back), throws split between pawns, no hits, no backward move, 27 sends a pawn back to enter again, 15 and 26 (and leaving from 26) give a throw again",
        device: FAIR_STICKS,
        rules: ludii_piccione,
        series_points: false,
    },
];

fn set(list: &[u8]) -> SquareSet {
    SquareSet(bits_of(list).expect("preset squares are on the board"))
}

/// Every square: no backward move from anywhere.
fn every_square() -> SquareSet {
    set(&(1..=30).collect::<Vec<u8>>())
}

fn values(list: &[u8]) -> ValueSet {
    ValueSet::try_from(list.to_vec()).expect("preset values are valid")
}

/// Square 26, the House of Happiness (`passage`'s re-throw square, `tejon`'s checkpoint): the
/// presets' value; the engine reads it from the rule set only.
const HAPPINESS: u8 = 26;
/// Square 27, the House of Water in every seed.
const WATER: u8 = 27;
/// Square 15, the ankh or House of Rebirth: where the water sends pawns back in the seeds.
const REBIRTH: u8 = 15;

/// What the seed variants share unless they say otherwise.
fn base() -> RuleSet {
    RuleSet {
        pawns: 5,
        start: StartLayout::Alternate,
        throw_values: [6, 1, 2, 3, 4],
        extra_throw: values(&[1, 4, 6]),
        extra_throw_without_move: false,
        entry_values: ValueSet(0),
        capture: Capture::Swap,
        protection: Protection::Pairs,
        queue_squares: SquareSet(0),
        row_block: None,
        blockade: true,
        backward_capture: false,
        safe_squares: SquareSet(0),
        priority_squares: SquareSet(0),
        checkpoints: SquareSet(0),
        checkpoint_trap: false,
        water_square: Some(WATER),
        water_to: WaterTo::ReturnOrBefore,
        return_square: REBIRTH,
        water_stay: false,
        water_hits: SquareSet(0),
        exit: ExitRule::Exact,
        exact_exit_squares: SquareSet(0),
        exit_only_squares: SquareSet(0),
        no_backward_from: SquareSet(0),
        bear_off_when: BearOffWhen::Always,
        replay_squares: SquareSet(0),
        rethrow_square: None,
        residual_points: false,
        split_throws: false,
        bonus_squares: SquareSet(0),
        bonus_on_bear_off: false,
        backward_per_pawn: false,
        forced_or_restart: false,
        free_exit_from_30: false,
        optional_squares: SquareSet(0),
        occupied_refuges: SquareSet(0),
        thirty_blocks_exit: false,
        end: GameEnd::FirstOut,
        starter: Starter::Black,
        first_throw: Some(1),
        opening_step: false,
        start_value: None,
        first_pawn_white: None,
        first_pawn_black: None,
        max_turns: DEFAULT_MAX_TURNS,
    }
}

fn passage() -> RuleSet {
    RuleSet {
        pawns: 7,
        throw_values: [5, 1, 2, 3, 4],
        extra_throw: values(&[1, 4, 5]),
        backward_capture: true,
        safe_squares: set(&[15, 26, 28, 29]),
        checkpoints: set(&[15]),
        water_stay: true,
        exit_only_squares: set(&[27, 28, 29, 30]),
        no_backward_from: set(&[26]),
        rethrow_square: Some(HAPPINESS),
        first_pawn_black: Some(14),
        ..base()
    }
}

fn game_box() -> RuleSet {
    RuleSet {
        extra_throw: values(&[6]),
        water_to: WaterTo::Restart,
        exit: ExitRule::Excess,
        exact_exit_squares: set(&[28, 29, 30]),
        bear_off_when: BearOffWhen::AllInLastRow,
        replay_squares: set(&[26]),
        starter: Starter::Random,
        first_throw: None,
        ..base()
    }
}

fn kendall() -> RuleSet {
    RuleSet {
        safe_squares: set(&[26, 27, 28, 29, 30]),
        water_to: WaterTo::OneOrAfter,
        exit: ExitRule::OnThirty,
        bear_off_when: BearOffWhen::AllInLastRow,
        first_pawn_black: Some(10),
        first_pawn_white: Some(9),
        ..base()
    }
}

fn empty_board() -> RuleSet {
    RuleSet {
        start: StartLayout::Empty,
        entry_values: values(&[1, 4, 6]),
        backward_capture: true,
        safe_squares: set(&[15, 26, 28, 29, 30]),
        water_to: WaterTo::ReturnThenOne,
        exit: ExitRule::Excess,
        exit_only_squares: set(&[28, 29, 30]),
        bear_off_when: BearOffWhen::NoneInFirstRow,
        residual_points: true,
        free_exit_from_30: true,
        optional_squares: set(&[26]),
        occupied_refuges: set(&[26, 28, 29, 30]),
        starter: Starter::Random,
        first_throw: None,
        ..base()
    }
}

fn tejon() -> RuleSet {
    RuleSet {
        safe_squares: set(&[26, 28, 29, 30]),
        checkpoints: set(&[26]),
        exit_only_squares: set(&[28, 29, 30]),
        no_backward_from: set(&[26]),
        bear_off_when: BearOffWhen::NoneInFirstRow,
        first_pawn_black: Some(10),
        first_pawn_white: Some(9),
        ..base()
    }
}

/// Ludii's `Senet.lud`, ruleset "Kendall (Scholarly)": "Play Rules/Kendall" "Dice/4xD2"
/// "Throw/Piccione-Kendall" "Track/Boustrophedon + Backward" (docs/rules.md quotes each line).
fn ludii_kendall() -> RuleSet {
    RuleSet {
        pawns: 7,
        throw_values: [5, 1, 2, 3, 4],
        extra_throw: values(&[1, 4, 5]),
        extra_throw_without_move: true,
        protection: Protection::PairsAndGrid,
        blockade: false,
        backward_capture: true,
        // The hit from 26 onto 28-30 into the water never happens in Ludii (its test counts
        // the pieces on an empty water, always 0), and no other move lands on an enemy there.
        safe_squares: set(&[28, 29, 30]),
        checkpoints: set(&[26]),
        water_to: WaterTo::Held,
        water_hits: SquareSet(0),
        exit: ExitRule::Excess,
        exact_exit_squares: set(&[27]),
        exit_only_squares: set(&[28, 29]),
        no_backward_from: set(&[27, 28, 29, 30]),
        opening_step: true,
        ..base()
    }
}

/// Ludii's `Senet.lud`, ruleset "Jequier (Scholarly)": "Play Rules/Jequier" "Dice/4xD2"
/// "Throw/Jequier" "Track/Boustrophedon + Backward" (docs/rules.md quotes each line).
fn ludii_jequier() -> RuleSet {
    RuleSet {
        extra_throw_without_move: true,
        capture: Capture::SendToStart,
        protection: Protection::PairsInRows,
        blockade: false,
        safe_squares: set(&[15, 26, 28, 29]),
        water_to: WaterTo::OneOrAfter,
        exit: ExitRule::Excess,
        bear_off_when: BearOffWhen::AllInLastRow,
        queue_squares: set(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
        row_block: Some(4),
        // Ludii as shipped never offers a backward move: expanding `"PieceMovement"` without
        // arguments deletes the `#1` of the item's own defines, so the backward branch tests
        // the forward square.
        no_backward_from: every_square(),
        end: GameEnd::FirstOutDrawOnExtra,
        opening_step: true,
        ..base()
    }
}

/// Ludii's `Senet.lud`, ruleset "Bell (Suggested)": "Play Rules/Bell" "Dice/1xD4" "Throw/Sum"
/// "Track/Boustrophedon" (docs/rules.md quotes each line).
fn ludii_bell() -> RuleSet {
    RuleSet {
        pawns: 10,
        // "Throw/Sum" maps 1-4 to themselves; the die never shows the table's first entry (no
        // marked face), which a throw table here cannot write as 0: it keeps 5.
        throw_values: [5, 1, 2, 3, 4],
        extra_throw: ValueSet(0),
        capture: Capture::Remove,
        protection: Protection::None,
        blockade: false,
        safe_squares: set(&[15, 26, 27, 28, 29]),
        // The symbols are not played first: the branch that would play them moves `(from)`,
        // which `forEach Site` never sets, so it yields no move.
        priority_squares: SquareSet(0),
        water_square: None,
        // "Track/Boustrophedon" has no "TrackOpposite": no backward move from any square.
        no_backward_from: every_square(),
        end: GameEnd::AllOut,
        starter: Starter::HigherThrow,
        first_throw: None,
        ..base()
    }
}

/// Ludii's `Senet.lud`, ruleset "Piccione (Scholarly)": "Play Rules/Piccione" "Dice/4xD2"
/// "Throw/Piccione-Kendall" "Track/Boustrophedon + Backward Except Three Last Spaces"
/// (docs/rules.md quotes each line).
fn ludii_piccione() -> RuleSet {
    RuleSet {
        start: StartLayout::Empty,
        throw_values: [5, 1, 2, 3, 4],
        extra_throw: ValueSet(0),
        entry_values: values(&[1]),
        capture: Capture::None,
        protection: Protection::None,
        blockade: false,
        water_to: WaterTo::Restart,
        // Ludii as shipped never offers a backward move (see `ludii_jequier`).
        no_backward_from: every_square(),
        replay_squares: set(&[1]),
        split_throws: true,
        bonus_squares: set(&[15, 26]),
        bonus_on_bear_off: true,
        forced_or_restart: true,
        starter: Starter::White,
        first_throw: None,
        ..base()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_parses_back_and_is_valid() {
        for v in Variant::all() {
            assert_eq!(v.id().parse::<Variant>(), Ok(v));
            (v.info().rules)().validate().unwrap();
        }
        assert_eq!(Variant::all().count(), VARIANTS.len());
        assert_eq!(
            Rules::preset("senat"),
            Err(RulesError::UnknownVariant("senat".into(), known_ids()))
        );
    }
}
