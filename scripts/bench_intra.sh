#!/usr/bin/env bash
# Parallel IDA* inside one puzzle (src/search/parallel_ida_star.h): the
# speed-up of `solve --intra-threads 2` over `--intra-threads 1`, and the
# tail effect of a batch whose last puzzle is the hardest, with and without
# tail parallelism. Writes results/intra.md.
#
# Usage: scripts/bench_intra.sh [BUILD_DIR]   (default build; built if missing)
#   NPUZZLE_BENCH_REPEATS  runs per case and thread count, the best is kept (3)
#   NPUZZLE_BENCH_PDB=1    also the 24-puzzle #1 with pdb:6666, building the
#                          tables if they are not cached (about 2.5 min and
#                          1.6 GiB on an idle machine; the run itself longer)
# Resumable: each measurement is one line of $work/times.tsv, skipped when
# present; delete the file (or the line) to measure again.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
case $build in /*) ;; *) build=$root/$build ;; esac
repeats=${NPUZZLE_BENCH_REPEATS:-3}
work=$build/bench-intra
mkdir -p "$work"
times=$work/times.tsv
touch "$times"

if [[ ! -x $build/npuzzle ]]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DNPUZZLE_BUILD_BENCH=OFF -DNPUZZLE_GUI=OFF \
    -DNPUZZLE_PYTHON=OFF -DNPUZZLE_RENDER=OFF >/dev/null
  cmake --build "$build" --target npuzzle -j"$(nproc)"
fi
npuzzle=$build/npuzzle

# One puzzle of a dataset as its own file, with the dataset's goal comment.
extract() {  # DATASET ID OUT
  { grep '^# goal:' "$1"; grep "^$2 " "$1"; } >"$3"
}

# measure KEY COMMAND...: the best wall time of $repeats runs, the
# command's node counts (solve's `nodes:` line) and the best search time
# (solve's `time:` line: the search alone, without process start-up and
# table loading), appended to times.tsv.
measure() {
  local key=$1
  shift
  if grep -q "^$key	" "$times"; then return; fi
  local best="" cpu="" nodes="" out start end t search best_search=""
  for ((r = 0; r < repeats; ++r)); do
    start=$(date +%s.%N)
    out=$(/usr/bin/time -f 'cpu-seconds %U' "$@" 2>&1)
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc -l)
    if [[ -z $best ]] || (($(echo "$t < $best" | bc -l))); then
      best=$t
      cpu=$(echo "$out" | sed -n 's/^cpu-seconds //p' | tail -1)
    fi
    nodes=$(echo "$out" | sed -n 's/^ *nodes: *//p' | head -1)
    search=$(echo "$out" | sed -n 's/^ *time: *\([0-9.e+-]*\) s.*/\1/p' | head -1)
    if [[ -n $search ]] && { [[ -z $best_search ]] || (($(echo "$search < $best_search" | bc -l))); }; then
      best_search=$search
    fi
  done
  local load
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  printf '%s\t%.3f\t%s\t%s\t%s\t%s\n' "$key" "$best" "$nodes" "$load" "$cpu" "$best_search" >>"$times"
  echo "$key: $best s, search $best_search s, $cpu s CPU ($nodes; load $load)" >&2
}

cases=()
for id in 1 3 88; do
  extract "$root/datasets/korf100.txt" "$id" "$work/korf$id.txt"
  cases+=("korf$id linear-conflict")
done
if [[ ${NPUZZLE_BENCH_PDB:-0} == 1 ]]; then
  extract "$root/datasets/korf50_24.txt" 1 "$work/korf24_1.txt"
  if ! grep -q "^pdb-build	" "$times"; then
    start=$(date +%s.%N)
    "$npuzzle" pdb build pdb:6666 --goal blank-first >&2
    printf 'pdb-build\t%.3f\t\t%s\n' "$(echo "$(date +%s.%N) - $start" | bc -l)" "$(cut -d' ' -f1-3 /proc/loadavg)" >>"$times"
  fi
  cases+=("korf24_1 pdb:6666")
fi

for c in "${cases[@]}"; do
  read -r name heuristic <<<"$c"
  for n in 1 2; do
    measure "solve/$name/$n" "$npuzzle" solve --heuristic "$heuristic" --intra-threads "$n" "$work/$name.txt"
  done
done

