#include "search/request.h"

#include <cmath>

#include "core/packed_board.h"
#include "heuristics/pick.h"
#include "heuristics/tile_tables.h"
#include "search/phased.h"

// Set by the build for npuzzle_search (src/CMakeLists.txt): the largest
// board this build's kernels search (the web build's: 16 cells).
#ifndef NPUZZLE_MAX_KERNEL_CELLS
#define NPUZZLE_MAX_KERNEL_CELLS 64
#endif

namespace npuzzle {
namespace {

constexpr int kMaxOptimalCells = NPUZZLE_MAX_KERNEL_CELLS < kMaxSearchCells ? NPUZZLE_MAX_KERNEL_CELLS : kMaxSearchCells;
constexpr int kMaxAStarCells =
    NPUZZLE_MAX_KERNEL_CELLS < Packed128::kMaxCells ? NPUZZLE_MAX_KERNEL_CELLS : Packed128::kMaxCells;

}  // namespace

const Vocabulary& neutral_vocabulary() {
  static const Vocabulary vocabulary{
      [](RequestOption option) -> std::string {
        switch (option) {
          case RequestOption::kGoal: return "the goal";
          case RequestOption::kAlgorithm: return "the algorithm";
          case RequestOption::kHeuristic: return "the heuristic";
          case RequestOption::kWeight: return "the weight";
          case RequestOption::kBoundGrowth: return "the bound growth";
          case RequestOption::kPruning: return "the pruning";
          case RequestOption::kFsmDepth: return "the machine's depth";
          case RequestOption::kShorten: return "shortening";
          case RequestOption::kTimeLimit: return "the time limit";
          case RequestOption::kMaxNodes: return "the node limit";
          case RequestOption::kMemoryLimit: return "the memory limit";
          case RequestOption::kMemoryBudget: return "the memory budget";
          case RequestOption::kReflect: return "the reflection";
          case RequestOption::kSize: return "the size";
          case RequestOption::kNotation: return "the notation";
          case RequestOption::kResume: return "resuming";
          case RequestOption::kShard: return "the shard";
          case RequestOption::kThreads: return "the thread count";
        }
        return "an option";
      },
      [](RequestOption option, std::string_view value) -> std::string {
        switch (option) {
          case RequestOption::kAlgorithm: return "the " + std::string(value) + " algorithm";
          case RequestOption::kPruning: return std::string(value) + " pruning";
          case RequestOption::kGoal: return "the " + std::string(value) + " goal";
          default: return neutral_vocabulary().option(option) + " " + std::string(value);
        }
      },
  };
  return vocabulary;
}

std::optional<RequestProblem> check_request(const SolveRequest& r) {
  using Code = RequestProblem::Code;
  if (!(r.weight >= 1 && r.weight <= 1000)) return RequestProblem{Code::kWeightRange, 1, 1000, {}};
  if (r.weight > 1 && r.algorithm == Algorithm::kPhased) return RequestProblem{Code::kWeightWithPhased, 0, 0, {}};
  if (!(r.bound_growth >= 1 && r.bound_growth <= r.weight)) return RequestProblem{Code::kBoundGrowthRange, 1, r.weight, {}};
  if (r.bound_growth > 1 && r.algorithm != Algorithm::kIdaStar) return RequestProblem{Code::kBoundGrowthWithoutIda, 0, 0, {}};
  if (r.pruning == MovePruning::kFsm && (r.algorithm != Algorithm::kIdaStar || r.weight > 1)) {
    return RequestProblem{Code::kMachineWithoutPlainIda, 0, 0, {}};
  }
  if (r.heuristic.row == &PickRow::row() && (r.algorithm != Algorithm::kIdaStar || r.weight > 1)) {
    return RequestProblem{Code::kPickWithoutPlainIda, 0, 0, {}};
  }
  if (r.fsm_depth != 0) {
    if (r.pruning != MovePruning::kFsm) return RequestProblem{Code::kFsmDepthWithoutMachine, 0, 0, {}};
    // The shape's own limit (lower above 25 cells) is the board's check.
    if (r.fsm_depth < kMinFsmDepth || r.fsm_depth > kMaxFsmDepth) {
      return RequestProblem{Code::kFsmDepthRange, kMinFsmDepth, kMaxFsmDepth, {}};
    }
  }
  if (r.shorten && r.algorithm != Algorithm::kPhased) return RequestProblem{Code::kShortenWithoutPhased, 0, 0, {}};
  return std::nullopt;
}

std::optional<RequestProblem> check_request(const SolveRequest& r, int rows, int cols) {
  using Code = RequestProblem::Code;
  if (auto problem = check_request(r)) return problem;
  // The phased solver takes any board whose solution fits its move limit; it ignores the heuristic.
  if (r.algorithm == Algorithm::kPhased) {
    if (std::string why = phased_size_refusal(rows, cols); !why.empty()) {
      return RequestProblem{Code::kPhasedTooLarge, 0, 0, std::move(why)};
    }
    return std::nullopt;
  }
  const int cells = rows * cols;
  if (cells > kMaxOptimalCells) {
    return RequestProblem{Code::kTooManyCells, static_cast<double>(cells), kMaxOptimalCells, size_name(rows, cols)};
  }
  if (r.fsm_depth > max_fsm_depth(cells)) {
    return RequestProblem{Code::kFsmDepthRange, kMinFsmDepth, static_cast<double>(max_fsm_depth(cells)),
                          size_name(rows, cols)};
  }
  if (r.algorithm == Algorithm::kAStar && cells > kMaxAStarCells) {
    return RequestProblem{Code::kAStarTooManyCells, 0, kMaxAStarCells, {}};
  }
  if (std::string why = heuristic_size_problem(r.heuristic, rows, cols); !why.empty()) {
    return RequestProblem{Code::kHeuristicSize, 0, 0, std::move(why)};
  }
  return std::nullopt;
}

std::string describe(const RequestProblem& p, const Vocabulary& v) {
  using Code = RequestProblem::Code;
  using Option = RequestOption;
  const auto number = [](double x) {
    std::string text = std::to_string(x);
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
    return text;
  };
  switch (p.code) {
    case Code::kWeightRange:
      return v.option(Option::kWeight) + " must be from " + number(p.low) + " to " + number(p.high);
    case Code::kWeightWithPhased:
      return v.option(Option::kWeight) + " applies to " + v.setting(Option::kAlgorithm, "ida") + " and " +
             v.setting(Option::kAlgorithm, "astar") + " only";
    case Code::kBoundGrowthRange:
      return v.option(Option::kBoundGrowth) + " must be from 1 to " + v.option(Option::kWeight);
    case Code::kBoundGrowthWithoutIda:
      return v.option(Option::kBoundGrowth) + " applies to " + v.setting(Option::kAlgorithm, "ida") + " only";
    case Code::kMachineWithoutPlainIda:
      return v.setting(Option::kPruning, "fsm") + " applies to " + v.setting(Option::kAlgorithm, "ida") +
             " without " + v.option(Option::kWeight);
    case Code::kPickWithoutPlainIda:
      return v.option(Option::kHeuristic) + " pick(A,B) applies to " + v.setting(Option::kAlgorithm, "ida") +
             " without " + v.option(Option::kWeight);
    case Code::kFsmDepthWithoutMachine:
      return v.option(Option::kFsmDepth) + " applies to " + v.setting(Option::kPruning, "fsm") + " only";
    case Code::kFsmDepthRange:
      return v.option(Option::kFsmDepth) + " must be from " + number(p.low) + " to " + number(p.high) +
             (p.detail.empty() ? " (or 0, the shape's default)" : " on " + p.detail);
    case Code::kShortenWithoutPhased:
      return v.option(Option::kShorten) + " applies to " + v.setting(Option::kAlgorithm, "phased") + " only";
    case Code::kTooManyCells:
      return "optimal search supports boards of at most " + number(p.high) + " cells; " + p.detail + " has " + number(p.low) + " (" +
             v.setting(Option::kAlgorithm, "phased") + " solves any size, not optimally)";
    case Code::kAStarTooManyCells:
      return v.setting(Option::kAlgorithm, "astar") + " supports boards of at most " + number(p.high) + " cells";
    case Code::kHeuristicSize:
    case Code::kPhasedTooLarge: return p.detail;
  }
  return p.detail;
}

WeightFraction weight_fraction(double weight) {
  if (!(weight > 1)) return {};
  for (int den = 1; den <= 1000; ++den) {
    const double num = weight * den;
    if (std::abs(num - std::round(num)) < 1e-9) return {static_cast<int>(std::lround(num)), den};
  }
  return {std::max(1000, static_cast<int>(std::lround(weight * 1000))), 1000};
}

}  // namespace npuzzle
