//! A rule file: the whole game in one flat TOML file, as `senet-sim variants --show ID` writes
//! it: the preset it starts from (`variant`), the throwing device (`device`) and every rule
//! option (`docs/rules.md` lists them). `--rules FILE`, `--set KEY=VALUE`, a scenario's
//! `[arm.rules]` table and its `rules = "FILE"` read the same keys; a file needs only the keys it
//! changes, the variant gives the others.

use senet_engine::options::{key_values, OPTIONS};
use senet_engine::rules::{RuleSet, Rules};
use senet_engine::throws::{throw_table, value_fraction, Device};
use senet_engine::variants::{known_ids, Variant};
use std::fmt::Write;
use thiserror::Error;

/// The key of the preset a rule file starts from.
pub(crate) const VARIANT_KEY: &str = "variant";
/// The key of the throwing device.
pub(crate) const DEVICE_KEY: &str = "device";

pub use senet_engine::Game;

/// What is wrong in a rule table, of what kind, and the key at fault when there is one.
#[derive(Clone, Debug, Error, PartialEq)]
#[error("{message}")]
pub struct RuleError {
    /// What kind of fault, for a caller to match.
    pub kind: RuleFault,
    /// The key at fault (to find its line).
    pub key: Option<String>,
    /// What is wrong: the key, the value, what the key takes, a close key or value.
    pub message: String,
}

/// The kinds of [`RuleError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleFault {
    /// The text is not TOML.
    Syntax,
    /// A key that is no rule option (the message names the closest one).
    UnknownKey,
    /// `variant` names no variant.
    UnknownVariant,
    /// `device` is no device (an unknown kind, `p_marked` outside [0, 1]).
    Device,
    /// A value its key does not take (a wrong type, a word the key does not know).
    WrongValue,
    /// Options each readable but that break the rules' own checks (a value out of range,
    /// options at odds with each other).
    Invalid,
    /// The table's variant is not the one asked for.
    VariantConflict,
}

impl RuleError {
    fn at(kind: RuleFault, key: &str, message: String) -> RuleError {
        RuleError {
            kind,
            key: Some(key.to_string()),
            message,
        }
    }
}

/// A rule table as read: the variant and the device it names, and its rule options.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RuleTable {
    /// The preset it starts from (`variant = "ID"`), when it names one.
    pub variant: Option<Variant>,
    /// The device (`device = { kind = "sticks", p_marked = 0.5 }`), when it names one.
    pub device: Option<Device>,
    /// The rule options it sets, checked to be rule options.
    pub options: toml::Table,
}

impl RuleTable {
    /// Reads a table: `variant` and `device` apart, every other key checked to be a rule option
    /// (an unknown key is refused, naming the closest one).
    pub fn read(mut table: toml::Table) -> Result<RuleTable, RuleError> {
        let variant = table.remove(VARIANT_KEY).map(read_variant).transpose()?;
        let device = table.remove(DEVICE_KEY).map(read_device).transpose()?;
        if let Some(key) = table.keys().find(|k| key_values(k).is_none()) {
            return Err(RuleError::at(RuleFault::UnknownKey, key, unknown_key(key)));
        }
        Ok(RuleTable {
            variant,
            device,
            options: table,
        })
    }

    /// Reads a rule file's text (its errors carry the key; the caller finds its line).
    pub fn parse(text: &str) -> Result<RuleTable, RuleError> {
        let table: toml::Table = toml::from_str(text).map_err(|e| RuleError {
            kind: RuleFault::Syntax,
            key: None,
            message: crate::input::hints::toml_error(text, &e).1,
        })?;
        RuleTable::read(table)
    }

    /// `other`'s keys over this table's (`--set` after `--rules`).
    pub fn extend(&mut self, other: RuleTable) {
        self.variant = other.variant.or(self.variant);
        self.device = other.device.or(self.device);
        self.options.extend(other.options);
    }

    /// The game: the preset of `variant` (the table's own when the caller names none; both
    /// named must agree) with the table's options, and `device` (given by the caller, else the
    /// table's, else the variant's).
    pub fn game(
        &self,
        variant: Option<Variant>,
        device: Option<Device>,
    ) -> Result<Game, RuleError> {
        let variant = match (variant, self.variant) {
            (Some(given), Some(own)) if given != own => {
                return Err(RuleError::at(
                    RuleFault::VariantConflict,
                    VARIANT_KEY,
                    format!("the rules say variant = \"{own}\", but '{given}' is asked for: name the variant once"),
                ))
            }
            (given, own) => given.or(own).unwrap_or(Variant::TEJON),
        };
        let rules = with_options(variant, &self.options)?;
        let device = device.or(self.device).unwrap_or_else(|| variant.device());
        Ok(Game {
            variant,
            device,
            rules,
        })
    }
}

