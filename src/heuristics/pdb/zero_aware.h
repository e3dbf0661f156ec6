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
// index() is 2k iterations of a mask, popcount and multiply-add plus two
// small-table loads (the per-set offset, and a region label only for the
// rare sets with more than one region): no allocation, no hashing.
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
  std::uint64_t index(const std::uint8_t* cells, int blank) const {
    std::uint32_t occupied = 0;
    for (int i = 0; i < k_; ++i) occupied |= std::uint32_t{1} << cells[i];
    std::uint32_t used = 0;
    std::uint64_t permutation = 0;
    for (int i = 0; i < k_; ++i) {
      const std::uint32_t bit = std::uint32_t{1} << cells[i];
      permutation += static_cast<std::uint64_t>(popcount32(occupied & ~used & (bit - 1))) *
                     factorial_weight_[static_cast<std::size_t>(i)];
      used |= bit;
    }
    std::uint32_t comb = 0;
    int j = 0;
    for (std::uint32_t m = occupied; m != 0; m &= m - 1) {
      comb += binomial_[static_cast<std::size_t>(__builtin_ctz(m))][static_cast<std::size_t>(++j)];
    }
    const Set& set = sets_[comb];
    const std::uint64_t region = set.labels == kOneRegion ? 0 : labels_[set.labels + static_cast<std::uint32_t>(blank)];
    return set.offset + region * permutations_ + permutation;
  }

 private:
  static constexpr std::uint32_t kOneRegion = 0xFFFFFFFFu;
  struct Set {
    std::uint64_t offset;  // first index of this occupied set
    std::uint32_t labels;  // start of its cells' region numbers in labels_, or kOneRegion
  };

  int cells_;
  int k_;
  std::uint64_t permutations_ = 1;  // k!
  std::uint64_t size_ = 0;
  int max_regions_ = 1;
  std::uint32_t binomial_[26][26] = {};
  std::uint64_t factorial_weight_[25] = {};  // (k-1-i)!
  std::vector<Set> sets_;                    // by colex rank of the occupied set
  std::vector<std::uint8_t> labels_;         // region number per cell, for sets of 2+ regions
};

}  // namespace npuzzle::pdb
