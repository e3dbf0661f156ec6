// Optimal IDA* instances (ida_instances.h): Packed64 3x4, Packed64 4x3.
#include "search/ida_instances.inc"

namespace npuzzle::detail {

template SolveResult run_optimal_ida<Packed64, 3, 4>(const Board&, const TileTables&, const SolveOptions&, Budget&);
template SolveResult run_optimal_ida<Packed64, 4, 3>(const Board&, const TileTables&, const SolveOptions&, Budget&);

}  // namespace npuzzle::detail
