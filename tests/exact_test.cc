// The exact heuristic (heuristics/exact.h) against the exhaustive BFS of
// tools/bfs.h, a separate implementation over Boards; IDA* with it expands
// exactly the solution path; and the whole 3x3 state space through the
// batch, lengths against BFS and solutions replayed by `verify`.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "cli_support.h"
#include "core/ranking.h"
#include "core/replay.h"
#include "heuristics/exact.h"
#include "search/solver.h"
#include "tools/bfs.h"

namespace npuzzle {
namespace {

TEST(ExactTable, EqualsBfsOnEverySmallShape) {
  const std::pair<int, int> shapes[] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}, {2, 5}};
  for (const auto& [rows, cols] : shapes) {
    for (const Goal goal : {Goal::kBlankLast, Goal::kBlankFirst}) {
      if (rows * cols == 10 && goal == Goal::kBlankFirst) continue;  // one 1.8M-state check is enough
      const auto table = exact_table_for(rows, cols, goal);
      const auto truth = bfs_distances(rows, cols, goal);
      ASSERT_EQ(table->distance.size(), truth.size());
      // exact_rank over a packed board is the lexicographic rank that ranking.h defines.
      for (std::uint64_t rank = 0; rank < truth.size(); rank += 7919) {
        const Board b(rows, cols, unrank_permutation(rank, rows * cols));
        ASSERT_EQ(exact_rank(Packed64::from(b), rows * cols), rank);
      }
      std::size_t differ = 0;
      for (std::size_t i = 0; i < truth.size(); ++i) differ += table->distance[i] != truth[i];
      EXPECT_EQ(differ, 0u) << size_name(rows, cols) << " " << goal_name(goal);
    }
  }
}

// With h exact, the first IDA* iteration's bound is the optimal length and
// every child it enters lies on an optimal path: one expansion per move.
// A* with it must also come out optimal.
TEST(ExactHeuristic, IdaExpandsOnlyTheSolutionPath) {
  const Goal goal = Goal::kBlankFirst;
  const auto truth = bfs_distances(3, 3, goal);
  SolveRequest options;
  options.goal = goal;
  options.heuristic = heuristic_spec("exact");
  int checked = 0;
  for (std::uint64_t rank = 0; rank < truth.size(); rank += 101) {
    if (truth[rank] == kUnreached) continue;
    const Board b(3, 3, unrank_permutation(rank, 9));
    options.algorithm = Algorithm::kIdaStar;
    const SolveResult ida = solve(b, options);
    ASSERT_EQ(ida.status, Status::kOptimal);
    ASSERT_EQ(ida.length, truth[rank]);
    ASSERT_EQ(ida.expanded, static_cast<std::uint64_t>(ida.length));
    ASSERT_EQ(check_solution(b, ida.moves, goal), "");
    options.algorithm = Algorithm::kAStar;
    const SolveResult astar = solve(b, options);
    ASSERT_EQ(astar.status, Status::kOptimal);
    ASSERT_EQ(astar.length, truth[rank]);
    ++checked;
  }
  EXPECT_GT(checked, 800);
  // The 2x4 board on the generic kernel, and a board the table cannot serve.
  const auto wide_truth = bfs_distances(2, 4, goal);
  options.algorithm = Algorithm::kIdaStar;
  for (std::uint64_t rank = 0; rank < wide_truth.size(); rank += 37) {
    if (wide_truth[rank] == kUnreached) continue;
    const SolveResult r = solve(Board(2, 4, unrank_permutation(rank, 8)), options);
    ASSERT_EQ(r.length, wide_truth[rank]);
    ASSERT_EQ(r.expanded, static_cast<std::uint64_t>(r.length));
  }
  const auto problem = check_request(options, 3, 4);
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->code, RequestProblem::Code::kHeuristicSize);
  EXPECT_EQ(describe(*problem), "exact supports boards of at most 10 cells; 3x4 has 12");
  const SolveResult too_big = solve(Board::solved(3, 4, goal), options);
  EXPECT_EQ(too_big.status, Status::kUnsupported);
  EXPECT_EQ(too_big.message, "exact supports boards of at most 10 cells; 3x4 has 12");
}

// All 181,440 solvable 3x3 boards through `batch` (auto picks exact) on 2
// threads: every length equals the BFS distance, and `verify` replays them all.
TEST_F(Cli, All3x3BoardsMatchBfsThroughBatch) {
  const CliResult gen = npuzzle("gen --size 3x3 --all > " + quote(path("all.txt")));
  ASSERT_EQ(gen.code, 0) << gen.err;
  const CliResult batch =
      npuzzle("batch --no-progress --threads 2 -i " + quote(path("all.txt")) + " -o " + quote(path("all.csv")));
  ASSERT_EQ(batch.code, 0) << batch.err;
  const auto truth = bfs_distances(3, 3, Goal::kBlankLast);
  std::ifstream in(path("all.txt"));
  std::vector<int> expected;  // by input order
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream tokens(line);
    std::string id;
    tokens >> id;
    std::vector<std::uint32_t> tiles(9);
    for (auto& t : tiles) tokens >> t;
    expected.push_back(truth[rank_permutation(tiles)]);
  }
  ASSERT_EQ(expected.size(), 181440u);
  const auto rows = read_csv(slurp(path("all.csv")));
  ASSERT_EQ(rows.size(), expected.size());
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    wrong += rows[i][kStatus] != "optimal" || rows[i][kLength] != std::to_string(expected[i]) ||
             rows[i][kHeuristic] != "exact";
  }
  EXPECT_EQ(wrong, 0u);
  const CliResult verify = npuzzle("verify -i " + quote(path("all.txt")) + " -r " + quote(path("all.csv")));
  EXPECT_EQ(verify.code, 0) << verify.err;
  EXPECT_NE(verify.out.find("181440 passed, 0 failed"), std::string::npos) << verify.out;
}

}  // namespace
}  // namespace npuzzle
