#include "heuristics/pdb/builder.h"

#include "core/parallel.h"
#include "heuristics/pdb/zero_aware.h"
#include "heuristics/pdb/zero_aware_builder.h"


#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <stdexcept>
#include <type_traits>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace npuzzle::pdb {
namespace {
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
  static constexpr double kAlmostOne = 1.0 - 1.0 / (1 << 30);

 public:
  ProgressGate(const BuildOptions& options, std::uint64_t total) : options_(options), total_(total) {}

  void add(std::uint64_t reached) {
    reached_.fetch_add(reached, std::memory_order_relaxed);
    if (!options_.on_progress) return;
    const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
    if (now < next_.load(std::memory_order_relaxed)) return;
    std::unique_lock lock(mutex_, std::try_to_lock);
    if (!lock.owns_lock()) return;
    next_.store(now + static_cast<std::int64_t>(options_.progress_interval * 1e9), std::memory_order_relaxed);
    // Read under the lock, so that the reported fractions never go back.
    const std::uint64_t now_reached = reached_.load(std::memory_order_relaxed);
    const double fraction = total_ ? static_cast<double>(now_reached) / static_cast<double>(total_) : 0.0;
    options_.on_progress(std::min(fraction, kAlmostOne));  // 1.0 is kept for finish()
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

// Word: the blank bits of one placement (one bit per free cell).
// Pair: twice as wide; the low half is `visited`, the high half `next`.

// The search, twice (see bfs_kernel.inc). FAST_BITS builds are used when the
// CPU has BMI2 and POPCNT (Intel since 2013, AMD since 2015); the portable
// ones otherwise, or everywhere when the whole build already targets BMI2.
namespace portable {
#define NPUZZLE_PDB_FAST_BITS 0
#include "heuristics/pdb/bfs_kernel.inc"
#undef NPUZZLE_PDB_FAST_BITS
}  // namespace portable

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__) && !defined(__clang__) && !defined(__BMI2__)
#define NPUZZLE_PDB_DISPATCH 1
#pragma GCC push_options
#pragma GCC target("popcnt,bmi,bmi2")
namespace fast_bits {
#define NPUZZLE_PDB_FAST_BITS 1
#include "heuristics/pdb/bfs_kernel.inc"
#undef NPUZZLE_PDB_FAST_BITS
}  // namespace fast_bits
#pragma GCC pop_options
#endif

bool cpu_has_fast_bits() {
#if defined(NPUZZLE_PDB_DISPATCH)
  return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
#else
  return false;
#endif
}

template <class Word, class Pair>
void run_bfs(const Pattern& pattern, std::uint8_t* entries, const BuildOptions& options, BuildStats& stats) {
#if defined(NPUZZLE_PDB_DISPATCH)
  if (!options.portable_kernel && cpu_has_fast_bits()) {
    fast_bits::run_bfs<Word, Pair>(pattern, entries, options, stats);
    return;
  }
#endif
  portable::run_bfs<Word, Pair>(pattern, entries, options, stats);
}

std::uint64_t blank_aware_memory_bytes(const Pattern& pattern) {
  return pattern.entries() + pattern.placements() * 3 * static_cast<std::uint64_t>(word_bytes(pattern));
}

// A zero-aware table whose blank-aware search would need more than this is
// built by layers over its own index (zero_aware_builder.h): the same table
// in a fraction of the memory (a 7-tile 5x5 pattern: 4.6 GB instead of 31.5
// GB). Below it (every table of pdb:*, zpdb:* and cat:* named in --help),
// tables are built as before.
constexpr std::uint64_t kLayeredAboveBytes = std::uint64_t{4} << 30;

bool builds_by_layers(const Pattern& pattern) {
  return pattern.zero_aware() && blank_aware_memory_bytes(pattern) > kLayeredAboveBytes;
}

}  // namespace

std::uint64_t build_memory_bytes(const Pattern& pattern) {
  return builds_by_layers(pattern) ? layered_build_memory_bytes(pattern) : blank_aware_memory_bytes(pattern);
}

std::vector<std::uint8_t> build_entries(const Pattern& pattern, const BuildOptions& options, BuildStats* stats) {
  if (builds_by_layers(pattern)) return build_zero_aware_by_layers(pattern, options, stats);
  const auto start = std::chrono::steady_clock::now();
  BuildStats local;
  std::vector<std::uint8_t> entries(pattern.entries(), kUnreachable);
  switch (word_bytes(pattern)) {
    case 1:
      run_bfs<std::uint8_t, std::uint16_t>(pattern, entries.data(), options, local);
      break;
    case 2:
      run_bfs<std::uint16_t, std::uint32_t>(pattern, entries.data(), options, local);
      break;
    default:
      run_bfs<std::uint32_t, std::uint64_t>(pattern, entries.data(), options, local);
      break;
  }
  for (std::uint8_t e : entries) {
    if (e != kUnreachable && e > local.max_value) local.max_value = e;
  }
  local.memory_bytes = blank_aware_memory_bytes(pattern);
  local.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (stats) *stats = local;
  return entries;
}

PatternDb build_pdb(const Pattern& pattern, const BuildOptions& options, BuildStats* stats) {
  return PatternDb(pattern, build_entries(pattern, options, stats));
}

}  // namespace npuzzle::pdb
