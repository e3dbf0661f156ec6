#include "search/shorten.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <vector>

#include "core/moves.h"

namespace npuzzle {
namespace {

constexpr int kMaxBoxCells = 16;
constexpr int kMaxWindow = 40;

// IDA* inside a box of at most kMaxBoxCells cells: from `start` (local tile
// ids 0..cells-1, the blank's id is `blank_id`) to `goal`, with fewer than
// `limit` moves. Tiles are local ids; goal_cell[id] is where id must end.
class BoxSearch {
 public:
  BoxSearch(int rows, int cols, const std::array<std::uint8_t, kMaxBoxCells>& start,
            const std::array<std::uint8_t, kMaxBoxCells>& goal, std::uint8_t blank_id, std::uint64_t max_nodes)
      : rows_(rows), cols_(cols), state_(start), blank_id_(blank_id), max_nodes_(max_nodes) {
    for (int p = 0; p < rows * cols; ++p) goal_cell_[goal[static_cast<std::size_t>(p)]] = static_cast<std::uint8_t>(p);
    for (int p = 0; p < rows * cols; ++p) {
      if (state_[static_cast<std::size_t>(p)] == blank_id_) blank_ = p;
    }
  }

  // True with path_ set when a path of fewer than `limit` moves exists and
  // was found within the node budget.
  bool search(int limit) {
    int h = 0;
    for (int p = 0; p < rows_ * cols_; ++p) h += distance(state_[static_cast<std::size_t>(p)], p);
    for (int bound = h; bound < limit; bound += 2) {
      depth_ = 0;
      if (dfs(0, h, bound, -1)) return true;
      if (nodes_ > max_nodes_) return false;
    }
    return false;
  }
  const std::array<Direction, kMaxWindow>& path() const { return path_; }
  int length() const { return depth_; }

 private:
  int distance(std::uint8_t id, int p) const {
    if (id == blank_id_) return 0;
    const int g = goal_cell_[id];
    return std::abs(g / cols_ - p / cols_) + std::abs(g % cols_ - p % cols_);
  }
  bool dfs(int g, int h, int bound, int previous) {
    if (h == 0) {
      depth_ = g;
      return true;
    }
    if (g + h > bound || ++nodes_ > max_nodes_) return false;
    const int r = blank_ / cols_;
    const int c = blank_ % cols_;
    for (Direction d : {Direction::kUp, Direction::kLeft, Direction::kRight, Direction::kDown}) {
      if (previous >= 0 && d == opposite(static_cast<Direction>(previous))) continue;
      int next;
      switch (d) {
        case Direction::kUp: if (r == 0) continue; next = blank_ - cols_; break;
        case Direction::kDown: if (r == rows_ - 1) continue; next = blank_ + cols_; break;
        case Direction::kLeft: if (c == 0) continue; next = blank_ - 1; break;
        default: if (c == cols_ - 1) continue; next = blank_ + 1; break;
      }
      const std::uint8_t tile = state_[static_cast<std::size_t>(next)];
      const int new_h = h - distance(tile, next) + distance(tile, blank_);
      const int from = blank_;
      state_[static_cast<std::size_t>(from)] = tile;
      state_[static_cast<std::size_t>(next)] = blank_id_;
      blank_ = next;
      path_[static_cast<std::size_t>(g)] = d;
      const bool found = dfs(g + 1, new_h, bound, static_cast<int>(d));
      blank_ = from;
      state_[static_cast<std::size_t>(next)] = tile;
      state_[static_cast<std::size_t>(from)] = blank_id_;
      if (found) return true;
      if (nodes_ > max_nodes_) return false;
    }
    return false;
  }

