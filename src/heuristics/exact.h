// The exact heuristic for small boards: the optimal distance of every state,
// from one breadth-first search over all of them (3x3: 181,440 states, built
// in about 10 ms; 2x5 and 5x2: 1,814,400, about 0.1 s). With it IDA*
// expands exactly the nodes of one optimal path, its first iteration being
// the last, so a small board costs a few dozen table reads.
//
// Index: the lexicographic rank of the grid (tile on cell 0, cell 1, ...) as
// a permutation of 0..cells-1, one byte per rank (cells! bytes; 3x3: 354 KiB,
// 2x5: 3.5 MiB). Ranks of the other parity class hold kUnreachable.
//
// Ranking a packed board (Lehmer code by bit masks): the digit of cell i is
// the number of tiles below tile(i) not yet seen on cells 0..i-1, and
// rank = sum digit_i * (cells-1-i)!, accumulated in Horner form. O(cells).
//
// The distances come from this file's own BFS over packed boards, not from
// tools/bfs.h; the tests hold the two to each other.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/board.h"
#include "core/packed_board.h"
#include "heuristics/resolved.h"

namespace npuzzle {

inline constexpr int kMaxExactCells = 10;  // 10! bytes = 3.5 MiB
inline constexpr std::uint8_t kUnreachable = 0xFF;

// Bits set in each 10-bit mask: a table, because without -mpopcnt
// std::popcount is a call into libgcc (it was a fifth of the all-3x3 batch).
inline constexpr auto kPopcount10 = [] {
  std::array<std::uint8_t, 1 << kMaxExactCells> bits{};
  for (std::size_t m = 0; m < bits.size(); ++m) bits[m] = static_cast<std::uint8_t>(std::popcount(m));
  return bits;
}();

// The lexicographic rank of the first `cells` cells of `board` as a
// permutation. Precondition: cells <= kMaxExactCells (the rank fits easily).
template <class Storage>
[[gnu::always_inline]] inline std::uint32_t exact_rank(const Storage& board, int cells) {
  std::uint32_t seen = 0;
  std::uint32_t rank = 0;
  for (int pos = 0; pos < cells; ++pos) {
    const int tile = board.at(pos);
    const std::uint32_t below_unseen = kPopcount10[~seen & ((1u << tile) - 1)];
    rank = rank * static_cast<std::uint32_t>(cells - pos) + below_unseen;
    seen |= 1u << tile;
  }
  return rank;
}

struct ExactTable {
  int rows = 0;
  int cols = 0;
  int cells = 0;
  Goal goal = Goal::kBlankLast;
  std::vector<std::uint8_t> distance;  // [exact_rank(board)]; kUnreachable for the other parity

  // The optimal number of moves from `board` to the goal; kUnreachable when
  // unsolvable. Precondition: the board's shape is the table's.
  int of(const Board& board) const;
};

// The table for one shape and goal, built on first use and then shared
// (thread-safe). Precondition: 2 <= rows, cols and rows * cols <= kMaxExactCells.
std::shared_ptr<const ExactTable> exact_table_for(int rows, int cols, Goal goal);

// The exact distance as a kernel heuristic: PreparingHeuristic for IDA*
// (prepare ranks the child, evaluate reads its byte) and NodeHeuristic for
// A*. No per-search state, so descend, ascend and reject do nothing.
class ExactHeuristic {
 public:
  struct Step {
    int value = 0;
  };

  // Precondition: `table` outlives the search and matches the board and goal.
  explicit ExactHeuristic(const ExactTable& table) : distance_(table.distance.data()), cells_(table.cells) {}

  int reset(const Board& board) { return distance_[exact_rank(Packed64::from(board), cells_)]; }

  template <class Storage>
  [[gnu::always_inline]] void prepare(Step& step, int tile, int from, int to, const Storage& parent) {
    Storage child = parent;  // one or two machine words for the boards this table serves
    child.slide(from, to, tile);
    step.value = distance_[exact_rank(child, cells_)];
  }
  [[gnu::always_inline]] int evaluate(Step& step, int) const { return step.value; }
  [[gnu::always_inline]] void descend(Step&) {}
  [[gnu::always_inline]] void ascend(Step&) {}
  [[gnu::always_inline]] void reject(Step&) {}

  template <class Storage>
  int value(const Storage& board) const {
    return distance_[exact_rank(board, cells_)];
  }
  template <class Storage>
  int child_value(const Storage& parent, int, int tile, int from, int to, bool) const {
    Storage child = parent;
    child.slide(from, to, tile);
    return distance_[exact_rank(child, cells_)];
  }

 private:
  const std::uint8_t* distance_;
  int cells_;
};

struct TileTables;

// The exact table's row (registry.h; its data is in exact.cc; the traits
// are explained at TileRow in incremental.h).
struct ExactRow {
  static const HeuristicRow& row();
  static constexpr int kMaxCells = kMaxExactCells;
  static constexpr bool kMachineOnly = false;
  static constexpr bool in_shape_kernel(int rows, int cols) { return rows * cols <= kMaxExactCells; }
  template <int kRows, int kCols, class F>
  static decltype(auto) with_kernel(const ResolvedHeuristic& h, const TileTables&, F&& f) {
    return f(ExactHeuristic(h.data_as<ExactTable>()));
  }
};

}  // namespace npuzzle
