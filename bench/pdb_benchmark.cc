// The pattern-database hot paths of the IDA* kernel: a table lookup when the
// entries are cached and when they are cache misses, the ranking of a
// placement for k = 3..8 pattern tiles, and the search heuristic's
// per-child prepare + evaluate (heuristics/pdb_heuristic.h). The tables are
// built in memory (pdb::build_pdb) once per program, never read from the
// cache directory, so the program needs no set-up.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/board.h"
#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/builder.h"
#include "heuristics/pdb/pattern.h"
#include "heuristics/pdb/table.h"
#include "heuristics/pdb_heuristic.h"

namespace npuzzle {
namespace {

constexpr int kSide = 4;
constexpr int kCells = kSide * kSide;

// A 4x4 blank-first table of the tiles 1..k, built once (k = 3: 3,360
// entries, 3 KiB; k = 6: 5,765,760 entries, 5.5 MiB, about 2 s to build).
const pdb::PatternDb& table_of(int k) {
  static std::map<int, std::unique_ptr<pdb::PatternDb>> tables;
  auto& t = tables[k];
  if (!t) {
    std::vector<int> tiles;
    for (int i = 1; i <= k; ++i) tiles.push_back(i);
    t = std::make_unique<pdb::PatternDb>(pdb::build_pdb(pdb::Pattern(kSide, kSide, Goal::kBlankFirst, tiles)));
  }
  return *t;
}

// `count` uniformly random placements of k tiles on the 4x4 board, k bytes each.
std::vector<std::uint8_t> random_placements(int k, std::size_t count, std::uint32_t seed) {
  const pdb::PlacementRanker ranker(kCells, k);
  std::mt19937_64 rng(seed);
  std::vector<std::uint8_t> out(count * static_cast<std::size_t>(k));
  for (std::size_t i = 0; i < count; ++i) ranker.unrank(rng() % ranker.count(), &out[i * static_cast<std::size_t>(k)]);
  return out;
}

// Rank + one byte load, as PatternDb::lookup does, in a dependent chain
// (the next placement depends on the loaded value), so the figure is the
// latency of a lookup rather than the throughput of independent ones.
//   Arg 3: a 3 KiB table and 64 placements: every entry is in L1 (cached).
//   Arg 6: a 5.5 MiB table and 2^20 random placements (cold: mostly misses
//          of the core's L2, served by the shared L3 or memory).
void BM_PdbLookup(benchmark::State& state) {
  const int k = static_cast<int>(state.range(0));
  const pdb::PatternDb& table = table_of(k);
  const std::size_t count = k <= 3 ? 64 : std::size_t{1} << 20;
  const auto placements = random_placements(k, count, 1);
  std::size_t i = 0;
  for (auto _ : state) {
    const int v = table.lookup(&placements[i * static_cast<std::size_t>(k)], /*blank=*/0);  // a plain table: blank unused
    benchmark::DoNotOptimize(v);
    i = (i + 1 + static_cast<std::size_t>(v & 1)) & (count - 1);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(std::to_string(table.size()) + " entries, " + std::to_string(count) + " placements");
}
BENCHMARK(BM_PdbLookup)->Arg(3)->Arg(6);

// PlacementRanker::rank alone for k pattern tiles of 16 cells (k popcounts
// and multiply-adds), over 4096 random placements that stay in L1.
void BM_PlacementRank(benchmark::State& state) {
  const int k = static_cast<int>(state.range(0));
  const pdb::PlacementRanker ranker(kCells, k);
  constexpr std::size_t kCount = 4096;
  const auto placements = random_placements(k, kCount, 2);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(ranker.rank(&placements[i * static_cast<std::size_t>(k)]));
    i = (i + 1) & (kCount - 1);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PlacementRank)->DenseRange(3, 8);

// One of the named 15-puzzle sets, its tables built in memory once.
std::shared_ptr<const pdb::AdditivePdb> additive_of(const std::string& spec, bool reflect) {
  static std::map<std::pair<std::string, bool>, std::shared_ptr<const pdb::AdditivePdb>> sets;
  static std::map<std::vector<int>, std::shared_ptr<const pdb::PatternDb>> tables;
  auto& set = sets[{spec, reflect}];
  if (!set) {
    std::vector<std::shared_ptr<const pdb::PatternDb>> parts;
    for (const auto& tiles : pdb::partition_tiles(spec, kSide, kSide, Goal::kBlankFirst)) {
      auto& t = tables[tiles];
      if (!t) {
        t = std::make_shared<const pdb::PatternDb>(
            pdb::build_pdb(pdb::Pattern(kSide, kSide, Goal::kBlankFirst, tiles)));
      }
      parts.push_back(t);
    }
    set = std::make_shared<const pdb::AdditivePdb>(spec, kSide, kSide, Goal::kBlankFirst, std::move(parts), reflect);
  }
  return set;
}

// A byte grid with the at(cell) the heuristic reads, moved by hand (Board's
// move is out of line, and would be timed too).
struct Grid {
  std::array<std::uint8_t, kCells> tile{};
  int at(int cell) const { return tile[static_cast<std::size_t>(cell)]; }
};
struct WalkMove {
  int tile, from, to;  // `tile` slides from cell `from` to the blank's cell `to`
};
// A closed walk from a scrambled board: 2048 random moves that never undo
// the previous one, then the same moves undone in reverse, so cycling
// through the 4096 moves keeps the board and the heuristic's state in step.
struct Walk {
  Board start;
  std::vector<WalkMove> moves;
};
Walk closed_walk() {
  Board board = Board::solved(kSide, kSide, Goal::kBlankFirst);
  std::mt19937 rng(3);
  for (int i = 0; i < 200;) {
    const auto d = static_cast<Direction>(rng() % 4);
    if (board.can_move(d)) board.move(d), ++i;
  }
  Walk walk{board, {}};
  std::vector<Direction> path;
  int previous_blank = -1;
  while (path.size() < 2048) {
    const auto d = static_cast<Direction>(rng() % 4);
    if (!board.can_move(d) || board.neighbour(d) == previous_blank) continue;
    previous_blank = board.blank();
    path.push_back(d);
    board.move(d);
  }
  for (std::size_t i = path.size(); i-- > 0;) path.push_back(opposite(path[i]));
  board = walk.start;
  for (const Direction d : path) {
    const int from = board.neighbour(d);
    walk.moves.push_back({static_cast<int>(board.at(from)), from, board.blank()});
    board.move(d);
  }
  return walk;
}

// The search heuristic's work per generated child on a 4x4 board, as the
// static kernel does it: prepare (re-rank the moved tile's part, and its
// mirror's with reflection, and prefetch) + evaluate (the loads and the
// new sum) + descend (commit the child). `room` is large, so with
// reflection the reflected sum is always read (the kernel skips it when
// the plain sum already cuts the child). Arg: the set, 555 (3 tables of
// 512 KiB) or 663 (two of 5.5 MiB, one of 3 KiB).
template <bool kReflect>
void BM_PdbHeuristicStep(benchmark::State& state) {
  const std::string spec = "pdb:" + std::to_string(state.range(0));
  const auto set = additive_of(spec, kReflect);
  static const Walk walk = closed_walk();
  PdbHeuristic<kReflect, kSide> h(*set);
  benchmark::DoNotOptimize(h.reset(walk.start));
  Grid grid;
  for (int c = 0; c < kCells; ++c) grid.tile[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(walk.start.at(c));
  typename PdbHeuristic<kReflect, kSide>::Step step{};
  std::size_t i = 0;
  for (auto _ : state) {
    const WalkMove& m = walk.moves[i];
    h.prepare(step, m.tile, m.from, m.to, grid);
    benchmark::DoNotOptimize(h.evaluate(step, 1000));
    h.descend(step);
    grid.tile[static_cast<std::size_t>(m.to)] = static_cast<std::uint8_t>(m.tile);
    grid.tile[static_cast<std::size_t>(m.from)] = 0;
    i = (i + 1) & 4095;
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(kReflect ? spec + " with reflection" : spec + " plain");
}
BENCHMARK_TEMPLATE(BM_PdbHeuristicStep, false)->Arg(555)->Arg(663);
BENCHMARK_TEMPLATE(BM_PdbHeuristicStep, true)->Arg(555)->Arg(663);

}  // namespace
}  // namespace npuzzle
