// The CLI end to end (build/npuzzle, run through the shell): exit codes,
// Princeton's output format, the batch CSV, gen -> batch -> verify round
// trips, tampering, --resume, the sidecar, thread-count independence, and
// chi-square tests of gen's uniformity.
//
// Results are checked against ground truth, not against earlier output:
// lengths against exhaustive BFS distances, solutions by replaying them
// here with the letter tables of docs/contract.md, Princeton's boards by replaying
// the puzzle's unique 4-move solution, the sidecar's totals against the
// CSV's rows, gen's boards against the exact distribution of a uniform
// solvable board.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <functional>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "core/board.h"
#include "core/ranking.h"
#include "core/solvability.h"
#include "tools/bfs.h"
#include "cli_support.h"
#include "test_support.h"

namespace npuzzle {
namespace {

// The puzzles of a `gen` file (lines format with IDs), by ID.
std::map<std::string, std::vector<std::uint32_t>> read_gen(const std::string& text) {
  std::map<std::string, std::vector<std::uint32_t>> out;
  for (const std::string& line : lines_of(text)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream in(line);
    std::string id;
    in >> id;
    std::vector<std::uint32_t> tiles;
    for (std::uint32_t t; in >> t;) tiles.push_back(t);
    out[id] = tiles;
  }
  return out;
}

// docs/contract.md's letters, by the blank's direction (up, down, left, right).
std::optional<Direction> letter_to_direction(char c, const std::string& notation) {
  const std::string letters = notation == "tile" ? "DURL" : notation == "vim" ? "JKLH" : "udlr";
  const auto at = letters.find(c);
  if (at == std::string::npos) return std::nullopt;
  return static_cast<Direction>(at);
}

// Replays `solution` from `tiles` with the test's own letter table; empty if it reaches the goal.
std::string replay(int rows, int cols, const std::vector<std::uint32_t>& tiles, const std::string& solution,
                   const std::string& notation, Goal goal) {
  Board b(rows, cols, tiles);
  for (char c : solution) {
    const auto d = letter_to_direction(c, notation);
    if (!d) return std::string("letter '") + c + "' is not a " + notation + " move";
    if (!b.can_move(*d)) return std::string("move '") + c + "' leaves the board";
    b.move(*d);
  }
  return b.is_solved(goal) ? "" : "does not reach the goal";
}

// Checks every row of a batch against its puzzle: optimal, the BFS length, and a replay.
void check_batch_against_bfs(const std::string& gen_text, const std::string& csv_text, int rows, int cols, Goal goal,
                             const std::string& notation, std::size_t expected_rows) {
  const auto puzzles = read_gen(gen_text);
  ASSERT_EQ(puzzles.size(), expected_rows);
  std::string header;
  const auto csv = read_csv(csv_text, &header);
  EXPECT_EQ(header, kHeader);
  ASSERT_EQ(csv.size(), expected_rows);
  const auto d = bfs_distances(rows, cols, goal);
  for (const Row& row : csv) {
    ASSERT_EQ(row.size(), 12u);
    SCOPED_TRACE("id " + row[kId]);
    ASSERT_TRUE(puzzles.count(row[kId]));
    const auto& tiles = puzzles.at(row[kId]);
    EXPECT_EQ(row[kStatus], "optimal");
    EXPECT_EQ(row[kRows], std::to_string(rows));
    EXPECT_EQ(row[kCols], std::to_string(cols));
    const int distance = d[rank_permutation(tiles)];
    EXPECT_EQ(row[kLength], std::to_string(distance));
    EXPECT_EQ(row[kLowerBound], row[kLength]);
    EXPECT_EQ(row[kSolution].size(), static_cast<std::size_t>(distance));
    EXPECT_EQ(replay(rows, cols, tiles, row[kSolution], notation, goal), "");
  }
}

// ---------------------------------------------------------------- exit codes

TEST_F(Cli, ExitCodesForUsageErrors) {
  spit(path("p.txt"), "1 2 3 4 5 6 7 0 8\n");
  const std::string p = quote(path("p.txt"));
  const std::string o = quote(path("o.csv"));
  EXPECT_EQ(npuzzle("").code, 2);
  EXPECT_EQ(npuzzle("frobnicate").code, 2);
  EXPECT_EQ(npuzzle("--help").code, 0);
  EXPECT_EQ(npuzzle("solve --no-such-option " + p).code, 2);
  EXPECT_EQ(npuzzle("solve --heuristic euclid " + p).code, 2);
  EXPECT_EQ(npuzzle("solve --algorithm bogo " + p).code, 2);
  EXPECT_EQ(npuzzle("solve --fsm-depth 6 " + p).code, 2);  // without --prune fsm
  EXPECT_EQ(npuzzle("solve --prune fsm --fsm-depth 1 " + p).code, 2);
  EXPECT_EQ(npuzzle("solve --prune fsm --fsm-depth 15 " + p).code, 2);
  EXPECT_EQ(npuzzle("solve --prune fsm --fsm-depth -3 " + p).code, 2);
  EXPECT_EQ(npuzzle("solve --goal sideways " + p).code, 2);
  EXPECT_EQ(npuzzle("solve --notation emacs " + p).code, 2);
  EXPECT_EQ(npuzzle("solve --format fancy " + p).code, 2);
  EXPECT_EQ(npuzzle("solve " + quote(path("missing.txt"))).code, 2);
  EXPECT_EQ(npuzzle("batch -i " + p + " -o " + o + " --heuristic euclid").code, 2);
  EXPECT_EQ(npuzzle("batch -i " + p + " -o " + o + " --bogus").code, 2);
  EXPECT_EQ(npuzzle("batch -i " + p).code, 2);  // -o is required
  EXPECT_EQ(npuzzle("batch -i " + quote(path("missing.txt")) + " -o " + o).code, 2);
  EXPECT_EQ(npuzzle("gen --count 3").code, 2);  // --size is required
  EXPECT_EQ(npuzzle("gen --size 1x5").code, 2);
  EXPECT_EQ(npuzzle("verify -i " + quote(path("missing.txt")) + " -r " + o).code, 2);
  EXPECT_EQ(npuzzle("info " + quote(path("missing.txt"))).code, 2);
  // An output that cannot be created, and a results file that is not an npuzzle CSV.
  EXPECT_EQ(npuzzle("batch -i " + p + " -o " + quote(path("no/such/dir/o.csv"))).code, 2);
  spit(path("not.csv"), "a,b,c\n");
  EXPECT_EQ(npuzzle("verify -i " + p + " -r " + quote(path("not.csv"))).code, 2);
  // Numbers out of range, which an unsigned read would wrap around.
  for (const char* bad : {"--max-nodes -1", "--max-nodes 18446744073709551616", "--max-nodes 1e6",
                          "--memory-limit -1", "--memory-budget 1099511627777", "--time-limit -1",
                          "--time-limit nan", "--grace -1", "--grace nan"}) {
    const CliResult r = npuzzle("batch -i " + p + " -o " + o + " " + bad);
    EXPECT_EQ(r.code, 2) << bad;
    EXPECT_EQ(r.err.find("npuzzle batch: "), 0u) << bad << ": " << r.err;
  }
}

// The engine's rules for a request (search/request.h) as the CLI words
// them: with its flags, the same in solve and batch, before any work.
TEST_F(Cli, RequestProblemsAreWordedWithTheFlags) {
  spit(path("p.txt"), "1 2 3 4 5 6 7 0 8\n");
  const std::string p = quote(path("p.txt"));
  const std::pair<const char*, const char*> cases[] = {
      {"--weight 0.5", "--weight must be from 1 to 1000"},
      {"--weight 1001", "--weight must be from 1 to 1000"},
      {"--weight 2 --algorithm phased", "--weight applies to --algorithm ida and --algorithm astar only"},
      {"--weight 2 --bound-growth 3", "--bound-growth must be from 1 to --weight"},
      {"--weight 2 --bound-growth 1.5 --algorithm astar", "--bound-growth applies to --algorithm ida only"},
      {"--prune fsm --algorithm astar", "--prune fsm applies to --algorithm ida without --weight"},
      {"--prune fsm --weight 2", "--prune fsm applies to --algorithm ida without --weight"},
      {"--fsm-depth 6", "--fsm-depth applies to --prune fsm only"},
      {"--prune fsm --fsm-depth 1", "--fsm-depth must be from 2 to 14 (or 0, the shape's default)"},
      {"--prune fsm --fsm-depth 15", "--fsm-depth must be from 2 to 14 (or 0, the shape's default)"},
      {"--shorten", "--shorten applies to --algorithm phased only"},
  };
  for (const auto& [args, message] : cases) {
    const CliResult s = npuzzle(std::string("solve ") + args + " " + p);
    EXPECT_EQ(s.code, 2) << args;
    EXPECT_EQ(s.err, std::string("npuzzle solve: ") + message + "\n") << args;
    EXPECT_EQ(s.out, "") << args;
    const CliResult b = npuzzle(std::string("batch ") + args + " -i " + p + " -o " + quote(path("o.csv")));
    EXPECT_EQ(b.code, 2) << args;
    EXPECT_EQ(b.err, std::string("npuzzle batch: ") + message + "\n") << args;
    EXPECT_FALSE(fs::exists(path("o.csv"))) << args;
  }
  // A shape's own limit, per board: the machine's depth above 25 cells, A* above 25 cells.
  spit(path("6x6.txt"), "6 6\n 1 2 3 4 5 6\n 7 8 9 10 11 12\n 13 14 15 16 17 18\n 19 20 21 22 23 24\n"
                        " 25 26 27 28 29 30\n 31 32 33 34 35 0\n");
  const CliResult deep = npuzzle("batch --prune fsm --fsm-depth 12 -i " + quote(path("6x6.txt")) + " -o " +
                                 quote(path("deep.csv")));
  EXPECT_EQ(deep.code, 1) << deep.err;
  EXPECT_NE(deep.err.find(path("6x6.txt") + ":1: --fsm-depth must be from 2 to 10 on 6x6"), std::string::npos)
      << deep.err;
  EXPECT_EQ(read_csv(slurp(path("deep.csv"))).at(0)[kStatus], "invalid");
  const CliResult astar = npuzzle("solve --algorithm astar " + quote(path("6x6.txt")));
  EXPECT_NE((astar.out + astar.err).find("--algorithm astar supports boards of at most 25 cells"), std::string::npos)
      << astar.out << astar.err;
}

// Unsolvable boards name the goal that solves them, with its flag.
TEST_F(Cli, UnsolvableBoardsNameTheOtherGoalsFlag) {
  const auto korf = testing::korf100();
  std::string text;
  for (auto t : korf[0].tiles) text += std::to_string(t) + " ";  // blank-first: unsolvable for blank-last
  spit(path("k.txt"), text + "\n");
  const CliResult s = npuzzle("solve " + quote(path("k.txt")));
  EXPECT_NE(s.out.find("unsolvable (it is solvable for blank-first: --goal blank-first)"), std::string::npos)
      << s.out;
  const CliResult b = npuzzle("batch -i " + quote(path("k.txt")) + " -o " + quote(path("k.csv")));
  EXPECT_EQ(b.code, 0) << b.err;
  EXPECT_NE(b.err.find(path("k.txt") +
                       ":1: puzzle 1 is unsolvable for the blank-last goal (it is solvable for blank-first: --goal "
                       "blank-first)"),
            std::string::npos)
      << b.err;
  EXPECT_EQ(read_csv(slurp(path("k.csv"))).at(0)[kStatus], "unsolvable");
  // The 3x3 board with two tiles swapped is unsolvable for both goals: no hint.
  spit(path("u.txt"), "2 1 3 4 5 6 7 8 0\n");
  const CliResult u = npuzzle("batch -i " + quote(path("u.txt")) + " -o " + quote(path("u.csv")));
  EXPECT_NE(u.err.find(path("u.txt") + ":1: puzzle 1 is unsolvable for the blank-last goal\n"), std::string::npos)
      << u.err;
}

// An explicitly named table that is missing is built first, in one step
// before any puzzle is solved, with a note; a second run only loads it.
TEST_F(Cli, BatchBuildsAMissingTableFirstWithANote) {
  const CliResult g = npuzzle("gen --size 3x4 --count 10 --seed 41 --walk 30");
  ASSERT_EQ(g.code, 0) << g.err;
  spit(path("in.txt"), g.out);
  const std::string run =
      "batch --heuristic pdb:3x4-65 --pdb-dir " + quote(path("pdbs")) + " -i " + quote(path("in.txt")) + " -o ";
  const CliResult first = npuzzle(run + quote(path("a.csv")));
  ASSERT_EQ(first.code, 0) << first.err;
  EXPECT_NE(first.err.find("npuzzle: building pdb:3x4-65 for 3x4 blank-last boards first: 2 tables in " +
                           path("pdbs") + " (once; 'npuzzle pdb build' does it ahead)\n"),
            std::string::npos)
      << first.err;
  const auto rows = read_csv(slurp(path("a.csv")));
  ASSERT_EQ(rows.size(), 10u);
  for (const Row& row : rows) {
    EXPECT_EQ(row[kStatus], "optimal");
    EXPECT_EQ(row[kHeuristic], "pdb:3x4-65");
  }
  const CliResult second = npuzzle(run + quote(path("b.csv")));
  ASSERT_EQ(second.code, 0) << second.err;
  EXPECT_EQ(second.err.find("building"), std::string::npos) << second.err;
  expect_same_except_seconds(read_csv(slurp(path("b.csv"))), rows);
}

// pick(A,B) through the batch (not under TSan, which cannot see the table
// builder's ordering: scripts/test.sh): its build step builds what either misses,
// each row names the heuristic chosen for it, a Manhattan row has Korf's
// published count, and the CSV is the same on 1 and 2 threads.
TEST_F(Cli, PickBuildsAMissingTableAndEachRowNamesItsChoice) {
  const auto korf = testing::korf100();
  std::string text = "# goal: blank-first\n";
  for (int id : {79, 12, 55}) {
    const testing::KorfInstance& k = korf[static_cast<std::size_t>(id - 1)];
    text += std::to_string(k.id);
    for (auto t : k.tiles) text += " " + std::to_string(t);
    text += "\n";
  }
  spit(path("in.txt"), text);
  const std::string spec = "pick(manhattan,pdb:555,cost=200,probe=20000)";
  const std::string run = "batch --no-progress --heuristic '" + spec + "' --pdb-dir " + quote(path("pdbs")) +
                          " -i " + quote(path("in.txt"));
  const CliResult one = npuzzle(run + " --threads 1 -o " + quote(path("one.csv")));
  ASSERT_EQ(one.code, 0) << one.err;
  EXPECT_NE(one.err.find("building " + spec), std::string::npos) << one.err;
  const auto rows = read_csv(slurp(path("one.csv")));
  ASSERT_EQ(rows.size(), 3u);
  for (const Row& row : rows) {
    const testing::KorfInstance& k = korf[static_cast<std::size_t>(std::stoi(row[kId]) - 1)];
    EXPECT_EQ(row[kStatus], "optimal");
    EXPECT_EQ(row[kLength], std::to_string(k.optimal_length));
    ASSERT_TRUE(row[kHeuristic] == "manhattan" || row[kHeuristic] == "pdb:555") << row[kHeuristic];
    if (row[kHeuristic] == "manhattan") EXPECT_EQ(std::stoull(row[kGenerated]) + 1, k.published_ida_nodes);
  }
  EXPECT_TRUE(parse_json(slurp(path("one.csv.json")))["options"]["heuristic"].is_string(spec));
  const CliResult two = npuzzle(run + " --threads 2 -o " + quote(path("two.csv")));
  ASSERT_EQ(two.code, 0) << two.err;
  EXPECT_EQ(two.err.find("building"), std::string::npos) << two.err;
  expect_same_except_seconds(read_csv(slurp(path("two.csv"))), rows);
  const CliResult verify = npuzzle("verify -i " + quote(path("in.txt")) + " -r " + quote(path("two.csv")));
  EXPECT_EQ(verify.code, 0) << verify.out << verify.err;
  // A* cannot probe IDA*'s iterations: refused, worded with the flags.
  const CliResult astar = npuzzle(run + " --algorithm astar -o " + quote(path("a.csv")));
  EXPECT_NE(astar.code, 0);
  EXPECT_NE(astar.err.find("--heuristic pick(A,B) applies to --algorithm ida without --weight"), std::string::npos)
      << astar.err;
}

TEST_F(Cli, BatchReadsStandardInput) {
  spit(path("p.txt"), "3\n 0  1  3\n 4  2  5\n 7  8  6\n");
  const CliResult b = npuzzle("batch -i - -o " + quote(path("o.csv")), path("p.txt"));
  EXPECT_EQ(b.code, 0) << b.err;
  const auto rows = read_csv(slurp(path("o.csv")));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0][kLength], "4");
  EXPECT_EQ(rows[0][kSolution], "rdrd");
}

