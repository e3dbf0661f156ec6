// The one request type (search/request.h) and its rules: check_request
// finds every RequestProblem code, whatever the board and for a board's
// shape, and describe words each one in the engine's neutral vocabulary and
// in the CLI's (cli/options.h), which names the flags. Ground truth: the
// documented limits (1 <= weight <= 1000, bound growth <= weight, machine
// depths 2..14 and 2..10 above 25 cells, 64 cells for optimal search, 25 for
// A*, lines of 7 cells for linear conflict, 10 cells for exact).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "cli/options.h"
#include "search/request.h"
#include "search/solver.h"

namespace npuzzle {
namespace {

using Code = RequestProblem::Code;

// The problem's code, or none.
std::optional<Code> code_of(const std::optional<RequestProblem>& problem) {
  if (!problem) return std::nullopt;
  return problem->code;
}

struct Worded {
  std::string neutral;
  std::string cli;
};

Worded words(const RequestProblem& problem) {
  return {describe(problem), describe(problem, cli::cli_vocabulary())};
}

TEST(Request, TheDefaultsAreValidOnEveryOptimalShape) {
  const SolveRequest request;
  EXPECT_EQ(request.goal, Goal::kBlankLast);
  EXPECT_EQ(request.algorithm, Algorithm::kIdaStar);
  EXPECT_TRUE(request.heuristic.is_auto());
  EXPECT_EQ(request.weight, 1);
  EXPECT_EQ(request.bound_growth, 1);
  EXPECT_EQ(request.pruning, MovePruning::kParent);
  EXPECT_EQ(request.fsm_depth, 0);
  EXPECT_FALSE(request.shorten);
  EXPECT_FALSE(check_request(request));
  for (const auto& [rows, cols] : {std::pair{2, 2}, std::pair{3, 3}, std::pair{4, 4}, std::pair{8, 8},
                                   std::pair{2, 32}, std::pair{5, 5}}) {
    EXPECT_FALSE(check_request(request, rows, cols)) << rows << "x" << cols;
  }
}

TEST(Request, AlgorithmsByName) {
  for (Algorithm a : {Algorithm::kIdaStar, Algorithm::kAStar, Algorithm::kPhased}) {
    EXPECT_EQ(parse_algorithm(algorithm_name(a)), a);
  }
  EXPECT_EQ(algorithm_name(Algorithm::kIdaStar), "ida");
  EXPECT_EQ(algorithm_name(Algorithm::kAStar), "astar");
  EXPECT_EQ(algorithm_name(Algorithm::kPhased), "phased");
  EXPECT_FALSE(parse_algorithm("bfs"));
  EXPECT_FALSE(parse_algorithm(""));
}

TEST(RequestProblems, WeightRange) {
  SolveRequest r;
  for (double bad : {0.5, 0.0, -1.0, 1000.5, 1e9, std::nan(""), std::numeric_limits<double>::infinity()}) {
    r.weight = bad;
    const auto p = check_request(r);
    ASSERT_TRUE(p) << bad;
    EXPECT_EQ(p->code, Code::kWeightRange);
    EXPECT_EQ(p->low, 1);
    EXPECT_EQ(p->high, 1000);
    EXPECT_EQ(words(*p).neutral, "the weight must be from 1 to 1000");
    EXPECT_EQ(words(*p).cli, "--weight must be from 1 to 1000");
  }
  for (double good : {1.0, 1.5, 1000.0}) {
    r.weight = good;
    EXPECT_FALSE(check_request(r)) << good;
  }
}

TEST(RequestProblems, WeightWithPhased) {
  SolveRequest r;
  r.algorithm = Algorithm::kPhased;
  EXPECT_FALSE(check_request(r));
  r.weight = 2;
  const auto p = check_request(r);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->code, Code::kWeightWithPhased);
  EXPECT_EQ(words(*p).neutral, "the weight applies to the ida algorithm and the astar algorithm only");
  EXPECT_EQ(words(*p).cli, "--weight applies to --algorithm ida and --algorithm astar only");
  // A weighted A* and IDA* are fine.
  for (Algorithm a : {Algorithm::kIdaStar, Algorithm::kAStar}) {
    r.algorithm = a;
    EXPECT_FALSE(check_request(r));
  }
}

TEST(RequestProblems, BoundGrowthRange) {
  SolveRequest r;
  r.weight = 2;
  for (double bad : {2.5, 0.5, std::nan("")}) {
    r.bound_growth = bad;
    const auto p = check_request(r);
    ASSERT_TRUE(p) << bad;
    EXPECT_EQ(p->code, Code::kBoundGrowthRange);
    EXPECT_EQ(p->low, 1);
    EXPECT_EQ(p->high, 2);
    EXPECT_EQ(words(*p).neutral, "the bound growth must be from 1 to the weight");
    EXPECT_EQ(words(*p).cli, "--bound-growth must be from 1 to --weight");
  }
  for (double good : {1.0, 1.3, 2.0}) {
    r.bound_growth = good;
    EXPECT_FALSE(check_request(r)) << good;
  }
  // Without a weight, any growth above 1 is above the weight.
  r.weight = 1;
  r.bound_growth = 1.5;
  EXPECT_EQ(code_of(check_request(r)), Code::kBoundGrowthRange);
}

TEST(RequestProblems, BoundGrowthWithoutIda) {
  SolveRequest r;
  r.algorithm = Algorithm::kAStar;
  r.weight = 2;
  r.bound_growth = 1.5;
  const auto p = check_request(r);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->code, Code::kBoundGrowthWithoutIda);
  EXPECT_EQ(words(*p).neutral, "the bound growth applies to the ida algorithm only");
  EXPECT_EQ(words(*p).cli, "--bound-growth applies to --algorithm ida only");
  r.algorithm = Algorithm::kIdaStar;
  EXPECT_FALSE(check_request(r));
}

