// The index of a zero-aware pattern database (Clausecker, "Notes on the
// Construction of Pattern Databases", ZIB-Report 17-59).
//
// A plain (blank-aware) table keeps one entry per placement of the pattern's
// k tiles: the minimum over every cell the blank could be on. A zero-aware
// table keeps one entry per (placement, region), a region being a connected
// component of the cells the pattern leaves free: the blank moves within its
// region at no cost, so every cell of a region has the same abstract
// distance, but two regions may differ. The entry is never below the plain
// one (the plain entry is the minimum over the regions), and a sum over
// disjoint patterns stays admissible for the same reason as before: a real
// move moves one tile, which costs 1 in its own pattern and is a free blank
// move inside one region in every other pattern.
//
// Layout. Most placements leave one region (5x5, 6 tiles: 1.42 regions per
// placement on average, at most 5), so a dense rank * max_regions layout
// would waste most of its room. Instead the index splits a placement into
//   1. the set of occupied cells, ranked in colex order (Gosper's order):
//      comb = sum over the occupied cells s_0 < s_1 < ... of C(s_j, j+1);
//   2. the order of the pattern's tiles over those cells, a permutation of k
//      ranked by its Lehmer code: digit i = #{occupied cells below c_i not
//      taken by tiles 0..i-1}, weight (k-1-i)!;
//   3. the region of the blank: regions are numbered by their lowest cell,
//      and the numbering depends only on the occupied set.
// index = offset[comb] + region * k! + permutation, with offset[comb] the
// number of (placement, region) pairs of the sets ranked below comb. The
// table has sum over sets of (regions of the set) * k! entries, which is
// exactly the number of (placement, region) pairs: no gaps.
//
// index() from scratch is 2k iterations of a mask, popcount and multiply-add
// plus one small-table load (the per-set record, which holds the region of
// every free cell when there are at most two regions; a second load of a
// region label only for sets of three or more); the kernels instead keep a
// Cursor per part and update it per move (moved(), below): no allocation,
// no hashing.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "heuristics/pdb/pattern.h"

namespace npuzzle::pdb {

class ZeroAwareIndex {
 public:
  // Precondition: 1 <= k < rows*cols <= 25.
  ZeroAwareIndex(int rows, int cols, int k);
  // One shared index per (rows, cols, k) for the life of the process. Thread-safe.
  static std::shared_ptr<const ZeroAwareIndex> shared(int rows, int cols, int k);

  int k() const { return k_; }
  int cells() const { return cells_; }
  // Entries of a table: (placement, region) pairs.
  std::uint64_t size() const { return size_; }
  // The most regions any placement leaves (5x5, k = 6: 5).
  int max_regions() const { return max_regions_; }

  // The index of the placement cells[0..k) (pattern order) with the blank on
  // `blank`. Precondition: k distinct cells; blank is a free cell.
  std::uint64_t index(const std::uint8_t* cells, int blank) const { return index(cursor(cells), blank); }

  // Incremental indexing (the search kernels). A Cursor is the blank-free
  // part of the index of one placement: the occupied set (as a mask and as
  // its colex rank) and the Lehmer rank of the tile order. index() adds the
  // blank's region; moved() updates a cursor for one tile's move without
  // looking at the other tiles' cells, only at the occupied cells strictly
  // between the old and the new cell (none for a sideways move on a board,
  // at most cols-1 for a vertical one):
  //   - colex rank: with lo < hi the two cells of the move, r the number of
  //     occupied cells below lo and c_1 < ... < c_m the occupied cells
  //     between, the cell on lo has colex position r+1 and the cell on hi
  //     position r+m+1, and each c_l moves by one position, so
  //       comb' = comb + s * (C(hi, r+m+1) - C(lo, r+1)
  //                           - sum_l [C(c_l, r+l+1) - C(c_l, r+l)])
  //     with s = +1 when the tile moves up in cell number, -1 otherwise;
  //   - Lehmer rank (digit i = the number of later tiles on lower cells,
  //     weight (k-1-i)!): only the moved tile i and the tiles j on the cells
  //     between change their relative order, so
  //       perm' = perm + s * sum_j (j > i ? (k-1-i)! : -(k-1-j)!).
  struct Cursor {
    std::uint32_t occupied = 0;  // bit c: a pattern tile is on cell c
    std::uint32_t comb = 0;      // colex rank of `occupied`
    std::uint64_t permutation = 0;
    bool operator==(const Cursor&) const = default;
  };

