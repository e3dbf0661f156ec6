// Optimal IDA*, the generic kernel on Packed64 (up to 16 cells): every row.
// A kernel unit (search/kernels.inc).
#include "search/kernels.inc"

NPUZZLE_IDA_KERNELS(Packed64, 0, 0, HammingRow)
NPUZZLE_IDA_KERNELS(Packed64, 0, 0, ManhattanRow)
NPUZZLE_IDA_KERNELS(Packed64, 0, 0, LinearConflictRow)
NPUZZLE_IDA_KERNELS(Packed64, 0, 0, ExactRow)
NPUZZLE_IDA_KERNELS(Packed64, 0, 0, PdbRow)
NPUZZLE_IDA_KERNELS(Packed64, 0, 0, ZeroAwarePdbRow)
NPUZZLE_IDA_MACHINE_KERNEL(Packed64, 0, 0, CatalogueRow)
