#!/usr/bin/env bash
# Regenerates every figure of the core engine in results/ (about 10 minutes
# on 2 cores): Korf's 100 with manhattan on 1 thread (node counts against
# Korf 1985 and the node rate), with linear-conflict on 1 and 2 threads, all
# 181,440 3x3 boards on 2 threads, and the Google Benchmark micro-benchmarks.
# Run it on a quiet machine: the two cores here are shared.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
export NPUZZLE=$root/build/npuzzle
"$root/scripts/bench_korf100.sh" manhattan 1
"$root/scripts/bench_korf100.sh" linear-conflict 1
"$root/scripts/bench_korf100.sh" linear-conflict 2
"$root/scripts/bench_all3x3.sh" linear-conflict 2
{
  echo "# Micro-benchmarks"
  echo
  echo "- command: \`scripts/bench_core.sh\` (each program with --benchmark_repetitions=3 --benchmark_report_aggregates_only=true)"
  echo "- npuzzle git $(git -C "$root" rev-parse --short=12 HEAD), $(date -u +%Y-%m-%dT%H:%M:%SZ), 1 thread"
  echo "- machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) logical cores"
  echo
  echo '```'
  for b in core heuristics io search; do
    "$root/build/bench/${b}_benchmark" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true 2>&1 |
      grep -E '^(BM_|Benchmark|-)' | grep -v '_stddev\|_cv'
  done
  echo '```'
} > "$root/results/microbenchmarks.md"
cat "$root/results/microbenchmarks.md"
