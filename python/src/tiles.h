// Python objects to boards: the one place the module reads a user's tiles.
// Accepted: a flat sequence (any iterable) of integers, a sequence of rows,
// a NumPy array of one or two dimensions (read through its tolist(), so
// NumPy is never imported here), or an npuzzle.Board. Integers are anything
// with __index__ (Python and NumPy integers); never floats, bools or strings.
#pragma once

#include <pybind11/pybind11.h>

#include <optional>
#include <string>

#include "core/board.h"

namespace npuzzle::python {

// A board with the goal it is measured against: npuzzle.Board.
struct PyBoard {
  Board board;
  Goal goal = Goal::kBlankLast;
};

// What reading tiles gave: a board, or why not. `type_error` tells a
// TypeError (not integers, not a sequence) from a ValueError (a bad board).
struct TilesReading {
  std::optional<Board> board;
  std::optional<Goal> goal;  // set when the tiles were an npuzzle.Board
  std::string error;
  bool type_error = false;
};

// Reads `tiles` as a board of `rows` x `cols` (either may be omitted: a
// flat sequence without both is square, or the missing one follows from
// the count; a grid gives its own shape, which must agree). Needs the GIL.
// Never throws for bad content: the error is in the reading.
TilesReading read_tiles(pybind11::handle tiles, std::optional<int> rows, std::optional<int> cols);

// As read_tiles, but raises TypeError or ValueError.
Board board_or_raise(pybind11::handle tiles, std::optional<int> rows, std::optional<int> cols,
                     std::optional<Goal>* goal = nullptr);

}  // namespace npuzzle::python
