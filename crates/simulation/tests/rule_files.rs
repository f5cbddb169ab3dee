//! Rule files are the whole game: over the registry and over random valid rule sets (every key
//! drawn freely, a key `validate` refuses put back to its preset value), the file written,
//! read and written again is the same text, the game read back is the same game, and a
//! seeded game plays the same throws with it.

use proptest::prelude::*;
use senet_engine::game::play_game;
use senet_engine::options::{key_values, OPTIONS};
use senet_engine::strategy::{RandomStrategy, Strategy};
use senet_engine::throws::{stream, Device, SeededThrower};
use senet_engine::variants::Variant;
use senet_simulation::input::rulefile::{to_text, with_options, Game, RuleTable};

/// A value for `key` drawn from `r` (a few random words), of the type the key takes.
fn value_of(key: &str, r: &[u64]) -> toml::Value {
    let takes = key_values(key).unwrap();
    let list = |max: u64, p_in_8: u64| -> toml::Value {
        let items = (1..=max).filter(|i| (r[0] >> (2 * i)) % 8 < p_in_8);
        toml::Value::Array(items.map(|i| toml::Value::Integer(i as i64)).collect())
    };
    let int = |n: u64| toml::Value::Integer(n as i64);
    match key {
        "pawns" => int(1 + r[0] % 10),
        "throw_values" => toml::Value::Array((0..5).map(|k| int(1 + r[k] % 6)).collect()),
        "return_square" => int(1 + r[0] % 30),
        "max_turns" => int(50 + r[0] % 250),
        _ if takes.starts_with("true") => toml::Value::Boolean(r[0].is_multiple_of(2)),
        _ if takes.starts_with("a list of squares") => list(30, 1),
        _ if takes.starts_with("a list of throw values") => list(6, 3),
        _ if takes.starts_with("a square") => int(if r[0].is_multiple_of(3) {
            0
        } else {
            1 + r[1] % 30
        }),
        _ if takes.starts_with("a throw value") => int(if r[0].is_multiple_of(3) {
            0
        } else {
            1 + r[1] % 6
        }),
        _ => {
            // An enum: one of the quoted names the key lists.
            let names: Vec<&str> = takes.split('"').skip(1).step_by(2).collect();
            toml::Value::String(names[(r[0] % names.len() as u64) as usize].to_string())
        }
    }
}

/// A random valid game: a preset with every key drawn, the ones `validate` refuses put back.
fn game_from(variant: u64, device: u64, words: &[u64]) -> Game {
    let variant = Variant::all().nth((variant % 9) as usize).unwrap();
    let mut table: toml::Table = OPTIONS
        .iter()
        .enumerate()
        .map(|(i, o)| (o.key.to_string(), value_of(o.key, &words[i..i + 5])))
        .collect();
    let mut tries = 0;
    let rules = loop {
        tries += 1;
        if tries > 200 {
            table.clear(); // the preset itself: never reached by the draws seen so far
        }
        match with_options(variant, &table) {
            Ok(rules) => break rules,
            Err(e) => {
                let key = e.key.clone().expect("a refused rule set names its key");
                repair(&mut table, &key, &e.message);
            }
        }
    };
    let device = match device % 4 {
        0 => Device::Sticks {
            p_marked: (device % 101) as f64 / 100.0,
        },
        1 => Device::Coins,
        2 => Device::Die,
        _ => Device::D4,
    };
    Game {
        variant,
        device,
        rules,
    }
}

/// Puts back what makes `key` refused: the key's own draw (its preset value then holds), else
/// the key set to its "none" (false, [], 0) when the preset's value is what conflicts, else the
/// draw of another key the message names.
fn repair(table: &mut toml::Table, key: &str, message: &str) {
    if table.remove(key).is_some() {
        return;
    }
    let takes = key_values(key).unwrap();
    let none = if takes.starts_with("true") {
        Some(toml::Value::Boolean(false))
    } else if takes.starts_with("a list") {
        Some(toml::Value::Array(vec![]))
    } else if takes.ends_with("or 0 for none") {
        Some(toml::Value::Integer(0))
    } else {
        None
    };
    if let Some(v) = none {
        table.insert(key.to_string(), v);
        return;
    }
    let other = OPTIONS
        .iter()
        .map(|o| o.key)
        .find(|k| *k != key && message.contains(k) && table.contains_key(*k));
    let other = other.unwrap_or_else(|| panic!("{key}: {message}"));
    table.remove(other);
}

