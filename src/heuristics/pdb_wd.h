// max(pdb:SPEC, wd): an additive pattern database and walking distance
// together (the heuristic of domsleee's 15-puzzle solver), each child's h
// the larger of the two (max_heuristic.h: walking distance first, one
// table read, and the database's lookup only when that does not cut).
// Both are admissible, so the maximum is; it is never weaker than either.
#pragma once

#include <memory>

#include "heuristics/max_heuristic.h"
#include "heuristics/pdb/additive.h"
#include "heuristics/pdb_heuristic.h"
#include "heuristics/resolved.h"
#include "heuristics/walking_distance.h"

namespace npuzzle {

// The tables of one resolved max(pdb:SPEC, wd).
struct PdbAndWalkingDistance {
  std::shared_ptr<const pdb::AdditivePdb> pdb;
  std::shared_ptr<const WalkingDistanceTable> wd;
};

struct TileTables;

// Its row (heuristics/registry.h; the data is in pdb_wd.cc; the traits are
// explained at TileRow in incremental.h). Walking distance serves boards of
// up to 16 cells, all on the generic kernel: a node costs about 1.5x the
// database's alone there, so a compile-time kernel would not make it the
// faster choice (results/walking_distance.md), and it took 15 s to compile.
struct PdbWalkingDistanceRow {
  static const HeuristicRow& row();
  static constexpr int kMaxCells = WalkingDistanceRow::kMaxCells;
  static constexpr bool kMachineOnly = false;
  static constexpr bool in_shape_kernel(int, int) { return false; }
  template <int kRows, int kCols, class F>
  static decltype(auto) with_kernel(const ResolvedHeuristic& h, const TileTables&, F&& f) {
    const auto& tables = h.data_as<PdbAndWalkingDistance>();
    constexpr int kSide = kRows == kCols ? kRows : 0;
    const WalkingDistanceHeuristic wd(*tables.wd);
    if constexpr (kRows == kCols) {
      if (tables.pdb->reflected()) {
        using Pdb = PdbHeuristic<true, kSide>;
        return f(MaxHeuristic<WalkingDistanceHeuristic, Pdb>(wd, Pdb(*tables.pdb)));
      }
    }
    using Pdb = PdbHeuristic<false, kSide>;
    return f(MaxHeuristic<WalkingDistanceHeuristic, Pdb>(wd, Pdb(*tables.pdb)));
  }
};

}  // namespace npuzzle
