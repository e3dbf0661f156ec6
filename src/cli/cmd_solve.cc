#include <unistd.h>

#include <cstdio>
#include <functional>
#include <iostream>

#include "cli/commands.h"
#include "cli/options.h"
#include "core/solvability.h"

namespace npuzzle::cli {
namespace {

void print_board(const Board& b) {
  if (b.rows() == b.cols()) {
    std::printf("%d\n", b.rows());
  } else {
    std::printf("%d %d\n", b.rows(), b.cols());
  }
  const int width = b.cells() > 100 ? static_cast<int>(std::to_string(b.cells() - 1).size()) : 2;
  for (int r = 0; r < b.rows(); ++r) {
    for (int c = 0; c < b.cols(); ++c) std::printf("%*u ", width, b.at(r, c));
    std::printf("\n");
  }
}

// Princeton's Solver client: the count, then every board of the solution.
void print_princeton(const PuzzleRecord& record, const Outcome& o) {
  if (o.result.status == Status::kUnsolvable) {
    std::printf("Unsolvable puzzle\n");
    return;
  }
  if (o.result.status != Status::kOptimal && o.result.status != Status::kSolved) return;
  std::printf("Minimum number of moves = %d\n", o.result.length);
  Board board = *record.board;
  print_board(board);
  for (Direction d : o.result.moves) {
    std::printf("\n");
    board.move(d);
    print_board(board);
  }
  std::printf("\n");
}

void print_text(const PuzzleRecord& record, Goal goal, const Outcome& o, const RunConfig& config) {
  const SolveResult& r = o.result;
  std::printf("puzzle %s (%s:%d): %s, goal %s\n", record.id.c_str(),
              record.source == "-" ? "<stdin>" : record.source.c_str(), record.line,
              record.rows ? size_name(record.rows, record.cols).c_str() : "?", std::string(goal_name(goal)).c_str());
  std::printf("  status:    %s", std::string(status_name(r.status)).c_str());
  if (r.status == Status::kUnsolvable) {
    const Goal other = goal == Goal::kBlankLast ? Goal::kBlankFirst : Goal::kBlankLast;
    if (is_solvable(*record.board, other)) {
      std::printf(" (it is solvable for the %s goal: try --goal %s)", std::string(goal_name(other)).c_str(),
                  std::string(goal_name(other)).c_str());
    }
  } else if (!r.message.empty()) {
    std::printf(" (%s)", r.message.c_str());
  }
  std::printf("\n");
  if (r.status == Status::kInvalid) return;
  if (r.status == Status::kOptimal || r.status == Status::kSolved) {
    std::printf("  length:    %d moves\n", r.length);
  } else if (r.lower_bound >= 0 && r.status != Status::kUnsolvable) {
    std::printf("  at least:  %d moves (proven lower bound)\n", r.lower_bound);
  }
  if (r.status != Status::kUnsolvable) {
    std::printf("  nodes:     %llu expanded, %llu generated\n", static_cast<unsigned long long>(r.expanded),
                static_cast<unsigned long long>(r.generated));
    std::printf("  time:      %.6f s (%s, %s, initial h %d)\n", r.seconds,
                std::string(algorithm_name(config.algorithm)).c_str(),
                o.row.heuristic.c_str(), r.initial_h);
  }
  if (r.status == Status::kOptimal || r.status == Status::kSolved) {
    std::printf("  solution:  %s\n", o.row.solution.empty() ? "(already solved)" : o.row.solution.c_str());
  }
}

}  // namespace

int run_solve(const std::vector<std::string>& args) {
  CommonOptions common;
  SearchOptions search;
  std::string format = "text";
  std::vector<std::string> files;
  po::options_description visible("npuzzle solve [FILE...]: solve each puzzle and print it\noptions");
  add_common_options(visible, common);
  add_search_options(visible, search);
  visible.add_options()("format", po::value(&format)->default_value("text"),
                        "text, or princeton: 'Minimum number of moves = N' and every board");
  po::options_description all;
  all.add(visible).add_options()("file", po::value(&files));
  po::positional_options_description positional;
  positional.add("file", -1);
  parse(args, all, &positional);
  if (common.help) {
    std::cout << visible << "\n";
    return kExitOk;
  }
  if (format != "text" && format != "princeton") throw UsageError("unknown format '" + format + "' (text or princeton)");
  const RunConfig config = make_run_config(common, search);
  const ReadOptions read = read_options(common);
  if (files.empty()) files.push_back("-");

  int exit_code = kExitOk;
  bool first = true;
  const bool show_progress = isatty(STDERR_FILENO);
  for (const std::string& path : files) {
    PuzzleFile file;
    try {
      file = read_puzzle_file(path, read);
    } catch (const InputError& e) {
      std::fprintf(stderr, "npuzzle solve: %s\n", e.what());
      exit_code = kExitUsage;
      continue;
    }
    const Goal goal = resolve_goal(config, file);
    for (const PuzzleRecord& record : file.puzzles) {
      // On a terminal, a long search shows where it is.
      std::function<void(const Progress&)> progress;
      if (show_progress) {
        progress = [](const Progress& p) {
          std::fprintf(stderr, "\r  searching: bound %d, %.3g expanded, %.0f s   ", p.bound,
                       static_cast<double>(p.expanded), p.seconds);
        };
      }
      const Outcome o = solve_puzzle(record, goal, config, nullptr, progress);
      if (show_progress && o.result.seconds >= 0.5) std::fprintf(stderr, "\r%60s\r", "");
      // The text format explains an unsolvable board itself.
      if (!o.notice.empty()) std::fprintf(stderr, "%s\n", o.notice.c_str());
      if (!o.error.empty() && (format == "princeton" || o.result.status != Status::kUnsolvable)) {
        std::fprintf(stderr, "%s\n", o.error.c_str());
      }
      if (o.result.status == Status::kInvalid || o.result.status == Status::kLimit) {
        if (exit_code == kExitOk) exit_code = kExitFailed;
      }
      if (format == "princeton") {
        print_princeton(record, o);
      } else {
        if (!first) std::printf("\n");
        print_text(record, goal, o, config);
      }
      first = false;
      std::fflush(stdout);
    }
  }
  return exit_code;
}

}  // namespace npuzzle::cli
