// The per-move heuristic updates of the IDA* kernel: the Manhattan delta
// lookup and the incremental linear-conflict update, against the
// from-scratch evaluation they replace.
#include <benchmark/benchmark.h>

#include <random>

#include "core/packed_board.h"
#include "heuristics/heuristic.h"
#include "heuristics/linear_conflict.h"
#include "heuristics/tile_tables.h"

namespace npuzzle {
namespace {

// A random walk of `count` moves from the goal: (tile, from, to, vertical).
struct Move {
  int tile, from, to;
  bool vertical;
};
std::vector<Move> random_walk(int side, int count) {
  Board board = Board::solved(side, side, Goal::kBlankFirst);
  std::mt19937 rng(42);
  std::vector<Move> moves;
  while (static_cast<int>(moves.size()) < count) {
    const auto d = static_cast<Direction>(rng() % 4);
    if (!board.can_move(d)) continue;
    const int target = board.neighbour(d);
    moves.push_back({static_cast<int>(board.at(target)), target, board.blank(),
                     d == Direction::kUp || d == Direction::kDown});
    board.move(d);
  }
  return moves;
}

void BM_ManhattanDelta(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  const auto t = tables_for(side, side, Goal::kBlankFirst);
  const auto moves = random_walk(side, 4096);
  const int n = t->cells;
  int h = 0;
  std::size_t i = 0;
  for (auto _ : state) {
    const Move& m = moves[i++ & 4095];
    h += t->manhattan_delta[(m.tile * n + m.from) * n + m.to];
    benchmark::DoNotOptimize(h);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ManhattanDelta)->Arg(3)->Arg(4)->Arg(5);

// prepare + apply + undo of one move, as the kernel does on an expanded child.
void BM_LinearConflictUpdate(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  const auto t = tables_for(side, side, Goal::kBlankFirst);
  Board board = Board::solved(side, side, Goal::kBlankFirst);
  const auto moves = random_walk(side, 4096);
  LinearConflict<kMaxConflictLine> lc;
  lc.init(*t, ByteGrid::from(board));
  LinearConflict<kMaxConflictLine>::Step step;
  std::size_t i = 0;
  for (auto _ : state) {
    const Move& m = moves[i++ & 4095];
    int d = lc.prepare(step, side, side * side, m.tile, m.from, m.to, m.vertical);
    benchmark::DoNotOptimize(d);
    step.apply();
    step.undo();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LinearConflictUpdate)->Arg(3)->Arg(4)->Arg(5);

void BM_EvaluateFromScratch(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  const auto h = static_cast<HeuristicKind>(state.range(1));
  Board board = Board::solved(side, side, Goal::kBlankFirst);
  std::mt19937 rng(7);
  for (int i = 0; i < 1000; ++i) {
    const auto d = static_cast<Direction>(rng() % 4);
    if (board.can_move(d)) board.move(d);
  }
  for (auto _ : state) benchmark::DoNotOptimize(evaluate(board, Goal::kBlankFirst, h));
  state.SetLabel(std::string(heuristic_name(h)));
}
BENCHMARK(BM_EvaluateFromScratch)->ArgsProduct({{4, 100}, {1, 2}});

void BM_BuildTables(benchmark::State& state) {
  // tables_for caches; measure the first build of each shape once per run.
  for (auto _ : state) benchmark::DoNotOptimize(tables_for(static_cast<int>(state.range(0)), 7, Goal::kBlankLast));
}
BENCHMARK(BM_BuildTables)->Arg(2)->Arg(3);

}  // namespace
}  // namespace npuzzle
