#include "search/engine.h"

#include <cstdio>

#include "core/replay.h"
#include "core/solvability.h"
#include "heuristics/tile_tables.h"
#include "search/checkpoint.h"
#include "search/move_fsm.h"
#include "search/solver.h"

namespace npuzzle {

std::string unsolvable_explanation(Goal goal, std::optional<Goal> other, const Vocabulary& vocabulary) {
  std::string text = "unsolvable for the " + std::string(goal_name(goal)) + " goal";
  if (other) {
    const std::string name(goal_name(*other));
    text += " (it is solvable for " + name;
    // A front end says how to ask for it; the engine's own words need not.
    if (&vocabulary != &neutral_vocabulary()) text += ": " + vocabulary.setting(RequestOption::kGoal, name);
    text += ")";
  }
  return text;
}

std::string resume_description(const SolveReport& report) {
  std::string text = "at bound " + std::to_string(report.resumed_at.value_or(-1));
  if (report.resumed_subtrees) text += " (" + std::to_string(*report.resumed_subtrees) + " of its subtrees already searched)";
  return text;
}

SolveReport solve_checked(const Board& board, const SolveRequest& request, const Vocabulary& vocabulary) {
  // The phased solver loads no table; neither is a board the request does not fit.
  if (request.algorithm == Algorithm::kPhased || check_request(request, board.rows(), board.cols())) {
    return solve_checked(board, request, Resolution{}, vocabulary);
  }
  return solve_checked(board, request,
                       resolve_heuristic(request.heuristic, board.rows(), board.cols(), request.goal, request.tables),
                       vocabulary);
}

SolveReport solve_checked(const Board& board, const SolveRequest& request, const Resolution& resolution,
                          const Vocabulary& vocabulary) {
  SolveReport report;
  SolveResult& result = report.result;
  // The label comes first, so that even an unsolvable board's report names
  // the heuristic that auto picks for its shape (as the CSV row does). The
  // phased solver loads no table: its label is the heuristic of its lower bound.
  if (request.algorithm == Algorithm::kPhased) {
    const bool conflicts_fit = board.rows() <= kMaxConflictLine && board.cols() <= kMaxConflictLine;
    report.heuristic = conflicts_fit ? "linear-conflict" : "manhattan";
  } else {
    report.heuristic = resolution.heuristic.label.empty() ? request.heuristic.label(request.tables.reflect)
                                                          : resolution.heuristic.label;
    report.auto_choice = resolution.auto_choice;
  }
  if (request.algorithm != Algorithm::kPhased && !resolution.error.empty()) {
    result.status = Status::kUnsupported;
    result.message = resolution.error;
    report.explanation = resolution.error;
    return report;
  }
  if (!is_solvable(board, request.goal)) {
    const Goal other = request.goal == Goal::kBlankLast ? Goal::kBlankFirst : Goal::kBlankLast;
    if (is_solvable(board, other)) report.solvable_for = other;
    result.status = Status::kUnsolvable;
    report.explanation = unsolvable_explanation(request.goal, report.solvable_for, vocabulary);
    return report;
  }
  if (auto problem = check_request(request, board.rows(), board.cols())) {
    result.status = Status::kUnsupported;
    result.message = describe(*problem);
    report.explanation = describe(*problem, vocabulary);
    report.problem = std::move(problem);
    return report;
  }
  SolveRequest run = request;
  const bool checkpointed =
      !request.checkpoint.empty() && request.algorithm == Algorithm::kIdaStar && !(request.weight > 1);
  IdaCheckpoint ours;
  if (checkpointed) {
    ours.rows = board.rows();
    ours.cols = board.cols();
    ours.goal = request.goal;
    ours.tiles = board.tiles();
    ours.algorithm = std::string(algorithm_name(request.algorithm));
    ours.heuristic = report.heuristic;
    ours.prune = std::string(move_pruning_name(request.pruning));
    if (request.pruning == MovePruning::kFsm) ours.fsm_depth = resolved_fsm_depth(board.cells(), request.fsm_depth);
    std::string error;
    if (const auto saved = read_checkpoint(request.checkpoint, &error)) {
      error = checkpoint_mismatch(*saved, ours, vocabulary);
      if (!error.empty()) error = request.checkpoint + ": " + error + "; not resumed (remove it to start afresh)";
      if (error.empty()) {
        run.limits.resume = ResumePoint{saved->next_bound, saved->expanded, saved->generated, saved->partial};
        // Until this run completes an iteration, a checkpoint written during
        // the resumed one keeps what the saved run had completed (on_partial
        // sets the rest).
        ours.completed_bound = saved->completed_bound;
        report.resumed_at = saved->next_bound;
        if (saved->partial) report.resumed_subtrees = saved->partial->done.size();
      }
    }
    if (!error.empty()) {
      result.status = Status::kUnsupported;
      result.message = error;
      report.explanation = error;
      return report;
    }
    run.limits.on_iteration = [&](const IterationDone& done) {
      ours.completed_bound = done.bound;
      ours.next_bound = done.next_bound;
      ours.expanded = done.expanded;
      ours.generated = done.generated;
      if (std::string why = write_checkpoint(request.checkpoint, ours); !why.empty()) report.checkpoint_warning = why;
    };
    // From a searching thread, one call at a time, never beside on_iteration
    // (which runs between iterations): `ours` stays as the last completed
    // iteration left it.
    run.limits.on_partial = [&](const ResumePoint& point) {
      IdaCheckpoint during = ours;
      during.next_bound = point.bound;
      during.expanded = point.expanded;
      during.generated = point.generated;
      during.partial = point.partial;
      if (std::string why = write_checkpoint(request.checkpoint, during); !why.empty()) report.checkpoint_warning = why;
    };
  }
  result = solve(board, run, resolution.heuristic);
  if (!result.picked.empty()) report.heuristic = result.picked;  // pick(A,B): the one chosen for the board
  if (checkpointed && result.status != Status::kLimit && result.status != Status::kCancelled) {
    std::remove(request.checkpoint.c_str());  // answered: nothing left to resume
  }
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
