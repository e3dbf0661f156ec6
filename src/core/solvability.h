// Solvability and permutation statistics, all O(N) or O(N log N), so they
// serve boards of a million cells.
#pragma once

#include <cstdint>

#include "core/board.h"

namespace npuzzle {

// A board is solvable for a goal iff the parity of the permutation taking it
// to the goal (over all cells, blank included) equals the parity of the
// blank's Manhattan distance to its goal cell: every move is one
// transposition and flips the blank's colour on the checkerboard. This holds
// for every R x C with R, C >= 2 (odd and even widths alike). O(N), by
// counting cycles.
bool is_solvable(const Board& board, Goal goal);

// Inversions among the non-blank tiles in row-major order (the textbook
// statistic), counted in O(N log N) with a Fenwick tree.
std::int64_t count_inversions(const Board& board);

}  // namespace npuzzle
