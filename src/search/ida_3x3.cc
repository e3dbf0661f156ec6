// Optimal IDA* instances (ida_instances.h): Packed64 3x3.
#include "search/ida_instances.inc"

namespace npuzzle::detail {

template SolveResult run_optimal_ida<Packed64, 3, 3>(const Board&, const TileTables&, const SolveOptions&, Budget&);

}  // namespace npuzzle::detail
