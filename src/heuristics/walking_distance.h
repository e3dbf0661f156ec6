// Walking distance (WD, Ken'ichiro Takahashi): an admissible, consistent
// heuristic from two small abstractions of the board, one per direction.
//
// 1. The vertical abstraction forgets everything about a board but, for
//    each row r and each goal row g, how many tiles of goal row g are in row
//    r (an R x R count matrix; the blank is not counted), and the row the
//    blank is in. The horizontal abstraction is the same with columns.
// 2. A vertical move of the board slides a tile from a row next to the
//    blank's into the blank's row, and the blank the other way: in the
//    vertical abstraction it moves one count of the tile's goal row from one
//    line to the next, and the blank line with it; the horizontal
//    abstraction does not change. A horizontal move likewise.
// 3. Breadth-first search from the goal's abstract state gives every
//    abstract state's distance. WD = WD_vertical + WD_horizontal: each real
//    move is exactly one abstract move of one of the two, so WD never
//    overestimates and changes by at most one a move. Each abstract move
//    also changes one tile's row (column) by one, so WD_vertical is at least
//    the vertical Manhattan distance and has its parity: WD >= Manhattan,
//    and every move changes WD by exactly one.
// 4. An abstraction is fixed by its number of lines L, the tiles per line T
//    (the other side) and the goal's blank line; the vertical abstraction of
//    a square board is its horizontal one (both goals put the blank on the
//    same row as column: the last, or the first), so they share one table.
//    Rectangles need two. A table is shared by every board whose
//    abstraction has the same three numbers (3x4's horizontal is 4x3's vertical).
// 5. A state's code is a number in base T+1 whose digits are the counts of
//    the first L-1 lines and goal lines (the last line and goal line follow
//    from the line sums: T, T-1 for the blank's line, and the goal lines'
//    sums, T, T-1 for the goal blank's), with the blank line as the top
//    digit. It is a sum of one weight per tile and one for the blank, so a
//    board's code is one pass over its cells. The states are numbered in
//    code order; a board's state index is a binary search of the sorted
//    codes (for reset and for A*'s stateless evaluation only).
// 6. The search moves from state to state through a transition table:
//    next[state][direction][goal line of the moved tile] holds the new state
//    and its distance in one 32-bit entry, so a child's WD is one table read
//    and one add; no hashing, no search, no allocation per node.
//
// Sizes (states per direction; bytes a state: 8 for the code, 1 for the
// distance, 8L for the transitions): 4x4 24,964 (1.0 MiB in all), 3x5 / 5x3
// 352,560 + 525 (16.5 MiB), 2x6 / 6x2 367,560 + 12 (20.0 MiB), 4x5 / 5x4
// 5,977,015 + 107,712 (283.5 MiB), 5x5 65,650,495, 3x6 50,388,240, 6x6
// 2,096,380,208,796. Boards are served when their tables fit in
// kMaxWalkingDistanceBytes; see walking_distance_shape_problem().
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/board.h"
#include "heuristics/resolved.h"

namespace npuzzle {

// A side longer than this has at least 16,854,390 states in one direction
// (7 lines of 2 tiles), far more than kMaxWalkingDistanceBytes allows.
inline constexpr int kMaxWalkingDistanceSide = 6;
inline constexpr int kMaxWalkingDistanceCells = kMaxWalkingDistanceSide * kMaxWalkingDistanceSide;
// What a board's tables (both directions together) may take. 2x6's are the
// largest that fit (20.0 MiB, built in about 0.2 s); the next, 4x5's, would
// take 283.5 MiB (and 4 s).
inline constexpr std::uint64_t kMaxWalkingDistanceBytes = std::uint64_t{64} << 20;

// One direction's abstract space and its distances (steps 1-6 above).
class WalkingDistanceAbstraction {
 public:
  // A state and its distance in one word: the state's index above
  // kDistanceBits, its distance below.
  using Entry = std::uint32_t;
  static constexpr int kDistanceBits = 8;
  static constexpr std::uint32_t kMaxStates = (std::uint32_t{1} << (32 - kDistanceBits)) - 1;
  static constexpr Entry kNoEntry = 0xFFFFFFFF;  // no such move (its index part is kMaxStates, never a state)
  static constexpr std::uint32_t kNoState = 0xFFFFFFFF;
  static constexpr int state_of(Entry entry) { return static_cast<int>(entry >> kDistanceBits); }
  static constexpr int distance_of(Entry entry) { return static_cast<int>(entry & ((1u << kDistanceBits) - 1)); }

