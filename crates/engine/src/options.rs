//! The one list of rule options: each key with the values it takes and what follows from it
//! (a new option is one line here; the compiler and the tests then name every other place).

use crate::rules::{GameEnd, Rules, WaterTo};

/// The values a rule option takes, as a rule file writes them.
const BOOL: &str = "true or false";
const SQUARES: &str = "a list of squares 1-30, e.g. [26, 28]";
const VALUES: &str = "a list of throw values 1-6, e.g. [1, 4, 6]";
const SQUARE_OR_0: &str = "a square 1-30, or 0 for none";
const VALUE_OR_0: &str = "a throw value 1-6, or 0 for none";

/// What a rule option changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The game from any position on: a table is solved for it ([`crate::solve::same_game`]
    /// compares it).
    Play,
    /// Only how a game opens or how long it may last (who starts, the opening throw and pawn,
    /// the turn cap): a table solved under another value serves.
    Opening,
}

/// How the bit-mask fast path of move generation takes a rule option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FastPath {
    /// The fast path handles it (or sends the pawns it affects to the definition).
    Covered,
    /// A rule set that uses it takes the definition for every move
    /// ([`crate::movegen::fast_path_covers`] says no).
    Definition,
}

/// What the exact solver does with a rule option.
#[derive(Clone, Copy, Debug)]
pub enum Solver {
    /// Solves every value of it.
    Solved,
    /// Refuses the rule sets where `when` holds: their positions carry a state the tables do not
    /// number; `what` names it in the message.
    Refused {
        /// The value refused, as a rule file writes it.
        what: &'static str,
        /// Whether a rule set uses that value.
        when: fn(&Rules) -> bool,
    },
}

/// One option of a rule file, and what follows from it.
#[derive(Clone, Copy, Debug)]
pub struct RuleOption {
    /// Its key in a rule file.
    pub key: &'static str,
    /// The values it takes, as a rule file writes them (messages, the docs' key table).
    pub values: &'static str,
    /// What it changes.
    pub scope: Scope,
    /// How the fast path takes it.
    pub fast_path: FastPath,
    /// What the solver does with it.
    pub solver: Solver,
    /// Whether two rule sets differ in it.
    pub differs: fn(&Rules, &Rules) -> bool,
}

const fn solved() -> Solver {
    Solver::Solved
}

const fn refused(what: &'static str, when: fn(&Rules) -> bool) -> Solver {
    Solver::Refused { what, when }
}

/// The list of options: one line an option, its field, its values, its scope, its fast path and
/// its solver; the key is the field's name.
macro_rules! options {
    ($($field:ident: $values:expr, $scope:ident, $fast:ident, $solver:expr;)*) => {
        /// Every option of a rule file, in the order a rule set writes them, with what follows
        /// from it: a rule file's messages, the key table of `docs/rules.md`, the table file's
        /// layout, [`crate::solve::same_game`], the solver's refusals, the fast path's coverage
        /// and the property tests' rule sets all read it (tests hold each to it).
        pub const OPTIONS: &[RuleOption] = &[$(RuleOption {
            key: stringify!($field),
            values: $values,
            scope: Scope::$scope,
            fast_path: FastPath::$fast,
            solver: $solver,
            differs: |a, b| a.$field != b.$field,
        }),*];
    };
}

options! {
    pawns: "a number of pawns a side, 1 to 10", Play, Covered, solved();
    start: "\"alternate\" or \"empty\"", Play, Covered, solved();
    throw_values: "five throw values 1-6 (for 0 to 4 marked faces), e.g. [5, 1, 2, 3, 4]", Play, Covered, solved();
    extra_throw: VALUES, Play, Covered, solved();
    extra_throw_without_move: BOOL, Play, Covered, solved();
    entry_values: VALUES, Play, Covered, solved();
    capture: "\"swap\", \"send-to-return\", \"send-to-start\", \"none\" or \"remove\"", Play, Covered, solved();
    protection: "\"none\", \"pairs\", \"pairs-and-grid\" or \"pairs-in-rows\" (true and false read as \"pairs\" and \"none\")", Play, Covered, solved();
    queue_squares: SQUARES, Play, Definition, solved();
    row_block: VALUE_OR_0, Play, Definition, solved();
    blockade: BOOL, Play, Covered, solved();
    backward_capture: BOOL, Play, Covered, solved();
    safe_squares: SQUARES, Play, Covered, solved();
    priority_squares: SQUARES, Play, Definition, solved();
    checkpoints: SQUARES, Play, Covered, solved();
    checkpoint_trap: BOOL, Play, Covered, solved();
    water_square: SQUARE_OR_0, Play, Covered, solved();
    water_to: "\"return-or-before\", \"return-then-one\", \"one-or-after\", \"restart\" or \"held\"", Play, Covered, refused("water_to = \"held\"", |r| r.water_to == WaterTo::Held);
    return_square: "a square 1-30", Play, Covered, solved();
    water_stay: BOOL, Play, Covered, solved();
    water_hits: SQUARES, Play, Covered, solved();
    exit: "\"exact\", \"excess\" or \"on-thirty\"", Play, Covered, solved();
    exact_exit_squares: SQUARES, Play, Covered, solved();
    exit_only_squares: SQUARES, Play, Covered, solved();
    no_backward_from: SQUARES, Play, Covered, solved();
    bear_off_when: "\"always\", \"all-in-last-row\" or \"none-in-first-row\"", Play, Covered, solved();
    replay_squares: SQUARES, Play, Covered, solved();
    rethrow_square: SQUARE_OR_0, Play, Covered, solved();
    residual_points: BOOL, Play, Covered, solved();
    split_throws: BOOL, Play, Definition, refused("split_throws", |r| r.split_throws);
    bonus_squares: SQUARES, Play, Definition, solved();
    bonus_on_bear_off: BOOL, Play, Covered, solved();
    backward_per_pawn: BOOL, Play, Definition, solved();
    forced_or_restart: BOOL, Play, Covered, solved();
    free_exit_from_30: BOOL, Play, Covered, solved();
    optional_squares: SQUARES, Play, Covered, solved();
    occupied_refuges: SQUARES, Play, Covered, solved();
    thirty_blocks_exit: BOOL, Play, Covered, solved();
    end: "\"first-out\", \"all-out\" or \"first-out-draw-on-extra\"", Play, Covered, refused("end = \"all-out\"", |r| r.end == GameEnd::AllOut);
    starter: "\"white\", \"black\", \"random\" or \"higher-throw\"", Opening, Covered, solved();
    first_throw: VALUE_OR_0, Opening, Covered, solved();
    opening_step: BOOL, Play, Covered, solved();
    start_value: VALUE_OR_0, Play, Covered, refused("start_value", |r| r.start_value.is_some());
    first_pawn_white: SQUARE_OR_0, Opening, Covered, solved();
    first_pawn_black: SQUARE_OR_0, Opening, Covered, solved();
    max_turns: "a number of turns, at least 1", Opening, Covered, solved();
}

/// The option of a rule file whose key is `key`.
pub fn option(key: &str) -> Option<&'static RuleOption> {
    OPTIONS.iter().find(|o| o.key == key)
}

/// The values the rule option `key` takes, if it is one.
pub fn key_values(key: &str) -> Option<&'static str> {
    option(key).map(|o| o.values)
}

/// The options that the solver refuses in `rules`, as their messages name them.
pub(crate) fn refused_by_solver(rules: &Rules) -> Vec<&'static str> {
    OPTIONS
        .iter()
        .filter_map(|o| match o.solver {
            Solver::Refused { what, when } if when(rules) => Some(what),
            _ => None,
        })
        .collect()
}
