#include "core/replay.h"

#include <algorithm>
#include <array>
#include <vector>

#include "core/notation.h"

namespace npuzzle {
namespace {

// What the four moves of one byte of a packed MoveSequence word do to the
// blank: its row and column after each move, relative to where it started,
// and the least and greatest row and column offsets they reach.
struct FourMoves {
  std::array<int, 4> dr{};
  std::array<int, 4> dc{};
  int min_r = 0;
  int max_r = 0;
  int min_c = 0;
  int max_c = 0;
};

constexpr std::array<FourMoves, 256> kFourMoves = [] {
  std::array<FourMoves, 256> table{};
  for (unsigned byte = 0; byte < 256; ++byte) {
    FourMoves& f = table[byte];
    int r = 0;
    int c = 0;
    for (unsigned m = 0; m < 4; ++m) {
      switch (static_cast<Direction>((byte >> (2 * m)) & 3u)) {
        case Direction::kUp: --r; break;
        case Direction::kDown: ++r; break;
        case Direction::kLeft: --c; break;
        case Direction::kRight: ++c; break;
      }
      f.dr[m] = r;
      f.dc[m] = c;
      f.min_r = std::min(f.min_r, r);
      f.max_r = std::max(f.max_r, r);
      f.min_c = std::min(f.min_c, c);
      f.max_c = std::max(f.max_c, c);
    }
  }
  return table;
}();

}  // namespace

std::string apply_moves(Board& board, const MoveSequence& moves) {
  // The blank's cell is written once, at the end: each move copies the
  // neighbour's tile onto the blank's cell and moves on. Whole words go a
  // byte (four moves) at a time: the four copies at cell offsets from a
  // table (no branch per move), after one bounds check on the blank's row
  // and column for the word (when the blank is 32 cells from every edge) or
  // else for the byte. A byte that would leave the board, and the last
  // partial word, go a move at a time, which names the move that leaves.
  std::vector<std::uint32_t>& tiles = board.tiles_;
  const int rows = board.rows_;
  const int cols = board.cols_;
  int blank = board.blank_;
  int row = blank / cols;
  int col = blank % cols;
  // by_byte[byte][m]: the blank's cell after move m of the byte, relative.
  alignas(16) std::array<std::array<int, 4>, 256> by_byte;
  for (std::size_t byte = 0; byte < 256; ++byte) {
    for (std::size_t m = 0; m < 4; ++m) by_byte[byte][m] = kFourMoves[byte].dr[m] * cols + kFourMoves[byte].dc[m];
  }
  std::uint32_t* cells = tiles.data();
  // Four moves, the blank's row and column not updated.
  auto four_moves = [&](std::size_t byte) {
    const std::array<int, 4>& offset = by_byte[byte];
    std::uint32_t* at = cells + blank;
    at[0] = at[offset[0]];
    at[offset[0]] = at[offset[1]];
    at[offset[1]] = at[offset[2]];
    at[offset[2]] = at[offset[3]];
    blank += offset[3];
  };
  std::string error;
  auto single_move = [&](Direction d, std::uint64_t number) {
    int next;
    bool inside;
    switch (d) {
      case Direction::kUp: inside = row > 0, next = blank - cols, row -= inside; break;
      case Direction::kDown: inside = row < rows - 1, next = blank + cols, row += inside; break;
      case Direction::kLeft: inside = col > 0, next = blank - 1, col -= inside; break;
      default: inside = col < cols - 1, next = blank + 1, col += inside; break;
    }
    if (!inside) {
      error = "move " + std::to_string(number) + " ('" + std::string(1, move_letter(d, Notation::kBlank)) +
              "') takes the blank off the board";
      return false;
    }
    tiles[static_cast<std::size_t>(blank)] = tiles[static_cast<std::size_t>(next)];
    blank = next;
    return true;
  };
  const std::uint64_t size = moves.size();
  const std::vector<std::uint64_t>& words = moves.words();
  const std::uint64_t full_words = size / MoveSequence::kMovesPerWord;
  const int far = static_cast<int>(MoveSequence::kMovesPerWord);  // no word takes the blank farther
  for (std::uint64_t w = 0; w < full_words && error.empty(); ++w) {
    std::uint64_t word = words[w];
    if (row >= far && row < rows - far && col >= far && col < cols - far) {
      for (unsigned b = 0; b < 8; ++b, word >>= 8) four_moves(static_cast<std::size_t>(word & 255u));
      row = blank / cols;  // once a word, off the moves' own dependency chain
      col = blank - row * cols;
      continue;
    }
    for (unsigned b = 0; b < 8; ++b, word >>= 8) {
      const auto byte = static_cast<std::size_t>(word & 255u);
      const FourMoves& f = kFourMoves[byte];
      if (row + f.min_r >= 0 && row + f.max_r < rows && col + f.min_c >= 0 && col + f.max_c < cols) {
        four_moves(byte);
        row += f.dr[3];
        col += f.dc[3];
        continue;
      }
      const std::uint64_t first = w * MoveSequence::kMovesPerWord + 4 * b;
      bool inside = true;
      for (unsigned m = 0; m < 4 && inside; ++m) {
        inside = single_move(static_cast<Direction>((byte >> (2 * m)) & 3u), first + m + 1);
      }
      if (!inside) break;
    }
  }
  if (error.empty() && full_words < words.size()) {
    std::uint64_t word = words[full_words];
    for (std::uint64_t i = full_words * MoveSequence::kMovesPerWord; i < size; ++i, word >>= 2) {
      if (!single_move(static_cast<Direction>(word & 3u), i + 1)) break;
    }
  }
  tiles[static_cast<std::size_t>(blank)] = 0;
  board.blank_ = blank;
  return error;
}

std::string check_solution(const Board& start, const MoveSequence& moves, Goal goal) {
  Board board = start;
  if (std::string error = apply_moves(board, moves); !error.empty()) return error;
  if (!board.is_solved(goal)) {
    return "the " + std::to_string(moves.size()) + " moves end on a board that is not the " +
           std::string(goal_name(goal)) + " goal";
  }
  return {};
}

}  // namespace npuzzle
