//! Scenario files (TOML): which arms to play, how many games, with which seed.
//!
//! Every error names the file, the key and the line.

use crate::rules::{Rules, VARIANTS};
use crate::strategy::strategy_by_name;
use crate::throws::Device;
use serde::Deserialize;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use thiserror::Error;
use toml::Spanned;

/// An error in a scenario file.
#[derive(Debug, Error)]
pub struct ScenarioError {
    /// The file.
    pub file: PathBuf,
    /// The line (1-based), when known.
    pub line: Option<usize>,
    /// What is wrong, naming the key.
    pub message: String,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "{}:{l}: {}", self.file.display(), self.message),
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileScenario {
    name: Spanned<String>,
    title: Option<String>,
    games: Spanned<i64>,
    seed: Option<Spanned<i64>>,
    arm: Option<Spanned<Vec<FileArm>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileArm {
    name: Spanned<String>,
    variant: Spanned<String>,
    device: Option<Spanned<FileDevice>>,
    white: Option<Spanned<String>>,
    black: Option<Spanned<String>>,
    rules: Option<Spanned<toml::Table>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileDevice {
    kind: String,
    p_marked: Option<f64>,
}

/// One arm: a variant, a device and two strategies, played `games` times.
#[derive(Clone, Debug)]
pub struct Arm {
    /// Name shown in outputs.
    pub name: String,
    /// Variant id.
    pub variant: String,
    /// The rule set (the variant with the arm's overrides).
    pub rules: Rules,
    /// Throwing device.
    pub device: Device,
    /// White's strategy name.
    pub white: String,
    /// Black's strategy name.
    pub black: String,
}

/// A validated scenario.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// Short name, used for the default output folder.
    pub name: String,
    /// Title shown in the report.
    pub title: String,
    /// Games per arm.
    pub games: u64,
    /// Seed of the run.
    pub seed: u64,
    /// The arms, in file order.
    pub arms: Vec<Arm>,
    /// The file it was read from.
    pub path: PathBuf,
}

/// The device a variant's document uses when a scenario names none.
pub fn default_device(variant: &str) -> Device {
    match variant {
        "kendall" | "tejon" => Device::Coins,
        _ => Device::Sticks { p_marked: 0.5 },
    }
}

struct Ctx<'a> {
    path: &'a Path,
    text: &'a str,
}

impl Ctx<'_> {
    fn line_of(&self, span: Range<usize>) -> usize {
        self.text[..span.start.min(self.text.len())]
            .matches('\n')
            .count()
            + 1
    }

    fn err(&self, span: Option<Range<usize>>, message: String) -> ScenarioError {
        ScenarioError {
            file: self.path.to_path_buf(),
            line: span.map(|s| self.line_of(s)),
            message,
        }
    }
}

impl Scenario {
    /// Reads and validates a scenario file.
    pub fn load(path: &Path) -> Result<Scenario, ScenarioError> {
        let text = std::fs::read_to_string(path).map_err(|e| ScenarioError {
            file: path.to_path_buf(),
            line: None,
            message: format!("cannot read: {e}"),
        })?;
        Scenario::parse(path, &text)
    }

    /// Validates a scenario given as text (`path` is only used in messages).
    pub fn parse(path: &Path, text: &str) -> Result<Scenario, ScenarioError> {
        let cx = Ctx { path, text };
        let file: FileScenario =
            toml::from_str(text).map_err(|e| cx.err(e.span(), e.message().trim().to_string()))?;
        let name = file.name.get_ref().clone();
        let name_ok = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if !name_ok {
            return Err(cx.err(Some(file.name.span()), format!("key 'name': '{name}' must be letters, digits, '-' or '_' (it names the output folder)")));
        }
        let games = *file.games.get_ref();
        if games < 1 {
            return Err(cx.err(
                Some(file.games.span()),
                format!("key 'games': must be at least 1, got {games}"),
            ));
        }
        let seed = match &file.seed {
            Some(s) if *s.get_ref() < 0 => {
                return Err(cx.err(
                    Some(s.span()),
                    "key 'seed': must be a non-negative integer".into(),
                ))
            }
            Some(s) => *s.get_ref() as u64,
            None => 1,
        };
        let arms_in = file.arm.ok_or_else(|| {
            cx.err(
                None,
                "no [[arm]] table: a scenario needs at least one arm".into(),
            )
        })?;
        if arms_in.get_ref().is_empty() {
            return Err(cx.err(
                Some(arms_in.span()),
                "key 'arm': a scenario needs at least one arm".into(),
            ));
        }
        let mut arms = Vec::new();
        for (i, a) in arms_in.into_inner().into_iter().enumerate() {
            arms.push(validate_arm(&cx, i, a)?);
        }
        Ok(Scenario {
            name,
            title: file.title.unwrap_or_else(|| file.name.into_inner()),
            games: games as u64,
            seed,
            arms,
            path: path.to_path_buf(),
        })
    }
}

