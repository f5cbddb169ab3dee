//! Where each figure comes from: the whole game of every arm and tournament written into the
//! report folder (`rules/NAME.toml`, as `variants --show` writes it), its hash for
//! `summary.csv`, and the section of `report.md` that lists what each changes from its preset.

use crate::lang::{t, Lang};
use anyhow::{Context, Result};
use senet_simulation::rulefile::{changed_keys, hash, to_text, Game};
use senet_simulation::scenario::{Audience, Scenario};
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
    std::fs::create_dir_all(&rules).context("creating rules/")?;
    let games = (s.arms.iter().map(|a| (&a.name, a.game())))
        .chain(s.tournaments.iter().map(|t| (&t.name, t.game())));
    let tx = l.texts();
    // A class's report names each rule file; the hashes that tell rule sets apart stay in
    // summary.csv.
    let class = s.audience == Audience::Class;
    let mut md = if class {
        format!("## {}\n\n{}\n\n", tx.rules_title, t(l,
            "The whole game of each arm, its rules and its device, is a rule file in `rules/`: `senet-sim play --rules rules/NAME.toml` plays it.",
            "Le jeu complet de chaque configuration, ses règles et son objet de lancer, est un fichier de règles dans `rules/` : `senet-sim play --rules rules/NOM.toml` le joue."))
    } else {
        format!("## {}\n\n{}\n\n", tx.rules_title, tx.rules_note)
    };
    if class {
        let _ = writeln!(
            md,
            "{}\n|---|---|---|---|",
            t(
                l,
                "| arm | rule file | variant | device |",
                "| configuration | fichier de règles | variante | objet de lancer |"
            )
        );
    } else {
        let _ = writeln!(md, "{}\n|---|---|---|---|---|---|", tx.rules_header);
    }
    for (name, game) in games {
        let file = format!("{}.toml", crate::report::charts::slug(name));
        let (text, h) = rule_file(&game);
        std::fs::write(rules.join(&file), &text)
            .with_context(|| format!("writing rules/{file}"))?;
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
