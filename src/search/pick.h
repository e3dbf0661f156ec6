// The search side of pick(A,B) (heuristics/pick.h): probe both heuristics
// on the board's first iterations, choose by their node counts, and go on
// with the chosen one from the bound it reached.
#pragma once

#include "core/board.h"
#include "heuristics/pick.h"
#include "search/request.h"
#include "search/result.h"

namespace npuzzle {

// Solves `board` with the pair, `request` being unweighted IDA* (the
// facade, search/solver.cc, checks that and the shape). The result is the
// chosen heuristic's as if it had searched alone (its moves and counts),
// with `picked` its label; its seconds are set by the caller. The request's
// limits hold for the whole: the time limit across the probes and the
// search, the node limit for each heuristic's own count, the cancel flag
// and progress throughout. Its on_iteration, on_partial and resume (a
// checkpoint's) apply to the chosen heuristic's search only: the probes
// run again on a resume, and choose the same.
SolveResult solve_picked(const Board& board, const SolveRequest& request, const HeuristicPair& pair);

}  // namespace npuzzle
