//! senet-engine: Senet rule reconstructions as data, a fast move generator, the turn,
//! strategies and seeded games.
//!
//! It depends on nothing heavy (arrayvec, rand, rand_pcg, thiserror; serde behind the `serde`
//! feature) and builds in seconds. Scenarios, the parallel runner and statistics are in
//! `senet-simulation`; tables, charts and the command line in the `senet-sim` binary.
//!
//! Legal moves are a pure function of (rules, position, throw). Figure 4 of the Spanish
//! source (004): with a 4, white's only move is 7 → 11, because black's wall 17-18-19 stops
//! 16 → 20.
//!
//! ```
//! use senet_engine::{legal_moves, Kind, Rules, Setup, Side};
//!
//! let rules = Rules::preset("tejon").unwrap();
//! let setup = Setup::of(&[5, 7, 14, 15, 16], &[8, 9, 17, 18, 19], Side::White);
//! let moves = legal_moves(&rules, &setup.position(&rules).unwrap(), 4);
//! let kinds: Vec<Kind> = moves.iter().map(|m| m.kind()).collect();
//! assert_eq!(kinds, vec![Kind::Step { from: 7, to: 11 }]);
//! ```
//!
//! One seeded game, the same on every machine: a [`Game`] (rules and device) plays it.
//!
//! ```
//! use senet_engine::strategy::RandomStrategy;
//! use senet_engine::throws::game_seed;
//! use senet_engine::{Game, Silent, Strategy, Variant};
//!
//! let game = Game::preset(Variant::TEJON);
//! let play = || {
//!     let mut players: [Box<dyn Strategy>; 2] = [Box::new(RandomStrategy), Box::new(RandomStrategy)];
//!     game.play_seeded(&mut players, game_seed(2019, 0, 0), &mut Silent)
//! };
//! let summary = play();
//! assert!(summary.winner.is_some());
//! assert_eq!(summary, play());
//! ```
//!
//! A game stepped one call at a time, as a front end drives it; a move not listed is refused:
//!
//! ```
//! use senet_engine::{GameState, MoveList, Phase, PlayError, Rules, Silent};
//!
//! let rules = Rules::preset("tejon").unwrap();
//! let mut game = GameState::new(&rules);
//! while game.phase() == Phase::ThrowOff {
//!     game.throw(&rules, 1, &mut Silent); // tejon: the starter throws until a 1 shows
//! }
//! let mut moves = MoveList::new();
//! game.moves_into(&rules, &mut moves);
//! game.play(&rules, &moves[0], &mut Silent).unwrap();
//! assert_eq!(game.play(&rules, &moves[0], &mut Silent), Err(PlayError::NoChoiceDue(Phase::Throw)));
//! ```

// The facade: the types a front end needs, at the root. The modules stay public for the
// research tools (the solver's index, the move generator's parts).
pub use board::{Position, Side};
pub use encode::Actions;
pub use end::Ending;
pub use error::{Cause, Chain};
pub use game::{play_game, Game};
pub use movegen::{legal_moves, Effects, Kind, Move, MoveList};
pub use observe::{GameSummary, Observer, Silent, Thrown, Throws};
pub use rules::{RuleSet, Rules, RulesError};
pub use setup::{Setup, SetupError};
pub use state::{GameState, Phase, PlayError};
pub use strategy::spec::{Needs, Player, StrategySpec};
pub use strategy::{Asked, Strategy};
pub use throws::{Device, DeviceError, SeededThrower, Thrower};
pub use turn::Step;
pub use variants::Variant;

pub mod board;
pub mod cpu;
pub mod encode;
pub mod end;
pub mod error;
pub mod game;
pub mod masks;
pub mod movegen;
pub mod observe;
pub mod options;
pub mod rules;
pub mod setup;
pub mod solve;
pub mod state;
pub mod strategy;
pub mod throws;
pub mod turn;
pub mod variants;
