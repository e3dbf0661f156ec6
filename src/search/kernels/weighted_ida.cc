// Weighted IDA* (the generic kernel) on every packing, with every row each serves.
// A kernel unit (search/kernels.inc).
#include "search/kernels.inc"

NPUZZLE_WEIGHTED_IDA_KERNEL(Packed64, HammingRow)
NPUZZLE_WEIGHTED_IDA_KERNEL(Packed64, ManhattanRow)
NPUZZLE_WEIGHTED_IDA_KERNEL(Packed64, LinearConflictRow)
NPUZZLE_WEIGHTED_IDA_KERNEL(Packed64, ExactRow)
NPUZZLE_WEIGHTED_IDA_KERNEL(Packed64, PdbRow)
NPUZZLE_WEIGHTED_IDA_KERNEL(Packed64, ZeroAwarePdbRow)
NPUZZLE_WEIGHTED_IDA_KERNEL(Packed64, CatalogueRow)
#if NPUZZLE_MAX_KERNEL_CELLS > 16
NPUZZLE_WEIGHTED_IDA_KERNEL(Packed128, HammingRow)
NPUZZLE_WEIGHTED_IDA_KERNEL(Packed128, ManhattanRow)
NPUZZLE_WEIGHTED_IDA_KERNEL(Packed128, LinearConflictRow)
NPUZZLE_WEIGHTED_IDA_KERNEL(Packed128, PdbRow)
NPUZZLE_WEIGHTED_IDA_KERNEL(Packed128, ZeroAwarePdbRow)
NPUZZLE_WEIGHTED_IDA_KERNEL(Packed128, CatalogueRow)
#endif
#if NPUZZLE_MAX_KERNEL_CELLS > 25
NPUZZLE_WEIGHTED_IDA_KERNEL(ByteGrid, HammingRow)
NPUZZLE_WEIGHTED_IDA_KERNEL(ByteGrid, ManhattanRow)
NPUZZLE_WEIGHTED_IDA_KERNEL(ByteGrid, LinearConflictRow)
#endif
