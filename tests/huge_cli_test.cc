// Huge boards through the CLI: the size limit reported before anything of
// the claimed size is allocated, a 1024 x 1024 board through gen and info,
// and --format princeton's bound on the boards it prints.
#include <string>

#include "cli_support.h"

namespace npuzzle {
namespace {

class HugeCli : public Cli {};

TEST_F(HugeCli, OversizedBoardsAreInputErrorsNamingTheLimit) {
  spit(path("big.txt"), "# a grid header one row and column past 4096 x 4096\n4097 4097\n1 2\n");
  const CliResult r = npuzzle("info " + quote(path("big.txt")));
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find(path("big.txt") + ":2: board 4097x4097 exceeds the maximum of 16777216 cells"),
            std::string::npos)
      << r.err;
  // A product past 2^63 is no overflow.
  spit(path("huge.txt"), "16777215 16777215\n");
  const CliResult h = npuzzle("info " + quote(path("huge.txt")));
  EXPECT_EQ(h.code, 2) << h.err;
  EXPECT_NE(h.err.find(":1: board 16777215x16777215 exceeds the maximum"), std::string::npos) << h.err;
  EXPECT_EQ(npuzzle("gen --size 4097x4096 --count 1").code, 2);
}

// A million-cell board through gen and info: solvability (O(N)) and
// inversions (O(N log N)); gen's boards are solvable by construction, and
// on an even number of cells never for the other goal. The 4096 x 4096
// board takes over a minute on the shared VM: scripts/huge_pipeline.sh and
// results/huge.md.
TEST_F(HugeCli, AMillionCellBoardGoesThroughGenAndInfo) {
  ASSERT_EQ(npuzzle("gen --size 1024x1024 --count 1 --seed 5 > " + quote(path("b.txt"))).code, 0);
  const CliResult r = npuzzle("info --pdb none " + quote(path("b.txt")));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("1024x1024 blank-last  yes"), std::string::npos) << r.out;
  const CliResult other = npuzzle("info --pdb none --goal blank-first " + quote(path("b.txt")));
  EXPECT_NE(other.out.find("1024x1024 blank-first no"), std::string::npos) << other.out;
}

TEST_F(HugeCli, PrincetonFormatPrintsBoundedOutput) {
  // 10x10 phased: about 2,900 moves of 100 cells, printed in full.
  ASSERT_EQ(npuzzle("gen --size 10x10 --count 1 --seed 3 > " + quote(path("ten.txt"))).code, 0);
  const CliResult ten = npuzzle("solve --algorithm phased --format princeton " + quote(path("ten.txt")));
  ASSERT_EQ(ten.code, 0) << ten.err;
  ASSERT_EQ(ten.out.rfind("Minimum number of moves = ", 0), 0u);
  const long long length = std::stoll(ten.out.substr(26));
  std::size_t boards = 0;
  for (const std::string& line : lines_of(ten.out)) boards += line == "10";
  EXPECT_EQ(boards, static_cast<std::size_t>(length + 1));
  // 40x40: about 180,000 moves of 1,600 cells, 3e8 numbers: refused.
  ASSERT_EQ(npuzzle("gen --size 40x40 --count 1 --seed 3 > " + quote(path("forty.txt"))).code, 0);
  const CliResult forty = npuzzle("solve --algorithm phased --format princeton " + quote(path("forty.txt")));
  EXPECT_EQ(forty.code, 1);
  EXPECT_EQ(forty.out, "");
  EXPECT_NE(forty.err.find(":5: puzzle 1: not printed: its "), std::string::npos) << forty.err;
  EXPECT_NE(forty.err.find("more than the 10000000 numbers --format princeton prints; use --format text"),
            std::string::npos)
      << forty.err;
}

TEST_F(HugeCli, ShortenMakesPhasedSolutionsNoLonger) {
  ASSERT_EQ(npuzzle("gen --size 10x10 --count 3 --seed 9 > " + quote(path("ten.txt"))).code, 0);
  const CliResult plain = npuzzle("batch --algorithm phased --no-progress -i " + quote(path("ten.txt")) + " -o " +
                                  quote(path("plain.csv")));
  ASSERT_EQ(plain.code, 0) << plain.err;
  const CliResult shortened = npuzzle("batch --algorithm phased --shorten --no-progress -i " + quote(path("ten.txt")) +
                                      " -o " + quote(path("short.csv")));
  ASSERT_EQ(shortened.code, 0) << shortened.err;
  const std::vector<Row> a = read_csv(slurp(path("plain.csv")));
  const std::vector<Row> b = read_csv(slurp(path("short.csv")));
  ASSERT_EQ(a.size(), 3u);
  ASSERT_EQ(b.size(), 3u);
  long long before = 0;
  long long after = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_LE(std::stoll(b[i][kLength]), std::stoll(a[i][kLength]));
    before += std::stoll(a[i][kLength]);
    after += std::stoll(b[i][kLength]);
  }
  EXPECT_LT(after, before);
  // verify replays the shortened solutions from the puzzles.
  const CliResult verify = npuzzle("verify -i " + quote(path("ten.txt")) + " -r " + quote(path("short.csv")));
  EXPECT_EQ(verify.code, 0) << verify.err;
  EXPECT_NE(verify.out.find("3 passed, 0 failed"), std::string::npos) << verify.out;
  EXPECT_EQ(npuzzle("solve --shorten " + quote(path("ten.txt"))).code, 2);  // phased only
}

}  // namespace
}  // namespace npuzzle
