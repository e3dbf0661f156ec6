// Each IDA* iteration's counts for one heuristic, on the boards of a
// dataset, up to a node limit: what the early iterations say about the
// whole search (issue 40: choosing a heuristic per board from its first
// iterations, results/korf24_levers.md).
//
// Usage: iteration_counts FILE SPEC MAX_NODES [PRUNE] [IDS...]
//   FILE: any puzzle file npuzzle reads (io/reader.h), solved for its
//     `# goal:` (else blank-last), as datasets/korf50_24.txt;
//   SPEC: a heuristic spec (zpdb:6666, cat:small, ...), its tables built;
//   MAX_NODES: the expansions after which a board's search stops;
//   PRUNE: fsm (default) or parent; IDS: only these boards.
// Prints CSV: id,heuristic,bound,next_bound,expanded,generated,seconds, one
// row per completed iteration (expanded and generated cumulative, as the
// engine reports them; seconds since the board's search began, the tables'
// load apart), on all cores (the counts are the serial kernel's).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <set>
#include <string>

#include "io/reader.h"
#include "search/engine.h"
#include "search/move_fsm.h"
#include "search/request.h"

int main(int argc, char** argv) {
  using namespace npuzzle;
  if (argc < 4) {
    std::fprintf(stderr, "usage: iteration_counts FILE SPEC MAX_NODES [PRUNE] [IDS...]\n");
    return 2;
  }
  const std::string spec = argv[2];
  const std::uint64_t max_nodes = std::strtoull(argv[3], nullptr, 10);
  const std::string prune = argc > 4 ? argv[4] : "fsm";
  const std::set<std::string> ids(argv + std::min(argc, 5), argv + argc);
  const auto parsed = parse_heuristic_spec(spec);
  const auto pruning = parse_move_pruning(prune);
  if (!parsed || !pruning) {
    std::fprintf(stderr, "iteration_counts: unknown heuristic '%s' or pruning '%s'\n", spec.c_str(), prune.c_str());
    return 2;
  }
  try {
    PuzzleReader reader(argv[1], ReadOptions{});
    const Goal goal = effective_goal(std::nullopt, reader.declared_goal());
    std::printf("id,heuristic,bound,next_bound,expanded,generated,seconds\n");
    // Resolved once per shape, as a batch resolves: the tables are read
    // once, not per board.
    std::optional<Resolution> resolution;
    for (PuzzleRecord record; reader.next(record);) {
      if (!ids.empty() && !ids.count(record.id)) continue;
      if (!record.board) {
        std::fprintf(stderr, "%s\n", record.error.c_str());
        continue;
      }
      const Board& board = *record.board;
      SolveRequest request;
      request.goal = goal;
      request.heuristic = *parsed;
      request.pruning = *pruning;
      request.intra_parallel = true;
      request.limits.max_nodes = max_nodes;
      if (!resolution || resolution->heuristic.rows != board.rows() || resolution->heuristic.cols != board.cols()) {
        resolution = resolve_heuristic(request.heuristic, board.rows(), board.cols(), goal, request.tables);
        if (!resolution->error.empty()) {
          std::fprintf(stderr, "iteration_counts: %s\n", resolution->error.c_str());
          return 1;
        }
      }
      const auto start = std::chrono::steady_clock::now();
      request.limits.on_iteration = [&](const IterationDone& done) {
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("%s,%s,%d,%d,%llu,%llu,%.3f\n", record.id.c_str(), spec.c_str(), done.bound, done.next_bound,
                    static_cast<unsigned long long>(done.expanded), static_cast<unsigned long long>(done.generated),
                    seconds);
        std::fflush(stdout);
      };
      const SolveReport report = solve_checked(board, request, *resolution);
      if (!report.explanation.empty()) {
        std::fprintf(stderr, "%s: %s\n", record.id.c_str(), report.explanation.c_str());
      }
    }
  } catch (const InputError& e) {
    std::fprintf(stderr, "iteration_counts: %s\n", e.what());
    return 2;
  }
  return 0;
}
