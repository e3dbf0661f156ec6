#!/usr/bin/env bash
# Korf's 100 15-puzzles through `npuzzle batch`: lengths against the
# published optimal lengths, node counts against Korf (1985), and the node
# rate. Writes results/korf100_<heuristic>_<threads>t.{csv,csv.json,md}.
#
# Usage: scripts/bench_korf100.sh [HEURISTIC [THREADS [ALGORITHM]]]
#   HEURISTIC  manhattan | linear-conflict (default linear-conflict)
#   THREADS    default 1
# IDA* + manhattan on all 100 takes about 5 CPU-minutes; linear-conflict about 1.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
heuristic=${1:-linear-conflict}
threads=${2:-1}
algorithm=${3:-ida}
bin=${NPUZZLE:-$root/build/npuzzle}
[ -x "$bin" ] || "$root/scripts/setup.sh"
out=$root/results/korf100_${heuristic}_${algorithm}_${threads}t
"$bin" batch -i "$root/datasets/korf100.txt" -o "$out.csv" --heuristic "$heuristic" --algorithm "$algorithm" \
  --threads "$threads" --no-progress
"$bin" verify -i "$root/datasets/korf100.txt" -r "$out.csv"
python3 "$root/scripts/summarize_korf100.py" "$out.csv" "$root/datasets/korf100.tsv" > "$out.md"
cat "$out.md"
