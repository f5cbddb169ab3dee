//! A parsed scenario made ready to play, when the caller is about to play it: every player
//! given its tables (parsing only checks that each table can be had).

use super::{Arm, Scenario, ScenarioError, ScenarioFault};
use crate::cancel::Cancel;
use crate::exact::solve::SolveError;
use crate::play::tournament::Tournament;
use crate::players::Tables;
use senet_engine::strategy::spec::{Player, StrategySpec};

impl Scenario<StrategySpec> {
    /// The scenario ready to play with tables of its own and nothing to stop a solve: for a
    /// caller playing one scenario once (a test, a script).
    pub fn ready(self) -> Result<Scenario, ScenarioError> {
        self.resolve(&mut Tables::new(), &Cancel::new())
    }

    /// The scenario ready to play: every player of the arms and tournaments with its tables
    /// from `tables` (loaded or solved there once per game); `cancel` stops a solve. An error
    /// names the arm or tournament and its key.
    pub fn resolve(self, tables: &mut Tables, cancel: &Cancel) -> Result<Scenario, ScenarioError> {
        let file = self.path.clone();
        let err = |which: String, key: &str, e: SolveError| ScenarioError {
            kind: ScenarioFault::Table,
            file: file.clone(),
            line: None,
            key: Some(key.to_string()),
            message: format!("{which}, key '{key}': {e}", e = senet_engine::Chain(&e)),
            more: Vec::new(),
        };
        let mut arms = Vec::with_capacity(self.arms.len());
        for (i, arm) in self.arms.into_iter().enumerate() {
            let which = format!("arm {} ('{}')", i + 1, arm.name);
            let mut player = |key: &str, spec: &StrategySpec| -> Result<Player, ScenarioError> {
                (tables.resolve(spec, arm.variant, &arm.rules, &arm.device, cancel))
                    .map_err(|e| err(which.clone(), key, e))
            };
            let (white, black) = (player("white", &arm.white)?, player("black", &arm.black)?);
            arms.push(Arm {
                name: arm.name,
                variant: arm.variant,
                rules: arm.rules,
                device: arm.device,
                white,
                black,
                class_throws: arm.class_throws,
            });
        }
        let mut tournaments = Vec::with_capacity(self.tournaments.len());
        for (i, t) in self.tournaments.into_iter().enumerate() {
            let which = format!("tournament {} ('{}')", i + 1, t.name);
            let strategies = (t.strategies.iter())
                .map(|spec| tables.resolve(spec, t.variant, &t.rules, &t.device, cancel))
                .collect::<Result<Vec<Player>, SolveError>>()
                .map_err(|e| err(which, "strategies", e))?;
            tournaments.push(Tournament {
                name: t.name,
                variant: t.variant,
                rules: t.rules,
                device: t.device,
                strategies,
                games: t.games,
                ladder: t.ladder,
            });
        }
        Ok(Scenario {
            name: self.name,
            title: self.title,
            games: self.games,
            seed: self.seed,
            arms,
            tournaments,
            lang: self.lang,
            charts: self.charts,
            exact: self.exact,
            audience: self.audience,
            fr: self.fr,
            path: self.path,
            text: self.text,
        })
    }
}
