#include "core/memory_budget.h"

#include <unistd.h>

#include <cstdio>

namespace npuzzle {

MemoryBudget::MemoryBudget(std::uint64_t limit_bytes) : limit_(limit_bytes ? limit_bytes : physical_memory()) {}

bool MemoryBudget::try_reserve(std::uint64_t bytes) {
  std::uint64_t used = used_.load(std::memory_order_relaxed);
  do {
    if (bytes > limit_ || used > limit_ - bytes) return false;
  } while (!used_.compare_exchange_weak(used, used + bytes, std::memory_order_relaxed));
  const std::uint64_t now = used + bytes;
  std::uint64_t peak = peak_.load(std::memory_order_relaxed);
  while (now > peak && !peak_.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
  }
  return true;
}

void MemoryBudget::release(std::uint64_t bytes) { used_.fetch_sub(bytes, std::memory_order_relaxed); }

std::string MemoryBudget::refusal(std::string_view what, std::uint64_t bytes) const {
  const std::uint64_t in_use = used();
  const std::uint64_t free = in_use < limit_ ? limit_ - in_use : 0;
  return std::string(what) + " needs " + mib_text(bytes) + ", but the memory budget of " + mib_text(limit_) +
         " has only " + mib_text(free) + " free (" + mib_text(in_use) + " in use); raise " + option_name_;
}

MemoryReservation::MemoryReservation(std::shared_ptr<MemoryBudget> budget, std::uint64_t bytes,
                                     std::string_view what) {
  if (!budget) return;
  if (!budget->try_reserve(bytes)) throw MemoryBudgetError(budget->refusal(what, bytes));
  budget_ = std::move(budget);
  bytes_ = bytes;
}

MemoryReservation::MemoryReservation(MemoryReservation&& other) noexcept
    : budget_(std::move(other.budget_)), bytes_(other.bytes_) {
  other.bytes_ = 0;
}

MemoryReservation& MemoryReservation::operator=(MemoryReservation&& other) noexcept {
  if (this != &other) {
    reset();
    budget_ = std::move(other.budget_);
    bytes_ = other.bytes_;
    other.bytes_ = 0;
  }
  return *this;
}

void MemoryReservation::reset() {
  if (budget_) budget_->release(bytes_);
  budget_.reset();
  bytes_ = 0;
}

std::uint64_t physical_memory() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return std::uint64_t{4} << 30;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size);
}

std::string mib_text(std::uint64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f MiB", static_cast<double>(bytes) / (1 << 20));
  return buf;
}

}  // namespace npuzzle
