#include "core/replay.h"

#include "core/notation.h"

namespace npuzzle {

std::string apply_moves(Board& board, const MoveSequence& moves) {
  std::uint64_t i = 0;
  for (Direction d : moves) {
    ++i;
    if (!board.can_move(d)) {
      return "move " + std::to_string(i) + " ('" + std::string(1, move_letter(d, Notation::kBlank)) +
             "') takes the blank off the board";
    }
    board.move(d);
  }
  return {};
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
