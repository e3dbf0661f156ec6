// The batch's pipeline, with replaceable stages: oneTBB's canonical shape.
// A serial in-order source hands out puzzles, a parallel stage solves each
// one inside a single task (so node counts never depend on the thread
// count), and a serial in-order sink takes the finished puzzles in input
// order. At most 4 puzzles per thread are in flight. run_batch (batch.h)
// plugs in a streaming file reader and the CSV writer; a shard or an MPI
// rank plugs in its own source or sink and reuses the rest.
//
// No process-wide state: the threads are bounded by a task_arena of this
// call, not by tbb::global_control; nothing is printed; stopping is the
// caller's flag.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "io/reader.h"
#include "io/result_row.h"
#include "search/engine.h"

namespace npuzzle {

// A row of an earlier run (resume), passed through as it was written.
struct KeptRow {
  std::string line;  // with its '\n'
  ResultRow row;
};

// One puzzle on its way through the pipeline: values, until the sink
// formats them.
struct BatchItem {
  std::uint64_t index = 0;  // 0-based position in the input
  PuzzleRecord record;
  Goal goal = Goal::kBlankLast;  // the goal it is solved for
  std::optional<KeptRow> kept;   // set: not solved, the earlier row is kept
  SolveReport report;            // what the solve stage found (not for kept rows)
};

class BatchSource {
 public:
  virtual ~BatchSource() = default;
  // The next item (index, record and, for kept rows, `kept` set); false at
  // the end. Called from one thread at a time, in order.
  virtual bool next(BatchItem& item) = 0;
};

class BatchSink {
 public:
  virtual ~BatchSink() = default;
  // Called from one thread at a time, in input order.
  virtual void accept(BatchItem& item) = 0;
};

// Solves one item in place (any thread; items are independent).
using SolveStage = std::function<void(BatchItem& item)>;

// Runs source -> solve -> sink on `threads` threads until the source is
// exhausted or `stop_intake` is raised (items already taken still reach the
// sink). Kept items skip the solve stage. At most `max_in_flight` items are
// in flight (0: 4 per thread). The solve stage runs in the pipeline's task
// arena, so a split search (parallel_ida_star.h) uses its threads.
void run_pipeline(BatchSource& source, const SolveStage& solve, BatchSink& sink, int threads,
                  const std::atomic<bool>& stop_intake, int max_in_flight = 0);

}  // namespace npuzzle
