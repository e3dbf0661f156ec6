// Walking distance (heuristics/walking_distance.h) and the maximum of two
// heuristics (heuristics/max_heuristic.h), held to ground truth:
//   - every abstraction equals an independent BFS written here (std::map of
//     count matrices, started from the solved Board's rows or columns),
//     state by state: distance, count matrix and every transition, for
//     3x3, 4x4, 3x4, 4x3, 2x5 and 5x2 and both goals, 2x6 and 3x5 and one
//     goal each (the largest abstractions); 4x4 has the
//     well-known 24,964 states; walking_distance_states() counts what the
//     BFS finds, and grows with lines and tiles (the bound that
//     walking_distance_shape_problem() relies on); a square board's two
//     directions are one table, and both equal their BFS;
//   - every solvable 3x3 board, both goals: WD is the two BFS distances'
//     sum, at most the exact distance (heuristics/exact.h), at least
//     Manhattan, of the distance's parity, 0 only at the goal, and every
//     move changes it by exactly 1; against linear conflict neither
//     dominates (counts recorded);
//   - random boards of the other shapes: WD is the two BFS distances' sum;
//   - the IDA* shape (IncrementalHeuristic) equals WD from scratch along
//     long random walks and random depth-first searches (descend, ascend
//     and reject as a kernel calls them), on every fitting shape of 9 cells
//     or more, both goals; A*'s child_value() equals value() of the child,
//     and on random boards of those shapes WD >= Manhattan, of its parity;
//   - which shapes fit, why the others do not, and that the bytes counted
//     beforehand are the bytes built;
//   - MaxHeuristic of a PDB built here (and of linear conflict) with WD:
//     evaluate() equals the maximum from scratch, and a cut child's value
//     is above the room and at most the maximum, along the same walks and
//     searches; value() and child_value() are the maximum;
//   - the kernels: IDA* (generic and the static 3x3 instance) and A* with
//     WD and with max(PDB, WD) solve 3x3 boards in their exact distance and
//     four of Korf's 100 in their published lengths, every solution replayed.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/packed_board.h"
#include "core/ranking.h"
#include "core/replay.h"
#include "heuristics/exact.h"
#include "heuristics/heuristic.h"
#include "heuristics/incremental.h"
#include "heuristics/max_heuristic.h"
#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/builder.h"
#include "heuristics/pdb_heuristic.h"
#include "heuristics/tile_tables.h"
#include "heuristics/walking_distance.h"
#include "search/a_star.h"
#include "search/budget.h"
#include "search/ida_star.h"
#include "search/solver.h"
#include "heuristics/registry.h"
#include "test_support.h"

