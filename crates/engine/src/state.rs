//! The step-by-step game: a small `Copy` state that says what the game waits for (a chance
//! event, a throw, a choice of move, nothing: it is over), and the one function per step that
//! plays it, as shakmaty's `Position::play`. [`crate::game::play_game`] drives it with strategies
//! and a thrower; a front end (Python, OpenSpiel) drives it one call at a time.
//!
//! The steps, in the order a game asks them:
//! - [`Phase::Starter`]: who starts is drawn (`starter = "random"`): [`GameState::set_starter`];
//! - [`Phase::HigherThrow`]: white throws, then black; black starts on a strictly higher value;
//! - [`Phase::ThrowOff`]: the starter throws until `first_throw` shows;
//! - [`Phase::Throw`]: the side to move throws ([`GameState::throw`]);
//! - [`Phase::Choose`]: the side to move picks one of the moves [`GameState::moves_into`] lists
//!   ([`GameState::play`]), or, when it lists none, [`GameState::pass`] (a throw passes the
//!   hand, points left over are kept);
//! - [`Phase::Over`]: won, drawn, or stopped by the turn cap ([`GameState::summary`]).

use crate::board::{bit, Position, Side, LAST_SQUARE};
use crate::end::Ending;
use crate::movegen::{start_of_turn, Effects, Kind, Move, MoveList};
use crate::observe::{GameSummary, Observer};
use crate::rules::{Rules, StartLayout, Starter};
use crate::throws::{value_distribution, Device};
use crate::turn::{after_throw, freed_ending, throw_ending, Asked, Next, Opening, Step};

/// Throws of the throw-off after which its value is taken as shown (a device that cannot
/// produce it would never end).
const THROW_OFF_CAP: u32 = 10_000;

/// What the game waits for.
// A tag byte of its own (`repr(u8)`): the game loop tests `Throw` with one compare, where the
// niche layout decoded the tag from `HigherThrow`'s value first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Phase {
    /// Who starts is drawn at random, white or black with ½ each (`starter = "random"`).
    Starter,
    /// A throw of `higher-throw`'s opening: white's (`white` is `None`), then black's.
    HigherThrow {
        /// White's value, once thrown.
        white: Option<u8>,
    },
    /// A throw of the throw-off: the starter throws until `first_throw` shows.
    ThrowOff,
    /// The side to move throws.
    Throw,
    /// The side to move picks how to play its throw ([`GameState::asked`]).
    Choose,
    /// The side to move picks how to play points left over ([`GameState::asked`]).
    LeftOver,
    /// The game is over.
    Over,
}

/// The whole state of a game between two steps: the position, the opening's rules still
/// binding, the counters so far and what comes next. Small and `Copy`, as a [`Position`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameState {
    pos: Position,
    phase: Phase,
    opening: Opening,
    summary: GameSummary,
    /// The decision of the throw being played (`Phase::Choose`: its own move;
    /// `Phase::LeftOver`: points left over), as the turn's step ([`Asked::after`]) leaves it.
    asked: Asked,
    /// Throws after which the game stops: a safety net against a turn of endless extra
    /// throws, far above anything a real game reaches (50 a turn of the turn cap).
    max_throws: u32,
}

impl GameState {
    /// A new game of `rules`, before anything is thrown or drawn: it waits for the starter's
    /// draw, an opening throw, or the first throw.
    pub fn new(rules: &Rules) -> GameState {
        let mut state = GameState {
            pos: start_position(rules),
            phase: Phase::Over,
            opening: Opening::default(),
            summary: GameSummary::default(),
            asked: Asked::Throw(0),
            max_throws: rules.max_throws(),
        };
        match rules.starter {
            Starter::White => state.start(rules, Side::White, &mut crate::observe::Silent),
            Starter::Black => state.start(rules, Side::Black, &mut crate::observe::Silent),
            Starter::Random => state.phase = Phase::Starter,
            Starter::HigherThrow => state.phase = Phase::HigherThrow { white: None },
        }
        state
    }

