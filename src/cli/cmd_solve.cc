#include <oneapi/tbb/task_arena.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <functional>
#include <iostream>
#include <set>
#include <tuple>

#include "cli/commands.h"
#include "cli/inputs.h"
#include "cli/notices.h"
#include "cli/options.h"

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

// --format princeton prints at most this many tile numbers, boards times
// cells (about 30-90 MB of text): every board of a 30x30 phased solution
// would be 7e7 numbers, of a 1000x1000 one 3e15. Past it the puzzle is
// refused with a message; the moves themselves are what a person or a
// program wants there (--format text with --solution-dir, or render).
constexpr std::uint64_t kMaxPrincetonNumbers = 10'000'000;

// Princeton's Solver client: the count, then every board of the solution.
// False (nothing printed, the reason on standard error) when the boards
// would pass kMaxPrincetonNumbers.
bool print_princeton(const PuzzleRecord& record, const SolveResult& r) {
  if (r.status == Status::kUnsolvable) {
    std::printf("Unsolvable puzzle\n");
    return true;
  }
  if (r.status != Status::kOptimal && r.status != Status::kSolved) return true;
  const std::uint64_t boards = r.moves.size() + 1;
  const std::uint64_t cells = static_cast<std::uint64_t>(record.board->cells());
  if (boards > kMaxPrincetonNumbers / cells) {
    std::fprintf(stderr,
                 "%s: puzzle %s: not printed: its %llu moves make %llu boards of %llu cells, more than the %llu "
                 "numbers --format princeton prints; use --format text (with --solution-dir DIR for the moves) "
                 "or npuzzle render\n",
                 record_location(record).c_str(), record.id.c_str(), static_cast<unsigned long long>(r.moves.size()),
                 static_cast<unsigned long long>(boards), static_cast<unsigned long long>(cells),
                 static_cast<unsigned long long>(kMaxPrincetonNumbers));
    return false;
  }
  std::printf("Minimum number of moves = %lld\n", static_cast<long long>(r.length));
  Board board = *record.board;
  print_board(board);
  for (Direction d : r.moves) {
    std::printf("\n");
    board.move(d);
    print_board(board);
  }
  std::printf("\n");
  return true;
}

