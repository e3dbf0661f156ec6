// Princeton's Board API (core/princeton.h) from the installed package: the
// assignment's example board, its distances, its neighbours, and a greedy
// walk that always takes the neighbour of least Manhattan distance (a
// toy, not a solver: it stops when no neighbour improves). Exits 1 if the
// values differ from the ones Princeton's assignment gives.
#include <iostream>

#include "core/princeton.h"

int main() {
  const npuzzle::PrincetonBoard board({{8, 1, 3}, {4, 0, 2}, {7, 6, 5}});
  std::cout << board.to_string() << "hamming " << board.hamming() << ", manhattan " << board.manhattan()
            << ", solvable " << (board.is_solvable() ? "yes" : "no") << ", size " << board.size() << "\n";
  std::cout << "neighbors:\n";
  for (const npuzzle::PrincetonBoard& n : board.neighbors()) std::cout << n.to_string();

  npuzzle::PrincetonBoard walk = board;
  int steps = 0;
  for (bool improved = true; improved && !walk.is_goal();) {
    improved = false;
    for (const npuzzle::PrincetonBoard& n : walk.neighbors()) {
      if (n.manhattan() < walk.manhattan()) {
        walk = n;
        improved = true;
        ++steps;
        break;
      }
    }
  }
  std::cout << "greedy walk: " << steps << " moves to manhattan " << walk.manhattan()
            << (walk.is_goal() ? " (the goal)" : "") << ", tile_at(0, 0) = " << walk.tile_at(0, 0) << "\n";
  return board.hamming() == 5 && board.manhattan() == 10 && board.neighbors().size() == 4 ? 0 : 1;
}
