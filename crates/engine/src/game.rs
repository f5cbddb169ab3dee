//! The game runner: one game from the opening to the last pawn borne off (or the turn cap),
//! played by strategies with a thrower through the step-by-step game ([`crate::state`]).
//!
//! The rules are data and never change; everything that changes as the game goes on lives in
//! the [`GameState`].

pub use crate::observe::{GameSummary, Observer, Silent};
pub use crate::state::{front_step, start_position};

use crate::board::{Position, Side, FIRST_ROW, LAST_ROW, SECOND_ROW};
use crate::movegen::{uniform_move_by, KthSquare, Move, MoveList, Portable};
use crate::rules::Rules;
use crate::solve::plays_as;
use crate::state::{GameState, Phase};
use crate::strategy::Strategy;
use crate::throws::{below, stream, throw_table, Device, GameRng, SeededThrower, Thrower};
use crate::variants::Variant;

/// A whole game: the preset its rules start from, the throwing device and the rules. It makes
/// what plays it: a [`GameState`] at the start, and seeded games ([`Game::play_seeded`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// The variant whose preset the rules start from.
    pub variant: Variant,
    /// The throwing device.
    pub device: Device,
    /// The rules, overrides applied.
    pub rules: Rules,
}

impl Game {
    /// The variant's own game: its preset rules and device.
    pub fn preset(variant: Variant) -> Game {
        Game {
            variant,
            device: variant.device(),
            rules: variant.rules(),
        }
    }

    /// The game at its start, stepped one call at a time.
    pub fn state(&self) -> GameState {
        GameState::new(&self.rules)
    }

    /// Each throw value with its exact probability under these rules and this device.
    pub(crate) fn throw_law(&self) -> Vec<(u8, f64)> {
        throw_table(&self.rules, &self.device)
    }

    /// One game from `seed`, as a run plays it: throws from the device seeded by `seed`, every
    /// other random choice from the seed's second stream.
    pub fn play_seeded<O: Observer>(
        &self,
        strategies: &mut [Box<dyn Strategy>; 2],
        seed: u64,
        observer: &mut O,
    ) -> GameSummary {
        let mut thrower = SeededThrower::new(&self.device, seed);
        play_game(
            &self.rules,
            strategies,
            &mut thrower,
            &mut stream(seed, 2),
            observer,
        )
    }

    /// Whether `other` is the same game from any position ([`plays_as`]: the starter, the
    /// opening throw, the opening pawn and the turn cap may differ, the throw distribution may
    /// not). What a file computed for one (a `td` network) holds for the other, whatever the
    /// rule file's wording or a rule option added since.
    pub fn plays_as(&self, other: &Game) -> bool {
        plays_as(
            (&self.rules, &self.throw_law()),
            (&other.rules, &other.throw_law()),
        )
    }
}

/// Plays one game. `strategies` is indexed by [`Side::index`]; throws come from `thrower` and
/// every other random choice (the starter, random strategies) from `decisions`. Every step is
/// the step-by-step game's ([`GameState`]); this loop only answers what it waits for.
// Always inlined, so that the runner's copy compiled for POPCNT and BMI1 covers the game loop.
#[inline(always)]
pub fn play_game<T: Thrower, O: Observer>(
    rules: &Rules,
    strategies: &mut [Box<dyn Strategy>; 2],
    thrower: &mut T,
    decisions: &mut GameRng,
    observer: &mut O,
) -> GameSummary {
    play_game_by(rules, strategies, thrower, decisions, observer, Portable)
}

