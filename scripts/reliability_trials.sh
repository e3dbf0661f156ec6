#!/usr/bin/env bash
# Repeats the randomised crash tests of tests/reliability_test.cc (kill -9,
# and SIGINT/SIGTERM, at random points, each followed by --resume; the final
# CSV compared with an uninterrupted run) N times and sums the signals that
# landed before the run finished. Needs build/ (scripts/setup.sh).
# Usage: scripts/reliability_trials.sh [N, default 20]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-20}
binary="$root/build/tests/reliability_test"
xml=$(mktemp)
trap 'rm -f "$xml"' EXIT
kills=0 interrupts=0 passed=0
for ((i = 1; i <= n; ++i)); do
  if "$binary" --gtest_filter='Reliability.*AtRandomPoints*' --gtest_output="xml:$xml" >/dev/null 2>&1; then
    passed=$((passed + 1))
  else
    echo "trials: run $i FAILED; rerun: $binary --gtest_filter='Reliability.*AtRandomPoints*'" >&2
  fi
  k=$(grep -o 'name="kills_landed" value="[0-9]*"' "$xml" | grep -o '[0-9]*"$' | tr -d '"' || echo 0)
  s=$(grep -o 'name="interrupts_landed" value="[0-9]*"' "$xml" | grep -o '[0-9]*"$' | tr -d '"' || echo 0)
  kills=$((kills + ${k:-0}))
  interrupts=$((interrupts + ${s:-0}))
done
echo "trials: $passed/$n runs passed; $kills kill -9 and $interrupts SIGINT/SIGTERM landed mid-run, each followed by --resume"
[ "$passed" -eq "$n" ] && echo "trials: every final CSV equal to the uninterrupted run's (all columns but seconds)"
