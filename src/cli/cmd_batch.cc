#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "cli/batch_command.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "cli/progress.h"
#include "cli/notices.h"
#include "cli/signals.h"

namespace npuzzle::cli {
namespace {

void print_summary(const BatchSummary& s, const ShardSpec& shard) {
  auto n = [](std::uint64_t v) { return static_cast<unsigned long long>(v); };
  const std::string part = shard.count > 1 ? " (shard " + shard.label() + ")" : "";
  std::fprintf(stderr,
               "npuzzle batch%s: %llu puzzles (%llu solved now, %llu kept): %llu optimal, %llu solved, %llu unsolvable, "
               "%llu limit, %llu invalid; %llu expanded, %llu generated; %.3f s wall on %d threads, %.3g nodes/s\n",
               part.c_str(), n(s.puzzles), n(s.solved_now), n(s.kept), n(s.count(Status::kOptimal)), n(s.count(Status::kSolved)),
               n(s.count(Status::kUnsolvable)), n(s.count(Status::kLimit)),
               n(s.count(Status::kInvalid) + s.count(Status::kUnsupported)), n(s.expanded), n(s.generated),
               s.wall_seconds, s.threads, s.wall_seconds > 0 ? static_cast<double>(s.expanded) / s.wall_seconds : 0.0);
}

}  // namespace

int batch_exit_code(const BatchSummary& s, int signal) {
  if (!s.setup_error.empty()) return kExitUsage;
  if (!s.output_error.empty()) return kExitFailed;
  if (signal) return 128 + signal;
  // A shard may hold no valid puzzle while others do: only an input without
  // any is an input error.
  if (!s.input_error.empty() || s.input_valid_puzzles == 0) return kExitUsage;
  const bool failed = s.count(Status::kInvalid) || s.count(Status::kUnsupported) || s.count(Status::kLimit);
  return failed ? kExitFailed : kExitOk;
}

BatchCommandLine parse_batch_command_line(const std::vector<std::string>& args, const std::string& program) {
  BatchCommandLine parsed;
  BatchConfig& config = parsed.config;
  CommonOptions common;
  SearchOptions search;
  bool progress = false;
  bool no_progress = false;
  std::string shard;
  bool no_tail = false;
  std::string format;
  po::options_description desc(program + " batch -i IN -o OUT.csv: solve every puzzle of IN concurrently\noptions");
  desc.add_options()
      ("input,i", po::value(&config.input)->required(), "puzzle file ('-' = standard input)")
      ("output,o", po::value(&config.output)->required(),
       "results to write, a CSV, or JSON Lines when OUT ends in .jsonl; provenance goes to OUT.json")
      ("format", po::value(&format), "csv or jsonl (JSON Lines: one object per row, the CSV's columns as keys); "
                                     "default: from OUT's name")
      ("resume", po::bool_switch(&config.resume), "keep the complete rows already in OUT, solve only the rest")
      ("checkpoints", po::bool_switch(&config.checkpoints),
       "IDA* checkpoints per puzzle in OUT.csv.checkpoints/ID.ckpt, written after every completed iteration "
       "(and, for a puzzle split over the threads, with the subtrees of the running iteration done, every "
       "minute and when stopped): with --resume, a puzzle cut off by Ctrl-C or a crash goes on from there")
      ("progress", po::bool_switch(&progress), "show progress (a bar on a terminal, log lines otherwise)")
      ("no-progress", po::bool_switch(&no_progress), "show no progress")
      ("grace", po::value(&parsed.grace_seconds)->default_value(10),
       "seconds that puzzles in flight may finish after SIGINT/SIGTERM")
      ("shard", po::value(&shard),
       "K/N: solve only the K-th of N parts of IN (record i, counting from 0 and every record, goes to part "
       "i mod N + 1); 'npuzzle merge' joins the parts' CSVs")
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
    std::ostringstream text;
    text << desc << "\n";
    parsed.help = text.str();
    return parsed;
  }
  parse(args, desc);
  if (!(parsed.grace_seconds >= 0)) throw UsageError("--grace must not be negative");
  RunOptions run = make_run_options(common, search);
  config.request = std::move(run.request);
  config.goal_override = run.goal_override;
  config.out = run.output;
  config.out.format = result_format_of(config.output);
  if (!format.empty()) {
    const auto chosen = parse_result_format(format);
    if (!chosen) throw UsageError("unknown --format '" + format + "' (expected csv or jsonl)");
    config.out.format = *chosen;
  }
  config.vocabulary = &cli_vocabulary();
  config.read = read_options(common);
  config.threads = common.threads;
  if (config.intra_threads < 1) throw UsageError("--intra-threads must be 1 or more");
  config.tail_parallel = !no_tail;
  config.command_line = joined_command_line("batch", args);
  if (program != "npuzzle") config.command_line = program + config.command_line.substr(7);
  if (!shard.empty()) {
    const auto spec = parse_shard(shard);
    if (!spec) throw UsageError("--shard takes K/N with whole numbers 1 <= K <= N, not '" + shard + "'");
    config.shard = *spec;
  }
  if (!no_progress && isatty(STDERR_FILENO)) {
    parsed.progress = ProgressReporter::Mode::kBar;
  } else if (!no_progress && progress) {
    parsed.progress = ProgressReporter::Mode::kLog;
  }
  return parsed;
}

int run_batch_command(const std::vector<std::string>& args) { return run_batch_command(args, "npuzzle", {}); }

int run_batch_command(const std::vector<std::string>& args, const std::string& program, const BatchRunner& runner) {
  BatchCommandLine parsed = parse_batch_command_line(args, program);
  if (!parsed.help.empty()) {
    std::cout << parsed.help;
    return kExitOk;
  }
  BatchConfig& config = parsed.config;
  config.runner = runner;
  const double grace_seconds = parsed.grace_seconds;
  const ProgressReporter::Mode mode = parsed.progress;

  ProgressReporter reporter(mode);
  BatchControl control;
  BatchEvents events;
  events.message = [&reporter](const std::string& line) { reporter.print(line); };
  events.note = [&reporter](const std::string& line) { reporter.print("npuzzle: " + line); };
  events.auto_chosen = [&reporter](int rows, int cols, Goal goal, const AutoChoice& choice) {
    if (std::string notice = auto_notice(rows, cols, goal, choice); !notice.empty()) reporter.print(notice);
  };
  events.building = [&reporter](const std::string& spec, int rows, int cols, Goal goal,
                                const std::vector<std::string>& tables) {
    reporter.print(building_notice(spec, rows, cols, goal, tables));
  };
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
  print_summary(summary, config.shard);
  if (!summary.input_error.empty()) std::fprintf(stderr, "npuzzle: %s\n", summary.input_error.c_str());
  if (!summary.output_error.empty()) std::fprintf(stderr, "npuzzle: %s\n", summary.output_error.c_str());
  if (summary.input_puzzles == 0 && summary.input_error.empty()) {
    std::fprintf(stderr, "%s: no puzzles\n", display_name(config.input).c_str());
  } else if (summary.puzzles == 0 && !summary.input_left && summary.input_error.empty()) {
    std::fprintf(stderr, "npuzzle: shard %s of %s holds no puzzles (the input has %llu)\n",
                 config.shard.label().c_str(), display_name(config.input).c_str(),
                 static_cast<unsigned long long>(summary.input_puzzles));
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