    /// A game of `rules` taken up at `pos`, its side to move about to throw: the opening is
    /// over (its rules spent), the counters start at zero and this is the first turn. For
    /// analysing a position and for the tests that hold the look-aheads to the game.
    pub fn at(rules: &Rules, pos: Position) -> GameState {
        GameState {
            pos,
            phase: Phase::Throw,
            opening: Opening::spent(),
            summary: GameSummary {
                turns: 1,
                first: Some(pos.to_move),
                ..GameSummary::default()
            },
            asked: Asked::Throw(0),
            max_throws: rules.max_throws(),
        }
    }

    /// A bound on the steps (chance events and choices) of a game of `rules`: the opening
    /// (a draw, two higher throws, the throw-off's cap) and, for each throw up to the safety
    /// net of 50 a turn of the turn cap, the throw and at most six decisions (a split throw's
    /// parts, points left over).
    pub fn max_steps(rules: &Rules) -> u64 {
        3 + u64::from(THROW_OFF_CAP) + 7 * u64::from(rules.max_throws())
    }

    /// What the game waits for.
    #[inline(always)]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The position (its side to move is the side that throws or chooses next).
    #[inline(always)]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The counters so far; once over, its winner or draw.
    #[inline(always)]
    pub fn summary(&self) -> &GameSummary {
        &self.summary
    }

    /// Whether the game is over.
    #[inline(always)]
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    /// The side whose throw or choice is due (`None` at the starter's draw and once over).
    pub fn current_side(&self) -> Option<Side> {
        match self.phase {
            Phase::Starter | Phase::Over => None,
            Phase::HigherThrow { white: None } => Some(Side::White),
            Phase::HigherThrow { white: Some(_) } => Some(Side::Black),
            Phase::ThrowOff | Phase::Throw | Phase::Choose | Phase::LeftOver => {
                Some(self.pos.to_move)
            }
        }
    }

    /// The decision due at `Phase::Choose` or `Phase::LeftOver`, as a strategy is asked it.
    #[inline(always)]
    pub fn asked(&self) -> Option<Asked> {
        match self.phase {
            Phase::Choose | Phase::LeftOver => Some(self.asked),
            _ => None,
        }
    }

    /// Whether a chance event is due (the starter's draw or a throw).
    pub fn is_chance(&self) -> bool {
        !matches!(self.phase, Phase::Choose | Phase::LeftOver | Phase::Over)
    }

    /// The outcomes of the chance event due, with their exact probabilities: throw values by
    /// `device` (as [`value_distribution`]), or the starter's draw (0: white, 1: black, ½
    /// each). Empty when no chance event is due.
    pub fn chance_outcomes(&self, rules: &Rules, device: &Device) -> Vec<(u8, f64)> {
        match self.phase {
            Phase::Starter => vec![(0, 0.5), (1, 0.5)],
            Phase::Choose | Phase::LeftOver | Phase::Over => Vec::new(),
            _ => value_distribution(rules, device),
        }
    }

    /// The starter's draw (`Phase::Starter`): `side` starts.
    pub fn set_starter<O: Observer>(&mut self, rules: &Rules, side: Side, obs: &mut O) {
        assert_eq!(self.phase, Phase::Starter, "no starter is drawn now");
        self.start(rules, side, obs);
    }

    /// The game starts with `side` to move: the opening's rules, the first turn's free exit,
    /// the throw-off.
    fn start<O: Observer>(&mut self, rules: &Rules, side: Side, obs: &mut O) {
        self.pos.to_move = side;
        self.summary.first = Some(side);
        self.opening = Opening::new(rules, side);
        self.summary.turns = 1;
        self.phase = if rules.first_throw.is_some() {
            Phase::ThrowOff
        } else {
            Phase::Throw
        };
        // The first turn's free exit from 30 (later turns': `after_throw`); no start layout
        // puts a pawn there today (at most 10 pawns, from square 1), but the rule is the rule.
        let freed = if rules.free_exit_from_30 {
            start_of_turn(rules, &mut self.pos)
        } else {
            0
        };
        if freed > 0
            && self.freed(
                rules,
                Next {
                    again: false,
                    freed,
                },
                obs,
            )
        {
            self.phase = Phase::Over;
        }
    }

