//! The page's three answers, as JSON: the class's counts analysed, a device's throws, a
//! variant's games.

use senet_classroom::{analyse, law, parse, Lang, Object};
use senet_engine::board::Side;
use senet_engine::game::{play_game, Silent};
use senet_engine::rules::Rules;
use senet_engine::strategy::spec::Player;
use senet_engine::throws::{
    game_seed, seeded_values, stream, value_distribution, Device, SeededThrower,
};
use senet_engine::variants::Variant;
use serde_json::{json, Value};
use std::path::Path;

/// The most throws and games one call simulates: the page's slider stops there.
pub(crate) const MAX_THROWS: u64 = 10_000_000;
/// The most games one call plays.
pub const MAX_GAMES: u64 = 1_000_000;

/// The variants' ids, in the engine's order, and the values of a class file under each.
pub fn variants() -> String {
    let all: Vec<Value> = Variant::all()
        .map(|v| json!({ "id": v.id(), "values": v.rules().possible_values() }))
        .collect();
    json!({ "ok": true, "variants": all }).to_string()
}

fn lang(id: &str) -> Lang {
    if id == "en" {
        Lang::En
    } else {
        Lang::Fr
    }
}

fn variant(id: &str) -> Result<Variant, String> {
    id.parse::<Variant>().map_err(|e| e.to_string())
}

fn refused(why: String) -> String {
    json!({ "ok": false, "error": why }).to_string()
}

/// A class's counts analysed as the report analyses them: `text` is a class file's text (a
/// header `groupe;1;2;3;4;6`, then one row a group), thrown under `variant`'s rules, compared
/// with coins and with sticks whose flat face comes up with probability `p`; the sentences in
/// `lang` (`fr` or `en`). Refused input gives `{"ok": false, "error": ...}` in that language.
pub fn class(text: &str, variant_id: &str, lang_id: &str, p: f64) -> String {
    let l = lang(lang_id);
    let v = match variant(variant_id) {
        Ok(v) => v,
        Err(e) => return refused(e),
    };
    if !(p.is_finite() && (0.0..=1.0).contains(&p)) {
        return refused(format!("p = {p}: between 0 and 1"));
    }
    let rules = v.rules();
    let values = rules.possible_values();
    let file = match parse(Path::new("classe.csv"), text.as_bytes(), &values) {
        Ok(f) => f,
        Err(senet_classroom::ClassFileError::Invalid(i)) => {
            return refused(at_group(text, &values, &i, l))
        }
        Err(e) => return refused(e.message(l)),
    };
    let percent = (p * 100.0).round();
    let (coins, sticks) = match l {
        Lang::Fr => ("pièces".to_string(), format!("bâtonnets {percent} %")),
        Lang::En => ("coins".to_string(), format!("sticks {percent}%")),
    };
    let objects = [
        Object {
            name: coins,
            law: law(&rules, &Device::Coins, &values),
        },
        Object {
            name: sticks,
            law: law(&rules, &Device::Sticks { p_marked: p }, &values),
        },
    ];
    let a = analyse(&file.class, &rules, &Device::Coins, &objects);
    let pooled: Vec<Vec<f64>> = (file.class.pooled().iter())
        .map(|c| {
            let n: u64 = c.iter().sum();
            c.iter().map(|&k| senet_classroom::rate(k, n)).collect()
        })
        .collect();
    let groups: Vec<Value> = (file.class.groups.iter())
        .map(|g| json!({ "name": g.name, "counts": g.counts }))
        .collect();
    let estimate = a.shown_estimate().map(|e| {
        json!({ "p": e.p, "low": e.interval.0, "high": e.interval.1,
                "marked": e.marked, "sticks": e.sticks, "law": e.law })
    });
    json!({
        "ok": true,
        "values": a.values,
        "groups": groups,
        "counts": a.counts,
        "throws": a.throws,
        "frequencies": a.frequencies,
        "pooled": pooled,
        "coins": objects[0].law,
        "sticks": objects[1].law,
        "equiprobable": { "p": a.equiprobable.p, "low": a.equiprobable.interval.0,
                          "high": a.equiprobable.interval.1, "rejected": a.equiprobable.rejected },
        "estimate": estimate,
        "closest": a.closest_names(),
        "answer": a.answer(l),
        "estimate_sentence": a.estimate_sentence(l),
        "closest_sentence": a.closest_sentence(l),
    })
    .to_string()
}

