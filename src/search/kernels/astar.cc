// A* and weighted A* (up to 25 cells) with every row each packing serves.
// A kernel unit (search/kernels.inc).
#include "search/kernels.inc"

NPUZZLE_ASTAR_KERNELS(Packed64, HammingRow)
NPUZZLE_ASTAR_KERNELS(Packed64, ManhattanRow)
NPUZZLE_ASTAR_KERNELS(Packed64, LinearConflictRow)
NPUZZLE_ASTAR_KERNELS(Packed64, ExactRow)
NPUZZLE_ASTAR_KERNELS(Packed64, PdbRow)
NPUZZLE_ASTAR_KERNELS(Packed64, ZeroAwarePdbRow)
NPUZZLE_ASTAR_KERNELS(Packed64, CatalogueRow)
#if NPUZZLE_MAX_KERNEL_CELLS > 16
NPUZZLE_ASTAR_KERNELS(Packed128, HammingRow)
NPUZZLE_ASTAR_KERNELS(Packed128, ManhattanRow)
NPUZZLE_ASTAR_KERNELS(Packed128, LinearConflictRow)
NPUZZLE_ASTAR_KERNELS(Packed128, PdbRow)
NPUZZLE_ASTAR_KERNELS(Packed128, ZeroAwarePdbRow)
NPUZZLE_ASTAR_KERNELS(Packed128, CatalogueRow)
#endif
