#include "gui/game_model.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <utility>

#include "core/solvability.h"
#include "io/reader.h"

namespace npuzzle::gui {

namespace {

Goal other_goal(Goal goal) { return goal == Goal::kBlankLast ? Goal::kBlankFirst : Goal::kBlankLast; }

std::string too_large(int rows, int cols) {
  return "a " + size_name(rows, cols) + " board is too large to play here (at most " +
         size_name(kMaxPlayableSide, kMaxPlayableSide) + ")";
}

}  // namespace

Board random_solvable_board(int rows, int cols, Goal goal, std::mt19937_64& rng) {
  const int cells = rows * cols;
  std::vector<std::uint32_t> tiles(static_cast<std::size_t>(cells));
  for (;;) {
    std::iota(tiles.begin(), tiles.end(), 0u);
    std::shuffle(tiles.begin(), tiles.end(), rng);
    Board board(rows, cols, tiles);
    if (!is_solvable(board, goal)) {
      std::vector<std::size_t> swap;
      for (std::size_t pos = 0; swap.size() < 2; ++pos) {
        if (tiles[pos] != 0) swap.push_back(pos);
      }
      std::swap(tiles[swap[0]], tiles[swap[1]]);
      board = Board(rows, cols, tiles);
    }
    // The goal is not a game; drawing again keeps the rest uniform.
    if (!board.is_solved(goal)) return board;
  }
}

GameModel::GameModel(std::uint64_t seed) : rng_(seed) { new_game(4, 4); }

void GameModel::start(const Board& board, Goal goal) {
  board_ = board;
  goal_ = goal;
  done_.clear();
  undone_.clear();
  tile_moves_ = 0;
  clicks_ = 0;
  won_ = board_.is_solved(goal_);
  assisted_ = false;
  animating_ = false;
  started_.reset();
  finished_.reset();
}

void GameModel::new_game(int rows, int cols) { start(random_solvable_board(rows, cols, goal_, rng_), goal_); }

void GameModel::set_goal(Goal goal) {
  goal_ = goal;
  new_game(board_.rows(), board_.cols());
}

std::string GameModel::load(const Board& board, Goal goal) {
  if (board.rows() > kMaxPlayableSide || board.cols() > kMaxPlayableSide) return too_large(board.rows(), board.cols());
  if (!is_solvable(board, goal)) return "the board is unsolvable for the " + std::string(goal_name(goal)) + " goal";
  start(board, goal);
  return {};
}

LoadResult GameModel::load_file(const std::string& path) {
  LoadResult result;
  PuzzleFile file;
  try {
    file = read_puzzle_file(path, ReadOptions{});
  } catch (const InputError& e) {
    result.error = e.what();
    return result;
  }
  if (file.puzzles.empty()) {
    result.error = path + ": no puzzles";
    return result;
  }
  const PuzzleRecord& record = file.puzzles.front();
  if (!record.board) {
    result.error = record.error;
    return result;
  }
  const std::string where = record.source + ":" + std::to_string(record.line) + ": ";
  const Board& board = *record.board;
  if (board.rows() > kMaxPlayableSide || board.cols() > kMaxPlayableSide) {
    result.error = where + too_large(board.rows(), board.cols());
    return result;
  }
  Goal goal = file.declared_goal.value_or(goal_);
  if (!is_solvable(board, goal)) {
    const Goal other = other_goal(goal);
    if (file.declared_goal || !is_solvable(board, other)) {
      result.error = where + "the puzzle is unsolvable for the " + std::string(goal_name(goal)) + " goal" +
                     (is_solvable(board, other) ? " (it is solvable for " + std::string(goal_name(other)) + ")" : "");
      return result;
    }
    result.notice = "this puzzle is solvable only for the " + std::string(goal_name(other)) + " goal, so that is the goal";
    goal = other;
  }
  if (file.puzzles.size() > 1) {
    if (!result.notice.empty()) result.notice += "; ";
    result.notice += "the file holds " + std::to_string(file.puzzles.size()) + " puzzles: this is the first";
  }
  start(board, goal);
  return result;
}

double GameModel::elapsed_seconds(Clock::time_point now) const {
  if (!started_) return 0;
  const Clock::time_point end = finished_ ? *finished_ : now;
  return std::chrono::duration<double>(end - *started_).count();
}

Slide GameModel::move_blank(Direction blank_direction, int cells) {
  Slide slide;
  slide.tile_direction = opposite(blank_direction);
  for (int i = 0; i < cells; ++i) {
    slide.tiles.push_back(board_.at(board_.neighbour(blank_direction)));
    board_.move(blank_direction);
  }
  return slide;
}

void GameModel::apply(const Step& step) {
  tile_moves_ += step.tiles;
  clicks_ += 1;
  if (step.by_solver) assisted_ = true;
  if (!started_) started_ = Clock::now();
  won_ = board_.is_solved(goal_);
  if (won_) finished_ = Clock::now();
}

std::optional<Slide> GameModel::click(int row, int col) {
  if (!accepts_input()) return std::nullopt;
  if (row < 0 || col < 0 || row >= board_.rows() || col >= board_.cols()) return std::nullopt;
  const int blank_row = board_.blank() / board_.cols();
  const int blank_col = board_.blank() % board_.cols();
  Step step{};
  if (row == blank_row && col != blank_col) {
    step.blank_direction = col < blank_col ? Direction::kLeft : Direction::kRight;
    step.tiles = std::abs(col - blank_col);
  } else if (col == blank_col && row != blank_row) {
    step.blank_direction = row < blank_row ? Direction::kUp : Direction::kDown;
    step.tiles = std::abs(row - blank_row);
  } else {
    return std::nullopt;  // the blank itself, or off its row and column
  }
  Slide slide = move_blank(step.blank_direction, step.tiles);
  undone_.clear();
  done_.push_back(step);
  apply(step);
  return slide;
}

std::optional<Slide> GameModel::slide_tile(Direction tile_direction) {
  // The tile that moves in tile_direction sits on the blank's other side.
  const Direction blank_direction = opposite(tile_direction);
  if (!accepts_input() || !board_.can_move(blank_direction)) return std::nullopt;
  const int target = board_.neighbour(blank_direction);
  return click(target / board_.cols(), target % board_.cols());
}

std::optional<Slide> GameModel::play_solver_move(Direction blank_direction) {
  if (!accepts_input() || !board_.can_move(blank_direction)) return std::nullopt;
  const Step step{blank_direction, 1, true};
  Slide slide = move_blank(blank_direction, 1);
  undone_.clear();
  done_.push_back(step);
  apply(step);
  return slide;
}

std::optional<Slide> GameModel::undo() {
  if (!can_undo()) return std::nullopt;
  const Step step = done_.back();
  done_.pop_back();
  Slide slide = move_blank(opposite(step.blank_direction), step.tiles);
  undone_.push_back(step);
  tile_moves_ -= step.tiles;
  clicks_ -= 1;
  won_ = board_.is_solved(goal_);
  if (!won_) finished_.reset();
  return slide;
}

std::optional<Slide> GameModel::redo() {
  if (!can_redo()) return std::nullopt;
  const Step step = undone_.back();
  undone_.pop_back();
  Slide slide = move_blank(step.blank_direction, step.tiles);
  done_.push_back(step);
  apply(step);
  return slide;
}

}  // namespace npuzzle::gui
