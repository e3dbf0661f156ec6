#!/usr/bin/env bash
# Korf & Felner's 24-puzzles with the project's fastest configuration for
# them, measured so far: for each board, the zero-aware 6-6-6-6 pattern
# database (zpdb:6666) or Clausecker's catalogue of seven 6-6-6-6 partitions
# (cat:small), whichever the board's first iterations foretell faster, both
# searched through their child signs with the move-pruning machine
# (`--heuristic 'pick(zpdb:6666,cat:small,cost=3)' --prune fsm`: cat:small
# expands 0.1-0.5 of zpdb:6666's nodes, at about 3x the cost per node;
# results/korf24_levers.md sections 30-31). The CSV's heuristic column names
# the one each board took, and its counts are that heuristic's own.
# The tables are built on first use and cached like every table (`npuzzle
# pdb info`): zpdb:6666's four (4 x 181 MB on disk, 1.5-5 minutes and
# 1.7 GiB on 2 cores) and cat:small's fourteen (2.5 GB on disk, about 10
# minutes); the first run derives their child signs (2 GB and 6.7 GB, a few
# minutes) and keeps them beside the tables; later runs read the child signs
# alone (about 9 GB resident in all).
# Prints the batch CSV to standard output: the header, then one row per
# instance in the order given; progress and the table build go to stderr.
#
# Usage: scripts/korf24_best.sh IDS...      e.g. scripts/korf24_best.sh 3 4 26
#        (IDS: instance numbers 1..50, as words or one quoted list)
# Environment: NPUZZLE (the binary, default build/npuzzle), THREADS
# (default: all cores), PDB_DIR (the table cache, default npuzzle's),
# HEURISTIC (another configuration to run the same way, e.g. zpdb:6666).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
bin=${NPUZZLE:-$root/build/npuzzle}
[ -x "$bin" ] || { echo "korf24_best: $bin is not built (scripts/setup.sh)" >&2; exit 2; }
threads=${THREADS:-0}
dir_args=()
[ -n "${PDB_DIR:-}" ] && dir_args=(--pdb-dir "$PDB_DIR")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "# goal: blank-first" >"$work/in.txt"
for id in $*; do
  line=$(awk -v id="$id" '!/^#/ && $1 == id' "$root/datasets/korf50_24.txt")
  [ -n "$line" ] || { echo "korf24_best: no instance '$id' (1..50)" >&2; exit 2; }
  echo "$line" >>"$work/in.txt"
done
heuristic=${HEURISTIC:-pick(zpdb:6666,cat:small,cost=3)}
# The batch builds what the heuristic misses before it solves (its build step).
"$bin" batch -i "$work/in.txt" -o "$work/out.csv" --heuristic "$heuristic" --prune fsm --threads "$threads" \
  "${dir_args[@]}" --no-progress >&2 || status=$?
cat "$work/out.csv"
exit "${status:-0}"
