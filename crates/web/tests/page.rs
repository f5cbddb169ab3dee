//! The page's answers are the library's and the command line's: the class analysed as the
//! report analyses it, throws and games from the same seeds as `senet-sim`.

use senet_engine::board::Side;
use serde_json::Value;

fn json(text: String) -> Value {
    serde_json::from_str(&text).unwrap()
}

/// Eight groups of sticks that fall flat about 6 times in 10 (the biased fixture's first rows).
const CLASS: &str = "groupe;1;2;3;4;6\nA;8;17;15;8;2\nB;7;18;16;7;2\nC;6;20;14;9;1\n";

#[test]
fn the_class_is_analysed_as_the_report_analyses_it() {
    let a = json(senet_web::class(CLASS, "tejon", "fr", 0.6));
    assert_eq!(a["ok"], true, "{a}");
    assert_eq!(a["throws"], 150);
    assert_eq!(a["counts"], serde_json::json!([21, 55, 45, 24, 5]));
    let f = a["frequencies"].as_array().unwrap();
    assert!((f[1].as_f64().unwrap() - 55.0 / 150.0).abs() < 1e-15);
    // The curve: one point a group pooled, the last the class's frequencies.
    assert_eq!(a["pooled"].as_array().unwrap().len(), 3);
    assert_eq!(a["pooled"][2], a["frequencies"]);
    // p̂ = flat faces / 4n, as the report computes it (the same library function).
    let rules = senet_engine::variants::Variant::TEJON.rules();
    let values = rules.possible_values();
    let file = senet_classroom::parse(std::path::Path::new("c.csv"), CLASS.as_bytes(), &values);
    let lib = senet_classroom::analyse(
        &file.unwrap().class,
        &rules,
        &senet_engine::throws::Device::Coins,
        &[],
    );
    let e = lib.estimate.clone().unwrap();
    assert_eq!(a["estimate"]["marked"], e.marked);
    assert_eq!(a["estimate"]["p"].as_f64().unwrap(), e.p);
    assert_eq!(
        a["answer"].as_str().unwrap(),
        lib.answer(senet_classroom::Lang::Fr)
    );
    assert!(
        a["closest"][0]
            .as_str()
            .unwrap()
            .starts_with("bâtonnets 60"),
        "{a}"
    );
    // Refused input says why, in the page's language, naming the line.
    let bad = json(senet_web::class(
        "groupe;1;2;3;4;6\nA;8;17;x;8;2\n",
        "tejon",
        "fr",
        0.6,
    ));
    assert_eq!(bad["ok"], false);
    assert_eq!(
        bad["error"].as_str().unwrap(),
        "« A », issue 3 : « x » n'est pas un effectif (un nombre entier de lancers, 0 ou plus)"
    );
}

#[test]
fn throws_are_senet_sims_for_the_same_seed() {
    use senet_engine::throws::{game_seed, Device, SeededThrower, Thrower};
    let t = json(senet_web::throws("tejon", "sticks", 0.6, 100_000, 7));
    let rules = senet_engine::variants::Variant::TEJON.rules();
    let mut thrower = SeededThrower::new(&Device::Sticks { p_marked: 0.6 }, game_seed(7, 0, 0));
    let mut counts = [0u64; 7];
    for _ in 0..100_000 {
        counts[rules.throw_values[thrower.throw_marked() as usize] as usize] += 1;
    }
    let values: Vec<u64> = t["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let page: Vec<u64> = t["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(
        page,
        values
            .iter()
            .map(|&v| counts[v as usize])
            .collect::<Vec<_>>()
    );
    let steps = t["steps"].as_array().unwrap();
    let at: Vec<u64> = steps
        .iter()
        .map(|s| s["throws"].as_u64().unwrap())
        .collect();
    assert_eq!(at[..4], [10, 20, 50, 100]);
    assert_eq!(*at.last().unwrap(), 100_000);
}

#[test]
fn games_are_the_runs_for_the_same_seed() {
    use senet_simulation::input::scenario::Arm;
    let g = json(senet_web::games("kendall", 500, 11));
    let arm = Arm::preset("a", senet_engine::variants::Variant::KENDALL);
    let run = senet_simulation::play::runner::first_games(&arm, 0, 11, 500);
    let white = run
        .iter()
        .filter(|(_, s)| s.winner == Some(Side::White))
        .count() as u64;
    let first = run
        .iter()
        .filter(|(_, s)| s.winner.is_some() && s.winner == s.first)
        .count() as u64;
    assert_eq!(g["white_wins"].as_u64().unwrap(), white);
    assert_eq!(g["first_mover_wins"].as_u64().unwrap(), first);
    let turns: u64 = run
        .iter()
        .filter(|(_, s)| s.winner.is_some())
        .map(|(_, s)| s.turns as u64)
        .sum();
    let finished = run.iter().filter(|(_, s)| s.winner.is_some()).count() as f64;
    assert!((g["mean_turns"].as_f64().unwrap() - turns as f64 / finished).abs() < 1e-9);
    assert_eq!(json(senet_web::games("nope", 5, 1))["ok"], false);
    assert_eq!(json(senet_web::games("tejon", 0, 1))["ok"], false);
}
