//! senet-sim: Senet rule reconstructions as data, a fast move generator, seeded games.
//!
//! The engine modules ([`board`], [`rules`], [`movegen`], [`throws`], [`strategy`], [`game`])
//! depend on nothing heavy.

pub mod board;
pub mod game;
pub mod movegen;
pub mod rules;
pub mod strategy;
pub mod throws;