TEST(RequestProblems, MachineWithoutPlainIda) {
  SolveRequest r;
  r.pruning = MovePruning::kFsm;
  EXPECT_FALSE(check_request(r));
  for (const auto& [algorithm, weight] :
       {std::pair{Algorithm::kAStar, 1.0}, std::pair{Algorithm::kIdaStar, 2.0}, std::pair{Algorithm::kPhased, 1.0}}) {
    r.algorithm = algorithm;
    r.weight = weight;
    const auto p = check_request(r);
    ASSERT_TRUE(p) << algorithm_name(algorithm) << " " << weight;
    EXPECT_EQ(p->code, Code::kMachineWithoutPlainIda);
    EXPECT_EQ(words(*p).neutral, "fsm pruning applies to the ida algorithm without the weight");
    EXPECT_EQ(words(*p).cli, "--prune fsm applies to --algorithm ida without --weight");
  }
}

TEST(RequestProblems, FsmDepthWithoutMachine) {
  SolveRequest r;
  r.fsm_depth = 6;
  const auto p = check_request(r);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->code, Code::kFsmDepthWithoutMachine);
  EXPECT_EQ(words(*p).neutral, "the machine's depth applies to fsm pruning only");
  EXPECT_EQ(words(*p).cli, "--fsm-depth applies to --prune fsm only");
  r.pruning = MovePruning::kFsm;
  EXPECT_FALSE(check_request(r));
}

TEST(RequestProblems, FsmDepthRange) {
  SolveRequest r;
  r.pruning = MovePruning::kFsm;
  for (int bad : {1, -3, 15, 100}) {
    r.fsm_depth = bad;
    const auto p = check_request(r);
    ASSERT_TRUE(p) << bad;
    EXPECT_EQ(p->code, Code::kFsmDepthRange);
    EXPECT_EQ(p->low, 2);
    EXPECT_EQ(p->high, 14);
    EXPECT_EQ(words(*p).neutral, "the machine's depth must be from 2 to 14 (or 0, the shape's default)");
    EXPECT_EQ(words(*p).cli, "--fsm-depth must be from 2 to 14 (or 0, the shape's default)");
  }
  // The shape's own limit: 10 above 25 cells.
  r.fsm_depth = 12;
  EXPECT_FALSE(check_request(r));
  EXPECT_FALSE(check_request(r, 5, 5));
  const auto p = check_request(r, 6, 6);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->code, Code::kFsmDepthRange);
  EXPECT_EQ(p->high, 10);
  EXPECT_EQ(p->detail, "6x6");
  EXPECT_EQ(words(*p).neutral, "the machine's depth must be from 2 to 10 on 6x6");
  EXPECT_EQ(words(*p).cli, "--fsm-depth must be from 2 to 10 on 6x6");
  r.fsm_depth = 10;
  EXPECT_FALSE(check_request(r, 6, 6));
  r.fsm_depth = 0;
  EXPECT_FALSE(check_request(r, 8, 8));
}

