#include <cstdio>
#include <iostream>

#include "cli/commands.h"
#include "cli/options.h"
#include "core/solvability.h"
#include "heuristics/heuristic.h"

namespace npuzzle::cli {

int run_info(const std::vector<std::string>& args) {
  CommonOptions common;
  std::vector<std::string> files;
  po::options_description visible(
      "npuzzle info [FILE...]: solvability, inversions and heuristic values of each puzzle\noptions");
  add_common_options(visible, common);
  po::options_description all;
  all.add(visible).add_options()("file", po::value(&files));
  po::positional_options_description positional;
  positional.add("file", -1);
  parse(args, all, &positional);
  if (common.help) {
    std::cout << visible << "\n";
    return kExitOk;
  }
  const ReadOptions read = read_options(common);
  const std::optional<Goal> goal_override = goal_option(common);
  if (files.empty()) files.push_back("-");
  int exit_code = kExitOk;
  std::printf("%-8s %-7s %-11s %-9s %10s %8s %10s %16s\n", "id", "size", "goal", "solvable", "inversions", "hamming",
              "manhattan", "linear-conflict");
  for (const std::string& path : files) {
    PuzzleFile file;
    try {
      file = read_puzzle_file(path, read);
    } catch (const InputError& e) {
      std::fprintf(stderr, "npuzzle info: %s\n", e.what());
      exit_code = kExitUsage;
      continue;
    }
    const Goal goal = goal_override.value_or(file.declared_goal.value_or(Goal::kBlankLast));
    for (const PuzzleRecord& p : file.puzzles) {
      if (!p.board) {
        std::fprintf(stderr, "%s\n", p.error.c_str());
        std::printf("%-8s %-7s %-11s %-9s\n", p.id.c_str(), "?", std::string(goal_name(goal)).c_str(), "invalid");
        if (exit_code == kExitOk) exit_code = kExitFailed;
        continue;
      }
      const Board& b = *p.board;
      std::printf("%-8s %-7s %-11s %-9s %10lld %8lld %10lld %16lld\n", p.id.c_str(),
                  size_name(b.rows(), b.cols()).c_str(), std::string(goal_name(goal)).c_str(),
                  is_solvable(b, goal) ? "yes" : "no", static_cast<long long>(count_inversions(b)),
                  evaluate(b, goal, HeuristicKind::kHamming), evaluate(b, goal, HeuristicKind::kManhattan),
                  evaluate(b, goal, HeuristicKind::kLinearConflict));
    }
  }
  return exit_code;
}

}  // namespace npuzzle::cli
