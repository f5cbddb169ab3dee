#!/usr/bin/env bash
# Writes reports/reconstructions/: the tables of `senet-sim run scenarios/reconstructions.toml`
# that docs/reconstructions.md quotes (summary.csv, tournament.csv, luck.csv, ranking.csv,
# columns.csv, metrics.csv, metric_intervals.csv, ladder.csv, report.md, scenario.toml, provenance.json, the rule files of rules/), without its charts, report.html and the
# long tables of throws (9 MB: the same command writes them). tests/cli/reconstructions.rs runs
# the scenario again and compares the tables byte for byte, and holds the generated part of
# docs/reconstructions.md to them.
#
# Usage: bash scripts/reconstructions-report.sh [BINARY]   (default: target/release/senet-sim, built)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${1:-target/release/senet-sim}"
if [ "$#" -eq 0 ]; then cargo build --release --quiet; fi
out=reports/reconstructions
"$BIN" run scenarios/reconstructions.toml --out "$out" --quiet
# Only what the docs quote is kept in the repository.
keep=" summary.csv tournament.csv luck.csv ranking.csv columns.csv metrics.csv metric_intervals.csv ladder.csv report.md scenario.toml provenance.json .senet-sim-report rules "
for f in "$out"/* "$out"/.senet-sim-report; do
    name="$(basename "$f")"
    case "$keep" in
        *" $name "*) ;;
        *) rm -rf "$f" ;;
    esac
done
echo "reconstructions-report: $out"
