// Each IDA* iteration's counts for one heuristic, on the boards of a
// dataset, up to a node limit: what the early iterations say about the
// whole search (issue 40: choosing a heuristic per board from its first
// iterations, results/korf24_levers.md).
//
// Usage: iteration_counts FILE SPEC MAX_NODES [PRUNE] [IDS...]
//   FILE: "ID t0 t1 ..." lines, '#' comments, as datasets/korf50_24.txt;
//   SPEC: a heuristic spec (zpdb:6666, cat:small, ...), its tables built;
//   MAX_NODES: the expansions after which a board's search stops;
//   PRUNE: fsm (default) or parent; IDS: only these boards.
// Prints CSV: id,heuristic,bound,next_bound,expanded,generated,seconds, one
// row per completed iteration (expanded and generated cumulative, as the
// engine reports them; seconds since the board's search began), on all
// cores (the counts are the serial kernel's).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "search/engine.h"
#include "search/move_fsm.h"
#include "search/request.h"

int main(int argc, char** argv) {
  using namespace npuzzle;
  if (argc < 4) {
    std::fprintf(stderr, "usage: iteration_counts FILE SPEC MAX_NODES [PRUNE] [IDS...]\n");
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::fprintf(stderr, "iteration_counts: cannot read %s\n", argv[1]);
    return 2;
  }
  const std::string spec = argv[2];
  const std::uint64_t max_nodes = std::strtoull(argv[3], nullptr, 10);
  const std::string prune = argc > 4 ? argv[4] : "fsm";
  std::set<std::string> ids;
  for (int i = 5; i < argc; ++i) ids.insert(argv[i]);
  const auto parsed = parse_heuristic_spec(spec);
  const auto pruning = parse_move_pruning(prune);
  if (!parsed || !pruning) {
    std::fprintf(stderr, "iteration_counts: unknown heuristic '%s' or pruning '%s'\n", spec.c_str(), prune.c_str());
    return 2;
  }
  std::printf("id,heuristic,bound,next_bound,expanded,generated,seconds\n");
  // Resolved once per side, as a batch resolves once per shape: the tables
  // are read once, not per board.
  std::optional<Resolution> resolution;
  int resolved_side = 0;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string id;
    fields >> id;
    if (!ids.empty() && !ids.count(id)) continue;
    std::vector<std::uint32_t> tiles;
    for (std::uint32_t t; fields >> t;) tiles.push_back(t);
    const int side = static_cast<int>(std::lround(std::sqrt(static_cast<double>(tiles.size()))));
    const Board board(side, side, tiles);
    SolveRequest request;
    request.goal = Goal::kBlankFirst;
    request.heuristic = *parsed;
    request.pruning = *pruning;
    request.intra_parallel = true;
    request.limits.max_nodes = max_nodes;
    const auto start = std::chrono::steady_clock::now();
    request.limits.on_iteration = [&](const IterationDone& done) {
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::printf("%s,%s,%d,%d,%llu,%llu,%.3f\n", id.c_str(), spec.c_str(), done.bound, done.next_bound,
                  static_cast<unsigned long long>(done.expanded), static_cast<unsigned long long>(done.generated),
                  seconds);
      std::fflush(stdout);
    };
    if (!resolution || resolved_side != side) {
      resolution = resolve_heuristic(request.heuristic, side, side, request.goal, request.tables);
      resolved_side = side;
      if (!resolution->error.empty()) {
        std::fprintf(stderr, "iteration_counts: %s\n", resolution->error.c_str());
        return 1;
      }
    }
    const SolveReport report = solve_checked(board, request, *resolution);
    if (!report.explanation.empty()) std::fprintf(stderr, "%s: %s\n", id.c_str(), report.explanation.c_str());
  }
  return 0;
}
