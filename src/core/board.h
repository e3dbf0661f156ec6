// Board, goal conventions and moves: the vocabulary every other module uses.
//
// A Board is the general, any-size representation (up to kMaxCells cells):
// `tiles[pos]` is the tile on cell `pos` in row-major order, 0 is the blank.
// The search kernels use compact packed copies of it (packed_board.h); this
// class is for I/O, validation, replay and the O(N) checks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace npuzzle {

// Boards larger than this are rejected while parsing, before any allocation
// proportional to the claimed size: 2^24 cells, a 4096 x 4096 board. Cell
// indices, tiles and board products fit in int and uint32 with room to spare
// (2^24 < 2^31), so the int-typed interfaces below stay exact.
inline constexpr std::int64_t kMaxCells = std::int64_t{1} << 24;

enum class Goal : std::uint8_t {
  kBlankLast,   // 1 2 ... N-1 0 (Princeton, most games); the default
  kBlankFirst,  // 0 1 2 ... N-1 (Korf's instances)
};

std::string_view goal_name(Goal goal);
std::optional<Goal> parse_goal(std::string_view name);

// The cell a tile occupies in the goal, and the tile the goal has on a cell.
constexpr int goal_position(int tile, int cells, Goal goal) {
  if (goal == Goal::kBlankFirst) return tile;
  return tile == 0 ? cells - 1 : tile - 1;
}
constexpr int goal_tile(int pos, int cells, Goal goal) {
  if (goal == Goal::kBlankFirst) return pos;
  return pos == cells - 1 ? 0 : pos + 1;
}

// The direction in which the blank moves. The moved tile slides the opposite way.
enum class Direction : std::uint8_t { kUp = 0, kDown = 1, kLeft = 2, kRight = 3 };
constexpr Direction opposite(Direction d) {
  return static_cast<Direction>(static_cast<int>(d) ^ 1);
}

class Board;
class MoveSequence;
std::string apply_moves(Board& board, const MoveSequence& moves);

class Board {
 public:
  Board() = default;
  // Precondition: tiles is a permutation of 0..rows*cols-1 (see validate()).
  Board(int rows, int cols, std::vector<std::uint32_t> tiles);

  static Board solved(int rows, int cols, Goal goal);

  // Empty when `tiles` is a permutation of 0..rows*cols-1 on a board of at
  // least 2x2 and at most kMaxCells cells; otherwise a message saying what is wrong.
  static std::string validate(int rows, int cols, const std::vector<std::uint32_t>& tiles);

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int cells() const { return rows_ * cols_; }
  int blank() const { return blank_; }
  std::uint32_t at(int pos) const { return tiles_[pos]; }
  std::uint32_t at(int row, int col) const { return tiles_[row * cols_ + col]; }
  const std::vector<std::uint32_t>& tiles() const { return tiles_; }

  bool is_solved(Goal goal) const;
  bool can_move(Direction d) const;
  // Moves the blank one cell; precondition: can_move(d).
  void move(Direction d);
  // The cell the blank would move to; precondition: can_move(d).
  int neighbour(Direction d) const;

  bool operator==(const Board&) const = default;

 private:
  // Replays a word of moves at a time on tiles_ directly (core/replay.h).
  friend std::string apply_moves(Board& board, const MoveSequence& moves);

  int rows_ = 0;
  int cols_ = 0;
  int blank_ = 0;
  std::vector<std::uint32_t> tiles_;
};

// "RxC" for a person; "3x3".
std::string size_name(int rows, int cols);

}  // namespace npuzzle
