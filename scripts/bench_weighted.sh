#!/usr/bin/env bash
# Weighted IDA* (--weight W) on random 4x4, 5x5 and 6x6 boards: median time
# and solution length relative to the optimal length (4x4, from pdb:663) or
# to the best proven lower bound (5x5, 6x6: the largest lower_bound any run
# of this script proved for the board). Resumable: every run is a
# `batch --resume` into OUT_DIR, so the script can be stopped and rerun, or
# run in pieces with SIZES and WEIGHTS. Prints a markdown table.
#
#   [SIZES="4 5 6"] [WEIGHTS="1.2 1.5 2 3"] [COUNT=100] [TIME_LIMIT=10] [THREADS=2] [SUMMARY_ONLY=1] \
#   [ASTAR=1] [GROWTHS="1.1 ..."] \
#     scripts/bench_weighted.sh [BUILD_DIR] [OUT_DIR]     (defaults: build, /tmp/npuzzle-weighted)
#
# ASTAR=1 also runs weighted A* (--algorithm astar, at most 5x5); GROWTHS
# also runs weighted IDA* with --bound-growth G for each G <= W.
#
# Boards: `npuzzle gen --size SxS --count COUNT --seed 1` (blank-last goal);
# heuristic: linear-conflict for every weighted run (no tables).
# SUMMARY_ONLY=1 prints the table of what OUT_DIR holds without solving.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
out=${2:-/tmp/npuzzle-weighted}
bin=$build/npuzzle
sizes=${SIZES:-4 5 6}
weights=${WEIGHTS:-1.2 1.5 2 3}
count=${COUNT:-100}
limit=${TIME_LIMIT:-10}
threads=${THREADS:-2}
mkdir -p "$out"
[ -n "${SUMMARY_ONLY:-}" ] || for s in $sizes; do
  boards=$out/boards_${s}x${s}.txt
  [ -s "$boards" ] || "$bin" gen --size "${s}x${s}" --count "$count" --seed 1 > "$boards"
done
if [ -z "${SUMMARY_ONLY:-}" ] && [[ " $sizes " == *" 4 "* ]]; then
  "$bin" pdb build pdb:663 --goal blank-last --threads "$threads" >&2
  "$bin" batch -i "$out/boards_4x4.txt" -o "$out/4x4_optimal.csv" --heuristic pdb:663 --threads "$threads" \
    --no-progress --resume >&2 || true
fi
[ -n "${SUMMARY_ONLY:-}" ] || for w in $weights; do
  for s in $sizes; do
    # exit 1 means some boards hit the limit: expected, and in the table.
    "$bin" batch -i "$out/boards_${s}x${s}.txt" -o "$out/${s}x${s}_w$w.csv" --weight "$w" \
      --heuristic linear-conflict --time-limit "$limit" --threads "$threads" --no-progress --resume >&2 || true
    if [ -n "${ASTAR:-}" ] && [ "$s" -le 5 ]; then
      "$bin" batch -i "$out/boards_${s}x${s}.txt" -o "$out/${s}x${s}_w${w}_astar.csv" --weight "$w" \
        --algorithm astar --heuristic linear-conflict --time-limit "$limit" --threads "$threads" --no-progress \
        --resume >&2 || true
    fi
    for g in ${GROWTHS:-}; do
      python3 -c "import sys; sys.exit(0 if float('$g') <= float('$w') else 1)" || continue
      "$bin" batch -i "$out/boards_${s}x${s}.txt" -o "$out/${s}x${s}_w${w}_g$g.csv" --weight "$w" \
        --bound-growth "$g" --heuristic linear-conflict --time-limit "$limit" --threads "$threads" --no-progress \
        --resume >&2 || true
    done
  done
done
python3 "$root/scripts/weighted_summary.py" small "$out" "$sizes" "$weights" "$limit"
