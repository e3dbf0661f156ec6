// Zero-aware pattern databases (heuristics/pdb/zero_aware.h) against ground
// truth computed here, independently of the builder:
//   - the index is a bijection from (placement, region of free cells) onto
//     [0, size), regions found by a plain flood fill in the test;
//   - the kernels' incremental cursors (ZeroAwareIndex::moved(), and
//     PartTable::moved() for plain tables) give the index and rank from
//     scratch after every move of long random walks;
//   - every entry equals the exact least number of pattern-tile moves from
//     its (placement, blank cell) state to the goal, by a 0-1 BFS over
//     explicit states (a map, not the builder's bit arrays);
//   - on every 3x3 state the additive sum (with and without reflection) is
//     at most the BFS distance of tools/bfs.h, has its parity, is at least
//     the plain table's sum, and is consistent (one move changes it by at
//     most 1, which a plain min-over-blank table is not);
//   - the IDA* kernel's incremental value equals the value from scratch on
//     every node of small searches;
//   - searches with zpdb:663 find Korf's published optimal lengths;
//   - a catalogue is the maximum of its partitions' values, admissible on
//     every 3x3 state, kept incrementally by its kernel (also through its
//     screening with reflection), and finds Korf's published lengths with
//     cat:663x3;
//   - the layered builder (zero_aware_builder.h) gives every entry its
//     exact abstract distance on small boards, and the same tables as the
//     blank-aware builder on larger ones, on 1 thread and on 2;
//   - the IDA* kernel with a catalogue expands and generates exactly as many
//     nodes as a plain IDA* written out in the test over boards, with the
//     catalogue evaluated from scratch (3x3, every 601st state);
//   - the dense one-bit form decodes every child to the byte tables' value,
//     and searches with it count as the reference IDA* and the byte kernel.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

#include "core/ranking.h"
#include "core/replay.h"
#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/additive_cache.h"
#include "heuristics/pdb/child_signs.h"
#include "heuristics/pdb/dense_zero_aware.h"
#include "heuristics/pdb/file.h"
#include "heuristics/pdb/builder.h"
#include "heuristics/pdb/zero_aware.h"
#include "heuristics/pdb/zero_aware_builder.h"
#include "heuristics/catalogue_heuristic.h"
#include "heuristics/child_sign_catalogue_heuristic.h"
#include "heuristics/child_sign_heuristic.h"
#include "heuristics/dense_catalogue_heuristic.h"
#include "heuristics/dense_zero_aware_heuristic.h"
#include "heuristics/kernel_rows.h"
#include "heuristics/pdb_views.h"
#include "heuristics/registry.h"
#include "heuristics/zero_aware_heuristic.h"
#include "search/solver.h"
#include "test_support.h"
#include "tools/bfs.h"

