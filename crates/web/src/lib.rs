//! senet-web: what the lesson's page (`web/index.html`) computes, compiled to WebAssembly: a
//! class's counts analysed by the library the report uses ([`class`]), a device's throws
//! ([`throws`]) and a variant's games ([`games`]) simulated from the same seeds as `senet-sim`.
//! Each answer is JSON for the page's small script; [`ffi`] exports them to JavaScript.
//!
//! No rule, law or sentence is written again here: they are the engine's and the classroom
//! library's. No polars, no threads: it builds for `wasm32-unknown-unknown`.

pub mod ffi;
mod page;

pub use page::{class, games, throws, variants};
