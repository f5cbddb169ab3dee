// The page's engine timed under node, beside `senet-sim bench --threads 1`: N games of a
// variant (random players) and N throws, in web/senet.wasm. Usage:
//   node scripts/bench-web.mjs [variant] [games]      (default: tejon 200000)
// Prints games/s and throws/s; docs/web.md keeps the measurements.
import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";

const here = path.dirname(fileURLToPath(import.meta.url));
const bytes = fs.readFileSync(path.join(here, "../web/senet.wasm"));
const w = (await WebAssembly.instantiate(bytes, {})).instance.exports;
const put = (s) => {
  const b = new TextEncoder().encode(s);
  const p = w.senet_alloc(b.length);
  new Uint8Array(w.memory.buffer, p, b.length).set(b);
  return [p, b.length];
};
const take = (x) => {
  const ptr = Number(x >> 32n), len = Number(x & 0xffffffffn);
  const s = new TextDecoder().decode(new Uint8Array(w.memory.buffer, ptr, len));
  w.senet_free(ptr, len);
  return JSON.parse(s);
};
const variant = process.argv[2] || "tejon";
const games = BigInt(process.argv[3] || 200000);
const v = put(variant);
take(w.senet_games(v[0], v[1], 1000n, 1n)); // warm up
let t0 = process.hrtime.bigint();
const g = take(w.senet_games(v[0], v[1], games, 1n));
let s = Number(process.hrtime.bigint() - t0) / 1e9;
console.log(`${variant}: ${g.games} games in ${s.toFixed(2)} s: ${Math.round(g.games / s)} games/s (white wins ${g.white_wins})`);
t0 = process.hrtime.bigint();
const t = take(w.senet_throws(v[0], v[1], 1, 0.6, 10000000n, 1n));
s = Number(process.hrtime.bigint() - t0) / 1e9;
console.log(`sticks p = 0.6: ${t.throws} throws in ${s.toFixed(2)} s: ${Math.round(t.throws / s)} throws/s`);
