//! `records/`: the game records (`docs/records.md`) of the games `--records` chose, each
//! played again from its seed, the same game the run counted and `games.csv` lists.

use anyhow::{Context, Result};
use senet_engine::board::{Position, Side};
use senet_engine::game::Observer;
use senet_engine::movegen::Move;
use senet_simulation::runner::arm_game;
use senet_simulation::scenario::Scenario;
use senet_tables::record::{throw_line, Record};
use std::path::Path;

/// The throws of a game, as a record writes them.
#[derive(Default)]
struct Throws(Vec<String>);

impl Observer for Throws {
    fn on_throw(&mut self, side: Side, value: u8, played: Option<&Move>, _: &Position) {
        self.0.push(throw_line(side, value, played));
    }
}

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
            let mut throws = Throws::default();
            let (seed, summary) = arm_game(arm, i, scenario.seed, number - 1, &mut throws);
            let record = Record::new(&arm.game(), seed, players.clone(), summary.winner, throws.0)
                .with_networks(&crate::report::provenance::network_pairs(
                    &arm.game(),
                    [&arm.white, &arm.black].into_iter(),
                ));
            let file = file_name(&arm.name, number);
            std::fs::write(dir.join(&file), record.to_text())
                .with_context(|| format!("writing records/{file}"))?;
        }
    }
    Ok(())
}