  // The direction of a move across lines, as the moved tile goes: toward the
  // lower line (up, or left) or the higher one (down, or right). A tile that
  // slides from cell `from` to cell `to` moves toward the higher line iff
  // to > from, in both directions of the board.
  static constexpr int kTowardLower = 0;
  static constexpr int kTowardHigher = 1;

  // Builds the space of `lines` lines of `tiles_per_line` cells whose goal
  // has the blank on `goal_blank_line`, by breadth-first search from the
  // goal. Throws std::length_error when the space has more than kMaxStates
  // states, a distance above 255, or codes that do not fit in 64 bits.
  // Precondition: 2 <= lines, tiles_per_line; 0 <= goal_blank_line < lines.
  WalkingDistanceAbstraction(int lines, int tiles_per_line, int goal_blank_line);

  int lines() const { return lines_; }
  int tiles_per_line() const { return tiles_per_line_; }
  int goal_blank_line() const { return goal_blank_line_; }
  std::uint32_t states() const { return static_cast<std::uint32_t>(codes_.size()); }
  std::uint32_t goal_state() const { return goal_state_; }
  int max_distance() const { return max_distance_; }
  double build_seconds() const { return build_seconds_; }
  std::uint64_t bytes() const;

  int distance(std::uint32_t state) const { return distance_[state]; }
  Entry entry(std::uint32_t state) const { return state << kDistanceBits | distance_[state]; }
  // The state after a tile of goal line `goal_line` moves in `direction`
  // onto the blank's line, or kNoEntry when the line it would come from does
  // not exist or holds no such tile.
  Entry next(std::uint32_t state, int direction, int goal_line) const {
    return next_[(static_cast<std::size_t>(state) * 2 + static_cast<std::size_t>(direction)) * lines_ +
                 static_cast<std::size_t>(goal_line)];
  }
  // The whole transition table, [(state * 2 + direction) * lines + goal line].
  const Entry* transitions() const { return next_.data(); }

  // A state's code is the sum of tile_weight(line, goal line) over its tiles
  // plus blank_weight(blank line) (step 5).
  std::uint64_t tile_weight(int line, int goal_line) const {
    return line < lines_ - 1 && goal_line < lines_ - 1 ? digit_weight_[line * (lines_ - 1) + goal_line] : 0;
  }
  std::uint64_t blank_weight(int line) const { return static_cast<std::uint64_t>(line) * blank_unit_; }
  // The state with `code`, by binary search: kNoState when none has it.
  std::uint32_t state_of_code(std::uint64_t code) const {
    const auto it = std::lower_bound(codes_.begin(), codes_.end(), code);
    return it != codes_.end() && *it == code ? static_cast<std::uint32_t>(it - codes_.begin()) : kNoState;
  }
  // The state whose count matrix is `counts` ([line * lines + goal line])
  // with the blank on `blank_line`; kNoState when that is no state of this
  // space (a line or goal line holding the wrong number of tiles).
  std::uint32_t state_of_counts(std::span<const int> counts, int blank_line) const;
  // The count matrix of `state`, [line * lines + goal line], and its blank line.
  std::pair<std::vector<int>, int> counts_of(std::uint32_t state) const;

 private:
  // How many tiles `line` holds when the blank is on `blank_line`, and how
  // many tiles have goal line `goal_line`.
  int line_sum(int line, int blank_line) const { return line == blank_line ? tiles_per_line_ - 1 : tiles_per_line_; }
  int goal_line_sum(int goal_line) const { return line_sum(goal_line, goal_blank_line_); }
  // The full count matrix of a code (the last line and goal line from the sums).
  void decode(std::uint64_t code, int* counts, int* blank_line) const;

