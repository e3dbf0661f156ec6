// What the bench programs that measure an idea outside the engine
// (interleaved_ida, astar_dense, fiber_ida) share: the 4x4 board's moves, and the
// boards of a puzzle file (a malformed puzzle prints the reader's FILE:LINE
// message and exits 2), and the rows of a batch CSV to check counts against.
#pragma once

#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
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

inline std::vector<npuzzle::Board> read_boards(const std::string& path, int side = 4) {
  npuzzle::ReadOptions options;
  options.rows = side;
  options.cols = side;
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

// A row of a batch CSV (the columns id,rows,cols,status,length,lower_bound,
// expanded,generated,...), as far as these programs read it.
struct BatchRow {
  std::size_t index;  // id - 1
  int length;
  std::uint64_t generated;
};

inline std::vector<BatchRow> read_batch_rows(const std::string& path) {
  std::ifstream csv(path);
  std::string line;
  std::getline(csv, line);  // the header
  std::vector<BatchRow> rows;
  while (std::getline(csv, line)) {
    std::vector<std::string> f;
    std::istringstream ls(line);
    for (std::string cell; std::getline(ls, cell, ',');) f.push_back(cell);
    rows.push_back({std::stoul(f[0]) - 1, std::stoi(f[4]), std::stoull(f[7])});
  }
  return rows;
}
