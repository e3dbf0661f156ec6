#include <cstdio>
#include <cstring>
#include <exception>

#include "batch/provenance.h"
#include "cli/commands.h"
#include "cli/options.h"

namespace npuzzle::cli {
namespace {

constexpr const char* kUsage =
    "npuzzle: optimal solver for sliding-tile puzzles (8-, 15-, 24-puzzle, any R x C)\n"
    "\n"
    "usage: npuzzle COMMAND [OPTIONS] [ARGS]\n"
    "\n"
    "commands:\n"
    "  solve [FILE...]            solve each puzzle and print it (--format princeton for the\n"
    "                             Princeton client's output); no FILE or '-' reads standard input\n"
    "  batch -i IN -o OUT.csv     solve every puzzle of IN on all cores, write CSV + OUT.csv.json\n"
    "                             (--shard K/N: only the K-th of N parts of IN)\n"
    "  merge -o OUT.csv SHARD.csv... join the shards' CSVs into one, in input order\n"
    "  gen --size RxC --count N   uniformly random solvable puzzles (--walk K: K-move random walks;\n"
    "                             --distance D: every board at exactly D moves, up to 10 cells)\n"
    "  verify -i IN -r OUT.csv    replay every solution in OUT against its puzzle in IN\n"
    "  info [FILE...]             solvability, inversions and heuristic values of each puzzle\n"
    "  render -i IN -o OUT.gif    a picture of the solution: animated GIF, PNG of a board or a\n"
    "                             sheet of boards, or SVG (--moves STRING, or -r OUT.csv --id ID)\n"
    "  pdb build|info|verify|eval pattern databases: build SPEC (pdb:555, pdb:663, pdb:78,\n"
    "                             pdb:6666, pdb:3x4-65 and other rectangles, pdb:1,2,3/4,5,6...),\n"
    "                             inspect or check a file, evaluate\n"
    "\n"
    "'npuzzle COMMAND --help' lists a command's options.\n"
    "exit codes: 0 success, 1 the work ran but something failed (a verify mismatch, invalid or\n"
    "unfinished puzzles), 2 usage or input error before any work, 128+N interrupted by signal N.\n";

}  // namespace

int run_app(int argc, char** argv) {
  if (argc < 2) {
    std::fputs(kUsage, stderr);
    return kExitUsage;
  }
  const std::string command = argv[1];
  std::vector<std::string> args(argv + 2, argv + argc);
  if (command == "--help" || command == "-h" || command == "help") {
    std::fputs(kUsage, stdout);
    return kExitOk;
  }
  if (command == "--version" || command == "version") {
    std::printf("npuzzle %s (git %s)\n", npuzzle_version().c_str(), git_revision().c_str());
    return kExitOk;
  }
  return run_guarded(command, [&] {
    if (command == "solve") return run_solve(args);
    if (command == "batch") return run_batch_command(args);
    if (command == "gen") return run_gen(args);
    if (command == "verify") return run_verify(args);
    if (command == "merge") return run_merge(args);
    if (command == "info") return run_info(args);
    if (command == "pdb") return run_pdb(args);
    if (command == "render") return run_render(args);
    std::fprintf(stderr, "npuzzle: unknown command '%s'\n\n%s", command.c_str(), kUsage);
    return kExitUsage;
  });
}

int run_guarded(const std::string& command, const std::function<int()>& body) {
  try {
    return body();
  } catch (const po::error& e) {
    std::fprintf(stderr, "npuzzle %s: %s (see 'npuzzle %s --help')\n", command.c_str(), e.what(), command.c_str());
    return kExitUsage;
  } catch (const UsageError& e) {
    std::fprintf(stderr, "npuzzle %s: %s\n", command.c_str(), e.what());
    return kExitUsage;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "npuzzle %s: out of memory\n", command.c_str());
    return kExitFailed;
  }
}

}  // namespace npuzzle::cli
