#!/usr/bin/env bash
# Korf & Felner's 24-puzzles with the project's fastest configuration for
# them, measured so far: the zero-aware 6-6-6-6 pattern database with the
# diagonal reflection, searched through its child signs, and the
# move-pruning machine (`--heuristic zpdb:6666 --prune fsm`; with the batch's
# late join, 0.51-0.53x the wall time of `pdb:6666 --prune fsm` on #3, #4 and
# #26 over several runs on one VM, whose speed drifts by up to 1.5x within
# the hour, and 0.564x over four ABBA groups on a slower one, about 0.57x
# since c07aab3 took about a tenth off both configurations:
# results/korf24_levers.md sections 31-33, scripts/korf24_target2.sh). Its four tables (4 x 181 MB on
# disk, 1.5-5 minutes and 1.7 GiB on 2 cores, built once, checked and
# cached like every table: `npuzzle pdb info`) are built on first use; the
# first run derives their 2 GB one-bit form (about 7 s) and from it their
# 2 GB of child signs (about 80 s), and keeps both beside them
# (TABLE.pdb.onebit, TABLE.pdb.childsign). Later runs read the child signs
# alone, in a few seconds (2.4 GB resident in all).
# HEURISTIC='pick(zpdb:6666,cat:small,cost=3)' chooses zpdb:6666 or cat:small
# per board from its first iterations (cat:small wins on #4, not on #3 or
# #26); it loads 9.2 GB of child signs, and on #3, #4 and #26 it was not
# faster (section 31).
# Prints the batch CSV to standard output: the header, then one row per
# instance in the order given; progress and the table build go to stderr.
#
# Usage: scripts/korf24_best.sh IDS...      e.g. scripts/korf24_best.sh 3 4 26
#        (IDS: instance numbers 1..50, as words or one quoted list)
# Environment: NPUZZLE (the binary, default build/npuzzle), THREADS
# (default: all cores), PDB_DIR (the table cache, default npuzzle's),
# HEURISTIC (another configuration, run the same way; default zpdb:6666).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0" >&2; exit 2; }
bin=${NPUZZLE:-$root/build/npuzzle}
[ -x "$bin" ] || { echo "korf24_best: $bin is not built (scripts/setup.sh)" >&2; exit 2; }
threads=${THREADS:-0}
dir_args=()
[ -n "${PDB_DIR:-}" ] && dir_args=(--pdb-dir "$PDB_DIR")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "# goal: blank-first" >"$work/in.txt"
# shellcheck disable=SC2048  # unquoted on purpose: IDS may come as one quoted list
for id in $*; do
  line=$(awk -v id="$id" '!/^#/ && $1 == id' "$root/datasets/korf50_24.txt")
  [ -n "$line" ] || { echo "korf24_best: no instance '$id' (1..50)" >&2; exit 2; }
  echo "$line" >>"$work/in.txt"
done
heuristic=${HEURISTIC:-zpdb:6666}
# The batch builds what the heuristic misses before it solves (its build step).
"$bin" batch -i "$work/in.txt" -o "$work/out.csv" --heuristic "$heuristic" --prune fsm --threads "$threads" \
  "${dir_args[@]}" --no-progress >&2 || status=$?
cat "$work/out.csv"
exit "${status:-0}"
