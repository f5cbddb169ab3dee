//! What a rule set's options must satisfy together: each check names its key and says why.

use super::{
    Capture, ExitRule, GameEnd, RuleSet, RulesError, StartLayout, Starter, WaterTo, SPLIT_PAWNS,
};
use crate::board::LAST_SQUARE;

impl RuleSet {
    /// Checks that the options make sense together.
    pub fn validate(&self) -> Result<(), RulesError> {
        let invalid = |key, why: &str| {
            Err(RulesError::Invalid {
                key,
                why: why.to_string(),
            })
        };
        if !(1..=10).contains(&self.pawns) {
            return invalid("pawns", "must be between 1 and 10");
        }
        if self.start == StartLayout::Alternate && self.pawns > 10 {
            return invalid(
                "pawns",
                "at most 10 per side fit the alternate layout on squares 1-20",
            );
        }
        if self.throw_values.iter().any(|v| !(1..=6).contains(v)) {
            return invalid("throw_values", "every value must lie in 1..=6");
        }
        if self
            .water_square
            .is_some_and(|w| !(2..=LAST_SQUARE).contains(&w))
        {
            return invalid("water_square", "must be 0 (none) or a square 2..=30");
        }
        for (key, value) in [
            ("first_throw", self.first_throw),
            ("start_value", self.start_value),
        ] {
            if value.is_some_and(|v| !self.throw_values.contains(&v)) {
                return invalid(key, "must be 0 or a value the throw table produces");
            }
        }
        if !(1..=LAST_SQUARE).contains(&self.return_square) {
            return invalid("return_square", "must be a square 1..=30");
        }
        for (key, sq) in [
            ("first_pawn_white", self.first_pawn_white),
            ("first_pawn_black", self.first_pawn_black),
            ("rethrow_square", self.rethrow_square),
        ] {
            if sq.is_some_and(|s| s > LAST_SQUARE) {
                return invalid(key, "must be 0 or a square 1..=30");
            }
        }
        if self.max_turns == 0 {
            return invalid("max_turns", "must be at least 1");
        }
        self.validate_combinations()
    }

    /// Options that only mean something with another one: refused when set without it, with
    /// a message naming both keys (an option without effect is a mistake in a rule file).
    fn validate_combinations(&self) -> Result<(), RulesError> {
        let exit = match self.exit {
            ExitRule::Exact => "exact",
            ExitRule::Excess => "excess",
            ExitRule::OnThirty => "on-thirty",
        };
        let checks = [
            (
                "exact_exit_squares",
                self.exact_exit_squares.0 != 0 && self.exit != ExitRule::Excess,
                format!("applies only with exit = \"excess\" (exit is \"{exit}\"); write [] or change exit"),
            ),
            (
                "residual_points",
                self.residual_points && self.exit != ExitRule::Excess,
                format!("points are left over only with exit = \"excess\" (exit is \"{exit}\")"),
            ),
            (
                "thirty_blocks_exit",
                self.thirty_blocks_exit && self.exit != ExitRule::OnThirty,
                format!("applies only with exit = \"on-thirty\" (exit is \"{exit}\")"),
            ),
            (
                "water_stay",
                self.water_stay && self.water_square.is_none(),
                "needs a water square (water_square is 0)".to_string(),
            ),
            (
                "rethrow_square",
                self.rethrow_square.is_some() && !self.throw_values.contains(&1),
                "re-throws a 1, but throw_values gives no 1".to_string(),
            ),
            (
                "checkpoint_trap",
                self.checkpoint_trap && (self.checkpoints.0 == 0 || self.water_square.is_none()),
                format!(
                    "needs checkpoints and water_square (checkpoints is {}, water_square is {})",
                    if self.checkpoints.0 == 0 { "[]" } else { "set" },
                    self.water_square.map_or("0".to_string(), |w| w.to_string())
                ),
            ),
            (
                "water_hits",
                self.water_hits.0 != 0
                    && (self.water_to != WaterTo::Held
                        || matches!(self.capture, Capture::None | Capture::Remove)),
                "needs water_to = \"held\" and a capture other than \"none\" or \"remove\"".to_string(),
            ),
            (
                "water_stay",
                self.water_stay && self.water_to == WaterTo::Held,
                "a pawn is always held with water_to = \"held\"; write water_stay = false".to_string(),
            ),
            (
                "water_to",
                self.water_to == WaterTo::Held && self.water_square.is_none(),
                "\"held\" needs a water square (water_square is 0)".to_string(),
            ),
            (
                "split_throws",
                self.split_throws
                    && (self.residual_points || self.water_stay || self.pawns > SPLIT_PAWNS),
                format!("excludes residual_points and water_stay, and takes at most {SPLIT_PAWNS} pawns a side (the parts of a throw of every pawn must fit one list of moves)"),
            ),
            (
                "bonus_on_bear_off",
                self.bonus_on_bear_off && self.bonus_squares.0 == 0,
                "needs bonus_squares (the squares a pawn borne off from gives another throw)".to_string(),
            ),
            (
                "forced_or_restart",
                self.forced_or_restart && !self.has_entry(),
                "sends a pawn back among the waiting pawns: needs start = \"empty\" or entry_values".to_string(),
            ),
            (
                "capture",
                self.capture == Capture::Remove && self.end != GameEnd::AllOut,
                "\"remove\" needs end = \"all-out\" (a side whose last pawn is removed would win the first-out race)".to_string(),
            ),
            (
                "first_throw",
                self.first_throw.is_some() && self.starter == Starter::HigherThrow,
                "the throw-off fixes the first throw, but starter = \"higher-throw\" only picks the starter; write first_throw = 0".to_string(),
            ),
            (
                "opening_step",
                self.opening_step
                    && (self.start != StartLayout::Alternate
                        || self.starter != Starter::Black
                        || self.first_throw.is_none()),
                "needs start = \"alternate\", starter = \"black\" (whose front pawn is free to step) and a first_throw".to_string(),
            ),
        ];
        match checks.into_iter().find(|(_, wrong, _)| *wrong) {
            Some((key, _, why)) => Err(RulesError::Invalid { key, why }),
            None => Ok(()),
        }
    }
}