TEST_F(Cli, SuccessfulRunsExitZero) {
  spit(path("p.txt"), "1 2 3 4 5 6 7 0 8\n");
  EXPECT_EQ(npuzzle("solve " + quote(path("p.txt"))).code, 0);
  const CliResult b = npuzzle("batch -i " + quote(path("p.txt")) + " -o " + quote(path("o.csv")));
  EXPECT_EQ(b.code, 0) << b.err;
  const CliResult v = npuzzle("verify -i " + quote(path("p.txt")) + " -r " + quote(path("o.csv")));
  EXPECT_EQ(v.code, 0) << v.err;
  EXPECT_EQ(closing_line(v.out), "1 passed, 0 failed");
  EXPECT_EQ(npuzzle("info " + quote(path("p.txt"))).code, 0);
}

// ---------------------------------------------------------------- solve

// Princeton's Board.toString(): the size, then rows of "%2d " fields; the
// client prints each board with println, so a blank line follows each.
std::string princeton_board(const Board& b) {
  std::string s = std::to_string(b.rows()) + "\n";
  char field[16];
  for (int r = 0; r < b.rows(); ++r) {
    for (int c = 0; c < b.cols(); ++c) {
      std::snprintf(field, sizeof field, "%2u ", b.at(r, c));
      s += field;
    }
    s += "\n";
  }
  return s + "\n";
}

