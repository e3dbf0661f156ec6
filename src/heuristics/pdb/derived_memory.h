// Memory for the forms the search reads that are derived from a set's
// tables at load (dense_zero_aware.h, child_signs.h), the derivations'
// own threads, and the registry of the forms alive. Internal to
// heuristics/pdb.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#if NPUZZLE_PARALLEL
#include <thread>
#endif

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#define NPUZZLE_DENSE_MMAP 1
#else
#include <cstdlib>
#define NPUZZLE_DENSE_MMAP 0
#endif

namespace npuzzle::pdb {

inline constexpr std::uint64_t kHugePage = std::uint64_t{2} << 20;

class AdditivePdb;

// The placements of k tiles on `cells` cells: cells! / (cells - k)!.
inline std::uint64_t placements_of(int k, int cells) {
  std::uint64_t n = 1;
  for (int i = 0; i < k; ++i) n *= static_cast<std::uint64_t>(cells - i);
  return n;
}

// The plain ranking weights (plain_rank.h) of a part of k tiles on `cells`
// cells, which both derived forms are laid out by: weight[i] is the
// placements of the tiles after tile i, so the last one's is 1.
template <std::size_t kMaxTiles>
std::array<std::uint64_t, kMaxTiles> plain_weights(int k, int cells) {
  std::array<std::uint64_t, kMaxTiles> weight{};
  std::uint64_t placements = 1;
  for (int i = k - 1; i >= 0; --i) {
    weight[static_cast<std::size_t>(i)] = placements;
    placements *= static_cast<std::uint64_t>(cells - i);
  }
  return weight;
}

// The forms of type Form alive, by the set they were derived from: each is
// derived once per set while anyone holds it.
template <class Form>
class AliveForms {
 public:
  // The form alive for `set`, else make()'s (null when it could not be
  // had), under the lock, so that concurrent loads derive it once.
  template <class Make>
  std::shared_ptr<const Form> find_or_make(const AdditivePdb* set, Make&& make) {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (auto alive = by_set_[set].lock()) return alive;
    std::shared_ptr<const Form> made = make();
    if (made) by_set_[set] = made;
    return made;
  }
  std::shared_ptr<const Form> find(const AdditivePdb* set) {
    const std::lock_guard<std::mutex> lock(mutex_);
    const auto at = by_set_.find(set);
    return at == by_set_.end() ? nullptr : at->second.lock();
  }

 private:
  std::mutex mutex_;
  std::map<const AdditivePdb*, std::weak_ptr<const Form>> by_set_;
};

// Zeroed memory for a table, on 2 MiB pages where the kernel offers them
// (as file.h maps the byte tables); null when it cannot be had.
inline std::uint8_t* allocate_table(std::uint64_t bytes, std::uint64_t& mapped) {
  mapped = (bytes + kHugePage - 1) & ~(kHugePage - 1);
#if NPUZZLE_DENSE_MMAP
  void* memory = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) return nullptr;
  ::madvise(memory, mapped, MADV_HUGEPAGE);
  return static_cast<std::uint8_t*>(memory);
#else
  return static_cast<std::uint8_t*>(std::calloc(mapped, 1));
#endif
}

inline void release_table(const void* table, std::uint64_t mapped) {
  if (table == nullptr) return;
#if NPUZZLE_DENSE_MMAP
  ::munmap(const_cast<void*>(table), mapped);
#else
  (void)mapped;
  std::free(const_cast<void*>(table));
#endif
}

// task(i) for every i in [0, count), on every core: the derivation's own
// threads, since it runs inside a batch's solve stage, where the pool's
// other threads may be waiting for it (batch.cc resolves lazily under a
// lock). Without threads (the WebAssembly build), in turn.
template <class Task>
void for_each_task(std::uint64_t count, Task&& task) {
#if NPUZZLE_PARALLEL
  std::atomic<std::uint64_t> next{0};
  auto work = [&] {
    for (std::uint64_t i = next.fetch_add(1); i < count; i = next.fetch_add(1)) task(i);
  };
  const unsigned helpers = std::max(1u, std::thread::hardware_concurrency()) - 1;
  std::vector<std::thread> threads;
  threads.reserve(helpers);
  for (unsigned t = 0; t < helpers; ++t) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
#else
  for (std::uint64_t i = 0; i < count; ++i) task(i);
#endif
}

}  // namespace npuzzle::pdb
