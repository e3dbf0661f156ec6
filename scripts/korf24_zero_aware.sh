#!/usr/bin/env bash
# One of Korf & Felner's 24-puzzles with one heuristic, resumable: each
# invocation solves one (heuristic, instance) pair unless its row is already
# in results/korf24_zero_aware/HEURISTIC.csv, so the 50 x 3 runs can be done
# in pieces, across restarts. Rows carry the nodes expanded and the CPU
# seconds (user + system of the solving process, from /usr/bin/time) beside
# the published counts of datasets/korf50_24_catalogues.tsv; the summary
# results/korf24_zero_aware.md is written by scripts/korf24_zero_aware_summary.py.
#
# Usage: scripts/korf24_zero_aware.sh HEURISTIC ID
#   HEURISTIC  pdb:6666, zpdb:6666 or cat:small (tables built first if missing)
#   ID         Korf & Felner's instance number, 1..50
# Environment: NPUZZLE (the binary, default build/npuzzle), PDB_DIR (the
# table cache, default npuzzle's), TIME_LIMIT (seconds, default none).
# Every build but the web page's has 5x5 kernels for the one-bit forms of
# zpdb:6666 (and its child signs) and of the catalogues; their other forms run
# on the generic kernel (same node counts) unless the binary was configured with
# -DNPUZZLE_RESEARCH_KERNELS=ON (the figures in results/ were taken with it):
#   scripts/setup.sh -- -DNPUZZLE_RESEARCH_KERNELS=ON
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
heuristic=$1
id=$2
bin=${NPUZZLE:-$root/build/npuzzle}
dir_args=()
[ -n "${PDB_DIR:-}" ] && dir_args=(--pdb-dir "$PDB_DIR")
out_dir=$root/results/korf24_zero_aware
mkdir -p "$out_dir"
table=$out_dir/${heuristic//[:,\/]/_}.csv
if [ -f "$table" ] && awk -F, -v id="$id" '$1 == id { found = 1 } END { exit !found }' "$table"; then
  echo "instance $id with $heuristic: already done" >&2
  exit 0
fi
"$bin" pdb build "$heuristic" --size 5x5 --goal blank-first --threads 2 "${dir_args[@]}" > /dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "# goal: blank-first" > "$work/in.txt"
awk -v id="$id" '$1 == id' "$root/datasets/korf50_24.txt" >> "$work/in.txt"
limit_args=()
[ -n "${TIME_LIMIT:-}" ] && limit_args=(--time-limit "$TIME_LIMIT")
/usr/bin/time -f '%U %S' -o "$work/time" "$bin" batch -i "$work/in.txt" -o "$work/out.csv" \
  --heuristic "$heuristic" --threads 1 --no-progress "${dir_args[@]}" "${limit_args[@]}" || true
"$bin" verify -i "$work/in.txt" -r "$work/out.csv" > /dev/null
cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$work/time")
rev=$(git -C "$root" rev-parse --short=12 HEAD)
load=$(cut -d' ' -f1 /proc/loadavg)
[ -f "$table" ] || echo "id,status,length,expanded,generated,search_seconds,cpu_seconds,git,load,finished" > "$table"
# batch CSV: id,rows,cols,status,length,lower_bound,expanded,generated,seconds,...
tail -n +2 "$work/out.csv" | awk -F, -v cpu="$cpu" -v rev="$rev" -v load="$load" -v now="$(date -u +%FT%TZ)" \
  'BEGIN { OFS = "," } { print $1, $4, $5, $7, $8, $9, cpu, rev, load, now }' >> "$table"
tail -n 1 "$table"
