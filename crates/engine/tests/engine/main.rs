//! The engine's integration tests, in one binary: the seeds' rules variant by variant (each
//! test quotes the sentence it checks), the worked examples of the documents, the throwing
//! devices' exact laws, and properties that must hold in every position.

mod common;
mod decisions;
mod empty_board;
mod encode;
mod game_box;
mod kendall;
mod legality;
mod ludii_bell;
mod ludii_jequier;
mod ludii_kendall;
mod ludii_piccione;
mod passage;
mod properties;
mod tejon;
mod throws;
mod turn_step;
mod worked_examples;
