#!/usr/bin/env bash
# Builds the npuzzle binary and the given test binaries with sanitizers into
# their own tree, then runs their tests there (all of them but those that
# EXCLUDE matches).
# Usage: scripts/sanitize.sh SANITIZERS BUILD_DIR "TEST_BINARY..." [EXCLUDE]
#   (NPUZZLE_JOBS: build jobs, default all cores; NPUZZLE_TEST_JOBS: tests at once)
#   e.g. scripts/sanitize.sh address,undefined build-asan "reader_test cli_test" 'Korf100'
# Any sanitizer report fails the test it happens in: UBSan aborts
# (-fno-sanitize-recover), and each sanitizer exits with a code that no
# npuzzle command uses (ASan 86, UBSan 87, TSan 66), so a test that checks
# an exit code, including one of the npuzzle binary it runs, sees it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sanitizers=$1
build="$root/$2"
read -r -a binaries <<<"$3"
exclude=${4:-}
jobs=${NPUZZLE_JOBS:-$(nproc)}
# -Og: GCC's optimisation for debugging. It compiles as fast as -O0 (the ASan
# tree in 168 s against 283 s at -O1, on 2 cores) and the subsets run as fast
# as at -O1 (ASan+UBSan 83 s either way; -O0: 133 s), results/lean_engine.md.
# -g1 (line tables): reports name file and line, at a fraction of -g's
# compile time. UBSan's null, alignment and vptr checks are left out: they
# take half the compile time of the kernel units (ida_generic64.cc at -O1:
# 65 s with them, 43 s without, 35 s with ASan alone), ASan reports a null
# access anyway, x86 does not fault on alignment, and the engine's hot paths
# have no virtual calls. The arithmetic checks (shifts, overflow, bounds,
# enums, bool) stay: they guard the packed boards.
source "$root/scripts/scratch_tree.sh"
ninja_tree "$build"
cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-Og -g1" \
  -DNPUZZLE_SANITIZE_SKIP=null,alignment,vptr \
  -DNPUZZLE_SANITIZE="$sanitizers" \
  -DNPUZZLE_BUILD_TESTS=ON -DNPUZZLE_BUILD_BENCH=OFF -DNPUZZLE_PYTHON=OFF -DNPUZZLE_SHAPE_KERNELS=OFF >/dev/null
cmake --build "$build" -j"$jobs" --target npuzzle "${binaries[@]}"
export ASAN_OPTIONS="exitcode=86:detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="exitcode=87:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export TSAN_OPTIONS="exitcode=66:second_deadlock_stack=1:suppressions=$root/tests/tsan.supp${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
# Binaries that were not built register a failing NAME_NOT_BUILT test: skip those.
# NPUZZLE_TEST_JOBS: the tests run at once (default: NPUZZLE_JOBS).
ctest --test-dir "$build" --output-on-failure -j"${NPUZZLE_TEST_JOBS:-$jobs}" -E "_NOT_BUILT${exclude:+|$exclude}"