# The tail: twelve of Korf's 100 of 9 to 28 million expansions each with
# linear conflict, then #88 (223 million, the slowest of the three above) last.
tail_input=$work/tail.txt
{
  grep '^# goal:' "$root/datasets/korf100.txt"
  for id in 10 11 14 21 26 27 33 37 52 54 63 64; do grep "^$id " "$root/datasets/korf100.txt"; done
  grep '^88 ' "$root/datasets/korf100.txt"
} >"$tail_input"
for mode in tail no-tail; do
  flag=()
  [[ $mode == no-tail ]] && flag=(--no-tail-parallel)
  measure "batch/$mode" "$npuzzle" batch --no-progress --threads 2 --heuristic linear-conflict "${flag[@]}" \
    -i "$tail_input" -o "$work/tail-$mode.csv"
done
# The two CSVs must agree but for the seconds.
same_csv=no
if cmp -s <(cut -d, -f1-8,10- "$work/tail-tail.csv") <(cut -d, -f1-8,10- "$work/tail-no-tail.csv"); then same_csv=yes; fi

# results/intra.md from times.tsv.
get() { awk -F'\t' -v k="$1" '$1 == k { print $'"${2:-2}"' }' "$times"; }
{
  echo "# Parallel IDA* inside one puzzle: 2 threads against 1"
  echo
  echo "Written by \`scripts/bench_intra.sh\` (git $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)," \
    "$(date -u +%Y-%m-%dT%H:%MZ)) on $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')," \
    "$(nproc) cores. Best of $repeats runs, wall seconds of the whole command (\`date\` around it)."
  echo "The load average (1, 5, 15 min) was taken after each case: other work on"
  echo "the machine slows the 2-thread runs most, so only figures taken at a load"
  echo "well below 1 say what the code does. CPU is the user time of the run kept:"
  echo "equal CPU for 1 and 2 threads means the split itself costs nothing."
  echo
  echo "## One puzzle: \`npuzzle solve --heuristic H --intra-threads N\`"
  echo
  echo "\"search\" is the search's own time (solve's \`time:\` line, best of the runs): the"
  echo "command's wall time also holds process start-up and, for PDBs, mapping the tables."
  echo
  echo "| puzzle | heuristic | 1 thread (s) | 2 threads (s) | speed-up | search 1 thread (s) | search 2 threads (s) | search speed-up | CPU 1 / 2 threads (s) | nodes (the same for both) | load |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|---|---|---|"
  for c in "${cases[@]}"; do
    read -r name heuristic <<<"$c"
    one=$(get "solve/$name/1")
    two=$(get "solve/$name/2")
    [[ -z $one || -z $two ]] && continue
    speedup=$(echo "$one / $two" | bc -l)
    nodes1=$(get "solve/$name/1" 3)
    nodes2=$(get "solve/$name/2" 3)
    same=$nodes1
    [[ $nodes1 != "$nodes2" ]] && same="DIFFERENT: $nodes1 / $nodes2"
    search1=$(get "solve/$name/1" 6)
    search2=$(get "solve/$name/2" 6)
    search_speedup=n/a
    [[ -n $search1 && -n $search2 ]] && search_speedup=$(printf '%.2fx' "$(echo "$search1 / $search2" | bc -l)")
    printf '| %s | %s | %s | %s | %.2fx | %s | %s | %s | %s / %s | %s | %s |\n' "$name" "$heuristic" "$one" "$two" "$speedup" \
      "$search1" "$search2" "$search_speedup" \
      "$(get "solve/$name/1" 5)" "$(get "solve/$name/2" 5)" "$same" "$(get "solve/$name/2" 4)"
  done
  if [[ ${NPUZZLE_BENCH_PDB:-0} != 1 ]]; then
    echo
    echo "The 24-puzzle #1 with pdb:6666 was not run (NPUZZLE_BENCH_PDB=1 runs it)."
  fi
  echo
  echo "## The tail of a batch: \`npuzzle batch --threads 2 --heuristic linear-conflict\`"
  echo
  echo "Thirteen of Korf's 100 (ids 10 11 14 21 26 27 33 37 52 54 63 64, 8 to 28 million expansions each, then 88, 223 million, the hardest, last)."
  echo
  echo "| tail | wall (s) | CPU (s) | load |"
  echo "|---|---:|---:|---|"
  echo "| split over idle threads (default) | $(get batch/tail) | $(get batch/tail 5) | $(get batch/tail 4) |"
  echo "| \`--no-tail-parallel\` | $(get batch/no-tail) | $(get batch/no-tail 5) | $(get batch/no-tail 4) |"
  echo
  echo "The two CSVs are identical but for the seconds column: $same_csv."
} >"$root/results/intra.md"
echo "wrote results/intra.md" >&2
