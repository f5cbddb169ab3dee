//! Where each figure comes from: the whole game of every arm and tournament written into the
//! report folder (`rules/NAME.toml`, as `variants --show` writes it), its hash for
//! `summary.csv`, and the section of `report.md` that lists what each changes from its preset.

use crate::error::{create_dir, write_file, ReportError, Result};
use crate::Program;
use senet_engine::strategy::spec::StrategySpec;
use senet_simulation::input::rulefile::{changed_keys, hash, to_text, Game};
use senet_simulation::input::scenario::{Audience, Scenario};
use senet_simulation::learn::shipped::network_hash;
use senet_tables::lang::Lang;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

/// The folder of the rule files, inside the report.
pub const RULES_DIR: &str = "rules";

/// The rule file of `game` and its short hash.
pub fn rule_file(game: &Game) -> (String, String) {
    let text = to_text(game);
    let h = hash(&text);
    (text, h)
}

/// Writes `rules/NAME.toml` for every arm and tournament of `s`; returns the section of
/// `report.md` that lists them.
pub fn write(dir: &Path, s: &Scenario, l: Lang) -> Result<String> {
    let rules = dir.join(RULES_DIR);
    create_dir(rules.clone())?;
    let games = (s.arms.iter().map(|a| (&a.name, a.game())))
        .chain(s.tournaments.iter().map(|t| (&t.name, t.game())));
    let tx = l.texts();
    // A class's report names each rule file; the hashes that tell rule sets apart stay in
    // summary.csv.
    let class = s.audience == Audience::Class;
    let mut md = if class {
        format!(
            "## {}\n\n{}\n\n",
            tx.rules_title,
            l.texts().r_whole_game_each_arm
        )
    } else {
        format!("## {}\n\n{}\n\n", tx.rules_title, tx.rules_note)
    };
    if class {
        let _ = writeln!(
            md,
            "{}\n|---|---|---|---|",
            l.texts().r_arm_rule_file_variant
        );
    } else {
        let _ = writeln!(md, "{}\n|---|---|---|---|---|---|", tx.rules_header);
    }
    for (name, game) in games {
        let file = format!("{}.toml", crate::charts::slug(name));
        let (text, h) = rule_file(&game);
        write_file(rules.join(&file), &text)?;
        let changed = changed_keys(&game).join(", ");
        let changed = if changed.is_empty() {
            tx.rules_unchanged.to_string()
        } else {
            changed
        };
        if class {
            let _ = writeln!(
                md,
                "| {name} | `{RULES_DIR}/{file}` | {} | {} |",
                game.variant,
                l.device(&game.device)
            );
            continue;
        }
        let _ = writeln!(
            md,
            "| {name} | `{RULES_DIR}/{file}` | `{h}` | {} | {} | {} |",
            game.variant,
            l.device(&game.device),
            changed.replace('|', "\\|")
        );
    }
    md.push('\n');
    Ok(md)
}

/// Each `td` player of a game (by its name) and the hash of the weights file it plays
/// (`None`: unreadable, or no network ships for the game), in name order.
fn network_hashes<'a>(
    game: &Game,
    players: impl Iterator<Item = &'a StrategySpec>,
) -> BTreeMap<String, Option<String>> {
    players
        .filter_map(|p| match p {
            StrategySpec::Td(t) => Some((p.to_string(), network_hash(game, t.file.as_deref()))),
            _ => None,
        })
        .collect()
}

/// The networks of a game's `td` players as JSON (`null` where the hash is unknown).
pub fn networks<'a>(
    game: &Game,
    players: impl Iterator<Item = &'a StrategySpec>,
) -> serde_json::Map<String, serde_json::Value> {
    network_hashes(game, players)
        .into_iter()
        .map(|(p, h)| (p, h.map_or(serde_json::Value::Null, Into::into)))
        .collect()
}

/// The same networks as pairs, for a game record's `Networks` header.
pub fn network_pairs<'a>(
    game: &Game,
    players: impl Iterator<Item = &'a StrategySpec>,
) -> Vec<(String, String)> {
    network_hashes(game, players)
        .into_iter()
        .map(|(p, h)| (p, h.unwrap_or_else(|| "unknown".into())))
        .collect()
}

/// Writes `scenario.toml` (the scenario file as run) and `provenance.json` (the program, its
/// commit and compiler, when and on what machine it ran, the command, the seed, and each arm's
/// and tournament's rule file, hash, players and `td` networks), the machine-readable
/// companion of every table of the report.
pub fn write_record(dir: &Path, s: &Scenario, command: &str, program: Program) -> Result<()> {
    // The text read when the run began: the file may have changed or gone since.
    write_file(dir.join("scenario.toml"), &s.text)?;
    let rule = |name: &str, game: &Game| {
        serde_json::json!({
            "name": name,
            "rules": format!("{RULES_DIR}/{}.toml", crate::charts::slug(name)),
            "rules_hash": rule_file(game).1,
        })
    };
    let arms: Vec<serde_json::Value> = s
        .arms
        .iter()
        .map(|a| {
            let mut v = rule(&a.name, &a.game());
            v["white"] = a.white.to_string().into();
            v["black"] = a.black.to_string().into();
            v["networks"] =
                networks(&a.game(), [a.white.spec(), a.black.spec()].into_iter()).into();
            v
        })
        .collect();
    let tournaments: Vec<serde_json::Value> = s
        .tournaments
        .iter()
        .map(|t| {
            let mut v = rule(&t.name, &t.game());
            v["strategies"] = t.strategies.iter().map(|p| p.to_string()).collect();
            v["games"] = t.games.into();
            v["networks"] = networks(&t.game(), t.strategies.iter().map(|p| p.spec())).into();
            v
        })
        .collect();
    let written = chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let record = serde_json::json!({
        "program": format!("senet-sim {}", program.version),
        "commit": program.commit,
        "toolchain": program.toolchain,
        "written": written.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        "machine": {
            "os": std::env::consts::OS,
            "arch": std::env::consts::ARCH,
            "cores": cores,
        },
        "command": command,
        "scenario": "scenario.toml",
        "seed": s.seed,
        "arms": arms,
        "tournaments": tournaments,
    });
    let text = serde_json::to_string_pretty(&record).map_err(ReportError::Json)? + "\n";
    write_file(dir.join("provenance.json"), text)
}
