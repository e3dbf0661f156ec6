// The puzzle reader and the result row formats, case by case from
// docs/contract.md ("Input formats", "Batch CSV", "Batch JSON Lines"):
// every malformed puzzle becomes a record with "NAME:LINE: what", on the
// right line, and never costs the other puzzles of the file; every row
// round-trips through both formats, and a malformed or torn line is no row.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdlib>
#include <new>
#include <sstream>

#include "io/csv.h"
#include "io/jsonl.h"
#include "io/result_row.h"
#include "io/reader.h"
#include "test_support.h"

// The largest single allocation since the last reset: the reader must reject
// absurd sizes before allocating anything of that size.
namespace {
std::atomic<std::size_t> g_largest_allocation{0};
void note_allocation(std::size_t n) {
  std::size_t seen = g_largest_allocation.load(std::memory_order_relaxed);
  while (n > seen && !g_largest_allocation.compare_exchange_weak(seen, n, std::memory_order_relaxed)) {
  }
}
}  // namespace

void* operator new(std::size_t n) {
  note_allocation(n);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
  note_allocation(n);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace npuzzle {
namespace {

using testing::parse_tiles;

PuzzleFile read(const std::string& text, const ReadOptions& options = {}) {
  std::istringstream in(text);
  return read_puzzles(in, "in.txt", options);
}

// Asserts that record `r` is malformed with an error "in.txt:LINE: ..." that contains `what`.
void expect_error(const PuzzleRecord& r, int line, const std::string& what = "") {
  EXPECT_FALSE(r.board.has_value());
  const std::string prefix = "in.txt:" + std::to_string(line) + ": ";
  EXPECT_EQ(r.error.substr(0, prefix.size()), prefix) << "error: " << r.error;
  EXPECT_GT(r.error.size(), prefix.size()) << "no description: " << r.error;
  if (!what.empty()) {
    EXPECT_NE(r.error.find(what), std::string::npos) << "error: " << r.error;
  }
}

void expect_board(const PuzzleRecord& r, int rows, int cols, const std::string& tiles, const std::string& id,
                  int line) {
  ASSERT_TRUE(r.board.has_value()) << r.error;
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.rows, rows);
  EXPECT_EQ(r.cols, cols);
  EXPECT_EQ(r.board->rows(), rows);
  EXPECT_EQ(r.board->cols(), cols);
  EXPECT_EQ(r.board->tiles(), parse_tiles(tiles));
  EXPECT_EQ(r.id, id);
  EXPECT_EQ(r.line, line);
  EXPECT_EQ(r.source, "in.txt");
}

constexpr const char* kPuzzle04 = "3\n 0  1  3\n 4  2  5\n 7  8  6\n";

// ---------------------------------------------------------------- grid format

TEST(GridFormat, PrincetonSquareHeader) {
  const PuzzleFile f = read(kPuzzle04);
  ASSERT_EQ(f.puzzles.size(), 1u);
  expect_board(f.puzzles[0], 3, 3, "0 1 3 4 2 5 7 8 6", "1", 1);
  EXPECT_FALSE(f.declared_goal.has_value());
}

TEST(GridFormat, RowsColsHeader) {
  const PuzzleFile f = read("2 3\n1 2 3\n4 0 5\n");
  ASSERT_EQ(f.puzzles.size(), 1u);
  expect_board(f.puzzles[0], 2, 3, "1 2 3 4 0 5", "1", 1);
  const PuzzleFile g = read("4 2\n1 2\n3 4\n5 6\n7 0\n");
  ASSERT_EQ(g.puzzles.size(), 1u);
  expect_board(g.puzzles[0], 4, 2, "1 2 3 4 5 6 7 0", "1", 1);
}

TEST(GridFormat, SeveralPuzzlesWithBlankLinesAndComments) {
  const PuzzleFile f = read(
      "# three puzzles\n"     // 1
      "3\n"                   // 2
      "1 2 3\n"               // 3
      "4 5 6\n"               // 4
      "7 8 0\n"               // 5
      "\n"                    // 6
      "   \n"                 // 7
      "2  # a 2x2\n"          // 8
      "1 2\n"                 // 9
      "\n"                    // 10 (blank lines inside a grid too)
      "0 3\n"                 // 11
      "2 3\n"                 // 12
      "# between rows\n"      // 13
      "0 1 2\n"               // 14
      "3 4 5   \n");          // 15
  ASSERT_EQ(f.puzzles.size(), 3u);
  expect_board(f.puzzles[0], 3, 3, "1 2 3 4 5 6 7 8 0", "1", 2);
  expect_board(f.puzzles[1], 2, 2, "1 2 0 3", "2", 8);
  expect_board(f.puzzles[2], 2, 3, "0 1 2 3 4 5", "3", 12);
}

TEST(GridFormat, CrlfLineEnds) {
  const PuzzleFile f = read("# goal: blank-first\r\n3\r\n 0  1  3\r\n 4  2  5\r\n 7  8  6\r\n\r\n2\r\n1 2\r\n3 0\r\n");
  ASSERT_EQ(f.puzzles.size(), 2u);
  expect_board(f.puzzles[0], 3, 3, "0 1 3 4 2 5 7 8 6", "1", 2);
  expect_board(f.puzzles[1], 2, 2, "1 2 3 0", "2", 7);
  EXPECT_EQ(f.declared_goal, Goal::kBlankFirst);
}

TEST(GridFormat, NoFinalNewline) {
  const PuzzleFile f = read("2\n1 2\n3 0");
  ASSERT_EQ(f.puzzles.size(), 1u);
  expect_board(f.puzzles[0], 2, 2, "1 2 3 0", "1", 1);
}

TEST(GridFormat, RaggedRowIsReportedOnItsLineAndTheNextPuzzleIsRead) {
  const PuzzleFile f = read(
      "3\n"          // 1
      "1 2 3\n"      // 2
      "4 5\n"        // 3: two numbers
      "6 7 8 0\n"    // 4
      "2\n"          // 5
      "1 2\n"        // 6
      "3 0\n");      // 7
  ASSERT_EQ(f.puzzles.size(), 2u);
  expect_error(f.puzzles[0], 3, "row 2");
  EXPECT_EQ(f.puzzles[0].id, "1");
  expect_board(f.puzzles[1], 2, 2, "1 2 3 0", "2", 5);
}

TEST(GridFormat, DuplicateTile) {
  const PuzzleFile f = read("3\n1 2 3\n4 5 6\n7 7 0\n2\n1 2\n3 0\n");
  ASSERT_EQ(f.puzzles.size(), 2u);
  expect_error(f.puzzles[0], 1, "duplicate");
  EXPECT_EQ(f.puzzles[0].rows, 3);
  expect_board(f.puzzles[1], 2, 2, "1 2 3 0", "2", 5);
}

TEST(GridFormat, MissingTile) {
  // 0 is missing (8 twice).
  const PuzzleFile f = read("2\n1 2\n3 0\n3\n1 2 3\n4 5 6\n7 8 8\n2\n3 1\n2 0\n");
  ASSERT_EQ(f.puzzles.size(), 3u);
  expect_board(f.puzzles[0], 2, 2, "1 2 3 0", "1", 1);
  expect_error(f.puzzles[1], 4);
  expect_board(f.puzzles[2], 2, 2, "3 1 2 0", "3", 8);
}

TEST(GridFormat, OutOfRangeTile) {
  const PuzzleFile f = read("3\n1 2 3\n4 5 6\n7 8 9\n");
  ASSERT_EQ(f.puzzles.size(), 1u);
  expect_error(f.puzzles[0], 1, "9");
}

TEST(GridFormat, NonNumberIsReportedOnItsLine) {
  const PuzzleFile f = read("3\n1 2 3\n4 five 6\n7 8 0\n2\n1 2\n3 0\n");
  ASSERT_EQ(f.puzzles.size(), 2u);
  expect_error(f.puzzles[0], 3, "five");
  expect_board(f.puzzles[1], 2, 2, "1 2 3 0", "2", 5);
  const PuzzleFile g = read("3\n1 2 3\n4 -5 6\n7 8 0\n");
  ASSERT_EQ(g.puzzles.size(), 1u);
  expect_error(g.puzzles[0], 3);
}

TEST(GridFormat, BelowTwoByTwo) {
  // A 1-row header, then a valid puzzle: the bad one is reported, the good one read.
  const PuzzleFile f = read("1\n" + std::string(kPuzzle04));
  ASSERT_EQ(f.puzzles.size(), 2u);
  expect_error(f.puzzles[0], 1, "2x2");
  expect_board(f.puzzles[1], 3, 3, "0 1 3 4 2 5 7 8 6", "2", 2);
  const PuzzleFile g = read("1 5\n" + std::string(kPuzzle04));
  ASSERT_EQ(g.puzzles.size(), 2u);
  expect_error(g.puzzles[0], 1);
  expect_board(g.puzzles[1], 3, 3, "0 1 3 4 2 5 7 8 6", "2", 2);
}

TEST(GridFormat, AbsurdHeadersAreRejectedWithoutAllocating) {
  g_largest_allocation = 0;
  const PuzzleFile f = read("1099511627776\n100000 100000\n4294967296 2\n" + std::string(kPuzzle04));
  EXPECT_LT(g_largest_allocation.load(), std::size_t{1} << 20) << "the reader allocated for an absurd size";
  ASSERT_EQ(f.puzzles.size(), 4u);
  expect_error(f.puzzles[0], 1);
  expect_error(f.puzzles[1], 2);
  expect_error(f.puzzles[2], 3);
  expect_board(f.puzzles[3], 3, 3, "0 1 3 4 2 5 7 8 6", "4", 4);
}

TEST(GridFormat, TruncatedAtTheEnd) {
  const PuzzleFile f = read(std::string(kPuzzle04) + "3\n1 2 3\n4 5 6\n");
  ASSERT_EQ(f.puzzles.size(), 2u);
  expect_board(f.puzzles[0], 3, 3, "0 1 3 4 2 5 7 8 6", "1", 1);
  expect_error(f.puzzles[1], 5);
}

TEST(GridFormat, GoalDirective) {
  EXPECT_EQ(read("# goal: blank-first\n" + std::string(kPuzzle04)).declared_goal, Goal::kBlankFirst);
  EXPECT_EQ(read("# goal: blank-last\n" + std::string(kPuzzle04)).declared_goal, Goal::kBlankLast);
  EXPECT_EQ(read(std::string(kPuzzle04) + "# goal: blank-first\n").declared_goal, Goal::kBlankFirst);
  EXPECT_FALSE(read("# a comment about goals\n" + std::string(kPuzzle04)).declared_goal.has_value());
}

// ---------------------------------------------------------------- lines format

TEST(LinesFormat, SquareBoardsWithAndWithoutIds) {
  const PuzzleFile f = read(
      "# goal: blank-first\n"                                        // 1
      "1 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n"                     // 2: Korf #1, ID 1
      "\n"                                                            // 3
      "0 1 2 3 4 5 6 7 8\n"                                           // 4: 3x3 without ID
      "seven 1 0 2 3\n"                                               // 5: 2x2 with ID
      "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0\n");  // 6: 5x5, no ID
  ASSERT_EQ(f.puzzles.size(), 4u);
  EXPECT_EQ(f.declared_goal, Goal::kBlankFirst);
  expect_board(f.puzzles[0], 4, 4, "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "1", 2);
  expect_board(f.puzzles[1], 3, 3, "0 1 2 3 4 5 6 7 8", "2", 4);
  expect_board(f.puzzles[2], 2, 2, "1 0 2 3", "seven", 5);
  expect_board(f.puzzles[3], 5, 5, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0", "4", 6);
}

TEST(LinesFormat, IdsDefaultToThePositionNotTheLine) {
  const PuzzleFile f = read("# header\n\n1 2 3 0\n# more\n\n3 1 2 0\n2 1 3 0\n");
  ASSERT_EQ(f.puzzles.size(), 3u);
  EXPECT_EQ(f.puzzles[0].id, "1");
  EXPECT_EQ(f.puzzles[1].id, "2");
  EXPECT_EQ(f.puzzles[2].id, "3");
  EXPECT_EQ(f.puzzles[0].line, 3);
  EXPECT_EQ(f.puzzles[1].line, 6);
  EXPECT_EQ(f.puzzles[2].line, 7);
}

TEST(LinesFormat, CommasTabsAndTrailingSpace) {
  const PuzzleFile f = read("1,2,3,0\n4\t3\t1\t2\t0  \n 5 , 1 , 2 , 0 , 3 \t\n");
  ASSERT_EQ(f.puzzles.size(), 3u);
  expect_board(f.puzzles[0], 2, 2, "1 2 3 0", "1", 1);
  expect_board(f.puzzles[1], 2, 2, "3 1 2 0", "4", 2);
  expect_board(f.puzzles[2], 2, 2, "1 2 0 3", "5", 3);
}

TEST(LinesFormat, CrlfLineEnds) {
  const PuzzleFile f = read("# goal: blank-first\r\n# size: 2x3\r\nA 0 1 2 3 4 5\r\n1 2 3 4 5 0\r\n");
  ASSERT_EQ(f.puzzles.size(), 2u);
  EXPECT_EQ(f.declared_goal, Goal::kBlankFirst);
  expect_board(f.puzzles[0], 2, 3, "0 1 2 3 4 5", "A", 3);
  expect_board(f.puzzles[1], 2, 3, "1 2 3 4 5 0", "2", 4);
}

TEST(LinesFormat, SizeOptionWithAndWithoutId) {
  ReadOptions size23;
  size23.rows = 2;
  size23.cols = 3;
  const PuzzleFile f = read("1 2 3 4 5 0\nx7 1 2 3 4 0 5\n9 0 1 2 3 4 5\n1 2 3 4 5\n", size23);
  ASSERT_EQ(f.puzzles.size(), 4u);
  expect_board(f.puzzles[0], 2, 3, "1 2 3 4 5 0", "1", 1);
  expect_board(f.puzzles[1], 2, 3, "1 2 3 4 0 5", "x7", 2);
  expect_board(f.puzzles[2], 2, 3, "0 1 2 3 4 5", "9", 3);
  expect_error(f.puzzles[3], 4);
  // 9 tokens would be a 3x3 without --size; with --size 2x4 it is an ID and a 2x4 board.
  ReadOptions size24;
  size24.rows = 2;
  size24.cols = 4;
  const PuzzleFile g = read("12 1 2 3 4 5 6 7 0\n", size24);
  ASSERT_EQ(g.puzzles.size(), 1u);
  expect_board(g.puzzles[0], 2, 4, "1 2 3 4 5 6 7 0", "12", 1);
  // Without --size the same line is a 3x3 without ID, and 12 is out of range.
  const PuzzleFile h = read("12 1 2 3 4 5 6 7 0\n");
  ASSERT_EQ(h.puzzles.size(), 1u);
  expect_error(h.puzzles[0], 1, "12");
}

TEST(LinesFormat, SizeDirective) {
  const PuzzleFile f = read("# size: 3x2\n1 2 3 4 5 0\nid 0 1 2 3 4 5\n");
  ASSERT_EQ(f.puzzles.size(), 2u);
  expect_board(f.puzzles[0], 3, 2, "1 2 3 4 5 0", "1", 2);
  expect_board(f.puzzles[1], 3, 2, "0 1 2 3 4 5", "id", 3);
  // --size wins over the directive.
  ReadOptions size23;
  size23.rows = 2;
  size23.cols = 3;
  const PuzzleFile g = read("# size: 3x2\n1 2 3 4 5 0\n", size23);
  ASSERT_EQ(g.puzzles.size(), 1u);
  expect_board(g.puzzles[0], 2, 3, "1 2 3 4 5 0", "1", 2);
}

TEST(LinesFormat, EveryMalformedCaseOnItsLineAndTheRestStillRead) {
  const PuzzleFile f = read(
      "1 2 3 4 5 6 7 8 0\n"              // 1 ok
      "1 2 3 4 5 6 7\n"                  // 2 wrong count
      "1 2 3 4 5 6 7 8 8\n"              // 3 duplicate (and 0 missing)
      "1 2 3 4 5 6 7 8 9\n"              // 4 out of range
      "1 2 3 4 5 six 7 8 0\n"            // 5 not a number
      "1 2 3 4 5 6 7 8 99999999999999999999999\n"  // 6 out of range (huge)
      "# comment\n"                      // 7
      "k 1 2 3 4 5 6 7 0 8\n"            // 8 ok, with ID
      "q 1 2 3 4 5 6 7 8 8\n"            // 9 duplicate, with ID
      "8 1 2 3 4 5 6 7 0\n");            // 10 ok (no ID: 9 tokens)
  ASSERT_EQ(f.puzzles.size(), 9u);
  expect_board(f.puzzles[0], 3, 3, "1 2 3 4 5 6 7 8 0", "1", 1);
  expect_error(f.puzzles[1], 2, "7");
  expect_error(f.puzzles[2], 3, "duplicate");
  expect_error(f.puzzles[3], 4, "9");
  expect_error(f.puzzles[4], 5, "six");
  expect_error(f.puzzles[5], 6);
  expect_board(f.puzzles[6], 3, 3, "1 2 3 4 5 6 7 0 8", "k", 8);
  expect_error(f.puzzles[7], 9, "duplicate");
  EXPECT_EQ(f.puzzles[7].id, "q");
  expect_board(f.puzzles[8], 3, 3, "8 1 2 3 4 5 6 7 0", "9", 10);
  // Malformed lines without an ID keep their position as their ID.
  EXPECT_EQ(f.puzzles[1].id, "2");
  EXPECT_EQ(f.puzzles[4].id, "5");
}

TEST(LinesFormat, ReadsTheShippedKorfFile) {
  const PuzzleFile f = read_puzzle_file(testing::source_path("datasets/korf100.txt"), {});
  ASSERT_EQ(f.puzzles.size(), 100u);
  EXPECT_EQ(f.declared_goal, Goal::kBlankFirst);
  const auto korf = testing::korf100();
  ASSERT_EQ(korf.size(), 100u);
  for (std::size_t i = 0; i < 100; ++i) {
    ASSERT_TRUE(f.puzzles[i].board) << f.puzzles[i].error;
    EXPECT_EQ(f.puzzles[i].id, std::to_string(korf[i].id));
    EXPECT_EQ(f.puzzles[i].board->tiles(), korf[i].tiles);
  }
}

// The bounds of reader.h, at and just past each one. The numbers are
// written out here, not taken from the constants, so that a change to a
// documented maximum has to change this test too.
TEST(Bounds, DocumentedValues) {
  EXPECT_EQ(kMaxCells, 16777216);  // 4096 x 4096
  EXPECT_EQ(kMaxLineTokens, 16777217u);
  EXPECT_EQ(kMaxLineBytes, 268435456u);
  EXPECT_EQ(kMaxPuzzles, 16777216u);
}

TEST(Bounds, BoundedLineReaderKeepsTheFirstBytesAndSkipsTheRest) {
  std::istringstream in("abcdefgh\nxy\nlast");
  std::string line;
  bool too_long = true;
  ASSERT_TRUE(read_bounded_line(in, line, 4, &too_long));
  EXPECT_EQ(line, "abcd");
  EXPECT_TRUE(too_long);
  ASSERT_TRUE(read_bounded_line(in, line, 4, &too_long));
  EXPECT_EQ(line, "xy");
  EXPECT_FALSE(too_long);
  ASSERT_TRUE(read_bounded_line(in, line, 4, &too_long));  // no final newline
  EXPECT_EQ(line, "last");
  EXPECT_FALSE(read_bounded_line(in, line, 4, &too_long));
}

TEST(Bounds, TooManyNumbersOnALineIsOneInvalidRecord) {
  // 2^24 + 2 tokens: one more than an ID and the largest board.
  std::string line;
  line.reserve(2 * 16777218);
  for (int i = 0; i < 16777218; ++i) line += "1 ";
  g_largest_allocation = 0;
  const PuzzleFile f = read("1 2 3 4 5 6 7 8 0\n" + line + "\n" + "1 2 3 4 5 6 7 0 8\n");
  ASSERT_EQ(f.puzzles.size(), 3u);
  expect_board(f.puzzles[0], 3, 3, "1 2 3 4 5 6 7 8 0", "1", 1);
  expect_error(f.puzzles[1], 2, "more than 16777217 numbers");
  expect_board(f.puzzles[2], 3, 3, "1 2 3 4 5 6 7 0 8", "3", 3);
  // The token list stops at the bound and is allocated once: 16777218 views
  // of 16 bytes, never one per byte of the line nor a doubled vector.
  EXPECT_LE(g_largest_allocation.load(), std::size_t{16777218} * sizeof(std::string_view));
}

// A stream of `prefix`, then `count` copies of `fill`, then `suffix`,
// produced on demand: a line longer than kMaxLineBytes without holding it.
class RepeatingBuffer : public std::streambuf {
 public:
  RepeatingBuffer(std::string prefix, char fill, std::size_t count, std::string suffix)
      : prefix_(std::move(prefix)), suffix_(std::move(suffix)), fill_(fill), left_(count) {
    setg(prefix_.data(), prefix_.data(), prefix_.data() + prefix_.size());
  }

 protected:
  int_type underflow() override {
    if (left_ > 0) {
      const std::size_t n = std::min(left_, chunk_.size());
      std::fill(chunk_.begin(), chunk_.begin() + static_cast<std::ptrdiff_t>(n), fill_);
      left_ -= n;
      setg(chunk_.data(), chunk_.data(), chunk_.data() + n);
      return traits_type::to_int_type(chunk_[0]);
    }
    if (!suffix_done_) {
      suffix_done_ = true;
      setg(suffix_.data(), suffix_.data(), suffix_.data() + suffix_.size());
      return traits_type::to_int_type(suffix_[0]);
    }
    return traits_type::eof();
  }

 private:
  std::string prefix_;
  std::string suffix_;
  char fill_;
  std::size_t left_;
  bool suffix_done_ = false;
  std::array<char, 1 << 16> chunk_{};
};

TEST(Bounds, OverlongLineInAGridIsReportedOnItsLine) {
  RepeatingBuffer buffer("3\n1 2 3\n", '7', kMaxLineBytes + 5, "\n7 8 0\n" + std::string(kPuzzle04));
  std::istream in(&buffer);
  const PuzzleFile f = read_puzzles(in, "in.txt", {});
  ASSERT_EQ(f.puzzles.size(), 2u);
  EXPECT_FALSE(f.puzzles[0].board.has_value());
  EXPECT_EQ(f.puzzles[0].line, 1);
  EXPECT_EQ(f.puzzles[0].error.rfind("in.txt:3: line is longer than 268435456 bytes", 0), 0u) << f.puzzles[0].error;
  expect_board(f.puzzles[1], 3, 3, "0 1 3 4 2 5 7 8 6", "2", 5);
}

TEST(Reader, MissingFileThrowsInputError) {
  EXPECT_THROW(read_puzzle_file("/nonexistent/npuzzle/puzzles.txt", {}), InputError);
}

TEST(Reader, EmptyInputHasNoPuzzles) {
  EXPECT_TRUE(read("").puzzles.empty());
  EXPECT_TRUE(read("# only a comment\n\n   \n").puzzles.empty());
}

TEST(Reader, ParseSize) {
  EXPECT_EQ(parse_size("3x4"), (std::pair<int, int>{3, 4}));
  EXPECT_EQ(parse_size("3X4"), (std::pair<int, int>{3, 4}));
  EXPECT_EQ(parse_size("4"), (std::pair<int, int>{4, 4}));
  EXPECT_EQ(parse_size("1000x1000"), (std::pair<int, int>{1000, 1000}));
  EXPECT_EQ(parse_size("1x4"), std::nullopt);
  EXPECT_EQ(parse_size("4x1"), std::nullopt);
  EXPECT_EQ(parse_size("ax4"), std::nullopt);
  EXPECT_EQ(parse_size("3x"), std::nullopt);
  EXPECT_EQ(parse_size(""), std::nullopt);
  EXPECT_EQ(parse_size("-3x4"), std::nullopt);
  EXPECT_EQ(parse_size("100000x100000"), std::nullopt);
  EXPECT_EQ(parse_size("99999999999999999999x2"), std::nullopt);
}

// ---------------------------------------------------------------- CSV

TEST(Csv, HeaderIsExactlyTheSpecs) {
  EXPECT_EQ(kCsvHeader,
            "id,rows,cols,status,length,lower_bound,expanded,generated,seconds,algorithm,heuristic,solution");
  EXPECT_EQ(kResultColumns, 12u);
}

ResultRow sample_row() {
  ResultRow r;
  r.id = "42";
  r.rows = "4";
  r.cols = "4";
  r.status = "optimal";
  r.length = "42";
  r.lower_bound = "42";
  r.expanded = "123";
  r.generated = "456";
  r.seconds = "0.001000";
  r.algorithm = "ida";
  r.heuristic = "linear-conflict";
  r.solution = "uulldr";
  return r;
}

void expect_same(const ResultRow& a, const ResultRow& b) {
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(a.rows, b.rows);
  EXPECT_EQ(a.cols, b.cols);
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.length, b.length);
  EXPECT_EQ(a.lower_bound, b.lower_bound);
  EXPECT_EQ(a.expanded, b.expanded);
  EXPECT_EQ(a.generated, b.generated);
  EXPECT_EQ(a.seconds, b.seconds);
  EXPECT_EQ(a.algorithm, b.algorithm);
  EXPECT_EQ(a.heuristic, b.heuristic);
  EXPECT_EQ(a.solution, b.solution);
}

TEST(Csv, PlainRowRoundTrip) {
  const ResultRow r = sample_row();
  const std::string line = format_csv_row(r);
  EXPECT_EQ(line, "42,4,4,optimal,42,42,123,456,0.001000,ida,linear-conflict,uulldr\n");
  const auto back = parse_csv_row(line.substr(0, line.size() - 1));
  ASSERT_TRUE(back);
  expect_same(*back, r);
}

TEST(Csv, QuotingRoundTrip) {
  ResultRow r = sample_row();
  r.id = "a,b";
  r.status = "say \"hi\"";
  r.solution = "";
  r.length = "";
  r.heuristic = "x\ny";
  const std::string line = format_csv_row(r);
  EXPECT_EQ(line.substr(0, 6), "\"a,b\",");
  EXPECT_NE(line.find("\"say \"\"hi\"\"\""), std::string::npos) << line;
  const auto back = parse_csv_row(line.substr(0, line.size() - 1));
  ASSERT_TRUE(back);
  expect_same(*back, r);
  // CRLF is accepted.
  const std::string plain = format_csv_row(sample_row());
  const auto crlf = parse_csv_row(plain.substr(0, plain.size() - 1) + "\r");
  ASSERT_TRUE(crlf);
  expect_same(*crlf, sample_row());
}

TEST(Csv, EmptyFieldsRoundTrip) {
  ResultRow r;
  r.id = "7";
  r.status = "invalid";
  const std::string line = format_csv_row(r);
  EXPECT_EQ(line, "7,,,invalid,,,,,,,,\n");
  const auto back = parse_csv_row(line.substr(0, line.size() - 1));
  ASSERT_TRUE(back);
  expect_same(*back, r);
}

TEST(Csv, MalformedRowsAreRejected) {
  EXPECT_FALSE(parse_csv_row(""));
  EXPECT_FALSE(parse_csv_row("1,2,3"));
  EXPECT_FALSE(parse_csv_row("1,3,3,optimal,2,2,1,1,0.1,ida,manhattan,ud,extra"));
  EXPECT_FALSE(parse_csv_row("\"1,3,3,optimal,2,2,1,1,0.1,ida,manhattan,ud"));  // unterminated quote
  // A torn row (cut mid-way) does not parse as a full row.
  const std::string line = format_csv_row(sample_row());
  for (std::size_t cut = 0; cut + 1 < line.size(); cut += 3) {
    const auto torn = parse_csv_row(line.substr(0, cut));
    if (torn) {
      // Only a cut inside the last field can still have 12 fields.
      EXPECT_GE(cut, line.rfind(',') + 1);
    }
  }
}


// ---------------------------------------------------------------- JSON Lines

TEST(JsonLines, ARowIsOneFlatObjectInColumnOrder) {
  const std::string line = format_jsonl_row(sample_row());
  EXPECT_EQ(line,
            "{\"id\":\"42\",\"rows\":4,\"cols\":4,\"status\":\"optimal\",\"length\":42,\"lower_bound\":42,"
            "\"expanded\":123,\"generated\":456,\"seconds\":0.001000,\"algorithm\":\"ida\","
            "\"heuristic\":\"linear-conflict\",\"solution\":\"uulldr\"}\n");
  const auto back = parse_jsonl_row(line.substr(0, line.size() - 1));
  ASSERT_TRUE(back);
  expect_same(*back, sample_row());
  // The numeric columns, and only those, are written unquoted.
  for (std::size_t i = 0; i < kResultColumns; ++i) {
    const std::string name(kResultColumnNames[i]);
    const bool numeric = name == "rows" || name == "cols" || name == "length" || name == "lower_bound" ||
                         name == "expanded" || name == "generated" || name == "seconds";
    EXPECT_EQ(is_numeric_column(i), numeric) << name;
  }
}

TEST(JsonLines, EmptyCellsAreNull) {
  ResultRow r;
  r.id = "7";
  r.status = "invalid";
  const std::string line = format_jsonl_row(r);
  EXPECT_EQ(line,
            "{\"id\":\"7\",\"rows\":null,\"cols\":null,\"status\":\"invalid\",\"length\":null,\"lower_bound\":null,"
            "\"expanded\":null,\"generated\":null,\"seconds\":null,\"algorithm\":null,\"heuristic\":null,"
            "\"solution\":null}\n");
  const auto back = parse_jsonl_row(line.substr(0, line.size() - 1));
  ASSERT_TRUE(back);
  expect_same(*back, r);
  // An empty string reads as an empty cell too.
  std::string quoted = line.substr(0, line.size() - 1);
  quoted.replace(quoted.find("\"algorithm\":null"), 16, "\"algorithm\":\"\"");
  const auto same = parse_jsonl_row(quoted);
  ASSERT_TRUE(same);
  expect_same(*same, r);
}

TEST(JsonLines, EscapesAndUnicodeRoundTrip) {
  ResultRow r = sample_row();
  r.id = "a \"quoted\" id, with \\ and /";
  r.status = "tab\there\nnewline\rreturn";
  r.algorithm = std::string("ctl\x01\x02\x1f\x7f end");
  r.heuristic = "caf\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x98\x80";  // café 日本 😀 in UTF-8
  r.solution = "@out.moves/k,1.moves";
  const std::string line = format_jsonl_row(r);
  ASSERT_EQ(line.back(), '\n');
  EXPECT_EQ(line.find('\n'), line.size() - 1) << "one line: " << line;
  EXPECT_EQ(line.find('\r'), std::string::npos);
  for (char c : line.substr(0, line.size() - 1)) {
    EXPECT_GE(static_cast<unsigned char>(c), 0x20) << "a raw control character in " << line;
  }
  EXPECT_NE(line.find(R"("id":"a \"quoted\" id, with \\ and /")"), std::string::npos) << line;
  EXPECT_NE(line.find(R"(\t)"), std::string::npos);
  EXPECT_NE(line.find(R"(\n)"), std::string::npos);
  EXPECT_NE(line.find(R"(\u0001)"), std::string::npos) << line;
  const auto back = parse_jsonl_row(line.substr(0, line.size() - 1));
  ASSERT_TRUE(back) << line;
  expect_same(*back, r);
  // Every escape JSON has, as another writer may use them: \/ \b \f \uXXXX
  // (one, two and three UTF-8 bytes) and a surrogate pair (four).
  std::string other = format_jsonl_row(sample_row());
  other.pop_back();
  other.replace(other.find("\"uulldr\""), 8, R"("\/\b\f\u0041\u00e9\u65E5\ud83d\ude00")");
  const auto decoded = parse_jsonl_row(other);
  ASSERT_TRUE(decoded) << other;
  EXPECT_EQ(decoded->solution, "/\b\fA\xC3\xA9\xE6\x97\xA5\xF0\x9F\x98\x80");
  // Broken escapes are not rows.
  for (const char* bad : {R"("\ud83d")", R"("\ude00")", R"("\ud83d\u0041")", R"("\u12")", R"("\u12G4")", R"("\x41")",
                          R"("\")"}) {
    std::string text = format_jsonl_row(sample_row());
    text.pop_back();
    text.replace(text.find("\"uulldr\""), 8, bad);
    EXPECT_FALSE(parse_jsonl_row(text)) << text;
  }
}

TEST(JsonLines, KeysInAnyOrderWithSpacesAndOtherKeys) {
  const std::string text =
      " { \"solution\" : \"uulldr\", \"heuristic\":\"linear-conflict\",\"algorithm\":\"ida\",\"note\":\"mine\","
      "\"seconds\":0.001000, \"generated\":456,\"expanded\":123,\"lower_bound\":42,\"length\":42,\"extra\":7,"
      "\t\"status\":\"optimal\",\"cols\":4,\"rows\":4,\"id\":\"42\",\"nothing\":null } \r";
  const auto row = parse_jsonl_row(text);
  ASSERT_TRUE(row);
  expect_same(*row, sample_row());
  // Numbers keep the text they were written with.
  std::string exp = format_jsonl_row(sample_row());
  exp.pop_back();
  exp.replace(exp.find("0.001000"), 8, "1e-3");
  const auto with_exponent = parse_jsonl_row(exp);
  ASSERT_TRUE(with_exponent);
  EXPECT_EQ(with_exponent->seconds, "1e-3");
}

TEST(JsonLines, MalformedLinesAreRejected) {
  std::string good = format_jsonl_row(sample_row());
  good.pop_back();
  ASSERT_TRUE(parse_jsonl_row(good));
  const auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
  };
  EXPECT_FALSE(parse_jsonl_row(""));
  EXPECT_FALSE(parse_jsonl_row("{}"));
  EXPECT_FALSE(parse_jsonl_row("[]"));
  EXPECT_FALSE(parse_jsonl_row("null"));
  EXPECT_FALSE(parse_jsonl_row(kCsvHeader));
  EXPECT_FALSE(parse_jsonl_row(good + "x")) << "text after the object";
  EXPECT_FALSE(parse_jsonl_row(good + "{}")) << "two objects on a line";
  EXPECT_FALSE(parse_jsonl_row(replaced("\"id\":\"42\",", ""))) << "a column missing";
  EXPECT_FALSE(parse_jsonl_row(replaced("\"id\":\"42\"", "\"id\":\"42\",\"id\":\"43\""))) << "a column twice";
  EXPECT_FALSE(parse_jsonl_row(replaced("\"rows\":4", "\"rows\":\"4\""))) << "a number as a string";
  EXPECT_FALSE(parse_jsonl_row(replaced("\"id\":\"42\"", "\"id\":42"))) << "a string column as a number";
  EXPECT_FALSE(parse_jsonl_row(replaced("\"rows\":4", "\"rows\":true")));
  EXPECT_FALSE(parse_jsonl_row(replaced("\"rows\":4", "\"rows\":04")));
  EXPECT_FALSE(parse_jsonl_row(replaced("\"rows\":4", "\"rows\":4.")));
  EXPECT_FALSE(parse_jsonl_row(replaced("\"rows\":4", "\"rows\":-")));
  EXPECT_FALSE(parse_jsonl_row(replaced("\"rows\":4", "\"rows\":[4]")));
  EXPECT_FALSE(parse_jsonl_row(replaced("\"solution\":\"uulldr\"}", "\"solution\":\"uulldr\",}")))
      << "a trailing comma";
  EXPECT_FALSE(parse_jsonl_row(replaced("\"uulldr\"", "\"uu\nldr\""))) << "a raw line break in a string";
  EXPECT_FALSE(parse_jsonl_row(replaced("\"uulldr\"", "\"uu\tldr\""))) << "a raw tab in a string";
  EXPECT_FALSE(parse_jsonl_row(replaced("\"id\":", "\"id\" "))) << "no colon";
  EXPECT_FALSE(parse_jsonl_row(replaced("{", "{{")));
  // A torn line (an interrupted write) is never a row.
  for (std::size_t cut = 0; cut < good.size(); ++cut) {
    EXPECT_FALSE(parse_jsonl_row(good.substr(0, cut))) << good.substr(0, cut);
  }
}

TEST(ResultFormats, NamesHeadersAndDetection) {
  EXPECT_EQ(result_format_name(ResultFormat::kCsv), "csv");
  EXPECT_EQ(result_format_name(ResultFormat::kJsonLines), "jsonl");
  EXPECT_EQ(parse_result_format("csv"), ResultFormat::kCsv);
  EXPECT_EQ(parse_result_format("jsonl"), ResultFormat::kJsonLines);
  EXPECT_EQ(parse_result_format("json-lines"), ResultFormat::kJsonLines);
  EXPECT_FALSE(parse_result_format("json"));
  EXPECT_FALSE(parse_result_format("CSV"));
  EXPECT_EQ(result_format_of("out/results.jsonl"), ResultFormat::kJsonLines);
  EXPECT_EQ(result_format_of("results.csv"), ResultFormat::kCsv);
  EXPECT_EQ(result_format_of("results.jsonl.csv"), ResultFormat::kCsv);
  EXPECT_EQ(result_format_of("results"), ResultFormat::kCsv);
  EXPECT_EQ(result_format_of("jsonl"), ResultFormat::kCsv);
  EXPECT_EQ(result_header(ResultFormat::kCsv), std::string(kCsvHeader) + "\n");
  EXPECT_EQ(result_header(ResultFormat::kJsonLines), "");
  EXPECT_EQ(detect_result_format(kCsvHeader), ResultFormat::kCsv);
  EXPECT_EQ(detect_result_format(std::string(kCsvHeader) + "\r"), ResultFormat::kCsv);
  const std::string jsonl = format_jsonl_row(sample_row());
  EXPECT_EQ(detect_result_format(jsonl.substr(0, jsonl.size() - 1)), ResultFormat::kJsonLines);
  EXPECT_FALSE(detect_result_format(""));
  EXPECT_FALSE(detect_result_format("{\"id\":\"1\"}"));
  const std::string csv = format_csv_row(sample_row());
  EXPECT_FALSE(detect_result_format(csv.substr(0, csv.size() - 1))) << "a CSV file starts with its header";
  // format_row and parse_row are the two formats' functions.
  for (ResultFormat f : {ResultFormat::kCsv, ResultFormat::kJsonLines}) {
    const std::string line = format_row(sample_row(), f);
    EXPECT_EQ(line, f == ResultFormat::kCsv ? csv : jsonl);
    const auto back = parse_row(line.substr(0, line.size() - 1), f);
    ASSERT_TRUE(back);
    expect_same(*back, sample_row());
    // A CSV line is no JSON Lines row. (The converse is not so: a JSON row
    // has 11 commas, and the CSV reader takes quotes inside a field, so a
    // file's format is told by its first line, detect_result_format.)
    if (f == ResultFormat::kCsv) {
      EXPECT_FALSE(parse_row(line.substr(0, line.size() - 1), ResultFormat::kJsonLines));
    }
  }
  // ResultRow::field is the columns in order.
  ResultRow r = sample_row();
  for (std::size_t i = 0; i < kResultColumns; ++i) r.field(i) = std::string(kResultColumnNames[i]);
  EXPECT_EQ(format_csv_row(r), std::string(kCsvHeader) + "\n");
}

}  // namespace
}  // namespace npuzzle
