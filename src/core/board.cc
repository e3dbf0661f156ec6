#include "core/board.h"

#include <cassert>

namespace npuzzle {

std::string_view goal_name(Goal goal) {
  return goal == Goal::kBlankFirst ? "blank-first" : "blank-last";
}

std::optional<Goal> parse_goal(std::string_view name) {
  if (name == "blank-last") return Goal::kBlankLast;
  if (name == "blank-first") return Goal::kBlankFirst;
  return std::nullopt;
}

Board::Board(int rows, int cols, std::vector<std::uint32_t> tiles)
    : rows_(rows), cols_(cols), tiles_(std::move(tiles)) {
  assert(validate(rows, cols, tiles_).empty());
  for (int pos = 0; pos < cells(); ++pos) {
    if (tiles_[pos] == 0) blank_ = pos;
  }
}

Board Board::solved(int rows, int cols, Goal goal) {
  const int cells = rows * cols;
  std::vector<std::uint32_t> tiles(cells);
  for (int pos = 0; pos < cells; ++pos) tiles[pos] = goal_tile(pos, cells, goal);
  return Board(rows, cols, std::move(tiles));
}

std::string Board::validate(int rows, int cols, const std::vector<std::uint32_t>& tiles) {
  if (rows < 2 || cols < 2) return "board " + size_name(rows, cols) + " is below the minimum 2x2";
  if (static_cast<std::int64_t>(rows) * cols > kMaxCells) {
    return "board " + size_name(rows, cols) + " exceeds the maximum of " +
           std::to_string(kMaxCells) + " cells";
  }
  const std::size_t cells = static_cast<std::size_t>(rows) * cols;
  if (tiles.size() != cells) {
    return "expected " + std::to_string(cells) + " tiles, found " + std::to_string(tiles.size());
  }
  std::vector<bool> seen(cells, false);
  for (std::uint32_t tile : tiles) {
    if (tile >= cells) {
      return "tile " + std::to_string(tile) + " is out of range 0.." + std::to_string(cells - 1);
    }
    if (seen[tile]) return "duplicate tile " + std::to_string(tile);
    seen[tile] = true;
  }
  // With the range and duplicate checks passed, every tile is present.
  return {};
}

bool Board::is_solved(Goal goal) const {
  for (int pos = 0; pos < cells(); ++pos) {
    if (tiles_[pos] != static_cast<std::uint32_t>(goal_tile(pos, cells(), goal))) return false;
  }
  return true;
}

bool Board::can_move(Direction d) const {
  const int row = blank_ / cols_;
  const int col = blank_ % cols_;
  switch (d) {
    case Direction::kUp: return row > 0;
    case Direction::kDown: return row < rows_ - 1;
    case Direction::kLeft: return col > 0;
    case Direction::kRight: return col < cols_ - 1;
  }
  return false;
}

int Board::neighbour(Direction d) const {
  switch (d) {
    case Direction::kUp: return blank_ - cols_;
    case Direction::kDown: return blank_ + cols_;
    case Direction::kLeft: return blank_ - 1;
    case Direction::kRight: return blank_ + 1;
  }
  return blank_;
}

void Board::move(Direction d) {
  assert(can_move(d));
  const int target = neighbour(d);
  tiles_[blank_] = tiles_[target];
  tiles_[target] = 0;
  blank_ = target;
}

std::string size_name(int rows, int cols) {
  return std::to_string(rows) + "x" + std::to_string(cols);
}

}  // namespace npuzzle