    /// A throw of `value` (a chance event of any phase but the starter's draw). At
    /// `Phase::Throw` (and the throw-off's last throw) the side to move then chooses, unless the
    /// opening bars the throw, which passes.
    #[inline(always)]
    pub fn throw<O: Observer>(&mut self, rules: &Rules, value: u8, obs: &mut O) {
        match self.phase {
            Phase::Throw => {
                if !self.throw_due(rules, value, obs) {
                    self.finish_throw(rules, None, obs);
                }
            }
            _ => self.opening_throw(rules, value, obs),
        }
    }

    /// [`GameState::throw`] at `Phase::Throw`, the phase known (the game loop's hot path):
    /// true when the choice is due (`Phase::Choose`); false when the opening bars the throw,
    /// which [`GameState::finish_throw`] with no move then passes.
    #[inline(always)]
    pub(crate) fn throw_due<O: Observer>(&mut self, rules: &Rules, value: u8, obs: &mut O) -> bool {
        debug_assert_eq!(self.phase, Phase::Throw);
        self.summary.throws += 1;
        self.begin_throw(rules, value, obs)
    }

    /// A throw of the opening (higher throw, throw-off).
    #[cold]
    #[inline(never)]
    fn opening_throw<O: Observer>(&mut self, rules: &Rules, value: u8, obs: &mut O) {
        match self.phase {
            Phase::HigherThrow { white: None } => {
                obs.on_opening_throw(value);
                self.phase = Phase::HigherThrow { white: Some(value) };
            }
            Phase::HigherThrow { white: Some(white) } => {
                obs.on_opening_throw(value);
                self.summary.throws += 2;
                let side = if value > white {
                    Side::Black
                } else {
                    Side::White
                };
                self.start(rules, side, obs);
            }
            Phase::ThrowOff => {
                let first = rules.first_throw.unwrap_or(value);
                self.summary.throws += 1;
                self.summary.opening += 1;
                if value != first {
                    obs.on_opening_throw(value);
                    if self.summary.opening < THROW_OFF_CAP {
                        return;
                    }
                    self.summary.throws += 1;
                    self.summary.opening += 1;
                }
                self.phase = Phase::Throw;
                if rules.opening_step {
                    if let Some(mv) = front_step(&self.pos) {
                        self.pos = mv.after;
                        count(&mut self.summary, self.pos.to_move, &mv);
                        obs.on_throw(self.pos.to_move, first, Some(&mv), &self.pos);
                    }
                } else if !self.begin_throw(rules, first, obs) {
                    self.finish_throw(rules, None, obs);
                }
            }
            _ => panic!("no throw is due in phase {:?}", self.phase),
        }
    }

    /// The side to move is to play a throw of `value`: the opening pawn is forced, and the
    /// choice is due (`Phase::Choose`, true) unless the opening bars the throw (false: the
    /// throw is to be passed).
    #[inline(always)]
    fn begin_throw<O: Observer>(&mut self, rules: &Rules, value: u8, obs: &mut O) -> bool {
        self.opening.before_throw(rules, &mut self.pos);
        obs.before_throw(&self.pos, value);
        self.asked = Asked::Throw(value);
        self.phase = Phase::Choose;
        self.opening.may_play(rules, self.pos.to_move, value)
    }

    /// The choices of `Phase::Choose` and `Phase::LeftOver`, written into `out` (empty:
    /// [`GameState::pass`] is the only step; empty in any other phase).
    #[inline(always)]
    pub fn moves_into(&self, rules: &Rules, out: &mut MoveList) {
        match self.phase {
            Phase::Choose | Phase::LeftOver => self.asked.choices_into(rules, &self.pos, out),
            _ => out.clear(),
        }
    }

