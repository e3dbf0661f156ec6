// Walking distance (heuristics/walking_distance.h) in every kernel that
// carries it: 4x4's compile-time kernel, the generic one (it serves boards
// of up to 16 cells, so Packed64 only), weighted IDA* and A*.
// A kernel unit (search/kernels.inc).
#include "search/kernels.inc"

#if NPUZZLE_SHAPE_4X4
NPUZZLE_IDA_KERNELS(Packed64, 4, 4, WalkingDistanceRow)
#endif
NPUZZLE_IDA_KERNELS(Packed64, 0, 0, WalkingDistanceRow)
NPUZZLE_WEIGHTED_IDA_KERNEL(Packed64, WalkingDistanceRow)
NPUZZLE_ASTAR_KERNELS(Packed64, WalkingDistanceRow)