namespace npuzzle::pdb {
namespace {

constexpr Goal kGoals[] = {Goal::kBlankLast, Goal::kBlankFirst};
constexpr Direction kDirections[] = {Direction::kUp, Direction::kDown, Direction::kLeft, Direction::kRight};

// Region number of each free cell (numbered in order of first cell); -1 on occupied cells.
std::vector<int> flood_regions(int rows, int cols, const std::vector<int>& occupied_cells) {
  const int cells = rows * cols;
  std::vector<int> region(static_cast<std::size_t>(cells), -1);
  std::vector<bool> occupied(static_cast<std::size_t>(cells), false);
  for (int c : occupied_cells) occupied[static_cast<std::size_t>(c)] = true;
  int next = 0;
  for (int start = 0; start < cells; ++start) {
    if (occupied[static_cast<std::size_t>(start)] || region[static_cast<std::size_t>(start)] >= 0) continue;
    std::vector<int> stack{start};
    region[static_cast<std::size_t>(start)] = next;
    while (!stack.empty()) {
      const int c = stack.back();
      stack.pop_back();
      const int r = c / cols, col = c % cols;
      const int around[4][2] = {{r - 1, col}, {r + 1, col}, {r, col - 1}, {r, col + 1}};
      for (const auto& rc : around) {
        if (rc[0] < 0 || rc[0] >= rows || rc[1] < 0 || rc[1] >= cols) continue;
        const int n = rc[0] * cols + rc[1];
        if (occupied[static_cast<std::size_t>(n)] || region[static_cast<std::size_t>(n)] >= 0) continue;
        region[static_cast<std::size_t>(n)] = next;
        stack.push_back(n);
      }
    }
    ++next;
  }
  return region;
}

TEST(ZeroAwareIndex, IsABijectionOntoPlacementRegionPairs) {
  struct Case {
    int rows, cols, k;
  };
  for (const Case c : {Case{3, 3, 1}, Case{3, 3, 3}, Case{3, 3, 4}, Case{2, 4, 3}, Case{2, 4, 4}, Case{4, 4, 3},
                       Case{3, 4, 4}}) {
    const ZeroAwareIndex index(c.rows, c.cols, c.k);
    const PlacementRanker ranker(c.rows * c.cols, c.k);
    std::vector<int> hits(index.size(), 0);
    int max_regions = 0;
    for (std::uint64_t r = 0; r < ranker.count(); ++r) {
      std::vector<std::uint8_t> cells(static_cast<std::size_t>(c.k));
      ranker.unrank(r, cells.data());
      const auto region = flood_regions(c.rows, c.cols, std::vector<int>(cells.begin(), cells.end()));
      std::map<int, std::uint64_t> index_of_region;
      for (int blank = 0; blank < c.rows * c.cols; ++blank) {
        const int g = region[static_cast<std::size_t>(blank)];
        if (g < 0) continue;
        const std::uint64_t i = index.index(cells.data(), blank);
        ASSERT_LT(i, index.size());
        auto [it, inserted] = index_of_region.emplace(g, i);
        // Every cell of one region has one index.
        ASSERT_EQ(it->second, i) << c.rows << "x" << c.cols << " rank " << r << " blank " << blank;
        if (inserted) ++hits[i];
      }
      max_regions = std::max(max_regions, static_cast<int>(index_of_region.size()));
    }
    // Every index belongs to exactly one (placement, region): no gaps, no sharing.
    for (std::uint64_t i = 0; i < index.size(); ++i) ASSERT_EQ(hits[i], 1) << "index " << i;
    EXPECT_EQ(index.max_regions(), max_regions);
  }
}

TEST(ZeroAwareIndex, SizesOfTheTablesUsedForTheFifteenAndTwentyFourPuzzles) {
  // Counted by an exhaustive enumeration of placements (the same figure as
  // the sum over occupied sets of regions * k!); 5x5 with 6 tiles is the
  // 181 MB table of Clausecker's zero-aware 6-6-6-6.
  EXPECT_EQ(ZeroAwareIndex(5, 5, 6).max_regions(), 5);
  const std::uint64_t size = ZeroAwareIndex(5, 5, 6).size();
  EXPECT_GT(size, 127512000u);
  EXPECT_LT(size, 127512000u * 3 / 2);
}

// The kernels index tables incrementally (pdb_views.h, zero_aware.h): after
// every move of random walks of the blank (a pattern tile moves when the
// blank swaps with it), the cursor equals the one from scratch, and its index
// equals index() from scratch; the same for the lexicographic rank of plain
// tables against PlacementRanker::rank().
TEST(ZeroAwareIndex, IncrementalCursorEqualsTheIndexFromScratchOnRandomWalks) {
  struct Case {
    int rows, cols, k;
  };
  std::mt19937 rng(20261124);
  for (const Case c : {Case{5, 5, 6}, Case{5, 5, 5}, Case{5, 5, 3}, Case{4, 4, 6}, Case{4, 4, 3}, Case{4, 4, 7},
                       Case{3, 3, 4}, Case{3, 4, 4}, Case{2, 4, 3}, Case{4, 3, 5}}) {
    const int cells = c.rows * c.cols;
    const ZeroAwareIndex index(c.rows, c.cols, c.k);
    const PlacementRanker ranker(cells, c.k);
    PartTable zero_aware;
    zero_aware.zero_aware = &index;
    zero_aware.k = c.k;
    PartTable plain;
    plain.k = c.k;
    for (int i = 0; i < c.k; ++i) plain.weight[static_cast<std::size_t>(i)] = ranker.weight(i);
    long moves = 0;
    for (int walk = 0; walk < 40; ++walk) {
      std::vector<int> order(static_cast<std::size_t>(cells));
      for (int i = 0; i < cells; ++i) order[static_cast<std::size_t>(i)] = i;
      std::shuffle(order.begin(), order.end(), rng);
      std::vector<std::uint8_t> at(static_cast<std::size_t>(c.k));
      for (int i = 0; i < c.k; ++i) at[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(order[static_cast<std::size_t>(i)]);
      int blank = order[static_cast<std::size_t>(c.k)];
      PartTable::Cursor z = zero_aware.cursor(at.data());
      PartTable::Cursor l = plain.cursor(at.data());
      ASSERT_EQ(l.permutation, ranker.rank(at.data()));
      for (int step = 0; step < 3000; ++step) {
        const int br = blank / c.cols, bc = blank % c.cols;
        int next;
        do {
          const int m = static_cast<int>(rng() % 4);
          const int r = br + (m == 0 ? -1 : m == 1 ? 1 : 0), col = bc + (m == 2 ? -1 : m == 3 ? 1 : 0);
          next = r >= 0 && r < c.rows && col >= 0 && col < c.cols ? r * c.cols + col : -1;
        } while (next < 0);
        const auto index_at = [&](int cell) {
          for (int i = 0; i < c.k; ++i) {
            if (at[static_cast<std::size_t>(i)] == cell) return i;
          }
          ADD_FAILURE() << "index_at on a free cell " << cell;
          return 0;
        };
        const auto moved = std::find(at.begin(), at.end(), static_cast<std::uint8_t>(next));
        if (moved != at.end()) {
          const int i = static_cast<int>(moved - at.begin());
          z = zero_aware.moved<true>(z, i, next, blank, index_at);
          l = plain.moved<false>(l, i, next, blank, index_at);
          *moved = static_cast<std::uint8_t>(blank);
          ++moves;
        }
        blank = next;
        ASSERT_EQ(z, index.cursor(at.data())) << c.rows << "x" << c.cols << " k " << c.k << " walk " << walk << " step " << step;
        ASSERT_EQ(index.index(z, blank), index.index(at.data(), blank));
        ASSERT_EQ(l.permutation, ranker.rank(at.data()));
        ASSERT_EQ(l.occupied, z.occupied);
      }
    }
    EXPECT_GT(moves, 40 * 3000 * c.k / cells / 2) << "too few pattern moves to mean anything";
  }
}

// The exact distance of every (placement, blank cell) abstract state to the
// goal: 0-1 BFS over explicit states, a pattern-tile move costing 1 and a
// move of any other tile 0.
std::map<std::pair<std::vector<int>, int>, int> abstract_distances(int rows, int cols, Goal goal,
                                                                   const std::vector<int>& tiles) {
  const int cells = rows * cols;
  using State = std::pair<std::vector<int>, int>;
  std::map<State, int> dist;
  std::deque<State> queue;
  State start;
  for (int t : tiles) start.first.push_back(goal_position(t, cells, goal));
  start.second = goal_position(0, cells, goal);
  dist[start] = 0;
  queue.push_back(start);
  while (!queue.empty()) {
    const State s = queue.front();
    queue.pop_front();
    const int d = dist[s];
    const int br = s.second / cols, bc = s.second % cols;
    const int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
    for (int m = 0; m < 4; ++m) {
      const int r = br + dr[m], c = bc + dc[m];
      if (r < 0 || r >= rows || c < 0 || c >= cols) continue;
      const int cell = r * cols + c;
      State next = s;
      next.second = cell;
      int cost = 0;
      for (int& p : next.first) {
        if (p == cell) {
          p = s.second;
          cost = 1;
        }
      }
      auto it = dist.find(next);
      if (it != dist.end() && it->second <= d + cost) continue;
      dist[next] = d + cost;
      if (cost == 0) {
        queue.push_front(next);
      } else {
        queue.push_back(next);
      }
    }
  }
  return dist;
}

TEST(ZeroAwareBuilder, EveryEntryIsTheExactLeastNumberOfPatternMoves) {
  struct Case {
    int rows, cols;
    std::vector<int> tiles;
  };
  const Case cases[] = {{3, 3, {1, 2, 3, 4}}, {3, 3, {5, 6, 7, 8}}, {3, 3, {8, 1, 4}},
                        {2, 4, {1, 2, 3}},    {2, 4, {4, 5, 6, 7}}, {2, 4, {3, 6, 7}}, {3, 4, {2, 7, 9}}};
  for (const Case& c : cases) {
    for (Goal goal : kGoals) {
      const Pattern pattern(c.rows, c.cols, goal, c.tiles, true);
      const PatternDb table = build_pdb(pattern);
      const PatternDb plain = build_pdb(Pattern(c.rows, c.cols, goal, c.tiles));
      ASSERT_EQ(table.size(), pattern.zero_aware_index()->size());
      const auto truth = abstract_distances(c.rows, c.cols, goal, c.tiles);
      std::vector<bool> checked(table.size(), false);
      for (const auto& [state, d] : truth) {
        std::vector<std::uint8_t> cells(state.first.begin(), state.first.end());
        ASSERT_EQ(table.lookup(cells.data(), state.second), d)
            << pattern.describe() << " blank " << state.second;
        ASSERT_GE(d, plain.lookup(cells.data(), state.second)) << "the plain entry is the minimum over regions";
        checked[pattern.zero_aware_index()->index(cells.data(), state.second)] = true;
      }
      // Entries no state reaches are marked unreachable (none here: two or
      // more other tiles make every arrangement reachable).
      for (std::uint64_t i = 0; i < table.size(); ++i) {
        if (!checked[i]) {
          ASSERT_EQ(table.at(i), kUnreachable) << pattern.describe() << " index " << i;
        }
      }
    }
  }
}

TEST(ZeroAwareLayeredBuilder, EveryEntryIsTheExactLeastNumberOfPatternMoves) {
  struct Case {
    int rows, cols;
    std::vector<int> tiles;
  };
  const Case cases[] = {{3, 3, {1, 2, 3, 4}}, {3, 3, {5, 6, 7, 8}}, {3, 3, {8, 1, 4}}, {2, 4, {1, 2, 3}},
                        {2, 4, {4, 5, 6, 7}}, {2, 4, {3, 6, 7}},    {3, 4, {2, 7, 9}},  {2, 3, {1, 2, 3, 4, 5}}};
  for (const Case& c : cases) {
    for (Goal goal : kGoals) {
      const Pattern pattern(c.rows, c.cols, goal, c.tiles, true);
      BuildStats stats;
      const std::vector<std::uint8_t> table = build_zero_aware_by_layers(pattern, {}, &stats);
      ASSERT_EQ(table.size(), pattern.zero_aware_index()->size());
      const auto truth = abstract_distances(c.rows, c.cols, goal, c.tiles);
      std::vector<bool> checked(table.size(), false);
      int deepest = 0;
      for (const auto& [state, d] : truth) {
        std::vector<std::uint8_t> cells(state.first.begin(), state.first.end());
        const std::uint64_t i = pattern.zero_aware_index()->index(cells.data(), state.second);
        ASSERT_EQ(table[i], d) << pattern.describe() << " blank " << state.second;
        checked[i] = true;
        deepest = std::max(deepest, d);
      }
      std::uint64_t reached = 0;
      for (std::uint64_t i = 0; i < table.size(); ++i) {
        if (checked[i]) {
          ++reached;
        } else {
          ASSERT_EQ(table[i], kUnreachable) << pattern.describe() << " index " << i;
        }
      }
      EXPECT_EQ(stats.regions, reached) << pattern.describe();
      EXPECT_EQ(stats.max_value, deepest) << pattern.describe();
      EXPECT_EQ(stats.layers, deepest + 1) << pattern.describe();
    }
  }
}

TEST(ZeroAwareLayeredBuilder, BuildsTheBlankAwareBuildersTablesOnOneThreadAndOnTwo) {
  struct Case {
    int rows, cols;
    std::vector<int> tiles;
  };
  // Up to 11.8 million entries (4x4, six tiles), and 5x5 boards.
  const Case cases[] = {{4, 4, {1, 2, 3, 4, 5}}, {4, 4, {3, 6, 7, 10, 11, 15}}, {4, 4, {12, 13, 14}},
                        {5, 5, {1, 5, 6, 10}},   {5, 5, {13, 14, 18, 19, 23}},  {3, 5, {1, 2, 3, 6, 7, 8}}};
  for (const Case& c : cases) {
    const Pattern pattern(c.rows, c.cols, Goal::kBlankFirst, c.tiles, true);
    const std::vector<std::uint8_t> expected = build_entries(pattern);
    for (int threads : {1, 2}) {
      BuildOptions options;
      options.threads = threads;
      const std::vector<std::uint8_t> table = build_zero_aware_by_layers(pattern, options);
      ASSERT_EQ(table.size(), expected.size()) << pattern.describe();
      ASSERT_TRUE(table == expected) << pattern.describe() << " on " << threads << " threads";
    }
  }
}

std::shared_ptr<const AdditivePdb> in_memory(const std::vector<std::vector<int>>& parts, int rows, int cols,
                                             Goal goal, bool reflect, bool zero_aware) {
  std::vector<std::shared_ptr<const PatternDb>> tables;
  for (const auto& tiles : parts) {
    tables.push_back(std::make_shared<const PatternDb>(build_pdb(Pattern(rows, cols, goal, tiles, zero_aware))));
  }
  return std::make_shared<const AdditivePdb>("test", rows, cols, goal, std::move(tables), reflect);
}

// A move of the blank on `b` as the kernels see it: `tile` slides from
// `from` to the blank's cell `to`.
struct KernelMove {
  Direction dir;
  int tile, from, to;
};
std::vector<KernelMove> kernel_moves(const Board& b) {
  std::vector<KernelMove> moves;
  for (Direction dir : kDirections) {
    if (!b.can_move(dir)) continue;
    const int from = b.neighbour(dir);
    moves.push_back({dir, static_cast<int>(b.at(from)), from, b.blank()});
  }
  return moves;
}

// Walks every path of `depth` moves from `b` through the IDA* heuristic's
// prepare/evaluate/descend/ascend and checks each child's value against the
// value from scratch.
template <class Heuristic>
void check_incremental(Heuristic& h, const AdditivePdb& pdb, Board& b, int value, int depth) {
  if (depth == 0) return;
  for (const auto [dir, tile, from, to] : kernel_moves(b)) {
    typename Heuristic::Step step;
    h.prepare(step, tile, from, to, b);
    const int child = h.evaluate(step, 1000);
    b.move(dir);
    ASSERT_EQ(child, pdb.evaluate(b));
    h.descend(step);
    check_incremental(h, pdb, b, child, depth - 1);
    h.ascend(step);
    b.move(opposite(dir));
    ASSERT_EQ(h.reset(b), value);
  }
}

TEST(ZeroAwareAdditive, EveryThreeByThreeStateAdmissibleConsistentAndAtLeastPlain) {
  const std::vector<std::vector<std::vector<int>>> partitions = {{{1, 2, 3, 4}, {5, 6, 7, 8}},
                                                                  {{1, 2, 3}, {4, 5, 6}, {7, 8}}};
  for (const auto& parts : partitions) {
    for (Goal goal : kGoals) {
      const auto distance = bfs_distances(3, 3, goal);
      for (bool reflect : {false, true}) {
        const auto zero = in_memory(parts, 3, 3, goal, reflect, true);
        const auto plain = in_memory(parts, 3, 3, goal, reflect, false);
        ASSERT_TRUE(zero->zero_aware());
        ASSERT_FALSE(plain->zero_aware());
        long long sum_zero = 0, sum_plain = 0;
        for (std::uint64_t rank = 0; rank < distance.size(); ++rank) {
          const int d = distance[rank];
          if (d == kUnreached) continue;
          const Board b(3, 3, unrank_permutation(rank, 9));
          const int h = zero->evaluate(b);
          const int p = plain->evaluate(b);
          ASSERT_LE(h, d) << "overestimates rank " << rank;
          ASSERT_EQ(h % 2, d % 2) << "rank " << rank;
          ASSERT_EQ(h == 0, d == 0) << "rank " << rank;
          ASSERT_GE(h, p) << "rank " << rank;
          sum_zero += h;
          sum_plain += p;
          for (Direction dir : kDirections) {
            if (!b.can_move(dir)) continue;
            Board child = b;
            child.move(dir);
            ASSERT_LE(std::abs(zero->evaluate(child) - h), 1) << "inconsistent at rank " << rank;
          }
        }
        // Strictly stronger on average: the plain 3x3 tables do jump (pdb_test.cc).
        EXPECT_GT(sum_zero, sum_plain);
      }
    }
  }
}

TEST(ZeroAwareAdditive, IncrementalValueEqualsTheValueFromScratch) {
  for (Goal goal : kGoals) {
    const auto pdb = in_memory({{1, 2, 3, 4}, {5, 6, 7, 8}}, 3, 3, goal, true, true);
    const auto flat = in_memory({{1, 2, 3, 4}, {5, 6, 7, 8}}, 3, 3, goal, false, true);
    const auto distance = bfs_distances(3, 3, goal);
    for (std::uint64_t rank = 0; rank < distance.size(); rank += 997) {
      if (distance[rank] == kUnreached) continue;
      Board b(3, 3, unrank_permutation(rank, 9));
      ZeroAwarePdbHeuristic<true> h(*pdb);
      ASSERT_NO_FATAL_FAILURE(check_incremental(h, *pdb, b, h.reset(b), 5));
      ZeroAwarePdbHeuristic<false> g(*flat);
      ASSERT_NO_FATAL_FAILURE(check_incremental(g, *flat, b, g.reset(b), 5));
    }
  }
}

TEST(ZeroAwareSearch, KorfsFirst10WithZeroAwareSixSixThreeInTheirPublishedLengths) {
  const std::string dir = ::testing::TempDir() + "/npuzzle-zero-aware-test-" + std::to_string(::getpid());
  AdditiveOptions options;
  options.cache.dir = dir;
  const auto zero = load_additive("zpdb:663", 4, 4, Goal::kBlankFirst, options);
  const auto plain = load_additive("pdb:663", 4, 4, Goal::kBlankFirst, options);
  ASSERT_TRUE(zero->zero_aware());
  const auto instances = testing::korf100();
  ASSERT_EQ(instances.size(), 100u);
  std::uint64_t zero_nodes = 0, plain_nodes = 0;
  for (std::size_t i = 0; i < 10; ++i) {
    const auto& k = instances[i];
    const Board b(4, 4, k.tiles);
    SolveRequest so;
    so.goal = Goal::kBlankFirst;
    const ResolvedHeuristic resolved = resolved_additive(zero);
    ASSERT_EQ(resolved.row, &ZeroAwarePdbRow::row()) << "a zero-aware set resolves to the zpdb: row";
    EXPECT_EQ(resolved.label, "zpdb:663");
    EXPECT_EQ(resolved.row->evaluate(resolved, b), zero->evaluate(b));
    const SolveResult r = solve(b, so, resolved);
    ASSERT_EQ(r.status, Status::kOptimal) << "instance " << k.id;
    EXPECT_EQ(r.length, k.optimal_length) << "instance " << k.id;
    EXPECT_EQ(check_solution(b, r.moves, Goal::kBlankFirst), "");
    EXPECT_GE(zero->evaluate(b), plain->evaluate(b));
    zero_nodes += r.expanded;
    const ResolvedHeuristic plain_resolved = resolved_additive(plain);
    ASSERT_EQ(plain_resolved.row, &PdbRow::row());
    EXPECT_EQ(plain_resolved.label, "pdb:663");
    plain_nodes += solve(b, so, plain_resolved).expanded;
  }
  EXPECT_LT(zero_nodes, plain_nodes);
  std::filesystem::remove_all(dir);
}

// A 3x3 catalogue of three partitions: c shares its first table with a
// (the same object: looked up once) and mixes plain and zero-aware tables;
// zero_aware_only: b's tables are zero-aware too.
struct TestCatalogue {
  std::shared_ptr<const AdditivePdb> a, b, c;
  std::shared_ptr<const AdditivePdb> catalogue;
};
TestCatalogue test_catalogue(Goal goal, bool reflect, bool zero_aware_only = false) {
  TestCatalogue t;
  t.a = in_memory({{1, 2, 3, 4}, {5, 6, 7, 8}}, 3, 3, goal, reflect, true);
  t.b = in_memory({{1, 4, 7}, {2, 5, 8}, {3, 6}}, 3, 3, goal, reflect, zero_aware_only);
  t.c = std::make_shared<const AdditivePdb>(
      "c", 3, 3, goal,
      std::vector<std::shared_ptr<const PatternDb>>{
          std::shared_ptr<const PatternDb>(t.a, &t.a->part(0)),
          std::make_shared<const PatternDb>(build_pdb(Pattern(3, 3, goal, {5, 6}, true))),
          std::make_shared<const PatternDb>(build_pdb(Pattern(3, 3, goal, {7, 8}, true)))},
      reflect);
  t.catalogue = std::make_shared<const AdditivePdb>("cat:test", std::vector<std::shared_ptr<const AdditivePdb>>{t.a, t.b, t.c});
  return t;
}

TEST(Catalogue, EveryThreeByThreeStateIsTheMaximumOfItsPartitionsAndAdmissible) {
  for (Goal goal : kGoals) {
    const auto distance = bfs_distances(3, 3, goal);
    for (bool reflect : {false, true}) {
      const TestCatalogue test = test_catalogue(goal, reflect);
      const auto& a = test.a;
      const auto& b = test.b;
      const auto& c = test.c;
      const AdditivePdb& catalogue = *test.catalogue;
      ASSERT_EQ(catalogue.partitions(), 3);
      long long sum_catalogue = 0, sum_a = 0;
      for (std::uint64_t rank = 0; rank < distance.size(); ++rank) {
        const int d = distance[rank];
        if (d == kUnreached) continue;
        const Board board(3, 3, unrank_permutation(rank, 9));
        const int h = catalogue.evaluate(board);
        ASSERT_EQ(h, std::max({a->evaluate(board), b->evaluate(board), c->evaluate(board)})) << "rank " << rank;
        ASSERT_LE(h, d) << "overestimates rank " << rank;
        ASSERT_EQ(h % 2, d % 2) << "rank " << rank;
        sum_catalogue += h;
        sum_a += a->evaluate(board);
        if (rank % 1009 == 0) {
          Board walk = board;
          if (reflect) {
            CatalogueHeuristic<true> kernel(catalogue);
            ASSERT_NO_FATAL_FAILURE(check_incremental(kernel, catalogue, walk, kernel.reset(walk), 5));
          } else {
            CatalogueHeuristic<false> kernel(catalogue);
            ASSERT_NO_FATAL_FAILURE(check_incremental(kernel, catalogue, walk, kernel.reset(walk), 5));
          }
        }
      }
      EXPECT_GT(sum_catalogue, sum_a);
    }
  }
}

// The kernel's screening path (pdb_views.h) on every path of `depth` moves
// from `b`, for bounds around each child's value: screen() lets the child
// through exactly when the plain view's value from scratch is within
// `room`, and evaluate_screened() gives evaluate()'s value: the plain
// view's when it exceeds `room`, else the maximum of both views. `plain` is
// the same catalogue without reflection.
template <class Heuristic>
void check_screening(Heuristic& h, const AdditivePdb& full, const AdditivePdb& plain, Board& b, int depth) {
  if (depth == 0) return;
  for (const auto [dir, tile, from, to] : kernel_moves(b)) {
    Board child = b;
    child.move(dir);
    const int value = full.evaluate(child);
    const int plain_value = plain.evaluate(child);
    typename Heuristic::Step open;  // the step of room == value, which the walk descends
    for (int room = value - 3; room <= value + 2; ++room) {
      typename Heuristic::Step step;
      h.locate_plain(step, tile, from, to, b);
      h.fetch_plain(step);
      const bool through = h.screen(step, room);
      ASSERT_EQ(through, plain_value <= room) << "room " << room;
      if (through) {
        h.locate_mirrored(step, tile, from, to, b);
        h.fetch_mirrored(step);
      }
      ASSERT_EQ(h.evaluate_screened(step, room), plain_value > room ? plain_value : value) << "room " << room;
      if (room == value) open = step;
    }
    b.move(dir);
    h.descend(open);
    check_screening(h, full, plain, b, depth - 1);
    h.ascend(open);
    b.move(opposite(dir));
  }
}

TEST(Catalogue, ScreeningGivesEvaluatesValues) {
  for (Goal goal : kGoals) {
    for (bool zero_aware_only : {false, true}) {
      const TestCatalogue reflected = test_catalogue(goal, true, zero_aware_only);
      const TestCatalogue flat = test_catalogue(goal, false, zero_aware_only);
      std::mt19937 rng(17);
      for (int walk = 0; walk < 12; ++walk) {
        Board b = Board::solved(3, 3, goal);
        for (int i = 0; i < 40; ++i) {
          const Direction dir = kDirections[rng() % 4];
          if (b.can_move(dir)) b.move(dir);
        }
        CatalogueHeuristic<true> kernel(*reflected.catalogue);
        kernel.reset(b);
        ASSERT_NO_FATAL_FAILURE(check_screening(kernel, *reflected.catalogue, *flat.catalogue, b, 4));
      }
    }
  }
}

// IDA* written out plainly over boards, with a catalogue evaluated from
// scratch at every node: the kernel's order of children (the blank up,
// left, right, down), parent pruning, and its counts (an expansion per node
// searched, the goal not expanded; every child of an expanded node
// generated). A child's value is the plain catalogue's when that exceeds
// the room, else the reflected one's (Korf & Felner), as in the kernel.
// With `fsm`, a move is generated only when the machine lets it live (the
// machine alone: no separate parent test).
struct ReferenceIda {
  const AdditivePdb& full;
  const AdditivePdb& plain;
  Board goal;
  const MoveFsm* fsm = nullptr;
  int bound = 0;
  int next_bound = 0;
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;
  int length = -1;

  int value(const Board& b, int room) const {
    const int p = plain.evaluate(b);
    return p > room ? p : full.evaluate(b);
  }
  bool dfs(Board& b, int g, int parent, int state) {
    ++expanded;
    for (Direction dir : {Direction::kUp, Direction::kLeft, Direction::kRight, Direction::kDown}) {
      int child_state = -1;
      if (fsm != nullptr) {
        child_state = fsm->after(b.blank(), state, dir);
        if (child_state == kDeadMove) continue;
      } else if (!b.can_move(dir) || b.neighbour(dir) == parent) {
        continue;
      }
      ++generated;
      const int blank = b.blank();
      b.move(dir);
      const int room = bound - g - 1;
      const int h = value(b, room);
      if (h <= room) {
        if (h == 0 && b == goal) {
          length = g + 1;
          return true;
        }
        if (dfs(b, g + 1, blank, child_state)) return true;
      } else {
        next_bound = std::min(next_bound, g + 1 + h);
      }
      b.move(opposite(dir));
    }
    return false;
  }
  void run(Board b) {
    bound = full.evaluate(b);
    if (bound == 0) {
      length = 0;
      return;
    }
    for (;;) {
      next_bound = 1 << 30;
      if (dfs(b, 0, -1, fsm != nullptr ? MoveFsm::kEmptyHistory : -1)) return;
      bound = next_bound;
    }
  }
};

// The same with --prune fsm, through every way the kernel prepares
// children: a plain additive PDB (prepare), a zero-aware one and the flat
// catalogue (locate then fetch), the reflected catalogue (screening), and
// the reflected partitions.
TEST(CatalogueSearch, CountsWithTheMoveMachineEqualAPlainIdaStarOnThreeByThree) {
  const std::shared_ptr<const MoveFsm> machine = move_fsm_for(3, 3);
  for (Goal goal : kGoals) {
    const auto distance = bfs_distances(3, 3, goal);
    for (bool zero_aware_only : {false, true}) {
      const TestCatalogue flat = test_catalogue(goal, false, zero_aware_only);
      const TestCatalogue reflected = test_catalogue(goal, true, zero_aware_only);
      const struct {
        const char* name;
        std::shared_ptr<const AdditivePdb> heuristic;
        const AdditivePdb* plain;  // the reference's screening view
      } cases[] = {{"catalogue", flat.catalogue, flat.catalogue.get()},
                   {"reflected catalogue", reflected.catalogue, flat.catalogue.get()},
                   {"partition", flat.b, flat.b.get()},
                   {"reflected partition", reflected.b, flat.b.get()}};
      for (const auto& test : cases) {
        int solved = 0;
        std::uint64_t fsm_expanded = 0, parent_expanded = 0;
        for (std::uint64_t rank = 0; rank < distance.size(); rank += 601) {
          if (distance[rank] == kUnreached) continue;
          const Board b(3, 3, unrank_permutation(rank, 9));
          ReferenceIda reference{*test.heuristic, *test.plain, Board::solved(3, 3, goal), machine.get()};
          reference.run(b);
          SolveRequest so;
          so.goal = goal;
          so.pruning = MovePruning::kFsm;
          const ResolvedHeuristic resolved = resolved_additive(test.heuristic);
          const SolveResult r = solve(b, so, resolved);
          ASSERT_EQ(r.status, Status::kOptimal);
          ASSERT_EQ(r.length, distance[rank]) << "rank " << rank;
          ASSERT_EQ(reference.length, distance[rank]) << "rank " << rank;
          ASSERT_EQ(check_solution(b, r.moves, goal), "") << "rank " << rank;
          ASSERT_EQ(r.expanded, reference.expanded) << test.name << ", zero-aware " << zero_aware_only << ", rank " << rank;
          ASSERT_EQ(r.generated, reference.generated) << test.name << ", zero-aware " << zero_aware_only << ", rank " << rank;
          fsm_expanded += r.expanded;
          so.pruning = MovePruning::kParent;
          parent_expanded += solve(b, so, resolved).expanded;
          ++solved;
        }
        EXPECT_GT(solved, 250);
        EXPECT_LT(fsm_expanded, parent_expanded) << test.name;
      }
    }
  }
}

TEST(CatalogueSearch, CountsEqualAPlainIdaStarOnThreeByThree) {
  for (Goal goal : kGoals) {
    const auto distance = bfs_distances(3, 3, goal);
    for (bool zero_aware_only : {false, true}) {
      const TestCatalogue flat = test_catalogue(goal, false, zero_aware_only);
      const TestCatalogue reflected = test_catalogue(goal, true, zero_aware_only);
      for (const TestCatalogue* test : {&flat, &reflected}) {
        const bool reflect = test == &reflected;
        int solved = 0;
        for (std::uint64_t rank = 0; rank < distance.size(); rank += 601) {
          if (distance[rank] == kUnreached) continue;
          const Board b(3, 3, unrank_permutation(rank, 9));
          ReferenceIda reference{*test->catalogue, *flat.catalogue, Board::solved(3, 3, goal)};
          reference.run(b);
          SolveRequest so;
          so.goal = goal;
          const SolveResult r = solve(b, so, resolved_additive(test->catalogue));
          ASSERT_EQ(r.status, Status::kOptimal);
          ASSERT_EQ(r.length, distance[rank]) << "rank " << rank;
          ASSERT_EQ(reference.length, distance[rank]) << "rank " << rank;
          ASSERT_EQ(r.expanded, reference.expanded) << "rank " << rank << " reflect " << reflect;
          ASSERT_EQ(r.generated, reference.generated) << "rank " << rank << " reflect " << reflect;
          ++solved;
        }
        EXPECT_GT(solved, 250);
      }
    }
  }
}

TEST(Catalogue, SpecsNameTheirPartitions) {
  EXPECT_EQ(catalogue_members("cat:663x3", 4, 4), (std::vector<std::string>{"zpdb:663", "zpdb:663b", "zpdb:663c"}));
  EXPECT_EQ(catalogue_members("cat:663x3-plain", 4, 4), (std::vector<std::string>{"pdb:663", "pdb:663b", "pdb:663c"}));
  EXPECT_EQ(catalogue_members("cat:small", 5, 5).size(), 7u);
  EXPECT_EQ(catalogue_members("cat:zpdb:663+pdb:555", 4, 4), (std::vector<std::string>{"zpdb:663", "pdb:555"}));
  EXPECT_THROW(catalogue_members("cat:small", 4, 4), std::invalid_argument);
  EXPECT_THROW(catalogue_members("cat:nonsense", 4, 4), std::invalid_argument);
  // The kernel keeps one lane per partition, eight at most.
  std::string eight = "cat:pdb:555";
  for (int i = 1; i < 8; ++i) eight += "+pdb:555";
  EXPECT_EQ(catalogue_members(eight, 4, 4).size(), 8u);
  EXPECT_THROW(catalogue_members(eight + "+pdb:555", 4, 4), std::invalid_argument);
  // The 14 distinct tables of the small catalogue, each a partition's part.
  EXPECT_EQ(partition_tiles("cat:small", 5, 5, Goal::kBlankFirst).size(), 14u);
  for (const std::string& member : catalogue_members("cat:663x3", 4, 4)) {
    EXPECT_NO_THROW(partition_tiles(member, 4, 4, Goal::kBlankLast)) << member << " covers every tile";
  }
}

TEST(CatalogueSearch, KorfsFirst8WithCatalogue663x3InTheirPublishedLengths) {
  const std::string dir = ::testing::TempDir() + "/npuzzle-catalogue-test-" + std::to_string(::getpid());
  AdditiveOptions options;
  options.cache.dir = dir;
  const auto catalogue = load_additive("cat:663x3", 4, 4, Goal::kBlankFirst, options);
  ASSERT_EQ(catalogue->partitions(), 3);
  const auto instances = testing::korf100();
  for (std::size_t i = 0; i < 8; ++i) {
    const auto& k = instances[i];
    const Board b(4, 4, k.tiles);
    SolveRequest so;
    so.goal = Goal::kBlankFirst;
    const ResolvedHeuristic resolved = resolved_additive(catalogue);
    ASSERT_EQ(resolved.row, &CatalogueRow::row()) << "a set of partitions resolves to the cat: row";
    EXPECT_EQ(resolved.label, "cat:663x3");
    EXPECT_EQ(resolved.row->evaluate(resolved, b), catalogue->evaluate(b));
    const SolveResult r = solve(b, so, resolved);
    ASSERT_EQ(r.status, Status::kOptimal) << "instance " << k.id;
    EXPECT_EQ(r.length, k.optimal_length) << "instance " << k.id;
    EXPECT_EQ(check_solution(b, r.moves, Goal::kBlankFirst), "");
  }
  std::filesystem::remove_all(dir);
}


// The dense one-bit form (pdb/dense_zero_aware.h, dense_zero_aware_heuristic.h)
// against the byte tables, whose entries the tests above check against
// BFS: the decoded value of every child equals the byte tables' sum from
// scratch (plain and reflected views, 3x3 and 4x4), a search's counts equal
// the reference IDA*'s, and zpdb:663 loaded through its row reads the dense
// form and finds Korf's published lengths with the byte kernel's counts.
TEST(DenseZeroAware, IncrementalValueEqualsTheByteTablesValueFromScratch) {
  const std::vector<std::vector<std::vector<int>>> partitions = {{{1, 2, 3, 4}, {5, 6, 7, 8}},
                                                                  {{1, 2, 3}, {4, 5, 6}, {7, 8}}};
  for (const auto& parts : partitions) {
    for (Goal goal : kGoals) {
      const auto reflected = in_memory(parts, 3, 3, goal, true, true);
      const auto flat = in_memory(parts, 3, 3, goal, false, true);
      ASSERT_TRUE(DenseZeroAwareSet::possible(*reflected));
      const auto dense = DenseZeroAwareSet::load_dense(reflected);
      const auto flat_dense = DenseZeroAwareSet::load_dense(flat);
      ASSERT_TRUE(dense && flat_dense);
      EXPECT_EQ(DenseZeroAwareSet::find(*reflected), dense);
      const auto distance = bfs_distances(3, 3, goal);
      for (std::uint64_t rank = 0; rank < distance.size(); rank += 997) {
        if (distance[rank] == kUnreached) continue;
        Board b(3, 3, unrank_permutation(rank, 9));
        DenseZeroAwareHeuristic<true, 3> h(*reflected, *dense);
        ASSERT_EQ(h.reset(b), reflected->evaluate(b));
        ASSERT_NO_FATAL_FAILURE(check_incremental(h, *reflected, b, h.reset(b), 6));
        DenseZeroAwareHeuristic<false> g(*flat, *flat_dense);
        ASSERT_NO_FATAL_FAILURE(check_incremental(g, *flat, b, g.reset(b), 6));
      }
    }
  }
}

TEST(DenseZeroAware, FourByFourChildrenDecodeToTheByteTablesValue) {
  const auto set = in_memory({{1, 2, 3, 4, 5}, {6, 7, 8, 9, 10}, {11, 12, 13, 14, 15}}, 4, 4, Goal::kBlankFirst,
                             true, true);
  const auto dense = DenseZeroAwareSet::load_dense(set);
  ASSERT_TRUE(dense);
  EXPECT_EQ(dense->bytes(), 3u * 524160u) << "one byte per placement of 5 tiles on 16 cells";
  const auto instances = testing::korf100();
  for (std::size_t i = 0; i < 10; ++i) {
    Board b(4, 4, instances[i].tiles);
    DenseZeroAwareHeuristic<true, 4> h(*set, *dense);
    ASSERT_EQ(h.reset(b), set->evaluate(b));
    ASSERT_NO_FATAL_FAILURE(check_incremental(h, *set, b, h.reset(b), 7));
    DenseZeroAwareHeuristic<true> g(*set, *dense);  // the generic kernel's (mirror from a table)
    ASSERT_NO_FATAL_FAILURE(check_incremental(g, *set, b, g.reset(b), 4));
  }
}

// Above 16 cells the dense form is cell words (a 32-bit word per
// placement, a bit per cell). Four-tile parts of 5x5 leave several regions
// (tiles on cells 1 and 5 shut cell 0 off), so the derivation's regions are
// all exercised.
const std::vector<std::vector<int>> kFiveByFiveFours = {{1, 2, 3, 4},     {5, 6, 7, 8},     {9, 10, 11, 12},
                                                        {13, 14, 15, 16}, {17, 18, 19, 20}, {21, 22, 23, 24}};

TEST(DenseZeroAware, FiveByFiveCellWordsDecodeToTheByteTablesValue) {
  const auto set = in_memory(kFiveByFiveFours, 5, 5, Goal::kBlankFirst, true, true);
  ASSERT_TRUE(DenseZeroAwareSet::possible(*set));
  const auto dense = DenseZeroAwareSet::load_dense(set);
  ASSERT_TRUE(dense);
  EXPECT_EQ(dense->layout(), DenseZeroAwareSet::Layout::kCellWords);
  EXPECT_EQ(dense->bytes(), 6u * 4u * 303600u) << "one 32-bit word per placement of 4 tiles on 25 cells";
  const auto instances = testing::korf50_24();
  for (std::size_t i = 0; i < 6; ++i) {
    Board b(5, 5, instances[i].tiles);
    DenseZeroAwareHeuristic<true, 5, DenseZeroAwareSet::Layout::kCellWords> h(*set, *dense);
    ASSERT_EQ(h.reset(b), set->evaluate(b));
    ASSERT_NO_FATAL_FAILURE(check_incremental(h, *set, b, h.reset(b), 6));
    DenseZeroAwareHeuristic<true, 0, DenseZeroAwareSet::Layout::kCellWords> g(*set, *dense);  // the generic kernel's
    ASSERT_NO_FATAL_FAILURE(check_incremental(g, *set, b, g.reset(b), 4));
  }
  // Near the goal too, where the parts' tiles crowd the corner the blank starts in.
  std::mt19937_64 rng(40);
  for (int walk = 0; walk < 20; ++walk) {
    Board b = testing::random_walk(5, 5, Goal::kBlankFirst, 3 + walk, rng);
    DenseZeroAwareHeuristic<true, 5, DenseZeroAwareSet::Layout::kCellWords> h(*set, *dense);
    ASSERT_EQ(h.reset(b), set->evaluate(b));
    ASSERT_NO_FATAL_FAILURE(check_incremental(h, *set, b, h.reset(b), 5));
  }
}

TEST(DenseZeroAware, DrawsFromTheMemoryBudgetOrLeavesTheByteTables) {
  const auto set = in_memory({{1, 2, 3, 4}, {5, 6, 7, 8}}, 3, 3, Goal::kBlankLast, true, true);
  const auto small = std::make_shared<MemoryBudget>(1024);
  EXPECT_FALSE(DenseZeroAwareSet::load_dense(set, small)) << "6,048 bytes do not fit in 1,024";
  EXPECT_EQ(small->used(), 0u);
  EXPECT_FALSE(DenseZeroAwareSet::find(*set));
  const auto large = std::make_shared<MemoryBudget>(std::uint64_t{1} << 30);
  auto dense = DenseZeroAwareSet::load_dense(set, large);
  ASSERT_TRUE(dense);
  EXPECT_EQ(dense->bytes(), 2u * 9 * 8 * 7 * 6);
  EXPECT_EQ(large->used(), dense->bytes());
  EXPECT_EQ(DenseZeroAwareSet::load_dense(set, large), dense) << "derived once while alive, and counted once";
  EXPECT_EQ(large->used(), dense->bytes());
  dense.reset();
  EXPECT_EQ(large->used(), 0u);
  EXPECT_FALSE(DenseZeroAwareSet::find(*set));
}

TEST(DenseZeroAwareSearch, CountsEqualAPlainIdaStarOnThreeByThree) {
  const std::shared_ptr<const MoveFsm> machine = move_fsm_for(3, 3);
  for (Goal goal : kGoals) {
    const auto distance = bfs_distances(3, 3, goal);
    const auto reflected = in_memory({{1, 2, 3}, {4, 5, 6}, {7, 8}}, 3, 3, goal, true, true);
    const auto flat = in_memory({{1, 2, 3}, {4, 5, 6}, {7, 8}}, 3, 3, goal, false, true);
    const auto dense = DenseZeroAwareSet::load_dense(reflected);  // alive: the row's kernels read it
    ASSERT_TRUE(dense);
    int solved = 0;
    for (std::uint64_t rank = 0; rank < distance.size(); rank += 601) {
      if (distance[rank] == kUnreached) continue;
      const Board b(3, 3, unrank_permutation(rank, 9));
      for (MovePruning pruning : {MovePruning::kFsm, MovePruning::kParent}) {
        ReferenceIda reference{*reflected, *flat, Board::solved(3, 3, goal),
                               pruning == MovePruning::kFsm ? machine.get() : nullptr};
        reference.run(b);
        SolveRequest so;
        so.goal = goal;
        so.pruning = pruning;
        const SolveResult r = solve(b, so, resolved_additive(reflected));
        ASSERT_EQ(r.status, Status::kOptimal);
        ASSERT_EQ(r.length, distance[rank]) << "rank " << rank;
        ASSERT_EQ(check_solution(b, r.moves, goal), "") << "rank " << rank;
        ASSERT_EQ(r.expanded, reference.expanded) << "rank " << rank;
        ASSERT_EQ(r.generated, reference.generated) << "rank " << rank;
      }
      ++solved;
    }
    EXPECT_GT(solved, 250);
  }
}

// 5x5 through the row's kernels (the 5x5 shape kernel's cell words in a
// default build, the generic kernel's without shape kernels): the lengths
// and counts of the reference IDA* over the byte tables, and a solution
// that replays, on boards a random walk of up to 30 moves from the goal.
TEST(DenseZeroAwareSearch, FiveByFiveCountsEqualAPlainIdaStar) {
  const Goal goal = Goal::kBlankFirst;
  const auto reflected = in_memory(kFiveByFiveFours, 5, 5, goal, true, true);
  const auto flat = in_memory(kFiveByFiveFours, 5, 5, goal, false, true);
  const auto dense = DenseZeroAwareSet::load_dense(reflected);  // alive: the row's kernels read it
  ASSERT_TRUE(dense);
  std::mt19937_64 rng(2026);
  for (int walk = 0; walk < 12; ++walk) {
    const Board b = testing::random_walk(5, 5, goal, 20 + walk, rng);
    ReferenceIda reference{*reflected, *flat, Board::solved(5, 5, goal)};
    reference.run(b);
    ASSERT_LE(reference.length, 20 + walk);
    SolveRequest so;
    so.goal = goal;
    so.pruning = MovePruning::kParent;
    so.limits.max_nodes = 100'000'000;  // a wrong table stops here rather than running for hours
    const SolveResult r = solve(b, so, resolved_additive(reflected));
    ASSERT_EQ(r.status, Status::kOptimal);
    ASSERT_EQ(r.length, reference.length) << "walk " << walk;
    ASSERT_EQ(check_solution(b, r.moves, goal), "") << "walk " << walk;
    ASSERT_EQ(r.expanded, reference.expanded) << "walk " << walk;
    ASSERT_EQ(r.generated, reference.generated) << "walk " << walk;
  }
}

// A 5x5 catalogue of zero-aware 4-tile tables: the rows of four of
// kFiveByFiveFours and mostly 2x2 blocks (not the rows' reflection, which
// the reflected view already is), sharing the last row's table
// {21, 22, 23, 24} (one object, derived once).
struct FiveByFiveCatalogue {
  std::shared_ptr<const AdditivePdb> rows, blocks, catalogue;
};
// With every_tile false the blocks leave out tile 20 (the block {5, 10, 15}):
// a partition short of a tile, whose sum a move of that tile leaves alone.
FiveByFiveCatalogue five_by_five_catalogue(bool reflect, bool every_tile = true) {
  const Goal goal = Goal::kBlankFirst;
  FiveByFiveCatalogue t;
  t.rows = in_memory(kFiveByFiveFours, 5, 5, goal, reflect, true);
  std::vector<std::shared_ptr<const PatternDb>> parts;
  for (const std::vector<int>& tiles : std::vector<std::vector<int>>{
           {1, 2, 6, 7}, {3, 4, 8, 9}, every_tile ? std::vector<int>{5, 10, 15, 20} : std::vector<int>{5, 10, 15},
           {11, 12, 16, 17}, {13, 14, 18, 19}}) {
    parts.push_back(std::make_shared<const PatternDb>(build_pdb(Pattern(5, 5, goal, tiles, true))));
  }
  parts.push_back(std::shared_ptr<const PatternDb>(t.rows, &t.rows->part(5)));
  t.blocks = std::make_shared<const AdditivePdb>("blocks", 5, 5, goal, std::move(parts), reflect);
  t.catalogue =
      std::make_shared<const AdditivePdb>("cat:test", std::vector<std::shared_ptr<const AdditivePdb>>{t.rows, t.blocks});
  return t;
}

TEST(DenseCatalogue, FiveByFiveValuesEqualTheCataloguesOwn) {
  const FiveByFiveCatalogue test = five_by_five_catalogue(true);
  const AdditivePdb& catalogue = *test.catalogue;
  ASSERT_TRUE(DenseZeroAwareSet::possible(catalogue));
  const auto dense = DenseZeroAwareSet::load_dense(test.catalogue);
  ASSERT_TRUE(dense);
  EXPECT_EQ(dense->layout(), DenseZeroAwareSet::Layout::kCellWords);
  ASSERT_EQ(dense->tables(), 11) << "the shared table once";
  EXPECT_EQ(dense->bytes(), 11u * 4u * 303600u);
  EXPECT_FALSE(DenseZeroAwareSet::possible(*test_catalogue(Goal::kBlankFirst, true, true).catalogue))
      << "no dense catalogue on 16 cells or fewer";
  const auto instances = testing::korf50_24();
  int above_rows = 0;  // boards on which the blocks add to the rows
  for (std::size_t i = 0; i < 6; ++i) {
    Board b(5, 5, instances[i].tiles);
    DenseCatalogueHeuristic<true, 5> h(catalogue, *dense);
    ASSERT_EQ(h.reset(b), catalogue.evaluate(b));
    above_rows += catalogue.evaluate(b) > test.rows->evaluate(b);
    ASSERT_NO_FATAL_FAILURE(check_incremental(h, catalogue, b, h.reset(b), 5));
    DenseCatalogueHeuristic<true> g(catalogue, *dense);  // the generic kernel's (mirror from a table)
    ASSERT_NO_FATAL_FAILURE(check_incremental(g, catalogue, b, g.reset(b), 3));
  }
  EXPECT_GT(above_rows, 0) << "the second partition must count";
  // Its child signs (one word per placement of each distinct table): every
  // child's value along the same paths, and near the goal.
  ASSERT_TRUE(ChildSignSet::possible(catalogue, *dense));
  const auto signs = ChildSignSet::load(test.catalogue, *dense);
  ASSERT_TRUE(signs);
  ASSERT_EQ(signs->parts(), 11);
  for (std::size_t i = 0; i < 6; ++i) {
    Board b(5, 5, instances[i].tiles);
    ChildSignCatalogueHeuristic<5> h(catalogue, *signs);
    ASSERT_EQ(h.reset(b), catalogue.evaluate(b));
    ASSERT_NO_FATAL_FAILURE(check_incremental(h, catalogue, b, h.reset(b), 5));
  }
  std::mt19937_64 rng(41);
  for (int walk = 0; walk < 20; ++walk) {
    Board b = testing::random_walk(5, 5, Goal::kBlankFirst, 3 + walk, rng);
    DenseCatalogueHeuristic<true, 5> h(catalogue, *dense);
    ASSERT_EQ(h.reset(b), catalogue.evaluate(b));
    ASSERT_NO_FATAL_FAILURE(check_incremental(h, catalogue, b, h.reset(b), 5));
    ChildSignCatalogueHeuristic<5> g(catalogue, *signs);
    ASSERT_EQ(g.reset(b), catalogue.evaluate(b));
    ASSERT_NO_FATAL_FAILURE(check_incremental(g, catalogue, b, g.reset(b), 5));
  }
}

// Through the row's kernels (CatalogueRow::with_kernel picks the dense
// form while it is alive), with parent pruning and with the move machine,
// and with a partition short of a tile: the lengths and counts of the
// reference IDA* over the catalogue's own evaluation, and a solution that
// replays.
TEST(DenseCatalogueSearch, FiveByFiveCountsEqualAPlainIdaStar) {
  const Goal goal = Goal::kBlankFirst;
  const std::shared_ptr<const MoveFsm> machine = move_fsm_for(5, 5);
  for (bool every_tile : {true, false}) {
    const FiveByFiveCatalogue reflected = five_by_five_catalogue(true, every_tile);
    const FiveByFiveCatalogue flat = five_by_five_catalogue(false, every_tile);
    const auto dense = DenseZeroAwareSet::load_dense(reflected.catalogue);
    ASSERT_TRUE(dense);
    // First through the one-bit form, then through the child signs, which
    // the 5x5 kernel takes first while they are alive.
    std::shared_ptr<const ChildSignSet> signs;
    for (bool with_signs : {false, true}) {
      if (with_signs) signs = ChildSignSet::load(reflected.catalogue, *dense);
      ASSERT_EQ(signs != nullptr, with_signs);
      std::mt19937_64 rng(2027);
      for (int walk = 0; walk < 10; ++walk) {
        const Board b = testing::random_walk(5, 5, goal, 20 + walk, rng);
        for (const MoveFsm* fsm : {static_cast<const MoveFsm*>(nullptr), machine.get()}) {
          const std::string where = "walk " + std::to_string(walk) + (fsm ? ", fsm" : ", parent") +
                                    (every_tile ? "" : ", a partition short of a tile") +
                                    (with_signs ? ", child signs" : ", one-bit form");
          ReferenceIda reference{*reflected.catalogue, *flat.catalogue, Board::solved(5, 5, goal), fsm};
          reference.run(b);
          ASSERT_LE(reference.length, 20 + walk);
          SolveRequest so;
          so.goal = goal;
          so.pruning = fsm ? MovePruning::kFsm : MovePruning::kParent;
          so.limits.max_nodes = 100'000'000;  // a wrong table stops here rather than running for hours
          const SolveResult r = solve(b, so, resolved_additive(reflected.catalogue));
          ASSERT_EQ(r.status, Status::kOptimal) << where;
          ASSERT_EQ(r.length, reference.length) << where;
          ASSERT_EQ(check_solution(b, r.moves, goal), "") << where;
          ASSERT_EQ(r.expanded, reference.expanded) << where;
          ASSERT_EQ(r.generated, reference.generated) << where;
        }
      }
    }
  }
}

TEST(DenseZeroAwareSearch, KorfsFirst10WithZpdb663ThroughItsRowInTheirPublishedLengths) {
  const std::string dir = ::testing::TempDir() + "/npuzzle-dense-test-" + std::to_string(::getpid());
  TableOptions tables;
  tables.cache.dir = dir;
  const HeuristicSpec spec = heuristic_spec("zpdb:663");
  build_tables(spec, 4, 4, Goal::kBlankFirst, tables);
  const Resolution resolution = resolve_heuristic(spec, 4, 4, Goal::kBlankFirst, tables);
  ASSERT_TRUE(resolution.error.empty()) << resolution.error;
  const AdditivePdb& set = resolution.heuristic.data_as<AdditivePdb>();
  ASSERT_TRUE(DenseZeroAwareSet::find(set)) << "the row derives the dense form at load";
  const auto bytes_only = load_additive("zpdb:663", 4, 4, Goal::kBlankFirst, tables);  // another set: no dense form
  ASSERT_FALSE(DenseZeroAwareSet::find(*bytes_only));
  const auto instances = testing::korf100();
  for (std::size_t i = 0; i < 10; ++i) {
    const auto& k = instances[i];
    const Board b(4, 4, k.tiles);
    SolveRequest so;
    so.goal = Goal::kBlankFirst;
    so.pruning = MovePruning::kFsm;
    const SolveResult r = solve(b, so, resolution.heuristic);
    ASSERT_EQ(r.status, Status::kOptimal) << "instance " << k.id;
    EXPECT_EQ(r.length, k.optimal_length) << "instance " << k.id;
    EXPECT_EQ(check_solution(b, r.moves, Goal::kBlankFirst), "");
    const SolveResult bytes = solve(b, so, resolved_additive(bytes_only));
    EXPECT_EQ(r.expanded, bytes.expanded) << "instance " << k.id;
    EXPECT_EQ(r.generated, bytes.generated) << "instance " << k.id;
  }
  std::filesystem::remove_all(dir);
}

// Child signs (pdb/child_signs.h, child_sign_heuristic.h) against the byte
// tables, whose entries the tests above check against BFS: every child of
// every 3x3 state, the children along every path of a few moves on 4x4 and
// 5x5, and the kernels' counts against the reference IDA*'s.
TEST(ChildSigns, EveryChildOfEveryThreeByThreeStateHasTheByteTablesValue) {
  const std::vector<std::vector<std::vector<int>>> partitions = {
      {{1, 2, 3, 4}, {5, 6, 7, 8}}, {{1, 2, 3}, {4, 5, 6}, {7, 8}}, {{1, 2, 3, 4, 5, 6, 7}, {8}}};
  for (const auto& parts : partitions) {
    for (Goal goal : kGoals) {
      const auto set = in_memory(parts, 3, 3, goal, true, true);
      const auto dense = DenseZeroAwareSet::load_dense(set);
      ASSERT_TRUE(dense);
      ASSERT_TRUE(ChildSignSet::possible(*set, *dense));
      const auto signs = ChildSignSet::load(set, *dense);
      ASSERT_TRUE(signs);
      EXPECT_EQ(ChildSignSet::find(*set), signs);
      const auto distance = bfs_distances(3, 3, goal);
      ChildSignHeuristic<3> h(*set, *signs);
      int children = 0;
      for (std::uint64_t rank = 0; rank < distance.size(); ++rank) {
        if (distance[rank] == kUnreached) continue;
        Board b(3, 3, unrank_permutation(rank, 9));
        ASSERT_EQ(h.reset(b), set->evaluate(b)) << "rank " << rank;
        for (const auto [dir, tile, from, to] : kernel_moves(b)) {
          ChildSignHeuristic<3>::Step step;
          h.prepare(step, tile, from, to, b);
          b.move(dir);
          ASSERT_EQ(h.evaluate(step, 1000), set->evaluate(b)) << "rank " << rank << " tile " << tile;
          b.move(opposite(dir));
          ++children;
        }
      }
      EXPECT_EQ(children, 181440 * 8 / 3) << "every child of every state (24 moves per 9 blank cells)";
    }
  }
}

TEST(ChildSigns, FourAndFiveByFiveChildrenAlongEveryPathHaveTheByteTablesValue) {
  const auto four = in_memory({{1, 2, 3, 4, 5}, {6, 7, 8, 9, 10}, {11, 12, 13, 14, 15}}, 4, 4, Goal::kBlankFirst,
                              true, true);
  const auto four_dense = DenseZeroAwareSet::load_dense(four);
  ASSERT_TRUE(four_dense);
  const auto four_signs = ChildSignSet::load(four, *four_dense);
  ASSERT_TRUE(four_signs);
  EXPECT_EQ(four_signs->bytes(), 3u * 4u * 524160u) << "a 32-bit word per placement of 5 tiles on 16 cells";
  const auto korf100 = testing::korf100();
  for (std::size_t i = 0; i < 10; ++i) {
    Board b(4, 4, korf100[i].tiles);
    ChildSignHeuristic<4> h(*four, *four_signs);
    ASSERT_EQ(h.reset(b), four->evaluate(b));
    ASSERT_NO_FATAL_FAILURE(check_incremental(h, *four, b, h.reset(b), 7));
  }
  const auto five = in_memory(kFiveByFiveFours, 5, 5, Goal::kBlankFirst, true, true);
  const auto five_dense = DenseZeroAwareSet::load_dense(five);
  ASSERT_TRUE(five_dense);
  const auto five_signs = ChildSignSet::load(five, *five_dense);  // from cell words
  ASSERT_TRUE(five_signs);
  const auto korf50 = testing::korf50_24();
  for (std::size_t i = 0; i < 6; ++i) {
    Board b(5, 5, korf50[i].tiles);
    ChildSignHeuristic<5> h(*five, *five_signs);
    ASSERT_EQ(h.reset(b), five->evaluate(b));
    ASSERT_NO_FATAL_FAILURE(check_incremental(h, *five, b, h.reset(b), 6));
  }
  std::mt19937_64 rng(41);  // near the goal, where the parts' tiles crowd the blank's corner
  for (int walk = 0; walk < 20; ++walk) {
    Board b = testing::random_walk(5, 5, Goal::kBlankFirst, 3 + walk, rng);
    ChildSignHeuristic<5> h(*five, *five_signs);
    ASSERT_EQ(h.reset(b), five->evaluate(b));
    ASSERT_NO_FATAL_FAILURE(check_incremental(h, *five, b, h.reset(b), 5));
  }
}

// Through the row's 4x4 and 5x5 kernels, with the child signs alive (they
// take precedence over the one-bit form): the reference IDA*'s lengths and
// counts, with parent pruning and with the move-pruning machine.
TEST(ChildSignSearch, FourAndFiveByFiveCountsEqualAPlainIdaStar) {
  struct Case {
    int side;
    std::vector<std::vector<int>> parts;
  };
  for (const Case& c : {Case{4, {{1, 2, 3, 4, 5}, {6, 7, 8, 9, 10}, {11, 12, 13, 14, 15}}}, Case{5, kFiveByFiveFours}}) {
    const Goal goal = Goal::kBlankFirst;
    const auto reflected = in_memory(c.parts, c.side, c.side, goal, true, true);
    const auto flat = in_memory(c.parts, c.side, c.side, goal, false, true);
    const auto dense = DenseZeroAwareSet::load_dense(reflected);
    ASSERT_TRUE(dense);
    const auto signs = ChildSignSet::load(reflected, *dense);  // alive: the row's kernels read it
    ASSERT_TRUE(signs);
    const std::shared_ptr<const MoveFsm> machine = move_fsm_for(c.side, c.side);
    std::mt19937_64 rng(2027);
    for (int walk = 0; walk < 10; ++walk) {
      const Board b = testing::random_walk(c.side, c.side, goal, 20 + walk, rng);
      for (MovePruning pruning : {MovePruning::kFsm, MovePruning::kParent}) {
        ReferenceIda reference{*reflected, *flat, Board::solved(c.side, c.side, goal),
                               pruning == MovePruning::kFsm ? machine.get() : nullptr};
        reference.run(b);
        SolveRequest so;
        so.goal = goal;
        so.pruning = pruning;
        so.limits.max_nodes = 100'000'000;  // a wrong sign stops here rather than running for hours
        const SolveResult r = solve(b, so, resolved_additive(reflected));
        ASSERT_EQ(r.status, Status::kOptimal);
        ASSERT_EQ(r.length, reference.length) << c.side << "x" << c.side << " walk " << walk;
        ASSERT_EQ(check_solution(b, r.moves, goal), "") << "walk " << walk;
        ASSERT_EQ(r.expanded, reference.expanded) << c.side << "x" << c.side << " walk " << walk;
        ASSERT_EQ(r.generated, reference.generated) << c.side << "x" << c.side << " walk " << walk;
      }
    }
  }
}

// Set by the build (tests/CMakeLists.txt) as for heuristics/pdb_rows.cc.
#ifndef NPUZZLE_ZPDB_KERNEL_4X4
#define NPUZZLE_ZPDB_KERNEL_4X4 0
#endif

// Each table's one-bit form is kept beside its file after a derivation, and
// read back by later loads; a kept file that does not verify is ignored and
// written again. The bits must be the derivation's either way. The child
// signs derived from it are kept too, and later resolutions read them
// alone, without the one-bit form, unless one of their files does not
// verify; the search through them keeps the reference IDA*'s counts.
TEST(DenseZeroAwareKept, ReadBackEqualsTheDerivationAndACorruptFileIsDerivedAgain) {
  const std::string dir = ::testing::TempDir() + "/npuzzle-kept-test-" + std::to_string(::getpid());
  TableOptions tables;
  tables.cache.dir = dir;
  const HeuristicSpec spec = heuristic_spec("zpdb:663");
  build_tables(spec, 4, 4, Goal::kBlankFirst, tables);
  // What a resolution holds: whether it has the one-bit form, and how many
  // of its child signs' tables were read rather than derived.
  struct Resolved {
    Resolution r;
    bool dense = false;
    int signs_read = -1;
  };
  auto resolve = [&] {
    Resolved out{resolve_heuristic(spec, 4, 4, Goal::kBlankFirst, tables)};
    EXPECT_TRUE(out.r.error.empty()) << out.r.error;
    if (!out.r.error.empty()) return out;
    const auto& set = out.r.heuristic.data_as<AdditivePdb>();
    out.dense = DenseZeroAwareSet::find(set) != nullptr;
    const auto signs = ChildSignSet::find(set);
    out.signs_read = signs ? signs->tables_read() : -1;
    return out;
  };
  // The one-bit form of the resolved set (loaded now if the resolution
  // left it out): the bits of every table, and how many were read.
  auto bits_of = [](const Resolved& resolved, int& read) {
    std::vector<std::vector<std::uint8_t>> bits;
    const auto dense = DenseZeroAwareSet::load_dense(resolved.r.heuristic.shared_data<AdditivePdb>());
    EXPECT_TRUE(dense);
    if (!dense) return bits;
    read = dense->tables_read();
    for (int p = 0; p < dense->tables(); ++p) {
      const auto* b = static_cast<const std::uint8_t*>(dense->part(p).bits);
      std::uint64_t n = 1;  // placements of k tiles on 16 cells, a byte each
      for (int i = 0; i < dense->part(p).k; ++i) n *= static_cast<std::uint64_t>(16 - i);
      bits.emplace_back(b, b + n);
    }
    return bits;
  };
  auto kept_files = [&](const char* extension) {
    std::vector<std::string> kept;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (entry.path().extension() == extension) kept.push_back(entry.path().string());
    }
    std::sort(kept.begin(), kept.end());
    return kept;
  };
  auto corrupt = [](const std::string& path) {  // flips one payload byte
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(kPayloadOffset + 1000);
    const char c = static_cast<char>(f.get());
    f.seekp(kPayloadOffset + 1000);
    f.put(static_cast<char>(c ^ 0x40));
  };
  int read = -1;
  std::vector<std::vector<std::uint8_t>> derived;
  {
    const Resolved first = resolve();
    EXPECT_TRUE(first.dense) << "the child signs are derived from it";
    EXPECT_EQ(first.signs_read, 0) << "nothing kept yet";
    derived = bits_of(first, read);
    ASSERT_EQ(derived.size(), 3u);
    EXPECT_EQ(read, 0) << "nothing kept yet";
  }
  const std::vector<std::string> kept = kept_files(".onebit");
  ASSERT_EQ(kept.size(), 3u) << "one kept form per table";
  const std::vector<std::string> kept_signs = kept_files(".childsign");
  ASSERT_EQ(kept_signs.size(), 3u) << "and one kept child-sign file per table";
  {
    const Resolved later = resolve();
    EXPECT_EQ(later.signs_read, 3) << "the child signs read back";
    EXPECT_EQ(later.dense, !NPUZZLE_ZPDB_KERNEL_4X4) << "alone, where the 4x4 kernel reads them";
    // Searched through them: the reference IDA*'s lengths and counts.
    const auto set = later.r.heuristic.shared_data<AdditivePdb>();
    const std::shared_ptr<const MoveFsm> machine = move_fsm_for(4, 4);
    std::mt19937_64 rng(2029);
    for (int walk = 0; walk < 4; ++walk) {
      const Board b = testing::random_walk(4, 4, Goal::kBlankFirst, 30 + walk, rng);
      ReferenceIda reference{*set, *set, Board::solved(4, 4, Goal::kBlankFirst), machine.get()};
      reference.run(b);
      SolveRequest so;
      so.goal = Goal::kBlankFirst;
      so.pruning = MovePruning::kFsm;
      so.limits.max_nodes = 100'000'000;
      const SolveResult r = solve(b, so, later.r.heuristic);
      ASSERT_EQ(r.status, Status::kOptimal);
      ASSERT_EQ(r.length, reference.length) << "walk " << walk;
      ASSERT_EQ(r.expanded, reference.expanded) << "walk " << walk;
      ASSERT_EQ(r.generated, reference.generated) << "walk " << walk;
    }
    EXPECT_EQ(bits_of(later, read), derived);
    EXPECT_EQ(read, 3) << "all three read back";
  }
  corrupt(kept[0]);
  {
    const Resolved later = resolve();
    EXPECT_EQ(bits_of(later, read), derived);
    EXPECT_EQ(read, 2) << "the corrupt one is derived again";
  }
  {
    const Resolved later = resolve();
    EXPECT_EQ(bits_of(later, read), derived);
    EXPECT_EQ(read, 3) << "and written again";
  }
  corrupt(kept_signs[1]);
  {
    const Resolved later = resolve();
    EXPECT_TRUE(later.dense) << "a child-sign file that does not verify: derived again from the one-bit form";
    EXPECT_EQ(later.signs_read, 2);
  }
  {
    const Resolved later = resolve();
    EXPECT_EQ(later.signs_read, 3) << "and written again";
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace npuzzle::pdb