  int lines_;
  int tiles_per_line_;
  int goal_blank_line_;
  std::vector<std::uint64_t> digit_weight_;  // [line * (lines - 1) + goal line]: (T+1)^that index
  std::uint64_t blank_unit_ = 0;             // (T+1)^((L-1)^2)
  std::vector<std::uint64_t> codes_;         // sorted; a state's index is its code's position
  std::vector<std::uint8_t> distance_;       // [state]
  std::vector<Entry> next_;                  // [(state * 2 + direction) * lines + goal line]
  std::uint32_t goal_state_ = 0;
  int max_distance_ = 0;
  double build_seconds_ = 0;
};

// Both directions' abstractions for one board shape and goal, and what maps
// a board onto them.
struct WalkingDistanceTable {
  int rows = 0;
  int cols = 0;
  int cells = 0;
  Goal goal = Goal::kBlankLast;
  // Lines are rows, and a tile's goal line its goal row.
  std::shared_ptr<const WalkingDistanceAbstraction> vertical;
  // Lines are columns, and a tile's goal line its goal column; the same
  // object as `vertical` on a square board (step 4).
  std::shared_ptr<const WalkingDistanceAbstraction> horizontal;
  // [tile]: the tile's goal row and goal column. The blank's are rows and
  // cols, one past the last goal line: the slot of the blank's weight below.
  std::array<std::uint8_t, kMaxWalkingDistanceCells> goal_row{};
  std::array<std::uint8_t, kMaxWalkingDistanceCells> goal_col{};
  // [line * (lines + 1) + goal line]: tile_weight(line, goal line), and at
  // goal line == lines the blank's weight, so a code is a sum with no branch.
  std::array<std::uint64_t, kMaxWalkingDistanceSide*(kMaxWalkingDistanceSide + 1)> vertical_weight{};
  std::array<std::uint64_t, kMaxWalkingDistanceSide*(kMaxWalkingDistanceSide + 1)> horizontal_weight{};

  // A board's abstract states, from scratch (one pass and a binary search
  // each). Storage: a Board or a packed board (core/packed_board.h) of this
  // table's shape.
  template <class Storage>
  std::uint32_t vertical_state(const Storage& board) const {
    std::uint64_t code = 0;
    for (int r = 0, pos = 0; r < rows; ++r) {
      const std::uint64_t* line = vertical_weight.data() + r * (rows + 1);
      for (int c = 0; c < cols; ++c, ++pos) code += line[goal_row[static_cast<std::size_t>(board.at(pos))]];
    }
    return vertical->state_of_code(code);
  }
  template <class Storage>
  std::uint32_t horizontal_state(const Storage& board) const {
    std::uint64_t code = 0;
    for (int r = 0, pos = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c, ++pos) {
        const std::uint64_t* line = horizontal_weight.data() + c * (cols + 1);
        code += line[goal_col[static_cast<std::size_t>(board.at(pos))]];
      }
    }
    return horizontal->state_of_code(code);
  }
  template <class Storage>
  int vertical_value(const Storage& board) const {
    return vertical->distance(vertical_state(board));
  }
  template <class Storage>
  int horizontal_value(const Storage& board) const {
    return horizontal->distance(horizontal_state(board));
  }
  // WD of `board`. Precondition: the board's shape is the table's.
  template <class Storage>
  int value(const Storage& board) const {
    return vertical_value(board) + horizontal_value(board);
  }
};

// The number of states of one abstraction of `lines` lines of
// `tiles_per_line` tiles, counted without building it: lines times the
// number of lines x lines matrices of counts with the line sums of step 5
// (every such matrix is reachable with the blank on any line; the tests
// hold this to the BFS). The same for either goal. Saturates at 2^64 - 1.
// Precondition: 2 <= lines, tiles_per_line <= 7.
std::uint64_t walking_distance_states(int lines, int tiles_per_line);

// The bytes of a board's tables (both abstractions; one for a square board).
// Precondition: 2 <= rows, cols <= 7.
std::uint64_t walking_distance_bytes(int rows, int cols);

// Empty when walking distance serves rows x cols boards (its tables fit in
// kMaxWalkingDistanceBytes); otherwise why not, for a person. The same for
// both goals.
std::string walking_distance_shape_problem(int rows, int cols);

// The tables for one shape and goal, built on first use and then shared
// (thread-safe), as are abstractions between shapes. The largest, 2x6's,
// builds in well under a second. Precondition:
// walking_distance_shape_problem(rows, cols) is empty.
std::shared_ptr<const WalkingDistanceTable> walking_distance_table_for(int rows, int cols, Goal goal);

// WD of `board` for `goal`, from scratch (builds or fetches the shared
// tables). Precondition: walking_distance_shape_problem(rows, cols) is
// empty. Defined for unsolvable boards too: the abstractions forget parity.
long long walking_distance(const Board& board, Goal goal);

// WD as a kernel heuristic: IncrementalHeuristic for IDA* (the current
// node's two states live here; child() reads one transition, descend() and
// ascend() swap a Step's states in and back out) and NodeHeuristic for A*
// (stateless: the parent's state from scratch, then one transition).
class WalkingDistanceHeuristic {
  using Abstraction = WalkingDistanceAbstraction;
  using Entry = Abstraction::Entry;

 public:
  // The child's entries; the parent's after descend() (ascend() swaps back).
  struct Step {
    Entry vertical = 0;
    Entry horizontal = 0;
  };

