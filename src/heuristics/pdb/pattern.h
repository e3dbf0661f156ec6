// Patterns and the perfect ranking of their placements.
//
// A Pattern is an ordered list of k distinct non-blank tiles of an R x C
// board with at most 25 cells (so a set of cells fits a 32-bit mask), and
// the goal the pattern database is built for. A placement is the cells of
// those k tiles, in pattern order: a k-permutation of the N = R*C cells.
// There are N!/(N-k)! placements; the table of a pattern database has one
// entry per placement, at the placement's rank.
//
// Ranking (lexicographic order of k-permutations), for cells c_0 .. c_{k-1}:
//   1. digit d_i = c_i - #{ j < i : c_j < c_i }, the index of c_i among the
//      cells still free when tile i is placed; 0 <= d_i < N - i.
//   2. rank = sum_i d_i * w_i, with w_i = (N-i-1)! / (N-k)!
//      = (N-i-1)(N-i-2)...(N-k+1), the number of ways to place tiles i+1..k-1.
// The count in step 1 is popcount(occupied & ((1 << c_i) - 1)) with
// `occupied` the 32-bit mask of c_0 .. c_{i-1}, so rank() is k iterations of
// a mask, a popcount and a multiply-add: no table lookup beyond the k
// weights, no allocation, no virtual call. Unranking inverts it digit by
// digit: d_i = r / w_i, r %= w_i, and c_i is the d_i-th free cell.
//
// The IDA* kernel ranks one placement per generated node (only the part of
// the moved tile), so rank() is inline here. With popcnt enabled (-mpopcnt,
// -march=x86-64-v2 or NPUZZLE_NATIVE) the count is one instruction; without
// it popcount32 is a branch-free bit count rather than std::popcount's
// libgcc call.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/board.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace npuzzle::pdb {

// Boards up to 5x5: a set of cells is a 32-bit mask.
inline constexpr int kMaxPdbCells = 25;
inline constexpr int kMaxPatternTiles = kMaxPdbCells - 1;

// The number of set bits of x.
inline int popcount32(std::uint32_t x) {
#if defined(__POPCNT__)
  return __builtin_popcount(x);
#else
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0Fu;
  return static_cast<int>((x * 0x01010101u) >> 24);
#endif
}

// Perfect ranking of the k-permutations of `cells` cells (see the top of the file).
class PlacementRanker {
 public:
  PlacementRanker() = default;
  // Precondition: 1 <= k < cells <= kMaxPdbCells.
  PlacementRanker(int cells, int k);

  int cells() const { return cells_; }
  int k() const { return k_; }
  // cells!/(cells-k)!: the number of placements, and one past the largest rank.
  std::uint64_t count() const { return count_; }
  // w_i: how much the rank grows when tile i moves to the next free cell.
  std::uint64_t weight(int i) const { return weight_[static_cast<std::size_t>(i)]; }

  // The rank of the placement `cells_in_pattern_order[0..k)`.
  // Precondition: k distinct cells, each < cells().
  std::uint64_t rank(const std::uint8_t* cells_in_pattern_order) const {
    std::uint32_t occupied = 0;
    std::uint64_t r = 0;
    for (int i = 0; i < k_; ++i) {
      const std::uint32_t bit = std::uint32_t{1} << cells_in_pattern_order[i];
      const auto below = static_cast<std::uint64_t>(popcount32(occupied & (bit - 1)));
      r += (cells_in_pattern_order[i] - below) * weight_[static_cast<std::size_t>(i)];
      occupied |= bit;
    }
    return r;
  }

  // Writes the placement of rank `r` to out[0..k). Precondition: r < count().
  void unrank(std::uint64_t r, std::uint8_t* out) const;

 private:
  int cells_ = 0;
  int k_ = 0;
  std::uint64_t count_ = 0;
  std::array<std::uint64_t, kMaxPatternTiles> weight_{};
};

// The d-th (0-based) zero bit of `occupied`: the d-th free cell.
// Precondition: occupied has more than d zero bits below bit 32.
inline int select_free_cell(std::uint32_t occupied, int d) {
#if defined(__BMI2__)
  return std::countr_zero(_pdep_u32(std::uint32_t{1} << d, ~occupied));
#else
  std::uint32_t free = ~occupied;
  for (int i = 0; i < d; ++i) free &= free - 1;
  return std::countr_zero(free);
#endif
}

class ZeroAwareIndex;  // zero_aware.h

class Pattern {
 public:
  Pattern() = default;
  // Throws std::invalid_argument (with a message for a person) unless the
  // board has 2 <= rows, cols and rows*cols <= kMaxPdbCells, and `tiles` is
  // a non-empty list of distinct tiles in 1..rows*cols-1. A zero-aware
  // pattern's table has one entry per (placement, blank region) instead of
  // one per placement (zero_aware.h).
  Pattern(int rows, int cols, Goal goal, std::vector<int> tiles, bool zero_aware = false);

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int cells() const { return rows_ * cols_; }
  Goal goal() const { return goal_; }
  int size() const { return static_cast<int>(tiles_.size()); }
  int tile(int i) const { return tiles_[static_cast<std::size_t>(i)]; }
  const std::vector<int>& tiles() const { return tiles_; }
  const PlacementRanker& ranker() const { return ranker_; }
  std::uint64_t placements() const { return ranker_.count(); }
  bool zero_aware() const { return zero_aware_index_ != nullptr; }
  // Non-null exactly for a zero-aware pattern.
  const ZeroAwareIndex* zero_aware_index() const { return zero_aware_index_.get(); }
  // The entries of the pattern's table: placements(), or for a zero-aware
  // pattern the (placement, region) pairs.
  std::uint64_t entries() const;

  // The cells of the pattern's tiles in the goal, in pattern order.
  void goal_placement(std::uint8_t* out) const;
  // The cells of the pattern's tiles on `board`, in pattern order.
  // Precondition: board is rows() x cols().
  void project(const Board& board, std::uint8_t* out) const;

  // "4x4 blank-first tiles 1,2,3,4,5" (with " zero-aware" after it when it is).
  std::string describe() const;
  // "1,2,3,4,5".
  std::string tile_list() const;

  bool operator==(const Pattern& other) const {
    return rows_ == other.rows_ && cols_ == other.cols_ && goal_ == other.goal_ && tiles_ == other.tiles_ &&
           zero_aware() == other.zero_aware();
  }

 private:
  int rows_ = 0;
  int cols_ = 0;
  Goal goal_ = Goal::kBlankLast;
  std::vector<int> tiles_;
  PlacementRanker ranker_;
  std::shared_ptr<const ZeroAwareIndex> zero_aware_index_;
};

// Reflection about the main diagonal of a square board: cell (r, c) <-> (c, r).
constexpr int mirror_cell(int cell, int side) { return (cell % side) * side + cell / side; }
// The tile whose goal cell mirrors `tile`'s goal cell. Both goals keep the
// blank on the diagonal (cell 0 or the last cell), so mirror_tile(0) == 0
// and the reflection of a solvable board is a solvable board at the same
// distance from the goal.
constexpr int mirror_tile(int tile, int side, Goal goal) {
  const int cells = side * side;
  return goal_tile(mirror_cell(goal_position(tile, cells, goal), side), cells, goal);
}

}  // namespace npuzzle::pdb
