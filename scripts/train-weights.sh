#!/usr/bin/env bash
# Trains the `td` networks that ship in weights/ (and inside the binary): one per variant, at
# its preset's pawns and device, seed 1, two at a time: 1,000,000 games of self-play for tejon
# with 80 hidden units, 200,000 for passage and game-box, 100,000 for the others (whose games
# are longer; the longest first) and 100,000 for ludii-piccione (whose split throws make
# self-play slow), with 40 units.
# A file already holding its games is left as it is (a training resumes from a shorter one),
# so the script can be stopped and run again.
#   bash scripts/train-weights.sh [path/to/senet-sim]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/senet-sim}
printf '%s\n' "tejon 1000000 80" "empty-board 100000 40" "passage 200000 40" \
    "game-box 200000 40" "kendall 100000 40" "ludii-jequier 100000 40" \
    "ludii-piccione 100000 40" "ludii-kendall 100000 40" "ludii-bell 100000 40" |
    xargs -P 2 -L 1 sh -c \
        '"$0" train --variant "$1" --games "$2" --hidden "$3" --out "weights/$1.td" --quiet' "$bin"
