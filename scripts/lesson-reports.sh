#!/usr/bin/env bash
# Writes the reports of the five lesson scenarios under reports/lesson/, for teachers who download
# them without installing anything: for each lesson, reports/lesson/NAME/ is the French report
# (charts, report.html, CSV files for a French spreadsheet: --csv excel-fr, the default of a
# French scenario) and reports/lesson/NAME/rfc4180/, which the same run writes, holds the same
# CSV files with commas and decimal points (pandas, Capytale, Basthon); lesson 5 also has
# exact/, the solved game of `senet-sim solve --variant tejon --pawns 2`, which its run writes.
# tests/cli/lesson_reports.rs regenerates them and compares them byte for byte.
#
# Usage: bash scripts/lesson-reports.sh [BINARY]   (default: target/release/senet-sim, built)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${1:-target/release/senet-sim}"
if [ "$#" -eq 0 ]; then cargo build --release --quiet; fi
for scenario in scenarios/lesson/*.toml; do
    name="$(grep -m1 '^name = ' "$scenario" | cut -d'"' -f2)"
    out="reports/lesson/$name"
    # Lesson 5's run also solves its game into exact/ (`exact = "au mieux"`).
    "$BIN" run "$scenario" --out "$out" --games-csv 200 --quiet
    echo "lesson-reports: $out"
done
