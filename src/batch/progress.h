// The batch's progress bar on standard error: done/total, puzzles/s, ETA.
// A ticker thread redraws it a few times a second on a terminal, or prints
// a log line every `log_interval` seconds otherwise (when enabled).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace npuzzle {

class ProgressReporter {
 public:
  enum class Mode { kOff, kBar, kLog };
  ProgressReporter(Mode mode, std::uint64_t total);
  ~ProgressReporter();  // stops the ticker and clears the bar

  void add_done(std::uint64_t n = 1) { done_.fetch_add(n, std::memory_order_relaxed); }
  // Prints one line on standard error; on a terminal the bar is cleared
  // first and redrawn after, so that messages and the bar never mix.
  // Callable from any thread.
  void print(const std::string& line);
  void stop();

 private:
  void run();
  void draw(bool final);

  const Mode mode_;
  const std::uint64_t total_;
  std::atomic<std::uint64_t> done_{0};
  const std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread ticker_;
};

}  // namespace npuzzle