TEST(RequestProblems, ShortenWithoutPhased) {
  SolveRequest r;
  r.shorten = true;
  const auto p = check_request(r);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->code, Code::kShortenWithoutPhased);
  EXPECT_EQ(words(*p).neutral, "shortening applies to the phased algorithm only");
  EXPECT_EQ(words(*p).cli, "--shorten applies to --algorithm phased only");
  r.algorithm = Algorithm::kPhased;
  EXPECT_FALSE(check_request(r));
}

TEST(RequestProblems, TooManyCells) {
  SolveRequest r;
  EXPECT_FALSE(check_request(r, 8, 8));
  EXPECT_FALSE(check_request(r, 2, 32));
  const auto p = check_request(r, 9, 9);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->code, Code::kTooManyCells);
  EXPECT_EQ(p->low, 81);
  EXPECT_EQ(p->high, 64);
  EXPECT_EQ(p->detail, "9x9");
  EXPECT_EQ(words(*p).neutral,
            "optimal search supports boards of at most 64 cells; 9x9 has 81 (the phased algorithm solves any size, "
            "not optimally)");
  EXPECT_EQ(words(*p).cli,
            "optimal search supports boards of at most 64 cells; 9x9 has 81 (--algorithm phased solves any size, "
            "not optimally)");
  // The phased solver takes it.
  r.algorithm = Algorithm::kPhased;
  EXPECT_FALSE(check_request(r, 9, 9));
  EXPECT_FALSE(check_request(r, 1000, 1000));
}

TEST(RequestProblems, AStarTooManyCells) {
  SolveRequest r;
  r.algorithm = Algorithm::kAStar;
  EXPECT_FALSE(check_request(r, 5, 5));
  for (const auto& [rows, cols] : {std::pair{6, 5}, std::pair{6, 6}, std::pair{2, 13}}) {
    const auto p = check_request(r, rows, cols);
    ASSERT_TRUE(p) << rows << "x" << cols;
    EXPECT_EQ(p->code, Code::kAStarTooManyCells);
    EXPECT_EQ(p->high, 25);
    EXPECT_EQ(words(*p).neutral, "the astar algorithm supports boards of at most 25 cells");
    EXPECT_EQ(words(*p).cli, "--algorithm astar supports boards of at most 25 cells");
  }
}

TEST(RequestProblems, HeuristicSize) {
  SolveRequest r;
  r.heuristic = heuristic_spec("linear-conflict");
  EXPECT_FALSE(check_request(r, 7, 7));
  auto p = check_request(r, 2, 8);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->code, Code::kHeuristicSize);
  EXPECT_EQ(words(*p).neutral, "linear-conflict supports lines of at most 7 cells");
  EXPECT_EQ(words(*p).cli, words(*p).neutral) << "the row's own words name no option";
  r.heuristic = heuristic_spec("exact");
  p = check_request(r, 3, 4);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->code, Code::kHeuristicSize);
  EXPECT_EQ(words(*p).neutral, "exact supports boards of at most 10 cells; 3x4 has 12");
  r.heuristic = heuristic_spec("pdb:663");
  EXPECT_FALSE(check_request(r, 4, 4));
  p = check_request(r, 5, 5);
  ASSERT_TRUE(p) << "a 4x4 partition on 5x5";
  EXPECT_EQ(p->code, Code::kHeuristicSize);
  EXPECT_FALSE(p->detail.empty());
  EXPECT_EQ(words(*p).neutral, p->detail);
  r.heuristic = heuristic_spec("pdb:1,2,3/4,5,6,7,8,99");
  p = check_request(r, 3, 3);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->code, Code::kHeuristicSize);
  // Whatever the board, a heuristic is no problem: it meets its shape later.
  EXPECT_FALSE(check_request(r));
  // auto serves every shape.
  r.heuristic = HeuristicSpec::automatic();
  EXPECT_FALSE(check_request(r, 2, 8));
  EXPECT_FALSE(check_request(r, 3, 4));
}

