#!/usr/bin/env bash
# Regenerates every figure of the core engine in results/ (about 10 minutes
# on 2 cores): Korf's 100 with manhattan on 1 thread (node counts against
# Korf 1985 and the node rate), with linear-conflict on 1 and 2 threads, all
# 181,440 3x3 boards on 2 threads, and the Google Benchmark micro-benchmarks
# (scripts/bench_micro.sh). The heuristic comparison is scripts/bench_report.sh.
# Run it on a quiet machine: the two cores here are shared.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
export NPUZZLE=$root/build/npuzzle
"$root/scripts/bench_korf100.sh" manhattan 1
"$root/scripts/bench_korf100.sh" linear-conflict 1
"$root/scripts/bench_korf100.sh" linear-conflict 2
"$root/scripts/bench_all3x3.sh" linear-conflict 2
"$root/scripts/bench_micro.sh"
