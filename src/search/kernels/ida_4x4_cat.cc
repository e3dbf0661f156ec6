// Optimal IDA* on 4x4 (Packed64): catalogues (machine pruning only).
// A kernel unit (search/kernels.inc).
#include "search/kernels.inc"

NPUZZLE_IDA_MACHINE_KERNEL(Packed64, 4, 4, CatalogueRow)
