// Optimal IDA* on 4x3 (Packed64): the tile heuristics and pattern databases.
// A kernel unit (search/kernels.inc).
#include "search/kernels.inc"

NPUZZLE_IDA_KERNELS(Packed64, 4, 3, HammingRow)
NPUZZLE_IDA_KERNELS(Packed64, 4, 3, ManhattanRow)
NPUZZLE_IDA_KERNELS(Packed64, 4, 3, LinearConflictRow)
NPUZZLE_IDA_KERNELS(Packed64, 4, 3, PdbRow)
