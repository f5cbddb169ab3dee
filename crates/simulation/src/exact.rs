//! Small games solved exactly, and what the values tell: one request solved ([`solve`], by the
//! whole outcome graph, [`graph`], or group by group, [`layered`], with its [`checkpoint`] and
//! its memory known beforehand, [`plan`]), the table's file ([`tablefile`]) and its independent
//! check ([`residual`]), the exact game lengths ([`lengths`]), strategies judged ([`judge`]), a
//! game reviewed ([`review`]), Ludii's evaluation metrics with exact values ([`evaluation`]),
//! and a solve's whole analysis ([`analysis`]).

pub mod analysis;
pub mod checkpoint;
pub(crate) mod error;
pub mod evaluation;
pub mod graph;
pub mod judge;
pub mod layered;
pub mod lengths;
pub(crate) mod memory;
pub(crate) mod outcomes;
pub mod plan;
pub mod residual;
pub mod review;
pub mod solve;
pub mod tablefile;
pub(crate) mod values;
