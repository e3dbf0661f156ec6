#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) into build-fuzz/ and runs
# each for a fixed time on the committed seed corpus (tests/fuzz/corpus/NAME),
# which it never modifies: new inputs go to build-fuzz/corpus-NAME. A crash,
# leak, timeout or broken contract fails the script and leaves the input in
# build-fuzz/artifacts/; fix the bug and add that input to the seed corpus.
# Usage: scripts/fuzz.sh [SECONDS per target, default 60]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
build="$root/build-fuzz"
jobs=${NPUZZLE_JOBS:-$(nproc)}
source "$root/scripts/scratch_tree.sh"
ninja_tree "$build"
cmake -G Ninja -S "$root" -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
  -DNPUZZLE_BUILD_TESTS=OFF -DNPUZZLE_BUILD_BENCH=OFF -DNPUZZLE_FUZZ=ON \
  -DNPUZZLE_SANITIZE=address,undefined -DNPUZZLE_PYTHON=OFF -DNPUZZLE_GUI=OFF -DNPUZZLE_RENDER=OFF >/dev/null
cmake --build "$build" -j"$jobs" --target reader_fuzz verify_fuzz
mkdir -p "$build/artifacts"
# Each fuzzer runs on one thread: the two run side by side, one per core.
fuzz_one() {
  local name=$1
  mkdir -p "$build/corpus-$name"
  local log="$build/$name.log"
  echo "fuzz: ${name}_fuzz for $seconds s" >&2
  # -timeout: any input that takes 10 s is a hang; -rss_limit_mb bounds a
  # single run's memory (an allocation past it is reported as a bug).
  if ! "$build/tests/fuzz/${name}_fuzz" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
      -print_final_stats=1 -artifact_prefix="$build/artifacts/${name}-" \
      "$build/corpus-$name" "$root/tests/fuzz/corpus/$name" >"$log" 2>&1; then
    tail -n 60 "$log" >&2
    echo "fuzz: ${name}_fuzz FAILED; the input is in $build/artifacts/" >&2
    return 1
  fi
  local runs
  runs=$(grep -o 'Done [0-9]* runs' "$log" | tail -n 1 | grep -o '[0-9]*')
  echo "fuzz: ${name}_fuzz: ${runs:-?} executions in $seconds s, nothing found" >&2
}
pids=()
for name in reader verify; do
  fuzz_one "$name" &
  pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
exit $failed
