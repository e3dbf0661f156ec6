// Shortening phased solutions by optimal sub-paths (search/shorten.h;
// results/phased.md): for each side n, uniformly random solvable n x n
// boards (blank-last goal), solved by the phased solver (with pair
// cancelling), then shortened; prints the lengths before and after, the
// saving, the time it took, and whether the result replays to the goal.
//
//   phased_shorten [-w WINDOW] [-c MAX_CELLS] [-n MAX_NODES] [N...]
//                               default: the ShortenOptions defaults; 10 30 100
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "core/replay.h"
#include "search/phased.h"
#include "search/shorten.h"
#include "tools/generate.h"

int main(int argc, char** argv) {
  std::vector<int> sides;
  npuzzle::ShortenOptions shorten;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 < argc && arg == "-w") {
      shorten.window = std::atoi(argv[++i]);
    } else if (i + 1 < argc && arg == "-c") {
      shorten.max_cells = std::atoi(argv[++i]);
    } else if (i + 1 < argc && arg == "-n") {
      shorten.max_nodes = std::strtoull(argv[++i], nullptr, 10);
    } else {
      sides.push_back(std::atoi(argv[i]));
    }
  }
  std::printf("window %d, max cells %d, max nodes %llu\n\n", shorten.window, shorten.max_cells,
              static_cast<unsigned long long>(shorten.max_nodes));
  if (sides.empty()) sides = {10, 30, 100};
  std::mt19937_64 rng(2024);
  std::printf("| n | boards | phased moves | shortened | saved | windows searched | replaced | solve s | shorten s | "
              "replays |\n|---|---|---|---|---|---|---|---|---|---|\n");
  for (int n : sides) {
    const int boards = n <= 10 ? 20 : n <= 30 ? 5 : 1;
    std::uint64_t before = 0, after = 0;
    npuzzle::ShortenStats stats;
    double solve_seconds = 0, shorten_seconds = 0;
    bool all_replay = true;
    for (int b = 0; b < boards; ++b) {
      const npuzzle::Board board = npuzzle::random_solvable(n, n, npuzzle::Goal::kBlankLast, rng);
      npuzzle::PhasedOptions options;
      const auto t0 = std::chrono::steady_clock::now();
      npuzzle::SolveResult r = npuzzle::solve_phased(board, options);
      const auto t1 = std::chrono::steady_clock::now();
      before += r.moves.size();
      npuzzle::shorten_by_windows(board, r.moves, shorten, &stats);
      const auto t2 = std::chrono::steady_clock::now();
      after += r.moves.size();
      solve_seconds += std::chrono::duration<double>(t1 - t0).count();
      shorten_seconds += std::chrono::duration<double>(t2 - t1).count();
      all_replay = all_replay && npuzzle::check_solution(board, r.moves, npuzzle::Goal::kBlankLast).empty();
    }
    std::printf("| %d | %d | %llu | %llu | %.2f%% | %llu | %llu | %.3f | %.3f | %s |\n", n, boards,
                static_cast<unsigned long long>(before), static_cast<unsigned long long>(after),
                100.0 * static_cast<double>(before - after) / static_cast<double>(before),
                static_cast<unsigned long long>(stats.windows), static_cast<unsigned long long>(stats.replaced),
                solve_seconds, shorten_seconds, all_replay ? "yes" : "NO");
    std::fflush(stdout);
  }
  return 0;
}
