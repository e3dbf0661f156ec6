// What every search returns, and the limits it runs under: the types below
// both the kernels (ida_star.h, a_star.h) and the facade that calls them
// (solver.h), so that neither depends on the other for its vocabulary.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/memory_budget.h"
#include "core/moves.h"

namespace npuzzle {

// One status vocabulary for the engine. The CSV writes the first five by
// name (docs/contract.md) and kUnsupported as `invalid`; kCancelled rows are never
// written (they are left for --resume).
enum class Status : std::uint8_t {
  kOptimal,      // proved optimal
  kSolved,       // a valid solution, not proved optimal
  kUnsolvable,   // the parity rule says no solution exists
  kLimit,        // a time, node or memory limit ended the search
  kInvalid,      // the input was malformed (or, never expected, a solution did not replay)
  kCancelled,    // the caller's cancel flag was raised
  kUnsupported,  // a well-formed request this engine cannot serve (size, heuristic, table)
};
inline constexpr int kStatusCount = 7;
std::string_view status_name(Status s);
// The status as the batch CSV writes it: kUnsupported is `invalid`.
std::string_view csv_status_name(Status s);

struct Progress {
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;
  int bound = 0;  // IDA*: the current threshold; A*: the f being expanded
  double seconds = 0;
};

// IDA*'s iterations, for checkpoints (checkpoint.h): an iteration over
// `bound` ended without a solution or a stop; the next one searches
// `next_bound`; the nodes of every iteration so far (those of a resumed
// run's checkpoint included).
struct IterationDone {
  int bound = 0;
  int next_bound = 0;
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;
};
// Part of an iteration, for checkpoints written while it runs (parallel
// IDA* only, parallel_ida_star.h): the iteration was split into `subtrees`
// subtrees, built for `wanted` (the same `wanted` rebuilds the same list),
// and those in `done` were searched to their end without a goal.
struct SubtreeDone {
  std::uint32_t index = 0;
  int next_bound = 0;  // the least f above the bound seen in it (INT_MAX: none)
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;
};
struct PartialIteration {
  std::uint64_t wanted = 0;
  std::uint64_t subtrees = 0;
  std::vector<SubtreeDone> done;  // by index
};
// Where a resumed IDA* search starts: at `bound` instead of h(root), with
// the earlier iterations' nodes already counted and, when `partial` is set,
// part of the iteration over `bound` done.
struct ResumePoint {
  int bound = 0;
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;
  std::optional<PartialIteration> partial;
};

// SolveResult::message of a search that SolveLimits::stop_after_iteration ended.
inline constexpr const char* kStoppedAfterIteration = "stopped after an iteration";

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
  // Unweighted IDA* only, ignored elsewhere: called from the searching
  // thread after each completed iteration, and the point to start from.
  // max_nodes counts this run's expansions, not the resumed ones.
  std::function<void(const IterationDone&)> on_iteration;
  // Unweighted IDA* only: asked after each completed iteration (after
  // on_iteration); true ends the search there, with status kLimit, the
  // message "stopped after an iteration" and the next bound as the lower
  // bound, its counts those of the iterations completed (a pick(A,B) probe,
  // search/pick.h).
  std::function<bool(const IterationDone&)> stop_after_iteration;
  // Unweighted parallel IDA* only: called, under a lock, from one of the
  // searching threads, with the point a restart would resume from (its
  // partial set: the part of a split iteration done so far), at most every
  // `partial_interval` seconds and once more when a limit or cancel stops
  // the iteration, so that a stop in a long last iteration loses only the
  // subtrees in flight.
  std::function<void(const ResumePoint&)> on_partial;
  double partial_interval = 60;
  std::optional<ResumePoint> resume;
};

struct SolveResult {
  Status status = Status::kInvalid;
  std::int64_t length = -1;       // moves; set for kOptimal and kSolved
  std::int64_t lower_bound = -1;  // proven; == length when optimal; -1 when unknown
  int initial_h = -1;
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;  // children generated (the root is not counted)
  double seconds = 0;
  MoveSequence moves;    // blank directions, from the start to the goal
  std::string message;   // why, for kInvalid, kUnsupported and kLimit
  // A heuristic that picks one of two per board (pick(A,B), search/pick.h):
  // the label of the one this result's search and counts are; else empty.
  std::string picked;
};

// Half the physical memory: A*'s default cap for one search.
std::uint64_t default_memory_limit();

}  // namespace npuzzle