TEST_F(Cli, PrincetonFormatPuzzle04) {
  const Board start = testing::board_of(3, 3, "0 1 3 4 2 5 7 8 6");
  // Every 4-move sequence from the start, by brute force: exactly one reaches the goal.
  std::vector<std::vector<Direction>> solutions;
  for (int code = 0; code < 256; ++code) {
    Board b = start;
    std::vector<Direction> moves;
    bool legal = true;
    for (int i = 0; i < 4 && legal; ++i) {
      const auto d = static_cast<Direction>((code >> (2 * i)) & 3);
      legal = b.can_move(d);
      if (legal) {
        b.move(d);
        moves.push_back(d);
      }
    }
    if (legal && b.is_solved(Goal::kBlankLast)) solutions.push_back(moves);
  }
  ASSERT_EQ(solutions.size(), 1u);
  std::string expected = "Minimum number of moves = 4\n";
  Board b = start;
  expected += princeton_board(b);
  for (Direction d : solutions[0]) {
    b.move(d);
    expected += princeton_board(b);
  }
  spit(path("puzzle04.txt"), "3\n 0  1  3\n 4  2  5\n 7  8  6\n");
  const CliResult r = npuzzle("solve --format princeton " + quote(path("puzzle04.txt")));
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, expected);
  // The same from standard input.
  const CliResult s = npuzzle("solve --format princeton", path("puzzle04.txt"));
  EXPECT_EQ(s.code, 0);
  EXPECT_EQ(s.out, expected);
}

TEST_F(Cli, PrincetonFormatUnsolvable) {
  spit(path("unsolvable.txt"), "3\n 1  2  3\n 4  5  6\n 8  7  0\n");
  const CliResult r = npuzzle("solve --format princeton " + quote(path("unsolvable.txt")));
  EXPECT_EQ(r.out, "Unsolvable puzzle\n");
  EXPECT_EQ(r.code, 0);
}

TEST_F(Cli, SolveTextOutputNamesTheLengthAndMoves) {
  spit(path("p.txt"), "3\n 0  1  3\n 4  2  5\n 7  8  6\n");
  const CliResult r = npuzzle("solve " + quote(path("p.txt")));
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("optimal"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("4 moves"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("rdrd"), std::string::npos) << r.out;  // the unique solution, blank notation
  const CliResult t = npuzzle("solve --notation tile " + quote(path("p.txt")));
  EXPECT_NE(t.out.find("LULU"), std::string::npos) << t.out;
  const CliResult v = npuzzle("solve --notation vim " + quote(path("p.txt")));
  EXPECT_NE(v.out.find("HKHK"), std::string::npos) << v.out;
}

TEST_F(Cli, InfoReportsSolvabilityAndHeuristics) {
  // puzzle04 (0 1 3 / 4 2 5 / 7 8 6): hamming 4, manhattan 4, no linear
  // conflict, and 4 inversions among the tiles (3>2, 4>2, 7>6, 8>6).
  spit(path("p.txt"), "1 0 1 3 4 2 5 7 8 6\n2 1 2 3 4 5 6 8 7 0\n");
  const CliResult r = npuzzle("info " + quote(path("p.txt")));
  EXPECT_EQ(r.code, 0);
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  std::istringstream first(lines[1]);
  std::string id, size, goal, solvable;
  long long inversions, hamming, manhattan, lc;
  first >> id >> size >> goal >> solvable >> inversions >> hamming >> manhattan >> lc;
  EXPECT_EQ(id, "1");
  EXPECT_EQ(size, "3x3");
  EXPECT_EQ(solvable, "yes");
  EXPECT_EQ(inversions, 4);
  EXPECT_EQ(hamming, 4);
  EXPECT_EQ(manhattan, 4);
  EXPECT_EQ(lc, 4);
  std::istringstream second(lines[2]);
  second >> id >> size >> goal >> solvable;
  EXPECT_EQ(solvable, "no");
}

// ---------------------------------------------------------------- batch

TEST_F(Cli, BatchHeaderAndUnsolvableRow) {
  spit(path("p.txt"), "1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 8 7 0\n1 2 3 4 5 6 7 8 0\n");
  const CliResult r = npuzzle("batch -i " + quote(path("p.txt")) + " -o " + quote(path("o.csv")));
  EXPECT_EQ(r.code, 0) << r.err;
  const std::string csv = slurp(path("o.csv"));
  EXPECT_EQ(lines_of(csv).at(0), kHeader);
  const auto rows = read_csv(csv);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0][kId], "1");
  EXPECT_EQ(rows[0][kStatus], "optimal");
  EXPECT_EQ(rows[0][kLength], "1");
  EXPECT_EQ(rows[0][kSolution], "r");
  EXPECT_EQ(rows[1][kId], "2");
  EXPECT_EQ(rows[1][kStatus], "unsolvable");
  EXPECT_EQ(rows[1][kLength], "");
  EXPECT_EQ(rows[1][kLowerBound], "");
  EXPECT_EQ(rows[1][kSolution], "");
  EXPECT_EQ(rows[2][kStatus], "optimal");  // already solved
  EXPECT_EQ(rows[2][kLength], "0");
  EXPECT_EQ(rows[2][kSolution], "");
  for (const Row& row : rows) {
    EXPECT_EQ(row[kRows], "3");
    EXPECT_EQ(row[kCols], "3");
    EXPECT_EQ(row[kAlgorithm], "ida");
    EXPECT_EQ(row[kHeuristic], "exact");  // auto on 3x3
    EXPECT_FALSE(row[kSeconds].empty());
  }
}

// The current UTC time as the sidecar writes it (ISO 8601, seconds).
std::string utc_text() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

bool is_utc_text(const std::string& s) {
  if (s.size() != 20) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char want = std::string("dddd-dd-ddTdd:dd:ddZ")[i];
    if (want == 'd' ? !std::isdigit(static_cast<unsigned char>(s[i])) : s[i] != want) return false;
  }
  return true;
}

