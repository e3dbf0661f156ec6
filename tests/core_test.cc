// Board, ranking, solvability and notation, against ground truth:
// exhaustive BFS reachability (tools/bfs.h, itself cross-checked against a
// tiny BFS written here and against the published 8-puzzle distance
// distribution), the textbook inversion parity rule, naive O(N^2) counts,
// and the letter tables of docs/contract.md.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <deque>
#include <fstream>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "core/board.h"
#include "core/memory_budget.h"
#include "core/notation.h"
#include "core/ranking.h"
#include "core/solvability.h"
#include "tools/bfs.h"
#include "core/replay.h"
#include "test_support.h"

namespace npuzzle {
namespace {

using testing::board_of;
using testing::parse_tiles;
using testing::random_permutation_board;

constexpr Goal kGoals[] = {Goal::kBlankLast, Goal::kBlankFirst};
constexpr Direction kDirections[] = {Direction::kUp, Direction::kDown, Direction::kLeft, Direction::kRight};

std::vector<std::uint32_t> iota_tiles(int n) {
  std::vector<std::uint32_t> t(n);
  std::iota(t.begin(), t.end(), 0u);
  return t;
}

// ---------------------------------------------------------------- Board

TEST(BoardValidate, AcceptsPermutations) {
  EXPECT_EQ(Board::validate(2, 2, {0, 1, 2, 3}), "");
  EXPECT_EQ(Board::validate(3, 3, {1, 2, 3, 4, 5, 6, 7, 8, 0}), "");
  EXPECT_EQ(Board::validate(2, 5, iota_tiles(10)), "");
  EXPECT_EQ(Board::validate(5, 2, iota_tiles(10)), "");
}

TEST(BoardValidate, RejectsDuplicateTile) {
  const std::string why = Board::validate(2, 2, {0, 1, 1, 3});
  EXPECT_NE(why, "");
  EXPECT_NE(why.find("duplicate"), std::string::npos) << why;
}

TEST(BoardValidate, RejectsOutOfRangeTile) {
  const std::string why = Board::validate(2, 2, {0, 1, 2, 4});
  EXPECT_NE(why, "");
  EXPECT_NE(why.find("range"), std::string::npos) << why;
  EXPECT_NE(Board::validate(3, 3, {1, 2, 3, 4, 5, 6, 7, 8, 9}), "");
  EXPECT_NE(Board::validate(2, 2, {0, 1, 2, 0xFFFFFFFFu}), "");
}

TEST(BoardValidate, RejectsWrongCount) {
  EXPECT_NE(Board::validate(2, 2, {0, 1, 2}), "");
  EXPECT_NE(Board::validate(2, 2, {0, 1, 2, 3, 4}), "");
  EXPECT_NE(Board::validate(3, 3, {}), "");
  EXPECT_NE(Board::validate(3, 4, iota_tiles(9)), "");
}

TEST(BoardValidate, RejectsBelowTwoByTwo) {
  EXPECT_NE(Board::validate(1, 4, {0, 1, 2, 3}), "");
  EXPECT_NE(Board::validate(4, 1, {0, 1, 2, 3}), "");
  EXPECT_NE(Board::validate(1, 1, {0}), "");
  EXPECT_NE(Board::validate(0, 0, {}), "");
  EXPECT_NE(Board::validate(-2, -2, {0, 1, 2, 3}), "");
}

TEST(BoardValidate, RejectsMoreThanMaxCellsWithoutTiles) {
  // Must fail on the shape alone (no tiles are passed at all).
  EXPECT_NE(Board::validate(2048, 1024, {}), "");
  EXPECT_NE(Board::validate(100000, 100000, {}), "");
}

TEST(Board, SolvedBoardsFollowTheGoalConventions) {
  EXPECT_EQ(Board::solved(3, 3, Goal::kBlankLast).tiles(), parse_tiles("1 2 3 4 5 6 7 8 0"));
  EXPECT_EQ(Board::solved(3, 3, Goal::kBlankFirst).tiles(), parse_tiles("0 1 2 3 4 5 6 7 8"));
  EXPECT_EQ(Board::solved(2, 3, Goal::kBlankLast).tiles(), parse_tiles("1 2 3 4 5 0"));
  EXPECT_EQ(Board::solved(3, 2, Goal::kBlankFirst).tiles(), parse_tiles("0 1 2 3 4 5"));
  for (Goal g : kGoals) {
    for (int cells : {4, 6, 9, 16, 25}) {
      for (int t = 0; t < cells; ++t) {
        EXPECT_EQ(goal_tile(goal_position(t, cells, g), cells, g), t);
      }
    }
    EXPECT_TRUE(Board::solved(4, 4, g).is_solved(g));
  }
  EXPECT_FALSE(Board::solved(4, 4, Goal::kBlankLast).is_solved(Goal::kBlankFirst));
  EXPECT_EQ(Board::solved(3, 3, Goal::kBlankLast).blank(), 8);
  EXPECT_EQ(Board::solved(3, 3, Goal::kBlankFirst).blank(), 0);
}

TEST(Board, MovesSlideTheNeighbourIntoTheBlank) {
  // 1 2 3 / 4 0 5 / 6 7 8: the blank is at the centre.
  const Board start = board_of(3, 3, "1 2 3 4 0 5 6 7 8");
  Board b = start;
  b.move(Direction::kUp);
  EXPECT_EQ(b.tiles(), parse_tiles("1 0 3 4 2 5 6 7 8"));
  b = start;
  b.move(Direction::kDown);
  EXPECT_EQ(b.tiles(), parse_tiles("1 2 3 4 7 5 6 0 8"));
  b = start;
  b.move(Direction::kLeft);
  EXPECT_EQ(b.tiles(), parse_tiles("1 2 3 0 4 5 6 7 8"));
  b = start;
  b.move(Direction::kRight);
  EXPECT_EQ(b.tiles(), parse_tiles("1 2 3 4 5 0 6 7 8"));
  // Corners: only two moves.
  const Board corner = board_of(3, 3, "0 1 2 3 4 5 6 7 8");
  EXPECT_FALSE(corner.can_move(Direction::kUp));
  EXPECT_FALSE(corner.can_move(Direction::kLeft));
  EXPECT_TRUE(corner.can_move(Direction::kDown));
  EXPECT_TRUE(corner.can_move(Direction::kRight));
}

TEST(Board, MoveThenOppositeIsIdentity) {
  std::mt19937_64 rng(1);
  const std::pair<int, int> shapes[] = {{2, 2}, {2, 3}, {3, 2}, {3, 3}, {4, 4}, {2, 7}, {5, 5}, {7, 3}, {12, 9}};
  for (auto [rows, cols] : shapes) {
    for (int trial = 0; trial < 200; ++trial) {
      const Board start = random_permutation_board(rows, cols, rng);
      int legal = 0;
      for (Direction d : kDirections) {
        if (!start.can_move(d)) continue;
        ++legal;
        Board b = start;
        const int target = b.neighbour(d);
        const std::uint32_t tile = b.at(target);
        b.move(d);
        EXPECT_EQ(b.blank(), target);
        EXPECT_EQ(b.at(start.blank()), tile);
        ASSERT_TRUE(b.can_move(opposite(d)));
        EXPECT_EQ(b.neighbour(opposite(d)), start.blank());
        b.move(opposite(d));
        EXPECT_EQ(b, start);
      }
      const int r = start.blank() / cols;
      const int c = start.blank() % cols;
      EXPECT_EQ(legal, (r > 0) + (r < rows - 1) + (c > 0) + (c < cols - 1));
    }
  }
}

TEST(Board, OppositeDirections) {
  EXPECT_EQ(opposite(Direction::kUp), Direction::kDown);
  EXPECT_EQ(opposite(Direction::kDown), Direction::kUp);
  EXPECT_EQ(opposite(Direction::kLeft), Direction::kRight);
  EXPECT_EQ(opposite(Direction::kRight), Direction::kLeft);
}

TEST(Board, GoalNames) {
  EXPECT_EQ(parse_goal("blank-last"), Goal::kBlankLast);
  EXPECT_EQ(parse_goal("blank-first"), Goal::kBlankFirst);
  EXPECT_EQ(parse_goal("blank"), std::nullopt);
  EXPECT_EQ(goal_name(Goal::kBlankFirst), "blank-first");
  EXPECT_EQ(goal_name(Goal::kBlankLast), "blank-last");
}

// ---------------------------------------------------------------- Ranking

TEST(Ranking, Factorials) {
  EXPECT_EQ(factorial(0), 1u);
  EXPECT_EQ(factorial(1), 1u);
  EXPECT_EQ(factorial(4), 24u);
  EXPECT_EQ(factorial(9), 362880u);
  EXPECT_EQ(factorial(12), 479001600u);
}

TEST(Ranking, RankUnrankIsIdentityForAllPermutationsOfEight) {
  const int n = 8;
  std::vector<std::uint32_t> previous;
  for (std::uint64_t r = 0; r < factorial(n); ++r) {
    const std::vector<std::uint32_t> perm = unrank_permutation(r, n);
    ASSERT_EQ(perm.size(), static_cast<std::size_t>(n));
    std::vector<std::uint32_t> sorted = perm;
    std::sort(sorted.begin(), sorted.end());
    ASSERT_EQ(sorted, iota_tiles(n)) << "rank " << r;
    ASSERT_EQ(rank_permutation(perm), r);
    // Lexicographic order: strictly increasing with the rank, so a bijection.
    if (r > 0) {
      ASSERT_TRUE(std::lexicographical_compare(previous.begin(), previous.end(), perm.begin(), perm.end()));
    }
    previous = perm;
  }
  EXPECT_EQ(unrank_permutation(0, n), iota_tiles(n));
  EXPECT_EQ(unrank_permutation(factorial(n) - 1, n), parse_tiles("7 6 5 4 3 2 1 0"));
}

TEST(Ranking, TwelveCellsSample) {
  const int n = kMaxRankedCells;
  ASSERT_EQ(n, 12);
  std::mt19937_64 rng(12);
  std::uniform_int_distribution<std::uint64_t> any_rank(0, factorial(n) - 1);
  for (std::uint64_t r : {std::uint64_t{0}, std::uint64_t{1}, factorial(n) - 1, factorial(n) / 2}) {
    EXPECT_EQ(rank_permutation(unrank_permutation(r, n)), r);
  }
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t r = any_rank(rng);
    ASSERT_EQ(rank_permutation(unrank_permutation(r, n)), r);
    std::vector<std::uint32_t> perm = iota_tiles(n);
    std::shuffle(perm.begin(), perm.end(), rng);
    ASSERT_EQ(unrank_permutation(rank_permutation(perm), n), perm);
  }
  EXPECT_EQ(unrank_permutation(factorial(n) - 1, n), parse_tiles("11 10 9 8 7 6 5 4 3 2 1 0"));
}

// ---------------------------------------------------------------- BFS ground truth

// A BFS that shares nothing with the library but Board's constructor: moves
// are swaps in a plain vector, states are keyed in a std::map.
std::map<std::vector<std::uint32_t>, int> tiny_bfs(int rows, int cols, Goal goal) {
  std::vector<std::uint32_t> start(rows * cols);
  for (int pos = 0; pos < rows * cols; ++pos) {
    start[pos] = goal == Goal::kBlankFirst ? pos : (pos == rows * cols - 1 ? 0 : pos + 1);
  }
  std::map<std::vector<std::uint32_t>, int> dist{{start, 0}};
  std::deque<std::vector<std::uint32_t>> queue{start};
  while (!queue.empty()) {
    const std::vector<std::uint32_t> s = queue.front();
    queue.pop_front();
    const int blank = static_cast<int>(std::find(s.begin(), s.end(), 0u) - s.begin());
    const int r = blank / cols;
    const int c = blank % cols;
    const int targets[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
    for (const auto& t : targets) {
      if (t[0] < 0 || t[0] >= rows || t[1] < 0 || t[1] >= cols) continue;
      std::vector<std::uint32_t> next = s;
      std::swap(next[blank], next[t[0] * cols + t[1]]);
      if (dist.emplace(next, dist[s] + 1).second) queue.push_back(next);
    }
  }
  return dist;
}

TEST(BfsGroundTruth, AgreesWithAnIndependentBfsOnTinyBoards) {
  const std::pair<int, int> shapes[] = {{2, 2}, {2, 3}, {3, 2}};
  for (auto [rows, cols] : shapes) {
    for (Goal goal : kGoals) {
      const auto mine = tiny_bfs(rows, cols, goal);
      const auto lib = bfs_distances(rows, cols, goal);
      const int cells = rows * cols;
      ASSERT_EQ(lib.size(), factorial(cells));
      EXPECT_EQ(mine.size(), factorial(cells) / 2);
      std::size_t reached = 0;
      for (std::uint64_t r = 0; r < lib.size(); ++r) {
        const auto tiles = unrank_permutation(r, cells);
        auto it = mine.find(tiles);
        if (it == mine.end()) {
          EXPECT_EQ(lib[r], kUnreached) << size_name(rows, cols) << " rank " << r;
        } else {
          ++reached;
          EXPECT_EQ(lib[r], it->second) << size_name(rows, cols) << " rank " << r;
        }
      }
      EXPECT_EQ(reached, mine.size());
    }
  }
}

TEST(BfsGroundTruth, TwoByTwoHasTwelveStatesAtMostSixMovesAway) {
  for (Goal goal : kGoals) {
    const auto d = bfs_distances(2, 2, goal);
    std::vector<int> histogram(7, 0);
    for (std::uint8_t v : d) {
      if (v != kUnreached) ++histogram.at(v);
    }
    EXPECT_EQ(histogram, (std::vector<int>{1, 2, 2, 2, 2, 2, 1}));
  }
}

// The published distance distribution of the 8-puzzle (Reinefeld 1993; OEIS
// A089473): 181,440 states, the farthest 31 moves away (2 of them).
TEST(BfsGroundTruth, EightPuzzleDistanceDistributionIsThePublishedOne) {
  const std::vector<int> published = {1,     2,     4,     8,     16,    20,    39,    62,    116,   152,   286,
                                      396,   748,   1024,  1893,  2512,  4485,  5638,  9529,  10878, 16993, 17110,
                                      23952, 20224, 24047, 15578, 14560, 6274,  3910,  760,   221,   2};
  ASSERT_EQ(std::accumulate(published.begin(), published.end(), 0), 181440);
  for (Goal goal : kGoals) {
    const auto d = bfs_distances(3, 3, goal);
    std::vector<int> histogram(published.size(), 0);
    int unreached = 0;
    for (std::uint8_t v : d) {
      if (v == kUnreached) {
        ++unreached;
      } else {
        ASSERT_LT(v, histogram.size());
        ++histogram[v];
      }
    }
    EXPECT_EQ(histogram, published) << goal_name(goal);
    EXPECT_EQ(unreached, 181440);
  }
}

// ---------------------------------------------------------------- Solvability

// Every state of the small shapes: solvable iff the exhaustive BFS reached it.
TEST(Solvability, MatchesBfsReachabilityOnEveryStateOfSmallBoards) {
  const std::pair<int, int> shapes[] = {{2, 2}, {2, 3}, {3, 2}, {3, 3}};
  for (auto [rows, cols] : shapes) {
    for (Goal goal : kGoals) {
      const auto d = bfs_distances(rows, cols, goal);
      const int cells = rows * cols;
      std::uint64_t solvable = 0;
      for (std::uint64_t r = 0; r < d.size(); ++r) {
        const Board b(rows, cols, unrank_permutation(r, cells));
        const bool s = is_solvable(b, goal);
        solvable += s;
        ASSERT_EQ(s, d[r] != kUnreached) << size_name(rows, cols) << " " << goal_name(goal) << " rank " << r;
      }
      EXPECT_EQ(solvable, factorial(cells) / 2);
    }
  }
}

TEST(Solvability, FourByFourRandomBoardsAreSolvableForExactlyOneGoal) {
  std::mt19937_64 rng(4);
  for (int i = 0; i < 1000; ++i) {
    const Board b = random_permutation_board(4, 4, rng);
    EXPECT_NE(is_solvable(b, Goal::kBlankLast), is_solvable(b, Goal::kBlankFirst));
  }
}

TEST(Solvability, KorfInstances) {
  const auto korf = testing::korf100();
  ASSERT_EQ(korf.size(), 100u);
  for (const auto& k : korf) {
    ASSERT_EQ(Board::validate(4, 4, k.tiles), "") << k.id;
    ASSERT_EQ(Board::validate(4, 4, k.tiles_blank_last), "") << k.id;
    const Board b(4, 4, k.tiles);
    EXPECT_TRUE(is_solvable(b, Goal::kBlankFirst)) << "Korf #" << k.id;
    EXPECT_FALSE(is_solvable(b, Goal::kBlankLast)) << "Korf #" << k.id;
    const Board mapped(4, 4, k.tiles_blank_last);
    EXPECT_TRUE(is_solvable(mapped, Goal::kBlankLast)) << "Korf #" << k.id;
    EXPECT_FALSE(is_solvable(mapped, Goal::kBlankFirst)) << "Korf #" << k.id;
  }
}

// Inversions by merge sort: an independent count for the big boards.
std::int64_t merge_inversions(std::vector<std::uint32_t>& v, std::size_t lo, std::size_t hi,
                              std::vector<std::uint32_t>& scratch) {
  if (hi - lo < 2) return 0;
  const std::size_t mid = (lo + hi) / 2;
  std::int64_t n = merge_inversions(v, lo, mid, scratch) + merge_inversions(v, mid, hi, scratch);
  std::size_t i = lo, j = mid, k = lo;
  while (i < mid && j < hi) {
    if (v[j] < v[i]) {
      n += static_cast<std::int64_t>(mid - i);
      scratch[k++] = v[j++];
    } else {
      scratch[k++] = v[i++];
    }
  }
  while (i < mid) scratch[k++] = v[i++];
  while (j < hi) scratch[k++] = v[j++];
  std::copy(scratch.begin() + lo, scratch.begin() + hi, v.begin() + lo);
  return n;
}

std::int64_t naive_inversions(const Board& b) {
  std::int64_t n = 0;
  for (int i = 0; i < b.cells(); ++i) {
    if (b.at(i) == 0) continue;
    for (int j = i + 1; j < b.cells(); ++j) {
      if (b.at(j) != 0 && b.at(j) < b.at(i)) ++n;
    }
  }
  return n;
}

std::int64_t fast_inversions(const Board& b) {
  std::vector<std::uint32_t> v;
  for (std::uint32_t t : b.tiles()) {
    if (t != 0) v.push_back(t);
  }
  std::vector<std::uint32_t> scratch(v.size());
  return merge_inversions(v, 0, v.size(), scratch);
}

// The textbook rule. Both goals have no inversions among the tiles; the blank
// sits on the last row (blank-last) or the first (blank-first). A horizontal
// move keeps the inversions; a vertical one jumps a tile over cols-1 others.
// So: odd width, solvable iff inversions are even; even width, iff
// inversions + the blank's row distance to the goal's blank row are even.
bool textbook_solvable(const Board& b, Goal goal, std::int64_t inversions) {
  if (b.cols() % 2 == 1) return inversions % 2 == 0;
  const int goal_row = goal == Goal::kBlankLast ? b.rows() - 1 : 0;
  return (inversions + std::abs(b.blank() / b.cols() - goal_row)) % 2 == 0;
}

TEST(Solvability, MatchesTheTextbookInversionRuleOnRandomBoards) {
  std::mt19937_64 rng(5);
  const std::pair<int, int> shapes[] = {{2, 2}, {3, 3}, {4, 4}, {5, 5}, {2, 7}, {3, 4}, {4, 3}, {6, 9}, {10, 10}};
  for (auto [rows, cols] : shapes) {
    for (int i = 0; i < 300; ++i) {
      const Board b = random_permutation_board(rows, cols, rng);
      const std::int64_t inv = naive_inversions(b);
      for (Goal goal : kGoals) {
        ASSERT_EQ(is_solvable(b, goal), textbook_solvable(b, goal, inv)) << size_name(rows, cols);
      }
    }
  }
}

TEST(Solvability, LargeBoards) {
  std::mt19937_64 rng(6);
  const std::pair<int, int> shapes[] = {{1000, 1000}, {999, 1000}, {1000, 999}, {123, 457}};
  for (auto [rows, cols] : shapes) {
    Board b = random_permutation_board(rows, cols, rng);
    const std::int64_t inv = fast_inversions(b);
    EXPECT_EQ(count_inversions(b), inv);
    for (Goal goal : kGoals) {
      const bool expected = textbook_solvable(b, goal, inv);
      EXPECT_EQ(is_solvable(b, goal), expected) << size_name(rows, cols);
      // Swapping two tiles (not the blank) flips solvability.
      std::vector<std::uint32_t> t = b.tiles();
      const int a = t[0] == 0 ? 2 : 0;
      const int c = t[1] == 0 ? 2 : 1;
      std::swap(t[a], t[c]);
      EXPECT_NE(is_solvable(Board(rows, cols, t), goal), expected);
    }
  }
}

TEST(Solvability, RandomWalksFromTheGoalStaySolvable) {
  std::mt19937_64 rng(7);
  const std::pair<int, int> shapes[] = {{2, 2}, {3, 5}, {4, 4}, {7, 2}, {30, 40}};
  for (auto [rows, cols] : shapes) {
    for (Goal goal : kGoals) {
      for (int len : {0, 1, 2, 17, 400}) {
        const Board b = testing::random_walk(rows, cols, goal, len, rng);
        EXPECT_TRUE(is_solvable(b, goal)) << size_name(rows, cols) << " walk " << len;
      }
    }
  }
}

TEST(Inversions, MatchesNaiveCount) {
  std::mt19937_64 rng(8);
  const std::pair<int, int> shapes[] = {{2, 2}, {3, 3}, {4, 4}, {2, 9}, {5, 5}, {17, 3}, {31, 32}};
  for (auto [rows, cols] : shapes) {
    for (int i = 0; i < 200; ++i) {
      const Board b = random_permutation_board(rows, cols, rng);
      ASSERT_EQ(count_inversions(b), naive_inversions(b)) << size_name(rows, cols);
    }
  }
  for (int i = 0; i < 3; ++i) {
    const Board b = random_permutation_board(100, 100, rng);
    EXPECT_EQ(count_inversions(b), naive_inversions(b));
  }
}

TEST(Inversions, HandCheckedValues) {
  EXPECT_EQ(count_inversions(board_of(3, 3, "1 2 3 4 5 6 7 8 0")), 0);
  EXPECT_EQ(count_inversions(board_of(3, 3, "0 1 2 3 4 5 6 7 8")), 0);
  EXPECT_EQ(count_inversions(board_of(3, 3, "8 7 6 5 4 3 2 1 0")), 28);  // 8 choose 2
  EXPECT_EQ(count_inversions(board_of(2, 2, "3 0 2 1")), 3);
  // Princeton's puzzle04.
  EXPECT_EQ(count_inversions(board_of(3, 3, "0 1 3 4 2 5 7 8 6")), 4);
}

// ---------------------------------------------------------------- Notation

TEST(Notation, LetterMappingIsExactlyAsInTheSpec) {
  // docs/contract.md: blank = the blank's direction (u d l r); tile = the moved
  // tile's direction (U D L R), the opposite of the blank's; vim H J K L =
  // the tile slides left, down, up, right.
  struct Row {
    Direction blank;
    char blank_letter, tile_letter, vim_letter;
  };
  const Row rows[] = {
      {Direction::kUp, 'u', 'D', 'J'},     // blank up: the tile above slides down
      {Direction::kDown, 'd', 'U', 'K'},   // blank down: the tile below slides up
      {Direction::kLeft, 'l', 'R', 'L'},   // blank left: the tile on the left slides right
      {Direction::kRight, 'r', 'L', 'H'},  // blank right: the tile on the right slides left
  };
  for (const Row& r : rows) {
    EXPECT_EQ(move_letter(r.blank, Notation::kBlank), r.blank_letter);
    EXPECT_EQ(move_letter(r.blank, Notation::kTile), r.tile_letter);
    EXPECT_EQ(move_letter(r.blank, Notation::kVim), r.vim_letter);
    for (Notation n : {Notation::kBlank, Notation::kTile, Notation::kVim}) {
      const auto parsed = parse_moves(std::string(1, move_letter(r.blank, n)), n);
      ASSERT_TRUE(parsed);
      EXPECT_EQ(*parsed, std::vector<Direction>{r.blank});
    }
  }
}

// The letters by what they do on a board: the tile that moved ends up in the
// direction the tile letter names.
TEST(Notation, TileLettersNameTheDirectionTheTileSlides) {
  const Board centre = board_of(3, 3, "1 2 3 4 0 5 6 7 8");
  auto offset = [](char tile_letter) -> std::pair<int, int> {
    switch (tile_letter) {
      case 'U': case 'K': return {-1, 0};
      case 'D': case 'J': return {1, 0};
      case 'L': case 'H': return {0, -1};
      case 'R': return {0, 1};
    }
    return {0, 0};
  };
  for (Direction d : kDirections) {
    Board b = centre;
    const int from = b.neighbour(d);
    const std::uint32_t tile = b.at(from);
    b.move(d);
    const int to = static_cast<int>(std::find(b.tiles().begin(), b.tiles().end(), tile) - b.tiles().begin());
    const std::pair<int, int> moved = {to / 3 - from / 3, to % 3 - from % 3};
    EXPECT_EQ(offset(move_letter(d, Notation::kTile)), moved);
    // Tile letters name where the tile went, vim letters too (L is
    // 'right' in vim, so compare through the vim table).
    const char vim = move_letter(d, Notation::kVim);
    const std::pair<int, int> vim_offset = vim == 'H' ? std::pair{0, -1}
                                           : vim == 'J' ? std::pair{1, 0}
                                           : vim == 'K' ? std::pair{-1, 0}
                                                        : std::pair{0, 1};
    EXPECT_EQ(vim_offset, moved);
    // Blank letters name where the blank went.
    const char blank = move_letter(d, Notation::kBlank);
    const std::pair<int, int> blank_offset = blank == 'u' ? std::pair{-1, 0}
                                             : blank == 'd' ? std::pair{1, 0}
                                             : blank == 'l' ? std::pair{0, -1}
                                                            : std::pair{0, 1};
    EXPECT_EQ(blank_offset, (std::pair<int, int>{-moved.first, -moved.second}));
  }
}

TEST(Notation, CourseraConventionUrMovesTheBlankUpThenRight) {
  Board b = board_of(3, 3, "1 2 3 4 5 6 7 0 8");
  const auto moves = parse_moves("ur", Notation::kBlank);
  ASSERT_TRUE(moves);
  ASSERT_EQ(apply_moves(b, *moves), "");
  EXPECT_EQ(b.tiles(), parse_tiles("1 2 3 4 6 0 7 5 8"));
}

TEST(Notation, FormatParseRoundTrip) {
  std::mt19937_64 rng(9);
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<Direction> moves(rng() % 60);
    for (Direction& d : moves) d = static_cast<Direction>(rng() % 4);
    for (Notation n : {Notation::kBlank, Notation::kTile, Notation::kVim}) {
      const std::string text = format_moves(moves, n);
      ASSERT_EQ(text.size(), moves.size());
      const auto back = parse_moves(text, n);
      ASSERT_TRUE(back);
      EXPECT_EQ(*back, moves);
    }
  }
  EXPECT_EQ(format_moves({}, Notation::kVim), "");
  EXPECT_EQ(parse_moves("", Notation::kTile), std::vector<Direction>{});
}

TEST(Notation, ParseRejectsForeignLettersAndSaysWhere) {
  std::size_t bad = 99;
  EXPECT_FALSE(parse_moves("uudx", Notation::kBlank, &bad));
  EXPECT_EQ(bad, 3u);
  EXPECT_FALSE(parse_moves("uU", Notation::kBlank, &bad));
  EXPECT_EQ(bad, 1u);
  EXPECT_FALSE(parse_moves("UDu", Notation::kTile, &bad));
  EXPECT_EQ(bad, 2u);
  EXPECT_FALSE(parse_moves("HJKLU", Notation::kVim, &bad));
  EXPECT_EQ(bad, 4u);
  EXPECT_FALSE(parse_moves("h", Notation::kVim, &bad));
  EXPECT_EQ(bad, 0u);
}

TEST(Notation, DetectionRules) {
  EXPECT_EQ(detect_notation(""), Notation::kBlank);
  EXPECT_EQ(detect_notation("udlr"), Notation::kBlank);
  EXPECT_EQ(detect_notation("UDLR"), Notation::kTile);
  EXPECT_EQ(detect_notation("LLRRUD"), Notation::kTile);
  EXPECT_EQ(detect_notation("H"), Notation::kVim);
  EXPECT_EQ(detect_notation("J"), Notation::kVim);
  EXPECT_EQ(detect_notation("K"), Notation::kVim);
  EXPECT_EQ(detect_notation("LLLLJ"), Notation::kVim);
  EXPECT_EQ(detect_notation("ULLLLH"), Notation::kVim);
}

// The same walk written in the three notations replays to the same board.
TEST(Notation, TheThreeNotationsReplayIdentically) {
  std::mt19937_64 rng(10);
  for (int trial = 0; trial < 200; ++trial) {
    const Board start = random_permutation_board(4, 5, rng);
    // A random legal walk from `start`.
    std::vector<Direction> walk;
    Board b = start;
    for (int i = 0; i < 40; ++i) {
      Direction d;
      do d = static_cast<Direction>(rng() % 4);
      while (!b.can_move(d));
      b.move(d);
      walk.push_back(d);
    }
    std::vector<Board> ends;
    for (Notation n : {Notation::kBlank, Notation::kTile, Notation::kVim}) {
      const std::string text = format_moves(walk, n);
      const Notation detected = detect_notation(text);
      if (n == Notation::kVim && text.find_first_of("HJK") == std::string::npos) {
        EXPECT_EQ(detected, Notation::kTile);  // only L's: docs/contract.md's rule calls it tile
      } else {
        EXPECT_EQ(detected, n) << text;
      }
      const auto parsed = parse_moves(text, n);
      ASSERT_TRUE(parsed);
      EXPECT_EQ(*parsed, walk);
      Board replay = start;
      ASSERT_EQ(apply_moves(replay, *parsed), "");
      ends.push_back(replay);
    }
    EXPECT_EQ(ends[0], b);
    EXPECT_EQ(ends[1], b);
    EXPECT_EQ(ends[2], b);
  }
}

TEST(Notation, Names) {
  EXPECT_EQ(parse_notation("blank"), Notation::kBlank);
  EXPECT_EQ(parse_notation("tile"), Notation::kTile);
  EXPECT_EQ(parse_notation("vim"), Notation::kVim);
  EXPECT_EQ(parse_notation("emacs"), std::nullopt);
  for (Notation n : {Notation::kBlank, Notation::kTile, Notation::kVim}) {
    EXPECT_EQ(parse_notation(notation_name(n)), n);
  }
}

// ---------------------------------------------------------------- Replay

TEST(Replay, ReportsAMoveOffTheBoardAndLeavesTheBoardBeforeIt) {
  Board b = board_of(2, 2, "1 2 3 0");
  const std::vector<Direction> moves = {Direction::kUp, Direction::kUp};
  const std::string why = apply_moves(b, moves);
  EXPECT_NE(why, "");
  EXPECT_NE(why.find('2'), std::string::npos) << why;  // names move 2
  EXPECT_EQ(b.tiles(), parse_tiles("1 0 3 2"));
}

TEST(Replay, CheckSolution) {
  const Board start = board_of(3, 3, "0 1 3 4 2 5 7 8 6");
  const auto good = *parse_moves("rdrd", Notation::kBlank);
  EXPECT_EQ(check_solution(start, good, Goal::kBlankLast), "");
  EXPECT_NE(check_solution(start, good, Goal::kBlankFirst), "");
  EXPECT_NE(check_solution(start, *parse_moves("rdr", Notation::kBlank), Goal::kBlankLast), "");
  EXPECT_NE(check_solution(start, *parse_moves("rdrdd", Notation::kBlank), Goal::kBlankLast), "");
  EXPECT_NE(check_solution(start, *parse_moves("u", Notation::kBlank), Goal::kBlankLast), "");
  EXPECT_EQ(check_solution(Board::solved(3, 3, Goal::kBlankFirst), {}, Goal::kBlankFirst), "");
}

// ---------------------------------------------------------------- memory budget

TEST(MemoryBudget, ReservesUpToTheLimitAndNoFurther) {
  MemoryBudget budget(1000);
  EXPECT_EQ(budget.limit(), 1000u);
  EXPECT_TRUE(budget.try_reserve(600));
  EXPECT_FALSE(budget.try_reserve(401));
  EXPECT_EQ(budget.used(), 600u);
  EXPECT_TRUE(budget.try_reserve(400));
  EXPECT_FALSE(budget.try_reserve(1));
  budget.release(600);
  EXPECT_EQ(budget.used(), 400u);
  EXPECT_EQ(budget.peak(), 1000u);
  EXPECT_FALSE(budget.try_reserve(~std::uint64_t{0}));  // no wrap-around
  EXPECT_EQ(budget.used(), 400u);
}

// The machine's memory as /proc/meminfo reports it (MemTotal, in kB): read
// here independently of physical_memory(), which asks sysconf. 0 when the
// file or the line is missing.
std::uint64_t meminfo_total_bytes() {
  std::ifstream in("/proc/meminfo");
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::string key, unit;
    std::uint64_t value = 0;
    if (fields >> key >> value >> unit && key == "MemTotal:" && unit == "kB") return value * 1024;
  }
  return 0;
}

