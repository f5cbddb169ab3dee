// The lesson's page: loads senet.wasm (crates/web, embedded in senet-wasm.js so that the page
// opens from file:// with no server) and shows what it answers. Every figure and sentence is
// computed in the .wasm by the same Rust code as senet-sim's report; this script only draws.
"use strict";

const TEXT = {
  en: {
    title: "Senet: the class's throws and the simulation", class: "1. The class's throws",
    intro: "Four sticks, flat and round: do they behave like four coins? Type each group's counts; the page computes with the same program as senet-sim, nothing to install.",
    group: "Group", add: "Add a group", clear: "Clear all", slider: "Sticks: probability of the flat face",
    throws: "2. Simulate throws", object: "Object", sticks: "sticks (p above)", coins: "coins", seed: "seed",
    simulate: "simulate", same: "The same figures on the command line:", games: "3. Simulate games",
    variant: "Rules", "same-games": "The same games with senet-sim: this scenario (page.toml), then senet-sim run page.toml",
    value: "value", count: "count", frequency: "frequency", theory: "probability",
    class_f: "class", played: "games", white_first: "white starts", white_wins: "white wins",
    first_wins: "the first mover wins", length: "mean length (turns)", lang: "Français",
  },
  fr: {
    group: "Groupe", coins: "pièces", value: "issue", count: "effectif", frequency: "fréquence", theory: "probabilité",
    class_f: "classe", played: "parties", white_first: "les blancs commencent",
    white_wins: "les blancs gagnent", first_wins: "celui qui commence gagne",
    length: "longueur moyenne (tours)", lang: "English",
  },
};
const COLOURS = ["#1b6ca8", "#c0392b", "#27ae60", "#8e44ad", "#d68910", "#555"];
let lang = localStorage.getItem("senet-lang") || "fr";
let w = null;
let values = [];

// --- the .wasm: text in, JSON out ---
function put(s) {
  const b = new TextEncoder().encode(s);
  const p = w.senet_alloc(b.length);
  new Uint8Array(w.memory.buffer, p, b.length).set(b);
  return [p, b.length];
}
function take(packed) {
  const ptr = Number(packed >> 32n), len = Number(packed & 0xffffffffn);
  const s = new TextDecoder().decode(new Uint8Array(w.memory.buffer, ptr, len));
  w.senet_free(ptr, len);
  return JSON.parse(s);
}
function call(f, strings, ...rest) {
  const held = strings.map(put);
  try { return take(f(...held.flat(), ...rest)); } finally { held.forEach(([p, n]) => w.senet_free(p, n)); }
}