// The sidecar of a batch with one puzzle of each status but solved and
// cancelled: every value against what was asked for and what the CSV holds.
TEST_F(Cli, SidecarRecordsProvenance) {
  const auto korf = testing::korf100();
  ASSERT_EQ(korf[0].id, 1);
  auto join = [](const std::vector<std::uint32_t>& t) {
    std::string s;
    for (std::uint32_t v : t) s += " " + std::to_string(v);
    return s;
  };
  spit(path("p.txt"), "# goal: blank-first\n"
                      "a 1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n"
                      "b 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 15\n"        // invalid
                      "c" + join(korf[0].tiles_blank_last) + "\n"          // unsolvable for blank-first
                      "d" + join(korf[0].tiles) + "\n"                     // 1000 nodes are far too few
                      "e 4 1 2 3 8 5 6 7 0 9 10 11 12 13 14 15\n");       // two moves
  const std::string args = "batch --threads 2 --notation tile --heuristic manhattan --max-nodes 1000 -i " +
                           quote(path("p.txt")) + " -o " + quote(path("o.csv"));
  const std::string before = utc_text();
  const auto started = std::chrono::steady_clock::now();
  const CliResult r = npuzzle(args);
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const std::string after = utc_text();
  ASSERT_EQ(r.code, 1) << r.err;  // an invalid and a limit row
  const auto rows = read_csv(slurp(path("o.csv")));
  ASSERT_EQ(rows.size(), 5u);
  std::map<std::string, long long> by_status;
  unsigned long long expanded = 0, generated = 0;
  double seconds = 0;
  for (const Row& row : rows) {
    ++by_status[row[kStatus]];
    expanded += std::stoull(row[kExpanded]);
    generated += std::stoull(row[kGenerated]);
    seconds += std::stod(row[kSeconds]);
  }
  ASSERT_EQ(by_status, (std::map<std::string, long long>{{"optimal", 2}, {"invalid", 1}, {"unsolvable", 1},
                                                         {"limit", 1}}));
  ASSERT_GE(expanded, 1000u);

  ASSERT_TRUE(fs::exists(path("o.csv.json")));
  const std::string text = slurp(path("o.csv.json"));
  const Json j = parse_json(text);
  ASSERT_EQ(j.kind, Json::kObject) << text;
  EXPECT_TRUE(j["tool"].is_string("npuzzle")) << text;
  // version and revision: the ones the binary reports.
  const CliResult v = npuzzle("--version");
  EXPECT_EQ(v.code, 0);
  std::istringstream version_line(v.out);
  std::string name, version, git, revision;
  version_line >> name >> version >> git >> revision;  // npuzzle 0.1.0 (git REV)
  EXPECT_TRUE(j["version"].is_string(version)) << v.out << text;
  EXPECT_EQ(j["git_revision"].kind, Json::kString);
  EXPECT_FALSE(j["git_revision"].text.empty());
  EXPECT_EQ("(git " + j["git_revision"].text + ")", git + " " + revision) << v.out;
  EXPECT_NE(j["command_line"].text.find("batch --threads 2 --notation tile"), std::string::npos) << text;
  EXPECT_TRUE(j["state"].is_string("complete")) << text;
  // The goal comes from the file's comment; the rest from the options.
  EXPECT_TRUE(j["goal"].is_string("blank-first")) << text;
  EXPECT_TRUE(j["notation"].is_string("tile")) << text;
  EXPECT_EQ(j["threads"].integer(), 2) << text;
  const Json& o = j["options"];
  EXPECT_TRUE(o["input"].is_string(path("p.txt"))) << text;
  EXPECT_TRUE(o["goal"].is_string("blank-first")) << text;
  EXPECT_TRUE(o["algorithm"].is_string("ida")) << text;
  EXPECT_TRUE(o["heuristic"].is_string("manhattan")) << text;
  EXPECT_TRUE(o["notation"].is_string("tile")) << text;
  EXPECT_EQ(o["max_nodes"].integer(), 1000) << text;
  EXPECT_EQ(o["time_limit_seconds"].kind, Json::kNumber);
  EXPECT_EQ(o["time_limit_seconds"].number, 0) << text;
  EXPECT_EQ(o["threads"].integer(), 2) << text;
  EXPECT_EQ(o["resume"].kind, Json::kBool);
  EXPECT_FALSE(o["resume"].boolean) << text;
  // This machine.
  const Json& m = j["machine"];
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  EXPECT_TRUE(m["hostname"].is_string(host)) << text;
  EXPECT_EQ(m["logical_cores"].integer(), static_cast<long long>(std::thread::hardware_concurrency())) << text;
  EXPECT_GT(m["memory_bytes"].integer(), 0) << text;
  EXPECT_EQ(m["cpu"].kind, Json::kString);
  // When: within the run, as seen from here.
  const std::string start = j["start_time"].text, end = j["end_time"].text;
  EXPECT_TRUE(is_utc_text(start)) << start;
  EXPECT_TRUE(is_utc_text(end)) << end;
  EXPECT_LE(before, start);  // the fixed format orders as text
  EXPECT_LE(start, end);
  EXPECT_LE(end, after);
  EXPECT_EQ(j["wall_seconds"].kind, Json::kNumber);
  EXPECT_GT(j["wall_seconds"].number, 0);
  EXPECT_LE(j["wall_seconds"].number, elapsed);
  // The totals are the CSV's.
  EXPECT_EQ(j["puzzles"].integer(), 5) << text;
  const Json& counts = j["counts"];
  for (const char* status : {"optimal", "solved", "unsolvable", "limit", "invalid", "cancelled"}) {
    EXPECT_EQ(counts[status].integer(), by_status[status]) << status << "\n" << text;
  }
  // Unsupported requests are `invalid` rows, and counted apart as well: none here.
  EXPECT_EQ(counts["unsupported"].integer(), 0) << text;
  EXPECT_EQ(counts.members.size(), 7u) << text;
  EXPECT_EQ(j["total_expanded"].integer(), static_cast<long long>(expanded)) << text;
  EXPECT_EQ(j["total_generated"].integer(), static_cast<long long>(generated)) << text;
  // The CSV rounds each row's seconds to a microsecond.
  EXPECT_NEAR(j["search_seconds"].number, seconds, 1e-5 * static_cast<double>(rows.size())) << text;
}

// One run with an invalid line, an unsolvable board and a puzzle that hits
// --max-nodes: each reported for what it is, and exit 1.
TEST_F(Cli, MixedBatchReportsEachPuzzleCorrectly) {
  const auto korf = testing::korf100();
  ASSERT_GE(korf.size(), 1u);
  ASSERT_EQ(korf[0].id, 1);  // 57 moves, 276 million nodes with Manhattan: far past 1000
  auto join = [](const std::vector<std::uint32_t>& t) {
    std::string s;
    for (std::uint32_t v : t) {
      s += ' ';
      s += std::to_string(v);
    }
    return s;
  };
  const std::string text = "# goal: blank-first\n"                               // 1
                           "a 1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n"            // 2: one move
                           "b 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 15\n"           // 3: invalid
                           "c" + join(korf[0].tiles_blank_last) + "\n"            // 4: unsolvable for blank-first
                           "d" + join(korf[0].tiles) + "\n";                      // 5: hits the node limit
  spit(path("mixed.txt"), text);
  const CliResult r = npuzzle("batch --max-nodes 1000 --heuristic manhattan -i " + quote(path("mixed.txt")) + " -o " +
                        quote(path("o.csv")));
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find(path("mixed.txt") + ":3:"), std::string::npos) << r.err;
  const auto rows = read_csv(slurp(path("o.csv")));
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0][kId], "a");
  EXPECT_EQ(rows[0][kStatus], "optimal");
  EXPECT_EQ(rows[0][kLength], "1");
  EXPECT_EQ(rows[0][kSolution], "l");
  EXPECT_EQ(rows[1][kId], "b");
  EXPECT_EQ(rows[1][kStatus], "invalid");
  EXPECT_EQ(rows[1][kLength], "");
  EXPECT_EQ(rows[2][kId], "c");
  EXPECT_EQ(rows[2][kStatus], "unsolvable");
  EXPECT_EQ(rows[2][kLength], "");
  EXPECT_EQ(rows[2][kLowerBound], "");
  EXPECT_EQ(rows[3][kId], "d");
  EXPECT_EQ(rows[3][kStatus], "limit");
  EXPECT_EQ(rows[3][kLength], "");
  EXPECT_EQ(rows[3][kSolution], "");
  ASSERT_FALSE(rows[3][kLowerBound].empty());
  const int bound = std::stoi(rows[3][kLowerBound]);
  EXPECT_GE(bound, korf[0].manhattan);
  EXPECT_LE(bound, korf[0].optimal_length);
  EXPECT_FALSE(rows[3][kExpanded].empty());
  // verify skips the limit row and passes the rest.
  const CliResult v = npuzzle("verify -i " + quote(path("mixed.txt")) + " -r " + quote(path("o.csv")));
  EXPECT_EQ(v.code, 0) << v.err;
}

// ---------------------------------------------------------------- round trips

struct RoundTrip {
  std::string gen_args;
  std::string batch_args;
  int rows, cols;
  Goal goal;
  std::string notation;
  int count;
};

void PrintTo(const RoundTrip& r, std::ostream* os) { *os << r.gen_args << " | " << r.batch_args; }

class CliRoundTrip : public Cli, public ::testing::WithParamInterface<RoundTrip> {};

