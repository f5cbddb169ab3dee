//! A class's report keeps troisième on its main path: « La question » gives percentages and
//! exact values, and what is taught at lycée (95 % intervals, the geometric law, expected
//! values, log axes) goes under « Pour aller plus loin (lycée) », after it and not printed with
//! it. This module writes that section and keeps file names out of the pupils' text.

use super::interval::{holds, pct};
use senet_tables::lang::Lang;
use std::fmt::Write as _;

/// The heading of the lycée section.
pub(super) fn title(l: Lang) -> &'static str {
    l.texts().r_going_further_lyc_e
}

/// A simulated frequency the lycée section gives with its 95 % interval: `k` of `n`, what it
/// counts, and the exact probability when there is one.
pub(super) struct Check {
    /// What is counted, as a pupil reads it (« qui commence, « pièces » »).
    pub what: String,
    /// The successes.
    pub k: u64,
    /// The trials.
    pub n: u64,
    /// The exact probability, shown as given (4/7 ≈ 0,5714), and its value.
    pub exact: Option<(String, f64)>,
}

/// The section: its heading, `before` (sentences and charts), then each check with its
/// interval and what twenty runs would give. Empty when there is nothing to say.
pub(super) fn section(before: &str, checks: &[Check], l: Lang) -> String {
    if before.is_empty() && checks.is_empty() {
        return String::new();
    }
    let mut m = format!("## {}\n\n", title(l));
    m.push_str(before);
    if checks.is_empty() {
        return m;
    }
    let _ = writeln!(m, "{}\n", l.texts().r_95_confidence_intervals_each);
    let (mut hits, mut exact, mut missed) = (0, 0, Vec::new());
    for c in checks {
        let _ = write!(m, "- {} : {}", c.what, pct(c.k, c.n, l));
        if let Some((shown, p)) = &c.exact {
            let inside = holds(c.k, c.n, *p);
            exact += 1;
            if inside {
                hits += 1;
            } else {
                missed.push(c.what.clone());
            }
            let word = match (inside, l) {
                (true, Lang::Fr) => "contient",
                (false, Lang::Fr) => "ne contient pas",
                (true, Lang::En) => "holds",
                (false, Lang::En) => "misses",
            };
            let _ = write!(
                m,
                "{}",
                senet_tables::fill!(l.texts().r_interval_exact_probability, word, shown)
            );
        }
        m.push_str(".\n");
    }
    m.push('\n');
    if exact > 0 {
        let _ = writeln!(m, "{}\n", twenty_runs(hits, exact, &missed, l));
    }
    m
}

/// What a 95 % interval promises, said as twenty runs of which about one misses, and what
/// this run's intervals did.
fn twenty_runs(hits: usize, of: usize, missed: &[String], l: Lang) -> String {
    let mut s = match l {
        Lang::Fr => format!(
            "Refaire la simulation vingt fois avec d'autres graines donnerait vingt intervalles : environ dix-neuf contiendraient la probabilité exacte et environ un la manquerait, par le seul hasard des lancers. Ici, {hits} intervalle{} sur {of} la contien{}.",
            if hits > 1 { "s" } else { "" },
            if hits > 1 { "nent" } else { "t" }
        ),
        Lang::En => format!(
            "Running the simulation twenty times with other seeds would give twenty intervals: about nineteen would hold the exact probability and about one would miss it, by the luck of the throws alone. Here {hits} interval{} of {of} hold{} it.",
            if hits == 1 { "" } else { "s" },
            if hits == 1 { "s" } else { "" }
        ),
    };
    if !missed.is_empty() {
        let (list, one) = (missed.join(" ; "), missed.len() == 1);
        let _ = write!(s, " {}", match (l, one) {
            (Lang::Fr, true) => format!("Celui qui la manque ({list}) est ce « un sur vingt », pas une erreur de calcul : avec une autre graine ou plus de parties, la fréquence se rapproche de nouveau de la probabilité exacte."),
            (Lang::Fr, false) => format!("Ceux qui la manquent ({list}) sont ces « un sur vingt », pas une erreur de calcul : avec une autre graine ou plus de parties, les fréquences se rapprochent de nouveau des probabilités exactes."),
            (Lang::En, _) => format!("The one{} that miss{} it ({list}) {} the « one in twenty », not an error in the calculation: with another seed or more games the frequency comes close to the exact probability again.", if one { "" } else { "s" }, if one { "es" } else { "" }, if one { "is" } else { "are" }),
        });
    }
    s
}

/// `text` without its parentheses that name a file (« (`lengths.csv` donne toutes les
/// durées) »): the pupils' text names no file; the teacher's part, after it, does.
pub(super) fn without_files(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("(`") {
        let Some(len) = rest[i..].find(')') else {
            break;
        };
        let inside = &rest[i..i + len];
        let names_file = [".csv`", ".png`", ".toml`", ".senet`"]
            .iter()
            .any(|ext| inside.contains(ext));
        let kept = if names_file {
            &rest[..i]
        } else {
            &rest[..i + len + 1]
        };
        out.push_str(if names_file {
            kept.trim_end_matches(' ')
        } else {
            kept
        });
        rest = &rest[i + len + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_leave_the_pupils_text_and_other_parentheses_stay() {
        let s = "Durée (au plus, par configuration) ; dessinées (`lengths.csv` donne toutes les durées). La partie résolue (`exact/solution.csv`) : oui (`x`).";
        assert_eq!(
            without_files(s),
            "Durée (au plus, par configuration) ; dessinées. La partie résolue : oui (`x`)."
        );
    }

    #[test]
    fn the_twenty_runs_count_the_intervals_that_hold_the_exact_value() {
        let checks = [
            // 57,3 % of 50 000 against 4/7: inside.
            Check {
                what: "a".into(),
                k: 28_673,
                n: 50_000,
                exact: Some(("4/7".into(), 4.0 / 7.0)),
            },
            // 52,8 % of 50 000 against 0,5196: 3.7 standard errors off.
            Check {
                what: "« b »".into(),
                k: 26_392,
                n: 50_000,
                exact: Some(("0,5196".into(), 0.5196)),
            },
            Check {
                what: "c".into(),
                k: 10,
                n: 20,
                exact: None,
            },
        ];
        let m = section("", &checks, Lang::Fr);
        assert!(m.starts_with("## Pour aller plus loin (lycée)\n"), "{m}");
        assert!(m.contains("- a : 57,3"), "{m}");
        assert!(
            m.contains("l'intervalle contient la probabilité exacte 4/7"),
            "{m}"
        );
        assert!(
            m.contains("l'intervalle ne contient pas la probabilité exacte 0,5196"),
            "{m}"
        );
        assert!(m.contains("Ici, 1 intervalle sur 2 la contient. Celui qui la manque (« b ») est ce « un sur vingt »"), "{m}");
        assert_eq!(section("", &[], Lang::Fr), "");
    }
}
