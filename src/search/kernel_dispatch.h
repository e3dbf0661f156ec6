// The one choice from a resolved heuristic to a kernel: the row it comes
// from picks its instance of each search family (kernels.h), and the row's
// traits (heuristics/kernel_rows.h) say which instances exist, so that the
// facade (solver.cc) references, and the kernel units (kernels/*.cc)
// instantiate, only what can be reached:
//   - a compile-time shape kernel (kRows > 0) carries a row when the row
//     says so (Row::in_shape_kernel): below 12 cells no pattern databases,
//     below 16 no zero-aware tables or catalogues, above 10 no exact table;
//     and for a resolved heuristic, when the row's shape_kernel_serves(h)
//     (zero-aware tables: with their one-bit form or child signs only;
//     catalogues: with reflection only, and on 5x5 with their one-bit form
//     or child signs only);
//   - a row that says kWithKernelByCells gets the cells a generic kernel's
//     boards can have (kernel_min_cells to Storage::kMaxCells) and
//     instantiates only the one-bit layouts of such boards;
//   - a generic kernel (kRows == 0) serves the boards its packing is the
//     narrowest for (Packed64 up to 16 cells, Packed128 17 to 25, ByteGrid
//     26 to 64), and carries a row only when the row serves such boards
//     (Row::kMaxCells): no pattern database on ByteGrid, the exact table
//     on Packed64 only;
//   - optimal IDA* runs a machine-only row (catalogues) with the
//     move-pruning machine alone (Row::kMachineOnly), and the shape kernels
//     below 16 cells carry parent pruning only (shape_kernel_has_machine);
//   - the shape kernels of zero-aware tables and catalogues
//     (Row::kShapeKernelsOnRequest) exist only in builds configured with
//     -DNPUZZLE_RESEARCH_KERNELS=ON, but for the shapes a row names in
//     Row::in_default_shape_kernel (zpdb on 4x4 and 5x5, whose one-bit
//     forms are the fastest 15- and 24-puzzle heuristics), built by default too
//     (NPUZZLE_DEFAULT_SHAPE_KERNELS); otherwise the generic kernel serves
//     them (same node counts).
#pragma once

#include <string>

#include "core/packed_board.h"
#include "heuristics/kernel_rows.h"
#include "search/kernels.h"

// Set by the build for npuzzle_search (src/CMakeLists.txt).
#ifndef NPUZZLE_RESEARCH_KERNELS
#define NPUZZLE_RESEARCH_KERNELS 0
#endif
#ifndef NPUZZLE_DEFAULT_SHAPE_KERNELS
#define NPUZZLE_DEFAULT_SHAPE_KERNELS 0
#endif

namespace npuzzle {

// The boards a packing is chosen for: the fewest cells, above the narrower packing's.
template <class Storage>
constexpr int kernel_min_cells() {
  if constexpr (Storage::kMaxCells <= Packed64::kMaxCells) {
    return 0;
  } else if constexpr (Storage::kMaxCells <= Packed128::kMaxCells) {
    return Packed64::kMaxCells + 1;
  } else {
    return Packed128::kMaxCells + 1;
  }
}

// Whether the kernel of Storage, kRows x kCols (0 x 0: generic) and
// kPruning carries Row (for optimal IDA*; weighted IDA* and A*, which have
// no machine, ask with kParent and ignore kMachineOnly).
// Whether this build has the rows x cols shape kernel of a row that has
// shape kernels only on request (or by default for some shapes).
template <class Row>
constexpr bool shape_kernels_built(int rows, int cols) {
  if constexpr (requires { Row::kShapeKernelsOnRequest; }) {
    if (!Row::kShapeKernelsOnRequest || NPUZZLE_RESEARCH_KERNELS) return true;
    if constexpr (requires { Row::in_default_shape_kernel(4, 4); }) {
      return NPUZZLE_DEFAULT_SHAPE_KERNELS && Row::in_default_shape_kernel(rows, cols);
    }
    return false;
  } else {
    return true;
  }
}

// Whether the shape kernel of kRows x kCols carries the move-pruning
// machine: on boards of 16 cells and more, where searches are long enough
// for it to pay (results/move_pruning.md); smaller ones take it on the
// generic kernel.
constexpr bool shape_kernel_has_machine(int rows, int cols) { return rows * cols >= 16; }

template <class Row, class Storage, int kRows, int kCols, MovePruning kPruning, bool kIda = true>
constexpr bool kernel_carries() {
  if (kIda && Row::kMachineOnly && kPruning != MovePruning::kFsm) return false;
  if (kRows > 0 && kPruning == MovePruning::kFsm && !shape_kernel_has_machine(kRows, kCols)) return false;
  if (kRows > 0) return shape_kernels_built<Row>(kRows, kCols) && Row::in_shape_kernel(kRows, kCols);
  return Row::kMaxCells >= kernel_min_cells<Storage>();
}

// Calls f.template operator()<Row>() for the row `heuristic` comes from.
template <class F, class... Rows>
SolveResult visit_row_of(const ResolvedHeuristic& heuristic, F&& f, RowList<Rows...>) {
  SolveResult result;
  const bool found = ((heuristic.row == &Rows::row() ? (result = f.template operator()<Rows>(), true) : false) || ...);
  if (!found) {
    result.status = Status::kUnsupported;
    result.message = "internal error: the heuristic " + heuristic.label + " has no row";
  }
  return result;
}
template <class F>
SolveResult visit_row(const ResolvedHeuristic& heuristic, F&& f) {
  return visit_row_of(heuristic, std::forward<F>(f), KernelRows{});
}

// What the facade asks a row before it picks the kernel.
struct RowTraits {
  bool machine_only = false;
  bool in_shape_kernel = false;
};
RowTraits row_traits(const ResolvedHeuristic& heuristic, int rows, int cols);

// The kernels: the row's instance when the kernel carries it; reaching one
// that does not is a bug in the facade's choice.
SolveResult kernel_not_carried(const ResolvedHeuristic& heuristic, const char* kernel);

template <class Storage, int kRows, int kCols, MovePruning kPruning>
SolveResult run_ida(const KernelJob& job) {
  return visit_row(job.heuristic, [&]<class Row>() {
    if constexpr (kernel_carries<Row, Storage, kRows, kCols, kPruning>()) {
      return ida_kernel<Storage, kRows, kCols, kPruning, Row>(job);
    } else {
      return kernel_not_carried(job.heuristic, "IDA*");
    }
  });
}

template <class Storage>
SolveResult run_weighted_ida(const KernelJob& job) {
  return visit_row(job.heuristic, [&]<class Row>() {
    if constexpr (kernel_carries<Row, Storage, 0, 0, MovePruning::kParent, false>()) {
      return weighted_ida_kernel<Storage, Row>(job);
    } else {
      return kernel_not_carried(job.heuristic, "weighted IDA*");
    }
  });
}

template <class Storage, bool kWeighted>
SolveResult run_astar(const KernelJob& job) {
  return visit_row(job.heuristic, [&]<class Row>() {
    if constexpr (kernel_carries<Row, Storage, 0, 0, MovePruning::kParent, false>()) {
      return astar_kernel<Storage, kWeighted, Row>(job);
    } else {
      return kernel_not_carried(job.heuristic, "A*");
    }
  });
}

}  // namespace npuzzle
