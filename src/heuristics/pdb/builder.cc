#include "heuristics/pdb/builder.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <bit>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <new>
#include <stdexcept>
#include <type_traits>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace npuzzle::pdb {
namespace {

// pext: the bits of x at the set positions of mask, packed to the bottom.
inline std::uint32_t compress_bits(std::uint32_t x, std::uint32_t mask) {
#if defined(__BMI2__)
  return _pext_u32(x, mask);
#else
  std::uint32_t out = 0;
  for (std::uint32_t bit = 1; mask != 0; mask &= mask - 1, bit <<= 1) {
    if (x & mask & (0u - mask)) out |= bit;
  }
  return out;
#endif
}

// pdep: the low bits of x spread to the set positions of mask.
inline std::uint32_t expand_bits(std::uint32_t x, std::uint32_t mask) {
#if defined(__BMI2__)
  return _pdep_u32(x, mask);
#else
  std::uint32_t out = 0;
  for (std::uint32_t bit = 1; mask != 0; mask &= mask - 1, bit <<= 1) {
    if (x & bit) out |= mask & (0u - mask);
  }
  return out;
#endif
}

// Cell masks of an R x C board, row-major, bit i = cell i.
struct Geometry {
  int cols = 0;
  std::uint32_t all = 0;
  std::uint32_t not_first_col = 0;  // cells a shift left-to-right (+1) may land on
  std::uint32_t not_last_col = 0;   // cells a shift right-to-left (-1) may land on
  std::uint32_t neighbours[kMaxPdbCells] = {};

  Geometry(int rows, int cols_) : cols(cols_) {
    const int cells = rows * cols;
    for (int c = 0; c < cells; ++c) {
      const std::uint32_t bit = std::uint32_t{1} << c;
      all |= bit;
      if (c % cols != 0) not_first_col |= bit;
      if (c % cols != cols - 1) not_last_col |= bit;
      std::uint32_t n = 0;
      if (c >= cols) n |= bit >> cols;
      if (c + cols < cells) n |= bit << cols;
      if (c % cols != 0) n |= bit >> 1;
      if (c % cols != cols - 1) n |= bit << 1;
      neighbours[c] = n;
    }
  }

  // The connected component of `free` holding `seed`. Precondition: seed is
  // one bit of free. O(diameter of the region) rounds of shifts.
  std::uint32_t flood(std::uint32_t seed, std::uint32_t free) const {
    std::uint32_t region = seed;
    for (;;) {
      const std::uint32_t grown = (region | ((region << 1) & not_first_col) | ((region >> 1) & not_last_col) |
                                   (region << cols) | (region >> cols)) &
                                  free;
      if (grown == region) return region;
      region = grown;
    }
  }
};

struct FreeDeleter {
  void operator()(void* p) const { std::free(p); }
};

// A zeroed array of n words; calloc lets the kernel hand out zero pages lazily.
template <class Word>
std::unique_ptr<Word[], FreeDeleter> zeroed_words(std::uint64_t n) {
  void* p = std::calloc(n, sizeof(Word));
  if (p == nullptr) throw std::bad_alloc();
  return std::unique_ptr<Word[], FreeDeleter>(static_cast<Word*>(p));
}

int word_bytes(const Pattern& pattern) {
  const int bits = pattern.cells() - pattern.size();
  return bits <= 8 ? 1 : bits <= 16 ? 2 : 4;
}

// Serialises the progress callback and throttles it by time.
class ProgressGate {
 public:
  ProgressGate(const BuildOptions& options, std::uint64_t total) : options_(options), total_(total) {}

  void add(std::uint64_t reached) {
    const std::uint64_t now_reached = reached_.fetch_add(reached, std::memory_order_relaxed) + reached;
    if (!options_.on_progress) return;
    const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
    if (now < next_.load(std::memory_order_relaxed)) return;
    std::unique_lock lock(mutex_, std::try_to_lock);
    if (!lock.owns_lock()) return;
    next_.store(now + static_cast<std::int64_t>(options_.progress_interval * 1e9), std::memory_order_relaxed);
    const double fraction = total_ ? static_cast<double>(now_reached) / static_cast<double>(total_) : 0.0;
    options_.on_progress(fraction < 1.0 ? fraction : 0.999);
  }

