// Shortening a valid solution by optimal sub-paths (a peephole optimiser).
// The phased solver's solutions are valid, not short; this replaces windows
// of them by shortest equivalents:
//
//   1. Walk the solution from its board. A window is `window` consecutive
//      moves; the cells the blank visits in it span a bounding box.
//   2. Every tile outside the box is untouched by the window, so the window
//      only permutes the box. When the box has at most `max_cells` cells,
//      IDA* (Manhattan of the box's tiles to their cells after the window)
//      looks for a shorter path that stays inside the box and ends on the
//      same arrangement, within `max_nodes` nodes.
//   3. A shorter path found is spliced in and the walk moves past the
//      window; otherwise it moves half a window on, so windows overlap.
//   4. Adjacent inverse pairs the splices create are cancelled at the end.
//
// The result takes the board to the same final board (the goal for a
// solution) and is never longer. Time: about (moves / window) * 2 searches
// of at most max_nodes nodes each.
#pragma once

#include <cstdint>

#include "core/board.h"
#include "core/moves.h"

namespace npuzzle {

struct ShortenOptions {
  int window = 16;       // moves per window (at most 40)
  int max_cells = 12;    // the largest bounding box searched (at most 16 cells)
  std::uint64_t max_nodes = 20000;  // per window
};

struct ShortenStats {
  std::uint64_t windows = 0;   // windows searched (boxes small enough)
  std::uint64_t replaced = 0;  // windows replaced by a shorter path
  std::uint64_t removed = 0;   // moves removed in all (splices and pairs)
};

// Shortens `moves`, a sequence that stays on the board from `start`, in
// place; returns the number of moves removed.
std::uint64_t shorten_by_windows(const Board& start, MoveSequence& moves, const ShortenOptions& options = {},
                                 ShortenStats* stats = nullptr);

}  // namespace npuzzle
