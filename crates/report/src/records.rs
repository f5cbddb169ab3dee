//! `records/`: the game records (`docs/records.md`) of the games `--records` chose, kept with
//! every throw in the run's results (the same games the run counted and `games.csv` lists).

use crate::error::{create_dir, write_file, Result};
use senet_simulation::play::runner::ArmResult;
use senet_tables::record::{throw_lines, Record};
use std::path::Path;

/// The file of game `number` (from 1) of the arm named `arm`.
pub fn file_name(arm: &str, number: u64) -> String {
    format!("{}-game-{number}.txt", crate::charts::slug(arm))
}

/// Writes into `dir` the record of each recorded game of each arm of `results`, naming the
/// `program` that wrote it.
pub fn write(dir: &Path, results: &[ArmResult], program: &str) -> Result<()> {
    create_dir(dir.to_path_buf())?;
    for r in results {
        let arm = &r.arm;
        let players = [arm.white.to_string(), arm.black.to_string()];
        let networks = crate::provenance::network_pairs(
            &arm.game(),
            [arm.white.spec(), arm.black.spec()].into_iter(),
        );
        for g in &r.records {
            let (winner, throws) = (g.summary.winner, throw_lines(&g.throws));
            let record = Record::new(&arm.game(), g.seed, players.clone(), winner, throws)
                .with_networks(&networks)
                .with_program(program);
            let file = file_name(&arm.name, g.number);
            write_file(dir.join(&file), record.to_text())?;
        }
    }
    Ok(())
}