  void finish() {
    if (!options_.on_progress) return;
    std::lock_guard lock(mutex_);
    options_.on_progress(1.0);
  }

  std::uint64_t reached() const { return reached_.load(std::memory_order_relaxed); }

 private:
  const BuildOptions& options_;
  const std::uint64_t total_;
  std::atomic<std::uint64_t> reached_{0};
  std::atomic<std::int64_t> next_{0};
  std::mutex mutex_;
};

template <class Word>
class LayeredBfs {
 public:
  LayeredBfs(const Pattern& pattern, std::uint8_t* entries, const BuildOptions& options)
      : pattern_(pattern),
        ranker_(pattern.ranker()),
        geometry_(pattern.rows(), pattern.cols()),
        k_(pattern.size()),
        count_(ranker_.count()),
        entries_(entries),
        visited_(zeroed_words<Word>(count_)),
        frontier_(zeroed_words<Word>(count_)),
        next_(zeroed_words<Word>(count_)),
        progress_(options, count_ * static_cast<std::uint64_t>(pattern.cells() - pattern.size())) {}

  // Runs the search; returns the number of layers.
  int run(int threads) {
    seed();
    tbb::task_arena arena(threads > 0 ? threads : tbb::task_arena::automatic);
    int depth = 0;
    for (;; ++depth) {
      if (depth + 1 >= kUnreachable) throw std::runtime_error("pattern database distance would exceed 254");
      std::atomic<std::uint64_t> found{0};
      arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, count_, kGrain),
                          [&](const tbb::blocked_range<std::uint64_t>& range) {
                            const std::uint64_t n = expand_block(range.begin(), range.end(), depth);
                            if (n) found.fetch_add(n, std::memory_order_relaxed);
                          });
      });
      if (found.load() == 0) break;
      std::swap(frontier_, next_);  // the old frontier was cleared while it was read
    }
    progress_.finish();
    return depth + 1;
  }

  std::uint64_t states() const { return progress_.reached(); }

 private:
  static constexpr std::uint64_t kGrain = 4096;
  static constexpr int kBatch = 48;

  struct Successor {
    std::uint64_t rank;
    Word bits;
  };

  void seed() {
    std::uint8_t cells[kMaxPatternTiles];
    pattern_.goal_placement(cells);
    std::uint32_t occupied = 0;
    for (int i = 0; i < k_; ++i) occupied |= std::uint32_t{1} << cells[i];
    const std::uint32_t free = geometry_.all & ~occupied;
    const int blank = goal_position(0, pattern_.cells(), pattern_.goal());
    const std::uint32_t region = geometry_.flood(std::uint32_t{1} << blank, free);
    const std::uint64_t r = ranker_.rank(cells);
    const auto bits = static_cast<Word>(compress_bits(region, free));
    visited_[r] = bits;
    frontier_[r] = bits;
    entries_[r] = 0;
    progress_.add(static_cast<std::uint64_t>(std::popcount(bits)));
  }

  // Expands the frontier placements of ranks [begin, end); returns the
  // number of new (placement, region) pairs found.
  std::uint64_t expand_block(std::uint64_t begin, std::uint64_t end, int depth) {
    Successor batch[kBatch + 4 * kMaxPatternTiles];
    int pending = 0;
    std::uint64_t found = 0;
    std::uint64_t reached = 0;
    std::uint8_t cells[kMaxPatternTiles];
    const auto value = static_cast<std::uint8_t>(depth + 1);
    for (std::uint64_t p = begin; p < end; ++p) {
      const Word f = frontier_[p];
      if (f == 0) continue;
      frontier_[p] = 0;
      ranker_.unrank(p, cells);
      std::uint32_t occupied = 0;
      for (int i = 0; i < k_; ++i) occupied |= std::uint32_t{1} << cells[i];
      const std::uint32_t free = geometry_.all & ~occupied;
      std::uint32_t blanks = expand_bits(f, free);
      while (blanks != 0) {
        const std::uint32_t region = geometry_.flood(blanks & (0u - blanks), free);
        blanks &= ~region;
        for (int i = 0; i < k_; ++i) {
          const std::uint8_t from = cells[i];
          for (std::uint32_t targets = geometry_.neighbours[from] & region; targets != 0; targets &= targets - 1) {
            const int to = std::countr_zero(targets);
            cells[i] = static_cast<std::uint8_t>(to);
            const std::uint64_t r = ranker_.rank(cells);
            cells[i] = from;
            const std::uint32_t next_free = (free & ~(std::uint32_t{1} << to)) | (std::uint32_t{1} << from);
            const std::uint32_t next_region = geometry_.flood(std::uint32_t{1} << from, next_free);
            batch[pending++] = {r, static_cast<Word>(compress_bits(next_region, next_free))};
          }
        }
        if (pending >= kBatch) {
          flush(batch, pending, value, found, reached);
          pending = 0;
        }
      }
    }
    flush(batch, pending, value, found, reached);
    progress_.add(reached);
    return found;
  }

  void flush(const Successor* batch, int n, std::uint8_t value, std::uint64_t& found, std::uint64_t& reached) {
    for (int j = 0; j < n; ++j) __builtin_prefetch(&visited_[batch[j].rank], 1);
    for (int j = 0; j < n; ++j) {
      const Successor& s = batch[j];
      std::atomic_ref<Word> seen(visited_[s.rank]);
      // Regions are set whole, so any common bit means this region is known.
      if (seen.load(std::memory_order_relaxed) & s.bits) continue;
      if (seen.fetch_or(s.bits, std::memory_order_relaxed) & s.bits) continue;
      std::atomic_ref<Word>(next_[s.rank]).fetch_or(s.bits, std::memory_order_relaxed);
      std::atomic_ref<std::uint8_t> entry(entries_[s.rank]);
      if (entry.load(std::memory_order_relaxed) == kUnreachable) entry.store(value, std::memory_order_relaxed);
      ++found;
      reached += static_cast<std::uint64_t>(std::popcount(s.bits));
    }
  }

  const Pattern& pattern_;
  const PlacementRanker ranker_;
  const Geometry geometry_;
  const int k_;
  const std::uint64_t count_;
  std::uint8_t* entries_;
  std::unique_ptr<Word[], FreeDeleter> visited_;
  std::unique_ptr<Word[], FreeDeleter> frontier_;
  std::unique_ptr<Word[], FreeDeleter> next_;
  ProgressGate progress_;
};

