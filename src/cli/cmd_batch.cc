#include <unistd.h>

#include <algorithm>
#include <iostream>

#include "cli/commands.h"
#include "cli/options.h"

namespace npuzzle::cli {

int run_batch_command(const std::vector<std::string>& args) {
  CommonOptions common;
  SearchOptions search;
  BatchConfig config;
  bool progress = false;
  bool no_progress = false;
  po::options_description desc("npuzzle batch -i IN -o OUT.csv: solve every puzzle of IN concurrently\noptions");
  desc.add_options()
      ("input,i", po::value(&config.input)->required(), "puzzle file ('-' = standard input)")
      ("output,o", po::value(&config.output)->required(), "CSV to write; provenance goes to OUT.csv.json")
      ("resume", po::bool_switch(&config.resume), "keep the complete rows already in OUT, solve only the rest")
      ("progress", po::bool_switch(&progress), "show progress (a bar on a terminal, log lines otherwise)")
      ("no-progress", po::bool_switch(&no_progress), "show no progress")
      ("grace", po::value(&config.grace_seconds)->default_value(10),
       "seconds that puzzles in flight may finish after SIGINT/SIGTERM");
  add_common_options(desc, common);
  add_search_options(desc, search);
  if (std::find(args.begin(), args.end(), "--help") != args.end() ||
      std::find(args.begin(), args.end(), "-h") != args.end()) {
    std::cout << desc << "\n";
    return kExitOk;
  }
  parse(args, desc);
  if (!(config.grace_seconds >= 0)) throw UsageError("--grace must not be negative");
  config.run = make_run_config(common, search);
  config.read = read_options(common);
  config.threads = common.threads;
  config.command_line = joined_command_line("batch", args);
  if (no_progress) {
    config.progress = ProgressReporter::Mode::kOff;
  } else if (isatty(STDERR_FILENO)) {
    config.progress = ProgressReporter::Mode::kBar;
  } else {
    config.progress = progress ? ProgressReporter::Mode::kLog : ProgressReporter::Mode::kOff;
  }
  return run_batch(config);
}

}  // namespace npuzzle::cli
