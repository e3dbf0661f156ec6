// Optimal IDA* instances (ida_instances.h): Packed64 4x4, the move-pruning machine.
#include "search/ida_instances.inc"

namespace npuzzle::detail {

template SolveResult run_ida<Packed64, 4, 4, MovePruning::kFsm>(const Board&, const TileTables&, const SolveOptions&,
                                                           Budget&);

}  // namespace npuzzle::detail