fn validate_arm(cx: &Ctx, i: usize, a: FileArm) -> Result<Arm, ScenarioError> {
    let which = format!("arm {} ('{}')", i + 1, a.name.get_ref());
    let variant = a.variant.get_ref().clone();
    if !VARIANTS.iter().any(|v| v.id == variant) {
        let known: Vec<_> = VARIANTS.iter().map(|v| v.id).collect();
        return Err(cx.err(
            Some(a.variant.span()),
            format!(
                "{which}, key 'variant': unknown variant '{variant}' (known: {})",
                known.join(", ")
            ),
        ));
    }
    let rules = match &a.rules {
        Some(t) => Rules::with_overrides(&variant, t.get_ref())
            .map_err(|e| cx.err(Some(t.span()), format!("{which}, table 'rules': {e}")))?,
        None => Rules::preset(&variant).expect("known variant"),
    };
    let device = match &a.device {
        None => default_device(&variant),
        Some(d) => {
            let dev = d.get_ref();
            Device::parse(&dev.kind, dev.p_marked)
                .map_err(|e| cx.err(Some(d.span()), format!("{which}, key 'device': {e}")))?
        }
    };
    let strategy = |s: &Option<Spanned<String>>, key: &str| -> Result<String, ScenarioError> {
        match s {
            None => Ok("random".into()),
            Some(s) => {
                strategy_by_name(s.get_ref())
                    .map_err(|e| cx.err(Some(s.span()), format!("{which}, key '{key}': {e}")))?;
                Ok(s.get_ref().clone())
            }
        }
    };
    let white = strategy(&a.white, "white")?;
    let black = strategy(&a.black, "black")?;
    Ok(Arm {
        name: a.name.into_inner(),
        variant,
        rules,
        device,
        white,
        black,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        Scenario::parse(Path::new("s.toml"), text)
    }

    const OK: &str = "name = \"t\"\ngames = 10\n[[arm]]\nname = \"a\"\nvariant = \"tejon\"\n";

    #[test]
    fn a_minimal_scenario_gets_defaults() {
        let s = parse(OK).unwrap();
        assert_eq!((s.games, s.seed, s.arms.len()), (10, 1, 1));
        assert_eq!(s.arms[0].device, Device::Coins);
        assert_eq!(s.arms[0].white, "random");
    }

    #[test]
    fn errors_name_file_key_and_line() {
        let cases = [
            (
                OK.replace("games = 10", "games = 0"),
                "s.toml:2: key 'games'",
            ),
            (
                OK.replace("tejon", "senat"),
                "s.toml:5: arm 1 ('a'), key 'variant'",
            ),
            (
                format!("{OK}white = \"genius\"\n"),
                "s.toml:6: arm 1 ('a'), key 'white'",
            ),
            (
                format!("{OK}device = {{ kind = \"sticks\", p_marked = 1.5 }}\n"),
                "s.toml:6: arm 1 ('a'), key 'device': p_marked must lie in [0, 1]",
            ),
            (
                format!("{OK}colour = 1\n"),
                "s.toml:6: unknown field `colour`",
            ),
            (
                OK.replace("games = 10", "games = \"ten\""),
                "s.toml:2: invalid type",
            ),
            (
                format!("{OK}[arm.rules]\nprotections = false\n"),
                "arm 1 ('a'), table 'rules': rule override: unknown rule option 'protections'",
            ),
        ];
        for (text, want) in cases {
            let e = parse(&text).unwrap_err().to_string();
            assert!(
                e.starts_with(want) || e.contains(want),
                "{e}\nwanted: {want}"
            );
        }
    }
}
