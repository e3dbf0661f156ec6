// Incremental linear conflict for the search kernels: the row and column
// codes of one board (tile_tables.h explains the encoding), updated in place
// across a move and restored on undo.
//
//   LinearConflict<4> lc;
//   int h = manhattan + lc.init(tables, board);
//   LinearConflict<4>::Step step;
//   h += lc.prepare(step, cols, cells, tile, from, to, vertical);   // before the move
//   step.apply(); ... step.undo();                                  // with the move
//
// A* expands nodes in any order, so it keeps no codes: of_board() and
// change() compute from a packed board alone.
#pragma once

#include <cstdint>

#include "heuristics/tile_tables.h"

namespace npuzzle {

template <int kMaxSide>
class LinearConflict {
 public:
  // The codes a move changes, with their old and new values.
  struct Step {
    std::uint32_t* cross = nullptr;  // the lines the tile leaves and enters
    std::uint32_t* along = nullptr;  // the line it moves along
    int from = 0, to = 0, line = 0;
    std::uint32_t new_from = 0, new_to = 0, new_along = 0;
    std::uint32_t old_from = 0, old_to = 0, old_along = 0;

    [[gnu::always_inline]] void apply() {
      old_from = cross[from];
      old_to = cross[to];
      old_along = along[line];
      cross[from] = new_from;
      cross[to] = new_to;
      along[line] = new_along;
    }
    [[gnu::always_inline]] void undo() {
      cross[from] = old_from;
      cross[to] = old_to;
      along[line] = old_along;
    }
  };

  // Sets the codes from `board` and returns its whole conflict term.
  // Precondition: t.has_conflict_tables, and rows, cols <= kMaxSide.
  template <class Storage>
  int init(const TileTables& t, const Storage& board) {
    // The hot tables' addresses, one indirection away instead of two.
    row_digit_ = t.row_digit.data();
    col_digit_ = t.col_digit.data();
    lc_row_ = t.lc_row.data();
    lc_col_ = t.lc_col.data();
    for (int r = 0; r < t.rows; ++r) row_[r] = 0;
    for (int c = 0; c < t.cols; ++c) col_[c] = 0;
    for (int pos = 0; pos < t.cells; ++pos) {
      const int tile = board.at(pos);
      row_[pos / t.cols] += t.row_digit[tile * t.cells + pos];
      col_[pos % t.cols] += t.col_digit[tile * t.cells + pos];
    }
    int conflicts = 0;
    for (int r = 0; r < t.rows; ++r) conflicts += t.lc_row[row_[r]];
    for (int c = 0; c < t.cols; ++c) conflicts += t.lc_col[col_[c]];
    return conflicts;
  }

  // For `tile` moving from cell `from` onto the blank at `to`: fills `step`
  // and returns the change of the conflict term. A vertical move changes the
  // conflicts of the two rows the tile leaves and enters; in its column only
  // the tile's place in the code changes, not the order, so not the conflict.
  // Horizontal moves are the same with rows and columns exchanged. `cols`
  // and `cells` are passed in so that static kernels fold them.
  // Precondition: init() was called.
  [[gnu::always_inline]] int prepare(Step& step, int cols, int cells, int tile, int from, int to, bool vertical) {
    const std::uint8_t* table;
    const std::uint32_t* cross_digit;
    const std::uint32_t* along_digit;
    if (vertical) {
      step.cross = row_;
      step.along = col_;
      step.from = from / cols;
      step.to = to / cols;
      step.line = to % cols;
      table = lc_row_;
      cross_digit = row_digit_;
      along_digit = col_digit_;
    } else {
      step.cross = col_;
      step.along = row_;
      step.from = from % cols;
      step.to = to % cols;
      step.line = to / cols;
      table = lc_col_;
      cross_digit = col_digit_;
      along_digit = row_digit_;
    }
    step.new_from = step.cross[step.from] - cross_digit[tile * cells + from];
    step.new_to = step.cross[step.to] + cross_digit[tile * cells + to];
    step.new_along = step.along[step.line] - along_digit[tile * cells + from] + along_digit[tile * cells + to];
    return table[step.new_from] + table[step.new_to] - table[step.cross[step.from]] - table[step.cross[step.to]];
  }

  // The whole conflict term of `board`, with no per-search state.
  // Precondition: t.has_conflict_tables.
  template <class Storage>
  static int of_board(const TileTables& t, const Storage& board) {
    int conflicts = 0;
    for (int r = 0; r < t.rows; ++r) conflicts += t.lc_row[row_code(t, board, r)];
    for (int c = 0; c < t.cols; ++c) conflicts += t.lc_col[col_code(t, board, c)];
    return conflicts;
  }

  // prepare()'s change of the conflict term, with no per-search state: only
  // the two lines the move crosses change, and their codes after the move
  // follow from those before it by one digit each, so only `parent` (the
  // board before the move) is read, two lines of it.
  // Precondition: t.has_conflict_tables.
  template <class Storage>
  static int change(const TileTables& t, const Storage& parent, int tile, int from, int to, bool vertical) {
    const int n = t.cells;
    if (vertical) {
      const std::uint32_t old_from = row_code(t, parent, from / t.cols);
      const std::uint32_t old_to = row_code(t, parent, to / t.cols);
      const std::uint32_t new_from = old_from - t.row_digit[tile * n + from];
      const std::uint32_t new_to = old_to + t.row_digit[tile * n + to];
      return t.lc_row[new_from] + t.lc_row[new_to] - t.lc_row[old_from] - t.lc_row[old_to];
    }
    const std::uint32_t old_from = col_code(t, parent, from % t.cols);
    const std::uint32_t old_to = col_code(t, parent, to % t.cols);
    const std::uint32_t new_from = old_from - t.col_digit[tile * n + from];
    const std::uint32_t new_to = old_to + t.col_digit[tile * n + to];
    return t.lc_col[new_from] + t.lc_col[new_to] - t.lc_col[old_from] - t.lc_col[old_to];
  }

 private:
  template <class Storage>
  static std::uint32_t row_code(const TileTables& t, const Storage& board, int row) {
    std::uint32_t code = 0;
    for (int pos = row * t.cols; pos < (row + 1) * t.cols; ++pos) code += t.row_digit[board.at(pos) * t.cells + pos];
    return code;
  }
  template <class Storage>
  static std::uint32_t col_code(const TileTables& t, const Storage& board, int col) {
    std::uint32_t code = 0;
    for (int pos = col; pos < t.cells; pos += t.cols) code += t.col_digit[board.at(pos) * t.cells + pos];
    return code;
  }

  std::uint32_t row_[kMaxSide] = {};
  std::uint32_t col_[kMaxSide] = {};
  const std::uint32_t* row_digit_ = nullptr;
  const std::uint32_t* col_digit_ = nullptr;
  const std::uint8_t* lc_row_ = nullptr;
  const std::uint8_t* lc_col_ = nullptr;
};

}  // namespace npuzzle
