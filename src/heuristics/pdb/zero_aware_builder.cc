#include "core/parallel.h"
#include "heuristics/pdb/zero_aware_builder.h"


#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <chrono>
#include <cstring>
#include <memory>
#include <stdexcept>

#include "heuristics/pdb/table.h"
#include "heuristics/pdb/zero_aware.h"

namespace npuzzle::pdb {
namespace {

std::uint64_t binomial(int n, int r) {
  std::uint64_t b = 1;
  for (int i = 1; i <= r; ++i) b = b * static_cast<std::uint64_t>(n - r + i) / static_cast<std::uint64_t>(i);
  return b;
}

// The occupied sets of k cells out of `cells`, in colex order (Gosper's hack
// visits them in increasing numeric order), so that sets[r] has colex rank r.
std::vector<std::uint32_t> sets_in_colex_order(int cells, int k) {
  std::vector<std::uint32_t> sets;
  sets.reserve(binomial(cells, k));
  const std::uint64_t end = std::uint64_t{1} << cells;
  for (std::uint64_t set = (std::uint64_t{1} << k) - 1; set < end;) {
    sets.push_back(static_cast<std::uint32_t>(set));
    const std::uint64_t low = set & (0 - set);
    const std::uint64_t ripple = set + low;
    set = ripple | (((set ^ ripple) >> 2) / low);
  }
  return sets;
}

class LayeredSearch {
 public:
  LayeredSearch(const Pattern& pattern, std::uint8_t* entries)
      : pattern_(pattern),
        index_(*pattern.zero_aware_index()),
        cells_(pattern.cells()),
        k_(pattern.size()),
        size_(index_.size()),
        entries_(entries),
        next_(new std::uint64_t[(size_ + 63) / 64]()),
        sets_(sets_in_colex_order(cells_, k_)) {
    std::uint64_t w = 1;
    for (int i = k_ - 1; i >= 0; --i) {
      order_weight_[static_cast<std::size_t>(i)] = w;
      w *= static_cast<std::uint64_t>(k_ - i);
    }
    orders_ = w;
    const int cols = pattern.cols();
    for (int c = 0; c < cells_; ++c) {
      std::uint32_t n = 0;
      if (c >= cols) n |= std::uint32_t{1} << (c - cols);
      if (c + cols < cells_) n |= std::uint32_t{1} << (c + cols);
      if (c % cols != 0) n |= std::uint32_t{1} << (c - 1);
      if (c % cols != cols - 1) n |= std::uint32_t{1} << (c + 1);
      neighbours_[static_cast<std::size_t>(c)] = n;
    }
  }

  // Runs the search; returns the number of layers (1 + the largest distance).
  int run(const BuildOptions& options) {
    std::array<std::uint8_t, kMaxPatternTiles> goal{};
    pattern_.goal_placement(goal.data());
    entries_[index_.index(goal.data(), goal_position(0, cells_, pattern_.goal()))] = 0;
    reached_ = 1;
    BlockArena arena(options.threads);
    auto last_report = std::chrono::steady_clock::now();
    int depth = 0;
    for (;; ++depth) {
      if (depth + 1 >= kUnreachable) throw std::runtime_error("pattern database distance would exceed 254");
      std::atomic<std::uint64_t> edges{0};
      arena.for_blocks(0, sets_.size(), kSetGrain, [&](std::uint64_t begin, std::uint64_t end) {
        std::uint64_t examined = 0;
        for (std::uint64_t r = begin; r != end; ++r) examined += expand_set(sets_[r], static_cast<std::uint8_t>(depth));
        edges.fetch_add(examined, std::memory_order_relaxed);
      });
      edges_ += edges.load();
      std::atomic<std::uint64_t> found{0};
      const std::uint64_t words = (size_ + 63) / 64;
      arena.for_blocks(0, words, kWordGrain, [&](std::uint64_t begin, std::uint64_t end) {
        const std::uint64_t n = settle(begin, end, static_cast<std::uint8_t>(depth + 1));
        if (n) found.fetch_add(n, std::memory_order_relaxed);
      });
      reached_ += found.load();
      if (options.on_progress) {
        const auto now = std::chrono::steady_clock::now();
        if (std::chrono::duration<double>(now - last_report).count() >= options.progress_interval) {
          last_report = now;
          options.on_progress(std::min(static_cast<double>(reached_) / static_cast<double>(size_), 1.0 - 1e-9));
        }
      }
      if (found.load() == 0) break;
    }
    if (options.on_progress) options.on_progress(1.0);
    return depth + 1;
  }

  std::uint64_t reached() const { return reached_; }
  std::uint64_t edges() const { return edges_; }

 private:
  static constexpr std::size_t kSetGrain = 64;
  static constexpr std::uint64_t kWordGrain = 1 << 14;

