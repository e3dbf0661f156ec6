// Optimal IDA*, the generic kernel on ByteGrid (26 to 64 cells): the tile heuristics.
// A kernel unit (search/kernels.inc).
#include "search/kernels.inc"

NPUZZLE_IDA_KERNELS(ByteGrid, 0, 0, HammingRow)
NPUZZLE_IDA_KERNELS(ByteGrid, 0, 0, ManhattanRow)
NPUZZLE_IDA_KERNELS(ByteGrid, 0, 0, LinearConflictRow)
