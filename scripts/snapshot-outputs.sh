#!/usr/bin/env bash
# Writes every output of the shipped scenarios and of the small commands into one folder, so
# that two builds can be compared byte for byte (a refactor must not change a single byte):
#   bash scripts/snapshot-outputs.sh target/release/senet-sim /tmp/out-before
#   bash scripts/snapshot-outputs.sh target/release/senet-sim /tmp/out-after
#   diff -r /tmp/out-before /tmp/out-after
set -euo pipefail
bin=$(realpath "$1"); out=$2
cd "$(dirname "$0")/.."
rm -rf "$out"; mkdir -p "$out"
for f in scenarios/*.toml scenarios/lesson/*.toml; do
    name=$(basename "$f" .toml)
    "$bin" run "$f" --out "$out/$name" --quiet --threads 2
done
"$bin" run scenarios/coins-vs-sticks.toml --out "$out/fr-excel" --quiet --lang fr --csv excel-fr \
    --games 20000 --games-csv 50
"$bin" variants > "$out/variants.txt"
for v in passage game-box kendall empty-board tejon; do
    "$bin" play --variant "$v" --seed 7 > "$out/play-$v.txt"
    "$bin" play --variant "$v" --seed 7 --json > "$out/play-$v.json"
    "$bin" play --variant "$v" --seed 3 --white heuristic --black random > "$out/play-h-$v.txt"
done
"$bin" moves --variant tejon --white 5,7,14,15,16 --black 8,9,17,18,19 --to-move white --throw 2 \
    > "$out/moves.txt"
"$bin" moves --variant tejon --white 5,7,14,15,16 --black 8,9,17,18,19 --to-move white --throw 2 \
    --json > "$out/moves.json"
"$bin" moves --variant empty-board --white 20,22 --black 5 --to-move white --residual 1 \
    > "$out/moves-residual.txt"
for d in coins sticks die; do
    "$bin" throws --device "$d" --count 100000 --seed 2019 > "$out/throws-$d.txt"
done
"$bin" throws --device sticks --p-marked 0.6 --count 100000 --seed 2019 > "$out/throws-p.txt"
echo "snapshot: $out"