/// [`play_game`], the uniform player's k-th pawn found by `kth` (the same game whichever: the
/// runner passes [`crate::cpu::Deposit`] where the processor has a fast `pdep`).
#[inline(always)]
pub fn play_game_by<T: Thrower, O: Observer>(
    rules: &Rules,
    strategies: &mut [Box<dyn Strategy>; 2],
    thrower: &mut T,
    decisions: &mut GameRng,
    observer: &mut O,
    kth: impl KthSquare,
) -> GameSummary {
    let mut game = GameState::new(rules);
    let mut moves = MoveList::new();
    let uniform = [strategies[0].is_uniform(), strategies[1].is_uniform()];
    loop {
        // The throw alone in the loop, every other phase in a function of its own: with
        // them, the compiler made one jump table of the phases, an indirect branch a throw.
        if matches!(game.phase(), Phase::Throw) {
            let value = rules.throw_values[thrower.throw_marked() as usize];
            if !game.throw_due(rules, value, observer) {
                game.finish_throw(rules, None, observer);
            } else if !O::DECISIONS && uniform[game.position().to_move.index()] {
                // The uniform player's choice at once, its move kept out of memory: merged
                // with a strategy's (returned through memory), it was stored in parts and
                // read back whole, a stall on every throw (`bench`: 15%).
                let chosen =
                    uniform_move_by(rules, game.position(), value, decisions, &mut moves, kth);
                game.finish_throw(rules, chosen, observer);
            }
            // Otherwise the choice is due (`Phase::Choose`): `other_step` asks the strategy.
        } else if game.is_over() {
            return *game.summary();
        } else {
            game.on_copy(|g| {
                other_step(
                    g, rules, strategies, thrower, decisions, &mut moves, observer,
                )
            });
        }
    }
}

/// A step of any phase but `Phase::Throw` and `Phase::Over`: the opening's draw and throws,
/// and a strategy's choice.
#[cold]
#[inline(never)]
fn other_step<T: Thrower, O: Observer>(
    game: &mut GameState,
    rules: &Rules,
    strategies: &mut [Box<dyn Strategy>; 2],
    thrower: &mut T,
    decisions: &mut GameRng,
    moves: &mut MoveList,
    observer: &mut O,
) {
    match game.phase() {
        Phase::Choose | Phase::LeftOver => {
            match pick(rules, game, strategies, decisions, moves, observer) {
                Some(mv) => game.play_unchecked(rules, &mv, observer),
                None => game.pass_unchecked(rules, observer),
            }
        }
        Phase::Starter => {
            let side = [Side::White, Side::Black][below(decisions, 2)];
            game.set_starter(rules, side, observer);
        }
        Phase::HigherThrow { .. } | Phase::ThrowOff => {
            let value = rules.throw_values[thrower.throw_marked() as usize];
            game.throw(rules, value, observer);
        }
        Phase::Throw | Phase::Over => unreachable!("played by the loop"),
    }
}

/// The move the side to move's strategy picks for the decision due (`None`: no move is
/// listed).
#[inline(always)]
fn pick<O: Observer>(
    rules: &Rules,
    game: &GameState,
    strategies: &mut [Box<dyn Strategy>; 2],
    decisions: &mut GameRng,
    moves: &mut MoveList,
    observer: &mut O,
) -> Option<Move> {
    let pos = game.position();
    let side = pos.to_move;
    let asked = game.asked()?;
    game.moves_into(rules, moves);
    (!moves.is_empty()).then(|| {
        let i = strategies[side.index()].choose(rules, pos, &asked, moves, decisions);
        observer.on_decision(side, &asked, pos, moves, i);
        moves[i]
    })
}

/// Points of a won game in a series (`kendall`, rule 10): for each pawn the loser still has,
/// 1 on the exit row (none on a safe square there), 2 on the second row, 3 on the first row
/// or waiting to enter.
pub fn series_points(rules: &Rules, pos: &Position, loser: Side) -> u32 {
    let own = pos.side(loser);
    let exit_row = own & LAST_ROW & !rules.safe_squares.0;
    exit_row.count_ones()
        + 2 * (own & SECOND_ROW).count_ones()
        + 3 * ((own & FIRST_ROW).count_ones() + pos.waiting[loser.index()] as u32)
}
