// Optimal IDA* on 4x4 (Packed64): the tile heuristics.
// A kernel unit (search/kernels.inc).
#include "search/kernels.inc"

NPUZZLE_IDA_KERNELS(Packed64, 4, 4, HammingRow)
NPUZZLE_IDA_KERNELS(Packed64, 4, 4, ManhattanRow)
NPUZZLE_IDA_KERNELS(Packed64, 4, 4, LinearConflictRow)
