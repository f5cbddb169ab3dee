//! The class's counts typed in class: a small form in a lesson's `report.html` (plain
//! JavaScript, no network) where the teacher types each value's count and sees the class's
//! frequencies drawn beside the simulated frequencies and the exact probabilities.
//!
//! `report.md` holds the marker [`MARKER`] where the form goes; `report.html` replaces it. The
//! counts can also come in the page's address (`report.html#classe=99,137,107,28,29`, in the
//! order of the values), so that a link or a test opens the page with them drawn.

use crate::lang::{t, Lang};
use senet_engine::throws::throw_table;
use senet_simulation::play::runner::ArmResult;
use senet_simulation::play::stats::rate;
use std::fmt::Write as _;

/// Where the form goes in `report.md` (an HTML comment: invisible in the markdown).
pub const MARKER: &str = "<!-- senet-sim:class-form -->";

/// The form's HTML, with each arm's values, simulated frequencies and exact law as data.
pub fn form(results: &[ArmResult], l: Lang) -> String {
    let mut data = String::from("[");
    for (i, r) in results.iter().enumerate() {
        let law = throw_table(&r.arm.rules, &r.arm.device);
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
    let words = format!(
        "{{\"value\":{},\"count\":{},\"class\":{},\"sim\":{},\"exact\":{},\"equi\":{},\"throws\":{},\"none\":{},\"dec\":{}}}",
        json_string(t(l, "value", "issue")),
        json_string(t(l, "count", "effectif")),
        json_string(t(l, "the class", "la classe")),
        json_string(t(l, "simulation", "simulation")),
        json_string(t(l, "exact probability", "probabilité exacte")),
        json_string(t(l, "equiprobable values", "issues équiprobables")),
        json_string(t(l, "throws typed", "lancers saisis")),
        json_string(t(l, "Type the class's counts above.", "Saisir les effectifs de la classe ci-dessus.")),
        json_string(if l == Lang::Fr { "," } else { "." }),
    );
    format!(
        "<section id=\"class-form\" class=\"live\">\n<h3>{}</h3>\n<p>{}</p>\n\
         <p><label>{} <select id=\"class-arm\"></select></label></p>\n\
         <div id=\"class-inputs\"></div>\n<p id=\"class-summary\"></p>\n\
         <div id=\"class-chart\"></div>\n</section>\n\
         <script>\nconst CLASS_DATA = {data};\nconst CLASS_WORDS = {words};\n{SCRIPT}</script>\n",
        t(l, "The class's counts, live", "Les effectifs de la classe, en direct"),
        t(l,
          "Type how many times the class got each value: the bars of the class's frequencies appear beside the simulation's and the exact probabilities. Nothing leaves this page.",
          "Saisir combien de fois la classe a obtenu chaque issue : les fréquences de la classe s'affichent à côté de celles de la simulation et des probabilités exactes. Rien ne quitte cette page."),
        t(l, "Compared with:", "Comparer avec :"),
    )
}

/// A JSON string literal.
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

/// The form's behaviour: inputs per value of the chosen arm, an SVG of three bars per value and
/// the equiprobable line, redrawn at every keystroke.
const SCRIPT: &str = r##"(function () {
  const W = CLASS_WORDS, sel = document.getElementById("class-arm");
  const inputs = document.getElementById("class-inputs");
  const fmt = (x, d) => x.toFixed(d).replace(".", W.dec);
  CLASS_DATA.forEach((a, i) => { const o = document.createElement("option"); o.value = i; o.textContent = a.arm; sel.appendChild(o); });
  const fromHash = () => { const m = /classe=([0-9,]+)/.exec(location.hash); return m ? m[1].split(",").map(Number) : null; };
  function build() {
    const a = CLASS_DATA[sel.value], given = fromHash();
    inputs.innerHTML = "";
    a.values.forEach((v, i) => {
      const l = document.createElement("label");
      l.textContent = W.value + " " + v + " : ";
      const x = document.createElement("input");
      x.type = "number"; x.min = "0"; x.step = "1"; x.id = "class-count-" + v; x.size = 5;
      if (given && given[i] !== undefined) x.value = given[i];
      x.addEventListener("input", draw);
      l.appendChild(x); inputs.appendChild(l);
    });
    draw();
  }
  function draw() {
    const a = CLASS_DATA[sel.value];
    const counts = a.values.map(v => Math.max(0, Math.floor(Number(document.getElementById("class-count-" + v).value) || 0)));
    const n = counts.reduce((s, c) => s + c, 0);
    const freq = counts.map(c => n > 0 ? c / n : 0), equi = 1 / a.values.length;
    document.getElementById("class-summary").textContent = n > 0
      ? n + " " + W.throws + " — " + a.values.map((v, i) => W.value + " " + v + " : " + fmt(freq[i], 3)).join(" ; ")
      : W.none;
    const top = Math.max(equi, ...freq, ...a.sim, ...a.exact) * 1.1;
    const w = 900, h = 380, left = 60, bottom = 40, slot = (w - left - 20) / a.values.length;
    const y = p => h - bottom - (h - bottom - 20) * p / top;
    let s = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + w + ' ' + (h + 40) + '" role="img" aria-label="class-form-chart">';
    const step = top <= 0.3 ? 0.05 : top <= 0.6 ? 0.1 : 0.2;
    for (let p = 0; p <= top + 1e-9; p += step) { s += '<line x1="' + left + '" x2="' + (w - 20) + '" y1="' + y(p) + '" y2="' + y(p) + '" stroke="#ddd"/><text x="' + (left - 8) + '" y="' + (y(p) + 5) + '" text-anchor="end" font-size="14">' + fmt(p, 2) + '</text>'; }
    const colours = ["#cc79a7", "#0072b2", "#e69f00"], series = [freq, a.sim, a.exact], names = [W.class, W.sim, W.exact];
    a.values.forEach((v, i) => {
      const x0 = left + slot * i + slot * 0.12, bw = slot * 0.25;
      series.forEach((ser, k) => { if (k === 0 && n === 0) return; s += '<rect class="bar-' + k + '" x="' + (x0 + k * bw) + '" y="' + y(ser[i]) + '" width="' + (bw - 2) + '" height="' + (y(0) - y(ser[i])) + '" fill="' + colours[k] + '"/>'; });
      s += '<text x="' + (x0 + 1.5 * bw) + '" y="' + (h - bottom + 22) + '" text-anchor="middle" font-size="16">' + v + '</text>';
    });
    s += '<line x1="' + left + '" x2="' + (w - 20) + '" y1="' + y(equi) + '" y2="' + y(equi) + '" stroke="#777" stroke-width="3" stroke-dasharray="12 8"/>';
    s += '<line x1="' + left + '" x2="' + left + '" y1="10" y2="' + y(0) + '" stroke="#111"/><line x1="' + left + '" x2="' + (w - 20) + '" y1="' + y(0) + '" y2="' + y(0) + '" stroke="#111"/>';
    names.concat([W.equi + " (" + fmt(equi, 2) + ")"]).forEach((t, k) => {
      const x = left + k * 200;
      s += k < 3 ? '<rect x="' + x + '" y="' + (h + 12) + '" width="18" height="18" fill="' + colours[k] + '"/>' : '<line x1="' + x + '" x2="' + (x + 24) + '" y1="' + (h + 21) + '" y2="' + (h + 21) + '" stroke="#777" stroke-width="3" stroke-dasharray="6 4"/>';
      s += '<text x="' + (x + 28) + '" y="' + (h + 27) + '" font-size="15">' + t + '</text>';
    });
    document.getElementById("class-chart").innerHTML = s + '</svg>';
  }
  sel.addEventListener("change", build);
  build();
})();
"##;
