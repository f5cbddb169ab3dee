//! senet-sim: Senet rule reconstructions as data, a fast move generator, seeded games.
//!
//! The engine modules ([`board`], [`rules`], [`movegen`], [`throws`], [`strategy`], [`game`])
//! depend on nothing heavy; [`scenario`], [`stats`] and [`runner`] add serde and rayon only.
//! Frames, CSV and charts live in the binary.

pub mod board;
pub mod game;
pub mod movegen;
pub mod rules;
pub mod runner;
pub mod scenario;
pub mod stats;
pub mod strategy;
pub mod throws;
