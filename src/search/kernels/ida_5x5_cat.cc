// Optimal IDA* on 5x5 (Packed128): catalogues (machine pruning only).
// A kernel unit (search/kernels.inc).
#include "search/kernels.inc"

NPUZZLE_IDA_MACHINE_KERNEL(Packed128, 5, 5, CatalogueRow)