  const int rows_;
  const int cols_;
  std::array<std::uint8_t, kMaxBoxCells> state_;
  std::array<std::uint8_t, kMaxBoxCells> goal_cell_{};
  const std::uint8_t blank_id_;
  int blank_ = 0;
  std::uint64_t nodes_ = 0;
  const std::uint64_t max_nodes_;
  int depth_ = 0;
  std::array<Direction, kMaxWindow> path_{};
};

int row_step(Direction d) { return d == Direction::kUp ? -1 : d == Direction::kDown ? 1 : 0; }
int col_step(Direction d) { return d == Direction::kLeft ? -1 : d == Direction::kRight ? 1 : 0; }

}  // namespace

std::uint64_t shorten_by_windows(const Board& start, MoveSequence& moves, const ShortenOptions& options,
                                 ShortenStats* stats) {
  ShortenStats local;
  ShortenStats& s = stats ? *stats : local;
  const int window = std::clamp(options.window, 2, kMaxWindow);
  const int max_cells = std::clamp(options.max_cells, 2, kMaxBoxCells);
  const std::uint64_t before = moves.size();
  const int cols = start.cols();
  std::vector<std::uint32_t> tiles = start.tiles();  // the board before moves[i]
  int blank = start.blank();
  auto apply = [&](Direction d) {
    const int next = blank + row_step(d) * cols + col_step(d);
    tiles[static_cast<std::size_t>(blank)] = tiles[static_cast<std::size_t>(next)];
    tiles[static_cast<std::size_t>(next)] = 0;
    blank = next;
  };
  MoveSequence out;
  out.reserve(moves.size());
  const std::uint64_t n = moves.size();
  std::uint64_t i = 0;
  while (i < n) {
    const std::uint64_t end = std::min<std::uint64_t>(n, i + static_cast<std::uint64_t>(window));
    // The window's box: the blank's cells while it plays.
    int r0 = blank / cols, r1 = r0, c0 = blank % cols, c1 = c0;
    int r = r0, c = c0;
    bool small = end - i == static_cast<std::uint64_t>(window);
    for (std::uint64_t k = i; k < end && small; ++k) {
      r += row_step(moves[k]);
      c += col_step(moves[k]);
      r0 = std::min(r0, r), r1 = std::max(r1, r), c0 = std::min(c0, c), c1 = std::max(c1, c);
      small = (r1 - r0 + 1) * (c1 - c0 + 1) <= max_cells;
    }
    bool replaced = false;
    if (small) {
      ++s.windows;
      const int box_rows = r1 - r0 + 1;
      const int box_cols = c1 - c0 + 1;
      // Local ids: a tile's index in the box at the window's start.
      std::array<std::uint8_t, kMaxBoxCells> from{};
      std::array<std::uint8_t, kMaxBoxCells> to{};
      std::uint8_t blank_id = 0;
      int local_blank = 0;
      for (int p = 0; p < box_rows * box_cols; ++p) {
        from[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(p);
        const int cell = (r0 + p / box_cols) * cols + c0 + p % box_cols;
        if (cell == blank) blank_id = static_cast<std::uint8_t>(p), local_blank = p;
      }
      to = from;
      for (std::uint64_t k = i; k < end; ++k) {
        const Direction d = moves[k];
        const int next = local_blank + row_step(d) * box_cols + col_step(d);
        to[static_cast<std::size_t>(local_blank)] = to[static_cast<std::size_t>(next)];
        to[static_cast<std::size_t>(next)] = blank_id;
        local_blank = next;
      }
      BoxSearch search(box_rows, box_cols, from, to, blank_id, options.max_nodes);
      if (search.search(window)) {
        replaced = true;
        ++s.replaced;
        for (int k = 0; k < search.length(); ++k) {
          const Direction d = search.path()[static_cast<std::size_t>(k)];
          out.push_back(d);
          apply(d);
        }
        i = end;
      }
    }
    if (!replaced) {
      const std::uint64_t step = std::min<std::uint64_t>(n - i, static_cast<std::uint64_t>(std::max(1, window / 2)));
      for (std::uint64_t k = i; k < i + step; ++k) {
        out.push_back(moves[k]);
        apply(moves[k]);
      }
      i += step;
    }
  }
  cancel_inverse_pairs(out);
  moves = std::move(out);
  s.removed += before - moves.size();
  return before - moves.size();
}

}  // namespace npuzzle
