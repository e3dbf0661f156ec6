#include "core/princeton.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <utility>

#include "core/solvability.h"

namespace npuzzle {

namespace {

Board board_from_grid(const std::vector<std::vector<int>>& grid) {
  const int rows = static_cast<int>(grid.size());
  const int cols = rows > 0 ? static_cast<int>(grid[0].size()) : 0;
  std::vector<std::uint32_t> tiles;
  tiles.reserve(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols));
  for (int r = 0; r < rows; ++r) {
    if (static_cast<int>(grid[static_cast<std::size_t>(r)].size()) != cols) {
      throw std::invalid_argument("ragged grid: row " + std::to_string(r + 1) + " has " +
                                  std::to_string(grid[static_cast<std::size_t>(r)].size()) + " tiles, row 1 has " +
                                  std::to_string(cols));
    }
    for (int tile : grid[static_cast<std::size_t>(r)]) {
      // A negative tile becomes a value past the range, which validate() reports.
      tiles.push_back(tile < 0 ? static_cast<std::uint32_t>(-1) : static_cast<std::uint32_t>(tile));
    }
  }
  if (std::string error = Board::validate(rows, cols, tiles); !error.empty()) throw std::invalid_argument(error);
  return Board(rows, cols, std::move(tiles));
}

}  // namespace

PrincetonBoard::PrincetonBoard(const std::vector<std::vector<int>>& tiles, Goal goal)
    : board_(board_from_grid(tiles)), goal_(goal) {}

PrincetonBoard::PrincetonBoard(Board board, Goal goal) : board_(std::move(board)), goal_(goal) {}

std::int64_t PrincetonBoard::hamming() const {
  const int cells = board_.cells();
  std::int64_t misplaced = 0;
  for (int pos = 0; pos < cells; ++pos) {
    const int tile = static_cast<int>(board_.at(pos));
    if (tile != 0 && goal_position(tile, cells, goal_) != pos) ++misplaced;
  }
  return misplaced;
}

std::int64_t PrincetonBoard::manhattan() const {
  const int cells = board_.cells();
  const int cols = board_.cols();
  std::int64_t sum = 0;
  // Row and column advance with pos: no division per cell.
  for (int pos = 0, row = 0, col = 0; pos < cells; ++pos) {
    const int tile = static_cast<int>(board_.at(pos));
    if (tile != 0) {
      const int home = goal_position(tile, cells, goal_);
      sum += std::abs(row - home / cols) + std::abs(col - home % cols);
    }
    if (++col == cols) {
      col = 0;
      ++row;
    }
  }
  return sum;
}

bool PrincetonBoard::is_solvable() const { return npuzzle::is_solvable(board_, goal_); }

std::vector<PrincetonBoard> PrincetonBoard::neighbors() const {
  std::vector<PrincetonBoard> result;
  result.reserve(4);
  for (Direction d : {Direction::kUp, Direction::kLeft, Direction::kRight, Direction::kDown}) {
    if (!board_.can_move(d)) continue;
    Board next = board_;
    next.move(d);
    result.emplace_back(std::move(next), goal_);
  }
  return result;
}

std::string PrincetonBoard::to_string() const {
  const int width = std::max<int>(2, static_cast<int>(std::to_string(board_.cells() - 1).size()));
  std::string text = board_.rows() == board_.cols() ? std::to_string(board_.rows())
                                                    : std::to_string(board_.rows()) + " " + std::to_string(board_.cols());
  text += '\n';
  text.reserve(text.size() + static_cast<std::size_t>(board_.cells()) * static_cast<std::size_t>(width + 1) +
               static_cast<std::size_t>(board_.rows()));
  for (int r = 0; r < board_.rows(); ++r) {
    for (int c = 0; c < board_.cols(); ++c) {
      const std::string number = std::to_string(board_.at(r, c));
      text.append(static_cast<std::size_t>(width) - std::min<std::size_t>(number.size(), static_cast<std::size_t>(width)), ' ');
      text += number;
      text += ' ';
    }
    text += '\n';
  }
  return text;
}

}  // namespace npuzzle
