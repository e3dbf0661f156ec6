// Limits shared by the kernels: polled every kCheckInterval expansions, so
// the per-node cost is one compare.
#pragma once

#include <chrono>
#include <cstdint>

#include "search/result.h"

namespace npuzzle {

class Budget {
 public:
  static constexpr std::uint64_t kCheckInterval = 1 << 16;
  using Clock = std::chrono::steady_clock;

  explicit Budget(const SolveLimits& limits)
      : limits_(limits), start_(Clock::now()), next_progress_(limits.progress_interval) {}

  // Expansions until the next poll: kCheckInterval, or fewer so that a node
  // limit stops the search at exactly max_nodes expansions.
  std::uint64_t next_interval(std::uint64_t expanded) const {
    if (limits_.max_nodes == 0) return kCheckInterval;
    const std::uint64_t left = limits_.max_nodes > expanded ? limits_.max_nodes - expanded : 0;
    return left == 0 ? 1 : (left < kCheckInterval ? left : kCheckInterval);
  }

  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  // True when the search must stop; then stop_status() says why.
  bool exhausted(std::uint64_t expanded, std::uint64_t generated, int bound) {
    if (limits_.cancel && limits_.cancel->load(std::memory_order_relaxed)) {
      status_ = Status::kCancelled;
      reason_ = "cancelled";
      return true;
    }
    if (limits_.max_nodes && expanded >= limits_.max_nodes) {
      status_ = Status::kLimit;
      reason_ = "node limit";
      return true;
    }
    const double now = elapsed();
    if (limits_.seconds > 0 && now >= limits_.seconds) {
      status_ = Status::kLimit;
      reason_ = "time limit";
      return true;
    }
    if (limits_.on_progress && now >= next_progress_) {
      next_progress_ = now + limits_.progress_interval;
      limits_.on_progress(Progress{expanded, generated, bound, now});
    }
    return false;
  }
  void exceed_memory() {
    status_ = Status::kLimit;
    reason_ = "memory limit";
  }
  // The shared budget (SolveLimits::memory_budget), not this search's cap, ran out.
  void exceed_memory_budget() {
    status_ = Status::kLimit;
    reason_ = "memory budget";
  }

  Status stop_status() const { return status_; }
  const char* stop_reason() const { return reason_; }
  const SolveLimits& limits() const { return limits_; }

 private:
  const SolveLimits& limits_;
  Clock::time_point start_;
  double next_progress_;  // the first report comes after one interval
  Status status_ = Status::kLimit;
  const char* reason_ = "";
};

}  // namespace npuzzle
