// One function per subcommand; each takes the arguments after its name and
// returns the exit code (0 success, 1 work ran but something failed, 2 usage
// or input error before any work).
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace npuzzle::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;

int run_solve(const std::vector<std::string>& args);
int run_batch_command(const std::vector<std::string>& args);
int run_gen(const std::vector<std::string>& args);
int run_verify(const std::vector<std::string>& args);
// npuzzle merge: the CSVs of batch --shard runs joined in input order (cmd_merge.cc).
int run_merge(const std::vector<std::string>& args);
int run_info(const std::vector<std::string>& args);
// npuzzle render: GIF, PNG or SVG pictures of a solution (cmd_render.cc).
int run_render(const std::vector<std::string>& args);
// npuzzle pdb build|info|verify|eval (cmd_pdb.cc).
int run_pdb(const std::vector<std::string>& args);

// Dispatches argv to a subcommand; catches usage errors.
int run_app(int argc, char** argv);

// Runs one subcommand's body: a usage error (po::error, UsageError) is
// printed as "npuzzle COMMAND: what" and is exit 2, running out of memory exit 1.
int run_guarded(const std::string& command, const std::function<int()>& body);

}  // namespace npuzzle::cli
