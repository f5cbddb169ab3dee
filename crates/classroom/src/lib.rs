//! senet-classroom: the IREM lesson's logic, from a class's own throws to what pupils read.
//!
//! A class file is read as teachers write it ([`read`], [`parse`]: any of the encodings and
//! separators a spreadsheet writes, a « Total » row checked and left out, mistakes refused with
//! their line and column in French or English). Its groups are pooled ([`Class`]) and analysed
//! ([`analyse`]): are the values equiprobable, the sticks' probability of a flat face p̂ with
//! its fluctuation interval, the simulated object closest to the class. The sentences
//! ([`Analysis::answer`] and the others) are a troisième's words, in French or English.
//!
//! It depends on the engine (the laws of throws) and nothing heavy: no polars, no threads, no
//! file written, so the report and a page in WebAssembly call the same code.
//!
//! ```
//! use senet_classroom::{analyse, law, parse, Lang, Object};
//! use senet_engine::rules::Rules;
//! use senet_engine::throws::Device;
//! use std::path::Path;
//!
//! let rules = Rules::preset("kendall").unwrap();
//! let values = [1, 2, 3, 4, 6];
//! let file = parse(Path::new("classe.csv"), b"groupe;1;2;3;4;6\nA;15;35;35;13;2\n", &values).unwrap();
//! let coins = Object { name: "pieces".into(), law: law(&rules, &Device::Coins, &values) };
//! let sticks = Object { name: "sticks 60%".into(), law: law(&rules, &Device::Sticks { p_marked: 0.6 }, &values) };
//! let a = analyse(&file.class, &rules, &Device::Coins, &[coins, sticks]);
//! assert_eq!(a.closest_names(), ["sticks 60%"]);
//! // 15 + 70 + 105 + 52 flat faces of 400 sticks.
//! assert_eq!(a.estimate.as_ref().unwrap().marked, 242);
//! assert!(a.answer(Lang::Fr).starts_with("**Équiprobable ou non ? Non.**"));
//! ```

pub mod analysis;
pub mod class;
pub mod file;
pub mod sentences;
pub mod words;

pub use analysis::{
    analyse, fluctuation_school, law, marked_faces, rate, Analysis, Estimate, Fit, Object,
};
pub use class::{Class, Group};
pub use file::{parse, read, ClassFile, ClassFileError, Fault, Invalid, Warning};
pub use words::Lang;

#[cfg(test)]
mod tests;
