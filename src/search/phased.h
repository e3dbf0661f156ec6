// The phased constructive solver: any R x C board (2 <= R, C; up to
// kMaxCells cells), a valid solution in time proportional to its length,
// never an optimal one. The row-by-row method of Coursera's "Fifteen":
//
//   1. the bottom R-2 rows, each right to left: every tile is brought to its
//      cell by blank manoeuvres that never enter a solved cell; a row's last
//      tile (column 0) is put beside its cell and a 3x2 macro drops it in;
//   2. the two top rows, column by column, right to left: the row-1 tile of
//      the column is brought in directly, the row-0 tile beside its cell and
//      a 2x3 macro drops it in;
//   3. the last 2x2 by rotation.
//
// The method places tiles toward the blank's goal cell (0, 0): the
// blank-first goal. A board for the blank-last goal is solved in its
// canonical frame: rotated 180 degrees, tile t renamed N - t (the blank stays
// 0), which turns blank-last into blank-first; a blank move in that frame is
// the opposite move on the board.
//
// Invariants (canonical frame; "solved" = cell p holds tile p), checked with
// assert in debug builds and reported to PhasedOptions::on_step for tests:
//   lower-row (i, j): the blank is on (i, j); every cell after (i, j) in
//                     row-major order is solved;
//   row-1 (j):        the blank is on (1, j); rows >= 2 and the cells of
//                     rows 0 and 1 right of column j are solved;
//   row-0 (j):        the blank is on (0, j); rows >= 2, row 1 from column j
//                     on, and row 0 right of column j are solved.
//
// The board is an array tile_at[cell], with the cells of the tiles of the
// few rows being placed kept beside it, so each move costs O(1), and every
// route the blank takes is planned in O(1) as at most two L-shaped legs (a
// bounded local search in the rare case they do not fit): placing a tile
// costs time in proportion to the moves it emits. A travelling tile's
// straight and diagonal stretches are made whole, as fixed cycles whose
// moves are appended a word at a time and whose effect on the board is one
// pass over the cells they touch (search/phased_cycles.h).
// Moves: a random n x n board takes about c * n^3 (results/phased.md).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "core/board.h"
#include "core/moves.h"
#include "search/result.h"

namespace npuzzle {

enum class PhaseKind : std::uint8_t { kLowerRow, kRow1, kRow0, kDone };

// Where the solver stands, in the canonical frame: the invariant that holds
// (kDone: the board is solved), and its (row, col) as in the list above.
struct PhaseStep {
  PhaseKind kind = PhaseKind::kDone;
  int row = 0;
  int col = 0;
};

struct PhasedOptions {
  Goal goal = Goal::kBlankLast;
  // Cancel adjacent inverse moves (ud, du, lr, rl) until none is left.
  bool cancel_pairs = true;
  // Then replace windows by shorter sub-paths (search/shorten.h): 1-2%
  // shorter at 10x10, under 0.2% from 30x30 on, about 0.1 microsecond a
  // move (results/phased.md).
  bool shorten = false;
  // Called before each tile (or pair) is placed and once at the end, with the
  // moves emitted so far (on the board, in its own frame, before cancelling).
  std::function<void(const PhaseStep&, const MoveSequence&)> on_step;
  // Polled once per row: raising it ends the run with kCancelled; a time
  // limit (seconds > 0) ends it with kLimit.
  const std::atomic<bool>* cancel = nullptr;
  double seconds = 0;
};

struct PhasedStats {
  std::uint64_t raw_length = 0;  // moves before cancelling pairs
  std::uint64_t cancelled = 0;   // moves removed by cancelling pairs
  std::uint64_t local_searches = 0;  // blank routes that needed the local search
  std::uint64_t shortened = 0;       // moves removed by shortening windows
};

// The moves the phased solver is allowed to hold: 2^34 (4 GiB at two bits a
// move). Its solution of a random R x C board takes about
// 1.43 * R * C * (R + C) moves (2.86 n^3 on n x n, results/phased.md);
// phased_move_estimate() is the slightly larger 1.5 * R * C * (R + C), and
// a board whose estimate passes the limit is refused before any work
// (about 1789 x 1789 for a square: a 4096 x 4096 board would need some
// 2e11 moves, 52 GB). Empty when the board fits, else the message.
inline constexpr std::uint64_t kMaxPhasedMoves = std::uint64_t{1} << 34;
std::uint64_t phased_move_estimate(int rows, int cols);
std::string phased_size_refusal(int rows, int cols);

// Solves `board` for options.goal: status kSolved with the moves, kUnsolvable
// (before any work) for a board of the other parity, or kCancelled/kLimit.
// lower_bound is linear conflict when both sides are at most
// kMaxConflictLine, else Manhattan. Expanded and generated stay 0.
SolveResult solve_phased(const Board& board, const PhasedOptions& options, PhasedStats* stats = nullptr);

// The board in the phased solver's canonical frame for `goal` (itself for
// blank-first; rotated 180 degrees with tiles renamed N - t for blank-last).
Board canonical_frame(const Board& board, Goal goal);

}  // namespace npuzzle
