#include "search/solver.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/solvability.h"
#include "search/kernel_dispatch.h"
#include "search/phased.h"
#include "search/pick.h"

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

std::uint64_t default_memory_limit() { return physical_memory() / 2; }

RowTraits row_traits(const ResolvedHeuristic& heuristic, int rows, int cols) {
  RowTraits traits;
  visit_row(heuristic, [&]<class Row>() {
    traits.machine_only = Row::kMachineOnly;
    traits.in_shape_kernel = shape_kernels_built<Row>(rows, cols) && Row::in_shape_kernel(rows, cols);
    if constexpr (requires { Row::shape_kernel_serves(heuristic); }) {
      traits.in_shape_kernel = traits.in_shape_kernel && Row::shape_kernel_serves(heuristic);
    }
    return SolveResult{};
  });
  return traits;
}

SolveResult kernel_not_carried(const ResolvedHeuristic& heuristic, const char* kernel) {
  SolveResult r;
  r.status = Status::kUnsupported;
  r.message = std::string("internal error: no ") + kernel + " kernel carries the heuristic " + heuristic.label;
  return r;
}

namespace {

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

// Optimal IDA* with the pruning it runs: compile-time shapes for 3x3, 4x4,
// 5x5, 3x4 and 4x3 when they carry the row, the generic kernel with the
// narrowest packing otherwise. 3x4 and 4x3 pay for their instances: half
// the CPU time of the generic kernel on the hardest 3x4/4x3 boards, same
// nodes (results/rectangles.md).
template <MovePruning kPruning>
SolveResult optimal_ida(const KernelJob& job, bool in_shape_kernel) {
  const int r = job.board.rows();
  const int c = job.board.cols();
  if (in_shape_kernel && (kPruning == MovePruning::kParent || shape_kernel_has_machine(r, c))) {
#if NPUZZLE_SHAPE_3X3
    if (r == 3 && c == 3) return run_ida<Packed64, 3, 3, kPruning>(job);
#endif
#if NPUZZLE_SHAPE_4X4
    if (r == 4 && c == 4) return run_ida<Packed64, 4, 4, kPruning>(job);
#endif
#if NPUZZLE_SHAPE_3X4
    if (r == 3 && c == 4) return run_ida<Packed64, 3, 4, kPruning>(job);
#endif
#if NPUZZLE_SHAPE_4X3
    if (r == 4 && c == 3) return run_ida<Packed64, 4, 3, kPruning>(job);
#endif
#if NPUZZLE_SHAPE_5X5
    if (r == 5 && c == 5) return run_ida<Packed128, 5, 5, kPruning>(job);
#endif
  }
  const int cells = r * c;
  if (cells <= Packed64::kMaxCells) return run_ida<Packed64, 0, 0, kPruning>(job);
#if NPUZZLE_MAX_KERNEL_CELLS > 16
  if (cells <= Packed128::kMaxCells) return run_ida<Packed128, 0, 0, kPruning>(job);
#endif
#if NPUZZLE_MAX_KERNEL_CELLS > 25
  return run_ida<ByteGrid, 0, 0, kPruning>(job);
#else
  return kernel_not_carried(job.heuristic, "IDA* (the board is larger than this build searches)");
#endif
}

SolveResult dispatch(const Board& board, const TileTables& tables, const SolveRequest& request,
                     const ResolvedHeuristic& heuristic, Budget& budget) {
  KernelJob job{board, tables, heuristic, budget, nullptr, SplitPolicy{}, SearchWeight{}, 0};
  const int cells = board.cells();
  if (request.algorithm == Algorithm::kAStar) {
    job.memory_bytes = request.limits.memory_bytes ? request.limits.memory_bytes : default_memory_limit();
    const WeightFraction w = weight_fraction(request.weight);
    job.weight = SearchWeight{.num = w.num, .den = w.den};
    if (cells <= Packed64::kMaxCells) {
      return request.weight > 1 ? run_astar<Packed64, true>(job) : run_astar<Packed64, false>(job);
    }
#if NPUZZLE_MAX_KERNEL_CELLS > 16
    return request.weight > 1 ? run_astar<Packed128, true>(job) : run_astar<Packed128, false>(job);
#endif
  }
  if (request.weight > 1) {
    job.weight = ida_weight(request.weight, request.bound_growth);
    if (cells <= Packed64::kMaxCells) return run_weighted_ida<Packed64>(job);
#if NPUZZLE_MAX_KERNEL_CELLS > 16
    if (cells <= Packed128::kMaxCells) return run_weighted_ida<Packed128>(job);
#endif
#if NPUZZLE_MAX_KERNEL_CELLS > 25
    return run_weighted_ida<ByteGrid>(job);
#endif
    return kernel_not_carried(heuristic, "weighted IDA* (the board is larger than this build searches)");
  }
  const RowTraits traits = row_traits(heuristic, board.rows(), board.cols());
  MovePruning pruning = request.pruning;
  int depth = request.fsm_depth;
  if (traits.machine_only && pruning == MovePruning::kParent) {
    // The machine that cuts only the moves back: parent pruning's tree (kernel_rows.h).
    pruning = MovePruning::kFsm;
    depth = kMinFsmDepth;
  }
  job.split = SplitPolicy{.always = request.intra_parallel, .from = request.intra_parallel_from};
  if (pruning == MovePruning::kFsm) {
    const std::shared_ptr<const MoveFsm> fsm = move_fsm_for(board.rows(), board.cols(), depth);
    job.fsm = fsm.get();
    return optimal_ida<MovePruning::kFsm>(job, traits.in_shape_kernel);
  }
  return optimal_ida<MovePruning::kParent>(job, traits.in_shape_kernel);
}

}  // namespace

