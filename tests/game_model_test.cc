// The game's rules without widgets (gui/game_model.h). Expected boards are
// written out by hand from the rules (a click slides every tile between it
// and the blank one cell toward the blank); solvability of new games is
// checked against exhaustive BFS reachability (tools/bfs.h) on small boards
// and the textbook inversion rule on larger ones, not against the
// solvability code the model uses.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <random>

#include "core/ranking.h"
#include "gui/game_model.h"
#include "test_support.h"
#include "tools/bfs.h"

namespace npuzzle {
// Boards print as their tiles in failure messages.
void PrintTo(const Board& board, std::ostream* out) {
  *out << size_name(board.rows(), board.cols()) << ":";
  for (std::uint32_t t : board.tiles()) *out << " " << t;
}
}  // namespace npuzzle

namespace npuzzle::gui {
namespace {

using testing::board_of;

// A 4x4 game on `text` (blank-last goal).
GameModel game_on(const std::string& text, int rows = 4, int cols = 4, Goal goal = Goal::kBlankLast) {
  GameModel game(1);
  const std::string error = game.load(board_of(rows, cols, text), goal);
  EXPECT_EQ(error, "");
  return game;
}

// The blank in the middle: row 1, column 1.
constexpr const char* kMiddle =
    " 1  2  3  4 "
    " 5  0  6  7 "
    " 8  9 10 11 "
    "12 13 14 15";

TEST(GameModel, ClickSlidesOneTileTowardTheBlankInEachDirection) {
  struct Case {
    int row, col;
    Direction tile_direction;
    const char* after;
  };
  const Case cases[] = {
      {1, 2, Direction::kLeft, " 1 2 3 4   5 6 0 7   8 9 10 11  12 13 14 15"},
      {1, 0, Direction::kRight, " 1 2 3 4   0 5 6 7   8 9 10 11  12 13 14 15"},
      {0, 1, Direction::kDown, " 1 0 3 4   5 2 6 7   8 9 10 11  12 13 14 15"},
      {2, 1, Direction::kUp, " 1 2 3 4   5 9 6 7   8 0 10 11  12 13 14 15"},
  };
  for (const Case& c : cases) {
    GameModel game = game_on(kMiddle);
    const auto slide = game.click(c.row, c.col);
    ASSERT_TRUE(slide) << c.row << "," << c.col;
    EXPECT_EQ(slide->tile_direction, c.tile_direction);
    EXPECT_EQ(slide->tiles.size(), 1u);
    EXPECT_EQ(game.board(), board_of(4, 4, c.after)) << c.row << "," << c.col;
    EXPECT_EQ(game.tile_moves(), 1);
    EXPECT_EQ(game.clicks(), 1);
  }
}

TEST(GameModel, ClickSlidesEveryTileBetweenItAndTheBlankInEachDirection) {
  struct Case {
    int row, col;
    Direction tile_direction;
    std::vector<std::uint32_t> moved;  // nearest the blank first
    const char* after;
  };
  const Case cases[] = {
      {1, 3, Direction::kLeft, {6, 7}, " 1 2 3 4   5 6 7 0   8 9 10 11  12 13 14 15"},
      {3, 1, Direction::kUp, {9, 13}, " 1 2 3 4   5 9 6 7   8 13 10 11  12 0 14 15"},
  };
  for (const Case& c : cases) {
    GameModel game = game_on(kMiddle);
    const auto slide = game.click(c.row, c.col);
    ASSERT_TRUE(slide);
    EXPECT_EQ(slide->tile_direction, c.tile_direction);
    EXPECT_EQ(slide->tiles, c.moved);
    EXPECT_EQ(game.board(), board_of(4, 4, c.after));
    EXPECT_EQ(game.tile_moves(), 2);
    EXPECT_EQ(game.clicks(), 1);
  }
  // Right and down over three tiles: the blank in the bottom-right corner
  // (four moves from the goal).
  GameModel game = game_on(" 1 2 3 4  5 6 7 8  9 10 15 11  13 14 12 0");
  auto slide = game.click(3, 0);
  ASSERT_TRUE(slide);
  EXPECT_EQ(slide->tile_direction, Direction::kRight);
  EXPECT_EQ(slide->tiles, (std::vector<std::uint32_t>{12, 14, 13}));
  EXPECT_EQ(game.board(), board_of(4, 4, " 1 2 3 4  5 6 7 8  9 10 15 11  0 13 14 12"));
  slide = game.click(0, 0);
  ASSERT_TRUE(slide);
  EXPECT_EQ(slide->tile_direction, Direction::kDown);
  EXPECT_EQ(slide->tiles, (std::vector<std::uint32_t>{9, 5, 1}));
  EXPECT_EQ(game.board(), board_of(4, 4, " 0 2 3 4  1 6 7 8  5 10 15 11  9 13 14 12"));
  EXPECT_EQ(game.tile_moves(), 6);
  EXPECT_EQ(game.clicks(), 2);
}

TEST(GameModel, KeysSlideTheTileBesideTheBlankTheKeysWay) {
  // Tatham's convention: the key names the direction the tile moves.
  GameModel game = game_on(kMiddle);
  ASSERT_TRUE(game.slide_tile(Direction::kLeft));  // tile 6, right of the blank, moves left
  EXPECT_EQ(game.board(), board_of(4, 4, " 1 2 3 4  5 6 0 7  8 9 10 11  12 13 14 15"));
  ASSERT_TRUE(game.slide_tile(Direction::kUp));  // tile 10, below the blank, moves up
  EXPECT_EQ(game.board(), board_of(4, 4, " 1 2 3 4  5 6 10 7  8 9 0 11  12 13 14 15"));
  ASSERT_TRUE(game.slide_tile(Direction::kRight));  // tile 9, left of the blank, moves right
  ASSERT_TRUE(game.slide_tile(Direction::kDown));   // tile 6, above the blank, moves down
  EXPECT_EQ(game.board(), board_of(4, 4, " 1 2 3 4  5 0 10 7  8 6 9 11  12 13 14 15"));
  EXPECT_EQ(game.tile_moves(), 4);
  EXPECT_EQ(game.clicks(), 4);

  // On the bottom row no tile is below the blank to move up.
  GameModel edge = game_on(" 1 2 3 4  5 6 7 8  9 10 11 12  13 14 0 15");
  EXPECT_FALSE(edge.slide_tile(Direction::kUp));
  EXPECT_EQ(edge.tile_moves(), 0);
  EXPECT_TRUE(edge.slide_tile(Direction::kDown));  // 11 moves down
  EXPECT_EQ(edge.board(), board_of(4, 4, " 1 2 3 4  5 6 7 8  9 10 0 12  13 14 11 15"));
}

TEST(GameModel, IgnoredClicksChangeNothing) {
  GameModel game = game_on(kMiddle);
  const Board before = game.board();
  const std::pair<int, int> ignored[] = {
      {1, 1},                              // the blank
      {0, 0}, {2, 2}, {3, 3}, {0, 3},      // off the blank's row and column
      {-1, 1}, {4, 1}, {1, -1}, {1, 4},    // outside the grid, in line with the blank
      {-1, -1}, {100, 100}};
  for (auto [row, col] : ignored) {
    EXPECT_FALSE(game.click(row, col)) << row << "," << col;
  }
  EXPECT_EQ(game.board(), before);
  EXPECT_EQ(game.tile_moves(), 0);
  EXPECT_EQ(game.clicks(), 0);
  EXPECT_FALSE(game.can_undo());
}

TEST(GameModel, InputIsIgnoredDuringAnAnimation) {
  GameModel game = game_on(kMiddle);
  game.set_animating(true);
  EXPECT_FALSE(game.click(1, 2));
  EXPECT_FALSE(game.slide_tile(Direction::kLeft));
  EXPECT_FALSE(game.play_solver_move(Direction::kRight));
  EXPECT_FALSE(game.undo());
  EXPECT_EQ(game.board(), board_of(4, 4, kMiddle));
  game.set_animating(false);
  EXPECT_TRUE(game.click(1, 2));
}

TEST(GameModel, WinningMoveWinsAndLaterClicksAreIgnoredUntilANewGame) {
  GameModel game = game_on(" 1 2 3 4  5 6 7 8  9 10 11 12  13 0 14 15");
  EXPECT_FALSE(game.won());
  EXPECT_EQ(game.elapsed_seconds(), 0.0);
  ASSERT_TRUE(game.click(3, 3));  // 14 and 15 slide left
  EXPECT_TRUE(game.won());
  EXPECT_FALSE(game.assisted());
  EXPECT_EQ(game.tile_moves(), 2);
  EXPECT_EQ(game.clicks(), 1);
  const double at_win = game.elapsed_seconds();
  EXPECT_EQ(game.elapsed_seconds(GameModel::Clock::now() + std::chrono::hours(1)), at_win);  // the clock stopped
  // Every input is ignored once won, though the blank has neighbours.
  EXPECT_FALSE(game.click(3, 0));
  EXPECT_FALSE(game.click(0, 3));
  EXPECT_FALSE(game.slide_tile(Direction::kRight));
  EXPECT_FALSE(game.play_solver_move(Direction::kUp));
  EXPECT_EQ(game.tile_moves(), 2);
  EXPECT_EQ(game.clicks(), 1);
  EXPECT_TRUE(game.board().is_solved(Goal::kBlankLast));
  game.new_game(4, 4);
  EXPECT_FALSE(game.won());
  EXPECT_EQ(game.tile_moves(), 0);
  EXPECT_TRUE(game.click(game.board().blank() / 4, (game.board().blank() % 4 + 1) % 4));
}

TEST(GameModel, BlankFirstGoalWins) {
  GameModel game = game_on("1 0 2  3 4 5  6 7 8", 3, 3, Goal::kBlankFirst);
  ASSERT_TRUE(game.click(0, 0));
  EXPECT_TRUE(game.won());
}

TEST(GameModel, SolverMovesCountAndMarkTheGameAssisted) {
  GameModel game = game_on(" 1 2 3 4  5 6 7 8  9 10 11 12  13 0 14 15");
  ASSERT_TRUE(game.play_solver_move(Direction::kRight));
  EXPECT_FALSE(game.play_solver_move(Direction::kDown));  // off the board
  ASSERT_TRUE(game.play_solver_move(Direction::kRight));
  EXPECT_TRUE(game.won());
  EXPECT_TRUE(game.assisted());
  EXPECT_EQ(game.tile_moves(), 2);
  EXPECT_EQ(game.clicks(), 2);
}

TEST(GameModel, UndoAndRedoRetraceClicksAndCounts) {
  GameModel game = game_on(kMiddle);
  const Board start = game.board();
  EXPECT_FALSE(game.can_undo());
  EXPECT_FALSE(game.undo());
  ASSERT_TRUE(game.click(1, 3));  // 2 tiles
  const Board after_first = game.board();
  ASSERT_TRUE(game.click(3, 3));  // 2 tiles
  const Board after_second = game.board();
  EXPECT_EQ(game.tile_moves(), 4);

  auto slide = game.undo();
  ASSERT_TRUE(slide);
  EXPECT_EQ(slide->tiles.size(), 2u);  // one undo takes back the whole click
  EXPECT_EQ(game.board(), after_first);
  EXPECT_EQ(game.tile_moves(), 2);
  EXPECT_EQ(game.clicks(), 1);
  ASSERT_TRUE(game.undo());
  EXPECT_EQ(game.board(), start);
  EXPECT_EQ(game.tile_moves(), 0);
  EXPECT_EQ(game.clicks(), 0);
  EXPECT_FALSE(game.can_undo());

  ASSERT_TRUE(game.redo());
  ASSERT_TRUE(game.redo());
  EXPECT_EQ(game.board(), after_second);
  EXPECT_EQ(game.tile_moves(), 4);
  EXPECT_EQ(game.clicks(), 2);
  EXPECT_FALSE(game.can_redo());

  // A new move after an undo drops what could have been redone.
  ASSERT_TRUE(game.undo());
  ASSERT_TRUE(game.click(2, 3));
  EXPECT_FALSE(game.can_redo());
  EXPECT_FALSE(game.redo());
}

TEST(GameModel, UndoingTheWinningMoveResumesTheGame) {
  GameModel game = game_on(" 1 2 3 4  5 6 7 8  9 10 11 12  13 14 0 15");
  ASSERT_TRUE(game.click(3, 3));
  ASSERT_TRUE(game.won());
  ASSERT_TRUE(game.undo());
  EXPECT_FALSE(game.won());
  EXPECT_TRUE(game.click(3, 3));
  EXPECT_TRUE(game.won());
}

// Solvable by the textbook rule: N odd width: inversions even; even width:
// inversions + the blank's row from the bottom (1-based) odd. For the
// blank-last goal.
bool textbook_solvable(const Board& b) {
  std::int64_t inversions = 0;
  for (int i = 0; i < b.cells(); ++i) {
    for (int j = i + 1; j < b.cells(); ++j) {
      if (b.at(i) != 0 && b.at(j) != 0 && b.at(i) > b.at(j)) ++inversions;
    }
  }
  if (b.cols() % 2 == 1) return inversions % 2 == 0;
  const int row_from_bottom = b.rows() - b.blank() / b.cols();
  return (inversions + row_from_bottom) % 2 == 1;
}

TEST(RandomSolvableBoard, EveryNewGameIsReachableFromTheGoal) {
  // Ground truth: exhaustive BFS from each goal on 3x3 and 2x4 (both widths' parities).
  for (auto [rows, cols] : {std::pair{3, 3}, std::pair{2, 4}}) {
    for (Goal goal : {Goal::kBlankLast, Goal::kBlankFirst}) {
      const std::vector<std::uint8_t> distance = bfs_distances(rows, cols, goal);
      std::mt19937_64 rng(7);
      for (int i = 0; i < 3000; ++i) {
        const Board b = random_solvable_board(rows, cols, goal, rng);
        const std::uint8_t d = distance[rank_permutation(b.tiles())];
        ASSERT_NE(d, kUnreached) << size_name(rows, cols) << " " << goal_name(goal) << " draw " << i;
        ASSERT_GT(d, 0) << "the goal itself is never a new game";
      }
    }
  }
}

TEST(RandomSolvableBoard, LargerBoardsFollowTheTextbookRuleOverManySeeds) {
  for (auto [rows, cols] : {std::pair{4, 4}, std::pair{5, 5}, std::pair{3, 4}, std::pair{4, 6}, std::pair{8, 8}}) {
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
      std::mt19937_64 rng(seed);
      const Board b = random_solvable_board(rows, cols, Goal::kBlankLast, rng);
      ASSERT_TRUE(textbook_solvable(b)) << size_name(rows, cols) << " seed " << seed;
    }
  }
  // And the game's own new games, seed by seed.
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    GameModel game(seed);
    ASSERT_TRUE(textbook_solvable(game.board())) << "seed " << seed;
    game.new_game(3, 5);
    ASSERT_TRUE(textbook_solvable(game.board())) << "seed " << seed;
  }
}

