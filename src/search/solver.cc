#include "search/solver.h"

#include <cmath>
#include <numeric>

#include "core/solvability.h"
#include "heuristics/catalogue_heuristic.h"
#include "heuristics/exact.h"
#include "heuristics/pdb_heuristic.h"
#include "heuristics/zero_aware_heuristic.h"
#include "search/a_star.h"
#include "search/ida_star.h"
#include "search/ida_instances.h"
#include "search/phased.h"

namespace npuzzle {

std::string_view status_name(Status s) {
  switch (s) {
    case Status::kOptimal: return "optimal";
    case Status::kSolved: return "solved";
    case Status::kUnsolvable: return "unsolvable";
    case Status::kLimit: return "limit";
    case Status::kInvalid: return "invalid";
    case Status::kCancelled: return "cancelled";
    case Status::kUnsupported: return "unsupported";
  }
  return "invalid";
}

std::string_view csv_status_name(Status s) { return s == Status::kUnsupported ? "invalid" : status_name(s); }

std::string_view algorithm_name(Algorithm a) {
  switch (a) {
    case Algorithm::kIdaStar: return "ida";
    case Algorithm::kAStar: return "astar";
    case Algorithm::kPhased: return "phased";
  }
  return "ida";
}

WeightFraction weight_fraction(double weight) {
  if (!(weight > 1)) return {};
  for (int den = 1; den <= 1000; ++den) {
    const double num = weight * den;
    if (std::abs(num - std::round(num)) < 1e-9) return {static_cast<int>(std::lround(num)), den};
  }
  return {std::max(1000, static_cast<int>(std::lround(weight * 1000))), 1000};
}

std::uint64_t default_memory_limit() { return physical_memory() / 2; }

OptionsProblem options_problem(Algorithm algorithm, double weight, double bound_growth, MovePruning pruning,
                               int fsm_depth) {
  if (!(weight >= 1 && weight <= 1000)) return OptionsProblem::kWeightRange;
  if (weight > 1 && algorithm == Algorithm::kPhased) return OptionsProblem::kWeightWithPhased;
  if (!(bound_growth >= 1 && bound_growth <= weight)) return OptionsProblem::kBoundGrowthRange;
  if (bound_growth > 1 && algorithm != Algorithm::kIdaStar) return OptionsProblem::kBoundGrowthWithoutIda;
  if (pruning == MovePruning::kFsm && (algorithm != Algorithm::kIdaStar || weight > 1)) {
    return OptionsProblem::kFsmWithoutPlainIda;
  }
  if (fsm_depth != 0) {
    if (pruning != MovePruning::kFsm) return OptionsProblem::kFsmDepthWithoutFsm;
    // The shape's own limit (lower above 25 cells) is unsupported_reason()'s.
    if (fsm_depth < kMinFsmDepth || fsm_depth > kMaxFsmDepth) return OptionsProblem::kFsmDepthRange;
  }
  return OptionsProblem::kNone;
}

std::string unsupported_reason(int rows, int cols, const SolveOptions& options) {
  // The phased solver takes any board whose solution fits its move limit; it ignores the heuristic.
  if (options.algorithm == Algorithm::kPhased) return phased_size_refusal(rows, cols);
  const int cells = rows * cols;
  if (cells > kMaxSearchCells) {
    return "optimal search supports boards of at most " + std::to_string(kMaxSearchCells) +
           " cells; " + size_name(rows, cols) + " has " + std::to_string(cells) +
           " (--algorithm phased solves any size, not optimally)";
  }
  // Built only when refused: solve() asks this for every board it is given.
  const auto depth_range = [&] {
    return "--fsm-depth must be from " + std::to_string(kMinFsmDepth) + " to " + std::to_string(max_fsm_depth(cells)) +
           " on " + size_name(rows, cols);
  };
  switch (options_problem(options.algorithm, options.weight, options.bound_growth, options.pruning,
                          options.fsm_depth)) {
    case OptionsProblem::kNone: break;
    case OptionsProblem::kWeightRange: return "the weight must be from 1 to 1000";
    case OptionsProblem::kWeightWithPhased: return "--weight needs --algorithm ida or astar";
    case OptionsProblem::kBoundGrowthRange: return "the bound growth must be from 1 to the weight";
    case OptionsProblem::kBoundGrowthWithoutIda: return "--bound-growth needs --algorithm ida";
    case OptionsProblem::kFsmWithoutPlainIda: return "--prune fsm needs --algorithm ida without --weight";
    case OptionsProblem::kFsmDepthWithoutFsm: return "--fsm-depth needs --prune fsm";
    case OptionsProblem::kFsmDepthRange: return depth_range();
  }
  if (options.fsm_depth > max_fsm_depth(cells)) return depth_range();
  if (options.algorithm == Algorithm::kAStar && cells > Packed128::kMaxCells) {
    return "astar supports boards of at most " + std::to_string(Packed128::kMaxCells) + " cells";
  }
  if (options.heuristic == HeuristicKind::kLinearConflict &&
      (rows > kMaxConflictLine || cols > kMaxConflictLine)) {
    return "linear-conflict supports lines of at most " + std::to_string(kMaxConflictLine) + " cells";
  }
  if (options.heuristic == HeuristicKind::kExact && cells > kMaxExactCells) {
    return "exact supports boards of at most " + std::to_string(kMaxExactCells) + " cells; " + size_name(rows, cols) +
           " has " + std::to_string(cells);
  }
  if (options.heuristic == HeuristicKind::kPdb) {
    if (!options.pdb) return "no pattern database was given";
    if (options.pdb->rows() != rows || options.pdb->cols() != cols || options.pdb->goal() != options.goal) {
      return "the pattern database " + options.pdb->spec() + " is for " +
             size_name(options.pdb->rows(), options.pdb->cols()) + " boards with the " +
             std::string(goal_name(options.pdb->goal())) + " goal";
    }
  }
  return {};
}

namespace {

using detail::exact_table;
using detail::run_optimal_ida;

// The user's weight W split into an inner weight w (to hundredths, rounded
// down, at least 1) and a bound growth G' = W/w >= G, exactly, so that
// w*G' = W: the guarantee of ida_star.h holds whatever the rounding.
SearchWeight ida_weight(double weight, double growth) {
  const WeightFraction w = weight_fraction(weight);
  if (!(growth > 1)) return SearchWeight{.num = w.num, .den = w.den};
  constexpr std::int64_t kDen = 100;
  const auto inner = std::max<std::int64_t>(kDen, static_cast<std::int64_t>(std::floor(kDen * weight / growth)));
  const std::int64_t a = std::gcd(inner, kDen);
  SearchWeight s{.num = static_cast<int>(inner / a), .den = static_cast<int>(kDen / a)};
  // G' = W / w = (num / den) / (s.num / s.den)
  s.grow_num = static_cast<std::int64_t>(w.num) * s.den;
  s.grow_den = static_cast<std::int64_t>(w.den) * s.num;
  const std::int64_t b = std::gcd(s.grow_num, s.grow_den);
  s.grow_num /= b;
  s.grow_den /= b;
  return s;
}

// Weighted IDA* runs on the generic kernel for every shape: the compile-time
// kernels stay exactly as they are for optimal search.
template <class Storage>
SolveResult run_weighted_ida(const Board& board, const TileTables& tables, const SolveOptions& options,
                             Budget& budget) {
  const SearchWeight weight = ida_weight(options.weight, options.bound_growth);
  const HeuristicKind h = options.heuristic;
  if (h == HeuristicKind::kPdb) {
    if (options.pdb->partitions() > 1) {
      if (options.pdb->reflected()) {
        using Heuristic = CatalogueHeuristic<true, 0>;
        return IdaStar<Storage, 0, 0, Heuristic, true>(tables, Heuristic(*options.pdb), budget, weight).run(board);
      }
      using Heuristic = CatalogueHeuristic<false, 0>;
      return IdaStar<Storage, 0, 0, Heuristic, true>(tables, Heuristic(*options.pdb), budget, weight).run(board);
    }
    if (options.pdb->zero_aware()) {
      if (options.pdb->reflected()) {
        using Heuristic = ZeroAwarePdbHeuristic<true, 0>;
        return IdaStar<Storage, 0, 0, Heuristic, true>(tables, Heuristic(*options.pdb), budget, weight).run(board);
      }
      using Heuristic = ZeroAwarePdbHeuristic<false, 0>;
      return IdaStar<Storage, 0, 0, Heuristic, true>(tables, Heuristic(*options.pdb), budget, weight).run(board);
    }
    if (options.pdb->reflected()) {
      using Heuristic = PdbHeuristic<true, 0>;
      return IdaStar<Storage, 0, 0, Heuristic, true>(tables, Heuristic(*options.pdb), budget, weight).run(board);
    }
    using Heuristic = PdbHeuristic<false, 0>;
    return IdaStar<Storage, 0, 0, Heuristic, true>(tables, Heuristic(*options.pdb), budget, weight).run(board);
  }
  if (h == HeuristicKind::kExact) {
    const auto exact = exact_table(board, options);
    return IdaStar<Storage, 0, 0, ExactHeuristic, true>(tables, ExactHeuristic(*exact), budget, weight).run(board);
  }
  if (h == HeuristicKind::kLinearConflict) {
    using Heuristic = TileHeuristic<kMaxConflictLine, true>;
    return IdaStar<Storage, 0, 0, Heuristic, true>(tables, Heuristic(tables, h), budget, weight).run(board);
  }
  using Heuristic = TileHeuristic<kMaxConflictLine, false>;
  return IdaStar<Storage, 0, 0, Heuristic, true>(tables, Heuristic(tables, h), budget, weight).run(board);
}

// A* is not specialised on the shape: its cost is its memory, not h.
// TileHeuristic's kMaxSide sizes only the IDA* conflict codes, unused here.
// kWeighted: weighted A* (--weight W > 1), a separate instance.
template <class Storage, bool kWeighted>
SolveResult run_astar(const Board& board, const TileTables& tables, const SolveOptions& options, Budget& budget) {
  const std::uint64_t cap = options.limits.memory_bytes ? options.limits.memory_bytes : default_memory_limit();
  const WeightFraction w = weight_fraction(options.weight);
  const SearchWeight weight{.num = w.num, .den = w.den};
  const HeuristicKind h = options.heuristic;
  if (h == HeuristicKind::kPdb) {
    if (options.pdb->partitions() > 1) {
      if (options.pdb->reflected()) {
        using Heuristic = CatalogueHeuristic<true>;
        return AStar<Storage, Heuristic, kWeighted>(tables, Heuristic(*options.pdb), budget, cap, weight).run(board);
      }
      using Heuristic = CatalogueHeuristic<false>;
      return AStar<Storage, Heuristic, kWeighted>(tables, Heuristic(*options.pdb), budget, cap, weight).run(board);
    }
    if (options.pdb->zero_aware()) {
      if (options.pdb->reflected()) {
        using Heuristic = ZeroAwarePdbHeuristic<true>;
        return AStar<Storage, Heuristic, kWeighted>(tables, Heuristic(*options.pdb), budget, cap, weight).run(board);
      }
      using Heuristic = ZeroAwarePdbHeuristic<false>;
      return AStar<Storage, Heuristic, kWeighted>(tables, Heuristic(*options.pdb), budget, cap, weight).run(board);
    }
    if (options.pdb->reflected()) {
      using Heuristic = PdbHeuristic<true>;
      return AStar<Storage, Heuristic, kWeighted>(tables, Heuristic(*options.pdb), budget, cap, weight).run(board);
    }
    using Heuristic = PdbHeuristic<false>;
    return AStar<Storage, Heuristic, kWeighted>(tables, Heuristic(*options.pdb), budget, cap, weight).run(board);
  }
  if (h == HeuristicKind::kExact) {
    const auto exact = exact_table(board, options);
    return AStar<Storage, ExactHeuristic, kWeighted>(tables, ExactHeuristic(*exact), budget, cap, weight).run(board);
  }
  if (h == HeuristicKind::kLinearConflict) {
    using Heuristic = TileHeuristic<kMaxConflictLine, true>;
    return AStar<Storage, Heuristic, kWeighted>(tables, Heuristic(tables, h), budget, cap, weight).run(board);
  }
  using Heuristic = TileHeuristic<kMaxConflictLine, false>;
  return AStar<Storage, Heuristic, kWeighted>(tables, Heuristic(tables, h), budget, cap, weight).run(board);
}

// Picks the kernel once per puzzle: compile-time shapes for 3x3, 4x4, 5x5,
// 3x4 and 4x3, the generic kernel with the narrowest packing otherwise.
// 3x4 and 4x3 pay for their instances: half the CPU time of the generic
// kernel on the hardest 3x4/4x3 boards, same nodes (results/rectangles.md).
SolveResult dispatch(const Board& board, const TileTables& tables, const SolveOptions& options, Budget& budget) {
  if (options.algorithm == Algorithm::kAStar) {
    if (options.weight > 1) {
      if (board.cells() <= Packed64::kMaxCells) return run_astar<Packed64, true>(board, tables, options, budget);
      return run_astar<Packed128, true>(board, tables, options, budget);
    }
    if (board.cells() <= Packed64::kMaxCells) return run_astar<Packed64, false>(board, tables, options, budget);
    return run_astar<Packed128, false>(board, tables, options, budget);
  }
  if (options.weight > 1) {
    if (board.cells() <= Packed64::kMaxCells) return run_weighted_ida<Packed64>(board, tables, options, budget);
    if (board.cells() <= Packed128::kMaxCells) return run_weighted_ida<Packed128>(board, tables, options, budget);
    return run_weighted_ida<ByteGrid>(board, tables, options, budget);
  }
#if NPUZZLE_SHAPE_KERNELS
  const int r = board.rows();
  const int c = board.cols();
  // Zero-aware tables and catalogues below 16 cells run on the generic kernel (ida_instances.h).
  const bool zero_aware_or_catalogue = options.heuristic == HeuristicKind::kPdb && options.pdb &&
                                       (options.pdb->zero_aware() || options.pdb->partitions() > 1);
  if (!zero_aware_or_catalogue || detail::shape_kernel_has_zero_aware(r, c)) {
    if (r == 3 && c == 3) return run_optimal_ida<Packed64, 3, 3>(board, tables, options, budget);
    if (r == 4 && c == 4) return run_optimal_ida<Packed64, 4, 4>(board, tables, options, budget);
    if (r == 3 && c == 4) return run_optimal_ida<Packed64, 3, 4>(board, tables, options, budget);
    if (r == 4 && c == 3) return run_optimal_ida<Packed64, 4, 3>(board, tables, options, budget);
    if (r == 5 && c == 5) return run_optimal_ida<Packed128, 5, 5>(board, tables, options, budget);
  }
#endif
  if (board.cells() <= Packed64::kMaxCells) return run_optimal_ida<Packed64, 0, 0>(board, tables, options, budget);
  if (board.cells() <= Packed128::kMaxCells) return run_optimal_ida<Packed128, 0, 0>(board, tables, options, budget);
  return run_optimal_ida<ByteGrid, 0, 0>(board, tables, options, budget);
}

}  // namespace

SolveResult solve(const Board& board, const SolveOptions& options) {
  if (options.algorithm == Algorithm::kPhased) {
    PhasedOptions phased;
    phased.goal = options.goal;
    phased.shorten = options.shorten;
    phased.cancel = options.limits.cancel;
    phased.seconds = options.limits.seconds;
    return solve_phased(board, phased);
  }
  Budget budget(options.limits);
  SolveResult result;
  if (!is_solvable(board, options.goal)) {
    result.status = Status::kUnsolvable;
  } else if (std::string why = unsupported_reason(board.rows(), board.cols(), options); !why.empty()) {
    result.status = Status::kUnsupported;
    result.message = std::move(why);
  } else {
    const auto tables = tables_for(board.rows(), board.cols(), options.goal);
    result = dispatch(board, *tables, options, budget);
  }
  result.seconds = budget.elapsed();
  return result;
}

}  // namespace npuzzle