TEST(RequestProblems, PhasedTooLarge) {
  SolveRequest r;
  r.algorithm = Algorithm::kPhased;
  EXPECT_FALSE(check_request(r, 1000, 1000));
  const auto p = check_request(r, 100000, 100000);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->code, Code::kPhasedTooLarge);
  EXPECT_NE(p->detail.find("a phased solution of a 100000x100000 board takes about"), std::string::npos)
      << p->detail;
  EXPECT_EQ(words(*p).neutral, p->detail);
  EXPECT_EQ(words(*p).cli, p->detail);
}

// The order of the rules: the request's own problems before the shape's.
TEST(RequestProblems, TheRequestsOwnProblemComesFirst) {
  SolveRequest r;
  r.weight = 0;
  r.algorithm = Algorithm::kAStar;
  EXPECT_EQ(code_of(check_request(r, 9, 9)), Code::kWeightRange);
  r.weight = 1;
  EXPECT_EQ(code_of(check_request(r, 9, 9)), Code::kTooManyCells) << "64 cells before A*'s 25";
  r.heuristic = heuristic_spec("linear-conflict");
  EXPECT_EQ(code_of(check_request(r, 2, 13)), Code::kAStarTooManyCells) << "A*'s 25 cells before the heuristic's lines";
}

// solve() refuses what check_request refuses, with its neutral words.
TEST(RequestProblems, SolveReportsTheProblemInNeutralWords) {
  SolveRequest r;
  r.heuristic = heuristic_spec("manhattan");
  r.shorten = true;
  const SolveResult s = solve(Board::solved(3, 3, Goal::kBlankLast), r);
  EXPECT_EQ(s.status, Status::kUnsupported);
  EXPECT_EQ(s.message, "shortening applies to the phased algorithm only");
  r.shorten = false;
  r.algorithm = Algorithm::kAStar;
  const SolveResult big = solve(Board::solved(6, 5, Goal::kBlankLast), r);
  EXPECT_EQ(big.status, Status::kUnsupported);
  EXPECT_EQ(big.message, "the astar algorithm supports boards of at most 25 cells");
}

TEST(Vocabulary, EveryOptionHasAName) {
  for (int i = 0; i <= static_cast<int>(RequestOption::kThreads); ++i) {
    const auto option = static_cast<RequestOption>(i);
    const std::string neutral = neutral_vocabulary().option(option);
    const std::string cli = cli::cli_vocabulary().option(option);
    EXPECT_FALSE(neutral.empty()) << i;
    EXPECT_NE(neutral, "an option") << i;
    EXPECT_EQ(neutral.find("--"), std::string::npos) << neutral;
    EXPECT_EQ(cli.rfind("--", 0), 0u) << cli;
  }
  EXPECT_EQ(neutral_vocabulary().setting(RequestOption::kGoal, "blank-first"), "the blank-first goal");
  EXPECT_EQ(cli::cli_vocabulary().setting(RequestOption::kGoal, "blank-first"), "--goal blank-first");
  EXPECT_EQ(neutral_vocabulary().setting(RequestOption::kAlgorithm, "phased"), "the phased algorithm");
  EXPECT_EQ(neutral_vocabulary().setting(RequestOption::kPruning, "fsm"), "fsm pruning");
  EXPECT_EQ(cli::cli_vocabulary().setting(RequestOption::kPruning, "fsm"), "--prune fsm");
  EXPECT_EQ(neutral_vocabulary().setting(RequestOption::kThreads, "4"), "the thread count 4");
}

TEST(WeightFraction, SmallestDenominator) {
  EXPECT_EQ(weight_fraction(1.5).num, 3);
  EXPECT_EQ(weight_fraction(1.5).den, 2);
  EXPECT_EQ(weight_fraction(1).num, 1);
  EXPECT_EQ(weight_fraction(1).den, 1);
  EXPECT_EQ(weight_fraction(1.001).num, 1001);
  EXPECT_EQ(weight_fraction(1.001).den, 1000);
  // Not a fraction with a denominator up to 1000: rounded to thousandths.
  EXPECT_EQ(weight_fraction(std::sqrt(2.0)).num, 1414);
  EXPECT_EQ(weight_fraction(std::sqrt(2.0)).den, 1000);
}

}  // namespace
}  // namespace npuzzle
