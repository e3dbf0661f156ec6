#include <cerrno>
#include <cstdio>
#include <cstring>

#include "cli/commands.h"

int main(int argc, char** argv) {
  const int code = npuzzle::cli::run_app(argc, argv);
  // Output that never reached its destination (a full disk, a closed pipe) is a failure.
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::fprintf(stderr, "npuzzle: cannot write standard output: %s\n", std::strerror(errno));
    return npuzzle::cli::kExitFailed;
  }
  return code;
}