  // Precondition: `table` outlives the search and matches the board and goal.
  explicit WalkingDistanceHeuristic(const WalkingDistanceTable& table)
      : table_(&table),
        vertical_next_(table.vertical->transitions()),
        horizontal_next_(table.horizontal->transitions()),
        vertical_lines_(table.rows),
        horizontal_lines_(table.cols),
        goal_row_(table.goal_row),
        goal_col_(table.goal_col) {}

  int reset(const Board& board) {
    vertical_ = table_->vertical->entry(table_->vertical_state(board));
    horizontal_ = table_->horizontal->entry(table_->horizontal_state(board));
    return Abstraction::distance_of(vertical_) + Abstraction::distance_of(horizontal_);
  }

  // `tile` slides from cell `from` onto the blank at `to`: only the
  // abstraction of the move's direction changes, by one transition.
  [[gnu::always_inline]] int child(Step& step, int, int tile, int from, int to, bool vertical, int, int) {
    const int direction = to > from ? Abstraction::kTowardHigher : Abstraction::kTowardLower;
    if (vertical) {
      step.vertical = vertical_next_[(static_cast<std::size_t>(Abstraction::state_of(vertical_)) * 2 +
                                      static_cast<std::size_t>(direction)) * static_cast<std::size_t>(vertical_lines_) +
                                     goal_row_[static_cast<std::size_t>(tile)]];
      step.horizontal = horizontal_;
    } else {
      step.vertical = vertical_;
      step.horizontal =
          horizontal_next_[(static_cast<std::size_t>(Abstraction::state_of(horizontal_)) * 2 +
                            static_cast<std::size_t>(direction)) * static_cast<std::size_t>(horizontal_lines_) +
                           goal_col_[static_cast<std::size_t>(tile)]];
    }
    assert(step.vertical != Abstraction::kNoEntry && step.horizontal != Abstraction::kNoEntry);
    return Abstraction::distance_of(step.vertical) + Abstraction::distance_of(step.horizontal);
  }
  [[gnu::always_inline]] void descend(Step& step) {
    std::swap(vertical_, step.vertical);
    std::swap(horizontal_, step.horizontal);
  }
  [[gnu::always_inline]] void ascend(Step& step) {
    std::swap(vertical_, step.vertical);
    std::swap(horizontal_, step.horizontal);
  }
  [[gnu::always_inline]] void reject(Step&) {}

  // NodeHeuristic.
  template <class Storage>
  int value(const Storage& board) const {
    return table_->value(board);
  }
  // Given h == value(parent): only the moved direction's state is found
  // (from scratch) and moved by one transition.
  template <class Storage>
  int child_value(const Storage& parent, int h, int tile, int from, int to, bool vertical) const {
    const int direction = to > from ? Abstraction::kTowardHigher : Abstraction::kTowardLower;
    const Abstraction& abstraction = vertical ? *table_->vertical : *table_->horizontal;
    const std::uint32_t state = vertical ? table_->vertical_state(parent) : table_->horizontal_state(parent);
    const int goal_line = (vertical ? goal_row_ : goal_col_)[static_cast<std::size_t>(tile)];
    const Entry next = abstraction.next(state, direction, goal_line);
    assert(next != Abstraction::kNoEntry);
    return h - abstraction.distance(state) + Abstraction::distance_of(next);
  }

 private:
  const WalkingDistanceTable* table_;
  const Entry* vertical_next_;
  const Entry* horizontal_next_;
  int vertical_lines_;
  int horizontal_lines_;
  std::array<std::uint8_t, kMaxWalkingDistanceCells> goal_row_;
  std::array<std::uint8_t, kMaxWalkingDistanceCells> goal_col_;
  Entry vertical_ = 0;  // the current node's states (IDA*)
  Entry horizontal_ = 0;
};

struct TileTables;

// The row of walking distance, `wd` (heuristics/registry.h; its data is in
// walking_distance.cc; the traits are explained at TileRow in
// incremental.h). The 4x4 compile-time kernel carries it; the other
// shapes it serves (up to 16 cells) run the generic kernel.
struct WalkingDistanceRow {
  static const HeuristicRow& row();
  static constexpr int kMaxCells = 16;  // 4x4 is the largest board served (walking_distance_shape_problem)
  static constexpr bool kMachineOnly = false;
  static constexpr bool in_shape_kernel(int rows, int cols) { return rows == 4 && cols == 4; }
  template <int kRows, int kCols, class F>
  static decltype(auto) with_kernel(const ResolvedHeuristic& h, const TileTables&, F&& f) {
    return f(WalkingDistanceHeuristic(h.data_as<WalkingDistanceTable>()));
  }
};

}  // namespace npuzzle
