#include "heuristics/pdb/pattern.h"

#include "heuristics/pdb/zero_aware.h"

#include <cassert>
#include <stdexcept>

namespace npuzzle::pdb {

PlacementRanker::PlacementRanker(int cells, int k) : cells_(cells), k_(k) {
  assert(k >= 1 && k < cells && cells <= kMaxPdbCells);
  std::uint64_t w = 1;
  for (int i = k - 1; i >= 0; --i) {
    weight_[static_cast<std::size_t>(i)] = w;
    w *= static_cast<std::uint64_t>(cells - i);
  }
  count_ = w;
}

void PlacementRanker::unrank(std::uint64_t r, std::uint8_t* out) const {
  assert(r < count_);
  std::uint32_t occupied = 0;
  for (int i = 0; i < k_; ++i) {
    const std::uint64_t w = weight_[static_cast<std::size_t>(i)];
    const auto d = static_cast<int>(r / w);
    r -= static_cast<std::uint64_t>(d) * w;
    const int cell = select_free_cell(occupied, d);
    out[i] = static_cast<std::uint8_t>(cell);
    occupied |= std::uint32_t{1} << cell;
  }
}

Pattern::Pattern(int rows, int cols, Goal goal, std::vector<int> tiles, bool zero_aware)
    : rows_(rows), cols_(cols), goal_(goal), tiles_(std::move(tiles)) {
  if (rows < 2 || cols < 2 || rows * cols > kMaxPdbCells) {
    throw std::invalid_argument("pattern databases need a board of 2x2 up to " + std::to_string(kMaxPdbCells) +
                                " cells, not " + size_name(rows, cols));
  }
  const int n = rows * cols;
  if (tiles_.empty()) throw std::invalid_argument("a pattern needs at least one tile");
  std::uint32_t seen = 0;
  for (int t : tiles_) {
    if (t < 1 || t >= n) {
      throw std::invalid_argument("tile " + std::to_string(t) + " is not a tile of a " + size_name(rows, cols) +
                                  " board (1.." + std::to_string(n - 1) + ")");
    }
    if (seen & (std::uint32_t{1} << t)) throw std::invalid_argument("tile " + std::to_string(t) + " appears twice");
    seen |= std::uint32_t{1} << t;
  }
  if (static_cast<int>(tiles_.size()) > n - 1) throw std::invalid_argument("a pattern has at most N-1 tiles");
  ranker_ = PlacementRanker(n, static_cast<int>(tiles_.size()));
  if (zero_aware) zero_aware_index_ = ZeroAwareIndex::shared(rows, cols, static_cast<int>(tiles_.size()));
}

std::uint64_t Pattern::entries() const { return zero_aware_index_ ? zero_aware_index_->size() : placements(); }

void Pattern::goal_placement(std::uint8_t* out) const {
  for (std::size_t i = 0; i < tiles_.size(); ++i) {
    out[i] = static_cast<std::uint8_t>(goal_position(tiles_[i], cells(), goal_));
  }
}

void Pattern::project(const Board& board, std::uint8_t* out) const {
  assert(board.rows() == rows_ && board.cols() == cols_);
  std::array<std::uint8_t, kMaxPdbCells> where{};
  for (int pos = 0; pos < board.cells(); ++pos) where[board.at(pos)] = static_cast<std::uint8_t>(pos);
  for (std::size_t i = 0; i < tiles_.size(); ++i) out[i] = where[static_cast<std::size_t>(tiles_[i])];
}

std::string Pattern::tile_list() const {
  std::string s;
  for (int t : tiles_) {
    if (!s.empty()) s += ',';
    s += std::to_string(t);
  }
  return s;
}

std::string Pattern::describe() const {
  return size_name(rows_, cols_) + " " + std::string(goal_name(goal_)) + " tiles " + tile_list() + (zero_aware() ? " zero-aware" : "");
}

}  // namespace npuzzle::pdb
