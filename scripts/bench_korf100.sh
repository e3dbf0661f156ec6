#!/usr/bin/env bash
# Korf's 100 15-puzzles through `npuzzle batch`: lengths against the
# published optimal lengths, node counts against Korf (1985), and the node
# rate. Writes results/korf100_<heuristic>_<threads>t.{csv,csv.json,md}.
#
# Usage: scripts/bench_korf100.sh [HEURISTIC [THREADS [ALGORITHM]]]
#   HEURISTIC  manhattan | linear-conflict (default) | wd | pdb:SPEC | pdb:SPEC/no-reflect |
#              max(pdb:SPEC,wd) (the file's name drops ':', ',' and the parentheses)
#              (a PDB's tables are built first if they are not cached)
#   THREADS    default 1
# IDA* + manhattan on all 100 takes about 5 CPU-minutes, linear-conflict about
# 1, pdb:663 about 2 seconds and pdb:78 a fifth of a second.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
heuristic=${1:-linear-conflict}
threads=${2:-1}
algorithm=${3:-ida}
bin=${NPUZZLE:-$root/build/npuzzle}
[ -x "$bin" ] || "$root/scripts/setup.sh"
reflect=()
name=${heuristic//[:,()]/}
if [[ $heuristic == */no-reflect ]]; then
  heuristic=${heuristic%/no-reflect}
  reflect=(--no-reflect)
  name=${name%/no-reflect}-noreflect
fi
name=${name//\//-}
if [[ $heuristic == pdb:* ]]; then
  "$bin" pdb build "$heuristic" --goal blank-first --threads "$threads" >&2
fi
out=$root/results/korf100_${name}_${algorithm}_${threads}t
"$bin" batch -i "$root/datasets/korf100.txt" -o "$out.csv" --heuristic "$heuristic" "${reflect[@]}" \
  --algorithm "$algorithm" --threads "$threads" --no-progress
"$bin" verify -i "$root/datasets/korf100.txt" -r "$out.csv"
python3 "$root/scripts/summarize_korf100.py" "$out.csv" "$root/datasets/korf100.tsv" > "$out.md"
cat "$out.md"