    /// The side to move plays `mv`, checked: refused (and nothing changes) unless a choice is
    /// due and `mv` is one of the moves [`GameState::moves_into`] lists.
    pub fn play<O: Observer>(
        &mut self,
        rules: &Rules,
        mv: &Move,
        obs: &mut O,
    ) -> Result<(), PlayError> {
        let mut moves = MoveList::new();
        self.choices(rules, &mut moves)?;
        if !moves.contains(mv) {
            return Err(PlayError::NotListed);
        }
        self.play_unchecked(rules, mv, obs);
        Ok(())
    }

    /// [`GameState::play`] unchecked, for the hot loop: `mv` must be one of the moves
    /// [`GameState::moves_into`] lists (panics when no choice is due; any other move is
    /// played as given, which may break the game's invariants).
    #[inline(always)]
    pub fn play_unchecked<O: Observer>(&mut self, rules: &Rules, mv: &Move, obs: &mut O) {
        match self.phase {
            Phase::Choose => self.finish_throw(rules, Some(*mv), obs),
            Phase::LeftOver => self.left_over(rules, mv, obs),
            _ => panic!("no move is due in phase {:?}", self.phase),
        }
    }

    /// The choices due, or why none is.
    fn choices(&self, rules: &Rules, out: &mut MoveList) -> Result<(), PlayError> {
        match self.phase {
            Phase::Choose | Phase::LeftOver => {
                self.asked.choices_into(rules, &self.pos, out);
                Ok(())
            }
            phase => Err(PlayError::NoChoiceDue(phase)),
        }
    }

    /// The throw of `Phase::Choose` played with `chosen`, or passed (`None`); points left
    /// over wait for their choice (`Phase::LeftOver`). The game loop's one call per throw.
    #[inline(always)]
    pub(crate) fn finish_throw<O: Observer>(
        &mut self,
        rules: &Rules,
        chosen: Option<Move>,
        obs: &mut O,
    ) {
        let side = self.pos.to_move;
        let value = self.asked.throw();
        if let Some(mv) = &chosen {
            self.pos = mv.after;
            count(&mut self.summary, side, mv);
            obs.on_throw(side, value, Some(mv), &self.pos);
            if let Step::Decide(next) = Asked::Throw(value).after(rules, side, mv) {
                self.asked = next;
                self.phase = Phase::LeftOver;
                return;
            }
        } else {
            self.summary.passes += 1;
            obs.on_throw(side, value, None, &self.pos);
        }
        self.end_throw(rules, chosen.as_ref(), obs);
    }

    /// Points left over played with `mv` ([`Asked::after`]: a split throw goes on while
    /// points and pawns are left).
    #[cold]
    fn left_over<O: Observer>(&mut self, rules: &Rules, mv: &Move, obs: &mut O) {
        let side = self.pos.to_move;
        let points = self.asked.points();
        self.pos = mv.after;
        count(&mut self.summary, side, mv);
        obs.on_residual(side, points, Some(mv), &self.pos);
        match self.asked.after(rules, side, mv) {
            Step::Decide(next) => self.asked = next,
            Step::Played(played) => self.end_throw(rules, played.as_ref(), obs),
        }
    }

    /// No move is listed ([`GameState::moves_into`] is empty): the throw passes, or the points
    /// left over are kept. Checked: refused (and nothing changes) when no choice is due or a
    /// move is listed.
    pub fn pass<O: Observer>(&mut self, rules: &Rules, obs: &mut O) -> Result<(), PlayError> {
        let mut moves = MoveList::new();
        self.choices(rules, &mut moves)?;
        if !moves.is_empty() {
            return Err(PlayError::MustMove(moves.len()));
        }
        self.pass_unchecked(rules, obs);
        Ok(())
    }

