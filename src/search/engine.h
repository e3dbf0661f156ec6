// The engine's public API: one call that takes a board and a request by
// name (registry.h) and returns a finished, checked answer. Every front end
// (the CLI's solve and batch, the game window, the renderer, Python, MPI)
// solves through here, so they all choose heuristics, load tables, replay
// solutions and explain unsolvable boards the same way.
//
//   SolveRequest request;
//   request.goal = Goal::kBlankFirst;
//   request.heuristic = *parse_heuristic_spec("auto");
//   request.limits.seconds = 10;            // also max_nodes, memory_bytes,
//   request.limits.cancel = &stop_flag;     // a std::atomic<bool> you may raise,
//   request.limits.on_progress = report;    // and a progress callback
//   SolveReport report = solve_checked(board, request);
//   // report.result.status, .length, .moves, .lower_bound, .expanded ...;
//   // report.heuristic (what was used), report.explanation (why not solved)
#pragma once

#include <optional>
#include <string>

#include "core/board.h"
#include "heuristics/pdb/additive.h"
#include "search/registry.h"
#include "search/result.h"
#include "search/solver.h"

namespace npuzzle {

struct SolveRequest {
  Goal goal = Goal::kBlankLast;
  Algorithm algorithm = Algorithm::kIdaStar;
  HeuristicSpec heuristic = HeuristicSpec::automatic();
  // Pattern databases: cache directory, reflection, whether an explicit
  // pdb:SPEC may be built, and the memory budget they draw from.
  pdb::AdditiveOptions tables;
  double weight = 1;  // IDA*'s or A*'s weight (SolveOptions::weight)
  double bound_growth = 1;  // weighted IDA*'s (SolveOptions::bound_growth)
  MovePruning pruning = MovePruning::kParent;  // SolveOptions::pruning
  int fsm_depth = 0;                           // SolveOptions::fsm_depth
  // Unweighted IDA* only: a checkpoint file (checkpoint.h). When it exists
  // and matches the board and options, the search resumes from it (a
  // mismatch or an unreadable file is kUnsupported, with the reason); it is
  // rewritten after every completed iteration and removed once the search
  // has an answer. Empty: none.
  std::string checkpoint;
  bool shorten = false;  // phased only (SolveOptions::shorten)
  SolveLimits limits;
  // Parallel IDA* on the calling task arena's threads (SolveOptions).
  bool intra_parallel = false;
  const std::atomic<bool>* intra_parallel_from = nullptr;
};

struct SolveReport {
  SolveResult result;
  std::string heuristic;  // the heuristic used, as the CSV names it ("pdb:663", "linear-conflict")
  std::string notice;     // auto's one-time note for this shape and goal (registry.h), else empty
  // For a person, when the board was not solved: why ("unsolvable for the
  // blank-last goal; it is solvable for blank-first (--goal blank-first)",
  // the unsupported size, the limit hit, the table that could not be had).
  std::string explanation;
  std::optional<Goal> solvable_for;  // kUnsolvable: the other goal, when it solves the board
  // Set when the search resumed from request.checkpoint: the bound it began
  // at and, when the checkpoint was written during that iteration, how many
  // of its subtrees were searched already.
  std::optional<int> resumed_at;
  std::optional<std::size_t> resumed_subtrees;
  std::string checkpoint_warning;  // a checkpoint that could not be written, else empty
};

// "at bound B" or "at bound B (N of its subtrees already searched)": where a
// resumed search began, for the CLI's messages.
std::string resume_description(const SolveReport& report);

// Resolves the heuristic for the board, solves, and replays every solution
// it reports: a solution that does not replay comes back as kInvalid with an
// "internal error" explanation, never as a result. Never throws for a valid
// board. Deterministic like solve().
SolveReport solve_checked(const Board& board, const SolveRequest& request);

// "unsolvable for the G goal" and, when `other` is set, the hint below in brackets.
std::string unsolvable_explanation(Goal goal, std::optional<Goal> other);
// "it is solvable for blank-first: --goal blank-first"
std::string solvable_hint(Goal other);

}  // namespace npuzzle
