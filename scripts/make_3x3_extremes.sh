#!/usr/bin/env bash
# Writes the 3x3 boards at distance 30 and 31 (the farthest from the goal)
# for both goal conventions, from npuzzle's own exhaustive BFS
# (`npuzzle gen --distance`). Known counts: 221 boards at 30 and 2 at 31.
# Usage: scripts/make_3x3_extremes.sh [path/to/npuzzle]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$here/build/npuzzle}
for goal in blank-last blank-first; do
  for d in 30 31; do
    out=$here/datasets/3x3_distance${d}_${goal}.txt
    "$bin" gen --size 3x3 --distance "$d" --count 0 --goal "$goal" > "$out"
    echo "$out: $(grep -vc '^#' "$out") boards"
  done
done
