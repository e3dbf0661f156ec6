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
#include "search/move_fsm.h"
#include "search/solver.h"

namespace npuzzle::detail {

// The exact table the options carry, else the shared one for the board.
inline std::shared_ptr<const ExactTable> exact_table(const Board& board, const SolveOptions& options) {
  return options.exact ? options.exact : exact_table_for(board.rows(), board.cols(), options.goal);
}

// Whether the kernel of rows x cols (0 x 0: the generic kernel, for any
// shape) carries zero-aware tables and catalogues. Below 16 cells a shape's
// compile-time kernel does not: the generic kernel serves them (the same
// template code, so the same results and node counts, slower), as the
// exact table is faster there anyway, and those instances were half of the
// small shapes' compile time.
constexpr bool shape_kernel_has_zero_aware(int rows, int cols) { return rows == 0 || rows * cols >= 16; }
// Whether the kernel of rows x cols carries the exact table (0 x 0: the
// generic kernel, which does for every shape the table serves).
constexpr bool shape_kernel_has_exact(int rows, int cols) { return rows * cols <= kMaxExactCells; }

// Optimal IDA* on a board of kRows x kCols (0 x 0: the generic kernel, any
// shape) packed as Storage, with the heuristic, threads and pruning kPruning
// the options ask for. Instances, one per shape and pruning so that the two
// cores compile them side by side: ida_*.cc.
template <class Storage, int kRows, int kCols, MovePruning kPruning>
SolveResult run_ida(const Board& board, const TileTables& tables, const SolveOptions& options, Budget& budget);

// The same with the pruning the options ask for. The default (kParent)
// kernels are exactly what they were before move pruning existed.
template <class Storage, int kRows, int kCols>
SolveResult run_optimal_ida(const Board& board, const TileTables& tables, const SolveOptions& options,
                            Budget& budget) {
  if (options.pruning == MovePruning::kFsm) {
    return run_ida<Storage, kRows, kCols, MovePruning::kFsm>(board, tables, options, budget);
  }
  return run_ida<Storage, kRows, kCols, MovePruning::kParent>(board, tables, options, budget);
}

}  // namespace npuzzle::detail
