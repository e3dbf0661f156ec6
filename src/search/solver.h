// The search facade: solve one board with a resolved heuristic (a kind and,
// for kPdb, the tables), limits, cancellation and progress. It picks the
// kernel once per board. Front ends call engine.h, which names heuristics
// and algorithms (registry.h), loads tables and checks the answer; this
// header is for callers that hold tables themselves (tests, benchmarks).
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
#include "search/move_fsm.h"
#include "search/result.h"

namespace npuzzle {
namespace pdb {
class AdditivePdb;
}
struct ExactTable;

// kPhased: the constructive row-by-row solver (phased.h): any size, status
// kSolved, never optimal.
enum class Algorithm : std::uint8_t { kIdaStar, kAStar, kPhased };
std::string_view algorithm_name(Algorithm a);

struct SolveOptions {
  Goal goal = Goal::kBlankLast;
  Algorithm algorithm = Algorithm::kIdaStar;
  HeuristicKind heuristic = HeuristicKind::kLinearConflict;
  // Required when heuristic == kPdb: tables for this board's shape and goal
  // (pdb::shared_additive loads and caches them).
  std::shared_ptr<const pdb::AdditivePdb> pdb;
  // Optional when heuristic == kExact: the table for this shape and goal
  // (exact_table_for() is asked when it is null).
  std::shared_ptr<const ExactTable> exact;
  // IDA* only (unweighted): kFsm cuts duplicate paths with a move-pruning
  // machine (move_fsm.h): fewer nodes, the same optimal lengths; kParent
  // reproduces the published node counts.
  MovePruning pruning = MovePruning::kParent;
  // kFsm only: the machine's depth in moves, 0 for default_fsm_depth();
  // otherwise from kMinFsmDepth to max_fsm_depth() of the board's cells.
  int fsm_depth = 0;
  // IDA* and A*: W >= 1 searches with f = g + W*h and guarantees
  // length <= W * optimal (ida_star.h, a_star.h), status kSolved; 1 is
  // optimal search.
  double weight = 1;
  // Weighted IDA* only, 1 <= G <= weight: each bound at least G times the
  // last, with the inner weight weight/G (ida_star.h); 1 is the smallest step.
  double bound_growth = 1;
  // Phased only: shorten the solution by optimal sub-paths (search/shorten.h).
  bool shorten = false;
  SolveLimits limits;
  // Optimal IDA* (weight 1) only: split each iteration's tree over the
  // threads of the calling oneTBB task arena (parallel_ida_star.h), always,
  // or for the iterations that start after `intra_parallel_from` is raised.
  // The result and node counts are the serial search's, unless a limit or
  // cancel stops it (a node limit is then checked against all threads'
  // expansions together and may be passed by 65,536 per thread).
  bool intra_parallel = false;
  const std::atomic<bool>* intra_parallel_from = nullptr;
};

// W as the fraction num/den that the kernel uses: the smallest den up to
// 1000 that gives W within 1e-9, else W rounded to thousandths (never below 1).
struct WeightFraction {
  int num = 1;
  int den = 1;
};
WeightFraction weight_fraction(double weight);

// Solves `board` for `options.goal`. Never throws for a well-formed board:
// unsolvable boards, unsupported requests (kUnsupported) and exhausted
// limits come back as a status. Deterministic: the same board and options give the same result
// and node counts on any thread (unless a time limit or cancel intervenes).
SolveResult solve(const Board& board, const SolveOptions& options);

// Empty if solve() supports this shape and options, else the reason.
std::string unsupported_reason(int rows, int cols, const SolveOptions& options);

// What is wrong with a combination of search options whatever the board
// (the shape's own limits are unsupported_reason()'s): the one set of rules
// that the CLI, the Python module and unsupported_reason() apply, each
// naming the options its own way.
enum class OptionsProblem : std::uint8_t {
  kNone,
  kWeightRange,            // the weight is not from 1 to 1000
  kWeightWithPhased,       // a weight above 1 for the phased solver
  kBoundGrowthRange,       // the bound growth is not from 1 to the weight
  kBoundGrowthWithoutIda,  // a bound growth above 1 for another algorithm than IDA*
  kFsmWithoutPlainIda,     // the move-pruning machine for another search than unweighted IDA*
  kFsmDepthWithoutFsm,     // a machine depth without the machine
  kFsmDepthRange,          // a machine depth other than 0 (the default) or kMinFsmDepth to kMaxFsmDepth
};
OptionsProblem options_problem(Algorithm algorithm, double weight, double bound_growth, MovePruning pruning,
                               int fsm_depth);

}  // namespace npuzzle
