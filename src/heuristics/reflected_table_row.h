// What the rows of zero-aware tables and catalogues (ZeroAwarePdbRow,
// CatalogueRow) share: the kernels' view of a heuristic whose data is a
// pdb::AdditivePdb and whose class is Heuristic<kReflected, kSide>.
// Their shape kernels are built only on request (NPUZZLE_RESEARCH_KERNELS,
// search/kernel_dispatch.h): the generic kernel serves them within about 15%
// (Korf's 100, 4x4), and they were a third of the kernels' compile time.
// The shape kernels carry the reflected view only (the default, and what
// every measured run uses): without reflection the generic kernel serves,
// with the same node counts, and the shape kernels compile a third faster.
#pragma once

#include <cstdlib>

#include "heuristics/pdb/additive.h"
#include "heuristics/resolved.h"

namespace npuzzle {

struct TileTables;

template <template <bool, int> class Heuristic>
struct ReflectedTableRow {
  static constexpr int kMaxCells = pdb::kMaxPdbCells;
  static constexpr bool kShapeKernelsOnRequest = true;
  static constexpr bool in_shape_kernel(int rows, int cols) { return rows * cols >= 16; }
  template <int kRows, int kCols, class F>
  static decltype(auto) with_kernel(const ResolvedHeuristic& h, const TileTables&, F&& f) {
    const auto& set = h.data_as<pdb::AdditivePdb>();
    constexpr int kSide = kRows == kCols ? kRows : 0;
    if constexpr (kRows == kCols) {
      if (set.reflected()) return f(Heuristic<true, kSide>(set));
    }
    // The shape kernels carry the reflected view only (shape_kernel_serves).
    if constexpr (kRows == 0) return f(Heuristic<false, kSide>(set));
    std::abort();
  }
  static bool shape_kernel_serves(const ResolvedHeuristic& h) { return h.data_as<pdb::AdditivePdb>().reflected(); }
};

}  // namespace npuzzle
