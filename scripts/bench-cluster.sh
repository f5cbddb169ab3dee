#!/usr/bin/env bash
# Speed of the task pool and of merge (the figures of docs/cluster.md):
#  1. scenarios/strategies.toml (with --games G, default 100 per pairing) on 1 and 2 threads;
#  2. one arm of expectimax:2 against random (3,200 games) on 1 and 2 threads;
#  3. merge of 64 shards of scenarios/coins-vs-sticks.toml (5 arms).
# Each step first checks what it times: the runs on 1 and 2 threads, and the merge against a
# single run, give byte-identical CSV files.
#
# Usage: bash scripts/bench-cluster.sh [BINARY] [GAMES]   (default target/release/senet-sim, 100)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${1:-target/release/senet-sim}"
G="${2:-100}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
secs() { local s e; s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N); awk "BEGIN { printf \"%.2f\", $e - $s }"; }
same() { for f in "$1"/*.csv; do cmp -s "$f" "$2/$(basename "$f")" || { echo "DIFFERENT: $f" >&2; exit 1; }; done; }

cat > "$tmp/expectimax.toml" <<'TOML'
name = "expectimax"
games = 3_200
seed = 5
[[arm]]
name = "expectimax:2 against random"
variant = "tejon"
white = "expectimax:2"
TOML

for what in "scenarios/strategies.toml --games $G" "$tmp/expectimax.toml"; do
    # shellcheck disable=SC2086
    set -- $what
    t1=$(secs "$BIN" run "$@" --threads 1 --quiet --out "$tmp/t1")
    t2=$(secs "$BIN" run "$@" --threads 2 --quiet --out "$tmp/t2")
    same "$tmp/t1" "$tmp/t2"
    echo "$what: 1 thread ${t1} s, 2 threads ${t2} s, speed-up $(awk "BEGIN { printf \"%.2f\", $t1 / $t2 }")"
    rm -rf "$tmp/t1" "$tmp/t2"
done

"$BIN" run scenarios/coins-vs-sticks.toml --games 64_000 --quiet --out "$tmp/single"
shards=()
for k in $(seq 1 64); do
    "$BIN" run scenarios/coins-vs-sticks.toml --games 64_000 --shard "$k/64" --quiet --out "$tmp/s$k"
    shards+=("$tmp/s$k")
done
t=$(secs "$BIN" merge "${shards[@]}" --out "$tmp/merged" --quiet)
same "$tmp/single" "$tmp/merged"
echo "merge of 64 shards of coins-vs-sticks (5 arms): ${t} s (CSV identical to a single run)"
