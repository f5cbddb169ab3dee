//! A parsed scenario's `optimal` players given their tables, when the caller is about to play
//! it: parsing only checks that each table can be had.

use super::{Scenario, ScenarioError, ScenarioFault};
use crate::cancel::Cancel;
use crate::exact::solve::SolveError;
use crate::players::Tables;

impl Scenario {
    /// Gives every `optimal` player of the arms and tournaments its table from `tables`
    /// (loaded or solved there once per game); `cancel` stops a solve. An error names the arm
    /// or tournament and its key.
    pub fn resolve(&mut self, tables: &mut Tables, cancel: &Cancel) -> Result<(), ScenarioError> {
        let file = self.path.clone();
        let err = |which: String, key: &str, e: SolveError| ScenarioError {
            kind: ScenarioFault::Table,
            file: file.clone(),
            line: None,
            key: Some(key.to_string()),
            message: format!("{which}, key '{key}': {e}"),
            more: Vec::new(),
        };
        for (i, arm) in self.arms.iter_mut().enumerate() {
            let which = format!("arm {} ('{}')", i + 1, arm.name);
            for (key, spec) in [("white", &mut arm.white), ("black", &mut arm.black)] {
                tables
                    .resolve(spec, arm.variant, &arm.rules, &arm.device, cancel)
                    .map_err(|e| err(which.clone(), key, e))?;
            }
        }
        for (i, t) in self.tournaments.iter_mut().enumerate() {
            let which = format!("tournament {} ('{}')", i + 1, t.name);
            for spec in &mut t.strategies {
                tables
                    .resolve(spec, t.variant, &t.rules, &t.device, cancel)
                    .map_err(|e| err(which.clone(), "strategies", e))?;
            }
        }
        Ok(())
    }
}
