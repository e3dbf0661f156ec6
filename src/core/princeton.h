// Princeton's Board API (COS 226 "8 Puzzle": Board.java) over npuzzle's
// Board, for people who know that assignment:
//
//   npuzzle::PrincetonBoard b({{8, 1, 3}, {4, 0, 2}, {7, 6, 5}});
//   b.hamming();     // 5
//   b.manhattan();   // 10
//   for (const PrincetonBoard& n : b.neighbors()) std::cout << n.to_string();
//
// The goal is Princeton's (1 2 ... N-1 then the blank) unless another is
// given; rectangles R x C are accepted too (size() is then the row count and
// to_string() starts with "R C", as the grid input format reads it).
// Complexities, N = cells: construction O(N); tile_at, size, rows, cols
// O(1); hamming, manhattan, is_goal, is_solvable, equality, to_string O(N)
// (Princeton asks for n^2 = N or better); neighbors O(N) per neighbour, at
// most four.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/board.h"

namespace npuzzle {

class PrincetonBoard {
 public:
  // Princeton's constructor: tiles[row][col], an n-by-n (or R x C) grid
  // holding 0..N-1 once each. Throws std::invalid_argument (saying what is
  // wrong, as Board::validate does) otherwise.
  explicit PrincetonBoard(const std::vector<std::vector<int>>& tiles, Goal goal = Goal::kBlankLast);
  explicit PrincetonBoard(Board board, Goal goal = Goal::kBlankLast);

  // The tile on (row, col), 0 for the blank. Precondition: inside the board.
  int tile_at(int row, int col) const { return static_cast<int>(board_.at(row, col)); }
  // The board's dimension n (for R x C, the row count R).
  int size() const { return board_.rows(); }
  int rows() const { return board_.rows(); }
  int cols() const { return board_.cols(); }

  // Tiles (not the blank) out of their goal cell.
  std::int64_t hamming() const;
  // Sum over the tiles (not the blank) of their Manhattan distance to their goal cell.
  std::int64_t manhattan() const;
  bool is_goal() const { return board_.is_solved(goal_); }
  // Whether the goal can be reached (core/solvability.h: O(N), cycle parity).
  bool is_solvable() const;
  // The boards one move away: the blank moved up, left, right or down, in
  // that order, each that stays on the board (two to four of them).
  std::vector<PrincetonBoard> neighbors() const;
  // Princeton's format: "n" (or "R C") on the first line, then each row,
  // every tile right-aligned in a field of at least two characters and
  // followed by a space, as Princeton's toString prints "%2d ".
  std::string to_string() const;

  // Same size, same tiles, same goal.
  bool operator==(const PrincetonBoard&) const = default;

  const Board& board() const { return board_; }
  Goal goal() const { return goal_; }

 private:
  Board board_;
  Goal goal_ = Goal::kBlankLast;
};

}  // namespace npuzzle
