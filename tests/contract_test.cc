// docs/contract.md's exit-code contract for inputs without a valid puzzle, the
// messages for malformed grids, and the streaming batch: every case runs
// the real binary and checks the exit code, the FILE:LINE messages and what
// was written.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_support.h"
#include "test_support.h"

namespace npuzzle {
namespace {

class Contract : public Cli {};

// An input with no valid puzzle at all is an input error (exit 2) for every
// command that reads puzzles, with "FILE: no puzzles" or FILE:LINE lines.
TEST_F(Contract, InputWithoutAValidPuzzleExitsTwo) {
  struct Case {
    const char* name;
    const char* text;
    const char* message;  // what standard error must contain (FILE is prefixed)
  };
  const std::vector<Case> cases = {
      {"empty.txt", "", ": no puzzles"},
      {"blank.txt", "  \n\t\n\r\n\n", ": no puzzles"},
      {"comments.txt", "# goal: blank-first\n# nothing else\n", ": no puzzles"},
      {"malformed.txt", "1 2 3 4 5 6 7 8 8\n1 2 3\n", ":1: "},
      {"badgrid.txt", "3\n1 2 3\n4 5 x\n7 8 0\n", ":3: "},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string file = path(c.name);
    spit(file, c.text);
    const std::string expected = file + c.message;
    for (const std::string& command : {std::string("solve "), std::string("info "), std::string("pdb eval pdb:555 ")}) {
      SCOPED_TRACE(command);
      const CliResult r = npuzzle(command + quote(file));
      EXPECT_EQ(r.code, 2) << r.err;
      EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
    }
    const CliResult b = npuzzle("batch --no-progress -i " + quote(file) + " -o " + quote(path("o.csv")));
    EXPECT_EQ(b.code, 2) << b.err;
    EXPECT_NE(b.err.find(expected), std::string::npos) << b.err;
    const CliResult v = npuzzle("verify -i " + quote(file) + " -r " + quote(path("o.csv")));
    EXPECT_EQ(v.code, 2) << v.err;
    EXPECT_NE(v.err.find(expected), std::string::npos) << v.err;
  }
  // Standard input is named as such.
  spit(path("empty.txt"), "");
  const CliResult r = npuzzle("solve -", path("empty.txt"));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("<stdin>: no puzzles"), std::string::npos) << r.err;
}

// Some valid puzzles: they are solved, the others reported, exit 1.
TEST_F(Contract, SomeValidPuzzlesAreSolvedAndTheRestReported) {
  const std::string file = path("mixed.txt");
  spit(file, "1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 7 8 8\n");
  const CliResult r = npuzzle("solve " + quote(file));
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_NE(r.out.find("length:    1 moves"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find(file + ":2: "), std::string::npos) << r.err;
  const CliResult b = npuzzle("batch --no-progress -i " + quote(file) + " -o " + quote(path("o.csv")));
  EXPECT_EQ(b.code, 1) << b.err;
  const auto rows = read_csv(slurp(path("o.csv")));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0][kStatus], "optimal");
  EXPECT_EQ(rows[1][kStatus], "invalid");
  // One good file and one empty one: the good one is solved, exit 1.
  spit(path("empty.txt"), "");
  spit(path("good.txt"), "1 2 3 4 5 6 7 0 8\n");
  const CliResult two = npuzzle("solve " + quote(path("good.txt")) + " " + quote(path("empty.txt")));
  EXPECT_EQ(two.code, 1) << two.err;
  EXPECT_NE(two.err.find(path("empty.txt") + ": no puzzles"), std::string::npos) << two.err;
}

// A 3x3 grid followed by a fourth row: the message names the extra row.
TEST_F(Contract, ExtraRowAfterAGridIsNamed) {
  const std::string file = path("grid.txt");
  spit(file, "3\n1 2 3\n4 5 6\n7 0 8\n1 2 3\n");
  const CliResult r = npuzzle("solve " + quote(file));
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_NE(r.err.find(file + ":5: extra row after a 3x3 grid"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("expected a size line"), std::string::npos) << r.err;
  // The same after a 4x4 grid in a file of several grids.
  spit(file, "2\n1 2\n3 0\n4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n1 2 3 4\n");
  const CliResult s = npuzzle("solve " + quote(file));
  EXPECT_EQ(s.code, 1) << s.err;
  EXPECT_NE(s.err.find(file + ":9: extra row after a 4x4 grid"), std::string::npos) << s.err;
  // Three numbers where a size line belongs, away from any grid, are still that.
  spit(file, "1 2 3\n");
  const CliResult t = npuzzle("solve " + quote(file));
  EXPECT_EQ(t.code, 2) << t.err;
  EXPECT_NE(t.err.find(file + ":1: "), std::string::npos) << t.err;
  spit(file, "3\n1 2 3\n4 5 6\n7 0 8\n\n9 9 9\n");
  const CliResult u = npuzzle("solve " + quote(file));
  EXPECT_NE(u.err.find(file + ":6: expected a size line"), std::string::npos) << u.err;
}

// A file's `# goal:` comment applies to every puzzle of it, even one above
// the comment, although the batch starts solving before it has read the file.
TEST_F(Contract, GoalCommentBelowThePuzzlesStillAppliesToAFile) {
  const auto korf = testing::korf100();
  std::string text;
  for (int i : {78, 11}) {  // #79 and #12: the two with the fewest published nodes
    std::string line = std::to_string(korf[i].id);
    for (auto t : korf[i].tiles) line += " " + std::to_string(t);
    text += line + "\n";
  }
  text += "# goal: blank-first\n";
  spit(path("korf.txt"), text);
  const CliResult b = npuzzle("batch --no-progress --heuristic linear-conflict -i " + quote(path("korf.txt")) +
                              " -o " + quote(path("o.csv")));
  EXPECT_EQ(b.code, 0) << b.err;
  const auto rows = read_csv(slurp(path("o.csv")));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0][kLength], std::to_string(korf[78].optimal_length));
  EXPECT_EQ(rows[1][kLength], std::to_string(korf[11].optimal_length));
}

// The batch streams: the first rows are written while the input is still
// being produced (a pipe that has not ended yet).
TEST_F(Contract, BatchStartsBeforeTheInputEnds) {
  // The writer prints one puzzle, waits until its row appears in OUT, then
  // prints the second; with a batch that reads everything first it would
  // wait for ever, so the wait is bounded and its result checked.
  const std::string out = path("o.csv");
  const std::string script =
      "{ echo '1 2 3 4 5 6 7 0 8'; i=0; while [ $i -lt 300 ] && ! grep -q '^1,3,3,optimal' " + quote(out) +
      " 2>/dev/null; do sleep 0.1; i=$((i+1)); done; if [ $i -lt 300 ]; then echo '1 2 3 4 5 6 0 7 8'; fi; } | " +
      quote(kBinary) + " batch --no-progress --threads 1 -i - -o " + quote(out);
  const CliResult r = shell(script);
  EXPECT_EQ(r.code, 0) << r.err;
  const auto rows = read_csv(slurp(out));
  ASSERT_EQ(rows.size(), 2u) << "the first row was not written before the input ended";
  EXPECT_EQ(rows[1][kLength], "2");
}

}  // namespace
}  // namespace npuzzle
