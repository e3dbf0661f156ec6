// Optimal IDA* on 4x4 (Packed64): zero-aware pattern databases.
// A kernel unit (search/kernels.inc).
#include "search/kernels.inc"

NPUZZLE_IDA_KERNELS(Packed64, 4, 4, ZeroAwarePdbRow)
