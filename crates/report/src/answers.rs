//! A lesson's question answered first, in a sentence with its figures, before any chart: which
//! arms throw like the first (`charts = ["compare-throws"]`) and how long a game lasts
//! (`charts = ["lengths"]`).

use senet_simulation::play::runner::ArmResult;
use senet_simulation::play::stats::rate;
use senet_tables::lang::Lang;

/// Names quoted and joined: « a », « b » et « c ».
fn quote_list<'a>(names: impl Iterator<Item = &'a str>, l: Lang) -> String {
    join_words(names.map(|n| l.quote(n)).collect(), l)
}

/// Words joined: « a, b et c », "a, b and c".
fn join_words(words: Vec<String>, l: Lang) -> String {
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            let and = if l == Lang::Fr { "et" } else { "and" };
            format!("{} {and} {last}", rest.join(", "))
        }
        _ => words.join(""),
    }
}

/// Each value and its exact probability under an arm's rules and device.
fn law(r: &ArmResult) -> Vec<(u8, f64)> {
    r.throw_table()
}

/// The simulated frequency of `value` in an arm.
fn frequency(r: &ArmResult, value: u8) -> f64 {
    rate(r.stats.throws[value as usize], r.stats.total_throws())
}

/// Which arms throw as the first one does (the same exact law), and for each other arm its
/// most frequent value; then what 0 marked faces count, when a value is missing for it.
pub(super) fn compare_throws(results: &[ArmResult], l: Lang) -> String {
    let Some(first) = results.first() else {
        return String::new();
    };
    let reference = law(first);
    let same_law = |r: &ArmResult| {
        let other = law(r);
        other.len() == reference.len()
            && (other.iter().zip(&reference)).all(|(a, b)| a.0 == b.0 && (a.1 - b.1).abs() < 1e-12)
    };
    let (alike, unlike): (Vec<&ArmResult>, Vec<&ArmResult>) =
        results[1..].iter().partition(|r| same_law(r));
    // The most probable values by the exact law (ties are ties), with their simulated frequency.
    let top = |r: &ArmResult| {
        let law = law(r);
        let best = law.iter().map(|d| d.1).fold(0.0, f64::max);
        let values: Vec<u8> = (law.iter())
            .filter(|d| (d.1 - best).abs() < 1e-12)
            .map(|d| d.0)
            .collect();
        (values, best)
    };
    let (tops, _) = top(first);
    let v = tops[0];
    let f = frequency(first, v);
    let name = l.quote(&first.arm.name);
    let mut s = senet_tables::fill!(
        l.texts().r_what_simulation_answers_with,
        name,
        v,
        l.num(f, 3)
    );
    if !alike.is_empty() {
        let names = quote_list(alike.iter().map(|r| r.arm.name.as_str()), l);
        let freqs: Vec<String> = alike.iter().map(|r| l.num(frequency(r, v), 3)).collect();
        s.push(' ');
        let plural = alike.len() > 1;
        s.push_str(&match l {
            Lang::Fr => format!("{names} {} exactement comme {name} : mêmes probabilités, et des fréquences simulées presque égales (issue {v} : {}).", if plural { "se comportent" } else { "se comporte" }, freqs.join(" ; ")),
            Lang::En => format!("{names} {} exactly like {name}: the same probabilities, and nearly equal simulated frequencies (value {v}: {}).", if plural { "behave" } else { "behaves" }, freqs.join("; ")),
        });
    }
    for r in unlike {
        let (w, p) = top(r);
        let (arm, fv) = (l.quote(&r.arm.name), l.num(frequency(r, v), 3));
        let f3 = l.num(f, 3);
        s.push(' ');
        s.push_str(&match (l, w.as_slice()) {
            (Lang::Fr, [one]) if *one == v => format!("{arm}, non : l'issue {v} reste la plus fréquente, mais avec la fréquence {fv} au lieu de {f3}."),
            (Lang::En, [one]) if *one == v => format!("{arm}, no: the value {v} is still the most frequent, but with the frequency {fv} instead of {f3}."),
            (Lang::Fr, [one]) => format!("{arm}, non : l'issue la plus fréquente y est {one} (fréquence {}) ; l'issue {v} y a la fréquence {fv} au lieu de {f3}.", l.num(frequency(r, *one), 3)),
            (Lang::En, [one]) => format!("{arm}, no: its most frequent value is {one} (frequency {}); the value {v} has the frequency {fv} instead of {f3}.", l.num(frequency(r, *one), 3)),
            (Lang::Fr, many) => format!("{arm}, non : les issues {} y sont les plus fréquentes, à égalité (probabilité {} chacune) ; l'issue {v} y a la fréquence {fv} au lieu de {f3}.", join_values(many, l), l.num(p, 3)),
            (Lang::En, many) => format!("{arm}, no: its most frequent values are {}, tied (probability {} each); the value {v} has the frequency {fv} instead of {f3}.", join_values(many, l), l.num(p, 3)),
        });
    }
    let zero = first.arm.rules.throw_values[0];
    if zero != 0 && !reference.iter().any(|d| d.0 == 0) {
        s.push(' ');
        s.push_str(&senet_tables::fill!(
            l.texts().r_these_rules_0_marked,
            zero,
            zero
        ));
    }
    s
}

