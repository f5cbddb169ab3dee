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

use senet_simulation::play::runner::ArmResult;
use senet_simulation::play::stats::rate;
use senet_tables::lang::Lang;
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
        l.texts().r_classs_counts_live,
        l.texts().r_type_each_groups_counts,
        l.texts().r_compared_with,
        l.texts().r_group,
        l.texts().r_clear_all,
    )
}

/// The form's words, as a JSON object.
fn words(l: Lang) -> String {
    let pairs = [
        ("value", l.texts().r_value),
        ("group", l.texts().r_group_2),
        ("name", l.texts().r_group_3),
        ("total", l.texts().r_total),
        ("all", l.texts().r_class),
        ("freq", l.texts().r_frequency),
        ("class", l.texts().r_class),
        ("sim", l.texts().r_simulation),
        ("exact", l.texts().r_exact_probability),
        ("equi", l.texts().r_equiprobable_values),
        ("groups1", l.texts().r_1_group),
        ("groupsN", l.texts().r_g_groups),
        ("none", l.texts().r_type_groups_counts_above),
        ("bad", l.texts().r_text_not_count_throws),
        ("where", l.texts().r_group_value_value),
        ("pooled", l.texts().r_groups_pooled_2),
        ("quote", l.texts().r_name),
        ("and", l.texts().r_and),
        ("clear", l.texts().r_clear_every_count),
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
