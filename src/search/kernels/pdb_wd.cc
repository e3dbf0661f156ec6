// max(pdb:SPEC, wd) (heuristics/pdb_wd.h) in every kernel that carries it:
// the generic one (boards of up to 16 cells: Packed64), weighted IDA* and A*.
// A kernel unit (search/kernels.inc).
#include "search/kernels.inc"

NPUZZLE_IDA_KERNELS(Packed64, 0, 0, PdbWalkingDistanceRow)
NPUZZLE_WEIGHTED_IDA_KERNEL(Packed64, PdbWalkingDistanceRow)
NPUZZLE_ASTAR_KERNELS(Packed64, PdbWalkingDistanceRow)
