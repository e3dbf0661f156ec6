// The list of heuristic rows (registry.h): the one place a heuristic is
// added. Each type carries its row's data (Row::row(), defined beside the
// heuristic) and its kernel traits (which kernels carry it, and how a
// resolved heuristic becomes the kernel's heuristic type: Row::with_kernel,
// explained at TileRow in incremental.h). The registry lists the rows in
// this order (--help); search/kernel_dispatch.h picks a row's kernel from it.
#pragma once

#include "heuristics/catalogue_heuristic.h"
#include "heuristics/dense_catalogue_heuristic.h"
#include "heuristics/exact.h"
#include "heuristics/incremental.h"
#include "heuristics/pdb_heuristic.h"
#include "heuristics/pdb_wd.h"
#include "heuristics/walking_distance.h"
#include "heuristics/zero_aware_heuristic.h"

namespace npuzzle {

template <class... Rows>
struct RowList {};

using KernelRows = RowList<HammingRow, ManhattanRow, LinearConflictRow, WalkingDistanceRow, ExactRow, PdbRow,
                           ZeroAwarePdbRow, CatalogueRow, PdbWalkingDistanceRow>;

}  // namespace npuzzle