// --- words and numbers ---
function t(key) { return (TEXT[lang] && TEXT[lang][key]) || (TEXT.fr[key]) || key; }
function num(x, digits) {
  return x.toLocaleString(lang === "fr" ? "fr-FR" : "en-GB", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
function int(x) { return x.toLocaleString(lang === "fr" ? "fr-FR" : "en-GB"); }
function escape(s) { return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`); }
function markdown(s) { return escape(s).replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>"); }
function words() {
  document.documentElement.lang = lang;
  for (const e of document.querySelectorAll("[data-t]")) {
    const key = e.dataset.t;
    if (lang === "en" && TEXT.en[key]) { e.dataset.fr = e.dataset.fr || e.textContent; e.textContent = TEXT.en[key]; }
    if (lang === "fr" && e.dataset.fr) e.textContent = e.dataset.fr;
  }
  document.getElementById("lang").textContent = t("lang");
}

// --- the class's groups, kept in the browser ---
function groups() { return JSON.parse(localStorage.getItem("senet-classe") || "[]"); }
function keep(g) { localStorage.setItem("senet-classe", JSON.stringify(g)); }
function drawGroups() {
  const head = document.querySelector("#groups thead tr");
  head.innerHTML = `<th>${escape(t("group"))}</th>` + values.map((v) => `<th>${v}</th>`).join("") + "<th></th>";
  const body = document.querySelector("#groups tbody");
  body.innerHTML = "";
  groups().forEach((g, i) => {
    const tr = document.createElement("tr");
    tr.innerHTML = `<td><input class="name" value="${escape(g.name)}"></td>` +
      g.counts.map((c) => `<td><input type="number" min="0" value="${c}"></td>`).join("") +
      `<td><button type="button">✕</button></td>`;
    tr.querySelectorAll("input").forEach((input) => input.addEventListener("change", () => {
      const all = groups();
      const cells = [...tr.querySelectorAll("input")];
      all[i] = { name: cells[0].value, counts: cells.slice(1).map((c) => c.value.trim()) };
      keep(all); analyse();
    }));
    tr.querySelector("button").addEventListener("click", () => { const all = groups(); all.splice(i, 1); keep(all); drawGroups(); analyse(); });
    body.appendChild(tr);
  });
}
function classText() {
  const clean = (s) => String(s).replace(/[;"\r\n]/g, " ").trim();
  return ["groupe;" + values.join(";")].concat(groups().map((g) => [clean(g.name)].concat(g.counts.map(clean)).join(";"))).join("\n") + "\n";
}

// --- charts (SVG) ---
function chart(svg, series, xs, opts) {
  const W = +svg.getAttribute("width"), H = +svg.getAttribute("height"), L = 44, B = 28;
  const x = (v) => L + (W - L - 10) * opts.x(v), y = (v) => H - B - (H - B - 10) * v / opts.ymax;
  let out = `<line x1="${L}" y1="${H - B}" x2="${W - 10}" y2="${H - B}" stroke="#333"/><line x1="${L}" y1="10" x2="${L}" y2="${H - B}" stroke="#333"/>`;
  for (let k = 0; k <= 4; k++) {
    const v = opts.ymax * k / 4;
    out += `<text x="${L - 4}" y="${y(v) + 4}" text-anchor="end">${num(v, 2)}</text>`;
  }
  opts.ticks.forEach((v, i) => {
    const anchor = i === opts.ticks.length - 1 && opts.ticks.length > 1 ? "end" : "middle";
    out += `<text x="${x(v)}" y="${H - 8}" text-anchor="${anchor}">${opts.label(v)}</text>`;
  });
  series.forEach((s, i) => {
    const c = COLOURS[i % COLOURS.length];
    if (s.theory !== undefined) out += `<line x1="${L}" x2="${W - 10}" y1="${y(s.theory)}" y2="${y(s.theory)}" stroke="${c}" stroke-dasharray="4 3"/>`;
    out += `<polyline fill="none" stroke="${c}" stroke-width="2" points="${s.ys.map((v, j) => `${x(xs[j])},${y(v)}`).join(" ")}"/>`;
    out += `<text x="${W - 12}" y="${y(s.ys[s.ys.length - 1]) - 4}" text-anchor="end" fill="${c}">${escape(s.name)}</text>`;
  });
  svg.innerHTML = out;
}

// --- 1. the class ---
function analyse() {
  const p = +document.getElementById("p").value;
  document.getElementById("p-out").textContent = num(p, 2);
  const error = document.getElementById("class-error");
  const table = document.getElementById("freq"), verdict = document.getElementById("verdict");
  if (groups().length === 0) { error.textContent = ""; table.innerHTML = ""; verdict.innerHTML = ""; document.getElementById("pooled").innerHTML = ""; return; }
  const a = call(w.senet_class, [classText(), "tejon"], lang === "en" ? 1 : 0, p);
  if (!a.ok) { error.textContent = a.error; return; }
  error.textContent = "";
  const sticks = lang === "fr" ? `bâtonnets p = ${num(p, 2)}` : `sticks p = ${num(p, 2)}`;
  table.innerHTML = `<tr><th>${t("value")}</th><th>${t("count")}</th><th>${t("frequency")}</th><th>${escape(t("coins"))}</th><th>${escape(sticks)}</th></tr>` +
    a.values.map((v, i) => `<tr><td>${v}</td><td>${int(a.counts[i])}</td><td class="freq">${num(a.frequencies[i], 3)}</td><td>${num(a.coins[i], 3)}</td><td>${num(a.sticks[i], 3)}</td></tr>`).join("") +
    `<tr><td>${lang === "fr" ? "total" : "total"}</td><td id="total">${int(a.throws)}</td><td></td><td></td><td></td></tr>`;
  const lines = [a.answer, a.estimate_sentence, a.closest_sentence].filter((s) => s);
  verdict.innerHTML = lines.map((s) => `<p>${markdown(s)}</p>`).join("") +
    (a.estimate ? `<p id="p-hat" data-p="${a.estimate.p}">p̂ = ${num(a.estimate.p, 3)}</p>` : "");
  const xs = a.pooled.map((_, k) => k + 1);
  chart(document.getElementById("pooled"), a.values.map((v, i) => ({ name: String(v), ys: a.pooled.map((f) => f[i]), theory: a.sticks[i] })), xs,
    { x: (k) => xs.length > 1 ? (k - 1) / (xs.length - 1) : 0.5, ymax: 0.5, ticks: xs, label: (k) => k });
}

// --- 2. throws ---
function simulateThrows() {
  const kind = document.getElementById("object").value, p = +document.getElementById("p").value;
  const n = Math.max(10, Math.min(1000000, Math.round(+document.getElementById("n-throws").value)));
  const seed = Math.max(0, Math.round(+document.getElementById("seed-throws").value));
  const r = call(w.senet_throws, ["tejon"], kind === "sticks" ? 1 : 0, p, BigInt(n), BigInt(seed));
  if (!r.ok) return;
  document.getElementById("throws-table").innerHTML = `<tr><th>${t("value")}</th><th>${t("count")}</th><th>${t("frequency")}</th><th>${t("theory")}</th></tr>` +
    r.values.map((v, i) => `<tr><td>${v}</td><td class="count">${int(r.counts[i])}</td><td>${num(r.counts[i] / r.throws, 4)}</td><td>${num(r.theory[i], 4)}</td></tr>`).join("");
  const xs = r.steps.map((s) => s.throws), top = Math.log10(xs[xs.length - 1]);
  chart(document.getElementById("throws-chart"), r.values.map((v, i) => ({ name: String(v), ys: r.steps.map((s) => s.frequencies[i]), theory: r.theory[i] })), xs,
    { x: (k) => (Math.log10(k) - 1) / Math.max(top - 1, 1e-9), ymax: 0.6, ticks: xs.filter((k) => /^10*$/.test(String(k))), label: int });
  const device = kind === "sticks" ? `--device sticks --p-marked ${p}` : "--device coins";
  document.getElementById("throws-command").textContent = `senet-sim throws --variant tejon ${device} --count ${n} --seed ${seed}`;
}

// --- 3. games ---
function simulateGames() {
  const variant = document.getElementById("variant").value;
  const n = Math.max(100, Math.min(100000, Math.round(+document.getElementById("n-games").value)));
  const seed = Math.max(0, Math.round(+document.getElementById("seed-games").value));
  const g = call(w.senet_games, [variant], BigInt(n), BigInt(seed));
  if (!g.ok) return;
  const share = (k) => `${int(k)} (${num(100 * k / g.games, 1)} %)`;
  document.getElementById("games-table").innerHTML = [
    [t("played"), int(g.games)], [t("white_first"), share(g.white_first)], [t("white_wins"), share(g.white_wins)],
    [t("first_wins"), share(g.first_mover_wins)], [t("length"), num(g.mean_turns, 1)],
  ].map(([k, v]) => `<tr><td>${escape(k)}</td><td>${v}</td></tr>`).join("");
  document.getElementById("games-command").textContent =
    `name = "page"\ngames = ${n}\nseed = ${seed}\n\n[[arm]]\nname = "${variant}"\nvariant = "${variant}"\n`;
}

// A link may carry the class's counts (`#classe=8,17,15,8,2;7,18,...`), the sticks' p
// (`p=0.55`), throws or games to simulate at once (`lancers=100000`, `parties=1000`), the
// language (`langue=en`).
function fromAddress() {
  const a = new URLSearchParams(location.hash.slice(1));
  if (a.get("langue") === "en" || a.get("langue") === "fr") lang = a.get("langue");
  if (a.has("classe")) {
    const name = lang === "fr" ? "Groupe" : "Group";
    keep(a.get("classe").split(";").filter((r) => r).map((r, i) => ({ name: `${name} ${i + 1}`, counts: r.split(",") })));
  }
  if (a.has("p")) document.getElementById("p").value = a.get("p");
  if (a.has("objet")) document.getElementById("object").value = a.get("objet");
  if (a.has("regles")) document.getElementById("variant").value = a.get("regles");
}

// `#saisir=8,17,15,8,2;...`: the groups typed as a teacher types them, through the page's own
// controls (« Ajouter un groupe », each cell changed in turn): what the page's test drives.
function type(rows) {
  for (const row of rows.split(";").filter((r) => r)) {
    document.getElementById("add").click();
    const cells = [...document.querySelectorAll("#groups tbody tr:last-child input[type=number]")];
    row.split(",").forEach((c, i) => {
      cells[i].value = c;
      cells[i].dispatchEvent(new Event("change"));
    });
  }
}

// --- start ---
async function start() {
  const bytes = Uint8Array.from(atob(SENET_WASM), (c) => c.charCodeAt(0));
  w = (await WebAssembly.instantiate(bytes, {})).instance.exports;
  const list = take(w.senet_variants());
  values = list.variants.find((v) => v.id === "tejon").values;
  document.getElementById("variant").innerHTML = list.variants.map((v) => `<option>${v.id}</option>`).join("");
  document.getElementById("add").addEventListener("click", () => {
    const all = groups(); all.push({ name: `${lang === "fr" ? "Groupe" : "Group"} ${all.length + 1}`, counts: values.map(() => "0") }); keep(all); drawGroups(); analyse();
  });
  document.getElementById("clear").addEventListener("click", () => { keep([]); drawGroups(); analyse(); });
  document.getElementById("p").addEventListener("input", analyse);
  document.getElementById("simulate-throws").addEventListener("click", simulateThrows);
  document.getElementById("simulate-games").addEventListener("click", simulateGames);
  document.getElementById("lang").addEventListener("click", () => {
    lang = lang === "fr" ? "en" : "fr"; localStorage.setItem("senet-lang", lang); words(); drawGroups(); analyse();
  });
  fromAddress();
  words(); drawGroups(); analyse();
  const wanted = new URLSearchParams(location.hash.slice(1));
  if (wanted.has("saisir")) type(wanted.get("saisir"));
  if (wanted.has("curseur")) {
    const slider = document.getElementById("p");
    slider.value = wanted.get("curseur");
    slider.dispatchEvent(new Event("input"));
  }
  if (wanted.has("lancers")) { document.getElementById("n-throws").value = wanted.get("lancers"); simulateThrows(); }
  if (wanted.has("parties")) { document.getElementById("n-games").value = wanted.get("parties"); simulateGames(); }
  document.body.dataset.ready = "yes";
}
start();
