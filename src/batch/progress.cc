#include "batch/progress.h"

#include <cstdio>
#include <string>

namespace npuzzle {

ProgressReporter::ProgressReporter(Mode mode, std::uint64_t total)
    : mode_(mode), total_(total), start_(std::chrono::steady_clock::now()) {
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
  if (mode_ == Mode::kBar) draw(true);
}

void ProgressReporter::print(const std::string& line) {
  std::lock_guard lock(mutex_);
  if (mode_ == Mode::kBar && !stopping_) {
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
  std::string eta = "--:--";
  if (rate > 0 && done <= total_) {
    const auto left = static_cast<long long>(static_cast<double>(total_ - done) / rate);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", left / 3600, left / 60 % 60, left % 60);
    eta = buf;
  }
  constexpr int kWidth = 30;
  const int filled = total_ ? static_cast<int>(kWidth * done / total_) : kWidth;
  if (mode_ == Mode::kBar) {
    std::string bar(static_cast<std::size_t>(filled), '=');
    bar.resize(kWidth, ' ');
    std::fprintf(stderr, "\r[%s] %llu/%llu  %.1f puzzles/s  ETA %s%s", bar.c_str(),
                 static_cast<unsigned long long>(done), static_cast<unsigned long long>(total_), rate,
                 eta.c_str(), final ? "\n" : "  ");
  } else {
    std::fprintf(stderr, "npuzzle: %llu/%llu puzzles, %.1f puzzles/s, ETA %s\n",
                 static_cast<unsigned long long>(done), static_cast<unsigned long long>(total_), rate, eta.c_str());
  }
  std::fflush(stderr);
}

}  // namespace npuzzle
