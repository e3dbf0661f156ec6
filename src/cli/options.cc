#include "cli/options.h"

#include <charconv>

namespace npuzzle::cli {
namespace {

// A whole number from 0 to `max` for option --NAME; throws UsageError.
std::uint64_t whole_number(const std::string& name, const std::string& text, std::uint64_t max) {
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value > max) {
    throw UsageError("--" + name + " takes a whole number from 0 to " + std::to_string(max) + ", not '" + text + "'");
  }
  return value;
}

}  // namespace

void add_common_options(po::options_description& desc, CommonOptions& common) {
  desc.add_options()
      ("goal", po::value(&common.goal), "goal convention: blank-last (1..N-1 0, the default) or blank-first "
                                        "(0 1..N-1); overrides a file's '# goal:' comment")
      ("notation", po::value(&common.notation), "move letters: blank (u d l r, the default), tile (U D L R) or vim (H J K L)")
      ("size", po::value(&common.size), "board shape RxC for the lines format (needed unless square)")
      ("threads", po::value(&common.threads)->default_value(0), "worker threads (0 = all cores)")
      ("help,h", po::bool_switch(&common.help), "show this help");
}

void add_search_options(po::options_description& desc, SearchOptions& search) {
  static const std::string heuristics_help = heuristic_help();
  static const std::string algorithm_help = describe_choices(algorithm_choices());
  desc.add_options()
      ("heuristic", po::value(&search.heuristic)->default_value("auto"), heuristics_help.c_str())
      ("algorithm", po::value(&search.algorithm)->default_value("ida"), algorithm_help.c_str())
      ("weight", po::value(&search.weight)->default_value(1),
       "W >= 1: weighted IDA*, or weighted A* with --algorithm astar (up to 25 cells), f = g + W*h: a solution "
       "at most W times the optimal length, status solved, with a proven lower bound; much faster on boards "
       "optimal search cannot finish. Measured (results/weighted.md): 4x4 near W = 1, --bound-growth 1.05 or "
       "astar; 5x5, W = 2 (astar: shorter solutions, ten times slower); W = 3 most 6x6 and 7x7 in about a "
       "second; on 8x8 and larger (Manhattan only) use --algorithm phased. 1 = optimal")
      ("bound-growth", po::value(&search.bound_growth)->default_value(1),
       "1 <= G <= W, weighted IDA*: each bound at least G times the last (inner weight W/G, still "
       "length <= W x optimal), so that near W = 1 the tree is not searched again for every tiny step "
       "(4x4, W = 1.2: G = 1.05 three times faster; larger G overshoots). 1 = the smallest steps")
      ("prune", po::value(&search.prune)->default_value("parent"),
       "IDA*'s duplicate-path pruning: parent (never undo the last move; the default, which reproduces "
       "published node counts) or fsm (a finite-state machine that also cuts equivalent move sequences up to "
       "--fsm-depth moves long, Taylor & Korf 1993: fewer nodes, the same optimal lengths)")
      ("fsm-depth", po::value(&search.fsm_depth)->default_value(0),
       "--prune fsm: the longest move sequences the machine compares, 2 to 14 (10 above 25 cells). Deeper "
       "cuts more nodes but takes longer to build, once per process: on 5x5, 12 in 0.6-0.9 s, 14 in 3.4-6 s and "
       "0.4 GB, for 11% fewer nodes and 4% less search (results/move_pruning.md). 0 = the shape's default: "
       "10 up to 16 cells, 12 up to 25, 8 above")
      ("shorten", po::bool_switch(&search.shorten),
       "phased only: replace windows of the solution by shortest sub-paths (search/shorten.h): 1-2% "
       "shorter at 10x10, under 0.2% from 30x30 on, about 0.1 microsecond a move")
      ("time-limit", po::value(&search.time_limit)->default_value(0), "seconds per puzzle (0 = none)")
      ("max-nodes", po::value(&search.max_nodes)->default_value("0"), "expanded nodes per puzzle (0 = none)")
      ("memory-limit", po::value(&search.memory_mib)->default_value("0"),
       "MiB for one A* search (0 = half the physical memory, shared by the batch's threads)")
      ("memory-budget", po::value(&search.budget_mib)->default_value("0"),
       "MiB for pattern databases and all A* searches together, checked before each large allocation "
       "(0 = the physical memory)")
      ("inline-limit", po::value(&search.inline_limit)->default_value(search.inline_limit),
       "solutions of more moves go to side files (--solution-dir) instead of the CSV cell or the screen")
      ("solution-dir", po::value(&search.solution_dir),
       "directory for those side files, one per puzzle, ID.moves (batch: default OUT.csv.moves; solve: none, "
       "long solutions are not printed)");
  add_pdb_options(desc, search);
}

void add_pdb_options(po::options_description& desc, SearchOptions& search) {
  desc.add_options()
      ("pdb-dir", po::value(&search.pdb_dir), "pattern database cache (default $XDG_CACHE_HOME/npuzzle)")
      ("no-reflect", po::bool_switch(&search.no_reflect), "PDBs without the diagonal reflection");
}

std::optional<Goal> goal_option(const CommonOptions& common) {
  if (common.goal.empty()) return std::nullopt;
  auto goal = parse_goal(common.goal);
  if (!goal) throw UsageError("unknown goal '" + common.goal + "' (expected blank-last or blank-first)");
  return goal;
}

