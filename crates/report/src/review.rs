//! The printable page of a reviewed game (`review.html`, beside `review.csv`): the game's
//! header, each side's luck, errors and rating, the key moves, the chart of white's chance
//! and every throw graded, rendered from memory (the chart's SVG as the canvas keeps it).

use senet_simulation::exact::review::{totals, Grade, Step};
use senet_tables::describe::{describe, describe_fr};
use senet_tables::lang::Lang;
use std::fmt::Write;

/// The decisions that gave away the most, worst first (at most `n`, each worse than best).
pub fn key_moves(steps: &[Step], n: usize) -> Vec<usize> {
    let mut graded: Vec<usize> = (0..steps.len())
        .filter(|&i| steps[i].grade().is_some_and(|g| g > Grade::Best))
        .collect();
    graded.sort_by(|&a, &b| {
        steps[b]
            .error()
            .total_cmp(&steps[a].error())
            .then(a.cmp(&b))
    });
    graded.truncate(n);
    graded
}

/// Escapes `<`, `>`, `&` and `"` for HTML text.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A chance as a percentage to one decimal, in the language's numbers.
fn pct(x: f64, l: Lang) -> String {
    l.pct_with(x, 1)
}

/// The page: `header` (the game's line), the chart's SVG, then the tables.
pub fn page(header: &str, steps: &[Step], svg: Option<&str>, l: Lang) -> String {
    let fr = l == Lang::Fr;
    let say = |m: &senet_engine::movegen::Move| if fr { describe_fr(m) } else { describe(m) };
    let grade = |g: Grade| {
        let name = if fr { g.name_fr() } else { g.name() };
        format!("{name} {}", g.mark()).trim_end().to_string()
    };
    let t = |en: &'static str, fr_text: &'static str| if fr { fr_text } else { en };
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n{CSS}</style>\n</head>\n<body>\n<h1>{}</h1>\n<p class=\"game\">{}</p>\n",
        l.code(),
        t("Game review", "Revue de partie"),
        t("Game review", "Revue de partie"),
        esc(header)
    );
    let _ = write!(
        h,
        "<table>\n<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>\n",
        t("side", "camp"),
        t("luck", "chance aux lancers"),
        t("errors", "erreurs"),
        t("decisions", "décisions"),
        t("rating (PR) [95%]", "note (PR) [95 %]"),
        t("grades", "appréciations")
    );
    for (name, s) in [t("white", "blancs"), t("black", "noirs")]
        .iter()
        .zip(totals(steps))
    {
        let rating = s.rating().map_or("-".to_string(), |(r, (lo, hi))| {
            format!("{} [{}, {}]", l.num(r, 1), l.num(lo, 1), l.num(hi, 1))
        });
        let grades: Vec<String> = (Grade::ALL.iter().zip(s.grades))
            .filter(|(_, n)| *n > 0)
            .map(|(g, n)| format!("{n} {}", grade(*g)))
            .collect();
        let _ = writeln!(
            h,
            "<tr><td>{name}</td><td>{}</td><td>{}</td><td>{}</td><td>{rating}</td><td>{}</td></tr>",
            pct(s.luck, l),
            pct(s.error, l),
            s.decisions,
            esc(&grades.join(", "))
        );
    }
    h.push_str("</table>\n");
    let keys = key_moves(steps, 3);
    if !keys.is_empty() {
        let _ = writeln!(h, "<h2>{}</h2>\n<ol>", t("Key moves", "Coups décisifs"));
        for &i in &keys {
            let s = &steps[i];
            let (best, loss) = s.graded.expect("a key move is graded");
            let played = s.played.as_ref().map(say).unwrap_or_default();
            let _ = writeln!(
                h,
                "<li>{} {}, {} {}: {} — {} {} ({} {})</li>",
                t("throw", "lancer"),
                i + 1,
                side(s, fr),
                s.throw,
                esc(&played),
                esc(&grade(Grade::of(loss))),
                pct(loss, l),
                t("best:", "meilleur :"),
                esc(&say(&best))
            );
        }
        h.push_str("</ol>\n");
    }
    if let Some(svg) = svg {
        let _ = writeln!(h, "<figure>{svg}</figure>");
    }
    let _ = write!(
        h,
        "<h2>{}</h2>\n<table class=\"throws\">\n<tr><th>#</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>\n",
        t("Every throw", "Tous les lancers"),
        t("side", "camp"),
        t("throw", "lancer"),
        t("move", "coup"),
        t("white's chance", "chance des blancs"),
        t("luck", "chance au lancer"),
        t("grade", "appréciation"),
        t("best move", "meilleur coup")
    );
    for (k, s) in steps.iter().enumerate() {
        let played = s
            .played
            .as_ref()
            .map_or_else(|| t("no legal move", "aucun coup").to_string(), say);
        let (graded, best) = match s.graded {
            Some((best, loss)) => (
                format!("{} ({})", grade(Grade::of(loss)), pct(loss, l)),
                if loss > 1e-6 {
                    say(&best)
                } else {
                    String::new()
                },
            ),
            None => (String::new(), String::new()),
        };
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            k + 1,
            side(s, fr),
            s.throw,
            esc(&played),
            pct(s.white_chance, l),
            pct(s.luck, l),
            esc(&graded),
            esc(&best)
        );
    }
    h.push_str("</table>\n</body>\n</html>\n");
    h
}

/// The thrower's name.
fn side(s: &Step, fr: bool) -> &'static str {
    match (s.side, fr) {
        (senet_engine::board::Side::White, false) => "white",
        (senet_engine::board::Side::Black, false) => "black",
        (senet_engine::board::Side::White, true) => "blancs",
        (senet_engine::board::Side::Black, true) => "noirs",
    }
}

/// A page that prints on A4 as it shows on a screen.
const CSS: &str = "body { font-family: 'DejaVu Sans', sans-serif; max-width: 60em; margin: 1em auto; padding: 0 1em; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.2em; }
table { border-collapse: collapse; margin: 0.5em 0; font-size: 0.9em; }
th, td { border: 1px solid #bbb; padding: 0.15em 0.5em; text-align: left; }
.throws td:nth-child(1), .throws td:nth-child(3), .throws td:nth-child(5), .throws td:nth-child(6) { text-align: right; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }
@media print { body { max-width: none; margin: 0; } tr { break-inside: avoid; } figure { break-inside: avoid; } }
";
