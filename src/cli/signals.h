// The CLI's signal policy for a batch (the batch library has none):
// SIGINT/SIGTERM stop intake at once and cancel the puzzles in flight after
// a grace period, or at once on a second signal; SIGPIPE and SIGXFSZ are
// ignored so that a closed pipe or a file size limit on OUT is a reported
// write error (EPIPE, EFBIG), not a silent death.
#pragma once

#include <functional>
#include <string>
#include <thread>

#include "batch/batch.h"

namespace npuzzle::cli {

class BatchInterrupts {
 public:
  // Installs the handlers (the old ones come back in the destructor) and
  // starts a watcher that raises `control`'s flags; `say` prints its notice.
  BatchInterrupts(BatchControl& control, double grace_seconds, std::function<void(const std::string&)> say);
  ~BatchInterrupts();
  BatchInterrupts(const BatchInterrupts&) = delete;
  BatchInterrupts& operator=(const BatchInterrupts&) = delete;

  // Stops the watcher. Returns the signal that arrived, or 0.
  int finish();

 private:
  struct Handlers;
  BatchControl& control_;
  std::unique_ptr<Handlers> handlers_;
  std::atomic<bool> done_{false};
  std::thread watcher_;
};

}  // namespace npuzzle::cli
