#include "search/pick.h"

#include <algorithm>
#include <chrono>

#include "search/solver.h"

namespace npuzzle {

SolveResult solve_picked(const Board& board, const SolveRequest& request, const HeuristicPair& pair) {
  const auto start = std::chrono::steady_clock::now();
  // The request for one run: its limits less the time the runs before took,
  // with `expanded` of the heuristic's nodes counted already.
  const auto run_request = [&](std::uint64_t expanded) {
    SolveRequest run = request;
    SolveLimits& limits = run.limits;
    if (limits.seconds > 0) {
      const double used = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      limits.seconds = std::max(limits.seconds - used, 1e-6);
    }
    if (limits.max_nodes > 0) limits.max_nodes = limits.max_nodes > expanded ? limits.max_nodes - expanded : 1;
    return run;
  };
  const auto probe_request = [&] {
    SolveRequest run = run_request(0);
    run.limits.on_iteration = nullptr;
    run.limits.on_partial = nullptr;
    run.limits.resume.reset();
    return run;
  };
  const auto labelled = [](SolveResult result, const ResolvedHeuristic& heuristic) {
    result.picked = heuristic.label;
    return result;
  };

  // A, to the end of the iteration in which its count reaches the probe's.
  std::optional<IterationDone> first_at;
  SolveRequest run = probe_request();
  run.limits.stop_after_iteration = [&](const IterationDone& done) {
    if (done.expanded < pair.probe) return false;
    first_at = done;
    return true;
  };
  SolveResult first = solve(board, run, pair.first);
  if (!first_at) return labelled(std::move(first), pair.first);  // solved, or stopped by the request's limits

  // B, to the end of its first iteration at or above that bound.
  std::optional<IterationDone> second_at;
  run = probe_request();
  run.limits.stop_after_iteration = [&](const IterationDone& done) {
    if (done.bound < first_at->bound) return false;
    second_at = done;
    return true;
  };
  SolveResult second = solve(board, run, pair.second);
  if (!second_at) return labelled(std::move(second), pair.second);

  // B when its nodes, at their cost, are fewer than A's; then on from there.
  const bool take_second = static_cast<double>(second_at->expanded) * pair.cost < static_cast<double>(first_at->expanded);
  const ResolvedHeuristic& chosen = take_second ? pair.second : pair.first;
  const IterationDone& at = take_second ? *second_at : *first_at;
  // A checkpoint of the chosen search, from an earlier run, is further on
  // (and the node limit counts from it, as for any resume).
  const bool from_checkpoint = request.limits.resume && request.limits.resume->bound >= at.next_bound;
  run = run_request(from_checkpoint ? 0 : at.expanded);
  if (!from_checkpoint) run.limits.resume = ResumePoint{at.next_bound, at.expanded, at.generated, std::nullopt};
  return labelled(solve(board, run, chosen), chosen);
}

}  // namespace npuzzle
