// The phased solver at scale (results/phased.md): for each side n, a uniformly
// random solvable n x n board, solved for both goals; prints the time to
// solve, the moves before and after cancelling inverse pairs, moves / n^3,
// and the time to replay the solution from the board (core/replay.h), each
// time as wall seconds and as this process's CPU seconds (the fairer figure
// on a shared machine).
//
//   phased_scale [N...]       default: 100 300 1000
#include <chrono>
#include <cstdio>
#include <ctime>
#include <cstdlib>
#include <random>
#include <vector>

#include "core/replay.h"
#include "core/solvability.h"
#include "search/phased.h"

namespace {

using npuzzle::Board;
using npuzzle::Goal;

double since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}
double cpu_since(std::clock_t t) { return static_cast<double>(std::clock() - t) / CLOCKS_PER_SEC; }

Board random_solvable(int n, Goal goal, std::mt19937_64& rng) {
  std::vector<std::uint32_t> tiles(static_cast<std::size_t>(n) * n);
  for (std::size_t i = 0; i < tiles.size(); ++i) tiles[i] = static_cast<std::uint32_t>(i);
  std::shuffle(tiles.begin(), tiles.end(), rng);
  Board board(n, n, tiles);
  if (!npuzzle::is_solvable(board, goal)) {
    const std::size_t a = tiles[0] == 0 ? 1 : 0;
    const std::size_t b = tiles[a + 1] == 0 ? a + 2 : a + 1;
    std::swap(tiles[a], tiles[b]);
    board = Board(n, n, std::move(tiles));
  }
  return board;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sides;
  for (int i = 1; i < argc; ++i) sides.push_back(std::atoi(argv[i]));
  if (sides.empty()) sides = {100, 300, 1000};
  std::mt19937_64 rng(2024);
  std::printf(
      "| n | goal | solve s | solve cpu s | raw moves | after pairs | cancelled | moves / n^3 | replay s | replay cpu s "
      "| replays |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (int n : sides) {
    for (Goal goal : {Goal::kBlankLast, Goal::kBlankFirst}) {
      const Board board = random_solvable(n, goal, rng);
      npuzzle::PhasedOptions options;
      options.goal = goal;
      npuzzle::PhasedStats stats;
      const auto t0 = std::chrono::steady_clock::now();
      const std::clock_t c0 = std::clock();
      const npuzzle::SolveResult r = npuzzle::solve_phased(board, options, &stats);
      const double solve_seconds = since(t0);
      const double solve_cpu = cpu_since(c0);
      const auto t1 = std::chrono::steady_clock::now();
      const std::clock_t c1 = std::clock();
      const std::string why = npuzzle::check_solution(board, r.moves, goal);
      const double replay_seconds = since(t1);
      const double replay_cpu = cpu_since(c1);
      const double cube = static_cast<double>(n) * n * n;
      std::printf("| %d | %s | %.2f | %.2f | %llu | %llu | %.2f%% | %.3f | %.2f | %.2f | %s |\n", n,
                  std::string(npuzzle::goal_name(goal)).c_str(), solve_seconds, solve_cpu,
                  static_cast<unsigned long long>(stats.raw_length), static_cast<unsigned long long>(r.moves.size()),
                  100.0 * static_cast<double>(stats.cancelled) / static_cast<double>(stats.raw_length),
                  static_cast<double>(r.moves.size()) / cube, replay_seconds, replay_cpu, why.empty() ? "yes" : why.c_str());
      std::fflush(stdout);
    }
  }
  return 0;
}