namespace npuzzle {
namespace {

using Abstraction = WalkingDistanceAbstraction;

constexpr Goal kGoals[] = {Goal::kBlankLast, Goal::kBlankFirst};
constexpr Direction kDirections[] = {Direction::kUp, Direction::kDown, Direction::kLeft, Direction::kRight};

std::string describe(int rows, int cols, Goal goal) {
  return size_name(rows, cols) + " " + std::string(goal_name(goal));
}

// ------------------------------------------------------ the naive abstraction --

// An abstract state as the definition has it: counts[line * lines + goal
// line] = how many tiles whose goal line is `goal line` are on `line` (rows
// for the vertical abstraction, columns for the horizontal), and the
// blank's line.
struct Abstract {
  std::vector<int> counts;
  int blank = 0;
  auto operator<=>(const Abstract&) const = default;
};

Abstract abstract_of(const Board& board, Goal goal, bool vertical) {
  const int lines = vertical ? board.rows() : board.cols();
  Abstract a;
  a.counts.assign(static_cast<std::size_t>(lines * lines), 0);
  for (int pos = 0; pos < board.cells(); ++pos) {
    const int tile = static_cast<int>(board.at(pos));
    const int line = vertical ? pos / board.cols() : pos % board.cols();
    if (tile == 0) {
      a.blank = line;
      continue;
    }
    const int home = goal_position(tile, board.cells(), goal);
    const int goal_line = vertical ? home / board.cols() : home % board.cols();
    ++a.counts[static_cast<std::size_t>(line * lines + goal_line)];
  }
  return a;
}

// A tile of goal line `goal_line` moves from line `source` onto the blank's
// line, and the blank to `source`; nullopt when there is no such tile.
std::optional<Abstract> abstract_move(const Abstract& a, int lines, int source, int goal_line) {
  if (source < 0 || source >= lines) return std::nullopt;
  const auto from = static_cast<std::size_t>(source * lines + goal_line);
  if (a.counts[from] == 0) return std::nullopt;
  Abstract b = a;
  --b.counts[from];
  ++b.counts[static_cast<std::size_t>(a.blank * lines + goal_line)];
  b.blank = source;
  return b;
}

// Breadth-first search over abstract states from the solved board's.
std::map<Abstract, int> naive_bfs(int rows, int cols, Goal goal, bool vertical) {
  const int lines = vertical ? rows : cols;
  std::map<Abstract, int> distance;
  std::deque<Abstract> queue;
  const Abstract start = abstract_of(Board::solved(rows, cols, goal), goal, vertical);
  distance[start] = 0;
  queue.push_back(start);
  while (!queue.empty()) {
    const Abstract a = queue.front();
    queue.pop_front();
    const int d = distance[a];
    for (int source : {a.blank - 1, a.blank + 1}) {
      for (int g = 0; g < lines; ++g) {
        const auto b = abstract_move(a, lines, source, g);
        if (b && distance.try_emplace(*b, d + 1).second) queue.push_back(*b);
      }
    }
  }
  return distance;
}

// The abstraction equals `truth` state by state, transitions included.
void expect_equals_bfs(const Abstraction& table, const std::map<Abstract, int>& truth, const std::string& what) {
  const int lines = table.lines();
  ASSERT_EQ(table.states(), truth.size()) << what;
  std::vector<bool> seen(table.states(), false);
  for (const auto& [a, d] : truth) {
    const std::uint32_t state = table.state_of_counts(a.counts, a.blank);
    ASSERT_NE(state, Abstraction::kNoState) << what;
    ASSERT_FALSE(seen[state]) << what << ": two abstract states share index " << state;
    seen[state] = true;
    ASSERT_EQ(table.distance(state), d) << what << ", state " << state;
    ASSERT_EQ(table.counts_of(state), std::make_pair(a.counts, a.blank)) << what << ", state " << state;
    if (d == 0) {
      ASSERT_EQ(table.goal_state(), state) << what;
    }
    for (int direction : {Abstraction::kTowardLower, Abstraction::kTowardHigher}) {
      // A tile that moves toward the lower line comes from the line below the blank's.
      const int source = direction == Abstraction::kTowardLower ? a.blank + 1 : a.blank - 1;
      for (int g = 0; g < lines; ++g) {
        const auto b = abstract_move(a, lines, source, g);
        const Abstraction::Entry entry = table.next(state, direction, g);
        if (!b) {
          ASSERT_EQ(entry, Abstraction::kNoEntry) << what << ", state " << state;
          continue;
        }
        const std::uint32_t target = table.state_of_counts(b->counts, b->blank);
        ASSERT_EQ(entry, table.entry(target)) << what << ", state " << state;
        ASSERT_EQ(Abstraction::state_of(entry), static_cast<int>(target));
        ASSERT_EQ(Abstraction::distance_of(entry), truth.at(*b)) << what;
      }
    }
  }
  // Wrong line sums are no state.
  auto bad = truth.begin()->first;
  ++bad.counts[0];
  EXPECT_EQ(table.state_of_counts(bad.counts, bad.blank), Abstraction::kNoState) << what;
}

struct Shape {
  int rows, cols;
};

struct AbstractionCase {
  int rows, cols;
  std::vector<Goal> goals;
};
void PrintTo(const AbstractionCase& c, std::ostream* os) { *os << c.rows << "x" << c.cols; }

class EveryAbstractState : public ::testing::TestWithParam<AbstractionCase> {};

TEST_P(EveryAbstractState, EqualsAnIndependentBfs) {
  const auto& [rows, cols, goals] = GetParam();
  for (Goal goal : goals) {
    const auto table = walking_distance_table_for(rows, cols, goal);
    const std::string what = describe(rows, cols, goal);
    const auto vertical = naive_bfs(rows, cols, goal, true);
    const auto horizontal = naive_bfs(rows, cols, goal, false);
    ASSERT_NO_FATAL_FAILURE(expect_equals_bfs(*table->vertical, vertical, what + " vertical"));
    ASSERT_NO_FATAL_FAILURE(expect_equals_bfs(*table->horizontal, horizontal, what + " horizontal"));
    EXPECT_EQ(vertical.size(), walking_distance_states(rows, cols)) << what;
    EXPECT_EQ(horizontal.size(), walking_distance_states(cols, rows)) << what;
    // Step 4: a square board's directions are one table, and it has just
    // been found equal to both directions' BFS.
    EXPECT_EQ(table->vertical == table->horizontal, rows == cols) << what;

    // Boards onto states: WD of random boards (either parity: WD ignores it)
    // is the sum of the two BFS distances of their abstract states.
    std::mt19937_64 rng(static_cast<std::uint64_t>(rows * 100 + cols));
    for (int i = 0; i < 2000; ++i) {
      const Board b = testing::random_permutation_board(rows, cols, rng);
      ASSERT_EQ(walking_distance(b, goal),
                vertical.at(abstract_of(b, goal, true)) + horizontal.at(abstract_of(b, goal, false)))
          << what;
    }
    EXPECT_EQ(walking_distance(Board::solved(rows, cols, goal), goal), 0) << what;
  }
}

// The two largest abstractions (2x6's and 3x5's, 367,560 and 352,560
// states) once each: the naive BFS on maps takes seconds.
INSTANTIATE_TEST_SUITE_P(
    Shapes, EveryAbstractState,
    ::testing::Values(AbstractionCase{3, 3, {Goal::kBlankLast, Goal::kBlankFirst}},
                      AbstractionCase{4, 4, {Goal::kBlankLast, Goal::kBlankFirst}},
                      AbstractionCase{3, 4, {Goal::kBlankLast, Goal::kBlankFirst}},
                      AbstractionCase{4, 3, {Goal::kBlankLast, Goal::kBlankFirst}},
                      AbstractionCase{2, 5, {Goal::kBlankLast, Goal::kBlankFirst}},
                      AbstractionCase{5, 2, {Goal::kBlankLast, Goal::kBlankFirst}},
                      AbstractionCase{2, 6, {Goal::kBlankLast}}, AbstractionCase{3, 5, {Goal::kBlankFirst}}),
    [](const ::testing::TestParamInfo<AbstractionCase>& info) {
      return std::to_string(info.param.rows) + "x" + std::to_string(info.param.cols);
    });

TEST(WalkingDistanceStates, FourByFourHasTheWellKnown24964) {
  EXPECT_EQ(walking_distance_states(4, 4), 24'964u);
  for (Goal goal : kGoals) {
    const auto table = walking_distance_table_for(4, 4, goal);
    EXPECT_EQ(table->vertical->states(), 24'964u);
    EXPECT_EQ(naive_bfs(4, 4, goal, true).size(), 24'964u);
  }
}

// walking_distance_shape_problem() bounds a side of 7 or more by 7 lines of
// 2 tiles: that needs the count to grow with both lines and tiles.
TEST(WalkingDistanceStates, GrowWithLinesAndTiles) {
  for (int lines = 2; lines <= 6; ++lines) {
    for (int tiles = 2; tiles <= 6; ++tiles) {
      EXPECT_LE(walking_distance_states(lines, tiles), walking_distance_states(lines + 1, tiles));
      EXPECT_LE(walking_distance_states(lines, tiles), walking_distance_states(lines, tiles + 1));
    }
  }
  EXPECT_EQ(walking_distance_states(7, 2), 16'854'390u);
  EXPECT_GT(walking_distance_bytes(2, 7), kMaxWalkingDistanceBytes);
  // Two lines of T tiles: the blank's line and how many of its T-1 tiles belong to the other line.
  for (int tiles = 2; tiles <= 7; ++tiles) EXPECT_EQ(walking_distance_states(2, tiles), 2u * tiles);
}

// An abstraction too large for its entries' 24-bit state index (5x5: 65,650,495
// states), or for 64-bit codes (8 lines of 8: 9^49), is refused, not built.
TEST(WalkingDistanceStates, TooLargeAbstractionsAreRefused) {
  EXPECT_THROW(WalkingDistanceAbstraction(5, 5, 4), std::length_error);
  EXPECT_THROW(WalkingDistanceAbstraction(8, 8, 0), std::length_error);
}

// ----------------------------------------------------------------- shapes --

TEST(WalkingDistanceShapes, WhichFitAndWhy) {
  const Shape fit[] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {2, 5}, {5, 2}, {2, 6}, {6, 2},
                       {3, 3}, {3, 4}, {4, 3}, {3, 5}, {5, 3}, {4, 4}};
  for (const auto [rows, cols] : fit) {
    EXPECT_EQ(walking_distance_shape_problem(rows, cols), "") << size_name(rows, cols);
    for (Goal goal : kGoals) {
      const auto table = walking_distance_table_for(rows, cols, goal);
      std::uint64_t bytes = table->vertical->bytes();
      if (table->horizontal != table->vertical) bytes += table->horizontal->bytes();
      EXPECT_EQ(bytes, walking_distance_bytes(rows, cols)) << describe(rows, cols, goal);
      EXPECT_LE(bytes, kMaxWalkingDistanceBytes);
      RecordProperty(describe(rows, cols, goal),
                     std::to_string(table->vertical->states()) + " + " + std::to_string(table->horizontal->states()) +
                         " states, " + std::to_string(bytes) + " bytes, max distances " +
                         std::to_string(table->vertical->max_distance()) + " + " +
                         std::to_string(table->horizontal->max_distance()) + ", built in " +
                         std::to_string(table->vertical->build_seconds()) + " + " +
                         std::to_string(table->horizontal->build_seconds()) + " s");
    }
  }
  const Shape too_big[] = {{4, 5}, {5, 4}, {5, 5}, {3, 6}, {6, 3}, {4, 6}, {6, 6}, {2, 7}, {7, 2}, {7, 7}, {100, 3}};
  for (const auto [rows, cols] : too_big) {
    const std::string problem = walking_distance_shape_problem(rows, cols);
    EXPECT_NE(problem.find(size_name(rows, cols)), std::string::npos) << problem;
    EXPECT_NE(problem.find("MiB"), std::string::npos) << problem;
    for (const char* word : {"--", "npuzzle", "option", "flag"}) {
      EXPECT_EQ(problem.find(word), std::string::npos) << problem;
    }
  }
  EXPECT_EQ(walking_distance_shape_problem(4, 5),
            "walking distance tables for 4x5 would take 283.5 MiB (107,712 + 5,977,015 states), more than the "
            "64.0 MiB they are limited to");
  // Abstractions are shared between shapes: 3x4's columns are 4x3's rows.
  EXPECT_EQ(walking_distance_table_for(3, 4, Goal::kBlankLast)->horizontal,
            walking_distance_table_for(4, 3, Goal::kBlankLast)->vertical);
}

// -------------------------------------------------------- 3x3, every state --

TEST(WalkingDistance, EveryThreeByThreeStateAgainstTheExactDistance) {
  for (Goal goal : kGoals) {
    const std::string what = describe(3, 3, goal);
    const auto exact = exact_table_for(3, 3, goal);
    const auto vertical = naive_bfs(3, 3, goal, true);
    const auto horizontal = naive_bfs(3, 3, goal, false);
    std::uint64_t states = 0, moves = 0, above_manhattan = 0, above_conflict = 0, below_conflict = 0;
    long long sum_wd = 0, sum_manhattan = 0, sum_conflict = 0, sum_distance = 0;
    for (std::uint64_t rank = 0; rank < factorial(9); ++rank) {
      const Board b(3, 3, unrank_permutation(rank, 9));
      const int d = exact->of(b);
      if (d == kUnreachable) continue;
      ++states;
      const long long wd = walking_distance(b, goal);
      ASSERT_EQ(wd, vertical.at(abstract_of(b, goal, true)) + horizontal.at(abstract_of(b, goal, false))) << what;
      ASSERT_LE(wd, d) << what << ": overestimates rank " << rank;
      const long long manhattan = evaluate(b, goal, HeuristicKind::kManhattan);
      ASSERT_GE(wd, manhattan) << what << ": below Manhattan at rank " << rank;
      ASSERT_EQ(wd % 2, d % 2) << what << ": WD has the parity of Manhattan, so of the distance";
      ASSERT_EQ(wd == 0, d == 0) << what;
      const long long conflict = evaluate(b, goal, HeuristicKind::kLinearConflict);
      above_manhattan += wd > manhattan;
      above_conflict += wd > conflict;
      below_conflict += wd < conflict;
      sum_wd += wd;
      sum_manhattan += manhattan;
      sum_conflict += conflict;
      sum_distance += d;
      for (Direction dir : kDirections) {
        if (!b.can_move(dir)) continue;
        Board child = b;
        child.move(dir);
        ASSERT_EQ(std::abs(walking_distance(child, goal) - wd), 1) << what << ": rank " << rank;
        ++moves;
      }
    }
    EXPECT_EQ(states, factorial(9) / 2);
    // Neither WD nor linear conflict dominates the other on 3x3.
    EXPECT_GT(above_conflict, 0u) << what;
    EXPECT_GT(below_conflict, 0u) << what;
    EXPECT_GT(above_manhattan, 0u) << what;
    const auto average = [states](long long sum) { return std::to_string(static_cast<double>(sum) / states); };
    RecordProperty(what + ": average WD / Manhattan / linear conflict / distance",
                   average(sum_wd) + " / " + average(sum_manhattan) + " / " + average(sum_conflict) + " / " +
                       average(sum_distance));
    RecordProperty(what + ": WD above Manhattan / above linear conflict / below linear conflict",
                   std::to_string(above_manhattan) + " / " + std::to_string(above_conflict) + " / " +
                       std::to_string(below_conflict) + " of " + std::to_string(states));
  }
}

// ----------------------------------------------- the kernels' use of a heuristic --

struct Move {
  int tile, from, to;
  bool vertical;
  Direction dir;
};

std::vector<Move> moves_of(const Board& b) {
  std::vector<Move> out;
  for (Direction dir : kDirections) {
    if (!b.can_move(dir)) continue;
    const int from = b.neighbour(dir);
    out.push_back({static_cast<int>(b.at(from)), from, b.blank(), dir == Direction::kUp || dir == Direction::kDown,
                   dir});
  }
  return out;
}

Board child_of(const Board& b, const Move& m) {
  Board child = b;
  child.move(m.dir);
  return child;
}

// A node's children as a kernel has them: every child prepared (a
// PreparingHeuristic) or valued (child() of an IncrementalHeuristic) before
// the first is evaluated.
template <class H>
struct Children {
  std::vector<Move> moves;
  std::array<typename H::Step, 4> steps{};
  std::array<int, 4> values{};  // child() of an incremental heuristic

  Children(H& h, const Board& node, int node_h) : moves(moves_of(node)) {
    const Packed64 packed = Packed64::from(node);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move& m = moves[i];
      if constexpr (PreparingHeuristic<H>) {
        h.prepare(steps[i], m.tile, m.from, m.to, packed);
      } else {
        values[i] = h.child(steps[i], node_h, m.tile, m.from, m.to, m.vertical, node.cols(), node.cells());
      }
    }
  }
  int evaluate(H& h, std::size_t i, int room) {
    if constexpr (PreparingHeuristic<H>) {
      return h.evaluate(steps[i], room);
    } else {
      return values[i];
    }
  }
};

constexpr int kNoRoomLimit = 1000;

// Every child of `node` valued afresh equals the truth.
template <class H, class Truth>
void check_children(H& h, const Board& node, int node_h, const Truth& truth, const std::string& what) {
  Children<H> children(h, node, node_h);
  for (std::size_t i = 0; i < children.moves.size(); ++i) {
    ASSERT_EQ(children.evaluate(h, i, kNoRoomLimit), truth(child_of(node, children.moves[i]))) << what;
    h.reject(children.steps[i]);
  }
}

// A depth-first search below `node` as a kernel runs it with a random room:
// a child above the room is rejected (a preparing heuristic's value must
// then be above the room and at most the truth), the others are entered
// (descend, search, ascend). Afterwards the node's children are valued
// afresh, which fails unless ascend() restored everything.
template <class H, class Truth>
void random_search(H& h, const Board& node, int node_h, int depth, const Truth& truth, std::mt19937_64& rng,
                   const std::string& what) {
  Children<H> children(h, node, node_h);
  const int room = node_h - 1 + std::uniform_int_distribution<int>(0, 2)(rng);
  for (std::size_t i = 0; i < children.moves.size(); ++i) {
    const Board child = child_of(node, children.moves[i]);
    const int exact = truth(child);
    const int value = children.evaluate(h, i, room);
    if (!PreparingHeuristic<H>) {
      ASSERT_EQ(value, exact) << what;
    }
    if (exact > room) {
      ASSERT_GT(value, room) << what << ": a child over the room must be reported over it";
      ASSERT_LE(value, exact) << what << ": a cut child's value must stay a lower bound";
      h.reject(children.steps[i]);
      continue;
    }
    ASSERT_EQ(value, exact) << what;
    if (depth == 0) continue;
    h.descend(children.steps[i]);
    ASSERT_NO_FATAL_FAILURE(random_search(h, child, value, depth - 1, truth, rng, what));
    h.ascend(children.steps[i]);
  }
  ASSERT_NO_FATAL_FAILURE(check_children(h, node, node_h, truth, what + ", after the search below"));
}

// A walk of `length` moves down from `start` without ascending, every child
// of every node checked, a random search below some of them between
// preparing a node's children and entering one (as a kernel's recursion
// does); then all the way back up, checking again at every level.
template <class H, class Truth>
void long_walk(H& h, const Board& start, int length, const Truth& truth, std::mt19937_64& rng,
               const std::string& what) {
  int value = h.reset(start);
  ASSERT_EQ(value, truth(start)) << what;
  struct Level {
    Board node;
    int value;
    Children<H> children;
    std::size_t chosen;
  };
  std::vector<Level> path;
  path.reserve(static_cast<std::size_t>(length));
  Board node = start;
  for (int i = 0; i < length; ++i) {
    Children<H> children(h, node, value);
    const std::size_t chosen = std::uniform_int_distribution<std::size_t>(0, children.moves.size() - 1)(rng);
    int chosen_value = 0;
    for (std::size_t k = 0; k < children.moves.size(); ++k) {
      const int v = children.evaluate(h, k, kNoRoomLimit);
      ASSERT_EQ(v, truth(child_of(node, children.moves[k]))) << what << ", move " << i;
      if (k == chosen) {
        chosen_value = v;
      } else {
        h.reject(children.steps[k]);
      }
    }
    if (i % 61 == 0) {
      ASSERT_NO_FATAL_FAILURE(
          random_search(h, node, value, 3, truth, rng, what + ", search at move " + std::to_string(i)));
    }
    h.descend(children.steps[chosen]);
    const Board next = child_of(node, children.moves[chosen]);
    path.push_back(Level{node, value, children, chosen});
    node = next;
    value = chosen_value;
  }
  ASSERT_NO_FATAL_FAILURE(check_children(h, node, value, truth, what + " at the end"));
  while (!path.empty()) {
    Level& level = path.back();
    h.ascend(level.children.steps[level.chosen]);
    ASSERT_NO_FATAL_FAILURE(check_children(h, level.node, level.value, truth, what + " on the way back"));
    path.pop_back();
  }
}

// Every shape that fits and has at least 9 cells.
const Shape kWalkShapes[] = {{3, 3}, {4, 4}, {3, 4}, {4, 3}, {2, 5}, {5, 2}, {2, 6}, {6, 2}, {3, 5}, {5, 3}};

static_assert(IncrementalHeuristic<WalkingDistanceHeuristic>);
static_assert(NodeHeuristic<WalkingDistanceHeuristic, Packed64>);
static_assert(NodeHeuristic<WalkingDistanceHeuristic, Packed128>);
static_assert(NodeHeuristic<WalkingDistanceHeuristic, ByteGrid>);
static_assert(!PreparingHeuristic<WalkingDistanceHeuristic>);

TEST(WalkingDistanceHeuristic, IncrementalEqualsFromScratchAlongWalksAndSearches) {
  std::uint64_t seed = 1;
  for (const auto [rows, cols] : kWalkShapes) {
    for (Goal goal : kGoals) {
      const std::string what = describe(rows, cols, goal);
      const auto table = walking_distance_table_for(rows, cols, goal);
      const auto truth = [goal](const Board& b) { return static_cast<int>(walking_distance(b, goal)); };
      WalkingDistanceHeuristic h(*table);
      std::mt19937_64 rng(seed++);
      // From the goal, and from a random board (of either parity).
      ASSERT_NO_FATAL_FAILURE(long_walk(h, Board::solved(rows, cols, goal), 3000, truth, rng, what));
      ASSERT_NO_FATAL_FAILURE(
          long_walk(h, testing::random_permutation_board(rows, cols, rng), 3000, truth, rng, what + ", random start"));
      for (int i = 0; i < 20; ++i) {
        const Board b = testing::random_walk(rows, cols, goal, 200, rng);
        ASSERT_NO_FATAL_FAILURE(random_search(h, b, h.reset(b), 5, truth, rng, what + ", search"));
      }
    }
  }
}

TEST(WalkingDistanceHeuristic, AStarChildValueEqualsValueOfTheChild) {
  std::mt19937_64 rng(42);
  for (const auto [rows, cols] : kWalkShapes) {
    for (Goal goal : kGoals) {
      const std::string what = describe(rows, cols, goal);
      const WalkingDistanceHeuristic h(*walking_distance_table_for(rows, cols, goal));
      for (int i = 0; i < 3000; ++i) {
        const Board b = testing::random_permutation_board(rows, cols, rng);
        const Packed64 packed = Packed64::from(b);
        const int value = h.value(packed);
        ASSERT_EQ(value, walking_distance(b, goal)) << what;
        // Step 3 of walking_distance.h, on any board of any parity.
        const long long manhattan = evaluate(b, goal, HeuristicKind::kManhattan);
        ASSERT_GE(value, manhattan) << what;
        ASSERT_EQ((value - manhattan) % 2, 0) << what;
        ASSERT_EQ(h.value(Packed128::from(b)), value) << what;
        ASSERT_EQ(h.value(ByteGrid::from(b)), value) << what;
        for (const Move& m : moves_of(b)) {
          const Board child = child_of(b, m);
          const int child_value = h.child_value(packed, value, m.tile, m.from, m.to, m.vertical);
          ASSERT_EQ(child_value, h.value(Packed64::from(child))) << what;
          ASSERT_EQ(child_value, walking_distance(child, goal)) << what;
          ASSERT_EQ(h.child_value(ByteGrid::from(b), value, m.tile, m.from, m.to, m.vertical), child_value) << what;
        }
      }
    }
  }
}

// ---------------------------------------------------------------- the maximum --

std::shared_ptr<const pdb::AdditivePdb> in_memory_pdb(const std::vector<std::vector<int>>& parts, int rows, int cols,
                                                      Goal goal, bool reflect) {
  std::vector<std::shared_ptr<const pdb::PatternDb>> tables;
  for (const auto& tiles : parts) {
    tables.push_back(std::make_shared<const pdb::PatternDb>(pdb::build_pdb(pdb::Pattern(rows, cols, goal, tiles))));
  }
  return std::make_shared<const pdb::AdditivePdb>("test", rows, cols, goal, std::move(tables), reflect);
}

// Small additive partitions: 3x3 as 4 + 4 tiles, 4x4 as 5-5-5.
std::vector<std::vector<int>> small_partition(int rows) {
  if (rows == 3) return {{1, 2, 3, 4}, {5, 6, 7, 8}};
  return {{1, 2, 3, 4, 5}, {6, 7, 8, 9, 10}, {11, 12, 13, 14, 15}};
}

using PdbAndWd = MaxHeuristic<PdbHeuristic<false>, WalkingDistanceHeuristic>;
using ReflectedPdbAndWd = MaxHeuristic<PdbHeuristic<true>, WalkingDistanceHeuristic>;
using WdAndPdb = MaxHeuristic<WalkingDistanceHeuristic, PdbHeuristic<false>>;
using ConflictAndWd = MaxHeuristic<TileHeuristic<kMaxConflictLine, true>, WalkingDistanceHeuristic>;

static_assert(PreparingHeuristic<PdbAndWd> && PreparingHeuristic<WdAndPdb> && PreparingHeuristic<ConflictAndWd>);
static_assert(NodeHeuristic<PdbAndWd, Packed64> && NodeHeuristic<ReflectedPdbAndWd, Packed64>);
static_assert(NodeHeuristic<ConflictAndWd, Packed64>);
static_assert(!IncrementalHeuristic<PdbAndWd>);
// Only the plain preparing path: nothing that would make a kernel screen
// or prepare in two rounds.
template <class H>
concept Fetches = requires(H& h, typename H::Step& s) { h.fetch(s); };
template <class H>
concept Screens = requires(H& h, typename H::Step& s) { h.screen(s, 0); };
template <class H>
concept Locates = requires(H& h, typename H::Step& s, const Packed64& p) { h.locate(s, 0, 0, 0, p); };
static_assert(!Fetches<PdbAndWd> && !Screens<PdbAndWd> && !Locates<PdbAndWd>);
static_assert(!Fetches<ReflectedPdbAndWd> && !Screens<ReflectedPdbAndWd> && !Locates<ReflectedPdbAndWd>);

template <class Max, class Truth>
void check_max(Max& h, int rows, int cols, Goal goal, const Truth& truth, std::uint64_t seed, const std::string& what) {
  std::mt19937_64 rng(seed);
  ASSERT_NO_FATAL_FAILURE(long_walk(h, Board::solved(rows, cols, goal), 1000, truth, rng, what));
  for (int i = 0; i < 10; ++i) {
    const Board b = testing::random_walk(rows, cols, goal, 100, rng);
    ASSERT_NO_FATAL_FAILURE(long_walk(h, b, 200, truth, rng, what + ", from a random board"));
    ASSERT_NO_FATAL_FAILURE(random_search(h, b, h.reset(b), 5, truth, rng, what + ", search"));
  }
  // A*: value() and child_value() are the maximum.
  for (int i = 0; i < 500; ++i) {
    const Board b = testing::random_walk(rows, cols, goal, 60, rng);
    const Packed64 packed = Packed64::from(b);
    const int value = h.value(packed);
    ASSERT_EQ(value, truth(b)) << what;
    for (const Move& m : moves_of(b)) {
      ASSERT_EQ(h.child_value(packed, value, m.tile, m.from, m.to, m.vertical), truth(child_of(b, m))) << what;
    }
  }
}

TEST(MaxHeuristic, PdbAndWalkingDistanceIsTheirMaximum) {
  std::uint64_t seed = 100;
  for (int side : {3, 4}) {
    for (Goal goal : kGoals) {
      const auto wd = walking_distance_table_for(side, side, goal);
      for (bool reflect : {false, true}) {
        const auto pdb = in_memory_pdb(small_partition(side), side, side, goal, reflect);
        const std::string what =
            describe(side, side, goal) + (reflect ? ", reflected PDB" : ", PDB") + " and walking distance";
        std::uint64_t wd_above = 0, pdb_above = 0;
        const auto truth = [&](const Board& b) {
          const int p = pdb->evaluate(b);
          const int w = static_cast<int>(walking_distance(b, goal));
          wd_above += w > p;
          pdb_above += p > w;
          return std::max(p, w);
        };
        if (reflect) {
          ReflectedPdbAndWd h{PdbHeuristic<true>(*pdb), WalkingDistanceHeuristic(*wd)};
          ASSERT_NO_FATAL_FAILURE(check_max(h, side, side, goal, truth, seed++, what));
        } else {
          PdbAndWd h{PdbHeuristic<false>(*pdb), WalkingDistanceHeuristic(*wd)};
          ASSERT_NO_FATAL_FAILURE(check_max(h, side, side, goal, truth, seed++, what));
          WdAndPdb swapped{WalkingDistanceHeuristic(*wd), PdbHeuristic<false>(*pdb)};
          ASSERT_NO_FATAL_FAILURE(check_max(swapped, side, side, goal, truth, seed++, what + " (WD first)"));
        }
        // Both parts matter on these boards: each is sometimes the larger.
        EXPECT_GT(wd_above, 0u) << what;
        EXPECT_GT(pdb_above, 0u) << what;
      }
    }
  }
}

// Two incremental parts: each keeps its own value at the current node (the
// tile heuristic's child() adds a delta to it).
TEST(MaxHeuristic, LinearConflictAndWalkingDistanceIsTheirMaximum) {
  std::uint64_t seed = 200;
  for (const auto [rows, cols] : {Shape{4, 4}, Shape{3, 5}}) {
    for (Goal goal : kGoals) {
      const auto tables = tables_for(rows, cols, goal);
      const auto wd = walking_distance_table_for(rows, cols, goal);
      ConflictAndWd h{TileHeuristic<kMaxConflictLine, true>(*tables, HeuristicKind::kLinearConflict),
                      WalkingDistanceHeuristic(*wd)};
      const auto truth = [goal](const Board& b) {
        return static_cast<int>(
            std::max(evaluate(b, goal, HeuristicKind::kLinearConflict), walking_distance(b, goal)));
      };
      ASSERT_NO_FATAL_FAILURE(check_max(h, rows, cols, goal, truth, seed++, describe(rows, cols, goal)));
    }
  }
}

// ----------------------------------------------------------------- kernels --

template <class Storage, int kRows, int kCols, class Heuristic>
SolveResult ida(const Board& b, const TileTables& tables, const Heuristic& heuristic) {
  const SolveLimits limits;  // the Budget keeps a reference to it
  Budget budget(limits);
  return IdaStar<Storage, kRows, kCols, Heuristic>(tables, heuristic, budget).run(b);
}

template <class Heuristic>
SolveResult a_star(const Board& b, const TileTables& tables, const Heuristic& heuristic) {
  const SolveLimits limits;
  Budget budget(limits);
  return AStar<Packed64, Heuristic>(tables, heuristic, budget, std::uint64_t{1} << 30).run(b);
}

void expect_optimal(const SolveResult& r, const Board& b, Goal goal, int length, const std::string& what) {
  ASSERT_EQ(r.status, Status::kOptimal) << what;
  ASSERT_EQ(r.length, length) << what;
  ASSERT_EQ(static_cast<std::int64_t>(r.moves.size()), length) << what;
  ASSERT_EQ(check_solution(b, r.moves, goal), "") << what;
}

TEST(Kernels, SolveThreeByThreeBoardsInTheirExactDistance) {
  for (Goal goal : kGoals) {
    const auto tables = tables_for(3, 3, goal);
    const auto exact = exact_table_for(3, 3, goal);
    const auto wd_table = walking_distance_table_for(3, 3, goal);
    const auto pdb = in_memory_pdb(small_partition(3), 3, 3, goal, false);
    const WalkingDistanceHeuristic wd(*wd_table);
    const PdbAndWd max{PdbHeuristic<false>(*pdb), wd};
    int solved = 0;
    // The hardest boards, and a sample of all.
    for (std::uint64_t rank = 0; rank < factorial(9); ++rank) {
      const Board b(3, 3, unrank_permutation(rank, 9));
      const int d = exact->of(b);
      if (d == kUnreachable || (d < 28 && rank % 1009 != 0)) continue;
      const std::string what = describe(3, 3, goal) + ", rank " + std::to_string(rank);
      ASSERT_NO_FATAL_FAILURE(expect_optimal(ida<Packed64, 0, 0>(b, *tables, wd), b, goal, d, what + ", WD"));
      ASSERT_NO_FATAL_FAILURE(expect_optimal(ida<Packed64, 3, 3>(b, *tables, wd), b, goal, d, what + ", WD static"));
      ASSERT_NO_FATAL_FAILURE(expect_optimal(ida<Packed64, 0, 0>(b, *tables, max), b, goal, d, what + ", max"));
      ASSERT_NO_FATAL_FAILURE(expect_optimal(ida<Packed64, 3, 3>(b, *tables, max), b, goal, d, what + ", max static"));
      ASSERT_NO_FATAL_FAILURE(expect_optimal(a_star(b, *tables, wd), b, goal, d, what + ", A* WD"));
      ASSERT_NO_FATAL_FAILURE(expect_optimal(a_star(b, *tables, max), b, goal, d, what + ", A* max"));
      ++solved;
    }
    EXPECT_GT(solved, 200) << describe(3, 3, goal);
  }
}

// Four of Korf's 100 (the ones with the fewest published IDA* nodes), in
// their published lengths, for both goals.
TEST(Kernels, SolveKorfInstancesInTheirPublishedLengths) {
  const std::set<int> ids = {12, 42, 55, 79};
  const auto instances = testing::korf100();
  ASSERT_EQ(instances.size(), 100u);
  for (Goal goal : kGoals) {
    const auto tables = tables_for(4, 4, goal);
    const auto pdb = in_memory_pdb(small_partition(4), 4, 4, goal, false);
    const WalkingDistanceHeuristic wd(*walking_distance_table_for(4, 4, goal));
    const PdbAndWd max{PdbHeuristic<false>(*pdb), wd};
    for (const auto& k : instances) {
      if (!ids.contains(k.id)) continue;
      const Board b(4, 4, goal == Goal::kBlankFirst ? k.tiles : k.tiles_blank_last);
      const std::string what = describe(4, 4, goal) + ", Korf #" + std::to_string(k.id);
      const SolveResult alone = ida<Packed64, 0, 0>(b, *tables, wd);
      ASSERT_NO_FATAL_FAILURE(expect_optimal(alone, b, goal, k.optimal_length, what + ", WD"));
      const SolveResult combined = ida<Packed64, 0, 0>(b, *tables, max);
      ASSERT_NO_FATAL_FAILURE(expect_optimal(combined, b, goal, k.optimal_length, what + ", max(5-5-5, WD)"));
      RecordProperty(what + ": expanded with WD / max(5-5-5, WD)",
                     std::to_string(alone.expanded) + " / " + std::to_string(combined.expanded));
    }
  }
}

// Through the registry and the facade, as a user names them: the 4x4
// compile-time kernel (with the move-pruning machine too), the generic
// kernel (3x4, 2x6), against the published lengths and BFS.
TEST(WalkingDistanceRow, SolvesThroughTheRegistryInPublishedAndBfsLengths) {
  const auto instances = testing::korf100();
  ASSERT_EQ(instances.size(), 100u);
  for (const MovePruning pruning : {MovePruning::kParent, MovePruning::kFsm}) {
    SolveRequest request;
    request.goal = Goal::kBlankFirst;
    request.heuristic = heuristic_spec("wd");
    request.pruning = pruning;
    for (const auto& k : instances) {
      if (k.id > 10) break;
      const Board b(4, 4, k.tiles);
      const SolveResult r = solve(b, request);
      ASSERT_EQ(r.status, Status::kOptimal) << "Korf #" << k.id << ": " << r.message;
      EXPECT_EQ(r.length, k.optimal_length) << "Korf #" << k.id;
      EXPECT_EQ(check_solution(b, r.moves, request.goal), "") << "Korf #" << k.id;
    }
  }
  // Shapes without a compile-time kernel for it: against the exact distance.
  std::mt19937_64 rng(20241);
  for (const auto& [rows, cols] : {std::pair{3, 4}, std::pair{2, 5}, std::pair{3, 3}}) {
    SolveRequest request;
    request.heuristic = heuristic_spec("wd");
    for (int i = 0; i < 20; ++i) {
      const Board b = testing::random_walk(rows, cols, request.goal, 40, rng);
      const SolveResult r = solve(b, request);
      ASSERT_EQ(r.status, Status::kOptimal) << describe(rows, cols, request.goal) << ": " << r.message;
      if (rows * cols <= kMaxExactCells) {
        EXPECT_EQ(r.length, exact_table_for(rows, cols, request.goal)->of(b)) << describe(rows, cols, request.goal);
      }
      EXPECT_EQ(check_solution(b, r.moves, request.goal), "");
    }
  }
}

TEST(WalkingDistanceRow, SaysWhichShapesItServes) {
  EXPECT_EQ(heuristic_size_problem(heuristic_spec("wd"), 4, 4), "");
  EXPECT_EQ(heuristic_size_problem(heuristic_spec("wd"), 3, 5), "");
  EXPECT_NE(heuristic_size_problem(heuristic_spec("wd"), 5, 5).find("5x5"), std::string::npos);
  SolveRequest request;
  request.heuristic = heuristic_spec("wd");
  const SolveResult r = solve(Board::solved(5, 5, request.goal), request);
  EXPECT_EQ(r.status, Status::kUnsupported);
  EXPECT_NE(r.message.find("walking distance"), std::string::npos) << r.message;
  // The help lists it (the CLI's --help and the Python docstrings come from the row).
  EXPECT_NE(heuristic_help().find("wd: walking distance"), std::string::npos);
}

// A directory of its own for a test's table cache, removed at the end.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "npuzzle-wd-test-XXXXXX").string();
    path_ = ::mkdtemp(pattern.data());
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// max(pdb:SPEC,wd) through the registry: the build step, then solving with
// fewer expansions than the database alone and never more than WD alone.
TEST(PdbWalkingDistanceRow, BuildsItsDatabaseThenSolvesInPublishedLengths) {
  const ScratchDir cache;
  SolveRequest request;
  request.goal = Goal::kBlankFirst;
  request.tables.cache.dir = cache.path();
  request.heuristic = heuristic_spec("max(pdb:555,wd)");
  ASSERT_FALSE(tables_to_build(request.heuristic, 4, 4, request.goal, request.tables).empty());
  // Resolving never builds: unsupported until the build step has run.
  const Board first(4, 4, testing::korf100().front().tiles);
  EXPECT_EQ(solve(first, request).status, Status::kUnsupported);
  build_tables(request.heuristic, 4, 4, request.goal, request.tables);
  EXPECT_TRUE(tables_to_build(request.heuristic, 4, 4, request.goal, request.tables).empty());
  SolveRequest plain = request;
  plain.heuristic = heuristic_spec("pdb:555");
  std::uint64_t with_wd = 0, without = 0;
  for (const auto& k : testing::korf100()) {
    if (k.id > 10) break;
    const Board b(4, 4, k.tiles);
    const SolveResult both = solve(b, request);
    const SolveResult alone = solve(b, plain);
    ASSERT_EQ(both.status, Status::kOptimal) << both.message;
    EXPECT_EQ(both.length, k.optimal_length);
    EXPECT_EQ(check_solution(b, both.moves, request.goal), "");
    EXPECT_LE(both.initial_h, k.optimal_length);
    EXPECT_GE(both.initial_h, alone.initial_h);
    with_wd += both.expanded;
    without += alone.expanded;
  }
  EXPECT_LT(with_wd, without);
  const Resolution r = resolve_heuristic(request.heuristic, 4, 4, request.goal, request.tables);
  EXPECT_EQ(r.heuristic.label, "max(pdb:555,wd)");
}

}  // namespace
}  // namespace npuzzle
