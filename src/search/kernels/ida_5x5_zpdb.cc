// Optimal IDA* on 5x5 (Packed128): zero-aware pattern databases.
// A kernel unit (search/kernels.inc).
#include "search/kernels.inc"

NPUZZLE_IDA_KERNELS(Packed128, 5, 5, ZeroAwarePdbRow)
