// npuzzle-mpi batch ...: `npuzzle batch` over MPI ranks (mpi/distributed.h).
// Same options, same CSV and sidecar, same exit codes (rank 0's; the
// workers exit 0).
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "cli/batch_command.h"
#include "cli/commands.h"
#include "mpi/distributed.h"

namespace {

constexpr const char* kUsage =
    "npuzzle-mpi: npuzzle's batch over MPI ranks, one rank per machine with --threads threads each\n"
    "\n"
    "usage: mpirun [-np N | --hostfile FILE] npuzzle-mpi batch -i IN -o OUT.csv [OPTIONS]\n"
    "\n"
    "Options, CSV and exit codes are those of 'npuzzle batch' ('npuzzle-mpi batch --help').\n"
    "Rank 0 reads IN, hands out puzzles in chunks, solves too, and writes OUT in input order.\n";

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0;
  int ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const std::string command = argc >= 2 ? argv[1] : "";
  const std::vector<std::string> args(argv + std::min(argc, 2), argv + argc);
  if (command != "batch") {
    if (rank == 0) {
      const bool help = command == "--help" || command == "-h" || command == "help";
      if (!help && !command.empty()) std::fprintf(stderr, "npuzzle-mpi: unknown command '%s'\n\n", command.c_str());
      std::fputs(kUsage, help ? stdout : stderr);
      MPI_Finalize();
      return help ? npuzzle::cli::kExitOk : npuzzle::cli::kExitUsage;
    }
    MPI_Finalize();
    return 0;
  }
  int code = 0;
  try {
    if (rank == 0) {
      npuzzle::mpi::Coordinator coordinator(ranks);
      // A lone rank has nobody to hand puzzles to: it runs batch's own
      // pipeline (tail parallelism included), with no coordinating thread.
      npuzzle::BatchRunner runner;
      if (ranks > 1) {
        runner = [&coordinator](npuzzle::BatchSource& source, const npuzzle::SolveStage& solve,
                                npuzzle::BatchSink& sink, int threads, npuzzle::BatchControl& control) {
          coordinator.run(source, solve, sink, threads, control);
        };
      }
      code = npuzzle::cli::run_guarded(
          "batch", [&] { return npuzzle::cli::run_batch_command(args, "npuzzle-mpi", runner); });
      if (coordinator.abandoned_remote_work()) {
        // The workers are still searching puzzles nobody waits for; the
        // CSV and sidecar are written: end the job here.
        std::fflush(nullptr);
        MPI_Abort(MPI_COMM_WORLD, code);
      }
      coordinator.release_workers();
    } else {
      code = npuzzle::mpi::serve_as_worker(args);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "npuzzle-mpi (rank %d): %s\n", rank, e.what());
    std::fflush(nullptr);
    MPI_Abort(MPI_COMM_WORLD, npuzzle::cli::kExitFailed);
  }
  MPI_Finalize();
  return code;
}
