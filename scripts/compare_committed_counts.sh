#!/usr/bin/env bash
# Re-solves the instances of every committed Korf result CSV
# (results/korf100_*_ida_*t.csv, results/korf24_pdb6666_2t.csv) with this
# build and compares, row by row, what must not change through a refactor:
# id, status, length, expanded, generated and the solution's moves. Node
# counts do not depend on the thread count, so every configuration runs on
# THREADS threads (default 2). Tables not cached are built first (pdb:78:
# about 4 minutes and 2 GiB once; XDG_CACHE_HOME or the default cache).
# Prints one line per CSV and exits 1 if any row differs.
# Usage: scripts/compare_committed_counts.sh [THREADS]
# Environment: NPUZZLE (the binary, default build/npuzzle); ONLY (a regular
# expression: only the CSVs whose names match).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
threads=${1:-2}
bin=${NPUZZLE:-$root/build/npuzzle}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "# $("$bin" --version | head -1); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; threads $threads; $(date -u +%FT%TZ)"
failed=0
for committed in "$root"/results/korf100_*_ida_*t.csv "$root"/results/korf24_pdb6666_2t.csv; do
  base=$(basename "$committed" .csv)
  [[ $base =~ ${ONLY:-.} ]] || continue
  heuristic=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["options"]["heuristic"])' "$committed.json")
  # A table without reflection is recorded as SPEC/no-reflect.
  args=(--heuristic "${heuristic%/no-reflect}")
  if [[ $heuristic == */no-reflect ]]; then args+=(--no-reflect); fi
  heuristic=${heuristic%/no-reflect}
  case $base in
    korf24_*)
      awk -F, 'NR > 1 { print $1 }' "$committed" >"$work/ids"
      awk 'NR == FNR { want[$1] = 1; next } /^#/ { print; next } ($1 in want)' "$work/ids" "$root/datasets/korf50_24.txt" >"$work/in.txt"
      ;;
    *) cp "$root/datasets/korf100.txt" "$work/in.txt" ;;
  esac
  case $heuristic in
    pdb:*) "$bin" pdb build "$heuristic" --goal blank-first --size "$(awk '!/^#/ && NF { print (NF - 1 == 25 ? "5x5" : "4x4"); exit }' "$work/in.txt")" \
             --threads "$threads" >/dev/null 2>&1 ;;
  esac
  start=$(date +%s.%N)
  "$bin" batch -i "$work/in.txt" -o "$work/$base.csv" "${args[@]}" --threads "$threads" --no-progress >"$work/log" 2>&1 || true
  seconds=$(echo "$(date +%s.%N) - $start" | bc)
  cut_cols() { awk -F, 'NR > 1 { print $1 "," $4 "," $5 "," $7 "," $8 "," $12 }' "$1" | sort; }
  if diff <(cut_cols "$committed") <(cut_cols "$work/$base.csv") >"$work/diff"; then
    rows=$(($(wc -l <"$committed") - 1))
    expanded=$(awk -F, 'NR > 1 { s += $7 } END { printf "%.0f", s }' "$committed")
    printf '%s: %d rows identical (status, length, expanded, generated, moves; %s expanded), %.1f s\n' \
      "$base" "$rows" "$expanded" "$seconds"
  else
    echo "$base: DIFFERS"
    head -20 "$work/diff"
    failed=1
  fi
done
exit $failed
