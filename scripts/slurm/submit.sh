#!/usr/bin/env bash
# Submits a senet-sim run to Slurm as a job array of N shard jobs and a merge job that waits for
# all of them (afterok). The report ends up in DIR/report/, each shard's counters in
# DIR/shard-K/, the jobs' logs in DIR/logs/.
#
# Usage: scripts/slurm/submit.sh SCENARIO --shards N --out DIR [--cpus C] [--bin SENET_SIM]
#                                [-- RUN_ARGS...]
#   --cpus C     CPUs (threads) per shard job (default 1)
#   --bin PATH   the senet-sim binary (default: senet-sim on the PATH, else target/release/)
#   RUN_ARGS     passed to every shard's `senet-sim run` (e.g. --games 10_000_000 --seed 7)
# Prints the array job's id and the merge job's id, one per line.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
scenario="" shards="" out="" cpus=1 bin="" run_args=""
[ "$#" -ge 1 ] || usage
scenario="$1"; shift
while [ "$#" -gt 0 ]; do
    case "$1" in
        --shards) shards="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --cpus) cpus="$2"; shift 2 ;;
        --bin) bin="$2"; shift 2 ;;
        --) shift; run_args="$*"; break ;;
        *) echo "submit.sh: unknown option $1" >&2; usage ;;
    esac
done
[ -n "$shards" ] && [ -n "$out" ] || usage
case "$shards" in ''|*[!0-9]*|0) echo "submit.sh: --shards must be a whole number >= 1" >&2; exit 2 ;; esac
[ -f "$scenario" ] || { echo "submit.sh: $scenario: no such scenario file" >&2; exit 2; }
if [ -z "$bin" ]; then
    bin="$(command -v senet-sim || true)"
    [ -n "$bin" ] || bin="$here/../../target/release/senet-sim"
fi
[ -x "$bin" ] || { echo "submit.sh: $bin: no senet-sim binary (cargo build --release, or --bin)" >&2; exit 2; }
mkdir -p "$out/logs"
abs() { (cd "$(dirname "$1")" && echo "$(pwd)/$(basename "$1")"); }
export SENET_SIM="$(abs "$bin")" SCENARIO="$(abs "$scenario")" SHARDS="$shards" \
    OUT="$(cd "$out" && pwd)" RUN_ARGS="$run_args" MERGE_ARGS="${MERGE_ARGS:-}"
array=$(sbatch --parsable --array="1-$shards" --cpus-per-task="$cpus" --export=ALL \
    --output="$OUT/logs/shard-%a.out" "$here/shard.sbatch")
merge=$(sbatch --parsable --dependency="afterok:$array" --export=ALL \
    --output="$OUT/logs/merge.out" "$here/merge.sbatch")
echo "$array"
echo "$merge"