// False when a side file could not be written.
bool print_text(const PuzzleRecord& record, Goal goal, const SolveReport& report, const RunOptions& config) {
  const SolveResult& r = report.result;
  std::printf("puzzle %s (%s:%d): %s, goal %s\n", record.id.c_str(),
              display_name(record.source).c_str(), record.line,
              record.rows ? size_name(record.rows, record.cols).c_str() : "?", std::string(goal_name(goal)).c_str());
  std::printf("  status:    %s", std::string(status_name(r.status)).c_str());
  if (r.status == Status::kUnsolvable) {
    if (report.solvable_for) {
      const std::string other(goal_name(*report.solvable_for));
      std::printf(" (it is solvable for %s: --goal %s)", other.c_str(), other.c_str());
    }
  } else if (!report.explanation.empty()) {
    std::printf(" (%s)", report.explanation.c_str());
  } else if (!r.message.empty()) {
    std::printf(" (%s)", r.message.c_str());
  }
  std::printf("\n");
  if (r.status == Status::kInvalid || r.status == Status::kUnsupported) return true;
  if (r.status == Status::kOptimal || r.status == Status::kSolved) {
    std::printf("  length:    %lld moves\n", static_cast<long long>(r.length));
  } else if (r.lower_bound >= 0 && r.status != Status::kUnsolvable) {
    std::printf("  at least:  %lld moves (proven lower bound)\n", static_cast<long long>(r.lower_bound));
  }
  if (r.status != Status::kUnsolvable) {
    std::printf("  nodes:     %llu expanded, %llu generated\n", static_cast<unsigned long long>(r.expanded),
                static_cast<unsigned long long>(r.generated));
    std::printf("  time:      %.6f s (%s, %s, initial h %d)\n", r.seconds,
                std::string(algorithm_name(config.request.algorithm)).c_str(), report.heuristic.c_str(),
                r.initial_h);
  }
  if (r.status == Status::kOptimal || r.status == Status::kSolved) {
    if (r.moves.size() <= config.output.inline_limit) {
      const std::string moves = format_moves(r.moves, config.output.notation);
      std::printf("  solution:  %s\n", moves.empty() ? "(already solved)" : moves.c_str());
    } else if (config.output.solution_dir.empty()) {
      std::printf("  solution:  not printed: %llu moves, more than --inline-limit %llu (--solution-dir DIR writes "
                  "them to DIR/%s)\n",
                  static_cast<unsigned long long>(r.moves.size()),
                  static_cast<unsigned long long>(config.output.inline_limit), side_file_name(record.id).c_str());
    } else {
      std::string reference;
      if (std::string error = write_side_file(record.id, r.moves, config.output, &reference); !error.empty()) {
        std::printf("  solution:  not written: %s\n", error.c_str());
        return false;
      }
      std::printf("  solution:  %llu moves in %s\n", static_cast<unsigned long long>(r.moves.size()),
                  reference.substr(1).c_str());
    }
  }
  return true;
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
  std::string checkpoint;
  int intra_threads = 0;
  visible.add_options()("format", po::value(&format)->default_value("text"),
                        "text, or princeton: 'Minimum number of moves = N' and every board (refused past 10^7 printed "
                        "numbers, boards times cells)")(
      "checkpoint", po::value(&checkpoint),
      "FILE: IDA* writes its last completed bound and node counts there after every iteration (on "
      "--intra-threads 2 or more, also the subtrees of the running iteration done, every minute and when "
      "stopped) and, started again with the same puzzle and options, resumes from it (same length and node "
      "counts as one run); removed once solved; one puzzle per file (another puzzle's checkpoint is refused); "
      "IDA* only, on --intra-threads threads")(
      "intra-threads", po::value(&intra_threads)->default_value(0),
      "threads that search each puzzle together (parallel IDA*: every iteration's tree split into subtrees); "
      "0 = --threads (all cores), or 1 with --max-nodes. Every iteration's tree is split into subtrees in "
      "depth-first order; the length, moves and node counts are those of the one-thread search, the last "
      "iteration's included (the goal the one thread meets first wins; work after it is not counted). Only "
      "where a limit stops the search depends on timing: --max-nodes is checked against all threads' expansions "
      "together and may be passed by 65,536 per thread. Optimal IDA* only (not --weight, astar, phased)");
  parse_with_files(args, visible, files);
  if (common.help) {
    std::cout << visible << "\n";
    return kExitOk;
  }
  if (format != "text" && format != "princeton") throw UsageError("unknown format '" + format + "' (text or princeton)");
  if (intra_threads < 0) throw UsageError("--intra-threads must not be negative");
  RunOptions config = make_run_options(common, search);
  // A node limit split over threads stops where their timing has it: only when asked for.
  if (intra_threads == 0 && config.request.limits.max_nodes > 0) intra_threads = 1;
  if (intra_threads == 0) intra_threads = common.threads;
  if (intra_threads == 0) intra_threads = oneapi::tbb::this_task_arena::max_concurrency();
  config.request.intra_parallel = intra_threads > 1;
  // The searches' threads: the caller's arena, as parallel_ida_star.h expects.
  oneapi::tbb::task_arena arena(intra_threads);
  const ReadOptions read = read_options(common);
  if (files.empty()) files.push_back("-");

  int exit_code = kExitOk;
  bool first = true;
  std::set<std::tuple<int, int, Goal>> seen_shapes;  // auto's notice and the build step, once per shape
  const bool show_progress = isatty(STDERR_FILENO);
  const InputTally tally =
      for_each_puzzle(files, read, config.goal_override, "solve", [&](const PuzzleRecord& record, Goal goal) {
        SolveReport report;
        if (!record.board) {
          report.result.status = Status::kInvalid;
          std::fprintf(stderr, "%s\n", record.error.c_str());
        } else {
          // On a terminal, a long search shows where it is.
          SolveRequest request = config.request;
          request.goal = goal;
          request.checkpoint = checkpoint;
          if (show_progress) {
            request.limits.on_progress = [](const Progress& p) {
              std::fprintf(stderr, "\r  searching: bound %d, %.3g expanded, %.0f s   ", p.bound,
                           static_cast<double>(p.expanded), p.seconds);
            };
          }
          const Board& board = *record.board;
          const bool new_shape = seen_shapes.insert({board.rows(), board.cols(), goal}).second;
          if (new_shape && request.algorithm != Algorithm::kPhased) {
            // The build step: a named table set that is missing is built
            // before the first board of its shape is solved.
            try {
              const auto missing = tables_to_build(request.heuristic, board.rows(), board.cols(), goal, request.tables);
              if (!missing.empty()) {
                std::fprintf(stderr, "%s\n",
                             building_notice(request.heuristic.text, board.rows(), board.cols(), goal, missing).c_str());
                build_tables(request.heuristic, board.rows(), board.cols(), goal, request.tables);
              }
            } catch (const std::exception& e) {
              std::fprintf(stderr, "npuzzle: cannot build %s for %s %s boards: %s\n", request.heuristic.text.c_str(),
                           size_name(board.rows(), board.cols()).c_str(), std::string(goal_name(goal)).c_str(), e.what());
            }
          }
          arena.execute([&] { report = solve_checked(board, request, cli_vocabulary()); });
          if (show_progress && report.result.seconds >= 0.5) std::fprintf(stderr, "\r%60s\r", "");
          if (new_shape && report.auto_choice) {
            if (std::string notice = auto_notice(board.rows(), board.cols(), goal, *report.auto_choice); !notice.empty()) {
              std::fprintf(stderr, "%s\n", notice.c_str());
            }
          }
          if (report.resumed_at) {
            std::fprintf(stderr, "npuzzle: resumed from %s %s\n", checkpoint.c_str(), resume_description(report).c_str());
          }
          if (!report.checkpoint_warning.empty()) {
            std::fprintf(stderr, "npuzzle: warning: %s\n", report.checkpoint_warning.c_str());
          }
          const std::string where =
              record_location(record);
          const Status s = report.result.status;
          // The text format explains an unsolvable board itself.
          if (s == Status::kUnsolvable && format == "princeton") {
            std::fprintf(stderr, "%s: puzzle %s is %s\n", where.c_str(), record.id.c_str(),
                         report.explanation.c_str());
          } else if (s == Status::kInvalid || s == Status::kUnsupported) {
            std::fprintf(stderr, "%s: %s\n", where.c_str(), report.explanation.c_str());
          }
        }
        const Status s = report.result.status;
        if (s == Status::kInvalid || s == Status::kUnsupported || s == Status::kLimit) exit_code = kExitFailed;
        if (format == "princeton") {
          if (record.board && !print_princeton(record, report.result)) exit_code = kExitFailed;
        } else {
          if (!first) std::printf("\n");
          if (!print_text(record, goal, report, config)) exit_code = kExitFailed;
        }
        first = false;
        std::fflush(stdout);
      });
  return input_exit_code(tally, exit_code);
}

}  // namespace npuzzle::cli
