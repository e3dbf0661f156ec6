#include "cli/signals.h"

#include <csignal>
#include <cstdio>

namespace npuzzle::cli {
namespace {

// The last SIGINT/SIGTERM and how many arrived; lock-free atomics are
// async-signal-safe.
std::atomic<int> g_signal{0};
std::atomic<int> g_signal_count{0};
// The running batch's intake flag, raised by the handler itself so that no
// puzzle is taken after the signal.
std::atomic<std::atomic<bool>*> g_stop_intake{nullptr};
static_assert(std::atomic<int>::is_always_lock_free);
static_assert(std::atomic<bool>::is_always_lock_free);
static_assert(std::atomic<std::atomic<bool>*>::is_always_lock_free);

extern "C" void on_signal(int sig) {
  g_signal.store(sig);
  g_signal_count.fetch_add(1);
  if (std::atomic<bool>* stop = g_stop_intake.load()) stop->store(true);
}

}  // namespace

struct BatchInterrupts::Handlers {
  struct sigaction old_int {};
  struct sigaction old_term {};
  struct sigaction old_pipe {};
  struct sigaction old_xfsz {};
};

BatchInterrupts::BatchInterrupts(BatchControl& control, double grace_seconds,
                                 std::function<void(const std::string&)> say)
    : control_(control), handlers_(std::make_unique<Handlers>()) {
  g_signal.store(0);
  g_signal_count.store(0);
  g_stop_intake.store(&control_.stop_intake);
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &handlers_->old_int);
  sigaction(SIGTERM, &action, &handlers_->old_term);
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGPIPE, &ignore, &handlers_->old_pipe);
  sigaction(SIGXFSZ, &ignore, &handlers_->old_xfsz);

  // After a signal: stop intake at once, cancel the puzzles in flight after
  // the grace period, or at once on a second signal.
  watcher_ = std::thread([this, grace_seconds, say = std::move(say)] {
    std::optional<std::chrono::steady_clock::time_point> deadline;
    while (!done_.load() && !control_.cancel.load()) {
      const auto now = std::chrono::steady_clock::now();
      if (!deadline && g_signal_count.load() > 0) {
        deadline = now + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                             std::chrono::duration<double>(grace_seconds));
        char grace[32];
        std::snprintf(grace, sizeof grace, "%g", grace_seconds);
        say(std::string("npuzzle: ") + (g_signal.load() == SIGTERM ? "SIGTERM" : "SIGINT") +
            ": no new puzzles; those in flight may finish for " + grace + " s (signal again to stop them now)");
      }
      if (g_signal_count.load() > 1 || (deadline && now >= *deadline)) {
        control_.cancel.store(true);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
}

int BatchInterrupts::finish() {
  done_.store(true);
  if (watcher_.joinable()) watcher_.join();
  return g_signal.load();
}

BatchInterrupts::~BatchInterrupts() {
  finish();
  g_stop_intake.store(nullptr);
  sigaction(SIGINT, &handlers_->old_int, nullptr);
  sigaction(SIGTERM, &handlers_->old_term, nullptr);
  sigaction(SIGPIPE, &handlers_->old_pipe, nullptr);
  sigaction(SIGXFSZ, &handlers_->old_xfsz, nullptr);
}

}  // namespace npuzzle::cli