TEST(RandomSolvableBoard, IsUniformOverTheSolvableBoards) {
  // 2x3: 360 solvable boards, 359 without the goal. 100 draws each on
  // average; a board drawn twice as often (the mistake a biased parity fix
  // makes) or never lands far outside [55, 145] (4.5 standard deviations).
  const std::vector<std::uint8_t> distance = bfs_distances(2, 3, Goal::kBlankLast);
  std::map<std::uint64_t, int> count;
  std::mt19937_64 rng(11);
  for (int i = 0; i < 359 * 100; ++i) ++count[rank_permutation(random_solvable_board(2, 3, Goal::kBlankLast, rng).tiles())];
  int reachable = 0;
  for (std::uint8_t d : distance) reachable += d != kUnreached && d > 0;
  EXPECT_EQ(static_cast<int>(count.size()), reachable);
  for (auto [rank, n] : count) {
    EXPECT_GE(n, 55) << rank;
    EXPECT_LE(n, 145) << rank;
  }
}

TEST(GameModel, GoalChoiceStartsAGameForThatGoal) {
  GameModel game(3);
  game.new_game(2, 4);
  game.set_goal(Goal::kBlankFirst);
  EXPECT_EQ(game.goal(), Goal::kBlankFirst);
  EXPECT_EQ(game.rows(), 2);
  EXPECT_EQ(game.cols(), 4);
  const std::vector<std::uint8_t> distance = bfs_distances(2, 4, Goal::kBlankFirst);
  EXPECT_NE(distance[rank_permutation(game.board().tiles())], kUnreached);
}

