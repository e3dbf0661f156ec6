#!/bin/sh
# The largest board end to end (results/huge.md): gen writes a 4096x4096
# board in the lines format, info reads it back and computes solvability
# (O(N)), inversions (O(N log N)), hamming, manhattan and linear conflict,
# and solve --algorithm phased refuses it with the size it would need.
# /usr/bin/time -v gives each step's wall time and peak memory.
#
#   scripts/huge_pipeline.sh [BUILD_DIR] [SIZE]     default: build 4096x4096
set -eu
build=${1:-build}
size=${2:-4096x4096}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
step() {
  name=$1
  shift
  /usr/bin/time -v "$@" 2> "$work/time" || true
  printf '%s: %s s wall, %s s user, peak %s MB\n' "$name" \
    "$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time")" \
    "$(sed -n 's/.*User time (seconds): //p' "$work/time")" \
    "$(( $(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time") / 1024 ))"
  grep -v "Command being timed\|^\s" "$work/time" >&2 || true
}
step "gen $size" sh -c "'$build/npuzzle' gen --size $size --count 1 --seed 5 > '$work/board.txt'"
echo "file: $(wc -c < "$work/board.txt") bytes"
step "info" "$build/npuzzle" info --pdb none "$work/board.txt"
step "solve --algorithm phased" "$build/npuzzle" solve --algorithm phased "$work/board.txt"
