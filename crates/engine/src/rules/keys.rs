//! The keys of a rule file and the values each takes, for messages and for the docs' key
//! table (a test holds the three together).

/// The values a rule option takes, as a rule file writes them.
const BOOL: &str = "true or false";
const SQUARES: &str = "a list of squares 1-30, e.g. [26, 28]";
const VALUES: &str = "a list of throw values 1-6, e.g. [1, 4, 6]";
const SQUARE_OR_0: &str = "a square 1-30, or 0 for none";
const VALUE_OR_0: &str = "a throw value 1-6, or 0 for none";

/// Every option of a rule file, in the order a rule set writes them, with the values it takes
/// (the key table of `docs/rules.md`; a test holds the three together).
pub const RULE_KEYS: [(&str, &str); 46] = [
    ("pawns", "a number of pawns a side, 1 to 10"),
    ("start", "\"alternate\" or \"empty\""),
    ("throw_values", "five throw values 1-6 (for 0 to 4 marked faces), e.g. [5, 1, 2, 3, 4]"),
    ("extra_throw", VALUES),
    ("extra_throw_without_move", BOOL),
    ("entry_values", VALUES),
    ("capture", "\"swap\", \"send-to-return\", \"send-to-start\", \"none\" or \"remove\""),
    ("protection", "\"none\", \"pairs\", \"pairs-and-grid\" or \"pairs-in-rows\" (true and false read as \"pairs\" and \"none\")"),
    ("queue_squares", SQUARES),
    ("row_block", VALUE_OR_0),
    ("blockade", BOOL),
    ("backward_capture", BOOL),
    ("safe_squares", SQUARES),
    ("priority_squares", SQUARES),
    ("checkpoints", SQUARES),
    ("checkpoint_trap", BOOL),
    ("water_square", SQUARE_OR_0),
    ("water_to", "\"return-or-before\", \"return-then-one\", \"one-or-after\", \"restart\" or \"held\""),
    ("return_square", "a square 1-30"),
    ("water_stay", BOOL),
    ("water_hits", SQUARES),
    ("exit", "\"exact\", \"excess\" or \"on-thirty\""),
    ("exact_exit_squares", SQUARES),
    ("exit_only_squares", SQUARES),
    ("no_backward_from", SQUARES),
    ("bear_off_when", "\"always\", \"all-in-last-row\" or \"none-in-first-row\""),
    ("replay_squares", SQUARES),
    ("rethrow_square", SQUARE_OR_0),
    ("residual_points", BOOL),
    ("split_throws", BOOL),
    ("bonus_squares", SQUARES),
    ("bonus_on_bear_off", BOOL),
    ("backward_per_pawn", BOOL),
    ("forced_or_restart", BOOL),
    ("free_exit_from_30", BOOL),
    ("optional_squares", SQUARES),
    ("occupied_refuges", SQUARES),
    ("thirty_blocks_exit", BOOL),
    ("end", "\"first-out\", \"all-out\" or \"first-out-draw-on-extra\""),
    ("starter", "\"white\", \"black\", \"random\" or \"higher-throw\""),
    ("first_throw", VALUE_OR_0),
    ("opening_step", BOOL),
    ("start_value", VALUE_OR_0),
    ("first_pawn_white", SQUARE_OR_0),
    ("first_pawn_black", SQUARE_OR_0),
    ("max_turns", "a number of turns, at least 1"),
];

/// The values the rule option `key` takes, if it is one.
pub fn key_values(key: &str) -> Option<&'static str> {
    RULE_KEYS.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
}