  // Phase A for every (set, region) block of `occupied`; returns the moves examined.
  std::uint64_t expand_set(std::uint32_t occupied, std::uint8_t depth) const {
    std::array<std::uint8_t, kMaxPatternTiles> sorted{};
    int n = 0;
    for (std::uint32_t m = occupied; m != 0; m &= m - 1) sorted[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(__builtin_ctz(m));
    // Tile i on the i-th lowest cell: the tile order of Lehmer rank 0.
    const ZeroAwareIndex::Cursor first = index_.cursor(sorted.data());
    const std::uint32_t all = (std::uint32_t{1} << cells_) - 1;  // cells_ <= kMaxPdbCells = 25
    const std::uint32_t free = all & ~occupied;
    // A free cell's block: the index of tile order 0 with the blank there.
    std::array<std::uint64_t, kMaxPdbCells> block{};
    for (std::uint32_t m = free; m != 0; m &= m - 1) {
      const int c = __builtin_ctz(m);
      block[static_cast<std::size_t>(c)] = index_.index(first, c);
    }
    std::uint64_t examined = 0;
    std::uint32_t left = free;
    while (left != 0) {
      const std::uint64_t start = block[static_cast<std::size_t>(__builtin_ctz(left))];
      std::uint32_t region = 0;
      for (std::uint32_t m = left; m != 0; m &= m - 1) {
        const int c = __builtin_ctz(m);
        if (block[static_cast<std::size_t>(c)] == start) region |= std::uint32_t{1} << c;
      }
      left &= ~region;
      const std::uint8_t* entries = entries_ + start;
      if (std::memchr(entries, depth, orders_) == nullptr) continue;
      // The moves out of this block: a tile on `from` (occupied) to `to` (in the region).
      std::array<std::uint8_t, 4 * kMaxPatternTiles> from{}, to{};
      int moves = 0;
      for (std::uint32_t m = occupied; m != 0; m &= m - 1) {
        const int c = __builtin_ctz(m);
        for (std::uint32_t t = neighbours_[static_cast<std::size_t>(c)] & region; t != 0; t &= t - 1) {
          from[static_cast<std::size_t>(moves)] = static_cast<std::uint8_t>(c);
          to[static_cast<std::size_t>(moves)] = static_cast<std::uint8_t>(__builtin_ctz(t));
          ++moves;
        }
      }
      if (moves == 0) continue;
      for (std::uint64_t order = 0; order < orders_; ++order) {
        if (entries[order] != depth) continue;
        // The cell of each tile for this order (inverting ZeroAwareIndex::cursor).
        std::array<std::uint8_t, kMaxPdbCells> tile_on{};  // by cell
        std::uint32_t untaken = occupied;
        std::uint64_t rest = order;
        for (int i = 0; i < k_; ++i) {
          const std::uint64_t w = order_weight_[static_cast<std::size_t>(i)];
          const int digit = static_cast<int>(rest / w);
          rest %= w;
          // digit < popcount(untaken), so the cell exists; the compiler cannot see that.
          const int cell = std::min(select_free_cell(~untaken, digit), kMaxPdbCells - 1);
          tile_on[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(i);
          untaken &= ~(std::uint32_t{1} << cell);
        }
        const ZeroAwareIndex::Cursor here{occupied, first.comb, order};
        const auto index_at = [&tile_on](int cell) { return static_cast<int>(tile_on[static_cast<std::size_t>(cell)]); };
        for (int m = 0; m < moves; ++m) {
          const int a = from[static_cast<std::size_t>(m)];
          const int b = to[static_cast<std::size_t>(m)];
          const ZeroAwareIndex::Cursor there = index_.moved(here, index_at(a), a, b, index_at);
          const std::uint64_t j = index_.index(there, a);
          if (entries_[j] == kUnreachable) {
            SharedRef<std::uint64_t>(next_[j / 64]).fetch_or(std::uint64_t{1} << (j % 64), std::memory_order_relaxed);
          }
        }
        examined += static_cast<std::uint64_t>(moves);
      }
    }
    return examined;
  }

  // Phase B over next_'s words [begin, end): their entries get `value`.
  std::uint64_t settle(std::uint64_t begin, std::uint64_t end, std::uint8_t value) {
    std::uint64_t found = 0;
    for (std::uint64_t w = begin; w < end; ++w) {
      std::uint64_t bits = next_[w];
      if (bits == 0) continue;
      next_[w] = 0;
      for (; bits != 0; bits &= bits - 1) {
        entries_[w * 64 + static_cast<std::uint64_t>(__builtin_ctzll(bits))] = value;
        ++found;
      }
    }
    return found;
  }

  const Pattern& pattern_;
  const ZeroAwareIndex& index_;
  const int cells_;
  const int k_;
  const std::uint64_t size_;
  std::uint8_t* entries_;
  std::unique_ptr<std::uint64_t[]> next_;
  const std::vector<std::uint32_t> sets_;
  std::uint64_t orders_ = 1;  // k!
  std::array<std::uint64_t, kMaxPatternTiles> order_weight_{};  // (k-1-i)!
  std::array<std::uint32_t, kMaxPdbCells> neighbours_{};
  std::uint64_t reached_ = 0;
  std::uint64_t edges_ = 0;
};

}  // namespace

std::uint64_t layered_build_memory_bytes(const Pattern& pattern) {
  assert(pattern.zero_aware());
  const std::uint64_t entries = pattern.entries();
  return entries + (entries + 63) / 64 * 8 + binomial(pattern.cells(), pattern.size()) * 4;
}

std::vector<std::uint8_t> build_zero_aware_by_layers(const Pattern& pattern, const BuildOptions& options,
                                                     BuildStats* stats) {
  assert(pattern.zero_aware());
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::uint8_t> entries(pattern.entries(), kUnreachable);
  LayeredSearch search(pattern, entries.data());
  BuildStats local;
  local.layers = search.run(options);
  for (std::uint8_t e : entries) {
    if (e != kUnreachable && e > local.max_value) local.max_value = e;
  }
  local.states = search.reached();
  local.regions = search.reached();
  local.edges = search.edges();
  local.memory_bytes = layered_build_memory_bytes(pattern);
  local.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (stats) *stats = local;
  return entries;
}

}  // namespace npuzzle::pdb
