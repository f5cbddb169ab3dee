#!/usr/bin/env bash
# Every test: the set-up of the classroom checks (scripts/setup.sh: Chromium, Python packages),
# the Rust tests including those that need Chromium, then the notebooks executed top to bottom
# on the output of the lesson scenarios.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo test -- --include-ignored

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# The binary `cargo test` just built (a plain `cargo run` would rebuild with other features).
bin=target/debug/senet-sim
[ -x "$bin" ] || cargo build --quiet
for scenario in scenarios/lesson/*.toml; do
    name="$(grep -m1 '^name = ' "$scenario" | sed 's/^name = "\(.*\)"$/\1/')"
    echo "notebooks: running $scenario"
    "$bin" run "$scenario" --out "$out/$name" --quiet
done
MPLBACKEND=Agg SENET_REPORTS="$out" .venv/bin/python scripts/run_notebooks.py
