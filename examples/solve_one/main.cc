// Solves two boards through the engine's public API (search/engine.h): the
// heuristic is asked for by name, as a user types it ("auto" picks the
// strongest one ready for the board), and solve_checked() returns a
// solution it has already replayed. Replays it once more here, prints its
// length and moves (the blank's directions), and exits 1 if a board is not
// solved optimally.
#include <iostream>
#include <string>

#include "core/board.h"
#include "core/notation.h"
#include "core/replay.h"
#include "search/engine.h"

namespace {

bool solve_and_print(const std::string& name, const npuzzle::Board& board, npuzzle::Goal goal) {
  npuzzle::SolveRequest request;
  request.goal = goal;
  request.heuristic = *npuzzle::parse_heuristic_spec("linear-conflict");
  request.limits.seconds = 60;
  const npuzzle::SolveReport report = npuzzle::solve_checked(board, request);
  const npuzzle::SolveResult& result = report.result;
  if (result.status != npuzzle::Status::kOptimal) {
    std::cerr << name << ": " << npuzzle::status_name(result.status) << " " << report.explanation << "\n";
    return false;
  }
  const std::string error = npuzzle::check_solution(board, result.moves, goal);
  if (!error.empty() || result.length != static_cast<std::int64_t>(result.moves.size())) {
    std::cerr << name << ": the solution does not replay: " << error << "\n";
    return false;
  }
  std::cout << name << ": " << result.length << " moves, "
            << npuzzle::format_moves(result.moves, npuzzle::Notation::kBlank) << " (" << report.heuristic << ", "
            << result.expanded << " nodes expanded)\n";
  return true;
}

}  // namespace

int main() {
  // One of the two hardest 8-puzzles (31 moves), for the default goal 1 2 ... 8 0.
  const npuzzle::Board eight(3, 3, {8, 6, 7, 2, 5, 4, 3, 0, 1});
  // Korf's instance 12 (45 moves; datasets/korf100.txt), for his goal 0 1 ... 15.
  const npuzzle::Board korf12(4, 4, {14, 1, 9, 6, 4, 8, 12, 5, 7, 2, 3, 0, 10, 11, 13, 15});

  bool ok = solve_and_print("3x3", eight, npuzzle::Goal::kBlankLast);
  ok = solve_and_print("4x4 Korf #12", korf12, npuzzle::Goal::kBlankFirst) && ok;
  return ok ? 0 : 1;
}
