// The per-tile heuristics and the exact table, and their from-scratch
// evaluation on a Board of any size. The search kernels compute the same
// values incrementally; tests check that the two agree. Every heuristic a
// user can name, these and the tabled ones, is a row of registry.h.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/board.h"

namespace npuzzle {

enum class HeuristicKind : std::uint8_t {
  kHamming,          // misplaced tiles
  kManhattan,        // sum of the tiles' Manhattan distances
  kLinearConflict,   // Manhattan + 2 per tile that must leave its line
  kExact,            // the BFS distance of every state (exact.h): boards of at most kMaxExactCells cells
};

std::string_view heuristic_name(HeuristicKind h);
std::optional<HeuristicKind> parse_heuristic(std::string_view name);

// O(N) for hamming and manhattan, O(N log N) for linear-conflict.
// kExact: at most kMaxExactCells cells (exact.h), and an unsolvable board gives kUnreachable.
long long evaluate(const Board& board, Goal goal, HeuristicKind h);

}  // namespace npuzzle
