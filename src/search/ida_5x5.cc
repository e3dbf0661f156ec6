// Optimal IDA* instances (ida_instances.h): Packed128 5x5.
#include "search/ida_instances.inc"

namespace npuzzle::detail {

template SolveResult run_optimal_ida<Packed128, 5, 5>(const Board&, const TileTables&, const SolveOptions&, Budget&);

}  // namespace npuzzle::detail
