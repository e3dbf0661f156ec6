#include "cli/progress.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace npuzzle {

ProgressReporter::ProgressReporter(Mode mode) : mode_(mode), start_(std::chrono::steady_clock::now()) {}

void ProgressReporter::start(std::optional<std::uint64_t> total) {
  std::lock_guard lock(mutex_);
  if (started_ || stopping_) return;
  started_ = true;
  total_ = total.value_or(0);
  start_ = std::chrono::steady_clock::now();
  if (mode_ != Mode::kOff) ticker_ = std::thread([this] { run(); });
}

ProgressReporter::~ProgressReporter() { stop(); }

void ProgressReporter::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake_.notify_all();
  if (ticker_.joinable()) ticker_.join();
  if (mode_ == Mode::kBar && started_) draw(true);
}

void ProgressReporter::print(const std::string& line) {
  std::lock_guard lock(mutex_);
  if (mode_ == Mode::kBar && started_ && !stopping_) {
    std::fprintf(stderr, "\r\033[K%s\n", line.c_str());
    draw(false);
  } else {
    std::fprintf(stderr, "%s\n", line.c_str());
  }
}

void ProgressReporter::run() {
  const auto period = mode_ == Mode::kBar ? std::chrono::milliseconds(250) : std::chrono::milliseconds(10000);
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, period, [this] { return stopping_; })) draw(false);
}

void ProgressReporter::draw(bool final) {
  const std::uint64_t done = done_.load(std::memory_order_relaxed);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
  char counts[64];
  if (total_) {
    std::snprintf(counts, sizeof counts, "%llu/%llu", static_cast<unsigned long long>(done),
                  static_cast<unsigned long long>(total_));
  } else {
    std::snprintf(counts, sizeof counts, "%llu", static_cast<unsigned long long>(done));
  }
  std::string eta = "--:--";
  if (rate > 0 && total_ && done <= total_) {
    const auto left = static_cast<long long>(static_cast<double>(total_ - done) / rate);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", left / 3600, left / 60 % 60, left % 60);
    eta = buf;
  }
  if (mode_ == Mode::kBar) {
    std::string bar;
    if (total_) {
      constexpr int kWidth = 30;
      bar = std::string(static_cast<std::size_t>(kWidth * std::min(done, total_) / total_), '=');
      bar.resize(kWidth, ' ');
      bar = "[" + bar + "] ";
    }
    std::fprintf(stderr, "\r%s%s  %.1f puzzles/s  ETA %s%s", bar.c_str(), counts, rate, eta.c_str(),
                 final ? "\n" : "  ");
  } else {
    std::fprintf(stderr, "npuzzle: %s puzzles, %.1f puzzles/s, ETA %s\n", counts, rate, eta.c_str());
  }
  std::fflush(stderr);
}

}  // namespace npuzzle
