// The engine's public API: solve one board with options, limits,
// cancellation and progress. Everything above the search (batch, CLI, the
// game window, renderers) goes through this header, never the kernels.
//
//   SolveOptions options;
//   options.goal = Goal::kBlankFirst;
//   options.heuristic = HeuristicKind::kLinearConflict;
//   SolveResult r = solve(board, options);
//   if (r.status == Status::kOptimal) ... r.moves ...
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.h"
#include "core/memory_budget.h"
#include "heuristics/heuristic.h"

namespace npuzzle {
namespace pdb {
class AdditivePdb;
}

// One status vocabulary for the engine, the CSV and the exit codes.
enum class Status : std::uint8_t {
  kOptimal,     // proved optimal
  kSolved,      // a valid solution, not proved optimal
  kUnsolvable,  // the parity rule says no solution exists
  kLimit,       // a time, node or memory limit ended the search
  kInvalid,     // the input was malformed or the request is unsupported
  kCancelled,   // the caller's cancel flag was raised
};
std::string_view status_name(Status s);

enum class Algorithm : std::uint8_t { kIdaStar, kAStar };
std::string_view algorithm_name(Algorithm a);
std::optional<Algorithm> parse_algorithm(std::string_view name);

struct Progress {
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;
  int bound = 0;  // IDA*: the current threshold; A*: the f being expanded
  double seconds = 0;
};

struct SolveLimits {
  double seconds = 0;               // wall time; 0 = none
  std::uint64_t max_nodes = 0;      // expanded nodes; 0 = none
  std::uint64_t memory_bytes = 0;   // A*'s tables; 0 = default_memory_limit()
  // Shared with other searches and the PDBs: A* reserves its tables here as
  // they grow, and stops with kLimit ("memory budget") when they do not fit.
  MemoryBudget* memory_budget = nullptr;
  // Polled about every 65,536 expansions; raising it ends the search with
  // status kCancelled.
  const std::atomic<bool>* cancel = nullptr;
  // Called from the searching thread about every `progress_interval` seconds.
  std::function<void(const Progress&)> on_progress;
  double progress_interval = 0.5;
};

struct SolveOptions {
  Goal goal = Goal::kBlankLast;
  Algorithm algorithm = Algorithm::kIdaStar;
  HeuristicKind heuristic = HeuristicKind::kLinearConflict;
  // Required when heuristic == kPdb: tables for this board's shape and goal
  // (pdb::shared_additive loads and caches them).
  std::shared_ptr<const pdb::AdditivePdb> pdb;
  SolveLimits limits;
};

struct SolveResult {
  Status status = Status::kInvalid;
  int length = -1;        // moves; set for kOptimal and kSolved
  int lower_bound = -1;   // proven; == length when optimal; -1 when unknown
  int initial_h = -1;
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;  // children generated (the root is not counted)
  double seconds = 0;
  std::vector<Direction> moves;  // blank directions, from the start to the goal
  std::string message;           // why, for kInvalid and kLimit
};

// Solves `board` for `options.goal`. Never throws for a well-formed board:
// unsolvable boards, unsupported sizes and exhausted limits come back as a
// status. Deterministic: the same board and options give the same result
// and node counts on any thread (unless a time limit or cancel intervenes).
SolveResult solve(const Board& board, const SolveOptions& options);

// Empty if solve() supports this shape and options, else the reason.
std::string unsupported_reason(int rows, int cols, const SolveOptions& options);

// Half the physical memory: A*'s default cap for one search.
std::uint64_t default_memory_limit();

}  // namespace npuzzle
