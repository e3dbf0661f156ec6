#include <cstdio>
#include <iostream>

#include "batch/heuristic_choice.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "core/solvability.h"
#include "heuristics/heuristic.h"

namespace npuzzle::cli {

int run_info(const std::vector<std::string>& args) {
  CommonOptions common;
  SearchOptions search;
  std::vector<std::string> files;
  std::string pdb_spec = "auto";
  po::options_description visible(
      "npuzzle info [FILE...]: solvability, inversions and heuristic values of each puzzle\noptions");
  add_common_options(visible, common);
  visible.add_options()("pdb", po::value(&pdb_spec)->default_value("auto"),
                        "the pattern database of the last column: pdb:SPEC (built if missing), auto (the one "
                        "--heuristic auto would use; never built), or none");
  add_pdb_options(visible, search);
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
  if (pdb_spec != "auto" && pdb_spec != "none" && !pdb::is_pdb_spec(pdb_spec)) {
    throw UsageError("--pdb takes pdb:SPEC, auto or none, not '" + pdb_spec + "'");
  }
  pdb::AdditiveOptions pdb_options;
  pdb_options.reflect = !search.no_reflect;
  pdb_options.cache.dir = search.pdb_dir;
  // The PDB column: "VALUE SPEC", or "-" when there is none for the board.
  const auto pdb_column = [&](const Board& b, Goal goal) -> std::string {
    if (pdb_spec == "none") return "-";
    std::shared_ptr<const pdb::AdditivePdb> table;
    std::string label = pdb_spec;
    if (pdb_spec == "auto") {
      HeuristicChoice choice = choose_heuristic(b.rows(), b.cols(), goal, pdb_options);
      table = std::move(choice.pdb);
      label = choice.pdb_spec;
    } else {
      table = pdb::shared_additive(pdb_spec, b.rows(), b.cols(), goal, pdb_options);
    }
    if (!table || !is_solvable(b, goal)) return "-";
    return std::to_string(table->evaluate(b)) + " " + label + (pdb_options.reflect ? "" : "/no-reflect");
  };
  std::printf("%-8s %-7s %-11s %-9s %10s %8s %10s %16s  %s\n", "id", "size", "goal", "solvable", "inversions",
              "hamming", "manhattan", "linear-conflict", "pdb");
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
      std::string pdb_value;
      try {
        pdb_value = pdb_column(b, goal);
      } catch (const std::exception& e) {  // a bad spec for this board, or a bad table file
        std::fprintf(stderr, "npuzzle info: %s\n", e.what());
        pdb_value = "-";
        exit_code = kExitFailed;
      }
      std::printf("%-8s %-7s %-11s %-9s %10lld %8lld %10lld %16lld  %s\n", p.id.c_str(),
                  size_name(b.rows(), b.cols()).c_str(), std::string(goal_name(goal)).c_str(),
                  is_solvable(b, goal) ? "yes" : "no", static_cast<long long>(count_inversions(b)),
                  evaluate(b, goal, HeuristicKind::kHamming), evaluate(b, goal, HeuristicKind::kManhattan),
                  evaluate(b, goal, HeuristicKind::kLinearConflict), pdb_value.c_str());
    }
  }
  return exit_code;
}

}  // namespace npuzzle::cli
