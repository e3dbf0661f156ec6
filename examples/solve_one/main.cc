// Solves two boards through the engine's public API (search/solver.h),
// replays each solution and prints its length and moves (the blank's
// directions). Exits 1 if a board is not solved optimally or a solution does
// not replay to the goal.
#include <iostream>
#include <string>

#include "core/board.h"
#include "core/notation.h"
#include "search/replay.h"
#include "search/solver.h"

namespace {

bool solve_and_print(const std::string& name, const npuzzle::Board& board, npuzzle::Goal goal) {
  npuzzle::SolveOptions options;
  options.goal = goal;
  options.heuristic = npuzzle::HeuristicKind::kLinearConflict;
  const npuzzle::SolveResult result = npuzzle::solve(board, options);
  if (result.status != npuzzle::Status::kOptimal) {
    std::cerr << name << ": " << npuzzle::status_name(result.status) << " " << result.message << "\n";
    return false;
  }
  const std::string error = npuzzle::check_solution(board, result.moves, goal);
  if (!error.empty() || result.length != static_cast<int>(result.moves.size())) {
    std::cerr << name << ": the solution does not replay: " << error << "\n";
    return false;
  }
  std::cout << name << ": " << result.length << " moves, "
            << npuzzle::format_moves(result.moves, npuzzle::Notation::kBlank) << "\n";
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
