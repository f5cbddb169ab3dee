//! `records/`: the game records (`docs/records.md`) of the games `--records` chose, each
//! played again from its seed, the same game the run counted and `games.csv` lists.

use anyhow::{Context, Result};
use senet_simulation::input::scenario::Scenario;
use senet_simulation::play::runner::arm_game;
use senet_tables::record::{Record, ThrowLines};
use std::path::Path;

/// The file of game `number` (from 1) of the arm named `arm`.
pub fn file_name(arm: &str, number: u64) -> String {
    format!("{}-game-{number}.txt", crate::report::charts::slug(arm))
}

/// Writes into `dir` the record of each game of `games` (numbered from 1) of each arm.
pub fn write(dir: &Path, scenario: &Scenario, games: &[u64]) -> Result<()> {
    std::fs::create_dir_all(dir).context("creating records/")?;
    for (i, arm) in scenario.arms.iter().enumerate() {
        let players = [arm.white.to_string(), arm.black.to_string()];
        for &number in games {
            let mut throws = ThrowLines::default();
            let (seed, summary) = arm_game(arm, i, scenario.seed, number - 1, &mut throws);
            let record = Record::new(&arm.game(), seed, players.clone(), summary.winner, throws.0)
                .with_networks(&crate::report::provenance::network_pairs(
                    &arm.game(),
                    [arm.white.spec(), arm.black.spec()].into_iter(),
                ));
            let file = file_name(&arm.name, number);
            std::fs::write(dir.join(&file), record.to_text())
                .with_context(|| format!("writing records/{file}"))?;
        }
    }
    Ok(())
}
