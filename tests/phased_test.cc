// The phased solver against ground truth: its solutions replay to the goal
// (core/replay.h) on random boards of many shapes and both goals, the
// invariants hold at every phase step (checked here on a board replayed from
// the emitted moves, not on the solver's own copy), and on every 3x3 state it
// is never shorter than the exhaustive BFS distance.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/ranking.h"
#include "core/replay.h"
#include "core/solvability.h"
#include "search/engine.h"
#include "search/phased.h"
#include "search/phased_cycles.h"
#include "tools/bfs.h"

namespace npuzzle {
namespace {

// A uniformly random board of the goal's parity: a shuffled permutation,
// with two non-blank tiles swapped when its parity is the other one.
Board random_solvable(int rows, int cols, Goal goal, std::mt19937_64& rng) {
  const int cells = rows * cols;
  std::vector<std::uint32_t> tiles(static_cast<std::size_t>(cells));
  for (int i = 0; i < cells; ++i) tiles[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(i);
  std::shuffle(tiles.begin(), tiles.end(), rng);
  Board board(rows, cols, tiles);
  if (!is_solvable(board, goal)) {
    const std::size_t a = tiles[0] == 0 ? 1 : 0;
    const std::size_t b = tiles[a + 1] == 0 ? a + 2 : a + 1;
    std::swap(tiles[a], tiles[b]);
    board = Board(rows, cols, std::move(tiles));
  }
  return board;
}

Board unsolvable_for(const Board& solvable) {
  std::vector<std::uint32_t> tiles = solvable.tiles();
  const std::size_t a = tiles[0] == 0 ? 1 : 0;
  const std::size_t b = tiles[a + 1] == 0 ? a + 2 : a + 1;
  std::swap(tiles[a], tiles[b]);
  return Board(solvable.rows(), solvable.cols(), std::move(tiles));
}

void expect_replays(const Board& board, Goal goal) {
  PhasedOptions options;
  options.goal = goal;
  PhasedStats stats;
  const SolveResult r = solve_phased(board, options, &stats);
  const std::string shape = size_name(board.rows(), board.cols()) + " " + std::string(goal_name(goal));
  ASSERT_EQ(r.status, Status::kSolved) << shape;
  EXPECT_EQ(r.length, static_cast<std::int64_t>(r.moves.size())) << shape;
  EXPECT_EQ(check_solution(board, r.moves, goal), "") << shape;
  EXPECT_GE(r.length, r.lower_bound) << shape;
  EXPECT_EQ(stats.raw_length, r.moves.size() + stats.cancelled) << shape;
}

TEST(Phased, EveryShapeUpTo10x10BothGoals) {
  std::mt19937_64 rng(20240610);
  for (Goal goal : {Goal::kBlankLast, Goal::kBlankFirst}) {
    for (int rows = 2; rows <= 10; ++rows) {
      for (int cols = 2; cols <= 10; ++cols) {
        for (int k = 0; k < 5; ++k) expect_replays(random_solvable(rows, cols, goal, rng), goal);
      }
    }
  }
}

TEST(Phased, LongRectangles) {
  std::mt19937_64 rng(7);
  const std::pair<int, int> shapes[] = {{2, 9}, {9, 2}, {3, 17}, {17, 3}, {2, 50}, {50, 2}};
  for (Goal goal : {Goal::kBlankLast, Goal::kBlankFirst}) {
    for (auto [rows, cols] : shapes) {
      for (int k = 0; k < 3; ++k) expect_replays(random_solvable(rows, cols, goal, rng), goal);
    }
  }
}

TEST(Phased, LargeBoards) {
  std::mt19937_64 rng(11);
  expect_replays(random_solvable(100, 100, Goal::kBlankLast, rng), Goal::kBlankLast);
  expect_replays(random_solvable(100, 100, Goal::kBlankFirst, rng), Goal::kBlankFirst);
  expect_replays(random_solvable(300, 300, Goal::kBlankLast, rng), Goal::kBlankLast);
  expect_replays(random_solvable(300, 300, Goal::kBlankFirst, rng), Goal::kBlankFirst);
}

TEST(Phased, SolvedBoardsAndUnsolvableOnesRefused) {
  std::mt19937_64 rng(3);
  for (Goal goal : {Goal::kBlankLast, Goal::kBlankFirst}) {
    expect_replays(Board::solved(4, 4, goal), goal);
    expect_replays(Board::solved(2, 2, goal), goal);
    for (auto [rows, cols] : {std::pair{2, 2}, std::pair{3, 3}, std::pair{4, 4}, std::pair{3, 7}, std::pair{40, 30}}) {
      const Board bad = unsolvable_for(random_solvable(rows, cols, goal, rng));
      ASSERT_FALSE(is_solvable(bad, goal));
      PhasedOptions options;
      options.goal = goal;
      bool stepped = false;
      options.on_step = [&](const PhaseStep&, const MoveSequence&) { stepped = true; };
      const SolveResult r = solve_phased(bad, options);
      EXPECT_EQ(r.status, Status::kUnsolvable);
      EXPECT_TRUE(r.moves.empty());
      EXPECT_FALSE(stepped) << "an unsolvable board must be refused before any work";
    }
  }
}

// The invariants of phased.h, on the canonical frame of a board that this
// test replays itself from the moves the solver reported.
bool solved_cell(const Board& b, int r, int c) {
  return b.at(r, c) == static_cast<std::uint32_t>(r * b.cols() + c);
}
bool rows_solved_from(const Board& b, int first) {
  for (int r = first; r < b.rows(); ++r) {
    for (int c = 0; c < b.cols(); ++c) {
      if (!solved_cell(b, r, c)) return false;
    }
  }
  return true;
}
bool row_solved_right_of(const Board& b, int r, int j) {
  for (int c = j + 1; c < b.cols(); ++c) {
    if (!solved_cell(b, r, c)) return false;
  }
  return true;
}
std::string invariant_failure(const Board& b, const PhaseStep& step) {
  const int blank = b.blank();
  const int cols = b.cols();
  auto blank_on = [&](int r, int c) { return blank == r * cols + c; };
  switch (step.kind) {
    case PhaseKind::kLowerRow:
      if (!blank_on(step.row, step.col)) return "lower-row: blank not on its cell";
      if (!row_solved_right_of(b, step.row, step.col)) return "lower-row: the row's right part is not solved";
      if (!rows_solved_from(b, step.row + 1)) return "lower-row: a lower row is not solved";
      return {};
    case PhaseKind::kRow1:
      if (!blank_on(1, step.col)) return "row-1: blank not on (1, j)";
      if (!row_solved_right_of(b, 0, step.col) || !row_solved_right_of(b, 1, step.col)) {
        return "row-1: the top rows' right part is not solved";
      }
      if (!rows_solved_from(b, 2)) return "row-1: the lower rows are not solved";
      return {};
    case PhaseKind::kRow0:
      if (!blank_on(0, step.col)) return "row-0: blank not on (0, j)";
      if (!row_solved_right_of(b, 0, step.col) || !row_solved_right_of(b, 1, step.col - 1)) {
        return "row-0: the top rows' right part is not solved";
      }
      if (!rows_solved_from(b, 2)) return "row-0: the lower rows are not solved";
      return {};
    case PhaseKind::kDone: return rows_solved_from(b, 0) ? "" : "done, but the board is not solved";
  }
  return "unknown step";
}

TEST(Phased, InvariantsHoldAtEveryStep) {
  std::mt19937_64 rng(99);
  int boards = 0;
  for (Goal goal : {Goal::kBlankLast, Goal::kBlankFirst}) {
    for (int rows = 2; rows <= 7; ++rows) {
      for (int cols = 2; cols <= 7; ++cols) {
        for (int k = 0; k < 12; ++k) {
          const Board start = random_solvable(rows, cols, goal, rng);
          Board replayed = start;
          std::uint64_t applied = 0;
          std::vector<PhaseKind> kinds;
          PhasedOptions options;
          options.goal = goal;
          options.on_step = [&](const PhaseStep& step, const MoveSequence& so_far) {
            for (; applied < so_far.size(); ++applied) {
              ASSERT_TRUE(replayed.can_move(so_far[applied]));
              replayed.move(so_far[applied]);
            }
            kinds.push_back(step.kind);
            EXPECT_EQ(invariant_failure(canonical_frame(replayed, goal), step), "")
                << size_name(rows, cols) << " " << goal_name(goal) << " at (" << step.row << ", " << step.col
                << ")";
          };
          ASSERT_EQ(solve_phased(start, options).status, Status::kSolved);
          // Every tile of the lower rows, every pair of the top rows, the 2x2, the end.
          const std::size_t expected = static_cast<std::size_t>((rows - 2) * cols + 2 * (cols - 2) + 2);
          EXPECT_EQ(kinds.size(), expected);
          EXPECT_TRUE(replayed.is_solved(goal));
          ++boards;
        }
      }
    }
  }
  EXPECT_EQ(boards, 2 * 36 * 12);
}

// Every 3x3 state of both goals: the phased length is at least the BFS
// distance, and the solution replays.
TEST(Phased, All3x3StatesAgainstBfs) {
  for (Goal goal : {Goal::kBlankLast, Goal::kBlankFirst}) {
    const std::vector<std::uint8_t> distance = bfs_distances(3, 3, goal);
    std::vector<std::uint32_t> tiles(9);
    int checked = 0;
    for (std::uint64_t rank = 0; rank < distance.size(); ++rank) {
      if (distance[rank] == kUnreached) continue;
      tiles = unrank_permutation(rank, 9);
      const Board board(3, 3, tiles);
      PhasedOptions options;
      options.goal = goal;
      const SolveResult r = solve_phased(board, options);
      ASSERT_EQ(r.status, Status::kSolved);
      ASSERT_GE(r.length, distance[rank]);
      ASSERT_LE(r.lower_bound, distance[rank]);
      ASSERT_EQ(check_solution(board, r.moves, goal), "");
      ++checked;
    }
    EXPECT_EQ(checked, 181440);
  }
}

TEST(Phased, CancellingPairsKeepsTheEffect) {
  // u d l r l u d r: "ud" and "lr" cancel, then "lu dr" closes in: nothing is left.
  MoveSequence moves{Direction::kUp, Direction::kDown, Direction::kLeft, Direction::kRight,
                     Direction::kLeft, Direction::kUp, Direction::kDown, Direction::kRight};
  EXPECT_EQ(cancel_inverse_pairs(moves), 8u);
  EXPECT_TRUE(moves.empty());
  MoveSequence kept{Direction::kUp, Direction::kLeft, Direction::kDown, Direction::kRight};
  EXPECT_EQ(cancel_inverse_pairs(kept), 0u);
  EXPECT_EQ(kept.size(), 4u);
}

// ---------------------------------------------------------------- the cycles in bulk

constexpr Direction kDirections[4] = {Direction::kUp, Direction::kDown, Direction::kLeft, Direction::kRight};

int row_step(Direction d) { return d == Direction::kUp ? -1 : d == Direction::kDown ? 1 : 0; }
int col_step(Direction d) { return d == Direction::kLeft ? -1 : d == Direction::kRight ? 1 : 0; }
bool perpendicular(Direction a, Direction b) { return (row_step(a) == 0) != (row_step(b) == 0); }

MoveSequence repeated(const std::vector<Direction>& cycle, int repetitions, bool flip) {
  MoveSequence moves;
  for (int k = 0; k < repetitions; ++k) {
    for (Direction d : cycle) moves.push_back(flip ? opposite(d) : d);
  }
  return moves;
}
MoveSequence emitted(const MoveCycle& cycle, int repetitions, bool flip) {
  MoveSequence moves;
  cycle.emit(static_cast<std::uint64_t>(repetitions), flip,
             [&](std::uint64_t packed, unsigned count) { moves.append_packed(packed, count); });
  return moves;
}

TEST(PhasedCycles, WordsEqualTheRepeatedMoves) {
  const std::vector<std::vector<Direction>> cycles = {
      {Direction::kLeft},
      {Direction::kUp, Direction::kRight, Direction::kRight, Direction::kDown, Direction::kLeft},
      {Direction::kDown, Direction::kRight, Direction::kUp, Direction::kRight, Direction::kDown, Direction::kLeft}};
  for (const auto& cycle : cycles) {
    MoveCycle words;
    if (cycle.size() == 1) words = MoveCycle{cycle[0]};
    if (cycle.size() == 5) words = straight_cycle(cycle[1], cycle[0]);
    if (cycle.size() == 6) words = diagonal_cycle(cycle[1], cycle[0]);
    ASSERT_EQ(words.period(), static_cast<int>(cycle.size()));
    for (bool flip : {false, true}) {
      for (int k = 0; k <= 200; ++k) {
        ASSERT_EQ(emitted(words, k, flip), repeated(cycle, k, flip)) << cycle.size() << " x " << k;
      }
      // Appended after a partial word, as the solver does.
      MoveSequence after{Direction::kUp, Direction::kLeft, Direction::kLeft};
      words.emit(77, flip, [&](std::uint64_t packed, unsigned count) { after.append_packed(packed, count); });
      MoveSequence expected{Direction::kUp, Direction::kLeft, Direction::kLeft};
      expected.append(repeated(cycle, 77, flip));
      EXPECT_EQ(after, expected);
    }
  }
}

// A random permutation with the blank on `blank`.
Board random_board_with_blank(int rows, int cols, int blank, std::mt19937_64& rng) {
  std::vector<std::uint32_t> tiles(static_cast<std::size_t>(rows * cols));
  for (std::size_t i = 0; i < tiles.size(); ++i) tiles[i] = static_cast<std::uint32_t>(i);
  std::shuffle(tiles.begin(), tiles.end(), rng);
  std::swap(*std::find(tiles.begin(), tiles.end(), 0u), tiles[static_cast<std::size_t>(blank)]);
  return Board(rows, cols, std::move(tiles));
}

// The bulk board against the cycle played move by move on a Board: the same
// tiles, and every tile that moved reported once with its final cell.
void expect_same_board(const Board& start, const Board& played, const std::vector<std::uint32_t>& bulk,
                       const std::map<std::uint32_t, std::uint32_t>& reported, int reports, const std::string& what) {
  ASSERT_EQ(bulk, played.tiles()) << what;
  int moved = 0;
  for (int p = 0; p < start.cells(); ++p) {
    const std::uint32_t tile = start.at(p);
    if (tile == 0 || played.at(p) == tile) continue;
    ++moved;
    ASSERT_TRUE(reported.count(tile)) << what << ": tile " << tile << " moved unreported";
    EXPECT_EQ(played.at(static_cast<int>(reported.at(tile))), tile) << what;
  }
  EXPECT_EQ(reports, moved) << what;
}

TEST(PhasedCycles, StraightStretchEqualsItsCyclesOneAtATime) {
  std::mt19937_64 rng(31);
  int checked = 0;
  for (auto [rows, cols] : {std::pair{2, 3}, {3, 2}, {2, 9}, {9, 2}, {4, 5}, {6, 6}, {3, 12}}) {
    for (int trial = 0, here = 0; here < 60 && trial < 100000; ++trial) {
      const Direction e = kDirections[rng() % 4];
      Direction s = kDirections[rng() % 4];
      if (!perpendicular(e, s)) continue;
      const int k = 1 + static_cast<int>(rng() % static_cast<unsigned>(std::max(rows, cols) - 1));
      // t - e + m e and t - e + s + m e for m = 0 .. k + 1 on the board.
      const int tr = static_cast<int>(rng() % rows);
      const int tc = static_cast<int>(rng() % cols);
      bool inside = true;
      for (int m = -1; m <= k; ++m) {
        for (int side = 0; side <= 1; ++side) {
          const int r = tr + m * row_step(e) + side * row_step(s);
          const int c = tc + m * col_step(e) + side * col_step(s);
          inside = inside && r >= 0 && r < rows && c >= 0 && c < cols;
        }
      }
      if (!inside) continue;
      const int t = tr * cols + tc;
      const Board start = random_board_with_blank(rows, cols, t - row_step(e) * cols - col_step(e), rng);
      Board played = start;
      for (int cycle = 0; cycle < k; ++cycle) {
        for (Direction d : {s, e, e, opposite(s), opposite(e)}) {
          ASSERT_TRUE(played.can_move(d));
          played.move(d);
        }
      }
      std::vector<std::uint32_t> bulk = start.tiles();
      std::map<std::uint32_t, std::uint32_t> reported;
      int reports = 0;
      straight_stretch(bulk.data(), t, row_step(e) * cols + col_step(e), row_step(s) * cols + col_step(s), k,
                       [&](std::uint32_t tile, std::uint32_t cell) {
                         reported[tile] = cell;
                         ++reports;
                       });
      const std::string what = size_name(rows, cols) + " t " + std::to_string(t) + " e " +
                               std::to_string(static_cast<int>(e)) + " s " + std::to_string(static_cast<int>(s)) +
                               " k " + std::to_string(k);
      expect_same_board(start, played, bulk, reported, reports, what);
      EXPECT_EQ(emitted(straight_cycle(e, s), k, false), repeated({s, e, e, opposite(s), opposite(e)}, k, false));
      ++checked;
      ++here;
    }
  }
  EXPECT_EQ(checked, 7 * 60);
}

TEST(PhasedCycles, DiagonalStretchEqualsItsCyclesOneAtATime) {
  std::mt19937_64 rng(37);
  int checked = 0;
  for (auto [rows, cols] : {std::pair{2, 3}, {3, 2}, {3, 3}, {4, 7}, {7, 4}, {8, 8}}) {
    for (int trial = 0, here = 0; here < 60 && trial < 100000; ++trial) {
      const Direction e1 = kDirections[rng() % 4];
      const Direction e2 = kDirections[rng() % 4];
      if (!perpendicular(e1, e2)) continue;
      const int cycles = 1 + static_cast<int>(rng() % static_cast<unsigned>(std::min(rows, cols) - 1));
      const int tr = static_cast<int>(rng() % rows);
      const int tc = static_cast<int>(rng() % cols);
      // x - e1, x - e1 + e2, x and x + e1 for x = t + m (e1 + e2), m < cycles,
      // and x - e1 and x for m = cycles, on the board.
      bool inside = true;
      for (int m = 0; m <= cycles; ++m) {
        const int xr = tr + m * (row_step(e1) + row_step(e2));
        const int xc = tc + m * (col_step(e1) + col_step(e2));
        for (auto [a, b] : {std::pair{-1, 0}, {0, 0}, {-1, 1}, {1, 0}}) {
          if (m == cycles && (b != 0 || a > 0)) continue;  // only x - e1 and x
          const int r = xr + a * row_step(e1) + b * row_step(e2);
          const int c = xc + a * col_step(e1) + b * col_step(e2);
          inside = inside && r >= 0 && r < rows && c >= 0 && c < cols;
        }
      }
      if (!inside) continue;
      const int t = tr * cols + tc;
      const Board start = random_board_with_blank(rows, cols, t - row_step(e1) * cols - col_step(e1), rng);
      Board played = start;
      const std::vector<Direction> cycle = {e2, e1, opposite(e2), e1, e2, opposite(e1)};
      for (int m = 0; m < cycles; ++m) {
        for (Direction d : cycle) {
          ASSERT_TRUE(played.can_move(d));
          played.move(d);
        }
      }
      std::vector<std::uint32_t> bulk = start.tiles();
      std::map<std::uint32_t, std::uint32_t> reported;
      int reports = 0;
      diagonal_stretch(bulk.data(), t, row_step(e1) * cols + col_step(e1), row_step(e2) * cols + col_step(e2),
                       cycles, [&](std::uint32_t tile, std::uint32_t cell) {
                         reported[tile] = cell;
                         ++reports;
                       });
      const std::string what = size_name(rows, cols) + " t " + std::to_string(t) + " e1 " +
                               std::to_string(static_cast<int>(e1)) + " e2 " + std::to_string(static_cast<int>(e2)) +
                               " cycles " + std::to_string(cycles);
      expect_same_board(start, played, bulk, reported, reports, what);
      EXPECT_EQ(emitted(diagonal_cycle(e1, e2), cycles, true), repeated(cycle, cycles, true));
      ++checked;
      ++here;
    }
  }
  EXPECT_EQ(checked, 6 * 60);
}

// FreeRegion::free_run (O(1)) against walking the line cell by cell.
TEST(PhasedCycles, FreeRunEqualsWalkingTheLine) {
  std::mt19937_64 rng(41);
  for (int trial = 0; trial < 20000; ++trial) {
    const int rows = 2 + static_cast<int>(rng() % 8);
    const int cols = 2 + static_cast<int>(rng() % 8);
    FreeRegion region;
    region.last_row = static_cast<int>(rng() % rows);
    region.upper_limit = static_cast<int>(rng() % cols);
    region.last_limit = static_cast<int>(rng() % (region.upper_limit + 2)) - 1;  // -1 .. upper_limit
    const int r = static_cast<int>(rng() % (rows + 2)) - 1;
    const int c = static_cast<int>(rng() % (cols + 2)) - 1;
    const int dr = static_cast<int>(rng() % 3) - 1;
    const int dc = static_cast<int>(rng() % 3) - 1;
    const int n = static_cast<int>(rng() % 12);
    int walked = 0;
    while (walked < n && region.contains(r + walked * dr, c + walked * dc)) ++walked;
    int blocked = 0;
    while (blocked < n && !region.contains(r + blocked * dr, c + blocked * dc)) ++blocked;
    ASSERT_EQ(region.blocked_run(r, c, dr, dc, n), blocked);
    ASSERT_EQ(region.free_run(r, c, dr, dc, n), walked)
        << "region " << region.last_row << " " << region.upper_limit << " " << region.last_limit << " from " << r
        << "," << c << " step " << dr << "," << dc << " n " << n;
  }
}

// Through the engine: any size, no 64-cell limit, the phased label.
TEST(Phased, ThroughTheEngine) {
  std::mt19937_64 rng(5);
  SolveRequest request;
  request.algorithm = Algorithm::kPhased;
  for (Goal goal : {Goal::kBlankLast, Goal::kBlankFirst}) {
    request.goal = goal;
    const Board board = random_solvable(30, 20, goal, rng);
    const SolveReport report = solve_checked(board, request);
    EXPECT_EQ(report.result.status, Status::kSolved) << report.explanation;
    EXPECT_EQ(report.heuristic, "manhattan");
    const Board small = random_solvable(4, 4, goal, rng);
    const SolveReport small_report = solve_checked(small, request);
    EXPECT_EQ(small_report.result.status, Status::kSolved);
    EXPECT_EQ(small_report.heuristic, "linear-conflict");
    EXPECT_EQ(solve_checked(unsolvable_for(small), request).result.status, Status::kUnsolvable);
  }
}

}  // namespace
}  // namespace npuzzle