SolveResult solve(const Board& board, const SolveRequest& request, const ResolvedHeuristic& heuristic) {
  if (request.algorithm == Algorithm::kPhased) {
    PhasedOptions phased;
    phased.goal = request.goal;
    phased.shorten = request.shorten;
    phased.cancel = request.limits.cancel;
    phased.seconds = request.limits.seconds;
    return solve_phased(board, phased);
  }
  Budget budget(request.limits);
  SolveResult result;
  if (!is_solvable(board, request.goal)) {
    result.status = Status::kUnsolvable;
  } else if (const auto problem = check_request(request, board.rows(), board.cols())) {
    result.status = Status::kUnsupported;
    result.message = describe(*problem);
  } else if (heuristic.row == nullptr || heuristic.rows != board.rows() || heuristic.cols != board.cols() ||
             heuristic.goal != request.goal) {
    result.status = Status::kUnsupported;
    result.message = "the heuristic " + heuristic.label + " is for " + size_name(heuristic.rows, heuristic.cols) +
                     " boards with the " + std::string(goal_name(heuristic.goal)) + " goal";
  } else if (heuristic.row == &PickRow::row()) {
    result = solve_picked(board, request, heuristic.data_as<HeuristicPair>());
  } else {
    const auto tables = tables_for(board.rows(), board.cols(), request.goal);
    result = dispatch(board, *tables, request, heuristic, budget);
  }
  result.seconds = budget.elapsed();
  return result;
}

SolveResult solve(const Board& board, const SolveRequest& request) {
  if (request.algorithm != Algorithm::kPhased && !check_request(request, board.rows(), board.cols()) &&
      is_solvable(board, request.goal)) {
    Resolution resolution =
        resolve_heuristic(request.heuristic, board.rows(), board.cols(), request.goal, request.tables);
    if (!resolution.error.empty()) {
      SolveResult result;
      result.status = Status::kUnsupported;
      result.message = std::move(resolution.error);
      return result;
    }
    return solve(board, request, resolution.heuristic);
  }
  return solve(board, request, ResolvedHeuristic{});
}

}  // namespace npuzzle
