// Reading puzzles (SPEC.md "Input formats"). The format is detected per
// file from its first data line: one or two numbers start a grid file
// (Princeton's "n then grid", or "R C then grid"), more start a lines file
// (one puzzle per line, "[ID] t1 ... tN", separated by spaces, tabs or
// commas). Comments start with '#'; the directives `# goal: blank-first|
// blank-last` and `# size: RxC` apply to the whole file and to the lines
// after them, respectively.
//
// A malformed puzzle becomes a record with an error "FILE:LINE: what"; the
// reader never throws for bad content and always goes on to the next
// puzzle. Every read is bounded: lines of at most kMaxLineBytes, boards of
// at most kMaxCells cells, checked before anything of that size is allocated.
#pragma once

#include <cstdint>
#include <istream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/board.h"

namespace npuzzle {

inline constexpr std::size_t kMaxLineBytes = std::size_t{64} << 20;

struct PuzzleRecord {
  std::string id;
  std::string source;  // the file's name as given ("-" reads as <stdin>)
  int line = 0;        // the puzzle's first line, 1-based
  int rows = 0;        // 0 when the shape could not be read
  int cols = 0;
  std::optional<Board> board;  // absent for a malformed puzzle
  std::string error;           // "FILE:LINE: what is wrong" when malformed
};

struct PuzzleFile {
  std::vector<PuzzleRecord> puzzles;
  std::optional<Goal> declared_goal;  // from a `# goal:` comment
};

struct ReadOptions {
  int rows = 0;  // --size RxC; 0 = deduce from the token count
  int cols = 0;
};

// Thrown only when a file cannot be opened or read at all.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

PuzzleFile read_puzzles(std::istream& in, const std::string& name, const ReadOptions& options);
// Opens `path` ("-" is standard input) and reads it.
PuzzleFile read_puzzle_file(const std::string& path, const ReadOptions& options);

// Parses "RxC" (or "n", meaning n x n); nullopt if malformed or out of range.
std::optional<std::pair<int, int>> parse_size(const std::string& text);

}  // namespace npuzzle
