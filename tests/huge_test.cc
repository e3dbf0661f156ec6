// Huge boards and the pieces they rest on, checked against ground truth
// that does not share the code under test: inversions against an O(N^2)
// count, solvability against the textbook inversion/blank-row rule, the
// packed move operations against one-move-at-a-time push_back, the fast
// replay against Board::move, pair cancellation against a plain stack, and
// Princeton's Board API against values worked out by hand from Princeton's
// own examples; shortened solutions against replay.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/board.h"
#include "core/moves.h"
#include "core/princeton.h"
#include "core/replay.h"
#include "core/solvability.h"
#include "io/reader.h"
#include "search/phased.h"
#include "search/shorten.h"
#include "tools/generate.h"

namespace npuzzle {
namespace {

std::int64_t brute_force_inversions(const Board& b) {
  std::int64_t count = 0;
  for (int i = 0; i < b.cells(); ++i) {
    for (int j = i + 1; j < b.cells(); ++j) {
      if (b.at(i) != 0 && b.at(j) != 0 && b.at(i) > b.at(j)) ++count;
    }
  }
  return count;
}

Board random_permutation(int rows, int cols, std::mt19937_64& rng) {
  std::vector<std::uint32_t> tiles(static_cast<std::size_t>(rows * cols));
  for (std::size_t i = 0; i < tiles.size(); ++i) tiles[i] = static_cast<std::uint32_t>(i);
  std::shuffle(tiles.begin(), tiles.end(), rng);
  return Board(rows, cols, std::move(tiles));
}

// The textbook rule for the blank-last goal (Princeton's assignment): odd
// width, inversions even; even width, inversions plus the blank's row
// counted from the top odd (R even) or even (R odd) -- i.e. inversions plus
// the blank's distance in rows from the last row is even.
bool textbook_solvable(const Board& b) {
  const std::int64_t inversions = brute_force_inversions(b);
  if (b.cols() % 2 == 1) return inversions % 2 == 0;
  const int rows_from_bottom = b.rows() - 1 - b.blank() / b.cols();
  return (inversions + rows_from_bottom) % 2 == 0;
}

TEST(Huge, InversionsMatchABruteForceCountOnRandomBoards) {
  std::mt19937_64 rng(10);
  for (int rows = 2; rows <= 9; ++rows) {
    for (int cols = 2; cols <= 9; ++cols) {
      for (int k = 0; k < 5; ++k) {
        const Board b = random_permutation(rows, cols, rng);
        ASSERT_EQ(count_inversions(b), brute_force_inversions(b)) << size_name(rows, cols);
      }
    }
  }
  const Board reversed(3, 3, {8, 7, 6, 5, 4, 3, 2, 1, 0});
  EXPECT_EQ(count_inversions(reversed), 28);  // all 8 * 7 / 2 pairs
}

TEST(Huge, CycleParitySolvabilityMatchesTheTextbookRule) {
  std::mt19937_64 rng(11);
  for (int rows = 2; rows <= 8; ++rows) {
    for (int cols = 2; cols <= 8; ++cols) {
      for (int k = 0; k < 10; ++k) {
        const Board b = random_permutation(rows, cols, rng);
        ASSERT_EQ(is_solvable(b, Goal::kBlankLast), textbook_solvable(b)) << size_name(rows, cols);
      }
    }
  }
}

TEST(Huge, PackedAppendsEqualOneMoveAtATime) {
  std::mt19937_64 rng(12);
  MoveSequence packed;
  MoveSequence reference;
  for (int round = 0; round < 2000; ++round) {
    if (rng() % 2 == 0) {
      const auto d = static_cast<Direction>(rng() % 4);
      const std::uint64_t count = rng() % 80;
      packed.append_run(d, count);
      for (std::uint64_t i = 0; i < count; ++i) reference.push_back(d);
    } else {
      const unsigned count = static_cast<unsigned>(rng() % 33);
      std::uint64_t bits = 0;
      for (unsigned i = 0; i < count; ++i) {
        const auto d = static_cast<Direction>(rng() % 4);
        bits |= std::uint64_t{static_cast<std::uint8_t>(d)} << (2 * i);
        reference.push_back(d);
      }
      packed.append_packed(bits, count);
    }
    ASSERT_EQ(packed, reference) << "round " << round;
  }
  MoveSequence copy;
  copy.push_back(Direction::kLeft);  // appended at an odd offset
  copy.append(reference);
  ASSERT_EQ(copy.size(), reference.size() + 1);
  for (std::uint64_t i = 0; i < reference.size(); ++i) ASSERT_EQ(copy[i + 1], reference[i]);
  const std::uint64_t keep = reference.size() / 3 + 5;
  packed.truncate(keep);
  for (std::uint64_t i = reference.size(); i > keep; --i) reference.pop_back();
  EXPECT_EQ(packed, reference);  // truncate clears the unused bits too
  packed.set(3, Direction::kDown);
  EXPECT_EQ(packed[3], Direction::kDown);
}

TEST(Huge, CancellingPairsInPlaceMatchesAPlainStack) {
  std::mt19937_64 rng(13);
  for (int round = 0; round < 600; ++round) {
    // Uniform moves (pairs everywhere), then ones that step back about once
    // in 2, 30 or 300 moves (whole words without a pair, pushed a word at a
    // time, at every offset of the kept prefix).
    const unsigned back_one_in[] = {0, 2, 30, 300};
    const unsigned back = back_one_in[round % 4];
    std::vector<Direction> moves(rng() % 1000);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      moves[i] = static_cast<Direction>(rng() % 4);
      if (back != 0 && i > 0 && moves[i] == opposite(moves[i - 1]) && rng() % back != 0) moves[i] = moves[i - 1];
    }
    std::vector<Direction> stack;
    for (Direction d : moves) {
      if (!stack.empty() && stack.back() == opposite(d)) {
        stack.pop_back();
      } else {
        stack.push_back(d);
      }
    }
    MoveSequence sequence(moves);
    EXPECT_EQ(cancel_inverse_pairs(sequence), moves.size() - stack.size());
    ASSERT_EQ(sequence, MoveSequence(stack));
  }
}

TEST(Huge, FastReplayEqualsMovingOneMoveAtATime) {
  std::mt19937_64 rng(14);
  for (auto [rows, cols] : {std::pair{2, 2}, {3, 5}, {7, 2}, {9, 9}, {40, 33}}) {
    Board start = random_permutation(rows, cols, rng);
    MoveSequence moves;
    Board expected = start;
    for (int i = 0; i < 5000; ++i) {
      const auto d = static_cast<Direction>(rng() % 4);
      if (!expected.can_move(d)) continue;
      expected.move(d);
      moves.push_back(d);
    }
    Board replayed = start;
    EXPECT_EQ(apply_moves(replayed, moves), "");
    EXPECT_EQ(replayed, expected) << size_name(rows, cols);
    // One move off the board: named by its 1-based index, the board left as
    // it was before that move.
    Direction off = Direction::kUp;
    for (Direction d : {Direction::kUp, Direction::kDown, Direction::kLeft, Direction::kRight}) {
      if (!expected.can_move(d)) off = d;
    }
    if (expected.can_move(off)) continue;  // no edge next to the blank
    moves.push_back(off);
    moves.push_back(Direction::kUp);
    replayed = start;
    EXPECT_EQ(apply_moves(replayed, moves).rfind("move " + std::to_string(moves.size() - 1) + " (", 0), 0u);
    EXPECT_EQ(replayed, expected);
  }
}

// The replay goes a byte (four moves) at a time: a move off the board at any
// place in a word or a byte is still named, with the board as it was before it.
TEST(Huge, FastReplayNamesAMoveOffTheBoardAnywhere) {
  std::mt19937_64 rng(15);
  for (auto [rows, cols] : {std::pair{2, 2}, {3, 5}, {6, 4}}) {
    for (int trial = 0; trial < 300; ++trial) {
      const Board start = random_permutation(rows, cols, rng);
      Board expected = start;
      MoveSequence moves;
      const std::uint64_t length = rng() % 200;
      while (moves.size() < length) {
        const auto d = static_cast<Direction>(rng() % 4);
        if (!expected.can_move(d)) continue;
        expected.move(d);
        moves.push_back(d);
      }
      const auto off = static_cast<Direction>(rng() % 4);
      while (expected.can_move(off)) {
        expected.move(off);
        moves.push_back(off);
      }
      const std::uint64_t named = moves.size() + 1;
      moves.push_back(off);
      for (std::uint64_t tail = rng() % 40; tail > 0; --tail) moves.push_back(static_cast<Direction>(rng() % 4));
      Board replayed = start;
      EXPECT_EQ(apply_moves(replayed, moves).rfind("move " + std::to_string(named) + " (", 0), 0u)
          << size_name(rows, cols) << " at " << named;
      EXPECT_EQ(replayed, expected) << size_name(rows, cols) << " at " << named;
    }
  }
}

TEST(Huge, PhasedRefusesBoardsWhoseSolutionWouldNotFit) {
  EXPECT_EQ(phased_size_refusal(1000, 1000), "");
  EXPECT_EQ(phased_size_refusal(1789, 1789), "");  // the largest square, as phased.h says
  EXPECT_NE(phased_size_refusal(1790, 1790), "");
  const std::string why = phased_size_refusal(4096, 4096);
  EXPECT_NE(why.find("4096x4096"), std::string::npos) << why;
  EXPECT_NE(why.find("1789x1789"), std::string::npos) << why;
  // Through the solver: refused before any work (the goal itself, so it is solvable).
  const SolveResult r = solve_phased(Board::solved(2048, 2048, Goal::kBlankLast), {});
  EXPECT_EQ(r.status, Status::kUnsupported);
  EXPECT_TRUE(r.moves.empty());
}

// Princeton's assignment page: "8 1 3 / 4 0 2 / 7 6 5" has hamming 5
// (tiles 8, 1, 2, 5 and 6 are off their cells) and manhattan 10.
TEST(Princeton, TheAssignmentsExampleByHand) {
  const PrincetonBoard b({{8, 1, 3}, {4, 0, 2}, {7, 6, 5}});
  EXPECT_EQ(b.size(), 3);
  EXPECT_EQ(b.tile_at(0, 0), 8);
  EXPECT_EQ(b.tile_at(1, 1), 0);
  EXPECT_EQ(b.tile_at(2, 2), 5);
  EXPECT_EQ(b.hamming(), 5);
  EXPECT_EQ(b.manhattan(), 10);  // 8:3 1:1 2:2 3:0 4:0 5:2 6:1 7:0
  EXPECT_FALSE(b.is_goal());
  EXPECT_TRUE(b.is_solvable());
  EXPECT_EQ(b.to_string(), "3\n 8  1  3 \n 4  0  2 \n 7  6  5 \n");
  // The blank in the centre: four neighbours, blank moved up, left, right, down.
  const std::vector<PrincetonBoard> expected = {
      PrincetonBoard({{8, 0, 3}, {4, 1, 2}, {7, 6, 5}}), PrincetonBoard({{8, 1, 3}, {0, 4, 2}, {7, 6, 5}}),
      PrincetonBoard({{8, 1, 3}, {4, 2, 0}, {7, 6, 5}}), PrincetonBoard({{8, 1, 3}, {4, 6, 2}, {7, 0, 5}})};
  EXPECT_EQ(b.neighbors(), expected);
  for (const PrincetonBoard& n : b.neighbors()) {
    const std::vector<PrincetonBoard> back = n.neighbors();
    EXPECT_EQ(std::count(back.begin(), back.end(), b), 1);  // each move undone by exactly one neighbour
  }
}

TEST(Princeton, TheDatasetsByHand) {
  auto board_of = [](const std::string& name) {
    const PuzzleFile f = read_puzzle_file(std::string(NPUZZLE_SOURCE_DIR) + "/datasets/" + name, {});
    EXPECT_EQ(f.puzzles.size(), 1u);
    return PrincetonBoard(*f.puzzles.at(0).board);
  };
  // puzzle04: 0 1 3 / 4 2 5 / 7 8 6; tiles 1, 2, 5, 6 each one cell off.
  const PrincetonBoard p04 = board_of("princeton_puzzle04.txt");
  EXPECT_EQ(p04.hamming(), 4);
  EXPECT_EQ(p04.manhattan(), 4);
  EXPECT_TRUE(p04.is_solvable());
  EXPECT_EQ(p04.neighbors().size(), 2u);  // the blank in a corner
  EXPECT_EQ(p04.to_string(), "3\n 0  1  3 \n 4  2  5 \n 7  8  6 \n");
  // 8 and 7 swapped: two tiles off by one, and no way to the goal.
  const PrincetonBoard swapped = board_of("princeton_unsolvable.txt");
  EXPECT_EQ(swapped.hamming(), 2);
  EXPECT_EQ(swapped.manhattan(), 2);
  EXPECT_FALSE(swapped.is_solvable());
  // 0 3 / 2 1: 3, 2 and 1 each diagonally opposite their cell, 2 cells off.
  const PrincetonBoard two = board_of("princeton_2x2.txt");
  EXPECT_EQ(two.hamming(), 3);
  EXPECT_EQ(two.manhattan(), 6);
  EXPECT_EQ(two.size(), 2);
  EXPECT_EQ(two.to_string(), "2\n 0  3 \n 2  1 \n");
}

TEST(Princeton, GoalEqualityAndBadInput) {
  const PrincetonBoard goal({{1, 2, 3}, {4, 5, 6}, {7, 8, 0}});
  EXPECT_TRUE(goal.is_goal());
  EXPECT_EQ(goal.hamming(), 0);
  EXPECT_EQ(goal.manhattan(), 0);
  EXPECT_EQ(goal, PrincetonBoard(Board::solved(3, 3, Goal::kBlankLast)));
  EXPECT_NE(goal, PrincetonBoard({{1, 2, 3}, {4, 5, 6}, {7, 0, 8}}));
  EXPECT_NE(goal, PrincetonBoard(Board::solved(3, 3, Goal::kBlankLast), Goal::kBlankFirst));
  EXPECT_THROW(PrincetonBoard({{1, 2}, {3, 3}}), std::invalid_argument);
  EXPECT_THROW(PrincetonBoard({{1, 2, 0}, {3}}), std::invalid_argument);
  EXPECT_THROW(PrincetonBoard({{1, -2}, {3, 0}}), std::invalid_argument);
  // A 4x4 needs a two-digit field; a 11x11 (tiles up to 120) a three-digit one.
  EXPECT_EQ(PrincetonBoard(Board::solved(11, 11, Goal::kBlankLast)).to_string().substr(0, 13), "11\n  1   2   ");
}

// Three turns of the blank round a 2x2 block restore it: 12 moves that a
// window of 12 replaces by none.
TEST(Shorten, AnIdentityCycleDisappears) {
  const Board goal = Board::solved(4, 4, Goal::kBlankLast);
  MoveSequence moves;
  for (int turn = 0; turn < 3; ++turn) {
    for (Direction d : {Direction::kLeft, Direction::kUp, Direction::kRight, Direction::kDown}) moves.push_back(d);
  }
  Board after = goal;
  ASSERT_EQ(apply_moves(after, moves), "");
  ASSERT_EQ(after, goal);  // the ground truth: the 12 moves are the identity
  ShortenOptions options;
  options.window = 12;
  EXPECT_EQ(shorten_by_windows(goal, moves, options), 12u);
  EXPECT_TRUE(moves.empty());
}

TEST(Shorten, PhasedSolutionsStayValidAndNeverGrow) {
  std::mt19937_64 rng(15);
  std::uint64_t before = 0;
  std::uint64_t after = 0;
  for (auto [rows, cols] : {std::pair{3, 3}, {4, 4}, {5, 7}, {8, 3}, {10, 10}}) {
    for (Goal goal : {Goal::kBlankLast, Goal::kBlankFirst}) {
      const Board board = random_solvable(rows, cols, goal, rng);
      PhasedOptions options;
      options.goal = goal;
      SolveResult r = solve_phased(board, options);
      ASSERT_EQ(r.status, Status::kSolved);
      const std::uint64_t length = r.moves.size();
      shorten_by_windows(board, r.moves);
      EXPECT_LE(r.moves.size(), length);
      EXPECT_EQ(check_solution(board, r.moves, goal), "") << size_name(rows, cols);
      before += length;
      after += r.moves.size();
    }
  }
  EXPECT_LT(after, before);  // phased solutions have detours a window finds
}

}  // namespace
}  // namespace npuzzle
