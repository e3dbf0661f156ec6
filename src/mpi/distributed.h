// npuzzle-mpi's batch: the pipeline of batch/pipeline.h spread over MPI
// ranks, one rank per machine with oneTBB threads inside.
//
// Rank 0 runs `npuzzle batch` itself (cli/batch_command.h); alone
// (`mpirun -np 1`) it runs batch's own pipeline, else with the
// Coordinator as its BatchRunner: the same input streaming, --resume,
// CSV sink, sidecar, signals and exit codes. The coordinator, on rank 0's
// main thread (the only thread that calls MPI: MPI_THREAD_FUNNELED):
//   1. takes puzzles from the source one at a time, in input order, and
//      numbers them;
//   2. answers each worker's request with a chunk of them (kWorkPart
//      messages of a few KB and a last kWork one: messages.h), sized
//      so that a chunk is about kChunkSeconds of search by a moving average
//      of the time per puzzle (1 to kMaxChunk puzzles: Korf's 100 go out
//      one by one, random 3x3 boards in hundreds; growing at most twofold
//      per chunk, so that a run of easy puzzles does not send the hard ones
//      after them out in one large chunk), or with kStop once the input is
//      exhausted;
//   3. solves puzzles itself too, on its own --threads threads (a rank per
//      machine leaves no machine idle, rank 0's included), in chunks of a
//      quarter of a worker's, two per thread queued;
//   4. puts the results, local or from a worker, back in input order and
//      hands each to the sink as soon as all before it are there: the CSV
//      is written row by row, flushed, in input order;
//   5. keeps at most kWindowPerThread puzzles per thread of the whole job
//      (times the chunk size) between the source and the sink, so memory
//      stays bounded whatever the input's length.
// A worker (serve_as_worker) parses the same command line, asks for a
// chunk whenever it holds fewer puzzles than its threads plus one chunk
// (double buffering), solves them on its threads, and sends each result
// back as soon as it is done. A dead rank loses only the chunks it held:
// Open MPI then ends the whole job (its default), and every row written
// so far is complete; --resume solves the rest.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "batch/batch.h"

namespace npuzzle::mpi {

inline constexpr double kChunkSeconds = 0.02;
inline constexpr std::uint64_t kMaxChunk = 256;
inline constexpr std::uint64_t kWindowPerThread = 4;

class Transfers;  // non-blocking sends and receives (distributed.cc)

class Coordinator {
 public:
  explicit Coordinator(int ranks);
  ~Coordinator();

  // The BatchRunner (batch/batch.h). Call from the thread that called MPI_Init.
  void run(BatchSource& source, const SolveStage& solve, BatchSink& sink, int threads, BatchControl& control);

  // Sends kStop to every worker not yet stopped (after their pending
  // request), so that all ranks can finalize: call once after the batch,
  // whether run() ran or not (a usage error, an unreadable input).
  void release_workers();

  // True when run() gave up on remote puzzles (a cancel): workers may still
  // be searching, and the caller should end the job with MPI_Abort.
  bool abandoned_remote_work() const { return abandoned_; }

 private:
  int ranks_;
  std::vector<bool> stopped_;  // per rank: kStop sent
  std::vector<int> waiting_;   // ranks whose kRequest is not answered yet
  bool abandoned_ = false;
  std::unique_ptr<Transfers> transfers_;
};

// A worker rank's whole life: parse `args` as `npuzzle batch` does, solve
// the chunks rank 0 sends until kStop. Returns the exit code (0; the batch's
// outcome is rank 0's).
int serve_as_worker(const std::vector<std::string>& args);

}  // namespace npuzzle::mpi
