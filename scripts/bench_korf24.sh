#!/usr/bin/env bash
# Korf & Felner's 24-puzzles with the 6-6-6-6 PDB and reflection: lengths
# against the published optimal lengths and generated nodes against the
# published 6-6-6-6 counts (datasets/korf50_24.tsv). Builds the four tables
# first if they are not cached (about 3 minutes, 1.6 GiB on 2 cores).
# Writes results/korf24_<heuristic>_<threads>t.{csv,csv.json,md}.
#
# Usage: scripts/bench_korf24.sh [THREADS [ID...]]
#   THREADS  default 2
#   ID...    instances (default: the six easiest, 38 40 25 32 44 1: about
#            4 G generated nodes, 2-3 CPU-minutes)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
threads=${1:-2}
shift || true
ids=${*:-38 40 25 32 44 1}
heuristic=${HEURISTIC:-pdb:6666}
bin=${NPUZZLE:-$root/build/npuzzle}
[ -x "$bin" ] || "$root/scripts/setup.sh"
"$bin" pdb build "$heuristic" --size 5x5 --goal blank-first --threads "$threads"
input=$(mktemp)
trap 'rm -f "$input"' EXIT
echo "# goal: blank-first" > "$input"
for id in $ids; do
  awk -v id="$id" '$1 == id' "$root/datasets/korf50_24.txt" >> "$input"
done
out=$root/results/korf24_${heuristic//[:,\/]/}_${threads}t
"$bin" batch -i "$input" -o "$out.csv" --heuristic "$heuristic" --threads "$threads" --no-progress
"$bin" verify -i "$input" -r "$out.csv"
python3 "$root/scripts/summarize_korf100.py" "$out.csv" "$root/datasets/korf50_24.tsv" > "$out.md"
cat "$out.md"
