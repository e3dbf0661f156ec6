// The move-pruning machine (search/move_fsm.h) against a breadth-first
// search over boards written here, and IDA* with it against BFS distances
// and Korf's published lengths.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include <tbb/task_arena.h>

#include "core/ranking.h"
#include "core/replay.h"
#include "search/move_fsm.h"
#include "search/solver.h"
#include "test_support.h"
#include "tools/bfs.h"

namespace npuzzle {
namespace {

// Tiles labelled by their start cells, the blank as 255.
using Arrangement = std::vector<int>;

// The cell the blank reaches moving `d` (Direction's values: up, down, left,
// right) from `cell`, or -1 off the board.
int neighbour_cell(int rows, int cols, int cell, int d) {
  const int r = cell / cols, c = cell % cols;
  switch (d) {
    case 0: return r > 0 ? cell - cols : -1;
    case 1: return r + 1 < rows ? cell + cols : -1;
    case 2: return c > 0 ? cell - 1 : -1;
    default: return c + 1 < cols ? cell + 1 : -1;
  }
}

// Every string the machine accepts from `start`, up to `depth` moves, with
// the arrangement it leaves: walks the machine, not the builder's lists.
void accepted(const MoveFsm& fsm, int state, Arrangement& a, int cell, int depth, std::string& moves,
              std::vector<std::pair<std::string, Arrangement>>& out) {
  out.emplace_back(moves, a);
  if (static_cast<int>(moves.size()) == depth) return;
  for (int d = 0; d < 4; ++d) {
    const int next = fsm.after(cell, state, static_cast<Direction>(d));
    if (next == kDeadMove) continue;
    const int to = neighbour_cell(fsm.rows, fsm.cols, cell, d);
    ASSERT_GE(to, 0) << "a move off the board lives";
    ASSERT_LT(next, fsm.states_on(to));
    std::swap(a[static_cast<std::size_t>(cell)], a[static_cast<std::size_t>(to)]);
    moves.push_back(static_cast<char>('0' + d));
    accepted(fsm, next, a, to, depth, moves, out);
    moves.pop_back();
    std::swap(a[static_cast<std::size_t>(cell)], a[static_cast<std::size_t>(to)]);
  }
}

// The depth of every arrangement within `depth` moves of the start, by BFS over Boards' moves.
std::map<Arrangement, int> reachable(int rows, int cols, int start, int depth) {
  Arrangement a(static_cast<std::size_t>(rows * cols));
  for (int i = 0; i < rows * cols; ++i) a[static_cast<std::size_t>(i)] = i;
  a[static_cast<std::size_t>(start)] = 255;
  std::map<Arrangement, int> depth_of{{a, 0}};
  std::vector<std::pair<Arrangement, int>> frontier{{a, start}};
  for (int d = 1; d <= depth; ++d) {
    std::vector<std::pair<Arrangement, int>> next;
    for (const auto& [arr, blank] : frontier) {
      for (int dir = 0; dir < 4; ++dir) {
        const int to = neighbour_cell(rows, cols, blank, dir);
        if (to < 0) continue;
        Arrangement child = arr;
        std::swap(child[static_cast<std::size_t>(blank)], child[static_cast<std::size_t>(to)]);
        if (depth_of.emplace(child, d).second) next.emplace_back(std::move(child), to);
      }
    }
    frontier = std::move(next);
  }
  return depth_of;
}

// For every start cell: no two accepted strings of up to k moves leave the
// same arrangement (so of equivalent strings at most one, the first, is
// accepted), and every arrangement within k moves is left by an accepted
// string of its BFS depth (so no state is lost, and none gets longer).
TEST(MoveFsm, AcceptsExactlyOneShortestStringPerStateWithinItsDepth) {
  const struct {
    int rows, cols, depth;
  } cases[] = {{3, 3, 10}, {2, 4, 10}, {4, 4, 8}, {3, 5, 8}};
  for (const auto& shape : cases) {
    const auto fsm = build_move_fsm(shape.rows, shape.cols, shape.depth);
    EXPECT_GT(fsm->forbidden_strings, 0u);
    for (int start = 0; start < shape.rows * shape.cols; ++start) {
      Arrangement a(static_cast<std::size_t>(shape.rows * shape.cols));
      for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<int>(i);
      a[static_cast<std::size_t>(start)] = 255;
      std::vector<std::pair<std::string, Arrangement>> strings;
      std::string moves;
      accepted(*fsm, MoveFsm::kEmptyHistory, a, start, shape.depth, moves, strings);
      std::map<Arrangement, std::string> first;
      for (const auto& [s, arr] : strings) {
        const auto [it, added] = first.emplace(arr, s);
        ASSERT_TRUE(added) << shape.rows << "x" << shape.cols << " cell " << start << ": '" << it->second
                           << "' and '" << s << "' are equivalent and both accepted";
      }
      const auto truth = reachable(shape.rows, shape.cols, start, shape.depth);
      ASSERT_EQ(first.size(), truth.size()) << shape.rows << "x" << shape.cols << " cell " << start;
      for (const auto& [arr, d] : truth) {
        const auto it = first.find(arr);
        ASSERT_NE(it, first.end());
        ASSERT_EQ(static_cast<int>(it->second.size()), d);
      }
    }
  }
}

// Every 3x3 board at BFS distance 25 or more (41,305 of them) comes out
// optimal with the machine, and in fewer nodes in all.
TEST(MoveFsm, IdaStaysOptimalOnTheHardest3x3Boards) {
  const Goal goal = Goal::kBlankLast;
  const auto distance = bfs_distances(3, 3, goal);
  SolveRequest parent, fsm;
  parent.goal = fsm.goal = goal;
  parent.heuristic = fsm.heuristic = heuristic_spec("linear-conflict");
  fsm.pruning = MovePruning::kFsm;
  std::uint64_t parent_nodes = 0, fsm_nodes = 0;
  int checked = 0;
  for (std::uint64_t rank = 0; rank < distance.size(); ++rank) {
    if (distance[rank] == kUnreached || distance[rank] < 25) continue;
    const Board b(3, 3, unrank_permutation(rank, 9));
    const SolveResult r = solve(b, fsm);
    ASSERT_EQ(r.status, Status::kOptimal);
    ASSERT_EQ(r.length, distance[rank]);
    ASSERT_EQ(check_solution(b, r.moves, goal), "");
    fsm_nodes += r.expanded;
    if (rank % 16 == 0) {
      parent_nodes += solve(b, parent).expanded * 16;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 41305);
  EXPECT_LT(fsm_nodes, parent_nodes);
}

// --fsm-depth on the hardest 3x3 boards (BFS distance 29 to 31, 983 of
// them). Depth 2 forbids only the move back, so it must give exactly the
// parent test's counts; every depth gives the BFS length and a solution that
// replays; and the deeper the machine, the fewer nodes.
TEST(MoveFsm, EveryDepthStaysOptimalAndDepthTwoIsTheParentTest) {
  const Goal goal = Goal::kBlankLast;
  const auto distance = bfs_distances(3, 3, goal);
  SolveRequest parent;
  parent.goal = goal;
  parent.heuristic = heuristic_spec("linear-conflict");
  const int depths[] = {2, 6, 10, 14};
  std::vector<std::uint64_t> expanded(std::size(depths));
  int checked = 0;
  for (std::uint64_t rank = 0; rank < distance.size(); ++rank) {
    if (distance[rank] == kUnreached || distance[rank] < 29) continue;
    const Board b(3, 3, unrank_permutation(rank, 9));
    const SolveResult by_parent = solve(b, parent);
    for (std::size_t i = 0; i < std::size(depths); ++i) {
      SolveRequest fsm = parent;
      fsm.pruning = MovePruning::kFsm;
      fsm.fsm_depth = depths[i];
      const SolveResult r = solve(b, fsm);
      ASSERT_EQ(r.status, Status::kOptimal) << "depth " << depths[i];
      ASSERT_EQ(r.length, distance[rank]) << "depth " << depths[i];
      ASSERT_EQ(check_solution(b, r.moves, goal), "") << "depth " << depths[i];
      if (depths[i] == 2) {
        ASSERT_EQ(r.expanded, by_parent.expanded);
        ASSERT_EQ(r.generated, by_parent.generated);
        ASSERT_EQ(r.moves, by_parent.moves);
      }
      expanded[i] += r.expanded;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 760 + 221 + 2);  // the published counts of distances 29, 30 and 31
  for (std::size_t i = 1; i < std::size(depths); ++i) {
    EXPECT_LT(expanded[i], expanded[i - 1]) << "depth " << depths[i] << " against " << depths[i - 1];
  }
}

// move_fsm_for() keeps one machine per shape and depth; depth 0 is the default's.
TEST(MoveFsm, OneSharedMachinePerShapeAndDepth) {
  const auto by_default = move_fsm_for(3, 4);
  EXPECT_EQ(by_default->depth, default_fsm_depth(12));
  EXPECT_EQ(move_fsm_for(3, 4, default_fsm_depth(12)), by_default);
  const auto shallow = move_fsm_for(3, 4, 4);
  EXPECT_EQ(shallow->depth, 4);
  EXPECT_EQ(move_fsm_for(3, 4, 4), shallow);
  EXPECT_LT(shallow->states(), by_default->states());
  EXPECT_EQ(move_fsm_for(4, 3, 4)->cols, 3);
}

// A depth outside its shape's range, or without the machine, is refused
// before any machine is built (solve() reports it as unsupported).
TEST(MoveFsm, DepthsOutsideTheirRangeAreUnsupported) {
  using Code = RequestProblem::Code;
  SolveRequest options;
  options.heuristic = heuristic_spec("linear-conflict");
  options.pruning = MovePruning::kFsm;
  options.fsm_depth = 14;
  EXPECT_FALSE(check_request(options, 5, 5));
  const auto on_6x6 = check_request(options, 6, 6);
  ASSERT_TRUE(on_6x6);
  EXPECT_EQ(on_6x6->code, Code::kFsmDepthRange);
  EXPECT_EQ(on_6x6->low, 2);
  EXPECT_EQ(on_6x6->high, 10);
  EXPECT_EQ(describe(*on_6x6), "the machine's depth must be from 2 to 10 on 6x6");
  options.fsm_depth = 1;
  const auto too_shallow = check_request(options, 3, 3);
  ASSERT_TRUE(too_shallow);
  EXPECT_EQ(too_shallow->code, Code::kFsmDepthRange);
  const auto whatever_the_board = check_request(options);
  ASSERT_TRUE(whatever_the_board) << "a depth of 1 is wrong whatever the board";
  EXPECT_EQ(whatever_the_board->code, Code::kFsmDepthRange);
  options.fsm_depth = 6;
  options.pruning = MovePruning::kParent;
  const auto without_machine = check_request(options, 3, 3);
  ASSERT_TRUE(without_machine);
  EXPECT_EQ(without_machine->code, Code::kFsmDepthWithoutMachine);
  EXPECT_EQ(describe(*without_machine), "the machine's depth applies to fsm pruning only");
  options.pruning = MovePruning::kFsm;
  options.fsm_depth = 12;
  const SolveResult r = solve(Board::solved(6, 6, options.goal), options);
  EXPECT_EQ(r.status, Status::kUnsupported);
  EXPECT_EQ(r.message, "the machine's depth must be from 2 to 10 on 6x6");
}

// The deepest machines --fsm-depth allows fit the two-byte table (the
// builder throws when they would not): 5x5 and 4x6 at depth 14, and 8x8, the
// largest board optimal search takes, at 10. About 30 s and 1.7 GB.
TEST(MoveFsm, DeepestAllowedMachinesFit) {
  for (const auto& [rows, cols] : {std::pair{5, 5}, std::pair{4, 6}, std::pair{8, 8}}) {
    const auto fsm = build_move_fsm(rows, cols, max_fsm_depth(rows * cols));
    for (int cell = 0; cell < rows * cols; ++cell) ASSERT_GT(fsm->states_on(cell), 0);
    EXPECT_GT(fsm->states(), move_fsm_for(rows, cols)->states()) << rows << "x" << cols;
  }
}

// The builder runs the start cells in parallel and merges their finds in
// cell order: on one thread and on all it builds the same machine.
TEST(MoveFsm, IsTheSameMachineOnOneThreadAsOnAll) {
  const struct {
    int rows, cols, depth;
  } cases[] = {{4, 4, 10}, {3, 5, 10}, {4, 5, 9}};
  for (const auto& shape : cases) {
    const auto all = build_move_fsm(shape.rows, shape.cols, shape.depth);
    tbb::task_arena one(1);
    const auto serial = one.execute([&] { return build_move_fsm(shape.rows, shape.cols, shape.depth); });
    EXPECT_EQ(all->next, serial->next) << shape.rows << "x" << shape.cols;
    EXPECT_EQ(all->first, serial->first);
    EXPECT_EQ(all->forbidden_strings, serial->forbidden_strings);
  }
}

// The default machines of the largest shapes of each depth fit the two-byte
// table (build_move_fsm throws when they would not): every live entry names
// a state of the cell its move leads to.
TEST(MoveFsm, DefaultMachinesFitTheirTable) {
  for (const auto& [rows, cols] : {std::pair{5, 5}, std::pair{4, 6}, std::pair{8, 8}}) {
    const auto fsm = move_fsm_for(rows, cols);
    EXPECT_EQ(fsm->depth, default_fsm_depth(rows * cols));
    ASSERT_EQ(fsm->first.size(), static_cast<std::size_t>(rows * cols) + 1);
    EXPECT_EQ(fsm->next.size(), 4 * static_cast<std::size_t>(fsm->states()));
    for (int cell = 0; cell < rows * cols; ++cell) {
      ASSERT_GT(fsm->states_on(cell), 0);
      ASSERT_LT(fsm->states_on(cell), static_cast<int>(kDeadMove));
      for (int state = 0; state < fsm->states_on(cell); ++state) {
        for (int d = 0; d < 4; ++d) {
          const int next = fsm->after(cell, state, static_cast<Direction>(d));
          if (next == kDeadMove) continue;
          const int to = neighbour_cell(rows, cols, cell, d);
          ASSERT_GE(to, 0) << rows << "x" << cols << ": a move off the board lives";
          ASSERT_LT(next, fsm->states_on(to)) << rows << "x" << cols;
        }
      }
    }
  }
}

// Korf's first ten with linear conflict: the published lengths.
TEST(MoveFsm, KorfsFirstTenKeepTheirLengths) {
  const auto korf = testing::korf100();
  ASSERT_GE(korf.size(), 10u);
  SolveRequest options;
  options.goal = Goal::kBlankFirst;
  options.heuristic = heuristic_spec("linear-conflict");
  options.pruning = MovePruning::kFsm;
  for (std::size_t i = 0; i < 10; ++i) {
    const Board b(4, 4, korf[i].tiles);
    const SolveResult r = solve(b, options);
    ASSERT_EQ(r.status, Status::kOptimal);
    EXPECT_EQ(r.length, korf[i].optimal_length) << "instance " << korf[i].id;
    EXPECT_EQ(check_solution(b, r.moves, options.goal), "");
  }
}

}  // namespace
}  // namespace npuzzle
