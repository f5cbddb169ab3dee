//! `senet-sim scenarios`: the scenarios shipped in `scenarios/`, each with its question (its
//! `title`). They are built into the binary, so the list works wherever the binary is.

use anyhow::Result;
use std::io::Write;

/// The shipped scenario files: path in the repository, text.
pub const SHIPPED: [(&str, &str); 13] = [
    (
        "scenarios/coins-vs-sticks.toml",
        include_str!("../../scenarios/coins-vs-sticks.toml"),
    ),
    (
        "scenarios/first-player.toml",
        include_str!("../../scenarios/first-player.toml"),
    ),
    (
        "scenarios/variants.toml",
        include_str!("../../scenarios/variants.toml"),
    ),
    (
        "scenarios/strategies.toml",
        include_str!("../../scenarios/strategies.toml"),
    ),
    (
        "scenarios/skill-by-variant.toml",
        include_str!("../../scenarios/skill-by-variant.toml"),
    ),
    (
        "scenarios/reconstructions.toml",
        include_str!("../../scenarios/reconstructions.toml"),
    ),
    (
        "scenarios/ludii-kendall-options.toml",
        include_str!("../../scenarios/ludii-kendall-options.toml"),
    ),
    (
        "scenarios/ludii-intended.toml",
        include_str!("../../scenarios/ludii-intended.toml"),
    ),
    (
        "scenarios/lesson/1-sticks-or-coins.toml",
        include_str!("../../scenarios/lesson/1-sticks-or-coins.toml"),
    ),
    (
        "scenarios/lesson/2-who-starts.toml",
        include_str!("../../scenarios/lesson/2-who-starts.toml"),
    ),
    (
        "scenarios/lesson/3-game-length.toml",
        include_str!("../../scenarios/lesson/3-game-length.toml"),
    ),
    (
        "scenarios/lesson/4-luck-or-skill.toml",
        include_str!("../../scenarios/lesson/4-luck-or-skill.toml"),
    ),
    (
        "scenarios/lesson/5-solved-game.toml",
        include_str!("../../scenarios/lesson/5-solved-game.toml"),
    ),
];

/// The `title` key of a scenario's text.
fn title(text: &str) -> String {
    toml::from_str::<toml::Table>(text)
        .ok()
        .and_then(|t| t.get("title").and_then(|v| v.as_str()).map(str::to_string))
        .unwrap_or_default()
}

/// Prints each shipped scenario's path and question, and how to run one.
pub fn list(out: &mut impl Write) -> Result<()> {
    let width = SHIPPED.iter().map(|s| s.0.len()).max().unwrap_or(0);
    for (path, text) in SHIPPED {
        writeln!(out, "{path:<width$}  {}", title(text))?;
    }
    writeln!(
        out,
        "\nRun one from the project's folder: senet-sim run {}",
        SHIPPED[0].0
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_scenario_has_a_title() {
        for (path, text) in SHIPPED {
            assert!(!title(text).is_empty(), "{path}");
        }
    }
}