/// A refusal of the page's class text, placed as the page shows it: the group by its name and
/// the value by its column, not the text's line and column.
fn at_group(text: &str, values: &[u8], i: &senet_classroom::Invalid, l: Lang) -> String {
    let fault = i.fault.message(l);
    let group = (i.line.and_then(|n| text.lines().nth(n - 1)))
        .filter(|_| i.line > Some(1))
        .map(|row| row.split(';').next().unwrap_or("").trim().to_string());
    let value = (i.column.and_then(|c| c.checked_sub(2)))
        .and_then(|k| values.get(k))
        .filter(|_| i.line > Some(1));
    match (group, value, l) {
        (Some(g), Some(v), Lang::Fr) => format!("« {g} », issue {v} : {fault}"),
        (Some(g), Some(v), Lang::En) => format!("'{g}', value {v}: {fault}"),
        (Some(g), None, Lang::Fr) => format!("« {g} » : {fault}"),
        (Some(g), None, Lang::En) => format!("'{g}': {fault}"),
        (None, _, _) => fault,
    }
}

/// `n` throws of a device (`coins`, `sticks` with `p`, `die`, `d4`) read with `variant`'s
/// table, seeded as `senet-sim throws --seed SEED` is (the same counts): each value's count and
/// exact probability, and the frequencies after 10, 20, 50, 100... throws.
pub fn throws(variant_id: &str, kind: &str, p: f64, n: u64, seed: u64) -> String {
    let v = match variant(variant_id) {
        Ok(v) => v,
        Err(e) => return refused(e),
    };
    let device = match Device::parse(kind, Some(p)) {
        Ok(d) => d,
        Err(e) => return refused(e.to_string()),
    };
    if !(1..=MAX_THROWS).contains(&n) {
        return refused(format!("{n} throws: 1 to {MAX_THROWS}"));
    }
    let rules = v.rules();
    let law = value_distribution(&rules, &device);
    let mut counts = [0u64; 7];
    let mut steps = vec![];
    let mut next = 10u64;
    for (k, v) in (1..=n).zip(seeded_values(&rules, &device, seed)) {
        counts[v as usize] += 1;
        if k == next || k == n {
            let f: Vec<f64> = (law.iter())
                .map(|&(v, _)| counts[v as usize] as f64 / k as f64)
                .collect();
            steps.push(json!({ "throws": k, "frequencies": f }));
            next = checkpoint_after(next);
        }
    }
    json!({
        "ok": true,
        "device": device.to_string(),
        "values": law.iter().map(|l| l.0).collect::<Vec<_>>(),
        "theory": law.iter().map(|l| l.1).collect::<Vec<_>>(),
        "counts": law.iter().map(|l| counts[l.0 as usize]).collect::<Vec<_>>(),
        "throws": n,
        "steps": steps,
    })
    .to_string()
}

/// The checkpoint after `k` in 10, 20, 50, 100, 200, 500...
fn checkpoint_after(k: u64) -> u64 {
    let mut decade = 1;
    while decade * 10 <= k {
        decade *= 10;
    }
    match k / decade {
        1 => 2 * decade,
        2 => 5 * decade,
        _ => 10 * decade,
    }
}

/// `n` games of `variant` (its rules and device, two random players), game g seeded as arm 0
/// of a `senet-sim run` with seed `seed` (the same games): who starts, who wins, the length.
pub fn games(variant_id: &str, n: u64, seed: u64) -> String {
    let v = match variant(variant_id) {
        Ok(v) => v,
        Err(e) => return refused(e),
    };
    if !(1..=MAX_GAMES).contains(&n) {
        return refused(format!("{n} games: 1 to {MAX_GAMES}"));
    }
    let (rules, device): (Rules, Device) = (v.rules(), v.device());
    let mut players = [
        Player::random().build(&rules, &device),
        Player::random().build(&rules, &device),
    ];
    let (mut white, mut black, mut first_white, mut first_mover) = (0u64, 0u64, 0u64, 0u64);
    let (mut draws, mut unfinished, mut turns) = (0u64, 0u64, 0u64);
    let mut lengths: std::collections::BTreeMap<u32, u64> = Default::default();
    for g in 0..n {
        let s = game_seed(seed, 0, g);
        let summary = play_game(
            &rules,
            &mut players,
            &mut SeededThrower::new(&device, s),
            &mut stream(s, 2),
            &mut Silent,
        );
        first_white += (summary.first == Some(Side::White)) as u64;
        match summary.winner {
            Some(w) => {
                *if w == Side::White {
                    &mut white
                } else {
                    &mut black
                } += 1;
                first_mover += (summary.first == Some(w)) as u64;
                turns += summary.turns as u64;
                *lengths.entry(summary.turns).or_default() += 1;
            }
            None if summary.draw => draws += 1,
            None => unfinished += 1,
        }
    }
    let finished = white + black;
    json!({
        "ok": true,
        "variant": v.id(),
        "device": device.to_string(),
        "games": n,
        "seed": seed,
        "white_wins": white,
        "black_wins": black,
        "draws": draws,
        "unfinished": unfinished,
        "white_first": first_white,
        "first_mover_wins": first_mover,
        "mean_turns": if finished > 0 { turns as f64 / finished as f64 } else { 0.0 },
        "lengths": lengths.into_iter().collect::<Vec<_>>(),
    })
    .to_string()
}
