// The engine's public API: one call that takes a board and a request
// (request.h) and returns a finished, checked answer. Every front end (the
// CLI's solve and batch, the game window, the renderer, Python, MPI) solves
// through here, so they all resolve heuristics, replay solutions and
// explain unsolvable boards the same way. Resolving only loads tables: a
// front end builds them first, as its own step (heuristics/registry.h:
// tables_to_build, build_tables).
//
//   SolveRequest request;
//   request.goal = Goal::kBlankFirst;
//   request.heuristic = heuristic_spec("auto");
//   request.limits.seconds = 10;            // also max_nodes, memory_bytes,
//   request.limits.cancel = &stop_flag;     // a std::atomic<bool> you may raise,
//   request.limits.on_progress = report;    // and a progress callback
//   SolveReport report = solve_checked(board, request);
//   // report.result.status, .length, .moves, .lower_bound, .expanded ...;
//   // report.heuristic (what was used), report.explanation (why not solved)
#pragma once

#include <optional>
#include <string>

#include "core/board.h"
#include "heuristics/registry.h"
#include "search/request.h"
#include "search/result.h"

namespace npuzzle {

struct SolveReport {
  SolveResult result;
  // The heuristic used, as the CSV names it ("pdb:663", "linear-conflict";
  // for pick(A,B), the one chosen for this board).
  std::string heuristic;
  // For auto: what it chose for this shape and goal, and the stronger
  // choices that need a build; the front end words the notice.
  std::optional<AutoChoice> auto_choice;
  // For a person, when the board was not solved: why ("unsolvable for the
  // blank-last goal (it is solvable for blank-first: --goal blank-first)",
  // the unsupported size, the limit hit, the table that could not be had),
  // in the vocabulary solve_checked was given.
  std::string explanation;
  std::optional<RequestProblem> problem;  // when the request does not fit the board
  std::optional<Goal> solvable_for;       // kUnsolvable: the other goal, when it solves the board
  // Set when the search resumed from request.checkpoint: the bound it began
  // at and, when the checkpoint was written during that iteration, how many
  // of its subtrees were searched already.
  std::optional<int> resumed_at;
  std::optional<std::size_t> resumed_subtrees;
  std::string checkpoint_warning;  // a checkpoint that could not be written, else empty
};

// "at bound B" or "at bound B (N of its subtrees already searched)": where a
// resumed search began, for messages.
std::string resume_description(const SolveReport& report);

// Resolves the heuristic for the board (loading, never building), solves,
// and replays every solution it reports: a solution that does not replay
// comes back as kInvalid with an "internal error" explanation, never as a
// result. Never throws for a valid board. Deterministic like solve().
SolveReport solve_checked(const Board& board, const SolveRequest& request,
                          const Vocabulary& vocabulary = neutral_vocabulary());
// The same with the heuristic resolved already for the board's shape and
// goal (a batch resolves once per shape): `resolution` as resolve_heuristic
// returned it.
SolveReport solve_checked(const Board& board, const SolveRequest& request, const Resolution& resolution,
                          const Vocabulary& vocabulary = neutral_vocabulary());

// "unsolvable for the G goal" and, when `other` is set, "(it is solvable
// for O: SETTING)" in the vocabulary.
std::string unsolvable_explanation(Goal goal, std::optional<Goal> other,
                                   const Vocabulary& vocabulary = neutral_vocabulary());

}  // namespace npuzzle
