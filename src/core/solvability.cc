#include "core/solvability.h"

#include <cstdlib>
#include <vector>

namespace npuzzle {

bool is_solvable(const Board& board, Goal goal) {
  const int cells = board.cells();
  // Small boards (every board a search can take) keep the marks on the stack.
  constexpr int kSmall = 64;
  bool small_marks[kSmall] = {};
  std::vector<bool> large_marks(cells > kSmall ? static_cast<std::size_t>(cells) : 0, false);
  auto visited = [&](int pos) -> bool {
    return cells > kSmall ? static_cast<bool>(large_marks[static_cast<std::size_t>(pos)]) : small_marks[pos];
  };
  auto mark = [&](int pos) {
    if (cells > kSmall) {
      large_marks[static_cast<std::size_t>(pos)] = true;
    } else {
      small_marks[pos] = true;
    }
  };
  int cycles = 0;
  for (int start = 0; start < cells; ++start) {
    if (visited(start)) continue;
    ++cycles;
    // Follow pos -> goal cell of the tile on pos.
    for (int pos = start; !visited(pos); pos = goal_position(board.at(pos), cells, goal)) mark(pos);
  }
  const int permutation_parity = (cells - cycles) & 1;
  const int target = goal_position(0, cells, goal);
  const int blank_distance = std::abs(board.blank() / board.cols() - target / board.cols()) +
                             std::abs(board.blank() % board.cols() - target % board.cols());
  return permutation_parity == (blank_distance & 1);
}

std::int64_t count_inversions(const Board& board) {
  const int cells = board.cells();
  std::vector<std::int32_t> fenwick(cells + 1, 0);
  std::int64_t inversions = 0;
  std::int64_t seen = 0;
  for (int pos = 0; pos < cells; ++pos) {
    const std::uint32_t tile = board.at(pos);
    if (tile == 0) continue;
    std::int64_t not_greater = 0;  // tiles already seen that are <= tile
    for (std::uint32_t i = tile; i > 0; i -= i & (~i + 1)) not_greater += fenwick[i];
    inversions += seen - not_greater;
    for (std::uint32_t i = tile; i <= static_cast<std::uint32_t>(cells); i += i & (~i + 1)) ++fenwick[i];
    ++seen;
  }
  return inversions;
}

}  // namespace npuzzle
