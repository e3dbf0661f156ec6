// Whole searches: IDA* node rates on fixed instances (Korf's #1 with
// linear conflict, a 3x3 31-mover), and A* on the same 3x3 board.
#include <benchmark/benchmark.h>

#include "heuristics/heuristic.h"
#include "heuristics/registry.h"
#include "search/solver.h"

namespace npuzzle {
namespace {

const Board kKorf1(4, 4, {14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3});
// One of the two 3x3 boards 31 moves from the blank-last goal.
const Board kHardest3x3(3, 3, {8, 6, 7, 2, 5, 4, 3, 0, 1});

void run(benchmark::State& state, const Board& board, Goal goal, Algorithm a, HeuristicKind h) {
  SolveRequest request;
  request.goal = goal;
  request.algorithm = a;
  request.heuristic = heuristic_spec(heuristic_name(h));
  // Resolved once: the loop times the search alone.
  const Resolution resolution =
      resolve_heuristic(request.heuristic, board.rows(), board.cols(), goal, request.tables);
  if (!resolution.error.empty()) {
    state.SkipWithError(resolution.error.c_str());
    return;
  }
  std::uint64_t expanded = 0;
  for (auto _ : state) {
    const SolveResult r = solve(board, request, resolution.heuristic);
    expanded += r.expanded;
    benchmark::DoNotOptimize(r.length);
  }
  state.counters["expanded/s"] = benchmark::Counter(static_cast<double>(expanded), benchmark::Counter::kIsRate);
}

void BM_IdaKorf1(benchmark::State& state) {
  run(state, kKorf1, Goal::kBlankFirst, Algorithm::kIdaStar, static_cast<HeuristicKind>(state.range(0)));
}
BENCHMARK(BM_IdaKorf1)->Arg(static_cast<int>(HeuristicKind::kManhattan))->Arg(static_cast<int>(HeuristicKind::kLinearConflict))->Unit(benchmark::kMillisecond);

void BM_Hardest3x3(benchmark::State& state) {
  run(state, kHardest3x3, Goal::kBlankLast, static_cast<Algorithm>(state.range(0)),
      static_cast<HeuristicKind>(state.range(1)));
}
BENCHMARK(BM_Hardest3x3)
    ->ArgsProduct({{static_cast<int>(Algorithm::kIdaStar), static_cast<int>(Algorithm::kAStar)},
                   {static_cast<int>(HeuristicKind::kManhattan), static_cast<int>(HeuristicKind::kLinearConflict)}})
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace npuzzle
