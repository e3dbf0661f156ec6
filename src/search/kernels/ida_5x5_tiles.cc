// Optimal IDA* on 5x5 (Packed128): the tile heuristics.
// A kernel unit (search/kernels.inc).
#include "search/kernels.inc"

NPUZZLE_IDA_KERNELS(Packed128, 5, 5, HammingRow)
NPUZZLE_IDA_KERNELS(Packed128, 5, 5, ManhattanRow)
NPUZZLE_IDA_KERNELS(Packed128, 5, 5, LinearConflictRow)
