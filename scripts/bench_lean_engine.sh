#!/usr/bin/env bash
# Two of results/lean_engine.md's figures:
#   korf100  Korf's 100 with linear-conflict on one thread, this build (B)
#            against an older one (A, NPUZZLE_A: 9d5a303's build), side by
#            side: both at once, pinned to cores 0 and 1, swapped each round;
#            the node counts must be equal, the wall times are compared.
#   jsonl    the 2-million-line 3x3 batch (8-move random walks, Manhattan, 2
#            threads) written as CSV and as JSON Lines, alternately, ROUNDS
#            times each; the rows must hold the same values.
# Usage: scripts/bench_lean_engine.sh korf100|jsonl [ROUNDS (default 2)]
# Environment: NPUZZLE (this build, default build/npuzzle), NPUZZLE_A.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
what=$1
rounds=${2:-2}
bin=${NPUZZLE:-$root/build/npuzzle}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "# $what: $("$bin" --version | head -1); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')," \
     "$(nproc) cores; load before $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%FT%TZ)"
case $what in
  korf100)
    base=${NPUZZLE_A:?NPUZZLE_A names the older build}
    echo "# A: $base ($("$base" --version | head -1)); B: $bin"
    for round in $(seq 1 "$rounds"); do
      core_a=$(((round + 1) % 2))
      for side in A B; do
        b=$bin core=$((1 - core_a))
        if [ $side = A ]; then b=$base core=$core_a; fi
        /usr/bin/time -f "%e" -o "$work/$side.time" taskset -c "$core" "$b" batch -i "$root/datasets/korf100.txt" \
          -o "$work/$side.csv" --heuristic linear-conflict --threads 1 --no-progress --no-tail-parallel 2>/dev/null &
      done
      wait
      for side in A B; do
        core=$((1 - core_a))
        if [ $side = A ]; then core=$core_a; fi
        expanded=$(awk -F, 'NR > 1 { s += $7 } END { printf "%.0f", s }' "$work/$side.csv")
        echo "round $round, $side on core $core: $(cat "$work/$side.time") s wall, $expanded expanded"
      done
      cmp <(cut -d, -f1-8,12 "$work/A.csv") <(cut -d, -f1-8,12 "$work/B.csv") >/dev/null ||
        { echo "A and B differ in their rows" >&2; exit 1; }
    done
    ;;
  jsonl)
    "$bin" gen --size 3x3 --count 2000000 --walk 8 --seed 1 >"$work/in.txt"
    for round in $(seq 1 "$rounds"); do
      for format in csv jsonl; do
        /usr/bin/time -f "%e s wall, %U s user, %M KB peak" -o "$work/$format.time" "$bin" batch -i "$work/in.txt" \
          -o "$work/out.$format" --heuristic manhattan --threads 2 --no-progress 2>/dev/null
        echo "round $round, $format: $(cat "$work/$format.time"), $(stat -c %s "$work/out.$format") bytes"
      done
    done
    python3 - "$work/out.csv" "$work/out.jsonl" <<'EOF'
import csv, json, sys
with open(sys.argv[1]) as c, open(sys.argv[2]) as j:
    rows = csv.DictReader(c)
    n = 0
    for row, line in zip(rows, j, strict=True):
        obj = json.loads(line)
        assert list(obj) == rows.fieldnames, (list(obj), rows.fieldnames)
        for key, cell in row.items():
            value = obj[key]
            if key == "seconds":
                continue  # timings differ between runs
            if value is None:
                assert cell == "", (key, cell)
            else:
                assert str(value) == cell, (n, key, cell, value)
        n += 1
print(f"the same {n} rows in both files (every column but seconds)")
EOF
    ;;
  *) echo "usage: $0 korf100|jsonl [ROUNDS]" >&2; exit 2 ;;
esac
