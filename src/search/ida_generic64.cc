// Optimal IDA* instances (ida_instances.h): Packed64 generic.
#include "search/ida_instances.inc"

namespace npuzzle::detail {

template SolveResult run_optimal_ida<Packed64, 0, 0>(const Board&, const TileTables&, const SolveOptions&, Budget&);

}  // namespace npuzzle::detail
