//! The class's counts typed in class: a form in a lesson's `report.html` (plain JavaScript, no
//! network) with one row per group, where the teacher types what each group dictates and the
//! class sees its totals, frequencies, the verdict « équiprobable ou non ? », the sticks'
//! estimated probability, the bars beside the simulation and the group-after-group curve. The
//! counts are kept in the browser (`localStorage`) across reloads and when the comparison is
//! switched; a count that is not a whole number is refused beside its box, in the report's
//! language. The sentences are `senet_classroom`'s templates, filled in the page.
//!
//! `report.md` holds the marker [`MARKER`] where the form goes; `report.html` replaces it. The
//! counts can also come in the page's address (`report.html#classe=99,137,107,28,29`, in the
//! order of the values; groups separated by `;`), so that a link or a test opens the page with
//! them drawn.

use crate::lang::{t, Lang};
use senet_simulation::play::runner::ArmResult;
use senet_simulation::play::stats::rate;
use std::fmt::Write as _;

/// Where the form goes in `report.md` (an HTML comment: invisible in the markdown).
pub const MARKER: &str = "<!-- senet-sim:class-form -->";

/// What the form needs beyond the arms: where it keeps the counts, and how many marked faces
/// each value counts (for the estimate; `None` when the device is not four sticks or coins).
pub struct FormSetup<'a> {
    /// The scenario's name: the browser keeps each lesson's counts apart.
    pub name: &'a str,
    /// The class arm's values and their marked faces.
    pub faces: Option<(Vec<u8>, Vec<u8>)>,
}

/// The form's HTML, with each arm's values, simulated frequencies and exact law as data.
pub fn form(results: &[ArmResult], setup: &FormSetup, l: Lang) -> String {
    let mut data = String::from("[");
    for (i, r) in results.iter().enumerate() {
        let law = r.throw_table();
        let n = r.stats.total_throws();
        let list =
            |f: &dyn Fn(&(u8, f64)) -> String| law.iter().map(f).collect::<Vec<_>>().join(",");
        let _ = write!(
            data,
            "{}{{\"arm\":{},\"values\":[{}],\"sim\":[{}],\"exact\":[{}]}}",
            if i > 0 { "," } else { "" },
            json_string(&r.arm.name),
            list(&|d| d.0.to_string()),
            list(&|d| format!("{:.6}", rate(r.stats.throws[d.0 as usize], n))),
            list(&|d| format!("{:.6}", d.1)),
        );
    }
    data.push(']');
    let numbers = |v: &[u8]| v.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
    let faces = match &setup.faces {
        Some((_, faces)) => format!("[{}]", numbers(faces)),
        None => "null".into(),
    };
    let cl = senet_classroom::Lang::from(l);
    let templates: Vec<String> = (senet_classroom::sentences::templates(cl).iter())
        .map(|(k, v)| format!("{}:{}", json_string(k), json_string(v)))
        .collect();
    let setup_json = format!(
        "{{\"key\":{},\"faces\":{faces},\"templates\":{{{}}},\"words\":{}}}",
        json_string(&format!("senet-sim:classe:{}", setup.name)),
        templates.join(","),
        words(l),
    );
    format!(
        "<section id=\"class-form\" class=\"live\">\n<h3>{}</h3>\n<p class=\"hint\">{}</p>\n\
         <p><label>{} <select id=\"class-arm\"></select></label> \
         <button type=\"button\" id=\"class-add\">{}</button> \
         <button type=\"button\" id=\"class-clear\">{}</button></p>\n\
         <div class=\"grid\"><div><table id=\"class-table\"><thead></thead><tbody></tbody><tfoot></tfoot></table>\n\
         <p id=\"class-errors\" class=\"refused\"></p></div>\n<div id=\"class-summary\"></div></div>\n\
         <div class=\"charts\"><div id=\"class-chart\"></div><div id=\"class-curve\"></div></div>\n\
         </section>\n<script>\nconst CLASS_DATA = {data};\nconst CLASS_FORM = {setup_json};\n\
         {SCRIPT}</script>\n",
        t(l, "The class's counts, live", "Les effectifs de la classe, en direct"),
        t(l,
          "Type each group's counts as it reads them from its sheet: the totals, the frequencies, the answer and the charts follow as you type. The counts stay in this browser (a reload keeps them); nothing leaves this page.",
          "Taper les effectifs de chaque groupe quand il les lit sur sa fiche : les totaux, les fréquences, la réponse et les graphiques suivent la saisie. Les effectifs restent dans ce navigateur (recharger la page les garde) ; rien ne quitte cette page."),
        t(l, "Compared with:", "Comparer avec :"),
        t(l, "+ a group", "+ un groupe"),
        t(l, "Clear all", "Tout effacer"),
    )
}

/// The form's words, as a JSON object.
fn words(l: Lang) -> String {
    let pairs = [
        ("value", t(l, "value", "issue")),
        ("group", t(l, "Group", "Groupe")),
        ("name", t(l, "group", "groupe")),
        ("total", t(l, "total", "total")),
        ("all", t(l, "the class", "la classe")),
        ("freq", t(l, "frequency", "fréquence")),
        ("class", t(l, "the class", "la classe")),
        ("sim", t(l, "simulation", "simulation")),
        ("exact", t(l, "exact probability", "probabilité exacte")),
        ("equi", t(l, "equiprobable values", "issues équiprobables")),
        ("groups1", t(l, "1 group", "1 groupe")),
        ("groupsN", t(l, "{g} groups", "{g} groupes")),
        (
            "none",
            t(
                l,
                "Type the groups' counts above.",
                "Taper les effectifs des groupes ci-dessus.",
            ),
        ),
        (
            "bad",
            t(
                l,
                "{text}: not a count of throws; write a whole number (0, 1, 2…)",
                "{text} : ce n'est pas un effectif ; écrire un nombre entier (0, 1, 2…)",
            ),
        ),
        (
            "where",
            t(l, "{group}, value {value}", "{group}, issue {value}"),
        ),
        ("pooled", t(l, "groups pooled", "groupes réunis")),
        ("quote", t(l, "\"{name}\"", "«\u{a0}{name}\u{a0}»")),
        ("and", t(l, "and", "et")),
        (
            "clear",
            t(l, "Clear every count?", "Effacer tous les effectifs ?"),
        ),
        ("dec", if l == Lang::Fr { "," } else { "." }),
        ("thousands", if l == Lang::Fr { "\u{a0}" } else { "," }),
    ];
    let inner: Vec<String> = (pairs.iter())
        .map(|(k, v)| format!("{}:{}", json_string(k), json_string(v)))
        .collect();
    format!("{{{}}}", inner.join(","))
}

/// A JSON string literal, safe inside a `<script>`.
fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The form's behaviour.
const SCRIPT: &str = include_str!("live.js");
