#!/usr/bin/env bash
# Exhaustive BFS of the 3x4 and 4x3 puzzles (239,500,800 states each, two
# bits per permutation: 120 MB, a few minutes each on one core), the ground
# truth behind datasets/3x4_* and datasets/4x3_* (datasets/README.md).
# Not run in CI.
#
#   scripts/bfs_3x4.sh [BUILD_DIR] [OUT_DIR]      (defaults: build, datasets)
#
# For each shape it writes S_depths.tsv (the distance histogram),
# S_hardest.txt/.tsv (the 40 farthest states) and S_sample.tsv (1,000
# uniformly random states with their distance), all for the blank-first
# goal (the .tsv files also give each board for blank-last), compares the
# histogram with the published one (OEIS A090166, Karlemo & Östergård 2000:
# the 4x3 puzzle, blank in a corner, which is the 3x4 one transposed), and
# checks that the shape's pattern database never exceeds the distance of
# any state (the tool exits 1 if it does).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
out=${2:-datasets}
nice -n 10 cmake --build "$build" --target npuzzle-bfs-2bit -j2

# OEIS A090166, n = 0..53.
published="1 2 4 9 20 37 63 122 232 431 781 1392 2494 4442 7854 13899 24215 41802 71167 119888 198363 323206
515778 811000 1248011 1885279 2782396 4009722 5621354 7647872 10065800 12760413 15570786 18171606 20299876
21587248 21841159 20906905 18899357 16058335 12772603 9515217 6583181 4242753 2503873 1350268 643245 270303
92311 27116 5390 1115 86 18"

for size in 3x4 4x3; do
  rows=${size%x*}
  cols=${size#*x}
  /usr/bin/time -v "$build/npuzzle-bfs-2bit" --size "$size" --goal blank-first --out "$out" \
    --hardest-from 50 --hardest-count 40 --sample 1000 --seed 1 --check-pdb "pdb:${rows}x${cols}-65" \
    2> >(grep -E 'largest distance|Maximum resident|Elapsed' >&2)
  ours=$(tail -n +3 "$out/${size}_depths.tsv" | cut -f2 | tr '\n' ' ')
  if [ "$(echo $ours)" = "$(echo $published)" ]; then
    echo "$size: the histogram equals OEIS A090166 (54 values, largest distance 53)"
  else
    echo "$size: the histogram DIFFERS from OEIS A090166" >&2
    exit 1
  fi
done
