// Limits shared by the kernels: polled every kCheckInterval expansions, so
// the per-node cost is one compare.
//
// A search split over threads (parallel_ida_star.h) gives each thread a
// *part* Budget that draws on the search's *whole* Budget through a
// BudgetPool: at each poll a part adds its expansions to the pool and then
// polls the whole budget with the totals (under the pool's mutex), so the
// time limit, cancel and progress work as for one thread, and the node limit
// is checked against all threads' expansions together.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <mutex>

#include "search/result.h"

namespace npuzzle {

// What the part Budgets of one split search share.
struct BudgetPool {
  std::mutex mutex;  // the whole Budget is polled by one part at a time
  std::atomic<std::uint64_t> expanded{0};  // reported by the parts at their polls
  std::atomic<std::uint64_t> generated{0};
  std::atomic<bool> stop{false};  // the whole budget ran out (or was cancelled): every part stops
  // The lowest-numbered part that finished the search (found the goal):
  // parts numbered above it stop at their next poll, those below go on.
  std::atomic<std::int64_t> first_finished{std::numeric_limits<std::int64_t>::max()};
};

class Budget {
 public:
  static constexpr std::uint64_t kCheckInterval = 1 << 16;
  using Clock = std::chrono::steady_clock;

  explicit Budget(const SolveLimits& limits)
      : limits_(limits), start_(Clock::now()), next_progress_(limits.progress_interval) {}

  // A part of `whole` (see the top of this file); both must outlive it.
  Budget(Budget& whole, BudgetPool& pool)
      : limits_(whole.limits_), start_(whole.start_), next_progress_(0), whole_(&whole), pool_(&pool) {}
  Budget(const Budget&) = delete;
  Budget& operator=(const Budget&) = delete;

  // A part: the number of the piece of work it does now (see BudgetPool::first_finished).
  void set_part(std::int64_t part) { part_ = part; }

  // Expansions until the next poll: kCheckInterval, or fewer so that a node
  // limit stops the search at exactly max_nodes expansions.
  std::uint64_t next_interval(std::uint64_t expanded) const {
    if (limits_.max_nodes == 0) return kCheckInterval;
    if (pool_) expanded = pool_->expanded.load(std::memory_order_relaxed) + (expanded - reported_expanded_);
    const std::uint64_t left = limits_.max_nodes > expanded ? limits_.max_nodes - expanded : 0;
    return left == 0 ? 1 : (left < kCheckInterval ? left : kCheckInterval);
  }

  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  // True when the search must stop; then stop_status() says why.
  bool exhausted(std::uint64_t expanded, std::uint64_t generated, int bound) {
    if (pool_) return part_exhausted(expanded, generated, bound);
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

  // After a completed iteration of unweighted IDA* (both kernels): reports
  // it to on_iteration; true when stop_after_iteration ends the search there
  // (the kernel then returns kLimit with kStoppedAfterIteration).
  bool iteration_ends_search(const IterationDone& done) const {
    if (limits_.on_iteration) limits_.on_iteration(done);
    return limits_.stop_after_iteration && limits_.stop_after_iteration(done);
  }

  Status stop_status() const { return status_; }
  const char* stop_reason() const { return reason_; }
  const SolveLimits& limits() const { return limits_; }

 private:
  // A part: `expanded` and `generated` count this part's kernel alone.
  bool part_exhausted(std::uint64_t expanded, std::uint64_t generated, int bound) {
    const std::uint64_t all_expanded =
        pool_->expanded.fetch_add(expanded - reported_expanded_) + (expanded - reported_expanded_);
    const std::uint64_t all_generated =
        pool_->generated.fetch_add(generated - reported_generated_) + (generated - reported_generated_);
    reported_expanded_ = expanded;
    reported_generated_ = generated;
    if (pool_->first_finished.load(std::memory_order_relaxed) < part_) {
      status_ = Status::kCancelled;
      reason_ = "an earlier part finished the search";
      return true;
    }
    if (pool_->stop.load()) {
      status_ = Status::kCancelled;
      reason_ = "another part stopped the search";
      return true;
    }
    const std::lock_guard lock(pool_->mutex);
    if (!whole_->exhausted(all_expanded, all_generated, bound)) return false;
    status_ = whole_->status_;
    reason_ = whole_->reason_;
    pool_->stop.store(true);
    return true;
  }

  const SolveLimits& limits_;
  Clock::time_point start_;
  double next_progress_;  // the first report comes after one interval
  Status status_ = Status::kLimit;
  const char* reason_ = "";
  // A part's link to its whole (null for a whole budget).
  Budget* whole_ = nullptr;
  BudgetPool* pool_ = nullptr;
  std::int64_t part_ = 0;
  std::uint64_t reported_expanded_ = 0;  // this part's counts already in the pool
  std::uint64_t reported_generated_ = 0;
};

}  // namespace npuzzle