class GameModelFile : public ::testing::Test {
 protected:
  std::string write(const std::string& text) {
    path_ = ::testing::TempDir() + "game_model_test_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".txt";
    std::ofstream(path_) << text;
    return path_;
  }
  void TearDown() override {
    if (!path_.empty()) std::remove(path_.c_str());
  }
  std::string path_;
};

TEST_F(GameModelFile, LoadsAGridPuzzle) {
  GameModel game(1);
  const std::string path = write("3\n1 2 3\n4 0 6\n7 5 8\n");
  const LoadResult loaded = game.load_file(path);
  EXPECT_EQ(loaded.error, "");
  EXPECT_EQ(game.board(), board_of(3, 3, "1 2 3 4 0 6 7 5 8"));
  EXPECT_EQ(game.goal(), Goal::kBlankLast);
  EXPECT_EQ(game.tile_moves(), 0);
}

TEST_F(GameModelFile, BadFilesSayFileAndLine) {
  GameModel game(1);
  const Board before = game.board();
  const std::string path = write("# a comment\n3\n1 2 3\n4 4 6\n7 5 8\n");
  const LoadResult loaded = game.load_file(path);
  EXPECT_EQ(loaded.error.rfind(path + ":2: ", 0), 0u) << loaded.error;
  EXPECT_NE(loaded.error.find("duplicate tile 4"), std::string::npos) << loaded.error;
  EXPECT_EQ(game.board(), before);

  EXPECT_EQ(game.load_file(write("# nothing\n")).error, path_ + ": no puzzles");
  EXPECT_NE(game.load_file(::testing::TempDir() + "no/such/file").error, "");
}

