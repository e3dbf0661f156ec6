#include "core/geometry.h"

namespace npuzzle {

std::vector<MoveList> move_lists(int rows, int cols) {
  const int n = rows * cols;
  std::vector<MoveList> lists(static_cast<std::size_t>(n));
  for (int pos = 0; pos < n; ++pos) {
    MoveList& m = lists[static_cast<std::size_t>(pos)];
    auto add = [&m](int target, Direction d) {
      m.target[m.count] = static_cast<std::uint8_t>(target);
      m.direction[m.count] = d;
      ++m.count;
    };
    if (pos >= cols) add(pos - cols, Direction::kUp);
    if (pos % cols > 0) add(pos - 1, Direction::kLeft);
    if (pos % cols < cols - 1) add(pos + 1, Direction::kRight);
    if (pos < n - cols) add(pos + cols, Direction::kDown);
  }
  return lists;
}

}  // namespace npuzzle
