#include "cli/inputs.h"

#include <cstdio>

#include "cli/commands.h"

namespace npuzzle::cli {

InputTally for_each_puzzle(const std::vector<std::string>& files, const ReadOptions& read,
                           std::optional<Goal> goal_override, const std::string& command,
                           const std::function<void(const PuzzleRecord&, Goal)>& each) {
  InputTally tally;
  for (const std::string& path : files) {
    std::uint64_t in_file = 0;
    try {
      PuzzleReader reader(path, read);
      for (PuzzleRecord record; reader.next(record);) {
        ++in_file;
        ++tally.puzzles;
        if (record.board) ++tally.valid;
        each(record, effective_goal(goal_override, reader.declared_goal()));
      }
    } catch (const InputError& e) {
      std::fprintf(stderr, "npuzzle %s: %s\n", command.c_str(), e.what());
      tally.unreadable = true;
      continue;
    }
    if (in_file == 0) {
      std::fprintf(stderr, "%s: no puzzles\n", display_name(path).c_str());
      tally.empty_file = true;
    }
  }
  return tally;
}

int input_exit_code(const InputTally& tally, int work_code) {
  if (tally.unreadable || tally.valid == 0) return kExitUsage;
  return tally.empty_file && work_code == kExitOk ? kExitFailed : work_code;
}

}  // namespace npuzzle::cli
