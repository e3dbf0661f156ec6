#include "tools/generate.h"

#include <utility>
#include <vector>

#include "core/solvability.h"

namespace npuzzle {

std::uint64_t uniform_below(std::mt19937_64& rng, std::uint64_t bound) {
  const std::uint64_t threshold = (0 - bound) % bound;
  for (;;) {
    const std::uint64_t r = rng();
    if (r >= threshold) return r % bound;
  }
}

Board random_solvable(int rows, int cols, Goal goal, std::mt19937_64& rng) {
  const int cells = rows * cols;
  std::vector<std::uint32_t> tiles(cells);
  for (int i = 0; i < cells; ++i) tiles[i] = static_cast<std::uint32_t>(i);
  for (int i = cells - 1; i > 0; --i) {
    std::swap(tiles[i], tiles[uniform_below(rng, static_cast<std::uint64_t>(i) + 1)]);
  }
  Board board(rows, cols, tiles);
  if (!is_solvable(board, goal)) {
    int a = tiles[0] == 0 ? 1 : 0;
    int b = tiles[a + 1] == 0 ? a + 2 : a + 1;
    std::swap(tiles[a], tiles[b]);
    board = Board(rows, cols, std::move(tiles));
  }
  return board;
}

Board random_walk(int rows, int cols, Goal goal, int moves, std::mt19937_64& rng) {
  Board board = Board::solved(rows, cols, goal);
  int previous = -1;
  for (int i = 0; i < moves; ++i) {
    Direction options[4];
    int count = 0;
    for (int d = 0; d < 4; ++d) {
      const auto dir = static_cast<Direction>(d);
      if (board.can_move(dir) && (previous < 0 || dir != opposite(static_cast<Direction>(previous)))) {
        options[count++] = dir;
      }
    }
    const Direction d = options[uniform_below(rng, static_cast<std::uint64_t>(count))];
    board.move(d);
    previous = static_cast<int>(d);
  }
  return board;
}

}  // namespace npuzzle
