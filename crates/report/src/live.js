(function () {
  // The class's live form (src/report/live.rs): one row per group, kept in localStorage.
  const F = CLASS_FORM, W = F.words, T = F.templates;
  const sel = document.getElementById("class-arm"), table = document.getElementById("class-table");
  const values = CLASS_DATA[0].values;
  const SVG = 'xmlns="http://www.w3.org/2000/svg"';
  // A number as a pupil rounds it (half up), decimal comma and grouped thousands in French.
  const fmt = (x, d) => {
    const p = 10 ** d;
    let s = (Math.round(Math.abs(x) * p * (1 + 1e-12)) / p).toFixed(d);
    let [i, f] = s.split(".");
    i = i.replace(/\B(?=(\d{3})+(?!\d))/g, W.thousands);
    return (x < 0 && Number(s) !== 0 ? "-" : "") + (f ? i + W.dec + f : i);
  };
  const fill = (t, a) => t.replace(/\{(\w+)\}/g, (m, k) => (k in a ? a[k] : m));
  const bold = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>").replace(/`([^`]+)`/g, "<code>$1</code>");
  const fresh = (k) => ({ name: W.group + " " + (k + 1), counts: values.map(() => "") });
  function load() {
    const m = /classe=([^&]+)/.exec(location.hash);
    if (m) return { arm: 0, groups: decodeURIComponent(m[1]).split(";").map((g, k) => ({ name: W.group + " " + (k + 1), counts: g.split(",") })) };
    try {
      const s = JSON.parse(localStorage.getItem(F.key));
      if (s && Array.isArray(s.groups)) return s;
    } catch (e) { /* no storage: start empty */ }
    return { arm: 0, groups: Array.from({ length: 8 }, (_, k) => fresh(k)) };
  }
  const state = load();
  const arm = /comparer=(\d+)/.exec(location.hash);
  if (arm) state.arm = Number(arm[1]);
  const save = () => { try { localStorage.setItem(F.key, JSON.stringify(state)); } catch (e) { /* private window */ } };
  // A typed count: "" is nothing yet, digits a count, anything else refused.
  const count = (text) => { const t = String(text).trim(); return t === "" ? 0 : /^\d{1,9}$/.test(t) ? Number(t) : null; };
  function build() {
    table.tHead.innerHTML = "";
    const head = table.tHead.insertRow();
    [W.name].concat(values.map((v) => W.value + " " + v), [W.total]).forEach((h) => { const c = document.createElement("th"); c.textContent = h; head.appendChild(c); });
    const body = table.tBodies[0];
    body.innerHTML = "";
    state.groups.forEach((g, k) => {
      const row = body.insertRow();
      const name = document.createElement("input");
      name.value = g.name; name.className = "name"; name.setAttribute("aria-label", W.name);
      name.addEventListener("input", () => { g.name = name.value; draw(); });
      row.insertCell().appendChild(name);
      values.forEach((v, i) => {
        const x = document.createElement("input");
        x.inputMode = "numeric"; x.id = "class-count-" + k + "-" + v; x.value = g.counts[i] ?? "";
        x.setAttribute("aria-label", g.name + " " + W.value + " " + v);
        x.addEventListener("input", () => { g.counts[i] = x.value; draw(); });
        row.insertCell().appendChild(x);
      });
      row.insertCell().className = "sum";
    });
    draw();
  }
  function draw() {
    save();
    const a = CLASS_DATA[sel.value] || CLASS_DATA[0];
    state.arm = Number(sel.value);
    document.getElementById("class-form").dataset.compared = a.arm;
    const errors = [], totals = values.map(() => 0), pooled = [];
    state.groups.forEach((g, k) => {
      let sum = 0;
      values.forEach((v, i) => {
        const box = document.getElementById("class-count-" + k + "-" + v), c = count(g.counts[i] ?? "");
        box.classList.toggle("refused", c === null);
        box.title = c === null ? fill(W.bad, { text: g.counts[i] }) : "";
        if (c === null) errors.push(fill(W.where, { group: g.name, value: v }) + " — " + fill(W.bad, { text: g.counts[i] }));
        else { totals[i] += c; sum += c; }
      });
      table.tBodies[0].rows[k].cells[values.length + 1].textContent = fmt(sum, 0);
      if (sum > 0) pooled.push(totals.slice());
    });
    const n = totals.reduce((s, c) => s + c, 0), freq = totals.map((c) => (n > 0 ? c / n : 0));
    table.tFoot.innerHTML = "";
    const sums = table.tFoot.insertRow(), freqs = table.tFoot.insertRow();
    [W.all].concat(totals.map((c) => fmt(c, 0)), [fmt(n, 0)]).forEach((t) => { sums.insertCell().textContent = t; });
    [W.freq].concat(freq.map((f) => (n > 0 ? fmt(f, 3) : "")), [n > 0 ? "1" : ""]).forEach((t) => { freqs.insertCell().textContent = t; });
    document.getElementById("class-errors").textContent = errors.join(" ; ");
    document.getElementById("class-summary").innerHTML = n > 0 ? summary(totals, n, pooled.length) : "<p>" + bold(W.none) + "</p>";
    document.getElementById("class-chart").innerHTML = bars(a, freq, n);
    document.getElementById("class-curve").innerHTML = pooled.length > 1 ? curve(a, pooled) : "";
  }
  // The answer and the estimate: senet_classroom's templates, filled as it fills them.
  function summary(totals, n, groups) {
    const k = values.length, e = 1 / k, half = 1 / Math.sqrt(n);
    const lo = Math.max(0, e - half), hi = Math.min(1, e + half);
    let far = 0;
    totals.forEach((c, i) => { if (Math.abs(c / n - e) > Math.abs(totals[far] / n - e)) far = i; });
    const f = totals[far] / n, no = f < lo || f > hi;
    const g = groups === 1 ? W.groups1 : fill(W.groupsN, { g: groups });
    let out = "<p>" + bold(fill(no ? T.no : T.unknown, { k: k, e: fmt(e, 2), n: fmt(n, 0), g: g, v: values[far], c: fmt(totals[far], 0), f: fmt(f, 2), lo: fmt(lo, 2), hi: fmt(hi, 2) })) + "</p>";
    if (F.faces) {
      const marked = totals.reduce((s, c, i) => s + c * F.faces[i], 0), sticks = 4 * n, p = marked / sticks, h = 1 / Math.sqrt(sticks);
      const plo = Math.max(0, p - h), phi = Math.min(1, p + h);
      out += "<p>" + bold(fill(T.estimate, { tenths: Math.round(p * 10), sticks: fmt(sticks, 0), n: fmt(n, 0), marked: fmt(marked, 0), p: fmt(p, 2), half: fmt(h, 3), lo: fmt(plo, 2), hi: fmt(phi, 2) })
        + " " + (plo <= 0.5 && 0.5 <= phi ? T.fair : T.unfair)) + "</p>";
    }
    return out + closest(totals, n);
  }
  // The simulated objects whose probabilities are closest to the class's frequencies
  // (senet_classroom's Fit: the smallest largest gap, ties named together).
  function closest(totals, n) {
    const freq = totals.map((c) => c / n), h = 1 / Math.sqrt(n);
    const fits = CLASS_DATA.map((a) => {
      const law = values.map((v) => { const j = a.values.indexOf(v); return j < 0 ? 0 : a.exact[j]; });
      let at = 0;
      law.forEach((p, i) => { if (Math.abs(freq[i] - p) > Math.abs(freq[at] - law[at])) at = i; });
      const ok = law.every((p, i) => Math.max(0, p - h) <= freq[i] && freq[i] <= Math.min(1, p + h));
      return { at: at, gap: Math.abs(freq[at] - law[at]), fits: ok, p: law[at] };
    });
    const best = Math.min(...fits.map((f) => f.gap)), near = CLASS_DATA.map((a, i) => i).filter((i) => fits[i].gap <= best + 1e-12);
    if (near.length === 0) return "";
    const q = near.map((i) => fill(W.quote, { name: CLASS_DATA[i].arm }));
    const names = q.length === 1 ? q[0] : q.slice(0, -1).join(", ") + " " + W.and + " " + q[q.length - 1] + " (" + T.same + ")";
    const f = fits[near[0]];
    return "<p>" + bold(fill(f.fits ? T.closest : T.closest_far, { names: names, v: values[f.at], gap: fmt(f.gap, 2), f: fmt(freq[f.at], 2), p: fmt(f.p, 3) })) + "</p>";
  }
  const axis = (w, h, left, bottom, top, y) => {
    let s = "";
    const step = top <= 0.3 ? 0.05 : top <= 0.6 ? 0.1 : 0.2;
    for (let p = 0; p <= top + 1e-9; p += step) s += '<line x1="' + left + '" x2="' + (w - 20) + '" y1="' + y(p) + '" y2="' + y(p) + '" stroke="#ddd"/><text x="' + (left - 8) + '" y="' + (y(p) + 5) + '" text-anchor="end" font-size="16">' + fmt(p, 2) + "</text>";
    return s + '<line x1="' + left + '" x2="' + left + '" y1="10" y2="' + (h - bottom) + '" stroke="#111"/><line x1="' + left + '" x2="' + (w - 20) + '" y1="' + (h - bottom) + '" y2="' + (h - bottom) + '" stroke="#111"/>';
  };
  // Three bars per value (the class, the simulation, the exact law) and the equiprobable line.
  function bars(a, freq, n) {
    const equi = 1 / values.length, top = Math.max(equi, ...freq, ...a.sim, ...a.exact) * 1.1;
    const w = 900, h = 380, left = 60, bottom = 40, slot = (w - left - 20) / values.length;
    const y = (p) => h - bottom - ((h - bottom - 20) * p) / top;
    let s = "<svg " + SVG + ' viewBox="0 0 ' + w + " " + (h + 40) + '" role="img" aria-label="class-form-chart">' + axis(w, h, left, bottom, top, y);
    const colours = ["#cc79a7", "#0072b2", "#e69f00"], series = [freq, a.sim, a.exact];
    values.forEach((v, i) => {
      const x0 = left + slot * i + slot * 0.12, bw = slot * 0.25;
      series.forEach((ser, k) => { if (k === 0 && n === 0) return; s += '<rect class="bar-' + k + '" x="' + (x0 + k * bw) + '" y="' + y(ser[i]) + '" width="' + (bw - 2) + '" height="' + (y(0) - y(ser[i])) + '" fill="' + colours[k] + '"/>'; });
      s += '<text x="' + (x0 + 1.5 * bw) + '" y="' + (h - bottom + 22) + '" text-anchor="middle" font-size="16">' + v + "</text>";
    });
    s += '<line x1="' + left + '" x2="' + (w - 20) + '" y1="' + y(equi) + '" y2="' + y(equi) + '" stroke="#777" stroke-width="3" stroke-dasharray="12 8"/>';
    [W.class, W.sim, W.exact, W.equi + " (" + fmt(equi, 2) + ")"].forEach((t, k) => {
      const x = left + [0, 150, 320, 540][k];
      s += k < 3 ? '<rect x="' + x + '" y="' + (h + 12) + '" width="18" height="18" fill="' + colours[k] + '"/>' : '<line x1="' + x + '" x2="' + (x + 24) + '" y1="' + (h + 21) + '" y2="' + (h + 21) + '" stroke="#777" stroke-width="3" stroke-dasharray="6 4"/>';
      s += '<text x="' + (x + 28) + '" y="' + (h + 27) + '" font-size="16">' + t + "</text>";
    });
    return s + "</svg>";
  }
  // The pooled frequency of each value group after group; dashed, the compared object's law.
  function curve(a, pooled) {
    const colours = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00"];
    const freqs = pooled.map((t) => { const n = t.reduce((s, c) => s + c, 0); return t.map((c) => c / n); });
    const top = Math.max(...freqs.flat(), ...a.exact) * 1.1 + 0.02, g = pooled.length;
    const w = 900, h = 380, left = 60, bottom = 40, x = (k) => left + 20 + ((w - left - 60) * k) / Math.max(1, g - 1);
    const y = (p) => h - bottom - ((h - bottom - 20) * p) / top;
    let s = "<svg " + SVG + ' viewBox="0 0 ' + w + " " + (h + 40) + '" role="img" aria-label="class-form-curve">' + axis(w, h, left, bottom, top, y);
    values.forEach((v, i) => {
      const c = colours[i % colours.length];
      s += '<line x1="' + x(0) + '" x2="' + x(g - 1) + '" y1="' + y(a.exact[i]) + '" y2="' + y(a.exact[i]) + '" stroke="' + c + '" stroke-width="2" stroke-dasharray="' + (6 + 3 * i) + ' 6"/>';
      s += '<polyline class="curve" fill="none" stroke="' + c + '" stroke-width="4" points="' + freqs.map((f, k) => x(k) + "," + y(f[i])).join(" ") + '"/>';
      s += '<rect x="' + (left + i * 120) + '" y="' + (h + 12) + '" width="18" height="18" fill="' + c + '"/><text x="' + (left + 24 + i * 120) + '" y="' + (h + 27) + '" font-size="16">' + W.value + " " + v + "</text>";
    });
    for (let k = 0; k < g; k++) s += '<text x="' + x(k) + '" y="' + (h - bottom + 22) + '" text-anchor="middle" font-size="16">' + (k + 1) + "</text>";
    return s + '<text x="' + (w - 20) + '" y="' + (h - bottom - 8) + '" text-anchor="end" font-size="15">' + W.pooled + "</text></svg>";
  }
  CLASS_DATA.forEach((a, i) => { const o = document.createElement("option"); o.value = i; o.textContent = a.arm; sel.appendChild(o); });
  sel.value = String(Math.min(state.arm || 0, CLASS_DATA.length - 1));
  sel.addEventListener("change", draw);
  document.getElementById("class-add").addEventListener("click", () => { state.groups.push(fresh(state.groups.length)); build(); });
  document.getElementById("class-clear").addEventListener("click", () => { if (confirm(W.clear)) { state.groups = Array.from({ length: 8 }, (_, k) => fresh(k)); build(); } });
  build();
  // A link to the form (a projection, a test) opens the page on it.
  if (/classe=|comparer=|class-form/.test(location.hash)) window.addEventListener("load", () => document.getElementById("class-form").scrollIntoView());
})();
