// The parameters of a search that the kernels take by value: a weight for
// weighted IDA* and A*, and when parallel IDA* splits its iterations.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace npuzzle {

// A weight W = num / den >= 1 for weighted IDA* and weighted A*, and for
// weighted IDA* a bound growth G = grow_num / grow_den >= 1 (ida_star.h).
struct SearchWeight {
  int num = 1;
  int den = 1;
  std::int64_t grow_num = 1;
  std::int64_t grow_den = 1;
};

// Which iterations of an optimal IDA* are split over the threads of the
// calling arena (parallel_ida_star.h). An arena of one thread never splits.
struct SplitPolicy {
  bool always = false;
  // Otherwise: every iteration that starts after this flag was raised. An
  // iteration that starts before it, once the one before it expanded at
  // least join_from nodes, runs split on the calling thread alone, and the
  // arena's other threads join it at its next subtree once the flag is
  // raised (the last puzzles of a batch: an idle thread need not wait for
  // the next iteration).
  const std::atomic<bool>* from = nullptr;
  std::uint64_t join_from = std::uint64_t{1} << 22;
  // The subtrees an iteration is split into, per thread, at least (when the
  // tree has them): enough for the threads to even out their sizes, few
  // enough that building them costs nothing next to the iteration. Any
  // value gives the same results (tests use small ones to split small trees).
  std::size_t subtrees_per_thread = 256;

  bool ever() const { return always || from != nullptr; }
};

}  // namespace npuzzle