/// One seeded game of random players.
fn played(game: &Game, seed: u64) -> senet_engine::game::GameSummary {
    let mut players: [Box<dyn Strategy>; 2] = [Box::new(RandomStrategy), Box::new(RandomStrategy)];
    play_game(
        &game.rules,
        &mut players,
        &mut SeededThrower::new(&game.device, seed),
        &mut stream(seed, 2),
        &mut senet_engine::game::Silent,
    )
}

/// Written, read and written again: the same text and the same game, playing the same games.
fn round_trip(game: &Game) {
    let text = to_text(game);
    let back = RuleTable::parse(&text).unwrap().game(None, None).unwrap();
    assert_eq!(&back, game, "{text}");
    assert_eq!(to_text(&back), text);
    for seed in 1..=3 {
        assert_eq!(played(&back, seed), played(game, seed));
    }
}

#[test]
fn every_preset_is_a_rule_file_that_reads_back() {
    for variant in Variant::all() {
        round_trip(&Game {
            variant,
            device: variant.device(),
            rules: variant.rules(),
        });
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn random_rule_files_read_back(
        variant in any::<u64>(),
        device in any::<u64>(),
        words in proptest::collection::vec(any::<u64>(), OPTIONS.len() + 5),
    ) {
        round_trip(&game_from(variant, device, &words));
    }
}

#[test]
fn the_generator_changes_many_keys() {
    // Not a test that cannot fail: the repair must leave most drawn keys in place, or the
    // property above would only see presets.
    let words: Vec<u64> = (0..OPTIONS.len() as u64 + 5)
        .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .collect();
    let game = game_from(4, 5, &words);
    let changed = senet_simulation::input::rulefile::changed_keys(&game);
    assert!(changed.len() >= 10, "{changed:?}");
}

#[test]
fn the_key_list_is_the_rule_sets_and_the_docs() {
    // OPTIONS (the one list of rule options) lists the rule set's keys in the order a rule file
    // writes them, and docs/rules.md's key table lists the same keys.
    let written: Vec<String> = toml::to_string(&Variant::TEJON.rules())
        .unwrap()
        .lines()
        .filter_map(|l| l.split_once(" = ").map(|(k, _)| k.to_string()))
        .collect();
    let listed: Vec<&str> = OPTIONS.iter().map(|o| o.key).collect();
    assert_eq!(written, listed);
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/rules.md"))
        .unwrap();
    let table = docs.split("## The option keys").nth(1).unwrap();
    let table = table.split("\n\n").nth(1).unwrap();
    let documented: Vec<&str> = table
        .lines()
        .filter_map(|l| l.strip_prefix("| "))
        .filter_map(|l| l.split(" | ").next())
        .flat_map(|cell| cell.split(", "))
        .filter_map(|k| k.strip_prefix('`')?.strip_suffix('`'))
        .collect();
    assert_eq!(documented, listed);
}

/// Every fault of a rule table has its kind and its key as fields, for a caller to match.
#[test]
fn a_rule_error_says_its_kind_and_key() {
    use senet_simulation::input::rulefile::RuleFault as F;
    let tejon = Some(Variant::TEJON);
    let cases = [
        ("pawns = = 3", None, F::Syntax, None),
        ("pawn = 3", None, F::UnknownKey, Some("pawn")),
        (
            "variant = \"senat\"",
            None,
            F::UnknownVariant,
            Some("variant"),
        ),
        (
            "device = { kind = \"dice\" }",
            None,
            F::Device,
            Some("device"),
        ),
        ("capture = \"eat\"", tejon, F::WrongValue, Some("capture")),
        (
            "residual_points = true",
            tejon,
            F::Invalid,
            Some("residual_points"),
        ),
        (
            "variant = \"kendall\"",
            tejon,
            F::VariantConflict,
            Some("variant"),
        ),
    ];
    for (text, variant, kind, key) in cases {
        let e = RuleTable::parse(text)
            .and_then(|t| t.game(variant, None))
            .unwrap_err();
        assert_eq!((e.kind, e.key.as_deref()), (kind, key), "{text}: {e}");
    }
}
