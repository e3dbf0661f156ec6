#include "search/engine.h"

#include "core/replay.h"
#include "core/solvability.h"
#include "heuristics/tile_tables.h"

namespace npuzzle {

std::string solvable_hint(Goal other) {
  const std::string name(goal_name(other));
  return "it is solvable for " + name + ": --goal " + name;
}

std::string unsolvable_explanation(Goal goal, std::optional<Goal> other) {
  std::string text = "unsolvable for the " + std::string(goal_name(goal)) + " goal";
  if (other) text += " (" + solvable_hint(*other) + ")";
  return text;
}

SolveReport solve_checked(const Board& board, const SolveRequest& request) {
  SolveReport report;
  SolveResult& result = report.result;
  // Resolved before anything else, so that even an unsolvable board's report
  // names the heuristic that auto picks for its shape (as the CSV row does).
  // The phased solver loads no table: its label is the heuristic of its lower bound.
  ResolvedHeuristic heuristic;
  if (request.algorithm == Algorithm::kPhased) {
    const bool conflicts_fit = board.rows() <= kMaxConflictLine && board.cols() <= kMaxConflictLine;
    heuristic.kind = conflicts_fit ? HeuristicKind::kLinearConflict : HeuristicKind::kManhattan;
    heuristic.label = std::string(heuristic_name(heuristic.kind));
  } else {
    heuristic = resolve_heuristic(request.heuristic, board.rows(), board.cols(), request.goal, request.tables);
  }
  report.heuristic = heuristic.label;
  report.notice = std::move(heuristic.notice);
  if (!heuristic.error.empty()) {
    result.status = Status::kUnsupported;
    result.message = heuristic.error;
    report.explanation = heuristic.error;
    return report;
  }
  if (!is_solvable(board, request.goal)) {
    const Goal other = request.goal == Goal::kBlankLast ? Goal::kBlankFirst : Goal::kBlankLast;
    if (is_solvable(board, other)) report.solvable_for = other;
    result.status = Status::kUnsolvable;
    report.explanation = unsolvable_explanation(request.goal, report.solvable_for);
    return report;
  }
  SolveOptions options;
  options.goal = request.goal;
  options.algorithm = request.algorithm;
  options.heuristic = heuristic.kind;
  options.pdb = std::move(heuristic.pdb);
  options.weight = request.weight;
  options.bound_growth = request.bound_growth;
  options.limits = request.limits;
  result = solve(board, options);
  if (result.status == Status::kOptimal || result.status == Status::kSolved) {
    if (std::string why = check_solution(board, result.moves, request.goal); !why.empty()) {
      result.status = Status::kInvalid;
      result.message = "internal error: the solution found does not replay: " + why;
    }
  }
  if (result.status != Status::kOptimal && result.status != Status::kSolved) report.explanation = result.message;
  return report;
}

}  // namespace npuzzle
