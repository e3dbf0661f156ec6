// Optimal IDA* instances (ida_instances.h): Packed64 4x4, parent pruning.
#include "search/ida_instances.inc"

namespace npuzzle::detail {

template SolveResult run_ida<Packed64, 4, 4, MovePruning::kParent>(const Board&, const TileTables&, const SolveOptions&,
                                                           Budget&);

}  // namespace npuzzle::detail
