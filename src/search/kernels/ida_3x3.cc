// Optimal IDA* on 3x3 (Packed64): the tile heuristics and the exact table.
// A kernel unit (search/kernels.inc).
#include "search/kernels.inc"

NPUZZLE_IDA_KERNELS(Packed64, 3, 3, HammingRow)
NPUZZLE_IDA_KERNELS(Packed64, 3, 3, ManhattanRow)
NPUZZLE_IDA_KERNELS(Packed64, 3, 3, LinearConflictRow)
NPUZZLE_IDA_KERNELS(Packed64, 3, 3, ExactRow)
