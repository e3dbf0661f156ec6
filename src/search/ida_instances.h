// The optimal IDA* searches, one explicit instance per board shape, each
// in a translation unit of its own (search/ida_*.cc): every shape carries
// the kernel for each heuristic, with and without move pruning, serial and
// parallel, and in one file they took the compiler many minutes and
// gigabytes; split, the two cores build them side by side. Internal to
// search/: not installed.
#pragma once

#include <memory>

#include "core/packed_board.h"
#include "heuristics/exact.h"
#include "heuristics/tile_tables.h"
#include "search/budget.h"
#include "search/solver.h"

namespace npuzzle::detail {

// The exact table the options carry, else the shared one for the board.
inline std::shared_ptr<const ExactTable> exact_table(const Board& board, const SolveOptions& options) {
  return options.exact ? options.exact : exact_table_for(board.rows(), board.cols(), options.goal);
}

// Optimal IDA* on a board of kRows x kCols (0 x 0: the generic kernel, any
// shape) packed as Storage, with the heuristic, pruning and threads the
// options ask for. Instances: ida_*.cc.
template <class Storage, int kRows, int kCols>
SolveResult run_optimal_ida(const Board& board, const TileTables& tables, const SolveOptions& options,
                            Budget& budget);

}  // namespace npuzzle::detail
