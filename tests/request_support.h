// Requests for the tests that name a per-tile heuristic by its
// HeuristicKind (search_test, move_fsm_test ...): the SolveRequest that
// solves with it (search/request.h), and the kind back from a request, for
// evaluate() (heuristics/heuristic.h).
#pragma once

#include <stdexcept>
#include <string>

#include "heuristics/heuristic.h"
#include "search/request.h"

namespace npuzzle::testing {

inline SolveRequest request_for(Goal goal, Algorithm algorithm, HeuristicKind heuristic) {
  SolveRequest request;
  request.goal = goal;
  request.algorithm = algorithm;
  request.heuristic = heuristic_spec(heuristic_name(heuristic));
  return request;
}

// The per-tile heuristic a request names. Precondition: it names one.
inline HeuristicKind kind_of(const SolveRequest& request) {
  const auto kind = parse_heuristic(request.heuristic.text);
  if (!kind) throw std::invalid_argument("not a per-tile heuristic: " + request.heuristic.text);
  return *kind;
}

}  // namespace npuzzle::testing
