#!/usr/bin/env bash
# Coverage of Korf & Felner's 50 24-puzzles on this machine: solves the
# instances on 2 threads (parallel IDA*: `batch --threads 2` splits a lone
# puzzle over both), easiest first by the published expansions of the same
# kind of heuristic, each with a time limit, one row per instance in
# results/korf24_coverage/HEURISTIC.csv. Resumable: an instance with a row is
# skipped, so the script can be stopped and rerun; it stops by itself after
# BUDGET seconds of wall time (default 900) or at the first instance that
# hits the limit (the later ones are harder).
#
# Usage: scripts/korf24_coverage.sh HEURISTIC [LIMIT_SECONDS]   (default 600)
#   HEURISTIC  pdb:6666, zpdb:6666 or cat:small (tables built first if missing)
# Environment: NPUZZLE (the binary, default build/npuzzle), BUDGET, PDB_DIR,
#   IDS (only these instances, e.g. IDS="46 6"; still easiest first),
#   PRUNE (parent, the default, or fsm: `--prune fsm`, rows in
#   HEURISTIC_fsm.csv; its expansions are fewer than the published ones),
#   FSM_DEPTH (with PRUNE=fsm: `--fsm-depth N`, rows in HEURISTIC_fsmN.csv),
#   TABLE (rows in results/korf24_coverage/TABLE.csv instead, with the state
#   and solutions under that name: a campaign of its own, such as all 50 on
#   one machine with one binary, pdb_6666_fsm_xeon),
#   CHECKPOINTS=1 (run each instance in pieces: a piece that hits the limit,
#   or is killed, leaves its checkpoint, which holds the subtrees of the
#   running iteration done, in STATE_DIR (default ~/.cache/npuzzle-korf24)
#   and no row; the next run of the script goes on from it, and the row's
#   wall time is the sum of the pieces'). The state is small text: with
#   STATE_DIR=results/korf24_coverage/state it can be committed, so that a
#   piece on one machine goes on from another's (the counts do not depend
#   on the machine; the wall times of the pieces then do).
# Each solved instance's batch output (the solution) and its provenance are
# kept in results/korf24_coverage/solutions/TABLE/ID.csv and ID.csv.json
# (with CHECKPOINTS=1 those of the last piece: its expanded count is the
# whole instance's, its seconds the piece's).
# Projection for the rest: scripts/korf24_coverage.py.
# Every build but the web page's has 5x5 kernels for the one-bit forms of
# zpdb:6666 (and its child signs) and of the catalogues; their other forms run
# on the generic kernel (same node counts) unless the binary was configured with
# -DNPUZZLE_RESEARCH_KERNELS=ON (the figures in results/ were taken with it):
#   scripts/setup.sh -- -DNPUZZLE_RESEARCH_KERNELS=ON
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/korf24_common.sh"
heuristic=$1
limit=${2:-600}
budget=${BUDGET:-900}
bin=${NPUZZLE:-$root/build/npuzzle}
dir_args=()
[ -n "${PDB_DIR:-}" ] && dir_args=(--pdb-dir "$PDB_DIR")
column=$(korf24_column "$heuristic") || { echo "korf24_coverage: pdb:6666, zpdb:6666 or cat:small, not $heuristic" >&2; exit 2; }
out_dir=$root/results/korf24_coverage
mkdir -p "$out_dir"
prune=${PRUNE:-parent}
depth_args=()
case $prune in
  parent) table=$out_dir/${heuristic//[:,\/]/_}.csv ;;
  fsm) table=$out_dir/${heuristic//[:,\/]/_}_fsm${FSM_DEPTH:-}.csv
       [ -n "${FSM_DEPTH:-}" ] && depth_args=(--fsm-depth "$FSM_DEPTH") ;;
  *) echo "korf24_coverage: PRUNE is parent or fsm, not $prune" >&2; exit 2 ;;
