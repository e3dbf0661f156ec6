// `--heuristic auto` (the default): the strongest heuristic that is ready
// without a long build, chosen once per board shape and goal.
//   4x4: pdb:78, else pdb:663, else pdb:555, whichever has all its tables
//        in the cache first (reflected unless --no-reflect);
//   5x5: pdb:6666 when cached;
//   otherwise (and when no table is cached): linear-conflict, or manhattan
//   on boards whose lines are too long for linear conflicts.
// Nothing is ever built here. The first choice for a shape and goal comes
// with a one-line notice: which PDB is used, or the command that would build
// one; a cached table that fails to load is named in it and skipped.
#pragma once

#include <memory>
#include <string>

#include "heuristics/heuristic.h"
#include "heuristics/pdb/additive.h"

namespace npuzzle {

struct HeuristicChoice {
  HeuristicKind kind = HeuristicKind::kLinearConflict;
  std::string pdb_spec;  // when kind == kPdb
  std::shared_ptr<const pdb::AdditivePdb> pdb;
  std::string notice;  // non-empty the first time this shape and goal are seen in this process
};

// Thread-safe; remembers its answer per (rows, cols, goal, cache directory, reflection).
HeuristicChoice choose_heuristic(int rows, int cols, Goal goal, const pdb::AdditiveOptions& options);

}  // namespace npuzzle