TEST_P(CliRoundTrip, GenBatchVerifyAgainstBfs) {
  const RoundTrip& p = GetParam();
  const CliResult g = npuzzle("gen " + p.gen_args);
  ASSERT_EQ(g.code, 0) << g.err;
  spit(path("in.txt"), g.out);
  const CliResult b = npuzzle("batch --threads 2 -i " + quote(path("in.txt")) + " -o " + quote(path("out.csv")) + " " +
                        p.batch_args);
  ASSERT_EQ(b.code, 0) << b.err;
  const CliResult v = npuzzle("verify -i " + quote(path("in.txt")) + " -r " + quote(path("out.csv")));
  EXPECT_EQ(v.code, 0) << v.err;
  EXPECT_EQ(closing_line(v.out), std::to_string(p.count) + " passed, 0 failed");
  check_batch_against_bfs(g.out, slurp(path("out.csv")), p.rows, p.cols, p.goal, p.notation,
                          static_cast<std::size_t>(p.count));
  // Every generated board is solvable (uniformity: GenBoardsPassChiSquareTestsOfUniformity).
  for (const auto& [id, tiles] : read_gen(g.out)) {
    EXPECT_TRUE(is_solvable(Board(p.rows, p.cols, tiles), p.goal)) << "id " << id;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, CliRoundTrip,
    ::testing::Values(RoundTrip{"--size 3x3 --count 200 --seed 7", "", 3, 3, Goal::kBlankLast, "blank", 200},
                      RoundTrip{"--size 2x4 --count 200 --seed 7", "", 2, 4, Goal::kBlankLast, "blank", 200},
                      RoundTrip{"--size 3x3 --count 200 --seed 8 --walk 40", "", 3, 3, Goal::kBlankLast, "blank", 200},
                      RoundTrip{"--size 3x3 --count 200 --seed 9", "--notation tile", 3, 3, Goal::kBlankLast, "tile",
                                200},
                      RoundTrip{"--size 3x3 --count 200 --seed 10", "--notation vim", 3, 3, Goal::kBlankLast, "vim",
                                200},
                      RoundTrip{"--size 3x3 --count 100 --seed 11 --goal blank-first", "--algorithm astar", 3, 3,
                                Goal::kBlankFirst, "blank", 100},
                      RoundTrip{"--size 3x2 --count 50 --seed 12 --goal blank-first", "--heuristic manhattan", 3, 2,
                                Goal::kBlankFirst, "blank", 50}),
    [](const ::testing::TestParamInfo<RoundTrip>& info) { return "Case" + std::to_string(info.index); });

// 4x4 walks (beyond BFS): replayed here, lengths at most the walk.
TEST_F(Cli, FourByFourWalksRoundTrip) {
  const CliResult g = npuzzle("gen --size 4x4 --count 20 --seed 3 --walk 30");
  ASSERT_EQ(g.code, 0);
  spit(path("in.txt"), g.out);
  ASSERT_EQ(npuzzle("batch -i " + quote(path("in.txt")) + " -o " + quote(path("out.csv"))).code, 0);
  const CliResult v = npuzzle("verify -i " + quote(path("in.txt")) + " -r " + quote(path("out.csv")));
  EXPECT_EQ(v.code, 0);
  EXPECT_EQ(closing_line(v.out), "20 passed, 0 failed");
  const auto puzzles = read_gen(g.out);
  for (const Row& row : read_csv(slurp(path("out.csv")))) {
    EXPECT_EQ(row[kStatus], "optimal");
    EXPECT_LE(std::stoi(row[kLength]), 30);
    EXPECT_EQ(std::stoi(row[kLength]) % 2, 0);
    EXPECT_EQ(replay(4, 4, puzzles.at(row[kId]), row[kSolution], "blank", Goal::kBlankLast), "");
  }
}

// Verify without a sidecar: the notation comes from --notation or is detected.
TEST_F(Cli, VerifyWithoutSidecar) {
  const CliResult g = npuzzle("gen --size 3x3 --count 30 --seed 21");
  spit(path("in.txt"), g.out);
  ASSERT_EQ(npuzzle("batch --notation tile -i " + quote(path("in.txt")) + " -o " + quote(path("out.csv"))).code, 0);
  fs::remove(path("out.csv.json"));
  CliResult v = npuzzle("verify -i " + quote(path("in.txt")) + " -r " + quote(path("out.csv")));
  EXPECT_EQ(v.code, 0) << v.err;  // upper case, no H/J/K: detected as tile
  v = npuzzle("verify --notation tile -i " + quote(path("in.txt")) + " -r " + quote(path("out.csv")));
  EXPECT_EQ(v.code, 0) << v.err;
  EXPECT_EQ(closing_line(v.out), "30 passed, 0 failed");
  // Read as the wrong notation, the solutions fail.
  v = npuzzle("verify --notation vim -i " + quote(path("in.txt")) + " -r " + quote(path("out.csv")));
  EXPECT_EQ(v.code, 1);
}

// ---------------------------------------------------------------- tampering

class CliTamper : public Cli {
 protected:
  void SetUp() override {
    Cli::SetUp();
    const CliResult g = npuzzle("gen --size 3x3 --count 200 --seed 7");
    ASSERT_EQ(g.code, 0);
    spit(path("in.txt"), g.out);
    ASSERT_EQ(npuzzle("batch -i " + quote(path("in.txt")) + " -o " + quote(path("out.csv"))).code, 0);
    csv_ = slurp(path("out.csv"));
  }

  // Rewrites field `col` of the first row with a non-empty solution.
  void tamper(Col col, const std::function<std::string(const std::string&)>& change) {
    auto lines = lines_of(csv_);
    for (std::size_t i = 1; i < lines.size(); ++i) {
      auto fields = read_csv(kHeader + "\n" + lines[i] + "\n").at(0);
      if (fields[kSolution].empty()) continue;
      fields[col] = change(fields[col]);
      std::string line;
      for (std::size_t f = 0; f < fields.size(); ++f) line += (f ? "," : "") + fields[f];
      lines[i] = line;
      break;
    }
    std::string text;
    for (const auto& l : lines) text += l + "\n";
    spit(path("out.csv"), text);
  }

  CliResult verify() { return npuzzle("verify -i " + quote(path("in.txt")) + " -r " + quote(path("out.csv"))); }

  std::string csv_;
};

TEST_F(CliTamper, CleanResultsPass) {
  const CliResult v = verify();
  EXPECT_EQ(v.code, 0);
  EXPECT_EQ(closing_line(v.out), "200 passed, 0 failed");
}

TEST_F(CliTamper, OneMoveLetterChangedFails) {
  tamper(kSolution, [](const std::string& s) {
    std::string t = s;
    t[0] = t[0] == 'u' ? 'd' : 'u';
    return t;
  });
  const CliResult v = verify();
  EXPECT_EQ(v.code, 1);
  EXPECT_EQ(closing_line(v.out), "199 passed, 1 failed");
}

TEST_F(CliTamper, LastMoveLetterChangedFails) {
  tamper(kSolution, [](const std::string& s) {
    std::string t = s;
    t.back() = t.back() == 'l' ? 'r' : 'l';
    return t;
  });
  const CliResult v = verify();
  EXPECT_EQ(v.code, 1);
  EXPECT_EQ(closing_line(v.out), "199 passed, 1 failed");
}

TEST_F(CliTamper, LengthChangedFails) {
  tamper(kLength, [](const std::string& s) { return std::to_string(std::stoi(s) + 2); });
  const CliResult v = verify();
  EXPECT_EQ(v.code, 1);
  EXPECT_EQ(closing_line(v.out), "199 passed, 1 failed");
}

// Found by verify_fuzz: a length with a leading zero used to pass as the number.
TEST_F(CliTamper, LengthWithALeadingZeroFails) {
  tamper(kLength, [](const std::string& s) { return "0" + s; });
  const CliResult v = verify();
  EXPECT_EQ(v.code, 1);
  EXPECT_EQ(closing_line(v.out), "199 passed, 1 failed");
}

TEST_F(CliTamper, MissingRowFails) {
  auto lines = lines_of(csv_);
  lines.erase(lines.begin() + 100);
  std::string text;
  for (const auto& l : lines) text += l + "\n";
  spit(path("out.csv"), text);
  const CliResult v = verify();
  EXPECT_EQ(v.code, 1);
  EXPECT_EQ(closing_line(v.out), "199 passed, 1 failed");
}

TEST_F(CliTamper, SolvableBoardMarkedUnsolvableFails) {
  tamper(kStatus, [](const std::string&) { return std::string("unsolvable"); });
  const CliResult v = verify();
  EXPECT_EQ(v.code, 1);
}

// ---------------------------------------------------------------- resume and threads

TEST_F(Cli, ResumeAfterATornLineAndAMissingRowMatchesACleanRun) {
  // 3x3 boards and a few 4x4 walks (the lines format takes both in one file).
  const CliResult g3 = npuzzle("gen --size 3x3 --count 40 --seed 5");
  ASSERT_EQ(g3.code, 0);
  std::string input;
  for (const std::string& line : lines_of(g3.out)) {
    if (!line.empty() && line[0] != '#') input += line + "\n";
  }
  std::mt19937_64 rng(6);
  for (int i = 0; i < 6; ++i) {
    const Board b = testing::random_walk(4, 4, Goal::kBlankLast, 36, rng);
    input += 'w';
    input += std::to_string(i);
    for (std::uint32_t t : b.tiles()) {
      input += ' ';
      input += std::to_string(t);
    }
    input += '\n';
  }
  spit(path("in.txt"), input);
  const std::string in = quote(path("in.txt"));
  ASSERT_EQ(npuzzle("batch --threads 2 -i " + in + " -o " + quote(path("clean.csv"))).code, 0);
  const auto clean = read_csv(slurp(path("clean.csv")));
  ASSERT_EQ(clean.size(), 46u);

  // A crashed run: row 10 missing, and the last row torn in half (no newline).
  auto lines = lines_of(slurp(path("clean.csv")));
  ASSERT_EQ(lines.size(), 47u);
  std::string broken;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    if (i == 10) continue;
    broken += lines[i] + "\n";
  }
  broken += lines.back().substr(0, lines.back().size() / 2);
  spit(path("resumed.csv"), broken);
  const CliResult r = npuzzle("batch --resume --threads 2 -i " + in + " -o " + quote(path("resumed.csv")));
  ASSERT_EQ(r.code, 0) << r.err;
  const auto resumed = read_csv(slurp(path("resumed.csv")));
  ASSERT_EQ(resumed.size(), clean.size());
  for (std::size_t i = 0; i < clean.size(); ++i) {
    SCOPED_TRACE("row " + std::to_string(i));
    EXPECT_EQ(resumed[i][kId], clean[i][kId]);
    EXPECT_EQ(resumed[i][kStatus], clean[i][kStatus]);
    EXPECT_EQ(resumed[i][kLength], clean[i][kLength]);
    EXPECT_EQ(resumed[i][kExpanded], clean[i][kExpanded]);
    EXPECT_EQ(resumed[i][kGenerated], clean[i][kGenerated]);
  }
  const CliResult v = npuzzle("verify -i " + in + " -r " + quote(path("resumed.csv")));
  EXPECT_EQ(closing_line(v.out), "46 passed, 0 failed");
}

