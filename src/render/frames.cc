#include "render/frames.h"

namespace npuzzle::render {

Frame frame_after(const Board& start, const MoveSequence& moves, std::uint64_t k, Board* board) {
  *board = start;
  Frame frame;
  frame.total = moves.size();
  frame.index = k;
  frame.move = k;
  for (std::uint64_t m = 0; m < k; ++m) {
    const Direction d = moves[m];
    frame.from = board->neighbour(d);
    frame.to = board->blank();
    frame.moving_tile = board->at(frame.from);
    board->move(d);
  }
  frame.last = k == frame.total;
  return frame;
}

}  // namespace npuzzle::render
