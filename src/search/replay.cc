#include "search/replay.h"

#include "core/notation.h"

namespace npuzzle {

std::string apply_moves(Board& board, const std::vector<Direction>& moves) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (!board.can_move(moves[i])) {
      return "move " + std::to_string(i + 1) + " ('" + std::string(1, move_letter(moves[i], Notation::kBlank)) +
             "') takes the blank off the board";
    }
    board.move(moves[i]);
  }
  return {};
}

std::string check_solution(const Board& start, const std::vector<Direction>& moves, Goal goal) {
  Board board = start;
  if (std::string error = apply_moves(board, moves); !error.empty()) return error;
  if (!board.is_solved(goal)) {
    return "the " + std::to_string(moves.size()) + " moves end on a board that is not the " +
           std::string(goal_name(goal)) + " goal";
  }
  return {};
}

}  // namespace npuzzle
