// The 4x4 boards of a puzzle file, for the bench programs that measure an
// idea outside the engine (interleaved_ida, astar_dense); a malformed
// puzzle prints the reader's FILE:LINE message and exits 2.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/board.h"
#include "io/reader.h"

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
