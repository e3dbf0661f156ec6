#include "tools/bfs.h"

#include <cassert>
#include <utility>

#include "core/ranking.h"

namespace npuzzle {

std::vector<std::uint8_t> bfs_distances(int rows, int cols, Goal goal) {
  const int cells = rows * cols;
  assert(cells <= kMaxBfsCells);
  std::vector<std::uint8_t> distance(factorial(cells), kUnreached);
  std::vector<std::uint64_t> frontier{rank_permutation(Board::solved(rows, cols, goal).tiles())};
  distance[frontier[0]] = 0;
  std::vector<std::uint64_t> next;
  for (std::uint8_t depth = 1; !frontier.empty(); ++depth) {
    next.clear();
    for (std::uint64_t rank : frontier) {
      const Board board(rows, cols, unrank_permutation(rank, cells));
      for (int d = 0; d < 4; ++d) {
        const auto dir = static_cast<Direction>(d);
        if (!board.can_move(dir)) continue;
        Board child = board;
        child.move(dir);
        const std::uint64_t child_rank = rank_permutation(child.tiles());
        if (distance[child_rank] == kUnreached) {
          distance[child_rank] = depth;
          next.push_back(child_rank);
        }
      }
    }
    std::swap(frontier, next);
  }
  return distance;
}

}  // namespace npuzzle
