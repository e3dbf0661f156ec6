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
python3 - "$out" "$sizes" "$weights" "$limit" <<'EOF'
import csv, glob, os, statistics, sys
out, sizes, weights, limit = sys.argv[1], sys.argv[2].split(), sys.argv[3].split(), sys.argv[4]
def rows(path):
    return {r["id"]: r for r in csv.DictReader(open(path))} if os.path.exists(path) else {}
print(f"| W | solver | size | boards | solved (limit {limit} s) | median s (all boards, limit counted as {limit}) "
      "| median length / reference | max length / reference | reference |")
print("|---|---|---|---|---|---|---|---|---|")
for s in sizes:
    size = f"{s}x{s}"
    if s == "4":
        ref = {i: int(r["length"]) for i, r in rows(f"{out}/4x4_optimal.csv").items() if r["status"] == "optimal"}
        refname = "optimal (pdb:663)"
    else:
        ref = {}
        for path in glob.glob(f"{out}/{size}_w*.csv"):
            for i, r in rows(path).items():
                if r["lower_bound"]:
                    ref[i] = max(ref.get(i, 0), int(r["lower_bound"]))
        refname = "best proven lower bound"
    for w in weights:
      for path in [f"{out}/{size}_w{w}.csv"] + sorted(glob.glob(f"{out}/{size}_w{w}_*.csv")):
        run = rows(path)
        if not run:
            continue
        tag = os.path.basename(path)[len(f"{size}_w{w}"):-4]
        solver = ("weighted A*" if tag == "_astar" else
                  f"weighted IDA*, growth {tag[2:]}" if tag.startswith("_g") else "weighted IDA*")
        solved = [r for r in run.values() if r["status"] == "solved" or r["status"] == "optimal"]
        secs = [float(r["seconds"]) if r in solved else float(limit) for r in run.values()]
        ratios = [int(r["length"]) / ref[r["id"]] for r in solved if ref.get(r["id"])]
        med = f"{statistics.median(ratios):.3f}" if ratios else "-"
        mx = f"{max(ratios):.3f}" if ratios else "-"
        print(f"| {w} | {solver} | {size} | {len(run)} | {len(solved)} | {statistics.median(secs):.3f} | {med} | {mx} | {refname} |")
EOF
