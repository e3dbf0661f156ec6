// The search kernels' entry points, below the facade (solver.h): what one
// kernel run needs, and one function template per search family, each
// instantiated for a board packing, a shape (0 x 0: the generic kernel), a
// pruning and a heuristic row (heuristics/kernel_rows.h) in a kernel unit
// of its own (search/kernels/*.cc), so that the two cores compile them side
// by side. The facade picks the instance (kernel_dispatch.h); a kernel unit
// includes kernels.inc and nothing of the facade, the registry or the
// table files and builders.
#pragma once

#include <cstdint>

#include "core/board.h"
#include "heuristics/resolved.h"
#include "heuristics/tile_tables.h"
#include "search/budget.h"
#include "search/move_fsm.h"
#include "search/result.h"
#include "search/search_params.h"

namespace npuzzle {

// One kernel run. Preconditions: `tables` are the board's shape and goal,
// `heuristic` is resolved for them, the board is solvable; `fsm` is set for
// the machine-pruned kernels and is the board's shape's.
struct KernelJob {
  const Board& board;
  const TileTables& tables;
  const ResolvedHeuristic& heuristic;
  Budget& budget;
  const MoveFsm* fsm = nullptr;
  // Optimal IDA*: the parallel kernel (parallel_ida_star.h) when the policy
  // splits ever, or a checkpoint holds part of a split iteration.
  SplitPolicy split;
  SearchWeight weight;            // weighted IDA* and A*
  std::uint64_t memory_bytes = 0;  // A*'s tables
};

// Optimal IDA* on kRows x kCols (0 x 0: any shape) packed as Storage.
template <class Storage, int kRows, int kCols, MovePruning kPruning, class Row>
SolveResult ida_kernel(const KernelJob& job);
// Weighted IDA* (the generic kernel only).
template <class Storage, class Row>
SolveResult weighted_ida_kernel(const KernelJob& job);
// A*, or weighted A* (kWeighted).
template <class Storage, bool kWeighted, class Row>
SolveResult astar_kernel(const KernelJob& job);

}  // namespace npuzzle
