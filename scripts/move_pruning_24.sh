#!/usr/bin/env bash
# Move pruning on Korf & Felner's 24-puzzles, side by side: each round
# solves each instance once with `--prune parent` and once with `--prune
# fsm` (the order alternating from round to round, so that neither always
# runs on a warmer machine), on one thread, and appends a row per run to
# OUT.csv with the nodes and the search seconds beside the published
# expansions of the same heuristic. Every solution is checked with
# `npuzzle verify`. Summarise with scripts/move_pruning_24.py OUT.csv.
#
# Usage: scripts/move_pruning_24.sh HEURISTIC OUT.csv ROUNDS ID...
#   HEURISTIC  pdb:6666, zpdb:6666 or cat:small (tables built first if missing)
# Environment: NPUZZLE (the binary, default build/npuzzle), FSM_NPUZZLE (a
#   second binary for the fsm runs, default the same), PDB_DIR.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/korf24_common.sh"
heuristic=$1
out=$2
rounds=$3
shift 3
bin=${NPUZZLE:-$root/build/npuzzle}
fsm_bin=${FSM_NPUZZLE:-$bin}
dir_args=()
[ -n "${PDB_DIR:-}" ] && dir_args=(--pdb-dir "$PDB_DIR")
column=$(korf24_column "$heuristic") || { echo "move_pruning_24: pdb:6666, zpdb:6666 or cat:small, not $heuristic" >&2; exit 2; }
"$bin" pdb build "$heuristic" --size 5x5 --goal blank-first --threads 2 "${dir_args[@]}" >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -f "$out" ] || echo "round,id,heuristic,prune,status,length,expanded,generated,published_expanded,search_seconds,git,binary,load,finished" >"$out"
rev=$(git -C "$root" rev-parse --short=12 HEAD)
for ((round = 1; round <= rounds; ++round)); do
  order=(parent fsm)
  ((round % 2 == 0)) && order=(fsm parent)
  for id in "$@"; do
    published=$(korf24_published "$id" "$column")
    korf24_instance "$id" "$work/in.txt"
    for prune in "${order[@]}"; do
      b=$bin
      [ "$prune" = fsm ] && b=$fsm_bin
      "$b" batch -i "$work/in.txt" -o "$work/out.csv" --heuristic "$heuristic" --prune "$prune" --threads 1 \
        --no-progress "${dir_args[@]}" 2>/dev/null
      "$b" verify -i "$work/in.txt" -r "$work/out.csv" >/dev/null
      # batch CSV: id,rows,cols,status,length,lower_bound,expanded,generated,seconds,...
      tail -n +2 "$work/out.csv" | awk -F, -v r="$round" -v h="$heuristic" -v p="$prune" -v pub="$published" \
        -v rev="$rev" -v bin="$b" -v load="$(cut -d' ' -f1 /proc/loadavg)" -v now="$(date -u +%FT%TZ)" \
        'BEGIN { OFS = "," } { print r, $1, h, p, $4, $5, $7, $8, pub, $9, rev, bin, load, now }' >>"$out"
      tail -n 1 "$out"
    done
  done
done
