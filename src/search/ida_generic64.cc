// Optimal IDA* instances (ida_instances.h): Packed64 generic, both prunings.
#include "search/ida_instances.inc"

namespace npuzzle::detail {

template SolveResult run_ida<Packed64, 0, 0, MovePruning::kParent>(const Board&, const TileTables&, const SolveOptions&,
                                                           Budget&);
template SolveResult run_ida<Packed64, 0, 0, MovePruning::kFsm>(const Board&, const TileTables&, const SolveOptions&,
                                                           Budget&);

}  // namespace npuzzle::detail
