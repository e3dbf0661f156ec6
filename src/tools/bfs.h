// Exhaustive breadth-first search from the goal over every state of a small
// board: the ground truth the tests hold the solver to, and the source of
// `npuzzle gen --distance`.
#pragma once

#include <cstdint>
#include <vector>

#include "core/board.h"

namespace npuzzle {

inline constexpr int kMaxBfsCells = 10;  // 10! = 3,628,800 states
inline constexpr std::uint8_t kUnreached = 0xFF;

// distance[rank_permutation(tiles)] = optimal moves to the goal, or
// kUnreached for the other parity class. Precondition: rows * cols <= kMaxBfsCells.
std::vector<std::uint8_t> bfs_distances(int rows, int cols, Goal goal);

}  // namespace npuzzle
