//! Arguments shared by several commands: the variant with its overrides, the device.

use crate::error::{bad, InputError};
use anyhow::Result;
use clap::Args;
use senet_engine::rules::Rules;
use senet_engine::strategy::spec::StrategySpec;
use senet_engine::throws::Device;
use senet_engine::variants::Variant;
use std::path::PathBuf;

/// Which variant and which overrides of its options.
#[derive(Args, Debug)]
pub struct VariantArgs {
    /// Variant id (see `senet-sim variants`).
    #[arg(long, default_value = "tejon")]
    pub variant: Variant,
    /// TOML file of rule options overriding the variant's (keys as in docs/rules.md).
    #[arg(long, value_name = "FILE")]
    rules: Option<PathBuf>,
    /// One rule option override, KEY=VALUE with a TOML value (e.g. `--set protection=false`).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
}

impl VariantArgs {
    /// The variant's rules with the overrides of `--rules` and `--set`.
    pub fn rules(&self) -> Result<Rules> {
        let mut table = toml::Table::new();
        if let Some(path) = &self.rules {
            let text = std::fs::read_to_string(path)
                .map_err(|e| InputError(format!("--rules {}: {e}", path.display())))?;
            table = toml::from_str(&text).map_err(|e| {
                let (line, message) = senet_simulation::hints::toml_error(&text, &e);
                let at = line.map(|l| format!(":{l}")).unwrap_or_default();
                InputError(format!("--rules {}{at}: {message}", path.display()))
            })?;
        }
        for kv in &self.set {
            let parsed: toml::Table = toml::from_str(kv).map_err(|_| {
                let hint = senet_simulation::hints::french_number(kv)
                    .map(|h| format!(" ({h})"))
                    .unwrap_or_default();
                InputError(format!(
                    "--set '{kv}': expected KEY=VALUE with a TOML value{hint}"
                ))
            })?;
            table.extend(parsed);
        }
        senet_simulation::scenario::rules_with_overrides(self.variant, &table)
            .map_err(|e| InputError(format!("--variant {}: {e}", self.variant)).into())
    }
}

#[derive(Args, Debug)]
pub struct DeviceArgs {
    /// Throwing device: sticks, coins, die or d4 (a four-sided die) (default: the variant's own: coins for kendall and
    /// tejon, sticks elsewhere).
    #[arg(long)]
    device: Option<String>,
    /// Probability that one stick shows its marked face (sticks only).
    #[arg(long)]
    p_marked: Option<f64>,
}

impl DeviceArgs {
    /// The device named, or the variant's own.
    pub fn device(&self, variant: Variant) -> Result<Device> {
        let default = variant.device();
        let kind = self.device.as_deref().unwrap_or(default.kind());
        if self.p_marked.is_some() && kind != "sticks" {
            return bad(format!(
                "--p-marked applies to sticks only, not to --device {kind}"
            ));
        }
        Device::parse(kind, self.p_marked).map_err(|e| InputError(format!("--device: {e}")).into())
    }
}

/// Reads a game seed written as games.csv writes it (`0x` and hexadecimal digits).
pub(super) fn hex_seed(text: &str) -> Result<u64, String> {
    senet_engine::throws::parse_seed_hex(text).ok_or_else(|| {
        format!("'{text}': expected 0x and at most 16 hexadecimal digits, as in games.csv")
    })
}

/// Which game: its seed and the two players, as `play` and `review` read them.
#[derive(Args, Debug)]
pub struct GameArgs {
    /// Seed of the game: the same seed replays the same game on any machine.
    #[arg(long, default_value_t = 1, value_parser = crate::error::number)]
    pub seed: u64,
    /// The seed of one game of a run, as written in the `seed` column of games.csv
    /// (0x and 16 hexadecimal digits): replays exactly that game (give the arm's --variant,
    /// --device and strategies too).
    #[arg(long, value_name = "0xHEX", conflicts_with = "seed", value_parser = hex_seed)]
    pub game_seed: Option<u64>,
    /// White's strategy: random, front, back, heuristic[:KEY=W,...], expectimax:D, rollout:N,
    /// optimal (solved on the spot for 1 or 2 pawns) or optimal:FILE (a table of `senet-sim solve`).
    #[arg(long, default_value = "random")]
    pub white: StrategySpec,
    /// Black's strategy (the same names as --white).
    #[arg(long, default_value = "random")]
    pub black: StrategySpec,
}

impl GameArgs {
    /// The game's own seed: --game-seed, or the first game of --seed.
    pub fn game_seed(&self) -> u64 {
        self.game_seed
            .unwrap_or_else(|| senet_engine::throws::game_seed(self.seed, 0, 0))
    }

    /// White's and black's strategies.
    pub fn players(&self) -> [&StrategySpec; 2] {
        [&self.white, &self.black]
    }
}
