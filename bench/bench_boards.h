// What the bench programs that measure an idea outside the engine
// (interleaved_ida, astar_dense) share: the 4x4 board's moves, and the
// boards of a puzzle file (a malformed puzzle prints the reader's FILE:LINE
// message and exits 2).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/board.h"
#include "io/reader.h"

constexpr int kCols = 4;
constexpr int kCells = 16;
// Burns's order: up, left, right, down, as cell offsets.
constexpr int kOffset[4] = {-kCols, -1, 1, kCols};

// Whether the blank on `blank` has a neighbour in direction i of kOffset.
inline bool has_neighbour(int blank, int i) {
  switch (i) {
    case 0: return blank >= kCols;
    case 1: return blank % kCols > 0;
    case 2: return blank % kCols < kCols - 1;
    default: return blank < kCells - kCols;
  }
}

inline std::vector<npuzzle::Board> read_boards(const std::string& path) {
  npuzzle::ReadOptions options;
  options.rows = 4;
  options.cols = 4;
  std::vector<npuzzle::Board> boards;
  for (const npuzzle::PuzzleRecord& record : npuzzle::read_puzzle_file(path, options).puzzles) {
    if (!record.board) {
      std::fprintf(stderr, "%s\n", record.error.c_str());
      std::exit(2);
    }
    boards.push_back(*record.board);
  }
  return boards;
}