    /// [`GameState::pass`] unchecked, for the hot loop: [`GameState::moves_into`] must be
    /// empty (panics when no choice is due).
    #[inline(always)]
    pub fn pass_unchecked<O: Observer>(&mut self, rules: &Rules, obs: &mut O) {
        let side = self.pos.to_move;
        match self.phase {
            Phase::Choose => self.finish_throw(rules, None, obs),
            Phase::LeftOver => {
                obs.on_residual(side, self.asked.points(), None, &self.pos);
                let played = self.asked.pass();
                self.end_throw(rules, played.as_ref(), obs);
            }
            _ => panic!("nothing to pass in phase {:?}", self.phase),
        }
    }

    /// The throw fully played with `played` (`None`: it passed): the end of the game, the
    /// opening's pawn spent, the turn cap, the hand kept or passed, the next turn's free exit.
    #[inline(always)]
    fn end_throw<O: Observer>(&mut self, rules: &Rules, played: Option<&Move>, obs: &mut O) {
        let side = self.pos.to_move;
        let value = self.asked.throw();
        // `throw_ending` decides; the test before it only keeps its call off the hot path.
        if self.pos.finished(side) {
            let hits = self.summary.hits;
            let end = throw_ending(rules, &self.pos, side, value, played, hits);
            if self.on_copy(|g| g.game_over(end)) {
                return;
            }
        }
        self.opening.after_throw(side, played);
        if self.summary.throws >= self.max_throws {
            self.phase = Phase::Over;
            return;
        }
        let next = after_throw(rules, &mut self.pos, value, played);
        // The turn cap, tested without a branch on the hand-over.
        let passed = !next.again as u32;
        if self.summary.turns + passed > rules.max_turns {
            self.phase = Phase::Over;
            return;
        }
        self.summary.turns += passed;
        self.phase = if next.freed > 0 && self.on_copy(|g| g.freed(rules, next, obs)) {
            Phase::Over
        } else {
            Phase::Throw
        };
    }

    /// `step` played on a copy of the state, written back: a rare step that is not inlined
    /// would otherwise take the state's address, which keeps the whole state in memory on the
    /// game loop's hot path (the copy is made only when the step is taken).
    #[inline(always)]
    pub(crate) fn on_copy<R>(&mut self, step: impl FnOnce(&mut GameState) -> R) -> R {
        let mut copy = *self;
        let r = step(&mut copy);
        *self = copy;
        r
    }

    /// A pawn borne off from 30 at the start of the side to move's turn: counted and reported.
    /// Returns true when that ended the game.
    #[inline(never)]
    fn freed<O: Observer>(&mut self, rules: &Rules, next: Next, obs: &mut O) -> bool {
        let side = self.pos.to_move;
        self.summary.moves += 1;
        obs.on_free_exit(side, &self.pos);
        let end = freed_ending(rules, &self.pos, next, self.summary.hits);
        self.game_over(end)
    }

    /// The game ends as `end` says (`None`: it goes on), the result written into the summary.
    /// The ending's pawns lost to captures are the hits (every hit removed a pawn under
    /// `all-out`: `validate`, "remove" is the capture that goes with it).
    #[cold]
    fn game_over(&mut self, end: Option<Ending>) -> bool {
        match end {
            None => return false,
            Some(Ending::Won(winner)) => self.summary.winner = Some(winner),
            Some(Ending::Drawn) => self.summary.draw = true,
        }
        self.phase = Phase::Over;
        true
    }
}

/// Why a checked step ([`GameState::play`], [`GameState::pass`]) was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game waits for something else (a throw, the starter's draw) or is over.
    #[error("no choice is due: the game is at {0:?}")]
    NoChoiceDue(Phase),
    /// The move is not one of the choices listed.
    #[error("the move is not one of the choices listed")]
    NotListed,
    /// A pass while moves are listed (this many).
    #[error("a pass while {0} moves are listed")]
    MustMove(usize),
}

