// Optimal IDA* on 4x3 (Packed64): the tile heuristics and pattern databases.
// Parent pruning only: the move-pruning machine runs on the generic kernel
// below 16 cells (kernel_dispatch.h). A kernel unit (search/kernels.inc).
#include "search/kernels.inc"

NPUZZLE_IDA_KERNEL_WITH(Packed64, 4, 3, kParent, HammingRow)
NPUZZLE_IDA_KERNEL_WITH(Packed64, 4, 3, kParent, ManhattanRow)
NPUZZLE_IDA_KERNEL_WITH(Packed64, 4, 3, kParent, LinearConflictRow)
NPUZZLE_IDA_KERNEL_WITH(Packed64, 4, 3, kParent, PdbRow)
