#include <cstdio>
#include <iostream>

#include "cli/commands.h"
#include "cli/inputs.h"
#include "cli/notices.h"
#include "cli/options.h"
#include "core/solvability.h"
#include "heuristics/heuristic.h"
#include "heuristics/registry.h"

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
                        "the heuristic of the last column: any --heuristic name with tables, pdb:SPEC, zpdb:SPEC, "
                        "cat:NAME (built first if missing), auto (the table set --heuristic auto would use; never "
                        "built), or none");
  add_pdb_options(visible, search);
  parse_with_files(args, visible, files);
  if (common.help) {
    std::cout << visible << "\n";
    return kExitOk;
  }
  const ReadOptions read = read_options(common);
  const std::optional<Goal> goal_override = goal_option(common);
  if (files.empty()) files.push_back("-");
  int exit_code = kExitOk;
  const std::optional<HeuristicSpec> spec = pdb_spec == "none" ? std::nullopt : parse_heuristic_spec(pdb_spec);
  if (pdb_spec != "none" && (!spec || (!spec->is_auto() && !spec->row->missing_tables))) {
    throw UsageError("--pdb takes pdb:SPEC, zpdb:SPEC, cat:NAME, auto or none, not '" + pdb_spec + "'");
  }
  const TableOptions tables = table_options(search);
  // The table column: "VALUE SPEC", or "-" when there is none for the board.
  const auto pdb_column = [&](const Board& b, Goal goal) -> std::string {
    if (!spec) return "-";
    if (!spec->is_auto()) {
      const auto missing = tables_to_build(*spec, b.rows(), b.cols(), goal, tables);
      if (!missing.empty()) {
        std::fprintf(stderr, "%s\n", building_notice(spec->text, b.rows(), b.cols(), goal, missing).c_str());
        build_tables(*spec, b.rows(), b.cols(), goal, tables);
      }
    }
    const Resolution resolved = resolve_heuristic(*spec, b.rows(), b.cols(), goal, tables);
    if (!resolved.error.empty()) throw std::runtime_error(resolved.error);
    const HeuristicRow* row = resolved.heuristic.row;
    if (!row || !row->missing_tables || !is_solvable(b, goal)) return "-";
    return std::to_string(row->evaluate(resolved.heuristic, b)) + " " + resolved.heuristic.label;
  };
  std::printf("%-8s %-7s %-11s %-9s %10s %8s %10s %16s  %s\n", "id", "size", "goal", "solvable", "inversions",
              "hamming", "manhattan", "linear-conflict", "pdb");
  const InputTally tally = for_each_puzzle(files, read, goal_override, "info", [&](const PuzzleRecord& p, Goal goal) {
    if (!p.board) {
      std::fprintf(stderr, "%s\n", p.error.c_str());
      std::printf("%-8s %-7s %-11s %-9s\n", p.id.c_str(), "?", std::string(goal_name(goal)).c_str(), "invalid");
      exit_code = kExitFailed;
      return;
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
  });
  return input_exit_code(tally, exit_code);
}

}  // namespace npuzzle::cli
