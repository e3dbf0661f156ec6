#!/usr/bin/env bash
# The architecture's rules, checked on the sources (ctest: LayersTest):
#   1. dependencies run one way: core -> heuristics -> search -> batch -> cli,
#      with io on core only: no header of a later layer is included earlier;
#   2. the kernel units (src/search/kernels/*.cc) reach neither the facade
#      (solver.h, engine.h), the registry nor the table files, cache and
#      builders, directly or through other headers (the compiler's own
#      dependency list);
#   3. search/phased.cc and search/shorten.cc do not call each other;
#   4. no string in core, io, heuristics, search or batch names a CLI flag
#      ("--weight") or the npuzzle program's commands: the engine reports
#      values, and each front end words them (search/request.h).
# Usage: tests/layers_test.sh SOURCE_DIR CXX
set -euo pipefail
src=$1/src
cxx=${2:-c++}
failed=0
fail() { echo "LAYERS: $*" >&2; failed=1; }

layer_of() {
  case $1 in
    core/*) echo 0 ;; io/*) echo 1 ;; heuristics/*) echo 1 ;; search/*) echo 2 ;; tools/*) echo 2 ;;
    batch/*) echo 3 ;; cli/* | gui/* | render/* | mpi/*) echo 9 ;; *) echo -1 ;;  # -1: generated or external
  esac
}
for dir in core io heuristics search tools batch; do
  while IFS= read -r -d '' file; do
    own=$(layer_of "${file#"$src"/}")
    while read -r included; do
      [ -z "$included" ] && continue
      theirs=$(layer_of "$included")
      if [ "$theirs" -gt "$own" ]; then fail "${file#"$src"/} includes $included, a later layer"; fi
      if [ "$dir" = io ] && [[ "$included" == heuristics/* ]]; then fail "${file#"$src"/} (io) includes $included"; fi
    done < <(grep -ho '^#include "[^"]*"' "$file" | sed 's/#include "\(.*\)"/\1/')
  done < <(find "$src/$dir" -name '*.h' -print0 -o -name '*.cc' -print0 -o -name '*.inc' -print0)
done

forbidden='search/solver.h|search/engine.h|heuristics/registry.h|heuristics/pdb/file.h|heuristics/pdb/builder.h|heuristics/pdb/additive_cache.h|heuristics/pdb/zero_aware_builder.h'
for unit in "$src"/search/kernels/*.cc; do
  deps=$("$cxx" -std=c++20 -MM -DNPUZZLE_PARALLEL=1 -I"$src" "$unit" | tr ' \\' '\n\n' | grep -E "($forbidden)$" || true)
  [ -n "$deps" ] && fail "kernel unit ${unit#"$src"/} reaches $(echo "$deps" | xargs -n1 basename | tr '\n' ' ')"
done

grep -q '#include "search/shorten.h"' "$src/search/phased.cc" &&
  grep -q '#include "search/phased.h"' "$src/search/shorten.cc" && fail "phased.cc and shorten.cc include each other"

# String literals only: comments may cite the CLI.
hits=$(grep -rnE --include='*.h' --include='*.cc' --include='*.inc' \
  '"[^"]*(--[a-z][a-z-]+|npuzzle (pdb|batch|solve|gen|verify|merge|info|render)\b|npuzzle: )[^"]*"' \
  "$src/core" "$src/io" "$src/heuristics" "$src/search" "$src/batch" | grep -vE '^[^:]+:[0-9]+:\s*//' || true)
[ -n "$hits" ] && fail "engine strings that name the CLI:
$hits"

if [ "$failed" -eq 0 ]; then echo "layers: all rules hold"; fi
exit "$failed"
