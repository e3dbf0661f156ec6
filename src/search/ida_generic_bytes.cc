// Optimal IDA* instances (ida_instances.h): ByteGrid generic, both prunings.
#include "search/ida_instances.inc"

namespace npuzzle::detail {

template SolveResult run_ida<ByteGrid, 0, 0, MovePruning::kParent>(const Board&, const TileTables&, const SolveOptions&,
                                                           Budget&);
template SolveResult run_ida<ByteGrid, 0, 0, MovePruning::kFsm>(const Board&, const TileTables&, const SolveOptions&,
                                                           Budget&);

}  // namespace npuzzle::detail
