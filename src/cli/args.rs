//! Arguments shared by several commands: the variant with its overrides, the device.

use crate::error::{bad, InputError};
use anyhow::Result;
use clap::Args;
use senet_engine::strategy::spec::StrategySpec;
use senet_engine::throws::Device;
use senet_engine::variants::Variant;
use senet_simulation::input::rulefile::{key_line, Game, RuleError, RuleTable};
use std::path::PathBuf;

/// Which variant and which overrides of its options.
#[derive(Args, Debug)]
pub struct VariantArgs {
    /// Variant id (see `senet-sim variants`; default: the --rules file's, else tejon).
    #[arg(long)]
    variant: Option<Variant>,
    /// A rule file (TOML, as `senet-sim variants --show ID` writes it): its variant, device and
    /// rule options over the variant's; a complete file is the whole game.
    #[arg(long, value_name = "FILE")]
    rules: Option<PathBuf>,
    /// One rule option override, KEY=VALUE with a TOML value (e.g. `--set protection=false`).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
}

impl VariantArgs {
    /// The whole game: the variant (--variant, else the file's), its rules with the overrides of
    /// --rules and --set, and the device (`device` of the command line, else the file's, else
    /// the variant's).
    pub fn game(&self, device: &DeviceArgs) -> Result<Game> {
        let (table, file) = self.table()?;
        let game = table
            .game(self.variant, None)
            .map_err(|e| self.located(e, file.as_deref()))?;
        // As a scenario's arm: a rule file names its variant, or the command line does (an
        // empty file played tejon without a word).
        if let (Some(path), None, None) = (&self.rules, table.variant, self.variant) {
            return Err(InputError(format!(
                "--rules {}: the file names no variant: write variant = \"ID\" in it, or give --variant ID (one of {})",
                path.display(),
                senet_engine::variants::known_ids()
            ))
            .into());
        }
        let device = device.over(game.device)?;
        Ok(Game { device, ..game })
    }

    /// Whether any of --variant, --rules or --set was given.
    pub fn given(&self) -> bool {
        self.variant.is_some() || self.rules.is_some() || !self.set.is_empty()
    }

    /// The options as given, to write the command again (`--variant V --rules F --set K=V`).
    pub fn arguments(&self) -> Vec<String> {
        let mut args = Vec::new();
        if let Some(v) = self.variant {
            args.extend(["--variant".to_string(), v.to_string()]);
        }
        if let Some(f) = &self.rules {
            args.extend(["--rules".to_string(), f.display().to_string()]);
        }
        for kv in &self.set {
            args.extend(["--set".to_string(), kv.clone()]);
        }
        args
    }

    /// The table of --rules (with its text, to find a key's line) and --set over it.
    fn table(&self) -> Result<(RuleTable, Option<String>)> {
        let mut table = RuleTable::default();
        let mut file = None;
        if let Some(path) = &self.rules {
            let text = senet_simulation::input::read_text(path, senet_simulation::input::MAX_TEXT)
                .map_err(|e| InputError(format!("--rules {}: {e}", path.display())))?;
            table = RuleTable::parse(&text).map_err(|e| {
                let line = match toml::from_str::<toml::Table>(&text) {
                    Err(e) => senet_simulation::input::hints::toml_error(&text, &e).0,
                    Ok(_) => e.key.as_deref().and_then(|k| key_line(&text, k)),
                };
                let at = line.map(|l| format!(":{l}")).unwrap_or_default();
                InputError(format!("--rules {}{at}: {e}", path.display()))
            })?;
            file = Some(text);
        }
        for kv in &self.set {
            let parsed: toml::Table = toml::from_str(kv).map_err(|_| {
                let hint = senet_simulation::input::hints::french_number(kv)
                    .map(|h| format!(" ({h})"))
                    .unwrap_or_default();
                InputError(format!(
                    "--set '{kv}': expected KEY=VALUE with a TOML value{hint}"
                ))
            })?;
            let one =
                RuleTable::read(parsed).map_err(|e| InputError(format!("--set '{kv}': {e}")))?;
            table.extend(one);
        }
        Ok((table, file))
    }

    /// An error of the rules, at the --set or the line of --rules that gave its key.
    fn located(&self, e: RuleError, file: Option<&str>) -> anyhow::Error {
        let key = e.key.as_deref();
        let set = key.and_then(|k| {
            (self.set.iter().rev()).find(|kv| kv.split('=').next().map(str::trim) == Some(k))
        });
        let from_file = |(path, text): (&PathBuf, &str)| {
            let line = key.and_then(|k| key_line(text, k));
            let at = line.map(|l| format!(":{l}")).unwrap_or_default();
            format!("--rules {}{at}: {e}", path.display())
        };
        let message = match (set, self.rules.as_ref().zip(file)) {
            (Some(kv), _) => format!("--set '{kv}': {e}"),
            (None, Some(f)) if key.is_some_and(|k| key_line(f.1, k).is_some()) => from_file(f),
            (None, _) => match self.variant {
                Some(v) => format!("--variant {v}: {e}"),
                None => e.to_string(),
            },
        };
        InputError(message).into()
    }
}

#[derive(Args, Debug, Default)]
pub struct DeviceArgs {
    /// Throwing device: sticks, coins, die or d4 (a four-sided die) (default: the rule file's,
    /// else the variant's own: coins for kendall and tejon, d4 for ludii-bell, sticks elsewhere).
    #[arg(long)]
    device: Option<String>,
    /// Probability that one stick shows its marked face (sticks only).
    #[arg(long, value_parser = crate::error::decimal)]
    p_marked: Option<f64>,
}

impl DeviceArgs {
    /// The options as given, to write the command again.
    pub fn arguments(&self) -> Vec<String> {
        let mut args = Vec::new();
        if let Some(d) = &self.device {
            args.extend(["--device".to_string(), d.clone()]);
        }
        if let Some(p) = self.p_marked {
            args.extend(["--p-marked".to_string(), p.to_string()]);
        }
        args
    }

    /// The device named, or `default` (the rules' own device).
    pub fn over(&self, default: Device) -> Result<Device> {
        let kind = self.device.as_deref().unwrap_or(default.kind());
        if self.p_marked.is_some() && kind != "sticks" {
            return bad(format!(
                "--p-marked applies to sticks only, not to --device {kind}"
            ));
        }
        let p = match (self.p_marked, default) {
            (None, Device::Sticks { p_marked }) if self.device.is_none() => Some(p_marked),
            (p, _) => p,
        };
        Device::parse(kind, p).map_err(|e| InputError(format!("--device: {e}")).into())
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

/// The first line of `play`, `review` and `solve`: what made the output, so that it can be
/// published and replayed (`# ` starts it: the lines after it are the output itself).
pub fn header(game: &Game, seed: Option<u64>, players: &[&StrategySpec]) -> String {
    let (_, hash) = senet_report::provenance::rule_file(game);
    let changed = senet_simulation::input::rulefile::changed_keys(game);
    let changed = match changed.is_empty() {
        true => String::new(),
        false => format!(" changed ({})", changed.join(", ")),
    };
    let mut h = format!(
        "# {}{changed}, rules {hash}, pawns {}, device {}",
        game.variant, game.rules.pawns, game.device
    );
    if let Some(seed) = seed {
        h += &format!(", game seed {}", senet_engine::throws::seed_hex(seed));
    }
    if let [white, black] = players {
        h += &format!(", white {white}, black {black}");
    }
    h
}
