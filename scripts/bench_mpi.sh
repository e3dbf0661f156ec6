#!/usr/bin/env bash
# npuzzle-mpi's overhead against `npuzzle batch` on this machine, with the
# same total threads:
#   batch      npuzzle batch --threads 2
#   mpi-2x1    mpirun -np 2 npuzzle-mpi batch --threads 1
#   mpi-2x1-unbound  the same with --bind-to none (mpirun binds each of
#                    up to 2 ranks to a core by default; batch's threads float)
#   mpi-1x2    mpirun -np 1 --bind-to none npuzzle-mpi batch --threads 2
#              (one rank for the machine, as on a cluster: rank 0 alone runs
#              batch's pipeline on 2 threads)
# on Korf's 100 (linear-conflict) and on 100,000 random 3x3 boards (the
# small-task worst case: ~10^5 messages' worth of chunks). The three run in
# turn, ROUNDS times (A B C D A B C D ...), so that the load of a shared machine
# falls on all of them alike; every CSV is checked against batch's (all
# columns but seconds). Writes results/mpi.md (or $OUT_MD).
# Usage: scripts/bench_mpi.sh [ROUNDS] [BUILD_DIR]   (random3x3 is `npuzzle gen --size 3x3 --count 100000 --seed 1`)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-2}
build=${2:-$root/build}
out_md=${OUT_MD:-$root/results/mpi.md}
npuzzle=$build/npuzzle
npuzzle_mpi=$build/npuzzle-mpi
mpirun=(mpirun --allow-run-as-root --oversubscribe --mca btl self,vader --mca btl_vader_single_copy_mechanism none --mca pml ob1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# DATASETS and RANDOM_COUNT shrink a trial run of this script.
datasets=${DATASETS:-korf100 random3x3}
"$npuzzle" gen --size 3x3 --count "${RANDOM_COUNT:-100000}" --seed 1 >"$work/random3x3.txt"

run_one() {  # NAME DATASET IN HEURISTIC -> prints "wall cpu" seconds (cpu: user + system of every process)
  local name=$1 in=$3 heuristic=$4 out=$work/$1-$2.csv
  local common=(-i "$in" -o "$out" --heuristic "$heuristic" --no-progress)
  local timed=(/usr/bin/time -f "%e %U %S" -o "$out.time")
  case $name in
    batch) "${timed[@]}" "$npuzzle" batch --threads 2 "${common[@]}" 2>"$out.err" || [ $? -eq 1 ] ;;
    mpi-2x1) "${timed[@]}" "${mpirun[@]}" -np 2 "$npuzzle_mpi" batch --threads 1 "${common[@]}" 2>"$out.err" || [ $? -eq 1 ] ;;
    mpi-2x1-unbound) "${timed[@]}" "${mpirun[@]}" -np 2 --bind-to none "$npuzzle_mpi" batch --threads 1 "${common[@]}" 2>"$out.err" || [ $? -eq 1 ] ;;
    mpi-1x2) "${timed[@]}" "${mpirun[@]}" -np 1 --bind-to none "$npuzzle_mpi" batch --threads 2 "${common[@]}" 2>"$out.err" || [ $? -eq 1 ] ;;
  esac
  if [ "$name" != batch ] && ! diff -q <(cut -d, -f1-8,10- "$work/batch-$2.csv") <(cut -d, -f1-8,10- "$out") >/dev/null; then
    echo "bench_mpi: $name's CSV for $2 differs from batch's" >&2
    exit 1
  fi
  # The run's own wall seconds (its sidecar): from reading the input to the
  # last row, without process start-up, MPI_Init and MPI_Finalize.
  local inside
  inside=$(python3 -c 'import json,sys; print("%.2f" % json.load(open(sys.argv[1]))["wall_seconds"])' "$out.json")
  awk -v inside="$inside" '{ printf "%.2f %.2f %s\n", $1, $2 + $3, inside }' "$out.time"
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
  echo "Wall and CPU seconds are of the whole command (mpirun, process start-up and MPI_Init included);"
  echo "\"run wall\" is the run's own wall seconds from its sidecar (input to last row)."
  echo
  echo "| dataset | configuration | wall seconds, each round | CPU seconds, each round | run wall, each round | best wall | ratio to batch's best wall | best run wall | ratio to batch's | least CPU | ratio to batch's least CPU |"
  echo "|---|---|---|---|---|---:|---:|---:|---:|---:|---:|"
} >"$out_md.tmp"
for dataset in $datasets; do
  if [ $dataset = korf100 ]; then in=$root/datasets/korf100.txt heuristic=linear-conflict
  else in=$work/random3x3.txt heuristic=linear-conflict; fi
  declare -A walls=() cpus=() insides=()
  for ((r = 1; r <= rounds; r++)); do
    for name in batch mpi-2x1 mpi-2x1-unbound mpi-1x2; do
      read -r wall cpu inside < <(run_one $name $dataset "$in" $heuristic)
      walls[$name]+="$wall "
      cpus[$name]+="$cpu "
      insides[$name]+="$inside "
      echo "bench_mpi: $dataset $name round $r: $wall s wall ($inside s inside), $cpu s CPU (load $(cut -d' ' -f1 /proc/loadavg))" >&2
    done
  done
  least() { tr ' ' '\n' <<<"$1" | grep . | sort -g | head -1; }
  best_batch=$(least "${walls[batch]}")
  cpu_batch=$(least "${cpus[batch]}")
  inside_batch=$(least "${insides[batch]}")
  for name in batch mpi-2x1 mpi-2x1-unbound mpi-1x2; do
    best=$(least "${walls[$name]}")
    cpu=$(least "${cpus[$name]}")
    inside=$(least "${insides[$name]}")
    printf '| %s | %s | %s | %s | %s | %s | %.3f | %s | %.3f | %s | %.3f |\n' "$dataset" "$name" "${walls[$name]}" "${cpus[$name]}" \
      "${insides[$name]}" "$best" "$(echo "$best / $best_batch" | bc -l)" "$inside" "$(echo "$inside / $inside_batch" | bc -l)" \
      "$cpu" "$(echo "$cpu / $cpu_batch" | bc -l)" >>"$out_md.tmp"
  done
  unset walls cpus insides
done
echo >>"$out_md.tmp"
echo "- load after: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out_md.tmp"
mv "$out_md.tmp" "$out_md"
cat "$out_md"