// Ctrl-C: the rows already written stay, the puzzle in flight is left for
// --resume, the exit code is 128 + SIGINT, and --resume finishes the job.
TEST_F(Cli, InterruptedBatchKeepsItsRowsAndResumes) {
  const auto korf = testing::korf100();
  ASSERT_EQ(korf[0].id, 1);  // 276 million nodes with Manhattan: seconds of work
  std::string input = "# goal: blank-first\n";
  const char* easy[] = {"1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15", "4 1 2 3 0 5 6 7 8 9 10 11 12 13 14 15",
                        "1 2 0 3 4 5 6 7 8 9 10 11 12 13 14 15", "1 5 2 3 4 0 6 7 8 9 10 11 12 13 14 15"};
  for (int i = 0; i < 4; ++i) input += "e" + std::to_string(i) + " " + easy[i] + "\n";
  input += "hard";
  for (std::uint32_t t : korf[0].tiles) {
    input += ' ';
    input += std::to_string(t);
  }
  input += '\n';
  for (int i = 4; i < 8; ++i) input += "e" + std::to_string(i) + " " + easy[i - 4] + "\n";
  spit(path("in.txt"), input);

  const std::string csv = path("out.csv");
  const pid_t pid = start("batch --threads 1 --grace 0 --heuristic manhattan -i " + quote(path("in.txt")) + " -o " +
                          quote(csv) + " 2>" + quote(path("err.txt")));
  ASSERT_GE(pid, 0);
  // Wait for the four easy rows before the hard puzzle, then interrupt.
  bool ready = false;
  for (int i = 0; i < 600 && !ready; ++i) {
    ready = lines_of(slurp(csv)).size() >= 5;
    if (!ready) usleep(50'000);
  }
  kill(pid, SIGINT);
  const Ended ended = wait_for(pid);
  ASSERT_TRUE(ready) << "the easy rows never appeared";
  ASSERT_TRUE(ended.exited);
  EXPECT_EQ(ended.code, 128 + SIGINT) << slurp(path("err.txt"));
  // The four rows before the hard puzzle are complete; it is not there (it was
  // in flight); puzzles after it may have completed in flight too.
  const auto kept = read_csv(slurp(csv));
  ASSERT_GE(kept.size(), 4u);
  ASSERT_LE(kept.size(), 8u);
  for (std::size_t i = 0; i < kept.size(); ++i) {
    EXPECT_EQ(kept[i][kId], "e" + std::to_string(i));
    EXPECT_EQ(kept[i][kStatus], "optimal");
  }
  EXPECT_TRUE(parse_json(slurp(csv + ".json"))["state"].is_string("interrupted"));

  // Resume with a node limit so the hard one ends quickly.
  const CliResult r = npuzzle("batch --resume --threads 1 --heuristic manhattan --max-nodes 200000 -i " +
                              quote(path("in.txt")) + " -o " + quote(csv));
  EXPECT_EQ(r.code, 1) << r.err;  // the hard puzzle hits its limit
  const auto all = read_csv(slurp(csv));
  ASSERT_EQ(all.size(), 9u);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(all[i], kept[i]);  // kept as they were
  EXPECT_EQ(all[4][kId], "hard");
  EXPECT_EQ(all[4][kStatus], "limit");
  for (std::size_t i = 5; i < 9; ++i) {
    EXPECT_EQ(all[i][kId], "e" + std::to_string(i - 1));
    EXPECT_EQ(all[i][kStatus], "optimal");
    EXPECT_EQ(all[i][kLength], all[i - 5][kLength]);  // the same easy boards again
  }
  EXPECT_EQ(all[0][kLength], "1");
  EXPECT_EQ(all[1][kLength], "1");
  EXPECT_EQ(all[2][kLength], "2");
  EXPECT_EQ(all[3][kLength], "2");
}

TEST_F(Cli, OneAndTwoThreadsGiveIdenticalResults) {
  const CliResult g = npuzzle("gen --size 4x4 --count 16 --seed 17 --walk 44");
  ASSERT_EQ(g.code, 0);
  spit(path("in.txt"), g.out);
  const std::string in = quote(path("in.txt"));
  ASSERT_EQ(npuzzle("batch --threads 1 -i " + in + " -o " + quote(path("t1.csv"))).code, 0);
  ASSERT_EQ(npuzzle("batch --threads 2 -i " + in + " -o " + quote(path("t2.csv"))).code, 0);
  const auto t1 = read_csv(slurp(path("t1.csv")));
  const auto t2 = read_csv(slurp(path("t2.csv")));
  ASSERT_EQ(t1.size(), 16u);
  ASSERT_EQ(t2.size(), t1.size());
  for (std::size_t i = 0; i < t1.size(); ++i) {
    EXPECT_EQ(t1[i][kId], std::to_string(i + 1));
    EXPECT_EQ(t2[i][kId], t1[i][kId]);
    EXPECT_EQ(t2[i][kLength], t1[i][kLength]);
    EXPECT_EQ(t2[i][kExpanded], t1[i][kExpanded]);
    EXPECT_EQ(t2[i][kGenerated], t1[i][kGenerated]);
    EXPECT_EQ(t2[i][kSolution], t1[i][kSolution]);
  }
  EXPECT_EQ(parse_json(slurp(path("t1.csv.json")))["threads"].integer(), 1);
  EXPECT_EQ(parse_json(slurp(path("t2.csv.json")))["threads"].integer(), 2);
  // Parallel IDA* inside each puzzle (every puzzle split, or none at all,
  // not even the tail): the same rows again.
  for (const std::string options : {"--intra-threads 2", "--no-tail-parallel"}) {
    SCOPED_TRACE(options);
    ASSERT_EQ(npuzzle("batch --threads 2 " + options + " -i " + in + " -o " + quote(path("t3.csv"))).code, 0);
    const auto t3 = read_csv(slurp(path("t3.csv")));
    ASSERT_EQ(t3.size(), t1.size());
    for (std::size_t i = 0; i < t1.size(); ++i) {
      for (int col : {kId, kStatus, kLength, kLowerBound, kExpanded, kGenerated, kSolution}) {
        EXPECT_EQ(t3[i][col], t1[i][col]);
      }
    }
  }
  // solve: one thread or two inside the puzzle, the same report but for the time.
  auto without_time = [](std::string text) {
    std::string kept, line;
    std::istringstream lines(text);
    while (std::getline(lines, line)) {
      if (line.find("time:") == std::string::npos) kept += line + "\n";
    }
    return kept;
  };
  const CliResult one = npuzzle("solve --intra-threads 1 " + in);
  const CliResult two = npuzzle("solve --intra-threads 2 " + in);
  EXPECT_EQ(one.code, 0);
  EXPECT_EQ(two.code, 0);
  EXPECT_NE(one.out.find("expanded"), std::string::npos);
  EXPECT_EQ(without_time(two.out), without_time(one.out));
  EXPECT_EQ(npuzzle("solve --intra-threads -1 " + in).code, 2);
  EXPECT_EQ(npuzzle("batch --intra-threads 0 -i " + in + " -o " + quote(path("t4.csv"))).code, 2);
}

// ------------------------------------------------------ heuristic auto

// The default heuristic: linear-conflict while no PDB is cached for the
// board, with one notice saying how to build one; the cached PDB once there
// is one. Lengths against Korf's published ones.
TEST_F(Cli, AutoHeuristicUsesACachedPdbAndOtherwiseSaysHowToBuildOne) {
  const auto korf = testing::korf100();
  ASSERT_EQ(korf.size(), 100u);
  std::string text = "# goal: blank-first\n";
  for (std::size_t i = 0; i < 8; ++i) {
    text += std::to_string(korf[i].id);
    for (auto t : korf[i].tiles) text += " " + std::to_string(t);
    text += "\n";
  }
  spit(path("korf8.txt"), text);
  const std::string pdbs = " --pdb-dir " + quote(path("pdbs"));
  const std::string batch = "batch --threads 2 -i " + quote(path("korf8.txt")) + pdbs + " -o ";
  const auto check_lengths = [&](const std::vector<Row>& rows, const std::string& heuristic) {
    ASSERT_EQ(rows.size(), 8u);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      EXPECT_EQ(rows[i][kStatus], "optimal");
      EXPECT_EQ(rows[i][kLength], std::to_string(korf[i].optimal_length)) << "instance " << korf[i].id;
      EXPECT_EQ(rows[i][kHeuristic], heuristic);
    }
  };

  const CliResult plain = npuzzle(batch + quote(path("lc.csv")));
  ASSERT_EQ(plain.code, 0) << plain.err;
  const auto lc = read_csv(slurp(path("lc.csv")));
  check_lengths(lc, "linear-conflict");
  const std::string hint = "'npuzzle pdb build pdb:663 --goal blank-first'";
  const auto first = plain.err.find(hint);
  EXPECT_NE(first, std::string::npos) << plain.err;
  EXPECT_EQ(plain.err.find(hint, first + 1), std::string::npos) << "the notice comes once:\n" << plain.err;
  EXPECT_TRUE(parse_json(slurp(path("lc.csv.json")))["options"]["heuristic"].is_string("auto"));

  ASSERT_EQ(npuzzle("pdb build pdb:555 --goal blank-first --threads 2" + pdbs).code, 0);
  const CliResult with = npuzzle(batch + quote(path("555.csv")));
  ASSERT_EQ(with.code, 0) << with.err;
  EXPECT_NE(with.err.find("cached pdb:555"), std::string::npos) << with.err;
  const auto p555 = read_csv(slurp(path("555.csv")));
  check_lengths(p555, "pdb:555");
  for (std::size_t i = 0; i < p555.size(); ++i) {
    EXPECT_LT(std::stoull(p555[i][kExpanded]), std::stoull(lc[i][kExpanded])) << "instance " << korf[i].id;
  }

  ASSERT_EQ(npuzzle(batch + quote(path("555n.csv")) + " --no-reflect").code, 0);
  check_lengths(read_csv(slurp(path("555n.csv"))), "pdb:555/no-reflect");
  // A* takes the cached PDB too (reopening keeps it optimal with it).
  ASSERT_EQ(npuzzle(batch + quote(path("astar.csv")) + " --algorithm astar").code, 0);
  check_lengths(read_csv(slurp(path("astar.csv"))), "pdb:555");
}

