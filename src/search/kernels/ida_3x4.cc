// Optimal IDA* on 3x4 (Packed64): the tile heuristics and pattern databases.
// A kernel unit (search/kernels.inc).
#include "search/kernels.inc"

NPUZZLE_IDA_KERNELS(Packed64, 3, 4, HammingRow)
NPUZZLE_IDA_KERNELS(Packed64, 3, 4, ManhattanRow)
NPUZZLE_IDA_KERNELS(Packed64, 3, 4, LinearConflictRow)
NPUZZLE_IDA_KERNELS(Packed64, 3, 4, PdbRow)
