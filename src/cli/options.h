// Options every subcommand shares (docs/contract.md "Commands"), parsed with
// Boost.Program_options into plain structs.
#pragma once

#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <vector>

#include "batch/batch.h"
#include "search/registry.h"
#include "core/notation.h"
#include "io/reader.h"

namespace npuzzle::cli {

namespace po = boost::program_options;

// Thrown for a bad option value; main prints it and exits 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct CommonOptions {
  std::string goal;      // "" = from the file, else blank-last
  std::string notation;  // "" = the command's default
  std::string size;      // "" = deduce
  int threads = 0;
  bool help = false;
};

void add_common_options(po::options_description& desc, CommonOptions& common);

// --heuristic, --algorithm, --time-limit, --max-nodes, --memory-limit, --memory-budget.
struct SearchOptions {
  std::string heuristic = "auto";
  std::string pdb_dir;   // --pdb-dir; "" = $XDG_CACHE_HOME/npuzzle
  bool no_reflect = false;
  std::string algorithm = "ida";
  double weight = 1;
  std::string prune = "parent";
  int fsm_depth = 0;  // 0: the shape's default
  bool shorten = false;
  double bound_growth = 1;
  double time_limit = 0;
  // Whole numbers as typed: Boost would read "-1" as 2^64-1 into an unsigned.
  std::string max_nodes = "0";
  std::string memory_mib = "0";
  std::string budget_mib = "0";
  std::string inline_limit = std::to_string(kDefaultInlineLimit);
  std::string solution_dir;  // "" = the command's default
};
void add_search_options(po::options_description& desc, SearchOptions& search);
// --pdb-dir and --no-reflect alone (part of add_search_options).
void add_pdb_options(po::options_description& desc, SearchOptions& search);

// --pdb-dir and --no-reflect as table options.
TableOptions table_options(const SearchOptions& search);

// What solve, batch and render take from the shared options: the request
// (the engine's one type), the goal given on the command line, and how
// results are written.
struct RunOptions {
  SolveRequest request;               // its goal is set per input
  std::optional<Goal> goal_override;  // --goal; otherwise the input's `# goal:` or blank-last
  OutputOptions output;
};
// Turns the parsed strings into RunOptions; throws UsageError, with the
// engine's problems (search/request.h) in the CLI's words.
RunOptions make_run_options(const CommonOptions& common, const SearchOptions& search);

// How the CLI names the engine's options: "--weight", "--algorithm ida".
const Vocabulary& cli_vocabulary();
std::optional<Goal> goal_option(const CommonOptions& common);
std::optional<Notation> notation_option(const CommonOptions& common);
ReadOptions read_options(const CommonOptions& common);

// Parses `args` against `desc` (and positional names); throws po::error.
po::variables_map parse(const std::vector<std::string>& args, const po::options_description& desc,
                        const po::positional_options_description* positional = nullptr);

// Parses `args` against `visible` plus FILE... positional arguments, which
// go to `files`; throws po::error.
void parse_with_files(const std::vector<std::string>& args, const po::options_description& visible,
                      std::vector<std::string>& files);

// The command line as typed, for provenance.
std::string joined_command_line(const std::string& command, const std::vector<std::string>& args);

}  // namespace npuzzle::cli
