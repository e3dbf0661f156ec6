// The board's geometry: which cells the blank can move to from each cell,
// in the one order every kernel uses (up, left, right, down: Burns et al.'s
// order, which fixes the node counts of IDA*'s last iteration).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/board.h"

namespace npuzzle {

struct MoveList {
  std::uint8_t count = 0;
  std::array<std::uint8_t, 4> target{};   // the cell the blank moves to
  std::array<Direction, 4> direction{};   // the blank's direction
};

// One MoveList per cell of a rows x cols board. Precondition: rows * cols <= 256
// (targets are bytes; the kernels serve at most 64 cells).
std::vector<MoveList> move_lists(int rows, int cols);

}  // namespace npuzzle
