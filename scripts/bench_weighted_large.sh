#!/usr/bin/env bash
# Weighted IDA* against the phased solver on random 6x6, 7x7 and 8x8 boards:
# how many each solves within the limit, median time, and length relative
# to the best lower bound any run proved. Resumable (`batch --resume`).
#
#   [SIZES="6 7 8"] [WEIGHTS="1.5 2 3 5"] [COUNT=10] [TIME_LIMIT=5] \
#     [GROWTHS="1.2 ..."] scripts/bench_weighted_large.sh [BUILD_DIR] [OUT_DIR]   (defaults: build, /tmp/npuzzle-big)
#
# GROWTHS also runs weighted IDA* with --bound-growth G for each G <= W.
# (Weighted A* packs at most 25 cells: scripts/bench_weighted.sh ASTAR=1.)
#
# Boards: `npuzzle gen --size SxS --count COUNT --seed 1`; heuristic `auto`
# (linear conflict up to 7x7, Manhattan on 8x8: no tables exist for them).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
out=${2:-/tmp/npuzzle-big}
bin=$build/npuzzle
sizes=${SIZES:-6 7 8}
weights=${WEIGHTS:-1.5 2 3 5}
count=${COUNT:-10}
limit=${TIME_LIMIT:-5}
mkdir -p "$out"
for s in $sizes; do
  boards=$out/boards_${s}x${s}.txt
  [ -s "$boards" ] || "$bin" gen --size "${s}x${s}" --count "$count" --seed 1 > "$boards"
  "$bin" batch -i "$boards" -o "$out/${s}x${s}_phased.csv" --algorithm phased --threads 1 --no-progress \
    --resume >&2 || true
  for w in $weights; do
    "$bin" batch -i "$boards" -o "$out/${s}x${s}_w$w.csv" --weight "$w" --time-limit "$limit" --threads 1 \
      --no-progress --resume >&2 || true
    for g in ${GROWTHS:-}; do
      python3 -c "import sys; sys.exit(0 if float('$g') <= float('$w') else 1)" || continue
      "$bin" batch -i "$boards" -o "$out/${s}x${s}_w${w}_g$g.csv" --weight "$w" --bound-growth "$g" \
        --time-limit "$limit" --threads 1 --no-progress --resume >&2 || true
    done
  done
done
python3 "$root/scripts/weighted_summary.py" large "$out" "$sizes" "$weights" "$limit"
