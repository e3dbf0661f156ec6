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

#include "core/notation.h"
#include "io/csv.h"
#include "io/reader.h"
#include "search/engine.h"

namespace npuzzle {

// One puzzle on its way through the pipeline.
struct BatchItem {
  std::uint64_t index = 0;  // 0-based position in the input
  PuzzleRecord record;
  Goal goal = Goal::kBlankLast;  // the goal it is solved for
  bool kept = false;    // a row of an earlier run (--resume): passed through, not solved
  CsvRow row;           // the CSV row: kept, or made by the solve stage
  SolveReport report;   // what the solve stage found (not for kept rows)
  std::string message;  // "FILE:LINE: what" for an invalid, unsolvable or unsupported puzzle
};

class BatchSource {
 public:
  virtual ~BatchSource() = default;
  // The next item (index, record and, for kept rows, row set); false at
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
