// Replaying a move sequence: the check every reported solution goes through.
#pragma once

#include <string>

#include "core/board.h"
#include "core/moves.h"

namespace npuzzle {

// Applies `moves` (blank directions) to `board` in place. Returns an empty
// string on success, or a message naming the first move that would take the
// blank off the board (the board is left as it was before that move).
std::string apply_moves(Board& board, const MoveSequence& moves);

// Empty if `moves` take `start` to the goal, else what went wrong.
std::string check_solution(const Board& start, const MoveSequence& moves, Goal goal);

}  // namespace npuzzle
