// Move apply/undo on the three packings, and the O(N) solvability check.
#include <benchmark/benchmark.h>

#include <random>

#include "core/packed_board.h"
#include "core/solvability.h"

namespace npuzzle {
namespace {

Board random_board(int rows, int cols, std::uint64_t seed) {
  std::vector<std::uint32_t> tiles(static_cast<std::size_t>(rows) * cols);
  for (std::size_t i = 0; i < tiles.size(); ++i) tiles[i] = static_cast<std::uint32_t>(i);
  std::mt19937_64 rng(seed);
  std::shuffle(tiles.begin(), tiles.end(), rng);
  return Board(rows, cols, tiles);
}

// A slide and its undo, as the IDA* kernel does them: the blank walks back
// and forth between two cells.
template <class Storage>
void BM_SlideAndUndo(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  Board board = Board::solved(side, side, Goal::kBlankFirst);
  Storage packed = Storage::from(board);
  const int blank = 0;
  const int target = 1;
  for (auto _ : state) {
    const int tile = packed.at(target);
    packed.slide(target, blank, tile);
    benchmark::DoNotOptimize(packed);
    packed.slide(blank, target, packed.at(blank));
    benchmark::DoNotOptimize(packed);
  }
  state.SetItemsProcessed(state.iterations() * 2);
}
BENCHMARK(BM_SlideAndUndo<Packed64>)->Arg(3)->Arg(4);
BENCHMARK(BM_SlideAndUndo<Packed128>)->Arg(5);
BENCHMARK(BM_SlideAndUndo<ByteGrid>)->Arg(4)->Arg(8);

void BM_IsSolvable(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  const Board board = random_board(side, side, 1);
  for (auto _ : state) benchmark::DoNotOptimize(is_solvable(board, Goal::kBlankLast));
  state.SetComplexityN(static_cast<benchmark::IterationCount>(side) * side);
}
BENCHMARK(BM_IsSolvable)->RangeMultiplier(4)->Range(4, 1024)->Complexity(benchmark::oN);

}  // namespace
}  // namespace npuzzle
