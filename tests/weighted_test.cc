// Weighted IDA* against the exhaustive BFS: on every 3x3 state of both goals,
// for W = 1.5 and 2, the solution replays and is at most W times the optimal
// length, and the reported lower bound never exceeds the optimal length.
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string_view>
#include <vector>

#include "core/ranking.h"
#include "core/replay.h"
#include "core/solvability.h"
#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/builder.h"
#include "heuristics/pdb/pattern.h"
#include "heuristics/registry.h"
#include "search/solver.h"
#include "tools/bfs.h"

namespace npuzzle {
namespace {

// The 3x3 pattern database 1-4 + 5-8 with reflection: admissible and not
// consistent (a move can change it by more than one).
std::shared_ptr<const pdb::AdditivePdb> pdb_3x3(Goal goal) {
  std::vector<std::shared_ptr<const pdb::PatternDb>> tables;
  for (const std::vector<int>& tiles : {std::vector<int>{1, 2, 3, 4}, std::vector<int>{5, 6, 7, 8}}) {
    tables.push_back(std::make_shared<const pdb::PatternDb>(pdb::build_pdb(pdb::Pattern(3, 3, goal, tiles))));
  }
  return std::make_shared<const pdb::AdditivePdb>("test", 3, 3, goal, std::move(tables), true);
}

// `heuristic` names a row ("linear-conflict", "manhattan"), or is kPdb3x3
// for the tables of pdb_3x3().
constexpr std::string_view kPdb3x3 = "the 3x3 test pdb";

void check_every_3x3_state(double weight, std::string_view heuristic, Algorithm algorithm = Algorithm::kIdaStar,
                           double bound_growth = 1) {
  for (Goal goal : {Goal::kBlankLast, Goal::kBlankFirst}) {
    const std::vector<std::uint8_t> distance = bfs_distances(3, 3, goal);
    SolveRequest options;
    options.goal = goal;
    ResolvedHeuristic resolved;
    if (heuristic == kPdb3x3) {
      resolved = resolved_additive(pdb_3x3(goal));
    } else {
      options.heuristic = heuristic_spec(heuristic);
      const Resolution resolution = resolve_heuristic(options.heuristic, 3, 3, goal, options.tables);
      ASSERT_EQ(resolution.error, "");
      resolved = resolution.heuristic;
    }
    options.weight = weight;
    options.algorithm = algorithm;
    options.bound_growth = bound_growth;
    int checked = 0;
    int longer = 0;
    for (std::uint64_t rank = 0; rank < distance.size(); ++rank) {
      if (distance[rank] == kUnreached) continue;
      const Board board(3, 3, unrank_permutation(rank, 9));
      const SolveResult r = solve(board, options, resolved);
      const int optimal = distance[rank];
      ASSERT_TRUE(r.status == Status::kSolved || (optimal == 0 && r.status == Status::kOptimal)) << rank;
      ASSERT_LE(static_cast<double>(r.length), weight * optimal) << "rank " << rank;
      ASSERT_GE(r.length, optimal);
      ASSERT_LE(r.lower_bound, optimal) << "rank " << rank;
      ASSERT_EQ(check_solution(board, r.moves, goal), "") << "rank " << rank;
      longer += r.length > optimal;
      ++checked;
    }
    EXPECT_EQ(checked, 181440);
    // The weight is used: some solutions are longer than optimal.
    EXPECT_GT(longer, 0);
  }
}

TEST(Weighted, Every3x3StateWithinOneAndAHalf) { check_every_3x3_state(1.5, "linear-conflict"); }
TEST(Weighted, Every3x3StateWithinTwice) { check_every_3x3_state(2, "manhattan"); }

// Weighted A* reopens closed nodes, so its bound holds with the inconsistent
// W*h; the open list is bucketed by floor(g + W*h).
TEST(WeightedAStar, Every3x3StateWithinOneAndAHalf) {
  check_every_3x3_state(1.5, "linear-conflict", Algorithm::kAStar);
}
TEST(WeightedAStar, Every3x3StateWithinTwice) { check_every_3x3_state(2, "manhattan", Algorithm::kAStar); }
// The inconsistent heuristic the reopening argument is for.
TEST(WeightedAStar, Every3x3StateWithPdbWithinOneAndAHalf) {
  check_every_3x3_state(1.5, kPdb3x3, Algorithm::kAStar);
}

// Bigger bound steps: the inner weight W/G and each bound at least G times
// the last. G = W (inner weight 1) and a G that does not divide W evenly.
TEST(WeightedBoundGrowth, Every3x3StateWithinOneAndAHalf) {
  check_every_3x3_state(1.5, "linear-conflict", Algorithm::kIdaStar, 1.5);
}
TEST(WeightedBoundGrowth, Every3x3StateWithinTwice) {
  check_every_3x3_state(2, "manhattan", Algorithm::kIdaStar, 1.3);
}
TEST(WeightedBoundGrowth, Every3x3StateWithPdbWithinOneAndAHalf) {
  check_every_3x3_state(1.5, kPdb3x3, Algorithm::kIdaStar, 1.2);
}

TEST(Weighted, WeightFractions) {
  EXPECT_EQ(weight_fraction(1.5).num, 3);
  EXPECT_EQ(weight_fraction(1.5).den, 2);
  EXPECT_EQ(weight_fraction(1.2).num, 6);
  EXPECT_EQ(weight_fraction(1.2).den, 5);
  EXPECT_EQ(weight_fraction(2).num, 2);
  EXPECT_EQ(weight_fraction(2).den, 1);
  EXPECT_EQ(weight_fraction(1).num, 1);
  EXPECT_EQ(weight_fraction(1).den, 1);
}

TEST(Weighted, UnsupportedCombinations) {
  using Code = RequestProblem::Code;
  const auto code = [](const SolveRequest& request, int rows, int cols) -> std::optional<Code> {
    const auto problem = check_request(request, rows, cols);
    if (!problem) return std::nullopt;
    return problem->code;
  };
  SolveRequest options;
  options.heuristic = heuristic_spec("linear-conflict");
  options.weight = 2;
  options.algorithm = Algorithm::kAStar;
  EXPECT_EQ(code(options, 3, 3), std::nullopt);
  EXPECT_EQ(code(options, 6, 6), Code::kAStarTooManyCells);  // A* packs at most 25 cells
  options.algorithm = Algorithm::kIdaStar;
  EXPECT_EQ(code(options, 3, 3), std::nullopt);
  options.bound_growth = 2;
  EXPECT_EQ(code(options, 3, 3), std::nullopt);
  options.bound_growth = 2.5;  // more than the weight
  EXPECT_EQ(code(options, 3, 3), Code::kBoundGrowthRange);
  options.bound_growth = 2;
  options.algorithm = Algorithm::kAStar;
  EXPECT_EQ(code(options, 3, 3), Code::kBoundGrowthWithoutIda);
  options.algorithm = Algorithm::kIdaStar;
  options.bound_growth = 1;
  options.weight = 0.5;
  EXPECT_EQ(code(options, 3, 3), Code::kWeightRange);
  // solve() refuses the same, with the problem's words.
  const SolveResult r = solve(Board::solved(3, 3, Goal::kBlankLast), options);
  EXPECT_EQ(r.status, Status::kUnsupported);
  EXPECT_EQ(r.message, "the weight must be from 1 to 1000");
}

// A 5x5 board that optimal search with linear conflict does not finish
// quickly gets a solution within its bound, and a proven lower bound.
TEST(Weighted, RandomFiveByFive) {
  std::mt19937_64 rng(17);
  for (int k = 0; k < 3; ++k) {
    std::vector<std::uint32_t> tiles(25);
    for (int i = 0; i < 25; ++i) tiles[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(i);
    Board board;
    do {
      std::shuffle(tiles.begin(), tiles.end(), rng);
      board = Board(5, 5, tiles);
    } while (!is_solvable(board, Goal::kBlankLast));
    SolveRequest options;
    options.heuristic = heuristic_spec("linear-conflict");
    options.weight = 2;
    options.limits.seconds = 20;
    const SolveResult r = solve(board, options);
    ASSERT_EQ(r.status, Status::kSolved);
    EXPECT_EQ(check_solution(board, r.moves, Goal::kBlankLast), "");
    EXPECT_LE(r.lower_bound, r.length);
    EXPECT_GE(r.lower_bound, r.initial_h);
  }
}

}  // namespace
}  // namespace npuzzle
