// The data-parallel loops of the table builders, on oneTBB when the engine
// is built with it (NPUZZLE_PARALLEL, the default), else plain loops on the
// calling thread (the WebAssembly build, which has no threads): the same
// tables either way, since the builders' blocks are independent.
#pragma once

#include <atomic>
#include <cstdint>

#if NPUZZLE_PARALLEL
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#endif

namespace npuzzle {

// Atomic access to a plain object shared by the builders' threads:
// std::atomic_ref, or, without threads, the object itself through the same
// interface (the WebAssembly build's library has no atomic_ref).
#if NPUZZLE_PARALLEL
template <class T>
using SharedRef = std::atomic_ref<T>;
#else
template <class T>
class SharedRef {
 public:
  static constexpr std::size_t required_alignment = alignof(T);
  explicit SharedRef(T& object) : object_(object) {}
  T load(std::memory_order = std::memory_order_seq_cst) const { return object_; }
  void store(T value, std::memory_order = std::memory_order_seq_cst) { object_ = value; }
  bool compare_exchange_weak(T& expected, T desired, std::memory_order = std::memory_order_seq_cst) {
    if (object_ != expected) {
      expected = object_;
      return false;
    }
    object_ = desired;
    return true;
  }
  T fetch_or(T bits, std::memory_order = std::memory_order_seq_cst) {
    const T old = object_;
    object_ = static_cast<T>(old | bits);
    return old;
  }

 private:
  T& object_;
};
#endif

// A set of threads to run blocks on: `threads` of them, 0 for all cores.
class BlockArena {
 public:
#if NPUZZLE_PARALLEL
  explicit BlockArena(int threads) : arena_(threads > 0 ? threads : tbb::task_arena::automatic) {}
#else
  explicit BlockArena(int) {}
#endif

  // Calls body(begin, end) for blocks of about `grain` covering [first,
  // last), on the arena's threads, and returns when all are done.
  template <class Body>
  void for_blocks(std::uint64_t first, std::uint64_t last, std::uint64_t grain, Body&& body) {
#if NPUZZLE_PARALLEL
    arena_.execute([&] {
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(first, last, grain),
                        [&](const tbb::blocked_range<std::uint64_t>& range) { body(range.begin(), range.end()); });
    });
#else
    for (std::uint64_t begin = first; begin < last; begin += grain) body(begin, begin + grain < last ? begin + grain : last);
#endif
  }

 private:
#if NPUZZLE_PARALLEL
  tbb::task_arena arena_;
#endif
};

// f(i) for every i in [first, last), in parallel on the caller's threads,
// isolated: a thread waiting here takes up no unrelated task (which could
// wait for a lock its caller holds).
template <class F>
void isolated_for_each(int first, int last, F&& f) {
#if NPUZZLE_PARALLEL
  tbb::this_task_arena::isolate([&] { tbb::parallel_for(first, last, f); });
#else
  for (int i = first; i < last; ++i) f(i);
#endif
}

}  // namespace npuzzle
