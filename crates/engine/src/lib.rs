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
//! use senet_engine::board::Side;
//! use senet_engine::movegen::{legal_moves, Kind};
//! use senet_engine::rules::Rules;
//! use senet_engine::setup::Setup;
//!
//! let rules = Rules::preset("tejon").unwrap();
//! let setup = Setup::of(&[5, 7, 14, 15, 16], &[8, 9, 17, 18, 19], Side::White);
//! let moves = legal_moves(&rules, &setup.position(&rules).unwrap(), 4);
//! let kinds: Vec<Kind> = moves.iter().map(|m| m.kind()).collect();
//! assert_eq!(kinds, vec![Kind::Step { from: 7, to: 11 }]);
//! ```
//!
//! One seeded game, the same on every machine:
//!
//! ```
//! use senet_engine::game::{play_game, Silent};
//! use senet_engine::rules::Rules;
//! use senet_engine::strategy::{RandomStrategy, Strategy};
//! use senet_engine::throws::{game_seed, stream, Device, SeededThrower};
//!
//! let rules = Rules::preset("tejon").unwrap();
//! let play = || {
//!     let seed = game_seed(2019, 0, 0);
//!     let mut players: [Box<dyn Strategy>; 2] = [Box::new(RandomStrategy), Box::new(RandomStrategy)];
//!     play_game(&rules, &mut players, &mut SeededThrower::new(&Device::Coins, seed), &mut stream(seed, 2), &mut Silent)
//! };
//! let game = play();
//! assert!(game.winner.is_some());
//! assert_eq!(game, play());
//! ```

pub mod board;
pub mod cpu;
pub mod end;
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
