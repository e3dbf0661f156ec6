// Optimal IDA* instances (ida_instances.h): Packed64 4x3, both prunings.
#include "search/ida_instances.inc"

namespace npuzzle::detail {

template SolveResult run_ida<Packed64, 4, 3, MovePruning::kParent>(const Board&, const TileTables&, const SolveOptions&,
                                                           Budget&);
template SolveResult run_ida<Packed64, 4, 3, MovePruning::kFsm>(const Board&, const TileTables&, const SolveOptions&,
                                                           Budget&);

}  // namespace npuzzle::detail
