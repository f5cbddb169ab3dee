//! Parsing a scenario computes nothing: its `optimal` players get their tables from a cache the
//! caller owns, when the caller is about to play, and that cache solves each game once.

use senet_engine::strategy::spec::{Player, StrategySpec};
use senet_simulation::cancel::Cancel;
use senet_simulation::input::scenario::Scenario;
use senet_simulation::players::Tables;
use std::path::Path;
use std::sync::Arc;

const OPTIMAL: &str = "name = \"t\"\ngames = 10\n\
[[arm]]\nname = \"best\"\nvariant = \"tejon\"\nwhite = \"optimal\"\nblack = \"optimal\"\nrules = { pawns = 2 }\n\
[[arm]]\nname = \"half\"\nvariant = \"tejon\"\nwhite = \"optimal\"\nblack = \"random\"\nrules = { pawns = 2 }\n\
[[tournament]]\nname = \"ladder\"\nvariant = \"tejon\"\nstrategies = [\"optimal\", \"random\"]\nrules = { pawns = 2 }\n";

fn table(player: &Player) -> Option<Arc<senet_engine::solve::Solution>> {
    player.table().cloned()
}

#[test]
fn parsing_solves_nothing_and_one_cache_solves_each_game_once() {
    let s = Scenario::parse(Path::new("s.toml"), OPTIMAL).unwrap();
    let optimal = [&s.arms[0].white, &s.arms[0].black, &s.arms[1].white];
    assert!(optimal
        .iter()
        .all(|o| matches!(o, StrategySpec::Optimal(_))));
    let mut tables = Tables::new();
    let s = s.resolve(&mut tables, &Cancel::new()).unwrap();
    let first = table(&s.arms[0].white).expect("resolved");
    for spec in [
        &s.arms[0].black,
        &s.arms[1].white,
        &s.tournaments[0].strategies[0],
    ] {
        assert!(Arc::ptr_eq(&first, &table(spec).unwrap()), "solved twice");
    }
    assert!(table(&s.arms[1].black).is_none(), "random has no table");
}

#[test]
fn a_cancelled_resolve_stops_with_the_arm_and_key_named() {
    let s = Scenario::parse(Path::new("s.toml"), OPTIMAL).unwrap();
    let cancel = Cancel::new();
    cancel.cancel();
    let e = s
        .resolve(&mut Tables::new(), &cancel)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("arm 1 ('best'), key 'white'") && e.contains("interrupted"),
        "{e}"
    );
}

#[test]
fn a_game_too_big_to_solve_is_refused_at_parse_with_its_line() {
    let text = OPTIMAL.replacen("pawns = 2", "pawns = 3", 1);
    let e = Scenario::parse(Path::new("s.toml"), &text).unwrap_err();
    assert_eq!(e.line, Some(6), "{e}");
    assert!(e.to_string().contains("needs a saved table"), "{e}");
}

/// A table the caller holds serves the `optimal` players of its game, whatever its size: a
/// cancelled token would stop any solve, and none is needed (`solve --strategies optimal`).
#[test]
fn a_held_table_serves_without_a_solve() {
    use senet_engine::rules::RuleSet;
    use senet_engine::throws::Device;
    use senet_engine::variants::Variant;
    use senet_simulation::exact::solve::{solve, Method, Request};
    let rules = RuleSet {
        pawns: 1,
        ..Variant::TEJON.rules().into_set()
    }
    .check()
    .unwrap();
    let request = Request {
        method: Method::Graph,
        optimal_only: true,
        ..Request::new(rules.clone(), Device::Coins)
    };
    let held = Arc::new(
        solve(&request, &Cancel::new(), &mut |_| {})
            .unwrap()
            .solution,
    );
    let cancelled = Cancel::new();
    cancelled.cancel();
    let spec: StrategySpec = "optimal".parse().unwrap();
    let mut empty = Tables::new();
    let e = empty
        .resolve(&spec, Variant::TEJON, &rules, &Device::Coins, &cancelled)
        .unwrap_err();
    assert!(e.to_string().contains("interrupted"), "{e}");
    let mut tables = Tables::new();
    tables.hold(held.clone());
    let player = tables
        .resolve(&spec, Variant::TEJON, &rules, &Device::Coins, &cancelled)
        .unwrap();
    assert!(Arc::ptr_eq(&held, &table(&player).unwrap()));
}

/// An endgame table (5 pawns of `tejon`, from 7 pawns borne off) serves a `td` player, and is
/// refused to an `optimal` player of the same game, even once the cache holds it: `optimal`
/// plays whole games, and the endgame has no value for most of their positions.
#[test]
fn an_endgame_table_serves_td_and_is_refused_to_optimal() {
    use senet_engine::variants::Variant;
    use senet_simulation::exact::solve::{solve_endgame, Request};
    use senet_simulation::exact::tablefile;
    let rules = Variant::TEJON.rules();
    let device = Variant::TEJON.device();
    let request = Request::new(rules.clone(), device);
    let end = solve_endgame(&request, 7, &Cancel::new(), &mut |_| {}).unwrap();
    assert_eq!(end.solution.values.len(), 870 + 24_360);
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("end.senet");
    tablefile::save(&end.solution, &file).unwrap();
    let file = file.to_str().unwrap();
    let loaded = tablefile::load(Path::new(file)).unwrap();
    assert_eq!(loaded.index.from_off(), 7);
    assert_eq!(loaded.values, end.solution.values);
    let mut tables = Tables::new();
    let td: StrategySpec = format!("td:endgame={file}").parse().unwrap();
    let cancel = Cancel::new();
    let td = (tables.resolve(&td, Variant::TEJON, &rules, &device, &cancel)).unwrap();
    assert_eq!(table(&td).unwrap().values, end.solution.values);
    let optimal: StrategySpec = format!("optimal:{file}").parse().unwrap();
    let e = (tables.resolve(&optimal, Variant::TEJON, &rules, &device, &cancel))
        .unwrap_err()
        .to_string();
    assert!(e.contains("holds an endgame alone"), "{e}");
    let e = senet_simulation::players::check(&optimal, Variant::TEJON, &rules, &device)
        .unwrap_err()
        .to_string();
    assert!(e.contains("at least 7 pawns borne off"), "{e}");
}
