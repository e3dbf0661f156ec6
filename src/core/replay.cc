#include "core/replay.h"

#include <algorithm>
#include <vector>

#include "core/notation.h"

namespace npuzzle {

std::string apply_moves(Board& board, const MoveSequence& moves) {
  // The blank's cell is written once, at the end: each move copies the
  // neighbour's tile onto the blank's cell and moves on. Bounds are checked
  // on the blank's row and column (no division per move).
  std::vector<std::uint32_t>& tiles = board.tiles_;
  const int rows = board.rows_;
  const int cols = board.cols_;
  int blank = board.blank_;
  int row = blank / cols;
  int col = blank % cols;
  std::string error;
  const std::uint64_t size = moves.size();
  const std::vector<std::uint64_t>& words = moves.words();
  for (std::uint64_t w = 0; w * MoveSequence::kMovesPerWord < size && error.empty(); ++w) {
    std::uint64_t word = words[w];
    const std::uint64_t end = std::min(size - w * MoveSequence::kMovesPerWord, MoveSequence::kMovesPerWord);
    for (std::uint64_t i = 0; i < end; ++i, word >>= 2) {
      const auto d = static_cast<Direction>(word & 3u);
      int next;
      bool inside;
      switch (d) {
        case Direction::kUp: inside = row > 0, next = blank - cols, row -= inside; break;
        case Direction::kDown: inside = row < rows - 1, next = blank + cols, row += inside; break;
        case Direction::kLeft: inside = col > 0, next = blank - 1, col -= inside; break;
        default: inside = col < cols - 1, next = blank + 1, col += inside; break;
      }
      if (!inside) {
        error = "move " + std::to_string(w * MoveSequence::kMovesPerWord + i + 1) + " ('" +
                std::string(1, move_letter(d, Notation::kBlank)) + "') takes the blank off the board";
        break;
      }
      tiles[static_cast<std::size_t>(blank)] = tiles[static_cast<std::size_t>(next)];
      blank = next;
    }
  }
  tiles[static_cast<std::size_t>(blank)] = 0;
  board.blank_ = blank;
  return error;
}

std::string check_solution(const Board& start, const MoveSequence& moves, Goal goal) {
  Board board = start;
  if (std::string error = apply_moves(board, moves); !error.empty()) return error;
  if (!board.is_solved(goal)) {
    return "the " + std::to_string(moves.size()) + " moves end on a board that is not the " +
           std::string(goal_name(goal)) + " goal";
  }
  return {};
}

}  // namespace npuzzle