/// The position a game starts from (the starter is set by the game's first step).
pub fn start_position(rules: &Rules) -> Position {
    match rules.start {
        StartLayout::Alternate => {
            let mut p = Position::new(0, 0, Side::White);
            for i in 0..rules.pawns {
                p.pawns[0] |= bit(2 * i + 1);
                p.pawns[1] |= bit(2 * i + 2);
            }
            p
        }
        StartLayout::Empty => {
            let mut p = Position::new(0, 0, Side::White);
            p.waiting = [rules.pawns; 2];
            p
        }
    }
}

/// The opening step (`opening_step`, Ludii's Kendall "MoveInFront"): the side to move's front
/// pawn steps one square on, if that square is empty. The starter then throws again.
pub fn front_step(pos: &Position) -> Option<Move> {
    let own = pos.side(pos.to_move);
    let front = 31 - own.leading_zeros() as u8;
    let to = front + 1;
    if own == 0 || to > LAST_SQUARE || pos.occupied() & bit(to) != 0 {
        return None;
    }
    let mut after = *pos;
    after.pawns[pos.to_move.index()] ^= bit(front) | bit(to);
    Some(Move::new(Kind::Step { from: front, to }, after))
}

/// Counts a move of `side`.
#[inline(always)]
pub(crate) fn count(summary: &mut GameSummary, side: Side, mv: &Move) {
    summary.moves += mv.moves_a_pawn() as u32;
    summary.hits[side.other().index()] += mv.has(Effects::CAPTURE) as u32;
    summary.backward += mv.has(Effects::BACKWARD) as u32;
    summary.water += mv.has(Effects::WATER) as u32;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{play_game, Silent};
    use crate::strategy::{RandomStrategy, Strategy};
    use crate::throws::{below, game_seed, stream, SeededThrower, Thrower};
    use crate::variants::Variant;

    /// A game driven one step at a time, every choice a uniform draw over the listed moves:
    /// the summary `play_game` gives with two random players.
    fn by_steps(rules: &Rules, device: &Device, seed: u64) -> (GameSummary, u32) {
        let mut thrower = SeededThrower::new(device, seed);
        let mut decisions = stream(seed, 2);
        let mut state = GameState::new(rules);
        let mut moves = MoveList::new();
        let mut steps = 0;
        while !state.is_over() {
            steps += 1;
            if state.phase() == Phase::Starter {
                let side = [Side::White, Side::Black][below(&mut decisions, 2)];
                state.set_starter(rules, side, &mut Silent);
            } else if state.is_chance() {
                let value = rules.throw_values[thrower.throw_marked() as usize];
                let outcomes = state.chance_outcomes(rules, device);
                assert!(outcomes.iter().any(|&(v, p)| v == value && p > 0.0));
                state.throw(rules, value, &mut Silent);
            } else {
                state.moves_into(rules, &mut moves);
                assert_eq!(state.current_side(), Some(state.position().to_move));
                if moves.is_empty() {
                    state.pass(rules, &mut Silent).unwrap();
                } else {
                    let mv = moves[below(&mut decisions, moves.len())];
                    state.play(rules, &mv, &mut Silent).unwrap();
                }
            }
        }
        (*state.summary(), steps)
    }

    #[test]
    fn a_game_played_step_by_step_is_the_game_the_loop_plays() {
        for variant in Variant::all() {
            let (rules, device) = (variant.rules(), variant.device());
            for g in 0..40 {
                let seed = game_seed(51, 0, g);
                let mut players: [Box<dyn Strategy>; 2] =
                    [Box::new(RandomStrategy), Box::new(RandomStrategy)];
                let mut thrower = SeededThrower::new(&device, seed);
                let whole = play_game(
                    &rules,
                    &mut players,
                    &mut thrower,
                    &mut stream(seed, 2),
                    &mut Silent,
                );
                let (stepped, steps) = by_steps(&rules, &device, seed);
                assert_eq!(stepped, whole, "{} game {g}", variant.id());
                assert!(
                    steps >= whole.throws,
                    "{}: a step per throw at least",
                    variant.id()
                );
            }
        }
    }

    #[test]
    fn chance_outcomes_are_the_devices_exact_distribution() {
        let bell = Variant::all().find(|v| v.id() == "ludii-bell").unwrap();
        let state = GameState::new(&bell.rules());
        assert_eq!(state.phase(), Phase::HigherThrow { white: None });
        assert_eq!(state.current_side(), Some(Side::White));
        let outcomes = state.chance_outcomes(&bell.rules(), &bell.device());
        assert_eq!(outcomes, value_distribution(&bell.rules(), &bell.device()));
        assert!((outcomes.iter().map(|o| o.1).sum::<f64>() - 1.0).abs() < 1e-12);
        // game-box's starter is drawn: white or black, half each.
        let game_box = Variant::GAME_BOX.rules();
        let state = GameState::new(&game_box);
        assert_eq!(state.phase(), Phase::Starter);
        assert_eq!(
            state.chance_outcomes(&game_box, &Device::Coins),
            [(0, 0.5), (1, 0.5)]
        );
        assert_eq!(state.current_side(), None);
    }

    #[test]
    fn a_throw_waits_for_its_choice_and_a_played_throw_hands_over() {
        // tejon: black throws until a 1 shows, plays it with the pawn on 10 and throws again
        // (a 1 gives another throw); a 2 then hands over to white.
        let rules = Variant::TEJON.rules();
        let mut state = GameState::new(&rules);
        assert_eq!(state.phase(), Phase::ThrowOff);
        assert_eq!(state.current_side(), Some(Side::Black));
        state.throw(&rules, 3, &mut Silent);
        assert_eq!(
            state.phase(),
            Phase::ThrowOff,
            "a 3 does not start the game"
        );
        state.throw(&rules, 1, &mut Silent);
        assert_eq!(state.asked(), Some(Asked::Throw(1)));
        assert_eq!(state.position().forced_square(), Some(10));
        let mut moves = MoveList::new();
        state.moves_into(&rules, &mut moves);
        assert_eq!(moves.len(), 1, "the opening pawn only");
        state.play(&rules, &moves[0], &mut Silent).unwrap();
        assert_eq!(state.phase(), Phase::Throw);
        assert_eq!(state.current_side(), Some(Side::Black));
        state.throw(&rules, 2, &mut Silent);
        state.moves_into(&rules, &mut moves);
        state.play(&rules, &moves[0], &mut Silent).unwrap();
        assert_eq!(state.current_side(), Some(Side::White));
        let s = state.summary();
        assert_eq!((s.throws, s.opening, s.moves, s.turns), (3, 2, 2, 2));
    }

    #[test]
    fn a_checked_step_refuses_what_is_not_listed_and_changes_nothing() {
        let rules = Variant::TEJON.rules();
        let mut state = GameState::new(&rules);
        let mut moves = MoveList::new();
        state.throw(&rules, 1, &mut Silent);
        state.moves_into(&rules, &mut moves);
        let before = state;
        // Not due: the throw-off is over, the choice of the 1 is due; a move of a throw of 2
        // from the opening position is not listed.
        let mut other = MoveList::new();
        crate::movegen::legal_moves_into(&rules, state.position(), 2, &mut other);
        let stray = other.iter().find(|m| !moves.contains(m)).unwrap();
        assert_eq!(
            state.play(&rules, stray, &mut Silent),
            Err(PlayError::NotListed)
        );
        assert_eq!(state.pass(&rules, &mut Silent), Err(PlayError::MustMove(1)));
        assert_eq!(state, before);
        state.play(&rules, &moves[0], &mut Silent).unwrap();
        assert_eq!(
            state.play(&rules, &moves[0], &mut Silent),
            Err(PlayError::NoChoiceDue(Phase::Throw))
        );
    }
}
