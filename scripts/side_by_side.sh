#!/usr/bin/env bash
# Two configurations of one 24-puzzle search, timed side by side: A and B run
# at the same time, one search thread each, pinned to cores 0 and 1, and the
# cores are swapped every round. On a shared VM whose speed drifts by 10-15%
# from minute to minute (results/move_pruning.md), runs one after the other
# cannot tell apart a 5% difference; side by side, both see the same drift,
# and swapping the cores cancels the difference between them (up to 20% on
# this VM). Compare the sums over an even number of rounds.
#
# Usage: scripts/side_by_side.sh ROUNDS "IDS" "OPTIONS A" "OPTIONS B" OUT.csv
#   IDS        Korf & Felner instance numbers (datasets/korf50_24.txt)
#   OPTIONS    npuzzle batch options, e.g. "--heuristic pdb:6666 --prune fsm --fsm-depth 14"
# Environment: NPUZZLE (the binary, default build/npuzzle; A and B may also
#   name their own as NPUZZLE_A and NPUZZLE_B), XDG_CACHE_HOME or PDB_DIR for the tables.
# Each input holds a board one move from the goal before the instance, so the
# second row's seconds are the search alone, without the tables' loading or
# the move-pruning machine's build (the first row's seconds).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=$1
ids=$2
options=("$3" "$4")
out=$5
bin=${NPUZZLE:-$root/build/npuzzle}
bins=("${NPUZZLE_A:-$bin}" "${NPUZZLE_B:-$bin}")
dir_args=()
[ -n "${PDB_DIR:-}" ] && dir_args=(--pdb-dir "$PDB_DIR")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rev=$(git -C "$root" rev-parse --short=12 HEAD)
[ -f "$out" ] || echo "round,id,config,options,binary,core,length,expanded,generated,search_seconds,setup_seconds,git,finished" >"$out"

# run CONFIG(0/1) CORE ID ROUND
run() {
  local c=$1 core=$2 id=$3 round=$4 csv=$work/out$1.csv
  # shellcheck disable=SC2086  # the options are words
  taskset -c "$core" "${bins[$c]}" batch -i "$work/in$id.txt" -o "$csv" --threads 1 --no-progress \
    ${options[$c]} "${dir_args[@]}" >/dev/null 2>&1 || true
  "${bins[$c]}" verify -i "$work/in$id.txt" -r "$csv" >/dev/null
  local setup
  setup=$(awk -F, 'NR == 2 { print $9 }' "$csv")
  local names=(A B)
  awk -F, -v r="$round" -v cfg="${names[$c]}" -v opt="${options[$c]}" -v b="${bins[$c]}" -v core="$core" \
    -v setup="$setup" -v rev="$rev" -v now="$(date -u +%FT%TZ)" \
    'NR == 3 { printf "%s,%s,%s,\"%s\",%s,%s,%s,%s,%s,%s,%s,%s,%s\n", r, $1, cfg, opt, b, core, $5, $7, $8, $9, setup, rev, now }' \
    "$csv" >"$work/row$c"
}

for id in $ids; do
  {
    echo "# goal: blank-first"
    echo "0 1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24"
  } >"$work/in$id.txt"
  awk -v id="$id" '$1 == id' "$root/datasets/korf50_24.txt" >>"$work/in$id.txt"
  [ "$(wc -l <"$work/in$id.txt")" -eq 3 ] || { echo "side_by_side: no instance $id" >&2; exit 2; }
done
for round in $(seq 1 "$rounds"); do
  for id in $ids; do
    core_a=$(((round + 1) % 2))
    run 0 "$core_a" "$id" "$round" &
    run 1 $((1 - core_a)) "$id" "$round" &
    wait
    cat "$work/row0" "$work/row1" >>"$out"
  done
done
# Sums per configuration over the rounds (the search seconds).
awk -F, 'NR > 1 { n[$3] += $8; s[$3] += $10 } END {
  for (c in s) printf "%s: %.0f expanded in %.1f s of search, %.2f M/s\n", c, n[c], s[c], n[c] / s[c] / 1e6
  if (s["A"] && s["B"]) printf "B/A time: %.3f\n", s["B"] / s["A"] }' "$out" >&2