/// « Le premier lanceur a-t-il un avantage ? » answered first, for the first arm with an opening
/// throw-off: to start, by how often the first thrower won the throw-off; to win, by how often
/// he won the game (an advantage only when its 95 % interval leaves out one in two).
pub(super) fn first_thrower(results: &[ArmResult], l: Lang) -> String {
    let Some(r) = results.iter().find(|r| r.stats.throwoffs > 0) else {
        return String::new();
    };
    let a = &r.stats;
    let (starts, wins) = (
        rate(a.throwoff_first_thrower, a.throwoffs),
        rate(a.first_thrower_wins, a.throwoffs),
    );
    let (lo, hi) = senet_simulation::play::stats::wilson95(a.first_thrower_wins, a.throwoffs);
    let pc = |x: f64| l.num(100.0 * x, 1) + if l == Lang::Fr { "\u{a0}%" } else { "%" };
    let name = l.quote(&r.arm.name);
    let (s, w) = (pc(starts), pc(wins));
    let even = lo <= 0.5 && 0.5 <= hi;
    match (l, even) {
        (Lang::Fr, true) => format!("**Le premier lanceur a-t-il un avantage ? Pour commencer, oui ; pour gagner, non.** Avec {name}, le joueur qui lance en premier commence {s} des parties, plus d'une sur deux ; mais il n'en gagne que {w} : à peu près une sur deux, comme l'autre joueur. Commencer la partie et la gagner, ce n'est pas la même chose."),
        (Lang::En, true) => format!("**Has the first thrower an advantage? To start, yes; to win, no.** With {name}, the player who throws first starts {s} of the games, more than one in two; but wins only {w}: about one in two, like the other player. Starting the game and winning it are not the same."),
        (Lang::Fr, false) => format!("**Le premier lanceur a-t-il un avantage ? Pour commencer, oui ; pour gagner, un petit.** Avec {name}, le joueur qui lance en premier commence {s} des parties et en gagne {w}."),
        (Lang::En, false) => format!("**Has the first thrower an advantage? To start, yes; to win, a small one.** With {name}, the player who throws first starts {s} of the games and wins {w}."),
    }
}

/// Values joined: « 2 et 3 », "2 and 3".
fn join_values(values: &[u8], l: Lang) -> String {
    join_words(values.iter().map(u8::to_string).collect(), l)
}

/// Each arm's mean and median game length in words, with its quartiles.
pub(super) fn lengths(results: &[ArmResult], l: Lang) -> String {
    let mut s = String::new();
    for r in results {
        let a = &r.stats;
        let (mean, median) = (
            l.num(a.turns.mean(), 1),
            l.int(a.turns.quantile(0.5) as u64),
        );
        let (q1, q3) = (
            l.int(a.turns.quantile(0.25) as u64),
            l.int(a.turns.quantile(0.75) as u64),
        );
        let throws = l.num(a.throws_per_game.mean(), 1);
        let name = l.quote(&r.arm.name);
        let skewed = a.turns.mean() > a.turns.quantile(0.5) as f64;
        let mut line = senet_tables::fill!(
            l.texts().r_how_long_does_game,
            name,
            mean,
            throws,
            median,
            q1,
            q3
        );
        if skewed {
            line.push_str(l.texts().r_mean_above_median_since);
        }
        s.push_str(&line);
        s.push_str("\n\n");
    }
    s
}