esac
[ -n "${TABLE:-}" ] && table=$out_dir/$TABLE.csv
[ -n "${FSM_DEPTH:-}" ] && [ "$prune" != fsm ] && { echo "korf24_coverage: FSM_DEPTH needs PRUNE=fsm" >&2; exit 2; }
[ -f "$table" ] || echo "id,status,length,expanded,published_expanded,wall_seconds,limit_seconds,threads,git,load,finished" >"$table"
"$bin" pdb build "$heuristic" --size 5x5 --goal blank-first --threads 2 "${dir_args[@]}" >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# SIGTERM or Ctrl-C (to the process group: `kill -- -PGID`) stops the batch,
# which keeps its checkpoint; the script then records the piece's exact wall
# time and stops, instead of dying with the last minute's.
stop=0
trap 'stop=1' TERM INT
checkpoint_args=()
state=${STATE_DIR:-$HOME/.cache/npuzzle-korf24}/$(basename "$table" .csv)
[ "${CHECKPOINTS:-0}" = 1 ] && mkdir -p "$state"
# The instances, easiest first by the published count.
ids=$(awk -F'\t' -v col="$column" 'NR == 1 { for (i = 1; i <= NF; ++i) if ($i == col) c = i; next }
      { print $c, $1 }' "$root/datasets/korf50_24_catalogues.tsv" | sort -n | awk '{ print $2 }')
started=$(date +%s)
for id in $ids; do
  ((stop)) && break
  if [ -n "${IDS:-}" ] && [[ " $IDS " != *" $id "* ]]; then continue; fi
  if awk -F, -v id="$id" '$1 == id { found = 1 } END { exit !found }' "$table"; then continue; fi
  if (($(date +%s) - started > budget)); then
    echo "korf24_coverage: budget of $budget s used; rerun to go on" >&2
    break
  fi
  published=$(korf24_published "$id" "$column")
  korf24_instance "$id" "$work/in.txt"
  out=$work/out.csv
  earlier=0  # the wall time of this instance's earlier pieces
  if [ "${CHECKPOINTS:-0}" = 1 ]; then
    out=$state/$id.csv  # its checkpoint: $out.checkpoints/$id.ckpt
    rm -f "$out"
    [ -f "$state/$id.wall" ] && earlier=$(cat "$state/$id.wall")
    checkpoint_args=(--checkpoints)
  fi
  t0=$(date +%s.%N)
  # Each piece adds its time as it goes, so that a killed piece's counts too.
  if [ "${CHECKPOINTS:-0}" = 1 ]; then
    (while sleep 60; do echo "$earlier + $(date +%s.%N) - $t0" | bc -l >"$state/$id.wall"; done) &
    ticker=$!
  fi
  "$bin" batch -i "$work/in.txt" -o "$out" --heuristic "$heuristic" --prune "$prune" "${depth_args[@]}" --threads 2 --time-limit "$limit" \
    --no-progress "${checkpoint_args[@]}" "${dir_args[@]}" 2>"$work/err.txt" || true
  wall=$(echo "$earlier + $(date +%s.%N) - $t0" | bc -l)
  if ((stop)) && [ "${CHECKPOINTS:-0}" != 1 ]; then
    echo "korf24_coverage: interrupted during instance $id; no row" >&2
    break
  fi
  if [ "${CHECKPOINTS:-0}" = 1 ]; then
    kill "$ticker" 2>/dev/null || true
    wait "$ticker" 2>/dev/null || true
    echo "$wall" >"$state/$id.wall"
    grep -h 'resumed from' "$work/err.txt" >&2 || true
    # No row: the piece was interrupted (Ctrl-C, a signal); its checkpoint
    # stays, as after a limit.
    piece=$(awk -F, -v id="$id" 'NR > 1 && $1 == id { print $4 }' "$out")
    if [ "$piece" = limit ] || [ -z "$piece" ]; then
      echo "korf24_coverage: instance $id stopped (${piece:-interrupted}) after $wall s in all; its checkpoint is in $state; rerun to go on" >&2
      break
    fi
    rm -rf "$out.checkpoints" "$state/$id.wall"
  fi
  "$bin" verify -i "$work/in.txt" -r "$out" >/dev/null
  if awk -F, -v id="$id" 'NR > 1 && $1 == id && $4 == "optimal" { found = 1 } END { exit !found }' "$out"; then
    solutions=$out_dir/solutions/$(basename "$table" .csv)
    mkdir -p "$solutions"
    mv "$out" "$solutions/$id.csv"
    mv "$out.json" "$solutions/$id.csv.json"
    out=$solutions/$id.csv
  fi
  tail -n +2 "$out" | awk -F, -v pub="$published" -v wall="$wall" -v limit="$limit" \
    -v rev="$(git -C "$root" rev-parse --short=12 HEAD)" -v load="$(cut -d' ' -f1 /proc/loadavg)" \
    -v now="$(date -u +%FT%TZ)" 'BEGIN { OFS = "," } { printf "%s,%s,%s,%s,%s,%.2f,%s,2,%s,%s,%s\n", $1, $4, $5, $7, pub, wall, limit, rev, load, now }' >>"$table"
  tail -n 1 "$table"
  status=$(tail -n 1 "$table" | cut -d, -f2)
  if [ "$status" != optimal ]; then
    echo "korf24_coverage: instance $id reached the limit; the later ones are harder" >&2
    break
  fi
done
