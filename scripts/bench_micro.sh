#!/usr/bin/env bash
# The Google Benchmark micro-benchmarks, one program per module (bench/),
# each with 3 repetitions, into results/microbenchmarks.md with the
# command, git revision and machine (about 4 minutes on 2 cores).
# Usage: scripts/bench_micro.sh        (run by scripts/bench_core.sh)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
programs=(core heuristics io search pdb)
# The benchmarks are built with the tests (scripts/setup.sh --tests).
grep -q "^NPUZZLE_BUILD_BENCH:BOOL=ON" "$root/build/CMakeCache.txt" 2>/dev/null || "$root/scripts/setup.sh" --tests
nice make -C "$root/build" -j2 "${programs[@]/%/_benchmark}" > /dev/null
{
  echo "# Micro-benchmarks"
  echo
  echo "- command: \`scripts/bench_micro.sh\` (each program with --benchmark_repetitions=3 --benchmark_report_aggregates_only=true)"
  echo "- npuzzle git $(git -C "$root" describe --always --dirty --abbrev=12), $(date -u +%Y-%m-%dT%H:%M:%SZ), 1 thread, Release build"
  echo "- machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) logical cores (a shared VM; load average at the start: $(cut -d' ' -f1-3 /proc/loadavg))"
  echo
  echo '```'
  for b in "${programs[@]}"; do
    "$root/build/bench/${b}_benchmark" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true 2>&1 |
      grep -E '^(BM_|Benchmark|-)' | grep -v '_stddev\|_cv'
  done
  echo '```'
} > "$root/results/microbenchmarks.md.tmp.$$"
mv "$root/results/microbenchmarks.md.tmp.$$" "$root/results/microbenchmarks.md"
cat "$root/results/microbenchmarks.md"
