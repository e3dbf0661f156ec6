// Optimal IDA* instances (ida_instances.h): Packed128 5x5, parent pruning.
#include "search/ida_instances.inc"

namespace npuzzle::detail {

template SolveResult run_ida<Packed128, 5, 5, MovePruning::kParent>(const Board&, const TileTables&, const SolveOptions&,
                                                           Budget&);

}  // namespace npuzzle::detail
