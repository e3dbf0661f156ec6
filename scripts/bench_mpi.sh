#!/usr/bin/env bash
# npuzzle-mpi's overhead against `npuzzle batch` on this machine, with the
# same total threads:
#   batch      npuzzle batch --threads 2
#   mpi-2x1    mpirun -np 2 npuzzle-mpi batch --threads 1
#   mpi-2x1-unbound  the same with --bind-to none (mpirun binds each of
#                    up to 2 ranks to a core by default; batch's threads float)
#   mpi-1x2    mpirun -np 1 --bind-to none npuzzle-mpi batch --threads 2
#              (rank 0 alone, solving on 2 threads while its main thread coordinates)
# on Korf's 100 (linear-conflict) and on 100,000 random 3x3 boards (the
# small-task worst case: ~10^5 messages' worth of chunks). The three run in
# turn, ROUNDS times (A B C D A B C D ...), so that the load of a shared machine
# falls on all of them alike; every CSV is checked against batch's (all
# columns but seconds). Writes results/mpi.md (or $OUT_MD).
# Usage: scripts/bench_mpi.sh [ROUNDS] [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-2}
build=${2:-$root/build}
out_md=${OUT_MD:-$root/results/mpi.md}
npuzzle=$build/npuzzle
npuzzle_mpi=$build/npuzzle-mpi
mpirun=(mpirun --allow-run-as-root --oversubscribe --mca btl self,vader --mca btl_vader_single_copy_mechanism none)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$npuzzle" gen --size 3x3 --count 100000 --seed 1 >"$work/random3x3.txt"

declare -A command
run_one() {  # NAME DATASET IN HEURISTIC -> prints wall seconds
  local name=$1 in=$3 heuristic=$4 out=$work/$1-$2.csv
  local common=(-i "$in" -o "$out" --heuristic "$heuristic" --no-progress)
  local start end
  start=$(date +%s.%N)
  case $name in
    batch) "$npuzzle" batch --threads 2 "${common[@]}" 2>"$out.err" || [ $? -eq 1 ] ;;
    mpi-2x1) "${mpirun[@]}" -np 2 "$npuzzle_mpi" batch --threads 1 "${common[@]}" 2>"$out.err" || [ $? -eq 1 ] ;;
    mpi-2x1-unbound) "${mpirun[@]}" -np 2 --bind-to none "$npuzzle_mpi" batch --threads 1 "${common[@]}" 2>"$out.err" || [ $? -eq 1 ] ;;
    mpi-1x2) "${mpirun[@]}" -np 1 --bind-to none "$npuzzle_mpi" batch --threads 2 "${common[@]}" 2>"$out.err" || [ $? -eq 1 ] ;;
  esac
  end=$(date +%s.%N)
  if [ "$name" != batch ] && ! diff -q <(cut -d, -f1-8,10- "$work/batch-$2.csv") <(cut -d, -f1-8,10- "$out") >/dev/null; then
    echo "bench_mpi: $name's CSV for $2 differs from batch's" >&2
    exit 1
  fi
  echo "$end - $start" | bc -l
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
{
  echo "# npuzzle-mpi against npuzzle batch, same total threads"
  echo
  echo "- command: \`scripts/bench_mpi.sh $rounds\` (configurations run in turn, $rounds rounds: A B C D A B C D ...)"
  echo "- revision: $("$npuzzle" --version), run $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "- machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; load before: $load_before"
  echo "- mpirun: ${mpirun[*]}"
  echo
  echo "| dataset | configuration | wall seconds, each round | best | ratio of best to batch's best |"
  echo "|---|---|---|---:|---:|"
} >"$out_md.tmp"
for dataset in korf100 random3x3; do
  if [ $dataset = korf100 ]; then in=$root/datasets/korf100.txt heuristic=linear-conflict
  else in=$work/random3x3.txt heuristic=linear-conflict; fi
  declare -A times=()
  for ((r = 1; r <= rounds; r++)); do
    for name in batch mpi-2x1 mpi-2x1-unbound mpi-1x2; do
      t=$(run_one $name $dataset "$in" $heuristic)
      times[$name]+="$(printf '%.2f' "$t") "
      echo "bench_mpi: $dataset $name round $r: $t s (load $(cut -d' ' -f1 /proc/loadavg))" >&2
    done
  done
  best_batch=$(tr ' ' '\n' <<<"${times[batch]}" | grep . | sort -g | head -1)
  for name in batch mpi-2x1 mpi-2x1-unbound mpi-1x2; do
    best=$(tr ' ' '\n' <<<"${times[$name]}" | grep . | sort -g | head -1)
    echo "| $dataset | $name | ${times[$name]} | $best | $(printf '%.3f' "$(echo "$best / $best_batch" | bc -l)") |" >>"$out_md.tmp"
  done
  unset times
done
echo >>"$out_md.tmp"
echo "- load after: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out_md.tmp"
mv "$out_md.tmp" "$out_md"
cat "$out_md"
