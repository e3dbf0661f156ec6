#include <cstdio>
#include <iostream>
#include <random>

#include "batch/provenance.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "core/ranking.h"
#include "core/solvability.h"
#include "tools/bfs.h"
#include "tools/generate.h"

namespace npuzzle::cli {
namespace {

void print_line(const std::string& id, const Board& b) {
  std::string line = id;
  for (std::uint32_t t : b.tiles()) {
    line.push_back(' ');
    line += std::to_string(t);
  }
  line += "\n";
  std::fputs(line.c_str(), stdout);
}

}  // namespace

int run_gen(const std::vector<std::string>& args) {
  CommonOptions common;
  std::uint64_t count = 1;
  std::uint64_t seed = 0;
  int walk = -1;
  int distance = -1;
  bool all = false;
  po::options_description desc(
      "npuzzle gen --size RxC [--count N] [--seed S] [--walk K | --distance D]: random solvable puzzles in the "
      "lines format, with IDs\noptions");
  desc.add_options()
      ("count", po::value(&count)->default_value(1), "how many puzzles (with --distance: at most this many; all when not given)")
      ("seed", po::value(&seed), "random seed (default: drawn, and printed in the header)")
      ("walk", po::value(&walk), "K-move random walks from the goal instead of uniform boards")
      ("distance", po::value(&distance), "every board exactly D moves from the goal, from an exhaustive BFS "
                                         "(boards of at most 10 cells)")
      ("all", po::bool_switch(&all), "every solvable board, in rank order (boards of at most 10 cells)");
  add_common_options(desc, common);
  const auto vm = parse(args, desc);
  if (common.help) {
    std::cout << desc << "\n";
    return kExitOk;
  }
  const ReadOptions size = read_options(common);
  if (size.rows == 0) throw UsageError("--size RxC is required");
  const Goal goal = goal_option(common).value_or(Goal::kBlankLast);
  if ((walk >= 0) + (distance >= 0) + all > 1) throw UsageError("--walk, --distance and --all exclude each other");
  if (!vm.count("seed")) seed = std::random_device{}();
  std::mt19937_64 rng(seed);

  std::printf("# npuzzle gen --size %s", size_name(size.rows, size.cols).c_str());
  if (all) {
    std::printf(" --all");
  } else if (distance >= 0) {
    std::printf(" --distance %d --count %llu", distance, static_cast<unsigned long long>(count));
  } else {
    std::printf(" --count %llu --seed %llu", static_cast<unsigned long long>(count),
                static_cast<unsigned long long>(seed));
    if (walk >= 0) std::printf(" --walk %d", walk);
  }
  std::printf(" --goal %s\n# npuzzle %s\n# goal: %s\n# size: %s\n", std::string(goal_name(goal)).c_str(),
              npuzzle_version().c_str(), std::string(goal_name(goal)).c_str(), size_name(size.rows, size.cols).c_str());

  if (distance >= 0 || all) {
    const int cells = size.rows * size.cols;
    if (cells > kMaxBfsCells) {
      throw UsageError("--distance and --all need a board of at most " + std::to_string(kMaxBfsCells) + " cells");
    }
    const std::vector<std::uint8_t> d = bfs_distances(size.rows, size.cols, goal);
    std::uint64_t written = 0;
    // With --distance, --count caps the list only when given.
    const bool capped = !all && count != 0 && !vm["count"].defaulted();
    for (std::uint64_t rank = 0; rank < d.size() && (!capped || written < count); ++rank) {
      if (all ? d[rank] == kUnreached : d[rank] != distance) continue;
      print_line(std::to_string(++written), Board(size.rows, size.cols, unrank_permutation(rank, cells)));
    }
    return kExitOk;
  }
  for (std::uint64_t i = 1; i <= count; ++i) {
    const Board b = walk >= 0 ? random_walk(size.rows, size.cols, goal, walk, rng)
                              : random_solvable(size.rows, size.cols, goal, rng);
    print_line(std::to_string(i), b);
  }
  return std::fflush(stdout) == 0 ? kExitOk : kExitFailed;
}

}  // namespace npuzzle::cli