/// The preset of `variant` with `options` replacing its keys, checked: a wrong value names its
/// key and what the key takes.
pub fn with_options(variant: Variant, options: &toml::Table) -> Result<Rules, RuleError> {
    let preset = preset_table(variant);
    let rules_of = |table: toml::Table| -> Result<RuleSet, toml::de::Error> {
        toml::Value::Table(table).try_into()
    };
    let mut table = preset.clone();
    table.extend(options.clone());
    let rules = match rules_of(table) {
        Ok(rules) => rules,
        Err(e) => {
            // The key at fault: the first whose value alone does not read.
            let key = options.iter().find_map(|(k, v)| {
                let mut one = preset.clone();
                one.insert(k.clone(), v.clone());
                rules_of(one).err().map(|e| (k.clone(), e))
            });
            return Err(match key {
                Some((k, e)) => {
                    RuleError::at(RuleFault::WrongValue, &k, wrong_value(&k, e.message()))
                }
                None => RuleError {
                    kind: RuleFault::WrongValue,
                    key: None,
                    message: e.message().to_string(),
                },
            });
        }
    };
    rules.check().map_err(|e| match e {
        senet_engine::rules::RulesError::Invalid { key, .. } => {
            RuleError::at(RuleFault::Invalid, key, e.to_string())
        }
        other => RuleError {
            kind: RuleFault::Invalid,
            key: None,
            message: other.to_string(),
        },
    })
}

/// The preset's options as a TOML table.
fn preset_table(variant: Variant) -> toml::Table {
    toml::Table::try_from(variant.rules()).expect("a rule set is a TOML table")
}

fn read_variant(value: toml::Value) -> Result<Variant, RuleError> {
    let id = value.as_str().unwrap_or_default();
    id.parse().map_err(|_| {
        let close = closest(id, senet_engine::variants::VARIANTS.iter().map(|v| v.id));
        RuleError::at(
            RuleFault::UnknownVariant,
            VARIANT_KEY,
            format!(
                "key 'variant': unknown variant {value}{} (known: {})",
                did_you_mean(close),
                known_ids()
            ),
        )
    })
}

fn read_device(value: toml::Value) -> Result<Device, RuleError> {
    let message = |why: String| {
        RuleError::at(
            RuleFault::Device,
            DEVICE_KEY,
            format!("key 'device': {why} (write device = {{ kind = \"sticks\", p_marked = 0.5 }}, or kind = \"coins\", \"die\" or \"d4\")"),
        )
    };
    let device: Device = value.try_into().map_err(|e: toml::de::Error| {
        message(e.message().replace("unknown variant", "unknown kind"))
    })?;
    device.validate().map_err(|e| message(e.to_string()))?;
    Ok(device)
}

/// The message for a key that is no rule option.
fn unknown_key(key: &str) -> String {
    let keys = OPTIONS.iter().map(|o| o.key);
    let close = closest(key, keys.chain([VARIANT_KEY, DEVICE_KEY]));
    format!(
        "unknown rule option '{key}'{} (docs/rules.md lists the keys)",
        did_you_mean(close)
    )
}

/// The message for a value of `key` that does not read: TOML's words ("value", not serde's
/// "variant"), what the key takes, and the closest value for a misspelt name.
fn wrong_value(key: &str, message: &str) -> String {
    let message = message.trim().replace("unknown variant", "unknown value");
    // serde names Rust's types ("expected u8"): the words a rule file's reader uses.
    let message = [
        ("expected u8", "expected a whole number from 0 to 255"),
        ("expected u32", "expected a whole number"),
        ("expected u64", "expected a whole number"),
        ("expected f64", "expected a number"),
        ("expected a boolean", "expected true or false"),
    ]
    .iter()
    .fold(message, |m, (rust, words)| m.replace(rust, words));
    let takes = key_values(key).unwrap_or_default();
    // serde lists the names it knows as `a`, `b`: the closest to the one given.
    let given = message.split('`').nth(1).unwrap_or_default();
    let names = message.split('`').skip(3).step_by(2);
    let close = message
        .starts_with("unknown value")
        .then(|| closest(given, names))
        .flatten();
    format!(
        "rule option '{key}': {message}{}; it takes {takes}",
        did_you_mean(close)
    )
}

