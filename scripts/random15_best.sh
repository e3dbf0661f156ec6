#!/usr/bin/env bash
# COUNT random 15-puzzles (blank-first goal, uniform over the solvable
# boards: `npuzzle gen --size 4x4 --count COUNT --seed SEED --goal
# blank-first`) solved optimally with the project's fastest 15-puzzle
# configuration measured so far: the zero-aware 7-8 pattern databases with
# the diagonal reflection and the move-pruning machine (`--heuristic zpdb:78
# --prune fsm`), which the search reads through its child signs (0.8x the
# search time of the one-bit form, which takes 0.6x that of `pdb:78 --prune
# fsm`: results/random15.md, "child signs" and row 16). Its tables (1.5 GB
# on disk, 2-3 minutes and 2.8 GiB on 2 cores, once) are built on first
# use; the first run then derives the one-bit form (577 MB, 3-5 s) and from
# it the child signs (2.3 GB, about 70 s), and keeps both beside them
# (TABLE.pdb.onebit, TABLE.pdb.childsign); later runs read the child signs
# alone (3.8 GB resident, against 4.3 GB with both forms). Every solution is
# then replayed by `npuzzle verify`.
#
# Usage: scripts/random15_best.sh COUNT SEED OUT.csv
# Environment: NPUZZLE (the binary, default build/npuzzle), THREADS
# (default: all cores), PDB_DIR (the table cache, default npuzzle's).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -eq 3 ] || { awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0" >&2; exit 2; }
count=$1 seed=$2 out=$3
bin=${NPUZZLE:-$root/build/npuzzle}
[ -x "$bin" ] || { echo "random15_best: $bin is not built (scripts/setup.sh)" >&2; exit 2; }
threads=${THREADS:-0}
dir_args=()
[ -n "${PDB_DIR:-}" ] && dir_args=(--pdb-dir "$PDB_DIR")
input=$out.puzzles.txt
"$bin" gen --size 4x4 --count "$count" --seed "$seed" --goal blank-first >"$input"
"$bin" pdb build zpdb:78 --size 4x4 --goal blank-first --threads "$threads" "${dir_args[@]}" >&2
start=$(date +%s.%N)
"$bin" batch -i "$input" -o "$out" --heuristic zpdb:78 --prune fsm --threads "$threads" "${dir_args[@]}" --no-progress
echo "random15_best: $count boards solved in $(echo "$(date +%s.%N) - $start" | bc) s wall (the puzzles: $input)" >&2
"$bin" verify -i "$input" -r "$out" >&2
