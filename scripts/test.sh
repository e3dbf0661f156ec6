#!/usr/bin/env bash
# The whole test suite, from a fresh clone on a fresh Debian machine:
#   1. scripts/setup.sh --tests: installs every package it tests (front ends
#      and test tools), builds build/ (Release) with the tests and benchmarks;
#   2. the GoogleTest suite on build/, then the Python module's pytest suite
#      on its installed package (scripts/test_python.sh);
#   3. ASan + UBSan (build-asan/): the reader, core, CLI, PDB file,
#      exit-code contract and engine-library tests;
#   4. TSan (build-tsan/): the batch pipeline (through the CLI and in-process),
#      progress bar and signal tests;
#   5. the two libFuzzer targets (build-fuzz/), NPUZZLE_FUZZ_SECONDS each (30);
#   6. the web page in headless chromium (scripts/test_web.sh: web/engine
#      built by setup.sh, puppeteer-core from npm).
# NPUZZLE_JOBS sets the parallel jobs (default: all cores). Stops at the
# first failure; prints how long each step took.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
jobs=${NPUZZLE_JOBS:-$(nproc)}
export NPUZZLE_JOBS=$jobs
fuzz_seconds=${NPUZZLE_FUZZ_SECONDS:-30}
timings=()
step() {
  local name=$1
  shift
  local start=$SECONDS
  echo "==== test.sh: $name" >&2
  "$@"
  timings+=("$(printf '%-34s %5d s' "$name" $((SECONDS - start)))")
}

step "set-up and Release build" scripts/setup.sh --tests
step "test suite (Release)" ctest --test-dir build --output-on-failure -j"$jobs"
step "Python module (pytest)" scripts/test_python.sh build
# The exhaustive sweeps and the Korf runs are left to the Release suite;
# so is the CLI's choice of a cached table (AutoHeuristic: the table's build
# under ASan is pdb_test's). The crash-safety trials (reliability_test) run
# under TSan, below.
step "ASan+UBSan subset" scripts/sanitize.sh address,undefined build-asan \
  "core_test reader_test cli_test pdb_test contract_test engine_test" 'BfsGroundTruth|Korf100|EveryState|AutoHeuristic'
# TSan: the pipeline, the progress bar, signals and the PDB cache's locking,
# through the CLI, and the pipeline and run_batch called in-process
# (engine_test). Not the PDB builder's parallel_for: its layers are ordered
# inside libtbb, which TSan cannot see (src/batch/handoff.h); so not the CLI
# test that builds a table either (AutoHeuristic, batch's build step, the
# build killed half-way).
# Most of its tests wait on the processes they start and signal, so twice as
# many run at once as there are cores (on 2 cores: 48.7 s against 58.4 s,
# results/lean_engine.md).
step "TSan subset" env NPUZZLE_TEST_JOBS=$((2 * jobs)) scripts/sanitize.sh thread build-tsan "cli_test reliability_test engine_test" \
  'CliRoundTrip|CliTamper|GenDistance|MillionCell|AutoHeuristic|BuildsAMissingTable|TheBuildStep|PdbBuildKilled'
step "fuzzing, ${fuzz_seconds} s per target" scripts/fuzz.sh "$fuzz_seconds"
step "web page (headless chromium)" scripts/test_web.sh

echo "==== test.sh: all passed" >&2
printf '%s\n' "${timings[@]}" >&2
