// The phased solver and long solutions through the CLI: side files written by
// batch and solve, replayed by verify; a tampered side file fails verify.
#include <string>

#include "cli_support.h"

namespace npuzzle {
namespace {

class PhasedCli : public Cli {};

TEST_F(PhasedCli, BatchWritesSideFilesThatVerifyReplays) {
  ASSERT_EQ(npuzzle("gen --size 12x9 --count 3 --seed 4 > " + quote(path("in.txt"))).code, 0);
  const CliResult batch = npuzzle("batch --size 12x9 --algorithm phased --inline-limit 100 --no-progress -i " +
                                  quote(path("in.txt")) + " -o " + quote(path("out.csv")));
  ASSERT_EQ(batch.code, 0) << batch.err;
  const std::string csv = slurp(path("out.csv"));
  EXPECT_NE(csv.find(",solved,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",@out.csv.moves/1.moves\n"), std::string::npos) << csv;
  EXPECT_TRUE(fs::exists(path("out.csv.moves/3.moves")));
  // verify finds the side files relative to the CSV, from another directory too.
  const CliResult verify = npuzzle("verify --size 12x9 -i " + quote(path("in.txt")) + " -r " + quote(path("out.csv")));
  EXPECT_EQ(verify.code, 0) << verify.err;
  EXPECT_NE(verify.out.find("3 passed, 0 failed"), std::string::npos) << verify.out;
  // One letter changed: the replay no longer reaches the goal (or leaves the board).
  std::string moves = slurp(path("out.csv.moves/2.moves"));
  ASSERT_GT(moves.size(), 10u);
  moves[moves.size() / 2] = moves[moves.size() / 2] == 'u' ? 'l' : 'u';
  spit(path("out.csv.moves/2.moves"), moves);
  const CliResult tampered = npuzzle("verify --size 12x9 -i " + quote(path("in.txt")) + " -r " + quote(path("out.csv")));
  EXPECT_EQ(tampered.code, 1);
  EXPECT_NE(tampered.out.find("2 passed, 1 failed"), std::string::npos) << tampered.out;
  EXPECT_NE(tampered.err.find("id 2:"), std::string::npos) << tampered.err;
  fs::remove(path("out.csv.moves/3.moves"));
  const CliResult missing = npuzzle("verify --size 12x9 -i " + quote(path("in.txt")) + " -r " + quote(path("out.csv")));
  EXPECT_EQ(missing.code, 1);
  EXPECT_NE(missing.err.find("3.moves"), std::string::npos) << missing.err;
}

TEST_F(PhasedCli, SolveDoesNotPrintHugeSolutions) {
  ASSERT_EQ(npuzzle("gen --size 60x60 --count 1 --seed 8 > " + quote(path("big.txt"))).code, 0);
  const CliResult plain = npuzzle("solve --size 60x60 --algorithm phased " + quote(path("big.txt")));
  ASSERT_EQ(plain.code, 0) << plain.err;
  EXPECT_NE(plain.out.find("status:    solved"), std::string::npos) << plain.out;
  EXPECT_NE(plain.out.find("solution:  not printed:"), std::string::npos) << plain.out;
  EXPECT_LT(plain.out.size(), 1000u);
  const CliResult saved = npuzzle("solve --size 60x60 --algorithm phased --notation vim --solution-dir " +
                                  quote(path("moves")) + " " + quote(path("big.txt")));
  ASSERT_EQ(saved.code, 0) << saved.err;
  EXPECT_NE(saved.out.find("moves in " + path("moves") + "/1.moves"), std::string::npos) << saved.out;
  const std::string letters = slurp(path("moves/1.moves"));
  EXPECT_EQ(letters.find_first_not_of("HJKL\n"), std::string::npos);
}

TEST_F(PhasedCli, AnySizeAndUnsolvableRefused) {
  // Beyond the optimal kernels' 64 cells; a board of the other parity is refused.
  spit(path("two.txt"), "# goal: blank-first\n3 3\n1 0 2\n3 4 5\n6 7 8\n3 3\n2 1 0\n3 4 5\n6 7 8\n");
  const CliResult r = npuzzle("solve --algorithm phased " + quote(path("two.txt")));
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("status:    solved"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("status:    unsolvable"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace npuzzle
