// The one read loop of the commands that take puzzle files (solve, info):
// each FILE ('-' = standard input) is streamed, and every puzzle, valid or
// not, is handed over with the goal it is solved for.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "io/reader.h"

namespace npuzzle::cli {

struct InputTally {
  std::uint64_t puzzles = 0;
  std::uint64_t valid = 0;
  bool unreadable = false;  // a file could not be opened or read, or passed a bound
  bool empty_file = false;  // a file held no puzzle
};

// Calls `each(record, goal)` for every puzzle of every file, in order. A
// file that cannot be read is reported as "npuzzle COMMAND: FILE: why", an
// empty one as "FILE: no puzzles"; both on standard error.
InputTally for_each_puzzle(const std::vector<std::string>& files, const ReadOptions& read,
                           std::optional<Goal> goal_override, const std::string& command,
                           const std::function<void(const PuzzleRecord&, Goal)>& each);

// docs/contract.md's exit code for what was read: 2 when a file was unreadable or no
// valid puzzle was found at all; else `work_code` (0, or 1 when something
// failed), and 1 rather than 0 when one of several files was empty.
int input_exit_code(const InputTally& tally, int work_code);

}  // namespace npuzzle::cli
