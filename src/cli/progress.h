// The CLI batch's progress bar on standard error: done/total, puzzles/s, ETA.
// A ticker thread redraws it a few times a second on a terminal, or prints
// a log line every `log_interval` seconds otherwise (when enabled).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace npuzzle {

class ProgressReporter {
 public:
  enum class Mode { kOff, kBar, kLog };
  explicit ProgressReporter(Mode mode);
  ~ProgressReporter();  // stops the ticker and clears the bar

  // Starts the clock and the display; `total` puzzles when known (else the
  // bar shows the count and rate without an ETA).
  void start(std::optional<std::uint64_t> total);

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
  std::uint64_t total_ = 0;  // 0: unknown
  std::atomic<std::uint64_t> done_{0};
  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool started_ = false;
  std::thread ticker_;
};

}  // namespace npuzzle
