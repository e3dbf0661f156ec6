// Heuristics against ground truth: on every state of the small shapes, each
// heuristic is admissible (h <= the exhaustive BFS distance), consistent
// (changes by at most 1 across a move), and zero exactly on the goal; plus
// hand-computed values (Tile Driver's, and linear conflicts worked out on
// paper); and the kernels' incremental values equal the from-scratch ones
// along random walks, undo included.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>

#include "core/packed_board.h"
#include "core/ranking.h"
#include "heuristics/heuristic.h"
#include "heuristics/incremental.h"
#include "heuristics/tile_tables.h"
#include "tools/bfs.h"
#include "test_support.h"

namespace npuzzle {
namespace {

using testing::board_of;

constexpr Goal kGoals[] = {Goal::kBlankLast, Goal::kBlankFirst};
constexpr HeuristicKind kHeuristics[] = {HeuristicKind::kHamming, HeuristicKind::kManhattan,
                                         HeuristicKind::kLinearConflict};
constexpr Direction kDirections[] = {Direction::kUp, Direction::kDown, Direction::kLeft, Direction::kRight};

struct Shape {
  int rows, cols;
};

class EveryState : public ::testing::TestWithParam<Shape> {};

TEST_P(EveryState, AdmissibleConsistentAndZeroOnlyAtTheGoal) {
  const auto [rows, cols] = GetParam();
  const int cells = rows * cols;
  for (Goal goal : kGoals) {
    const auto distance = bfs_distances(rows, cols, goal);
    std::uint64_t checked = 0;
    for (std::uint64_t rank = 0; rank < distance.size(); ++rank) {
      const int d = distance[rank];
      if (d == kUnreached) continue;
      const Board b(rows, cols, unrank_permutation(rank, cells));
      long long h[3];
      for (int i = 0; i < 3; ++i) {
        h[i] = evaluate(b, goal, kHeuristics[i]);
        ASSERT_GE(h[i], 0);
        ASSERT_LE(h[i], d) << heuristic_name(kHeuristics[i]) << " overestimates rank " << rank << " of "
                           << size_name(rows, cols) << " " << goal_name(goal);
        ASSERT_EQ(h[i] == 0, d == 0) << heuristic_name(kHeuristics[i]) << " rank " << rank;
        // Every move changes the true distance by exactly one (the graph is
        // bipartite), so h and d have the same parity for Manhattan-based h.
      }
      ASSERT_LE(h[0], h[1]);  // hamming <= manhattan
      ASSERT_LE(h[1], h[2]);  // manhattan <= linear conflict
      ASSERT_EQ(h[1] % 2, d % 2) << "manhattan parity, rank " << rank;
      ASSERT_EQ(h[2] % 2, d % 2) << "linear-conflict parity, rank " << rank;
      for (Direction dir : kDirections) {
        if (!b.can_move(dir)) continue;
        Board child = b;
        child.move(dir);
        for (int i = 0; i < 3; ++i) {
          const long long hc = evaluate(child, goal, kHeuristics[i]);
          ASSERT_LE(std::llabs(hc - h[i]), 1)
              << heuristic_name(kHeuristics[i]) << " inconsistent across a move from rank " << rank;
        }
      }
      ++checked;
    }
    EXPECT_EQ(checked, factorial(cells) / 2);
  }
}

INSTANTIATE_TEST_SUITE_P(SmallShapes, EveryState,
                         ::testing::Values(Shape{2, 2}, Shape{2, 3}, Shape{3, 2}, Shape{3, 3}, Shape{2, 4},
                                           Shape{4, 2}),
                         [](const ::testing::TestParamInfo<Shape>& info) {
                           return std::to_string(info.param.rows) + "x" + std::to_string(info.param.cols);
                         });

TEST(Heuristics, TileDriverValues) {
  // Tile Driver, 2x2, goal 0 1 2 3.
  EXPECT_EQ(evaluate(board_of(2, 2, "3 2 1 0"), Goal::kBlankFirst, HeuristicKind::kLinearConflict), 6);
  EXPECT_EQ(evaluate(board_of(2, 2, "0 1 2 3"), Goal::kBlankFirst, HeuristicKind::kLinearConflict), 0);
  EXPECT_EQ(evaluate(board_of(2, 2, "3 2 1 0"), Goal::kBlankFirst, HeuristicKind::kManhattan), 6);
}

TEST(Heuristics, HandComputedManhattanAndHamming) {
  // Princeton's puzzle04 (blank-last): 1, 2, 5 and 6 are one step from home.
  const Board p4 = board_of(3, 3, "0 1 3 4 2 5 7 8 6");
  EXPECT_EQ(evaluate(p4, Goal::kBlankLast, HeuristicKind::kHamming), 4);
  EXPECT_EQ(evaluate(p4, Goal::kBlankLast, HeuristicKind::kManhattan), 4);
  // Princeton's assignment example: 8 1 3 / 4 0 2 / 7 6 5 has hamming 5, manhattan 10.
  const Board example = board_of(3, 3, "8 1 3 4 0 2 7 6 5");
  EXPECT_EQ(evaluate(example, Goal::kBlankLast, HeuristicKind::kHamming), 5);
  EXPECT_EQ(evaluate(example, Goal::kBlankLast, HeuristicKind::kManhattan), 10);
  // The blank never counts.
  EXPECT_EQ(evaluate(board_of(2, 2, "1 2 0 3"), Goal::kBlankLast, HeuristicKind::kHamming), 1);
  EXPECT_EQ(evaluate(board_of(2, 2, "1 2 0 3"), Goal::kBlankLast, HeuristicKind::kManhattan), 1);
}

TEST(Heuristics, HandComputedLinearConflicts) {
  const auto lc = [&](int r, int c, const char* tiles, Goal g = Goal::kBlankLast) {
    return evaluate(board_of(r, c, tiles), g, HeuristicKind::kLinearConflict);
  };
  const auto md = [&](int r, int c, const char* tiles, Goal g = Goal::kBlankLast) {
    return evaluate(board_of(r, c, tiles), g, HeuristicKind::kManhattan);
  };
  // Two tiles of the top row swapped: Manhattan 2, one of them must leave the row: +2.
  EXPECT_EQ(md(3, 3, "2 1 3 4 5 6 7 8 0"), 2);
  EXPECT_EQ(lc(3, 3, "2 1 3 4 5 6 7 8 0"), 4);
  // The whole top row reversed: two of the three must leave: +4.
  EXPECT_EQ(md(3, 3, "3 2 1 4 5 6 7 8 0"), 4);
  EXPECT_EQ(lc(3, 3, "3 2 1 4 5 6 7 8 0"), 8);
  // 1 and 4 swapped in the first column: +2.
  EXPECT_EQ(md(3, 3, "4 2 3 1 5 6 7 8 0"), 2);
  EXPECT_EQ(lc(3, 3, "4 2 3 1 5 6 7 8 0"), 4);
  // 7 and 1 swapped: the first column reads 7 4 1, two of three must leave: +4.
  EXPECT_EQ(md(3, 3, "7 2 3 4 5 6 1 8 0"), 4);
  EXPECT_EQ(lc(3, 3, "7 2 3 4 5 6 1 8 0"), 8);
  // 2 and 4 swapped: each is in the other's row and column, no conflict.
  EXPECT_EQ(md(3, 3, "1 4 3 2 5 6 7 8 0"), 4);
  EXPECT_EQ(lc(3, 3, "1 4 3 2 5 6 7 8 0"), 4);
  // The blank between two reversed tiles does not break their conflict:
  // 2 _ 1 / 4 5 6 / 7 8 3: Manhattan 1 + 2 + 2; row 0 (2 before 1) +2;
  // column 2 (6 above 3) +2.
  EXPECT_EQ(md(3, 3, "2 0 1 4 5 6 7 8 3"), 5);
  EXPECT_EQ(lc(3, 3, "2 0 1 4 5 6 7 8 3"), 9);
  // In order but away from home is no conflict.
  EXPECT_EQ(md(3, 3, "0 1 2 4 5 3 7 8 6"), 4);
  EXPECT_EQ(lc(3, 3, "0 1 2 4 5 3 7 8 6"), 4);
  // A 4x4 top row fully reversed: three of the four must leave: +6.
  EXPECT_EQ(md(4, 4, "4 3 2 1 5 6 7 8 9 10 11 12 13 14 15 0"), 8);
  EXPECT_EQ(lc(4, 4, "4 3 2 1 5 6 7 8 9 10 11 12 13 14 15 0"), 14);
  // Blank-first: 2 1 _ / 3 4 5 / 6 7 8: Manhattan 2, row 0 +2.
  EXPECT_EQ(md(3, 3, "2 1 0 3 4 5 6 7 8", Goal::kBlankFirst), 2);
  EXPECT_EQ(lc(3, 3, "2 1 0 3 4 5 6 7 8", Goal::kBlankFirst), 4);
  // Row and column conflicts add: 7 3 2 / 4 5 6 / 1 8 _: Manhattan 2+1+1+2;
  // row 0 (3 before 2) +2; column 0 (7 4 1) +4.
  EXPECT_EQ(md(3, 3, "7 3 2 4 5 6 1 8 0"), 6);
  EXPECT_EQ(lc(3, 3, "7 3 2 4 5 6 1 8 0"), 12);
  // Non-square: 2x4 blank-last, the top row 4 3 2 1: Manhattan 3+1+1+3, +6.
  EXPECT_EQ(md(2, 4, "4 3 2 1 5 6 7 0"), 8);
  EXPECT_EQ(lc(2, 4, "4 3 2 1 5 6 7 0"), 14);
}

// line_conflict is 2 * (tiles that must leave the line), which for a line is
// the participants minus their longest increasing subsequence: brute force
// over every subset that stays.
int brute_line_conflict(const std::vector<int>& line) {
  std::vector<int> part;
  for (int v : line) {
    if (v >= 0) part.push_back(v);
  }
  const int k = static_cast<int>(part.size());
  int best = 0;
  for (int mask = 0; mask < (1 << k); ++mask) {
    int last = -1;
    bool increasing = true;
    for (int i = 0; i < k && increasing; ++i) {
      if (!(mask & (1 << i))) continue;
      if (part[i] <= last) increasing = false;
      last = part[i];
    }
    if (increasing) best = std::max(best, __builtin_popcount(static_cast<unsigned>(mask)));
  }
  return 2 * (k - best);
}

TEST(Heuristics, LineConflictMatchesBruteForceOnEveryLineUpToSix) {
  for (int length = 1; length <= 6; ++length) {
    // Every assignment of distinct goal indices 0..length-1 (or -1) to the cells.
    std::vector<int> line(length, -1);
    std::function<void(int, unsigned)> fill = [&](int pos, unsigned used) {
      if (pos == length) {
        ASSERT_EQ(line_conflict(line.data(), length), brute_line_conflict(line));
        return;
      }
      line[pos] = -1;
      fill(pos + 1, used);
      for (int v = 0; v < length; ++v) {
        if (used & (1u << v)) continue;
        line[pos] = v;
        fill(pos + 1, used | (1u << v));
      }
      line[pos] = -1;
    };
    fill(0, 0);
  }
}

// On bigger boards (no BFS), the from-scratch values still obey the
// orderings and the one-step consistency across random moves.
TEST(Heuristics, ConsistentOnRandomBigBoards) {
  std::mt19937_64 rng(11);
  const Shape shapes[] = {{4, 4}, {5, 5}, {3, 7}, {7, 7}, {8, 9}, {20, 20}};
  for (auto [rows, cols] : shapes) {
    for (Goal goal : kGoals) {
      Board b = testing::random_permutation_board(rows, cols, rng);
      for (int step = 0; step < 300; ++step) {
        Direction d;
        do d = static_cast<Direction>(rng() % 4);
        while (!b.can_move(d));
        Board child = b;
        child.move(d);
        long long prev = -1;
        for (HeuristicKind h : kHeuristics) {
          const long long a = evaluate(b, goal, h);
          const long long c = evaluate(child, goal, h);
          ASSERT_LE(std::llabs(a - c), 1) << heuristic_name(h) << " " << size_name(rows, cols);
          ASSERT_GE(a, prev);
          prev = a;
        }
        b = child;
      }
      EXPECT_EQ(evaluate(Board::solved(rows, cols, goal), goal, HeuristicKind::kLinearConflict), 0);
    }
  }
}

// A*'s stateless values (NodeHeuristic, incremental.h) against the
// from-scratch ones, along random walks on every shape A* takes: a board's
// value from its packing, and a child's from its parent's packing and value.
template <class Storage, bool kConflict>
void check_node_heuristic(int rows, int cols, Goal goal, HeuristicKind kind, std::mt19937_64& rng) {
  const auto tables = tables_for(rows, cols, goal);
  const TileHeuristic<kMaxConflictLine, kConflict> heuristic(*tables, kind);
  const std::string what = std::string(heuristic_name(kind)) + " " + size_name(rows, cols) + " " +
                           std::string(goal_name(goal));
  Board b = testing::random_permutation_board(rows, cols, rng);
  for (int step = 0; step < 200; ++step) {
    const Storage packed = Storage::from(b);
    const int h = evaluate(b, goal, kind);
    ASSERT_EQ(heuristic.value(packed), h) << what;
    for (Direction dir : kDirections) {
      if (!b.can_move(dir)) continue;
      Board child = b;
      child.move(dir);
      const int from = b.neighbour(dir);
      const bool vertical = dir == Direction::kUp || dir == Direction::kDown;
      ASSERT_EQ(heuristic.child_value(packed, h, static_cast<int>(b.at(from)), from, b.blank(), vertical),
                evaluate(child, goal, kind))
          << what << ", " << (vertical ? "vertical" : "horizontal") << " move";
    }
    Direction d;
    do d = static_cast<Direction>(rng() % 4);
    while (!b.can_move(d));
    b.move(d);
  }
}

TEST(Heuristics, NodeHeuristicValuesEqualTheFromScratchOnes) {
  std::mt19937_64 rng(5);
  const Shape shapes[] = {{2, 2}, {3, 3}, {2, 5}, {3, 4}, {4, 4}, {2, 8}, {3, 7}, {5, 5}, {4, 6}};
  for (auto [rows, cols] : shapes) {
    const bool conflict = rows <= kMaxConflictLine && cols <= kMaxConflictLine;
    for (Goal goal : kGoals) {
      if (rows * cols <= Packed64::kMaxCells) {
        check_node_heuristic<Packed64, false>(rows, cols, goal, HeuristicKind::kHamming, rng);
        check_node_heuristic<Packed64, false>(rows, cols, goal, HeuristicKind::kManhattan, rng);
        if (conflict) check_node_heuristic<Packed64, true>(rows, cols, goal, HeuristicKind::kLinearConflict, rng);
      }
      check_node_heuristic<Packed128, false>(rows, cols, goal, HeuristicKind::kManhattan, rng);
      if (conflict) check_node_heuristic<Packed128, true>(rows, cols, goal, HeuristicKind::kLinearConflict, rng);
    }
  }
}

TEST(Heuristics, Names) {
  for (HeuristicKind h : kHeuristics) EXPECT_EQ(parse_heuristic(heuristic_name(h)), h);
  EXPECT_EQ(heuristic_name(HeuristicKind::kLinearConflict), "linear-conflict");
  EXPECT_EQ(parse_heuristic("euclid"), std::nullopt);
}

// The tables the kernels use agree with the from-scratch values per tile.
TEST(TileTables, PerTileTablesMatchTheDefinition) {
  for (Goal goal : kGoals) {
    for (auto [rows, cols] : {Shape{3, 3}, Shape{4, 4}, Shape{2, 5}, Shape{5, 3}}) {
      const auto t = tables_for(rows, cols, goal);
      const int n = rows * cols;
      ASSERT_EQ(t->cells, n);
      for (int tile = 1; tile < n; ++tile) {
        const int home = goal_position(tile, n, goal);
        for (int pos = 0; pos < n; ++pos) {
          const int m = std::abs(pos / cols - home / cols) + std::abs(pos % cols - home % cols);
          EXPECT_EQ(t->manhattan[tile * n + pos], m);
          EXPECT_EQ(t->hamming[tile * n + pos], pos == home ? 0 : 1);
        }
      }
      for (int pos = 0; pos < n; ++pos) {
        const int r = pos / cols, c = pos % cols;
        EXPECT_EQ(t->moves[pos].count, (r > 0) + (r < rows - 1) + (c > 0) + (c < cols - 1));
      }
      EXPECT_EQ(tables_for(rows, cols, goal).get(), t.get());  // cached
    }
  }
}

// ------------------------------------------------- the kernels' incremental values

// The value the search kernels carry (TileHeuristic, incremental.h: reset,
// then child/descend per move, ascend to undo one, reject for a child not
// taken) must equal evaluate() from scratch on the board it stands for:
// after every move of a long random walk that also backs up at random, for
// every child probed on the way (computed, then rejected), and on the whole
// way back to the start. Moves are handed over as the kernels do: the tile
// slides from the blank's neighbour `from` onto the blank `to`, vertical for
// the blank going up or down.
template <int kMaxSide, bool kConflict>
void check_incremental_walk(int rows, int cols, Goal goal, HeuristicKind kind, const Board& start,
                            std::mt19937_64& rng, int steps) {
  using Heuristic = TileHeuristic<kMaxSide, kConflict>;
  const auto tables = tables_for(rows, cols, goal);
  ASSERT_TRUE(!kConflict || tables->has_conflict_tables);
  const int cells = rows * cols;
  const std::string what = size_name(rows, cols) + " " + std::string(goal_name(goal)) + " " +
                           std::string(heuristic_name(kind));
  Heuristic heuristic(*tables, kind);
  Board b = start;
  int value = heuristic.reset(b);
  ASSERT_EQ(value, evaluate(b, goal, kind)) << what << ": reset";
  struct Done {
    typename Heuristic::Step step;
    int parent_value;
    Direction dir;
  };
  std::vector<Done> path;
  path.reserve(static_cast<std::size_t>(steps));
  const auto is_vertical = [](Direction d) { return d == Direction::kUp || d == Direction::kDown; };
  // Every child of `b`: its incremental value against evaluate(), then rejected.
  const auto probe_children = [&](int at) {
    for (Direction dir : kDirections) {
      if (!b.can_move(dir)) continue;
      const int from = b.neighbour(dir);
      typename Heuristic::Step step;
      const int v = heuristic.child(step, value, static_cast<int>(b.at(from)), from, b.blank(), is_vertical(dir),
                                    cols, cells);
      Board child = b;
      child.move(dir);
      ASSERT_EQ(v, evaluate(child, goal, kind)) << what << ": a probed child at step " << at;
      heuristic.reject(step);
    }
  };
  int ascents = 0;
  for (int i = 0; i < steps; ++i) {
    ASSERT_NO_FATAL_FAILURE(probe_children(i));
    if (!path.empty() && rng() % 4 == 0) {
      Done last = path.back();
      path.pop_back();
      heuristic.ascend(last.step);
      b.move(opposite(last.dir));
      value = last.parent_value;
      ++ascents;
    } else {
      Direction dir;
      do dir = static_cast<Direction>(rng() % 4);
      while (!b.can_move(dir));
      const int from = b.neighbour(dir);
      Done next{{}, value, dir};
      value = heuristic.child(next.step, value, static_cast<int>(b.at(from)), from, b.blank(), is_vertical(dir),
                              cols, cells);
      heuristic.descend(next.step);
      b.move(dir);
      path.push_back(next);
    }
    ASSERT_EQ(value, evaluate(b, goal, kind)) << what << ": after step " << i;
  }
  // Back to the start, one ascend at a time.
  while (!path.empty()) {
    Done& last = path.back();
    heuristic.ascend(last.step);
    b.move(opposite(last.dir));
    value = last.parent_value;
    path.pop_back();
    ASSERT_EQ(value, evaluate(b, goal, kind)) << what << ": on the way back, " << path.size() << " moves out";
    ASSERT_NO_FATAL_FAILURE(probe_children(steps + static_cast<int>(path.size())));
  }
  ASSERT_EQ(b, start);
  EXPECT_GT(ascents, steps / 8) << what;
}

template <int kMaxSide>
void check_incremental_walks(int rows, int cols, std::mt19937_64& rng) {
  for (Goal goal : kGoals) {
    // From the goal, and from a random board (solvable or not: h does not care).
    for (const Board& start : {Board::solved(rows, cols, goal), testing::random_permutation_board(rows, cols, rng)}) {
      ASSERT_NO_FATAL_FAILURE(
          (check_incremental_walk<kMaxSide, false>(rows, cols, goal, HeuristicKind::kHamming, start, rng, 2000)));
      ASSERT_NO_FATAL_FAILURE(
          (check_incremental_walk<kMaxSide, false>(rows, cols, goal, HeuristicKind::kManhattan, start, rng, 2000)));
      if (std::max(rows, cols) <= kMaxConflictLine) {
        ASSERT_NO_FATAL_FAILURE((check_incremental_walk<kMaxSide, true>(rows, cols, goal,
                                                                        HeuristicKind::kLinearConflict, start, rng,
                                                                        2000)));
      }
    }
  }
}

TEST(Incremental, TileHeuristicEqualsTheValueFromScratchAlongWalksAndBack) {
  std::mt19937_64 rng(19);
  // The kernels' instances: compile-time sides for 3x3, 4x4 and 5x5, the
  // longest conflict line (7) for every other shape.
  check_incremental_walks<3>(3, 3, rng);
  check_incremental_walks<4>(4, 4, rng);
  check_incremental_walks<5>(5, 5, rng);
  for (auto [rows, cols] : {Shape{3, 4}, Shape{4, 3}, Shape{2, 7}, Shape{7, 2}, Shape{2, 5}, Shape{6, 6},
                            Shape{3, 7}, Shape{7, 7}, Shape{8, 8}, Shape{2, 2}}) {
    SCOPED_TRACE(size_name(rows, cols));
    check_incremental_walks<kMaxConflictLine>(rows, cols, rng);
  }
}

}  // namespace
}  // namespace npuzzle
