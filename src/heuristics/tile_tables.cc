#include "heuristics/tile_tables.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <map>
#include <mutex>
#include <tuple>

namespace npuzzle {

int line_conflict(const int* goal_index, int length) {
  // Patience sorting: tails[k] is the smallest tail of an increasing
  // subsequence of length k + 1 seen so far.
  std::vector<int> tails;
  int participants = 0;
  for (int i = 0; i < length; ++i) {
    if (goal_index[i] < 0) continue;
    ++participants;
    auto it = std::lower_bound(tails.begin(), tails.end(), goal_index[i]);
    if (it == tails.end()) {
      tails.push_back(goal_index[i]);
    } else {
      *it = goal_index[i];
    }
  }
  return 2 * (participants - static_cast<int>(tails.size()));
}

namespace {

std::vector<std::uint8_t> build_conflict_table(int length) {
  std::size_t size = 1;
  for (int i = 0; i < length; ++i) size *= static_cast<std::size_t>(length + 1);
  std::vector<std::uint8_t> table(size);
  std::vector<int> line(length);
  for (std::size_t code = 0; code < size; ++code) {
    std::size_t rest = code;
    for (int i = 0; i < length; ++i) {
      line[i] = static_cast<int>(rest % (length + 1)) - 1;
      rest /= (length + 1);
    }
    table[code] = static_cast<std::uint8_t>(line_conflict(line.data(), length));
  }
  return table;
}

std::shared_ptr<const TileTables> build(int rows, int cols, Goal goal) {
  auto t = std::make_shared<TileTables>();
  t->rows = rows;
  t->cols = cols;
  t->cells = rows * cols;
  t->goal = goal;
  const int n = t->cells;

  t->moves = move_lists(rows, cols);

  t->manhattan.assign(static_cast<std::size_t>(n) * n, 0);
  t->hamming.assign(static_cast<std::size_t>(n) * n, 0);
  for (int tile = 1; tile < n; ++tile) {
    const int home = goal_position(tile, n, goal);
    for (int pos = 0; pos < n; ++pos) {
      t->manhattan[tile * n + pos] = static_cast<std::uint8_t>(
          std::abs(pos / cols - home / cols) + std::abs(pos % cols - home % cols));
      t->hamming[tile * n + pos] = pos == home ? 0 : 1;
    }
  }
  t->manhattan_delta.assign(static_cast<std::size_t>(n) * n * n, 0);
  t->hamming_delta.assign(static_cast<std::size_t>(n) * n * n, 0);
  for (int tile = 1; tile < n; ++tile) {
    for (int from = 0; from < n; ++from) {
      for (int to = 0; to < n; ++to) {
        const std::size_t i = (static_cast<std::size_t>(tile) * n + from) * n + to;
        t->manhattan_delta[i] = static_cast<std::int8_t>(t->manhattan[tile * n + to] - t->manhattan[tile * n + from]);
        t->hamming_delta[i] = static_cast<std::int8_t>(t->hamming[tile * n + to] - t->hamming[tile * n + from]);
      }
    }
  }

  if (rows <= kMaxConflictLine && cols <= kMaxConflictLine) {
    t->has_conflict_tables = true;
    t->row_digit.assign(static_cast<std::size_t>(n) * n, 0);
    t->col_digit.assign(static_cast<std::size_t>(n) * n, 0);
    for (int tile = 1; tile < n; ++tile) {
      const int home = goal_position(tile, n, goal);
      for (int pos = 0; pos < n; ++pos) {
        const int row = pos / cols;
        const int col = pos % cols;
        if (home / cols == row) {  // the tile belongs to this row
          std::uint32_t place = 1;
          for (int i = 0; i < col; ++i) place *= static_cast<std::uint32_t>(cols + 1);
          t->row_digit[tile * n + pos] = static_cast<std::uint32_t>(home % cols + 1) * place;
        }
        if (home % cols == col) {  // the tile belongs to this column
          std::uint32_t place = 1;
          for (int i = 0; i < row; ++i) place *= static_cast<std::uint32_t>(rows + 1);
          t->col_digit[tile * n + pos] = static_cast<std::uint32_t>(home / cols + 1) * place;
        }
      }
    }
    t->lc_row = build_conflict_table(cols);
    t->lc_col = rows == cols ? t->lc_row : build_conflict_table(rows);
  }
  return t;
}

}  // namespace

std::shared_ptr<const TileTables> tables_for(int rows, int cols, Goal goal) {
  assert(rows * cols <= kMaxSearchCells);
  // A batch asks once per puzzle, nearly always for the same tables: the
  // last answer per thread skips the lock.
  thread_local std::shared_ptr<const TileTables> last;
  if (last && last->rows == rows && last->cols == cols && last->goal == goal) return last;
  static std::mutex mutex;
  static std::map<std::tuple<int, int, Goal>, std::shared_ptr<const TileTables>> cache;
  std::lock_guard lock(mutex);
  auto& slot = cache[{rows, cols, goal}];
  if (!slot) slot = build(rows, cols, goal);
  last = slot;
  return slot;
}

}  // namespace npuzzle
