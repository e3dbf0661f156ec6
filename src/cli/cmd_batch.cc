#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "cli/commands.h"
#include "cli/options.h"
#include "cli/progress.h"
#include "cli/signals.h"

namespace npuzzle::cli {
namespace {

void print_summary(const BatchSummary& s) {
  auto n = [](std::uint64_t v) { return static_cast<unsigned long long>(v); };
  std::fprintf(stderr,
               "npuzzle batch: %llu puzzles (%llu solved now, %llu kept): %llu optimal, %llu solved, %llu unsolvable, "
               "%llu limit, %llu invalid; %llu expanded, %llu generated; %.3f s wall on %d threads, %.3g nodes/s\n",
               n(s.puzzles), n(s.solved_now), n(s.kept), n(s.count(Status::kOptimal)), n(s.count(Status::kSolved)),
               n(s.count(Status::kUnsolvable)), n(s.count(Status::kLimit)),
               n(s.count(Status::kInvalid) + s.count(Status::kUnsupported)), n(s.expanded), n(s.generated),
               s.wall_seconds, s.threads, s.wall_seconds > 0 ? static_cast<double>(s.expanded) / s.wall_seconds : 0.0);
}

// The one place a batch's outcome becomes an exit code (SPEC.md): 2 when
// the input or OUT could not be used or the input held no valid puzzle, 1
// for an output error or any invalid, unsupported or unfinished puzzle,
// 128+N after signal N, else 0.
int batch_exit_code(const BatchSummary& s, int signal) {
  if (!s.setup_error.empty()) return kExitUsage;
  if (!s.output_error.empty()) return kExitFailed;
  if (signal) return 128 + signal;
  if (!s.input_error.empty() || s.valid_puzzles == 0) return kExitUsage;
  const bool failed = s.count(Status::kInvalid) || s.count(Status::kUnsupported) || s.count(Status::kLimit);
  return failed ? kExitFailed : kExitOk;
}

}  // namespace

int run_batch_command(const std::vector<std::string>& args) {
  CommonOptions common;
  SearchOptions search;
  BatchConfig config;
  bool progress = false;
  bool no_progress = false;
  double grace_seconds = 10;
  bool no_tail = false;
  po::options_description desc("npuzzle batch -i IN -o OUT.csv: solve every puzzle of IN concurrently\noptions");
  desc.add_options()
      ("input,i", po::value(&config.input)->required(), "puzzle file ('-' = standard input)")
      ("output,o", po::value(&config.output)->required(), "CSV to write; provenance goes to OUT.csv.json")
      ("resume", po::bool_switch(&config.resume), "keep the complete rows already in OUT, solve only the rest")
      ("progress", po::bool_switch(&progress), "show progress (a bar on a terminal, log lines otherwise)")
      ("no-progress", po::bool_switch(&no_progress), "show no progress")
      ("grace", po::value(&grace_seconds)->default_value(10),
       "seconds that puzzles in flight may finish after SIGINT/SIGTERM")
      ("intra-threads", po::value(&config.intra_threads)->default_value(1),
       "threads that search each puzzle together (parallel IDA*, optimal IDA* only), with --threads / N puzzles "
       "in flight; 1 = one puzzle per thread. The CSV is the same (moves and node counts of the one-thread "
       "search), except with --max-nodes: the limit is then checked against all threads' expansions together "
       "and where a puzzle stops depends on timing")
      ("no-tail-parallel", po::bool_switch(&no_tail),
       "once the input is exhausted and fewer puzzles than threads are left, do not split the remaining "
       "puzzles' searches over the idle threads (the default does; either way the CSV is the same but for "
       "the seconds: parallel IDA* gives the one-thread search's moves and node counts; not with --max-nodes, "
       "where the tail is never split)");
  add_common_options(desc, common);
  add_search_options(desc, search);
  if (std::find(args.begin(), args.end(), "--help") != args.end() ||
      std::find(args.begin(), args.end(), "-h") != args.end()) {
    std::cout << desc << "\n";
    return kExitOk;
  }
  parse(args, desc);
  if (!(grace_seconds >= 0)) throw UsageError("--grace must not be negative");
  config.run = make_run_config(common, search);
  config.read = read_options(common);
  config.threads = common.threads;
  if (config.intra_threads < 1) throw UsageError("--intra-threads must be 1 or more");
  config.tail_parallel = !no_tail;
  config.command_line = joined_command_line("batch", args);
  ProgressReporter::Mode mode = ProgressReporter::Mode::kOff;
  if (!no_progress && isatty(STDERR_FILENO)) {
    mode = ProgressReporter::Mode::kBar;
  } else if (!no_progress && progress) {
    mode = ProgressReporter::Mode::kLog;
  }

  ProgressReporter reporter(mode);
  BatchControl control;
  BatchEvents events;
  events.message = [&reporter](const std::string& line) { reporter.print(line); };
  events.to_solve = [&reporter](std::optional<std::uint64_t> total) { reporter.start(total); };
  events.puzzle_done = [&reporter] { reporter.add_done(); };
  // From here to the return a signal or a broken pipe no longer kills the
  // process: the output is always left as a valid CSV with a summary.
  BatchInterrupts interrupts(control, grace_seconds, events.message);
  const BatchSummary summary = run_batch(config, control, events);
  int signal = interrupts.finish();
  // A signal after the batch had finished changed nothing: the run is complete.
  if (!summary.interrupted) signal = 0;
  reporter.stop();
  if (!summary.setup_error.empty()) {
    std::fprintf(stderr, "npuzzle: %s\n", summary.setup_error.c_str());
    return kExitUsage;
  }
  print_summary(summary);
  if (!summary.input_error.empty()) std::fprintf(stderr, "npuzzle: %s\n", summary.input_error.c_str());
  if (!summary.output_error.empty()) std::fprintf(stderr, "npuzzle: %s\n", summary.output_error.c_str());
  if (summary.puzzles == 0 && summary.input_error.empty()) {
    std::fprintf(stderr, "%s: no puzzles\n", display_name(config.input).c_str());
  }
  if (signal && summary.output_error.empty()) {
    if (summary.input_left && summary.unfinished == 0) {
      std::fprintf(stderr, "npuzzle: interrupted; the rest of %s is left for --resume\n", config.input.c_str());
    } else {
      std::fprintf(stderr, "npuzzle: interrupted; %llu puzzles left for --resume\n",
                   static_cast<unsigned long long>(summary.unfinished));
    }
  }
  return batch_exit_code(summary, signal);
}

}  // namespace npuzzle::cli