template <class Word>
void run_bfs(const Pattern& pattern, std::uint8_t* entries, const BuildOptions& options, BuildStats& stats) {
  static_assert(std::atomic_ref<Word>::required_alignment <= alignof(Word));
  LayeredBfs<Word> bfs(pattern, entries, options);
  stats.layers = bfs.run(options.threads);
  stats.states = bfs.states();
}

}  // namespace

std::uint64_t build_memory_bytes(const Pattern& pattern) {
  return pattern.placements() * (1 + 3 * static_cast<std::uint64_t>(word_bytes(pattern)));
}

std::vector<std::uint8_t> build_entries(const Pattern& pattern, const BuildOptions& options, BuildStats* stats) {
  const auto start = std::chrono::steady_clock::now();
  BuildStats local;
  std::vector<std::uint8_t> entries(pattern.placements(), kUnreachable);
  switch (word_bytes(pattern)) {
    case 1:
      run_bfs<std::uint8_t>(pattern, entries.data(), options, local);
      break;
    case 2:
      run_bfs<std::uint16_t>(pattern, entries.data(), options, local);
      break;
    default:
      run_bfs<std::uint32_t>(pattern, entries.data(), options, local);
      break;
  }
  for (std::uint8_t e : entries) {
    if (e != kUnreachable && e > local.max_value) local.max_value = e;
  }
  local.memory_bytes = build_memory_bytes(pattern);
  local.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (stats) *stats = local;
  return entries;
}

PatternDb build_pdb(const Pattern& pattern, const BuildOptions& options, BuildStats* stats) {
  return PatternDb(pattern, build_entries(pattern, options, stats));
}

}  // namespace npuzzle::pdb
