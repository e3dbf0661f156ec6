// One memory budget for the large tables of a run: pattern databases (the
// builder's arrays while building, the mapped file while in use) and the
// node pools of every A* search, together. Each is checked against the
// budget before it is allocated or grown, so that a run that cannot fit
// stops with a message naming what did not fit, instead of being killed by
// the kernel half-way.
//
// A reservation is bookkeeping, not an allocation: the budget counts bytes
// that its users promise not to pass. Thread-safe; shared through a
// shared_ptr by everything that reserves from it, so that a reservation may
// outlive the code that created the budget (PDB tables are cached for the
// process's lifetime). Small allocations (boards, rows, per-puzzle tables of
// a few kilobytes) are not counted.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace npuzzle {

class MemoryBudget {
 public:
  // A budget of `limit_bytes`; 0 means the physical memory (physical_memory()).
  explicit MemoryBudget(std::uint64_t limit_bytes);

  // Reserves `bytes` if they fit beside what is reserved already; false (and
  // nothing reserved) otherwise.
  bool try_reserve(std::uint64_t bytes);
  // Gives back bytes reserved earlier. Precondition: bytes <= used().
  void release(std::uint64_t bytes);

  std::uint64_t limit() const { return limit_; }
  std::uint64_t used() const { return used_.load(std::memory_order_relaxed); }
  std::uint64_t peak() const { return peak_.load(std::memory_order_relaxed); }

  // "WHAT needs N MiB, but the memory budget of L MiB has only F MiB free
  // (U MiB in use); raise NAME": the message of a refusal, NAME being how
  // the budget's owner names it (set_option_name; "the memory budget").
  std::string refusal(std::string_view what, std::uint64_t bytes) const;
  // Before the budget is shared.
  void set_option_name(std::string name) { option_name_ = std::move(name); }

 private:
  const std::uint64_t limit_;
  std::string option_name_ = "the memory budget";
  std::atomic<std::uint64_t> used_{0};
  std::atomic<std::uint64_t> peak_{0};
};

// Thrown when a reservation does not fit; what() is MemoryBudget::refusal.
class MemoryBudgetError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Bytes held from a budget for the object's lifetime. A null budget holds nothing.
class MemoryReservation {
 public:
  MemoryReservation() = default;
  // Reserves `bytes` for `what` (named in the error); throws MemoryBudgetError.
  MemoryReservation(std::shared_ptr<MemoryBudget> budget, std::uint64_t bytes, std::string_view what);
  MemoryReservation(MemoryReservation&& other) noexcept;
  MemoryReservation& operator=(MemoryReservation&& other) noexcept;
  MemoryReservation(const MemoryReservation&) = delete;
  MemoryReservation& operator=(const MemoryReservation&) = delete;
  ~MemoryReservation() { reset(); }

  void reset();
  std::uint64_t bytes() const { return bytes_; }

 private:
  std::shared_ptr<MemoryBudget> budget_;
  std::uint64_t bytes_ = 0;
};

// The machine's physical memory in bytes (4 GiB if the system does not say).
std::uint64_t physical_memory();

// "1.5 MiB": bytes for messages.
std::string mib_text(std::uint64_t bytes);

}  // namespace npuzzle
