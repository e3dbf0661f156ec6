// The frames of an animated solution, independent of how they are drawn:
// the start board, then per move `smooth` in-between frames of the moving
// tile part-way and one of it landed. The GIF and the SVG writers both walk
// this sequence, so frame counts, highlights and delays agree.
//
//   frames = 1 + moves * (smooth + 1)
//   delays: the start frame start_pause_ms; each frame of a move
//           delay_ms / (smooth + 1); the last frame final_pause_ms.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/board.h"
#include "core/moves.h"

namespace npuzzle::render {

struct Timing {
  int delay_ms = 300;         // one move, in-between frames included
  int start_pause_ms = 1000;  // the start board
  int final_pause_ms = 2000;  // the last board, before the loop starts over
};

struct Frame {
  std::uint64_t index = 0;  // 0-based
  std::uint64_t move = 0;   // the move shown (in progress or just made); 0 = the start board
  std::uint64_t total = 0;  // moves in the solution
  // The tile of move `move` and the cells it slides from and to; tile 0
  // and cells -1 on the start board.
  std::uint32_t moving_tile = 0;
  int from = -1;
  int to = -1;
  double progress = 1;  // how far the tile has slid, (0, 1]; 1 = landed
  int delay_ms = 0;
  bool last = false;
};

inline std::uint64_t frame_count(std::uint64_t moves, int smooth) {
  return 1 + moves * (static_cast<std::uint64_t>(smooth) + 1);
}

// The delay of a frame of a move (not the first or the last frame).
inline int step_delay_ms(const Timing& timing, int smooth) { return timing.delay_ms / (smooth + 1); }

// Calls each(board, frame) for every frame in order. `board` is the board
// after frame.move moves: during a slide the tile already stands in
// frame.to. Precondition: `moves` replay from `start` (replay.h).
template <class Each>
void for_each_frame(const Board& start, const MoveSequence& moves, int smooth, const Timing& timing, Each&& each) {
  Board board = start;
  const std::uint64_t total = moves.size();
  Frame frame;
  frame.total = total;
  frame.last = total == 0;
  frame.delay_ms = frame.last ? timing.final_pause_ms : timing.start_pause_ms;
  each(static_cast<const Board&>(board), static_cast<const Frame&>(frame));
  for (std::uint64_t m = 0; m < total; ++m) {
    const Direction d = moves[m];
    frame.from = board.neighbour(d);  // the tile's cell, where the blank goes
    frame.to = board.blank();
    frame.moving_tile = board.at(frame.from);
    board.move(d);
    frame.move = m + 1;
    for (int step = 1; step <= smooth + 1; ++step) {
      ++frame.index;
      frame.progress = static_cast<double>(step) / (smooth + 1);
      frame.last = frame.move == total && step == smooth + 1;
      frame.delay_ms = frame.last ? timing.final_pause_ms : step_delay_ms(timing, smooth);
      each(static_cast<const Board&>(board), static_cast<const Frame&>(frame));
    }
  }
}

// Calls each(board, frame) for the landed boards after picks[0] < picks[1]
// < ... moves, in order (the boards of a contact sheet); frame.index is the
// move count. Precondition: `moves` replay from `start`, picks <= moves.size().
template <class Each>
void for_each_pick(const Board& start, const MoveSequence& moves, const std::vector<std::uint64_t>& picks,
                   Each&& each) {
  Board board = start;
  Frame frame;
  frame.total = moves.size();
  std::uint64_t done = 0;
  for (std::uint64_t pick : picks) {
    for (; done < pick; ++done) {
      const Direction d = moves[done];
      frame.from = board.neighbour(d);
      frame.to = board.blank();
      frame.moving_tile = board.at(frame.from);
      board.move(d);
    }
    frame.move = frame.index = pick;
    frame.last = pick == frame.total;
    each(static_cast<const Board&>(board), static_cast<const Frame&>(frame));
  }
}

// The caption under a frame: "start · 0 / 45", "move 12 / 45", and
// "solved · 45 / 45" on the last frame when it shows the goal.
inline std::string caption_text(const Frame& frame, bool solved) {
  const std::string count = std::to_string(frame.move) + " / " + std::to_string(frame.total);
  if (frame.last && solved) return "solved \u00b7 " + count;
  if (frame.move == 0) return "start \u00b7 " + count;
  return "move " + count;
}

// The landed frame after `k` moves (k <= moves.size()), with its board.
Frame frame_after(const Board& start, const MoveSequence& moves, std::uint64_t k, Board* board);

}  // namespace npuzzle::render
