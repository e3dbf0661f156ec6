#!/usr/bin/env bash
# Checks the kept solutions of Korf & Felner's 50 24-puzzles: one row per
# instance from the campaigns' solution files (results/korf24_coverage/
# solutions/TABLE/ID.csv, the first TABLE given that has the instance),
# each replayed from its board by `npuzzle verify`, and each length compared
# with the published optimal length (datasets/korf50_24.tsv).
# Prints one line per instance (id, length, published length, source) and a
# summary; exits 0 only when all 50 are there, replay to the goal, and have
# the published length.
#
# Usage: scripts/korf24_verify_solutions.sh [TABLE...]
#   (default: pdb_6666_fsm_xeon pdb_6666_fsm pdb_6666_fsm_epyc, the campaign
#   of all 50 and the runs that kept the solutions it lost)
# Environment: NPUZZLE (the binary, default build/npuzzle).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${NPUZZLE:-$root/build/npuzzle}
[ -x "$bin" ] || { echo "korf24_verify_solutions: $bin is not built (scripts/setup.sh)" >&2; exit 2; }
tables=("$@")
[ ${#tables[@]} -gt 0 ] || tables=(pdb_6666_fsm_xeon pdb_6666_fsm pdb_6666_fsm_epyc)
solutions=$root/results/korf24_coverage/solutions
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The published lengths, by id (datasets/korf50_24.tsv: id, tiles, optimal_length, ...).
declare -A published
while IFS=$'\t' read -r id _ length _; do published[$id]=$length; done < <(tail -n +2 "$root/datasets/korf50_24.tsv")
missing=0
wrong=0
for id in $(seq 1 50); do
  source=
  for table in "${tables[@]}"; do
    if [ -f "$solutions/$table/$id.csv" ]; then source=$table; break; fi
  done
  if [ -z "$source" ]; then
    echo "$id: no kept solution" >&2
    missing=$((missing + 1))
    continue
  fi
  file=$solutions/$source/$id.csv
  [ -f "$work/all.csv" ] || head -1 "$file" >"$work/all.csv"
  # The row of this instance (a solution file holds the instances of one batch
  # run); its fifth column is the length (SPEC.md's batch CSV).
  row=$(awk -F, -v id="$id" 'NR > 1 && $1 == id' "$file")
  echo "$row" >>"$work/all.csv"
  length=$(echo "$row" | cut -d, -f5)
  mark=
  if [ "$length" != "${published[$id]}" ]; then mark="  LENGTH DIFFERS"; wrong=$((wrong + 1)); fi
  echo "$id $length ${published[$id]} $source$mark"
done
# The replay: every solution from its board to the goal.
"$bin" verify -i "$root/datasets/korf50_24.txt" -r "$work/all.csv" >"$work/verify.txt" 2>&1 || true
summary=$(tail -1 "$work/verify.txt")
echo "npuzzle verify: $summary"
echo "kept: $((50 - missing)) of 50; lengths differing from the published: $wrong"
if [ "$missing" -ne 0 ] || [ "$wrong" -ne 0 ] || [ "$summary" != "$((50 - missing)) passed, 0 failed" ]; then
  grep -v "passed" "$work/verify.txt" >&2 || true
  exit 1
fi