std::optional<Notation> notation_option(const CommonOptions& common) {
  if (common.notation.empty()) return std::nullopt;
  auto n = parse_notation(common.notation);
  if (!n) throw UsageError("unknown notation '" + common.notation + "' (expected blank, tile or vim)");
  return n;
}

ReadOptions read_options(const CommonOptions& common) {
  ReadOptions r;
  r.size_hint = "--size RxC";
  if (!common.size.empty()) {
    auto size = parse_size(common.size);
    if (!size) throw UsageError("bad --size '" + common.size + "' (expected RxC with R, C >= 2, e.g. 3x4)");
    r.rows = size->first;
    r.cols = size->second;
  }
  return r;
}

TableOptions table_options(const SearchOptions& search) {
  TableOptions tables;
  tables.reflect = !search.no_reflect;
  tables.cache.dir = search.pdb_dir;
  return tables;
}

const Vocabulary& cli_vocabulary() {
  static const Vocabulary vocabulary{
      [](RequestOption option) -> std::string {
        switch (option) {
          case RequestOption::kGoal: return "--goal";
          case RequestOption::kAlgorithm: return "--algorithm";
          case RequestOption::kHeuristic: return "--heuristic";
          case RequestOption::kWeight: return "--weight";
          case RequestOption::kBoundGrowth: return "--bound-growth";
          case RequestOption::kPruning: return "--prune";
          case RequestOption::kFsmDepth: return "--fsm-depth";
          case RequestOption::kShorten: return "--shorten";
          case RequestOption::kTimeLimit: return "--time-limit";
          case RequestOption::kMaxNodes: return "--max-nodes";
          case RequestOption::kMemoryLimit: return "--memory-limit";
          case RequestOption::kMemoryBudget: return "--memory-budget";
          case RequestOption::kReflect: return "--no-reflect";
          case RequestOption::kSize: return "--size";
          case RequestOption::kNotation: return "--notation";
          case RequestOption::kResume: return "--resume";
          case RequestOption::kShard: return "--shard";
          case RequestOption::kThreads: return "--threads";
        }
        return "an option";
      },
      [](RequestOption option, std::string_view value) -> std::string {
        return cli_vocabulary().option(option) + " " + std::string(value);
      },
  };
  return vocabulary;
}

RunOptions make_run_options(const CommonOptions& common, const SearchOptions& search) {
  RunOptions run;
  SolveRequest& request = run.request;
  auto heuristic = parse_heuristic_spec(search.heuristic);
  if (!heuristic) throw UsageError("unknown heuristic '" + search.heuristic + "' (expected " + heuristic_names() + ")");
  auto algorithm = parse_algorithm(search.algorithm);
  if (!algorithm) {
    throw UsageError("unknown algorithm '" + search.algorithm + "' (expected " +
                     list_choice_names(algorithm_choices()) + ")");
  }
  if (!(search.time_limit >= 0)) throw UsageError("--time-limit must be a number of seconds, 0 or more");
  const auto pruning = parse_move_pruning(search.prune);
  if (!pruning) throw UsageError("unknown --prune '" + search.prune + "' (expected parent or fsm)");
  request.weight = search.weight;
  request.pruning = *pruning;
  request.fsm_depth = search.fsm_depth;
  request.shorten = search.shorten;
  request.bound_growth = search.bound_growth;
  request.heuristic = *heuristic;
  request.algorithm = *algorithm;
  // The engine's rules (search/request.h); the shape's own limits are checked per board.
  if (const auto problem = check_request(request)) throw UsageError(describe(*problem, cli_vocabulary()));
  request.tables = table_options(search);
  request.limits.seconds = search.time_limit;
  request.limits.max_nodes = whole_number("max-nodes", search.max_nodes, ~std::uint64_t{0});
  constexpr std::uint64_t kMaxMib = std::uint64_t{1} << 40;  // 1 EiB: larger values would overflow in bytes
  request.limits.memory_bytes = whole_number("memory-limit", search.memory_mib, kMaxMib) << 20;
  auto budget = std::make_shared<MemoryBudget>(whole_number("memory-budget", search.budget_mib, kMaxMib) << 20);
  budget->set_option_name(cli_vocabulary().option(RequestOption::kMemoryBudget));
  request.tables.cache.budget = budget;
  request.limits.memory_budget = budget.get();  // kept alive by request.tables.cache.budget
  run.output.inline_limit = whole_number("inline-limit", search.inline_limit, ~std::uint64_t{0});
  run.output.solution_dir = search.solution_dir;
  run.output.notation = notation_option(common).value_or(Notation::kBlank);
  run.goal_override = goal_option(common);
  if (common.threads < 0) throw UsageError("--threads must not be negative");
  return run;
}

po::variables_map parse(const std::vector<std::string>& args, const po::options_description& desc,
                        const po::positional_options_description* positional) {
  po::variables_map vm;
  auto parser = po::command_line_parser(args).options(desc);
  if (positional) {
    parser.positional(*positional);
  }
  po::store(parser.run(), vm);
  po::notify(vm);
  return vm;
}

void parse_with_files(const std::vector<std::string>& args, const po::options_description& visible,
                      std::vector<std::string>& files) {
  po::options_description all;
  all.add(visible).add_options()("file", po::value(&files));
  po::positional_options_description positional;
  positional.add("file", -1);
  parse(args, all, &positional);
}

std::string joined_command_line(const std::string& command, const std::vector<std::string>& args) {
  std::string line = "npuzzle " + command;
  for (const auto& a : args) line += " " + a;
  return line;
}

}  // namespace npuzzle::cli