TEST_F(GameModelFile, TheFilesGoalCommentChoosesTheGoal) {
  GameModel game(1);
  // Korf's first instance: blank-first, unsolvable for blank-last on this even width.
  const LoadResult loaded =
      game.load_file(write("# goal: blank-first\n1 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n2 1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n"));
  EXPECT_EQ(loaded.error, "");
  EXPECT_EQ(game.goal(), Goal::kBlankFirst);
  EXPECT_NE(loaded.notice.find("2 puzzles"), std::string::npos) << loaded.notice;
}

TEST_F(GameModelFile, AnUndeclaredGoalFollowsTheBoard) {
  GameModel game(1);
  ASSERT_EQ(game.goal(), Goal::kBlankLast);
  const LoadResult loaded = game.load_file(write("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n"));
  EXPECT_EQ(loaded.error, "");
  EXPECT_EQ(game.goal(), Goal::kBlankFirst);
  EXPECT_NE(loaded.notice.find("blank-first"), std::string::npos);
  // 3x3 with two tiles swapped: unsolvable for both goals (odd width).
  const LoadResult bad = game.load_file(write("3\n2 1 3\n4 5 6\n7 8 0\n"));
  EXPECT_NE(bad.error.find(":1: the puzzle is unsolvable"), std::string::npos) << bad.error;
  EXPECT_EQ(game.rows(), 4);
}

}  // namespace
}  // namespace npuzzle::gui
