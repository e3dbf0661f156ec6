// Solving parsed puzzles: one puzzle (solve_puzzle, shared by `solve` and
// `batch`) and a whole file through a oneTBB pipeline (run_batch).
//
// The pipeline is oneTBB's canonical shape: a serial in-order source that
// hands out puzzles, a parallel stage that solves each one inside a single
// task (so node counts never depend on the thread count), and a serial
// in-order sink that writes and flushes each CSV row. At most 4 puzzles per
// thread are in flight.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "batch/progress.h"
#include "heuristics/pdb/additive.h"
#include "core/notation.h"
#include "io/csv.h"
#include "io/reader.h"
#include "search/solver.h"

namespace npuzzle {

struct RunConfig {
  Algorithm algorithm = Algorithm::kIdaStar;
  HeuristicKind heuristic = HeuristicKind::kLinearConflict;
  bool auto_heuristic = false;         // --heuristic auto: choose_heuristic() per shape and goal
  std::string pdb_spec;                // "pdb:663" etc. when heuristic == kPdb
  pdb::AdditiveOptions pdb_options;    // cache directory, reflection
  double time_limit = 0;        // seconds per puzzle; 0 = none
  std::uint64_t max_nodes = 0;  // expanded nodes per puzzle; 0 = none
  std::uint64_t memory_bytes = 0;  // one A* search; 0 = default_memory_limit() (batch: split across threads)
  // PDB tables and every A* search together; null = no shared budget.
  std::shared_ptr<MemoryBudget> budget;
  std::optional<Goal> goal_override;  // --goal; otherwise the file's `# goal:` or blank-last
  Notation notation = Notation::kBlank;
};

Goal resolve_goal(const RunConfig& config, const PuzzleFile& file);
// The heuristic as the CSV names it: "linear-conflict", "pdb:663", "auto", ...
std::string heuristic_label(const RunConfig& config);

struct Outcome {
  SolveResult result;
  CsvRow row;
  std::string error;  // "FILE:LINE: what", for invalid and unsolvable puzzles
  std::string notice;  // the heuristic choice's one-time notice (heuristic_choice.h)
};

// Solves one record (or reports why it is invalid) and checks the solution
// by replaying it. `cancel` and `on_progress` may be null.
Outcome solve_puzzle(const PuzzleRecord& record, Goal goal, const RunConfig& config,
                     const std::atomic<bool>* cancel,
                     std::function<void(const Progress&)> on_progress = nullptr);

struct BatchConfig {
  RunConfig run;
  std::string input;
  std::string output;
  ReadOptions read;
  int threads = 0;  // 0 = all cores
  bool resume = false;
  ProgressReporter::Mode progress = ProgressReporter::Mode::kOff;
  double grace_seconds = 10;  // after SIGINT/SIGTERM, before in-flight puzzles are cancelled
  std::string command_line;
};

// Runs the batch and returns the process exit code: 0 all done, 1 some
// puzzle invalid or at its limit (or an output error), 2 bad input or
// options before any work, 128+signal when interrupted.
int run_batch(const BatchConfig& config);

}  // namespace npuzzle
