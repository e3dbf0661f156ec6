// Reading puzzles (docs/contract.md "Input formats"). The format is detected per
// file from its first data line: one or two numbers start a grid file
// (Princeton's "n then grid", or "R C then grid"), more start a lines file
// (one puzzle per line, "[ID] t1 ... tN", separated by spaces, tabs or
// commas). Comments start with '#'; the directives `# goal: blank-first|
// blank-last` and `# size: RxC` apply to the whole file and to the lines
// after them, respectively.
//
// A malformed puzzle becomes a record with an error "FILE:LINE: what"; the
// reader never throws for bad content and always goes on to the next
// puzzle. Every read is bounded, and checked before anything of that size is
// allocated: lines of at most kMaxLineBytes bytes and kMaxLineTokens tokens,
// boards of at most kMaxCells cells, numbers below kMaxCells, files of at
// most kMaxPuzzles puzzles and kMaxLines lines (past those the whole file is
// an InputError: nothing in it is solved).
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/board.h"

namespace npuzzle {

// The longest line read: the largest board in the lines format, 2^24 tiles
// of at most 8 digits and a separator each, takes about 151 MB.
inline constexpr std::size_t kMaxLineBytes = std::size_t{256} << 20;
// An ID and the tiles of the largest board.
inline constexpr std::size_t kMaxLineTokens = static_cast<std::size_t>(kMaxCells) + 1;
// A bound for the readers that hold a whole file (verify, --resume's rows):
// a file of 2^24 lines of junk stays within a few GB. The batch streams.
inline constexpr std::size_t kMaxPuzzles = std::size_t{1} << 24;
inline constexpr int kMaxLines = 2147483647;  // line numbers are int

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
  int rows = 0;  // the shape of the lines format; 0 = deduce from the token count
  int cols = 0;
  // How the caller's user gives a shape, for the message when a line's
  // count fits no square ("--size RxC" in the CLI); empty: not mentioned.
  std::string size_hint;
};

// Thrown when a file cannot be opened or read at all, or passes kMaxPuzzles
// or kMaxLines ("FILE:LINE: what").
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Reads puzzles one at a time, in bounded memory whatever the input's
// length: what the batch streams from, so a file of ten million lines
// starts solving at once.
//
//   PuzzleReader reader(path, read_options);
//   const Goal goal = effective_goal(goal_option, reader.declared_goal());
//   for (PuzzleRecord record; reader.next(record);) ...
class PuzzleReader {
 public:
  // Opens `path` ("-" is standard input). A regular file is first scanned
  // once (bounded memory) for its `# goal:` comment and its puzzle count.
  // Throws InputError when it cannot be opened or read.
  PuzzleReader(const std::string& path, const ReadOptions& options);
  // Reads `in` (not scanned ahead), naming it `name` in messages.
  PuzzleReader(std::istream& in, const std::string& name, const ReadOptions& options);
  ~PuzzleReader();
  PuzzleReader(PuzzleReader&&) noexcept;
  PuzzleReader& operator=(PuzzleReader&&) noexcept;

  // The next puzzle, valid or not; false at the end of the input. Throws
  // InputError on a read error or past kMaxPuzzles / kMaxLines.
  bool next(PuzzleRecord& record);

  // The goal the input's comments declare. For a regular file the whole
  // file's (known before the first puzzle); for standard input or a stream,
  // the last one read so far, so there a `# goal:` comment must come before
  // the puzzles it is meant for.
  std::optional<Goal> declared_goal() const;
  // How many puzzles a regular file in the lines format holds; else unknown.
  std::optional<std::uint64_t> expected_puzzles() const;
  std::uint64_t count() const;  // puzzles returned so far
  const std::string& path() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// The whole input at once (verify, info, tests): a PuzzleReader drained.
PuzzleFile read_puzzles(std::istream& in, const std::string& name, const ReadOptions& options);
// Opens `path` ("-" is standard input) and reads it.
PuzzleFile read_puzzle_file(const std::string& path, const ReadOptions& options);

// A path as messages name it: "-" is "<stdin>".
std::string display_name(const std::string& path);
// "FILE:LINE" of a record, for messages.
std::string record_location(const PuzzleRecord& record);

// The goal a puzzle is solved for: --goal when given, else the input's
// `# goal:` comment, else blank-last.
Goal effective_goal(std::optional<Goal> override_goal, std::optional<Goal> declared);

// Reads one line (without its '\n') of at most `max_bytes` bytes into
// `line`; the rest of a longer line is consumed and dropped, and *too_long
// set. Returns false at the end of the input. Memory is bounded by max_bytes
// whatever the input holds.
bool read_bounded_line(std::istream& in, std::string& line, std::size_t max_bytes, bool* too_long);

// Parses "RxC" (or "n", meaning n x n); nullopt if malformed or out of range.
std::optional<std::pair<int, int>> parse_size(const std::string& text);

}  // namespace npuzzle