// ---------------------------------------------------------------- goals

// `--goal` overrides the file's `# goal:`; verify takes the goal from the sidecar.
TEST_F(Cli, GoalOptionOverridesTheFileAndReachesVerifyThroughTheSidecar) {
  const auto korf = testing::korf100();
  std::string declared = "# goal: blank-first\n";
  std::string plain;
  for (int i = 0; i < 3; ++i) {
    const auto& k = korf[static_cast<std::size_t>(i)];
    std::string line = std::to_string(k.id);
    for (std::uint32_t t : k.tiles) {
      line += ' ';
      line += std::to_string(t);
    }
    declared += line + "\n";
    plain += line + "\n";
  }
  spit(path("declared.txt"), declared);
  spit(path("plain.txt"), plain);
  // Korf's boards are unsolvable for blank-last: --goal blank-last wins over the comment.
  const CliResult a = npuzzle("batch --max-nodes 1 --goal blank-last -i " + quote(path("declared.txt")) +
                              " -o " + quote(path("a.csv")));
  EXPECT_EQ(a.code, 0) << a.err;
  for (const Row& row : read_csv(slurp(path("a.csv")))) EXPECT_EQ(row[kStatus], "unsolvable");
  // Without the comment the default goal is blank-last: unsolvable again.
  EXPECT_EQ(npuzzle("batch --max-nodes 1 -i " + quote(path("plain.txt")) + " -o " + quote(path("b.csv"))).code, 0);
  for (const Row& row : read_csv(slurp(path("b.csv")))) EXPECT_EQ(row[kStatus], "unsolvable");
  // 4x4 walks solved for blank-first given on the command line only; verify
  // must take the goal from the sidecar to pass.
  std::mt19937_64 rng(31);
  std::string walks;
  for (int i = 1; i <= 5; ++i) {
    const Board b = testing::random_walk(4, 4, Goal::kBlankFirst, 30, rng);
    walks += std::to_string(i);
    for (std::uint32_t t : b.tiles()) {
      walks += ' ';
      walks += std::to_string(t);
    }
    walks += '\n';
  }
  spit(path("walks.txt"), walks);
  ASSERT_EQ(npuzzle("batch --goal blank-first -i " + quote(path("walks.txt")) + " -o " + quote(path("w.csv"))).code,
            0);
  for (const Row& row : read_csv(slurp(path("w.csv")))) EXPECT_EQ(row[kStatus], "optimal");
  const CliResult v = npuzzle("verify -i " + quote(path("walks.txt")) + " -r " + quote(path("w.csv")));
  EXPECT_EQ(v.code, 0) << v.err;
  EXPECT_EQ(closing_line(v.out), "5 passed, 0 failed");
  // Told the wrong goal, verify fails them.
  const CliResult wrong =
      npuzzle("verify --goal blank-last -i " + quote(path("walks.txt")) + " -r " + quote(path("w.csv")));
  EXPECT_EQ(wrong.code, 1);
}

// A 1000 x 1000 board (10^6 cells) is read, and info answers in O(N log N);
// the optimal solvers refuse it as unsupported rather than crash.
TEST_F(Cli, MillionCellBoard) {
  const CliResult g = npuzzle("gen --size 1000x1000 --count 1 --seed 4");
  ASSERT_EQ(g.code, 0);
  spit(path("big.txt"), g.out);
  const CliResult i = npuzzle("info " + quote(path("big.txt")));
  EXPECT_EQ(i.code, 0) << i.err;
  const auto lines = lines_of(i.out);
  ASSERT_EQ(lines.size(), 2u);
  std::istringstream row(lines[1]);
  std::string id, size, goal, solvable;
  row >> id >> size >> goal >> solvable;
  EXPECT_EQ(size, "1000x1000");
  EXPECT_EQ(solvable, "yes");
  const CliResult b = npuzzle("batch -i " + quote(path("big.txt")) + " -o " + quote(path("big.csv")));
  EXPECT_EQ(b.code, 1);
  const auto rows = read_csv(slurp(path("big.csv")));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0][kStatus], "invalid");
}

// ---------------------------------------------------------------- gen --distance

std::set<std::vector<std::uint32_t>> bfs_boards_at(int rows, int cols, Goal goal, int distance) {
  const auto d = bfs_distances(rows, cols, goal);
  std::set<std::vector<std::uint32_t>> out;
  for (std::uint64_t r = 0; r < d.size(); ++r) {
    if (d[r] == distance) out.insert(unrank_permutation(r, rows * cols));
  }
  return out;
}

std::set<std::vector<std::uint32_t>> gen_boards(const std::string& text) {
  std::set<std::vector<std::uint32_t>> out;
  for (const auto& [id, tiles] : read_gen(text)) out.insert(tiles);
  return out;
}

TEST_F(Cli, GenDistanceThirtyOneGivesBothBoards) {
  const auto expected = bfs_boards_at(3, 3, Goal::kBlankLast, 31);
  ASSERT_EQ(expected.size(), 2u);
  const CliResult g = npuzzle("gen --distance 31 --size 3x3");
  ASSERT_EQ(g.code, 0) << g.err;
  EXPECT_EQ(gen_boards(g.out), expected);
}

TEST_F(Cli, GenDistanceWithCountZeroGivesEveryBoardAndBatchSolvesThem) {
  for (Goal goal : {Goal::kBlankLast, Goal::kBlankFirst}) {
    const std::string goal_arg = std::string(" --goal ") + std::string(goal_name(goal));
    const CliResult g = npuzzle("gen --distance 31 --size 3x3 --count 0" + goal_arg);
    ASSERT_EQ(g.code, 0) << g.err;
    EXPECT_EQ(gen_boards(g.out), bfs_boards_at(3, 3, goal, 31));
    spit(path("far.txt"), g.out);
    ASSERT_EQ(npuzzle("batch -i " + quote(path("far.txt")) + " -o " + quote(path("far.csv"))).code, 0);
    for (const Row& row : read_csv(slurp(path("far.csv")))) {
      EXPECT_EQ(row[kStatus], "optimal");
      EXPECT_EQ(row[kLength], "31");
    }
    const CliResult g30 = npuzzle("gen --distance 30 --size 3x3 --count 0" + goal_arg);
    EXPECT_EQ(gen_boards(g30.out), bfs_boards_at(3, 3, goal, 30));
    EXPECT_EQ(gen_boards(g30.out).size(), 221u);
  }
}

TEST_F(Cli, GenIsReproducibleFromItsSeed) {
  const CliResult a = npuzzle("gen --size 4x4 --count 10 --seed 99");
  const CliResult b = npuzzle("gen --size 4x4 --count 10 --seed 99");
  const CliResult c = npuzzle("gen --size 4x4 --count 10 --seed 100");
  EXPECT_EQ(read_gen(a.out), read_gen(b.out));
  EXPECT_NE(read_gen(a.out), read_gen(c.out));
  EXPECT_EQ(read_gen(a.out).size(), 10u);
}

