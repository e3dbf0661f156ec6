// Precomputed tables for the per-tile heuristics and the move generator of
// one board shape and goal. Built once per (rows, cols, goal), shared
// read-only by all threads (tables_for() caches them).
//
// Linear conflict, incrementally. For a line (row or column) of length L,
// the cells holding tiles whose goal lies in that line are encoded as a
// base-(L+1) number, one digit per cell: 0 for a tile of another line or the
// blank, 1 + (goal index within the line) otherwise. `lc_row`/`lc_col` map a
// code to twice the minimum number of tiles to remove so that the rest are in
// goal order (participants minus their longest increasing subsequence;
// Hansson, Mayer & Yung 1992). A vertical tile move changes the conflicts of
// two rows (the one it leaves and the one it enters) and, in its column,
// only its place in the code, not the order; a horizontal move the same with
// rows and columns exchanged. `row_digit[t * cells + pos]` is tile t's digit
// times the place value of cell pos within its row (0 unless t belongs to
// that row), so each code is updated with one subtraction and one addition.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/board.h"
#include "core/geometry.h"

namespace npuzzle {

// Lines longer than this have no linear-conflict table ((L+1)^L entries).
inline constexpr int kMaxConflictLine = 7;
// The kernels and their tables serve boards of at most this many cells.
inline constexpr int kMaxSearchCells = 64;

struct TileTables {
  int rows = 0;
  int cols = 0;
  int cells = 0;
  Goal goal = Goal::kBlankLast;

  // Per blank cell (core/geometry.h).
  std::vector<MoveList> moves;

  // [tile * cells + pos]: the tile's Manhattan distance / misplacement there.
  std::vector<std::uint8_t> manhattan;
  std::vector<std::uint8_t> hamming;
  // [(tile * cells + from) * cells + to]: h(to) - h(from) for the tile.
  std::vector<std::int8_t> manhattan_delta;
  std::vector<std::int8_t> hamming_delta;

  bool has_conflict_tables = false;
  std::vector<std::uint32_t> row_digit;  // [tile * cells + pos]
  std::vector<std::uint32_t> col_digit;  // [tile * cells + pos]
  std::vector<std::uint8_t> lc_row;      // indexed by a row code
  std::vector<std::uint8_t> lc_col;      // indexed by a column code

  int row_of(int pos) const { return pos / cols; }
  int col_of(int pos) const { return pos % cols; }
};

// Returns the cached tables; builds them on first use. Thread-safe.
// Precondition: rows * cols <= kMaxSearchCells.
std::shared_ptr<const TileTables> tables_for(int rows, int cols, Goal goal);

// Twice (k - longest increasing subsequence) of the k non-negative goal
// indices in `goal_index`; negative entries are cells that do not take part.
// The one definition that both the tables and the from-scratch evaluation
// use. O(L log L).
int line_conflict(const int* goal_index, int length);

}  // namespace npuzzle
