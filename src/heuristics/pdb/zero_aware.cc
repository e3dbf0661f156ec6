#include "heuristics/pdb/zero_aware.h"

#include <cassert>
#include <map>
#include <mutex>
#include <tuple>

namespace npuzzle::pdb {
namespace {

// Region numbers (by lowest cell) of the free cells of `occupied` on a
// rows x cols board; returns the number of regions.
int label_regions(int rows, int cols, std::uint32_t occupied, std::uint8_t* label) {
  const int cells = rows * cols;
  const std::uint32_t all = cells == 32 ? ~0u : (std::uint32_t{1} << cells) - 1;
  std::uint32_t unlabelled = all & ~occupied;
  int regions = 0;
  while (unlabelled != 0) {
    std::uint32_t region = unlabelled & (0u - unlabelled);
    for (;;) {  // flood fill by rounds of neighbour steps
      std::uint32_t grown = region;
      for (std::uint32_t m = region; m != 0; m &= m - 1) {
        const int c = __builtin_ctz(m);
        if (c >= cols) grown |= std::uint32_t{1} << (c - cols);
        if (c + cols < cells) grown |= std::uint32_t{1} << (c + cols);
        if (c % cols != 0) grown |= std::uint32_t{1} << (c - 1);
        if (c % cols != cols - 1) grown |= std::uint32_t{1} << (c + 1);
      }
      grown &= unlabelled;
      if (grown == region) break;
      region = grown;
    }
    for (std::uint32_t m = region; m != 0; m &= m - 1) label[__builtin_ctz(m)] = static_cast<std::uint8_t>(regions);
    unlabelled &= ~region;
    ++regions;
  }
  return regions;
}

}  // namespace

ZeroAwareIndex::ZeroAwareIndex(int rows, int cols, int k) : cells_(rows * cols), k_(k) {
  assert(k >= 1 && k < cells_ && cells_ <= kMaxPdbCells);
  for (int n = 0; n <= 25; ++n) {
    binomial_[n][0] = 1;
    for (int r = 1; r <= n; ++r) binomial_[n][r] = binomial_[n - 1][r - 1] + (r <= n - 1 ? binomial_[n - 1][r] : 0);
  }
  for (int c = 0; c <= 25; ++c) {
    for (int j = 0; j + 1 <= 25; ++j) {
      binomial_step_[c][j] = static_cast<std::int64_t>(binomial_[c][j + 1]) - static_cast<std::int64_t>(binomial_[c][j]);
    }
  }
  std::uint64_t w = 1;
  for (int i = k - 1; i >= 0; --i) {
    factorial_weight_[i] = w;
    w *= static_cast<std::uint64_t>(k - i);
  }
  permutations_ = w;
  sets_.reserve(binomial_[cells_][k]);
  // Gosper's hack visits the k-subsets in increasing numeric order, which is
  // colex order: the i-th set visited has colex rank i.
  const std::uint64_t end = std::uint64_t{1} << cells_;
  std::uint8_t label[kMaxPdbCells];
  for (std::uint64_t set = (std::uint64_t{1} << k) - 1; set < end;) {
    const int regions = label_regions(rows, cols, static_cast<std::uint32_t>(set), label);
    assert(size_ / permutations_ <= 0xFFFFFFFFu);
    Set info{static_cast<std::uint32_t>(size_ / permutations_), kInline};
    if (regions == 2) {
      for (int c = 0; c < cells_; ++c) {
        if (((set >> c) & 1u) == 0 && label[c] == 1) info.regions |= std::uint32_t{1} << c;
      }
    } else if (regions > 2) {
      info.regions = static_cast<std::uint32_t>(labels_.size());
      assert(info.regions < kInline);
      labels_.insert(labels_.end(), label, label + cells_);
    }
    sets_.push_back(info);
    size_ += static_cast<std::uint64_t>(regions) * permutations_;
    if (regions > max_regions_) max_regions_ = regions;
    const std::uint64_t low = set & (0 - set);
    const std::uint64_t ripple = set + low;
    set = ripple | (((set ^ ripple) >> 2) / low);
  }
  assert(sets_.size() == binomial_[cells_][k]);
}

std::shared_ptr<const ZeroAwareIndex> ZeroAwareIndex::shared(int rows, int cols, int k) {
  static std::mutex mutex;
  static auto* known = new std::map<std::tuple<int, int, int>, std::shared_ptr<const ZeroAwareIndex>>();
  std::lock_guard lock(mutex);
  auto& slot = (*known)[{rows, cols, k}];
  if (!slot) slot = std::make_shared<const ZeroAwareIndex>(rows, cols, k);
  return slot;
}

}  // namespace npuzzle::pdb
