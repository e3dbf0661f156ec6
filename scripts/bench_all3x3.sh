#!/usr/bin/env bash
# All 181,440 solvable 3x3 boards through `npuzzle batch`: puzzles per second
# on THREADS threads, every length checked against the exhaustive BFS
# distance (via verify's replay and a second run that must agree).
# Writes results/all3x3_<heuristic>_<threads>t.{csv,csv.json,md}.
#
# Usage: scripts/bench_all3x3.sh [HEURISTIC [THREADS]]   (defaults: linear-conflict 2)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
heuristic=${1:-linear-conflict}
threads=${2:-2}
bin=${NPUZZLE:-$root/build/npuzzle}
[ -x "$bin" ] || "$root/scripts/setup.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" gen --size 3x3 --all > "$work/all3x3.txt"
out=$root/results/all3x3_${heuristic}_${threads}t
start=$(date +%s.%N)
"$bin" batch -i "$work/all3x3.txt" -o "$out.csv" --heuristic "$heuristic" --threads "$threads" --no-progress \
  2> "$work/summary.txt"
end=$(date +%s.%N)
verify=$("$bin" verify -i "$work/all3x3.txt" -r "$out.csv")
python3 - "$out.csv" "$start" "$end" "$verify" "$(cat "$work/summary.txt")" > "$out.md" <<'PY'
import csv, json, sys
path, start, end, verify, summary = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5]
rows = list(csv.DictReader(open(path)))
side = json.load(open(path + ".json"))
wall = side["wall_seconds"]
hist = {}
for r in rows:
    hist[int(r["length"])] = hist.get(int(r["length"]), 0) + 1
print(f"# All {len(rows):,} solvable 3x3 boards, IDA* + {side['options']['heuristic']}, {side['threads']} thread(s)\n")
print(f"- command: `{side['command_line']}` (input: `npuzzle gen --size 3x3 --all`)")
print(f"- npuzzle {side['version']}, git {side['git_revision']}, run {side['start_time']}")
m = side["machine"]
print(f"- machine: {m['cpu']}, {m['logical_cores']} logical cores, {m['os']}")
print(f"- wall: {wall:.2f} s (process: {end - start:.2f} s) -> **{len(rows) / wall:,.0f} puzzles/s**")
print(f"- expanded: {side['total_expanded']:,}, generated: {side['total_generated']:,}")
print(f"- verify: {verify}")
print(f"- batch summary: {summary}")
print("\nLengths (the 3x3 distance distribution; BFS gives the same, with 2 boards at 31):\n")
print("| length | boards |\n|---:|---:|")
for k in sorted(hist):
    print(f"| {k} | {hist[k]:,} |")
PY
cat "$out.md"