/// The candidate closest to `word`, when it is close enough to be a likely misspelling.
fn closest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let norm = |s: &str| s.to_lowercase().replace(['_', ' '], "-");
    candidates
        .map(|c| (strsim::jaro_winkler(&norm(word), &norm(c)), c))
        .filter(|&(score, _)| score > 0.85)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

fn did_you_mean(close: Option<&str>) -> String {
    close.map_or(String::new(), |c| format!(" (did you mean '{c}'?)"))
}

/// The complete rule file of `game`, as `variants --show` prints it: a header naming the
/// preset, its source and the keys changed from it, then `variant`, `device` (with the law of
/// the throws as a comment) and every rule option. Reading it back gives the same game.
pub fn to_text(game: &Game) -> String {
    let v = game.variant;
    let info = v.info();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {v}: \"{}\" ({}; {})",
        info.title, info.language, info.source
    );
    let _ = writeln!(out, "# {}", info.summary);
    let changed = changed_keys(game);
    if !changed.is_empty() {
        let _ = writeln!(out, "# Changed from the preset: {}.", changed.join(", "));
    }
    if game.device != v.device() {
        let _ = writeln!(out, "# Device changed from the source's: {}.", v.device());
    }
    let _ = writeln!(
        out,
        "# The whole game: senet-sim play --rules FILE plays it."
    );
    let _ = writeln!(out, "{VARIANT_KEY} = \"{v}\"");
    let _ = writeln!(out, "# Throws with this device: {}.", law(game));
    let device = toml::Value::try_from(game.device).expect("a device is a TOML table");
    let _ = writeln!(out, "{DEVICE_KEY} = {device}");
    out.push_str(&toml::to_string(&game.rules).expect("a rule set is a TOML table"));
    out
}

/// The options of `game` that differ from its variant's preset, as `key = value`.
pub fn changed_keys(game: &Game) -> Vec<String> {
    let preset = preset_table(game.variant);
    let own = toml::Table::try_from(&game.rules).expect("a rule set is a TOML table");
    own.iter()
        .filter(|(k, v)| preset.get(*k) != Some(v))
        .map(|(k, v)| format!("{k} = {v}"))
        .collect()
}

/// `program` with the arguments that give `game`: `--variant`, a `--set` for each option changed
/// from the preset (quoted for a shell), `--device` (and `--p-marked`) when the device is not the
/// variant's (`senet-sim train --variant kendall --set 'protection="none"' --device sticks`).
pub(crate) fn command_for(game: &Game, program: &str) -> String {
    let mut c = format!("{program} --variant {}", game.variant);
    for kv in changed_keys(game) {
        c += &format!(" --set '{}'", kv.replace(" = ", "="));
    }
    if game.device != game.variant.device() {
        c += &format!(" --device {}", game.device.kind());
        if let Device::Sticks { p_marked } = game.device {
            c += &format!(" --p-marked {p_marked}");
        }
    }
    c
}

/// The throw values of `game` with their exact probabilities, as fractions when the device has
/// them (`1 (1/4), 2 (1/4), ...`).
fn law(game: &Game) -> String {
    throw_table(&game.rules, &game.device)
        .iter()
        .map(|&(value, p)| {
            let exact = value_fraction(&game.rules, &game.device, value)
                .map_or_else(|| format!("{p:.6}"), |(a, b)| format!("{a}/{b}"));
            format!("{value} ({exact})")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The line (1-based) where `key` is set in a rule file's `text`.
pub fn key_line(text: &str, key: &str) -> Option<usize> {
    let table: std::collections::BTreeMap<toml::Spanned<String>, toml::Value> =
        toml::from_str(text).ok()?;
    let span = table.keys().find(|k| k.get_ref() == key)?.span();
    Some(text[..span.start].matches('\n').count() + 1)
}

/// The short hash of a rule file's text: `sha256:` and the first 12 hexadecimal digits of its
/// SHA-256, as `sha256sum` prints them (`summary.csv`'s `rules_hash`: arms with the same hash
/// play the same game; the prefix keeps a spreadsheet from reading `12e4…` as a number).
pub fn hash(text: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(text.as_bytes());
    let hex: String = digest[..6].iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256:{hex}")
}
