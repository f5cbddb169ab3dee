//! The game of an arm or a tournament: its variant, its rules (an `[arm.rules]` table or a rule
//! file, `rules = "FILE"` relative to the scenario) and its device, each error at its line.

use super::context::{Ctx, ScenarioError, ScenarioFault};
use crate::input::rulefile::{Game, RuleError, RuleFault, RuleTable};
use senet_engine::throws::Device;
use senet_engine::variants::{known_ids, Variant};
use serde::de::{Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::PathBuf;
use toml::Spanned;

/// A table of rule options as read, each key with its place in the file (so that an error
/// points at the key's own line).
pub(crate) type SpannedTable = BTreeMap<Spanned<String>, toml::Value>;

/// An arm's `rules`: a rule file's path, or a table of options.
pub(crate) enum FileRules {
    /// `rules = "FILE"`, relative to the scenario.
    File(String),
    /// `[arm.rules]`.
    Table(SpannedTable),
}

impl<'de> Deserialize<'de> for FileRules {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<FileRules, D::Error> {
        struct Either;
        impl<'de> Visitor<'de> for Either {
            type Value = FileRules;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a rule file (rules = \"my-rules.toml\") or a table of rule options")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<FileRules, E> {
                Ok(FileRules::File(s.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<FileRules, A::Error> {
                SpannedTable::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(FileRules::Table)
            }
        }
        d.deserialize_any(Either)
    }
}

/// A device as a scenario writes it: `device = { kind = "sticks", p_marked = 0.6 }`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileDevice {
    kind: String,
    p_marked: Option<f64>,
}

/// The table without the places of its keys.
fn plain(table: &SpannedTable) -> toml::Table {
    table
        .iter()
        .map(|(k, v)| (k.get_ref().clone(), v.clone()))
        .collect()
}

/// The span of `key` in `table`, else `whole`.
fn key_span(table: &SpannedTable, key: Option<&str>, whole: Range<usize>) -> Range<usize> {
    key.and_then(|k| table.keys().find(|s| s.get_ref() == k))
        .map_or(whole, |s| s.span())
}

/// The variant, rules and device of an arm or a tournament (`which` names it in messages):
/// the arm's `variant` and `device` over its rules' own.
pub(crate) fn game_setup(
    cx: &Ctx,
    which: &str,
    variant: Option<&Spanned<String>>,
    rules: Option<&Spanned<FileRules>>,
    device: Option<&Spanned<FileDevice>>,
) -> Result<Game, ScenarioError> {
    let id = variant
        .map(|v| {
            v.get_ref().parse::<Variant>().map_err(|_| {
                cx.err(
                    ScenarioFault::Rules(RuleFault::UnknownVariant),
                    Some(v.span()),
                    format!(
                        "{which}, key 'variant': unknown variant '{}' (known: {})",
                        v.get_ref(),
                        known_ids()
                    ),
                )
                .with_key("variant")
            })
        })
        .transpose()?;
    let device = device
        .map(|d| {
            let dev = d.get_ref();
            Device::parse(&dev.kind, dev.p_marked).map_err(|e| {
                cx.err(
                    ScenarioFault::Rules(RuleFault::Device),
                    Some(d.span()),
                    format!("{which}, key 'device': {e}"),
                )
                .with_key("device")
            })
        })
        .transpose()?;
    let Some(rules) = rules else {
        let Some(id) = id else {
            return Err(missing_variant(cx, which));
        };
        return Ok(RuleTable::default()
            .game(Some(id), device)
            .expect("a preset"));
    };
    match rules.get_ref() {
        FileRules::Table(t) => {
            let at = |e: RuleError| {
                let span = key_span(t, e.key.as_deref(), rules.span());
                let err = cx.err(
                    ScenarioFault::Rules(e.kind),
                    Some(span),
                    format!("{which}, table 'rules': {e}"),
                );
                ScenarioError { key: e.key, ..err }
            };
            let table = RuleTable::read(plain(t)).map_err(at)?;
            if id.is_none() && table.variant.is_none() {
                return Err(missing_variant(cx, which));
            }
            table.game(id, device).map_err(at)
        }
        FileRules::File(name) => {
            let file = cx.path.parent().unwrap_or(cx.path).join(name);
            rule_file(cx, which, &file, rules.span(), id, device)
        }
    }
}

/// An arm's rule file (`rules = "FILE"`): read, its errors at their line in that file.
fn rule_file(
    cx: &Ctx,
    which: &str,
    file: &PathBuf,
    span: Range<usize>,
    id: Option<Variant>,
    device: Option<Device>,
) -> Result<Game, ScenarioError> {
    let text = crate::input::read_text(file, crate::input::MAX_TEXT).map_err(|e| {
        cx.err(
            ScenarioFault::Read,
            Some(span.clone()),
            format!("{which}, key 'rules': cannot read {}: {e}", file.display()),
        )
        .with_key("rules")
    })?;
    let inner = Ctx {
        path: file,
        text: &text,
    };
    let at = |e: RuleError| {
        let line = e
            .key
            .as_deref()
            .and_then(|k| crate::input::rulefile::key_line(&text, k));
        let err = inner.err(
            ScenarioFault::Rules(e.kind),
            None,
            format!("{e} (the rules of {which})"),
        );
        ScenarioError {
            line,
            key: e.key,
            ..err
        }
    };
    let table =
        RuleTable::parse(&text).map_err(|e| match toml::from_str::<toml::Table>(&text) {
            Err(toml) => inner.toml(toml),
            Ok(_) => at(e),
        })?;
    if id.is_none() && table.variant.is_none() {
        return Err(cx.err(
            ScenarioFault::Missing,
            Some(span),
            format!(
                "{which}: neither the arm nor its rule file {} names a variant (variant = \"ID\")",
                file.display()
            ),
        ));
    }
    table.game(id, device).map_err(at)
}

fn missing_variant(cx: &Ctx, which: &str) -> ScenarioError {
    cx.err(
        ScenarioFault::Missing,
        None,
        format!(
            "{which}, key 'variant' is missing (one of {}, or a rule file that names one)",
            known_ids()
        ),
    )
    .with_key("variant")
}
