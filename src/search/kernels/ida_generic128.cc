// Optimal IDA*, the generic kernel on Packed128 (17 to 25 cells): every row but the exact table.
// A kernel unit (search/kernels.inc).
#include "search/kernels.inc"

NPUZZLE_IDA_KERNELS(Packed128, 0, 0, HammingRow)
NPUZZLE_IDA_KERNELS(Packed128, 0, 0, ManhattanRow)
NPUZZLE_IDA_KERNELS(Packed128, 0, 0, LinearConflictRow)
NPUZZLE_IDA_KERNELS(Packed128, 0, 0, PdbRow)
NPUZZLE_IDA_KERNELS(Packed128, 0, 0, ZeroAwarePdbRow)
NPUZZLE_IDA_MACHINE_KERNEL(Packed128, 0, 0, CatalogueRow)