// ---------------------------------------------------------------- gen's uniformity

// z with P(Z > z) = p for a standard normal Z (0 < p < 1/2), by bisection on erfc.
double normal_upper_quantile(double p) {
  double lo = 0, hi = 40;
  for (int i = 0; i < 200; ++i) {
    const double mid = (lo + hi) / 2;
    (0.5 * std::erfc(mid / std::sqrt(2.0)) > p ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

// The value a chi-square variable with k degrees of freedom exceeds with
// probability p, by Wilson and Hilferty's approximation ((X/k)^(1/3) is
// nearly normal with mean 1 - 2/(9k) and variance 2/(9k)).
double chi_square_critical(double k, double p) {
  const double a = 2.0 / (9.0 * k);
  return k * std::pow(1 - a + normal_upper_quantile(p) * std::sqrt(a), 3);
}

// Every test here rejects uniformity at this p-value: with fixed seeds the
// outcome is deterministic, and a uniform generator would fail one of them
// with probability about 1e-6.
constexpr double kRejectAt = 1e-6;

struct ChiSquare {
  double statistic = 0;
  double dof = 0;
  bool rejects() const { return statistic > chi_square_critical(dof, kRejectAt); }
};

std::ostream& operator<<(std::ostream& os, const ChiSquare& c) {
  return os << "chi-square " << c.statistic << " on " << c.dof << " degrees of freedom (rejected above "
            << chi_square_critical(c.dof, kRejectAt) << ")";
}

std::vector<std::vector<std::uint32_t>> gen_board_list(const std::string& text) {
  std::vector<std::vector<std::uint32_t>> boards;
  for (auto& [id, tiles] : read_gen(text)) boards.push_back(tiles);
  return boards;
}

// Where each tile lands: the tile x cell counts of `boards` (n cells each)
// against n boards' worth of 1/n each. On a uniform solvable board (n >= 5)
// every tile is on every cell with probability 1/n, and every pair of
// (tile, cell) placements has the probability it has on a uniform
// permutation (a swap of two tiles that are neither the blank nor placed
// maps the solvable boards with both placements onto the unsolvable ones).
// The counts are not independent: one board's indicator matrix X has
// covariance (C x C) / (n - 1), C = I - J/n, a projection of rank (n-1)^2
// divided by n - 1. So Pearson's sum times (n - 1)/n is asymptotically
// chi-square with (n-1)^2 degrees of freedom.
ChiSquare tile_cell_test(const std::vector<std::vector<std::uint32_t>>& boards, int cells) {
  std::vector<double> count(static_cast<std::size_t>(cells * cells), 0);
  for (const auto& tiles : boards) {
    EXPECT_EQ(tiles.size(), static_cast<std::size_t>(cells));
    for (int pos = 0; pos < cells && pos < static_cast<int>(tiles.size()); ++pos) {
      ++count[static_cast<std::size_t>(static_cast<int>(tiles[pos]) * cells + pos)];
    }
  }
  const double expected = static_cast<double>(boards.size()) / cells;
  ChiSquare c;
  for (double o : count) c.statistic += (o - expected) * (o - expected) / expected;
  c.statistic *= (cells - 1.0) / cells;
  c.dof = (cells - 1.0) * (cells - 1.0);
  return c;
}

// The optimal lengths of 3x3 boards (exhaustive BFS) against the exact
// distribution of a uniform solvable board: distance d with probability
// (boards at distance d) / 181,440. Distances are pooled from both ends
// until every expected count is at least 5.
ChiSquare distance_test(const std::vector<std::vector<std::uint32_t>>& boards, Goal goal) {
  const auto d = bfs_distances(3, 3, goal);
  std::vector<double> layer(32, 0), seen(32, 0);
  double states = 0;
  for (std::uint8_t v : d) {
    if (v == kUnreached) continue;
    ++layer.at(v);
    ++states;
  }
  EXPECT_EQ(states, 181440);
  for (const auto& tiles : boards) ++seen.at(d[rank_permutation(tiles)]);
  const double n = static_cast<double>(boards.size());
  std::vector<std::pair<double, double>> bins;  // observed, expected
  double o = 0, e = 0;
  for (std::size_t i = 0; i < layer.size(); ++i) {
    o += seen[i];
    e += n * layer[i] / states;
    if (e >= 5) {
      bins.emplace_back(o, e);
      o = e = 0;
    }
  }
  if (e > 0) {  // a short tail: into the last bin
    bins.back().first += o;
    bins.back().second += e;
  }
  ChiSquare c;
  for (auto [observed, expected] : bins) c.statistic += (observed - expected) * (observed - expected) / expected;
  c.dof = static_cast<double>(bins.size()) - 1;
  return c;
}

TEST(Statistics, ChiSquareCriticalValuesMatchPublishedTables) {
  EXPECT_NEAR(normal_upper_quantile(0.025), 1.959964, 1e-5);
  EXPECT_NEAR(normal_upper_quantile(1e-6), 4.753424, 1e-5);
  // Published chi-square quantiles; Wilson-Hilferty is within 0.2 % of
  // them from 10 degrees of freedom on (the tests here have 24 to 225).
  EXPECT_NEAR(chi_square_critical(10, 0.01), 23.209, 0.002 * 23.209);
  EXPECT_NEAR(chi_square_critical(30, 0.001), 59.703, 0.002 * 59.703);
  EXPECT_NEAR(chi_square_critical(100, 0.001), 149.449, 0.002 * 149.449);
}

// `gen --size RxC` without --walk: uniform over the solvable boards. 4,000
// boards per case, fixed seeds.
TEST_F(Cli, GenBoardsPassChiSquareTestsOfUniformity) {
  struct Case {
    std::string args;
    int rows, cols;
    Goal goal;
  };
  const Case cases[] = {{"--size 3x3 --count 4000 --seed 101", 3, 3, Goal::kBlankLast},
                        {"--size 3x3 --count 4000 --seed 102 --goal blank-first", 3, 3, Goal::kBlankFirst},
                        {"--size 4x4 --count 4000 --seed 103", 4, 4, Goal::kBlankLast},
                        {"--size 4x4 --count 4000 --seed 104 --goal blank-first", 4, 4, Goal::kBlankFirst},
                        {"--size 3x4 --count 4000 --seed 105", 3, 4, Goal::kBlankLast}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args);
    const CliResult g = npuzzle("gen " + c.args);
    ASSERT_EQ(g.code, 0) << g.err;
    const auto boards = gen_board_list(g.out);
    ASSERT_EQ(boards.size(), 4000u);
    const ChiSquare where = tile_cell_test(boards, c.rows * c.cols);
    EXPECT_FALSE(where.rejects()) << "tile x cell: " << where;
    if (c.rows == 3 && c.cols == 3) {
      const ChiSquare far = distance_test(boards, c.goal);
      EXPECT_FALSE(far.rejects()) << "distance: " << far;
    }
  }
}

// The same tests reject biased boards: short random walks (tiles near home),
// long walks of an odd length (the blank on cells of one colour only, odd
// distances only), and a textbook biased shuffle (every position swapped
// with any position, not one at or below it).
TEST_F(Cli, ChiSquareTestsRejectWalksAndABiasedShuffle) {
  for (const std::string args : {"--size 3x3 --walk 10", "--size 3x3 --walk 201", "--size 4x4 --walk 10"}) {
    SCOPED_TRACE(args);
    const CliResult g = npuzzle("gen --count 4000 --seed 106 " + args);
    ASSERT_EQ(g.code, 0) << g.err;
    const auto boards = gen_board_list(g.out);
    ASSERT_EQ(boards.size(), 4000u);
    const int cells = args.find("3x3") != std::string::npos ? 9 : 16;
    const ChiSquare where = tile_cell_test(boards, cells);
    EXPECT_TRUE(where.rejects()) << "tile x cell: " << where;
    if (cells == 9) {
      const ChiSquare far = distance_test(boards, Goal::kBlankLast);
      EXPECT_TRUE(far.rejects()) << "distance: " << far;
    }
  }
  for (int cells : {9, 16}) {
    std::mt19937_64 rng(107);
    std::vector<std::vector<std::uint32_t>> boards;
    const int side = cells == 9 ? 3 : 4;
    while (boards.size() < 4000) {
      std::vector<std::uint32_t> tiles(static_cast<std::size_t>(cells));
      for (int i = 0; i < cells; ++i) tiles[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(i);
      for (int i = 0; i < cells; ++i) std::swap(tiles[static_cast<std::size_t>(i)], tiles[rng() % cells]);
      if (is_solvable(Board(side, side, tiles), Goal::kBlankLast)) boards.push_back(tiles);
    }
    const ChiSquare where = tile_cell_test(boards, cells);
    EXPECT_TRUE(where.rejects()) << cells << " cells, tile x cell: " << where;
  }
}

}  // namespace
}  // namespace npuzzle