  Cursor cursor(const std::uint8_t* cells) const {
    Cursor c;
    for (int i = 0; i < k_; ++i) c.occupied |= std::uint32_t{1} << cells[i];
    std::uint32_t used = 0;
    for (int i = 0; i < k_; ++i) {
      const std::uint32_t bit = std::uint32_t{1} << cells[i];
      c.permutation += static_cast<std::uint64_t>(popcount32(c.occupied & ~used & (bit - 1))) *
                       factorial_weight_[static_cast<std::size_t>(i)];
      used |= bit;
    }
    int j = 0;
    for (std::uint32_t m = c.occupied; m != 0; m &= m - 1) {
      c.comb += binomial_[static_cast<std::size_t>(__builtin_ctz(m))][static_cast<std::size_t>(++j)];
    }
    return c;
  }

  // The cursor after tile i (pattern order) of `c` slides from cell `from` to
  // the free cell `to`. index_at(cell) is the pattern-order index of the tile
  // on an occupied cell; it is called only for occupied cells between.
  template <class IndexAt>
  [[gnu::always_inline]] Cursor moved(Cursor c, int i, int from, int to, IndexAt index_at) const {
    const int lo = from < to ? from : to;
    const int hi = from < to ? to : from;
    const std::uint32_t occupied = c.occupied;
    const int r = popcount32(occupied & ((std::uint32_t{1} << lo) - 1));
    const auto wi = static_cast<std::int64_t>(factorial_weight_[static_cast<std::size_t>(i)]);
    int l = r;
    std::int64_t comb = 0;
    std::int64_t permutation = 0;
    for (int cell = lo + 1; cell < hi; ++cell) {
      if ((occupied >> cell) & 1u) {
        ++l;
        comb -= binomial_step_[static_cast<std::size_t>(cell)][static_cast<std::size_t>(l)];
        const int j = index_at(cell);
        permutation += j > i ? wi : -static_cast<std::int64_t>(factorial_weight_[static_cast<std::size_t>(j)]);
      }
    }
    comb += static_cast<std::int64_t>(binomial_[static_cast<std::size_t>(hi)][static_cast<std::size_t>(l + 1)]) -
            static_cast<std::int64_t>(binomial_[static_cast<std::size_t>(lo)][static_cast<std::size_t>(r + 1)]);
    if (from > to) {
      comb = -comb;
      permutation = -permutation;
    }
    c.occupied = occupied ^ (std::uint32_t{1} << from) ^ (std::uint32_t{1} << to);
    c.comb = static_cast<std::uint32_t>(static_cast<std::int64_t>(c.comb) + comb);
    c.permutation = static_cast<std::uint64_t>(static_cast<std::int64_t>(c.permutation) + permutation);
    return c;
  }

  // The per-set record of a cursor's occupied set, to prefetch before index()
  // (the search kernels' first stage, pdb_views.h).
  const void* set_record(const Cursor& c) const { return &sets_[c.comb]; }

  // The index of the cursor's placement with the blank on `blank` (a free cell).
  [[gnu::always_inline]] std::uint64_t index(const Cursor& c, int blank) const {
    const Set& set = sets_[c.comb];
    const std::uint32_t regions = set.regions;
    const std::uint64_t region = (regions & kInline) != 0 ? (regions >> blank) & 1u
                                                          : labels_[regions + static_cast<std::uint32_t>(blank)];
    return (set.first + region) * permutations_ + c.permutation;
  }

 private:
  // Set::regions with this bit: the regions are inline (one or two
  // regions; bit c set: free cell c is in region 1); without: the start of
  // the set's region numbers in labels_ (three or more regions). So only
  // sets of 3+ regions need a second, dependent load.
  static constexpr std::uint32_t kInline = 0x80000000u;
  // 8 bytes, so that the 5x5 6-tile table of sets (177,100) takes 1.4 MB.
  struct Set {
    std::uint32_t first;    // first index of this occupied set, in units of k!: (set, region) pairs below it
    std::uint32_t regions;  // see kInline
  };

  int cells_;
  int k_;
  std::uint64_t permutations_ = 1;  // k!
  std::uint64_t size_ = 0;
  int max_regions_ = 1;
  std::uint32_t binomial_[26][26] = {};
  std::uint64_t factorial_weight_[25] = {};  // (k-1-i)!
  std::int64_t binomial_step_[26][26] = {};  // [c][j]: C(c, j+1) - C(c, j)
  std::vector<Set> sets_;                    // by colex rank of the occupied set
  std::vector<std::uint8_t> labels_;         // region number per cell, for sets of 3+ regions
};

}  // namespace npuzzle::pdb
