// The game's rules, without widgets: what a click or a key does to the
// board, the counts, the win, undo and redo, new games and loading files.
// The window (game_window.h) draws this model and feeds it input; the tests
// drive it directly (tests/game_model_test.cc).
//
// Vocabulary. The board's Direction is the BLANK's direction (core/board.h).
// A slide moves one or more tiles one cell each toward the blank, all in the
// same direction, the opposite of the blank's: a click on a tile k cells
// from the blank in its row or column slides k tiles, counts k tile moves
// and one click, and is one step of undo. Keys slide the single tile next to
// the blank in the key's direction (Tatham's "Fifteen": the arrow is the
// direction the tile moves).
//
// Input is ignored (nothing changes, nullopt is returned) for a click
// outside the grid, on the blank, or off the blank's row and column; while
// the view animates (set_animating); and once the game is won, until a new
// game or a load. Undo and Redo are not board input: they work after a win
// too (an undone win is no longer won) but not while animating.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/board.h"

namespace npuzzle::gui {

// The largest boards the window plays: a loaded file may hold up to a
// million cells, which no one can click through.
inline constexpr int kMaxPlayableSide = 32;

// What one accepted input did, for the view's animation.
struct Slide {
  std::vector<std::uint32_t> tiles;  // the tiles that moved, nearest the (old) blank first
  Direction tile_direction{};        // where they moved: the blank moved the opposite way
};

// A board drawn uniformly at random among the boards solvable for `goal`,
// the goal itself excepted: a uniform shuffle of all the cells, and when the
// result is unsolvable, the tiles on its first two non-blank cells swapped.
// The swap flips the permutation's parity and keeps the blank, so it pairs
// every unsolvable board with exactly one solvable one: each solvable board
// is then drawn with probability 2/N!. Precondition: rows, cols >= 2.
Board random_solvable_board(int rows, int cols, Goal goal, std::mt19937_64& rng);

struct LoadResult {
  std::string error;   // "FILE:LINE: what" (nothing was loaded), else empty
  std::string notice;  // for the status line (the goal switched, other puzzles skipped), else empty
};

class GameModel {
 public:
  using Clock = std::chrono::steady_clock;

  // A random 4x4 game for the blank-last goal; `seed` fixes the shuffles.
  explicit GameModel(std::uint64_t seed = std::random_device{}());

  // A fresh random game of this size (for the current goal).
  void new_game(int rows, int cols);
  // A new random game of the same size for `goal`.
  void set_goal(Goal goal);
  // Plays `board` for `goal`. Returns an error (and changes nothing) when the
  // board is unsolvable for `goal` or too large to play.
  std::string load(const Board& board, Goal goal);
  // Reads the first puzzle of a file in any of docs/contract.md's formats
  // (io/reader.h). Its goal is the file's `# goal:` comment, else the
  // current goal, else the other one when only that one solves it.
  LoadResult load_file(const std::string& path);

  const Board& board() const { return board_; }
  Goal goal() const { return goal_; }
  int rows() const { return board_.rows(); }
  int cols() const { return board_.cols(); }

  // Tiles moved and clicks (accepted inputs) since the game started; undo
  // takes them back, redo gives them again.
  std::int64_t tile_moves() const { return tile_moves_; }
  std::int64_t clicks() const { return clicks_; }
  bool won() const { return won_; }
  // True once a solver move was played in this game (the win is then assisted).
  bool assisted() const { return assisted_; }
  // Seconds from the first move to now, or to the win; 0 before the first move.
  double elapsed_seconds(Clock::time_point now = Clock::now()) const;

  // A click on cell (row, col); coordinates outside the grid are ignored.
  std::optional<Slide> click(int row, int col);
  // A key: slides the tile next to the blank in `tile_direction`, if there is one.
  std::optional<Slide> slide_tile(Direction tile_direction);
  // One move of a solver's solution (a blank direction), counted like a
  // one-tile click and marking the game assisted. Ignored like a click.
  std::optional<Slide> play_solver_move(Direction blank_direction);

  bool can_undo() const { return !animating_ && !done_.empty(); }
  bool can_redo() const { return !animating_ && !undone_.empty(); }
  std::optional<Slide> undo();
  std::optional<Slide> redo();

  // The view holds input while it animates a slide.
  void set_animating(bool animating) { animating_ = animating; }
  bool animating() const { return animating_; }

 private:
  // One undo step: the blank moved `tiles` cells in `blank_direction`.
  struct Step {
    Direction blank_direction;
    int tiles;
    bool by_solver;
  };
  bool accepts_input() const { return !animating_ && !won_; }
  Slide move_blank(Direction blank_direction, int cells);
  void apply(const Step& step);
  void start(const Board& board, Goal goal);

  std::mt19937_64 rng_;
  Board board_;
  Goal goal_ = Goal::kBlankLast;
  std::vector<Step> done_;
  std::vector<Step> undone_;
  std::int64_t tile_moves_ = 0;
  std::int64_t clicks_ = 0;
  bool won_ = false;
  bool assisted_ = false;
  bool animating_ = false;
  std::optional<Clock::time_point> started_;
  std::optional<Clock::time_point> finished_;
};

}  // namespace npuzzle::gui
