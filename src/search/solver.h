// The search facade: solve one board with a request (request.h) and a
// heuristic resolved for its shape and goal (heuristics/registry.h). It
// checks the request against the board, picks the kernel once per board
// (kernel_dispatch.h) and runs it. Front ends call engine.h, which also
// resolves the heuristic, explains unsolvable boards and replays every
// solution; this header is for callers that hold tables themselves (tests,
// benchmarks).
//
//   SolveRequest request;
//   request.goal = Goal::kBlankFirst;
//   request.heuristic = heuristic_spec("linear-conflict");
//   SolveResult r = solve(board, request);
//   if (r.status == Status::kOptimal) ... r.moves ...
#pragma once

#include "core/board.h"
#include "heuristics/resolved.h"
#include "search/request.h"
#include "search/result.h"

namespace npuzzle {

// Solves `board` for request.goal with `heuristic`, which must be resolved
// for the board's shape and goal (else kUnsupported). Never throws for a
// well-formed board: unsolvable boards, unsupported requests and exhausted
// limits come back as a status (the message in neutral words).
// Deterministic: the same board and request give the same result and node
// counts on any thread (unless a time limit or cancel intervenes).
SolveResult solve(const Board& board, const SolveRequest& request, const ResolvedHeuristic& heuristic);

// The same, resolving request.heuristic first (loading tables, never
// building them: a table that is not built is kUnsupported).
SolveResult solve(const Board& board, const SolveRequest& request);

}  // namespace npuzzle