TEST(MemoryBudget, ZeroMeansThePhysicalMemory) {
  const std::uint64_t total = meminfo_total_bytes();
  if (total == 0) GTEST_SKIP() << "no MemTotal line in /proc/meminfo";
  const std::uint64_t limit = MemoryBudget(0).limit();
  // sysconf's _SC_PHYS_PAGES and MemTotal count the same pages (the
  // kernel's totalram); 1% covers a kernel that rounds them differently,
  // and not a constant, a fallback or a unit slip (pages for bytes, KiB).
  EXPECT_NEAR(static_cast<double>(limit), static_cast<double>(total), static_cast<double>(total) / 100)
      << "MemoryBudget(0) allows " << limit << " bytes; /proc/meminfo says MemTotal is " << total << " bytes";
  EXPECT_EQ(physical_memory(), limit);
  EXPECT_EQ(MemoryBudget(1).limit(), 1u);  // only 0 means "the physical memory"
}

TEST(MemoryBudget, ReservationsGiveBackTheirBytesAndRefusalsNameWhat) {
  auto budget = std::make_shared<MemoryBudget>(std::uint64_t{3} << 20);
  {
    MemoryReservation a(budget, std::uint64_t{2} << 20, "table A");
    EXPECT_EQ(budget->used(), std::uint64_t{2} << 20);
    MemoryReservation moved = std::move(a);
    EXPECT_EQ(a.bytes(), 0u);
    EXPECT_EQ(budget->used(), std::uint64_t{2} << 20);
    try {
      MemoryReservation b(budget, std::uint64_t{2} << 20, "table B");
      FAIL() << "2 MiB more fit in a 3 MiB budget holding 2 MiB";
    } catch (const MemoryBudgetError& e) {
      // In neutral words: the budget names no front end's option unless told.
      EXPECT_EQ(std::string(e.what()),
                "table B needs 2.0 MiB, but the memory budget of 3.0 MiB has only 1.0 MiB free (2.0 MiB in use); "
                "raise the memory budget");
    }
  }
  EXPECT_EQ(budget->used(), 0u);
  // The CLI's budget names its flag.
  auto named = std::make_shared<MemoryBudget>(std::uint64_t{3} << 20);
  named->set_option_name("--memory-budget");
  try {
    MemoryReservation c(named, std::uint64_t{4} << 20, "table C");
    FAIL() << "4 MiB fit in a 3 MiB budget";
  } catch (const MemoryBudgetError& e) {
    EXPECT_EQ(std::string(e.what()),
              "table C needs 4.0 MiB, but the memory budget of 3.0 MiB has only 3.0 MiB free (0.0 MiB in use); "
              "raise --memory-budget");
  }
  EXPECT_EQ(named->used(), 0u);
  MemoryReservation none(nullptr, std::uint64_t{1} << 40, "anything");  // no budget: nothing is counted
  EXPECT_EQ(none.bytes(), 0u);
}

// Threads racing for the last bytes never overshoot: exactly limit/unit
// reservations succeed.
TEST(MemoryBudget, ConcurrentReservationsNeverPassTheLimit) {
  MemoryBudget budget(1000 * 64);
  std::atomic<int> granted{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 1000; ++i) granted += budget.try_reserve(64) ? 1 : 0;
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(granted.load(), 1000);
  EXPECT_EQ(budget.used(), budget.limit());
}

}  // namespace
}  // namespace npuzzle
