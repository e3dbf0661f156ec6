// `npuzzle batch` in parts, for the front ends that run a batch their own
// way (npuzzle-mpi): the same options, progress, signals, summary and exit
// codes, with the BatchRunner replaced.
#pragma once

#include <string>
#include <vector>

#include "batch/batch.h"
#include "cli/progress.h"

namespace npuzzle::cli {

struct BatchCommandLine {
  BatchConfig config;
  ProgressReporter::Mode progress = ProgressReporter::Mode::kOff;
  double grace_seconds = 10;
  std::string help;  // set (and nothing else) when --help was asked
};

// The batch options in `args` (after the word `batch`), as `PROGRAM batch`
// takes them. Throws UsageError or po::error.
BatchCommandLine parse_batch_command_line(const std::vector<std::string>& args, const std::string& program);

// `PROGRAM batch ARGS` with `runner` (empty = run_pipeline): runs the batch
// under BatchInterrupts, prints the summary and returns the exit code.
// Throws UsageError or po::error before any work.
int run_batch_command(const std::vector<std::string>& args, const std::string& program, const BatchRunner& runner);

// The one place a batch's outcome becomes an exit code (docs/contract.md): 2 when
// the input or OUT could not be used or the input held no valid puzzle, 1
// for an output error or any invalid, unsupported or unfinished puzzle,
// 128+N after signal N, else 0.
int batch_exit_code(const BatchSummary& s, int signal);

}  // namespace npuzzle::cli
