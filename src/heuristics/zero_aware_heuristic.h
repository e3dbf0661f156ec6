// Additive zero-aware pattern databases (pdb/zero_aware.h) in the kernels'
// PreparingHeuristic shape (IDA*) and NodeHeuristic shape (A*).
//
// Why only the moved tile's part is looked up again, as for the plain tables
// (pdb_heuristic.h): a move slides tile t from cell a to the blank's cell b.
// In t's part the placement changes and the blank lands on a. In every other
// part the placement is unchanged and the blank moves from b to a, two
// adjacent cells both free in that part: the same region, so the same entry.
//
// Differences from PdbHeuristic: the index of a zero-aware table is not the
// lexicographic rank, so there is no O(1) rank update; prepare() computes the
// moved part's index afresh (2k mask steps, zero_aware.h) on a copy of the
// part's placement with the tile moved, and prefetches the entry. The
// kernels prepare all children of a node before evaluating the first, so the
// misses overlap as before. Nothing is looked up on the way back: a Step
// keeps the parent's part value and sum, and ascend() swaps them back.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/zero_aware.h"

namespace npuzzle {

// kSide: the side of a square board known at compile time, so that
// reflected cells fold to constants; 0 reads them from a table.
template <bool kReflect, int kSide = 0>
class ZeroAwarePdbHeuristic {
  struct Change {
    const std::uint8_t* entry;
    int sum = 0;  // the child's sum; the parent's after descend()
    std::uint8_t part, index, from, to;
    std::uint8_t value = 0;  // the child's part value; the parent's after descend()
  };

 public:
  struct Step {
    Change plain;
    Change mirrored;  // used only with reflection
  };

  // Precondition: `pdb` outlives the search, matches the board and goal, is
  // zero_aware(), and pdb.reflected() == kReflect.
  explicit ZeroAwarePdbHeuristic(const pdb::AdditivePdb& pdb) : cells_(pdb.cells()), parts_count_(pdb.parts()) {
    for (int p = 0; p < pdb.parts(); ++p) {
      const pdb::PatternDb& table = pdb.part(p);
      parts_[static_cast<std::size_t>(p)] = {table.data(), table.pattern().zero_aware_index()};
    }
    for (int t = 1; t < cells_; ++t) {
      plain_.slot[static_cast<std::size_t>(t)] = pdb.slot(t);
      if constexpr (kReflect) mirrored_.slot[static_cast<std::size_t>(t)] = pdb.reflected_slot(t);
    }
    for (int c = 0; c < cells_; ++c) mirror_[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(pdb.mirror(c));
  }

  int reset(const Board& board) {
    Where where{};
    for (int pos = 0; pos < board.cells(); ++pos) where[board.at(pos)] = static_cast<std::uint8_t>(pos);
    plain_.reset(parts_, parts_count_, cells_, where);
    if constexpr (kReflect) {
      mirror_all(where);
      mirrored_.reset(parts_, parts_count_, cells_, where);
      return std::max(plain_.sum, mirrored_.sum);
    } else {
      return plain_.sum;
    }
  }

  // `tile` slides from cell `from` to the blank's cell `to`: index the
  // changed part (the blank lands on `from`) and start fetching its entry.
  template <class Storage>
  [[gnu::always_inline]] void prepare(Step& step, int tile, int from, int to, const Storage&) {
    plain_.prepare(parts_, step.plain, tile, from, to);
    if constexpr (kReflect) mirrored_.prepare(parts_, step.mirrored, tile, mirror(from), mirror(to));
  }

  [[gnu::always_inline]] int evaluate(Step& step, int room) {
    const int sum = plain_.evaluate(step.plain);
    if constexpr (kReflect) {
      if (sum > room) return sum;
      return std::max(sum, mirrored_.evaluate(step.mirrored));
    } else {
      return sum;
    }
  }

  [[gnu::always_inline]] void descend(Step& step) {
    plain_.commit(step.plain, step.plain.to);
    if constexpr (kReflect) mirrored_.commit(step.mirrored, step.mirrored.to);
  }
  [[gnu::always_inline]] void ascend(Step& step) {
    plain_.commit(step.plain, step.plain.from);
    if constexpr (kReflect) mirrored_.commit(step.mirrored, step.mirrored.from);
  }
  [[gnu::always_inline]] void reject(Step&) {}

  // NodeHeuristic: the value reset() gives, from a packed board.
  template <class Storage>
  int value(const Storage& board) const {
    Where where{};
    for (int pos = 0; pos < cells_; ++pos) where[static_cast<std::size_t>(board.at(pos))] = static_cast<std::uint8_t>(pos);
    return value_at(where);
  }
  template <class Storage>
  int child_value(const Storage& parent, int, int tile, int from, int to, bool) const {
    Where where{};
    for (int pos = 0; pos < cells_; ++pos) where[static_cast<std::size_t>(parent.at(pos))] = static_cast<std::uint8_t>(pos);
    where[static_cast<std::size_t>(tile)] = static_cast<std::uint8_t>(to);
    where[0] = static_cast<std::uint8_t>(from);
    return value_at(where);
  }

 private:
  using Where = std::array<std::uint8_t, pdb::kMaxPdbCells>;  // where[t]: the cell of tile t (t = 0: the blank)
  using Placement = std::array<std::uint8_t, pdb::kMaxPatternTiles>;

  struct Part {
    const std::uint8_t* data = nullptr;
    const pdb::ZeroAwareIndex* index = nullptr;
  };
  using Parts = std::array<Part, pdb::kMaxParts>;

  void mirror_all(Where& where) const {
    for (int t = 0; t < cells_; ++t) {
      where[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(mirror(where[static_cast<std::size_t>(t)]));
    }
  }

  int value_at(Where where) const {
    const int sum = plain_.sum_at(parts_, parts_count_, cells_, where);
    if constexpr (kReflect) {
      mirror_all(where);
      return std::max(sum, mirrored_.sum_at(parts_, parts_count_, cells_, where));
    } else {
      return sum;
    }
  }

  // One additive evaluation (the plain board, or its reflection).
  struct View {
    std::array<Placement, pdb::kMaxParts> placement{};
    std::array<std::uint8_t, pdb::kMaxParts> value{};
    int sum = 0;
    std::array<pdb::TileSlot, pdb::kMaxPdbCells> slot{};  // tile -> (part, index) in this view

    void reset(const Parts& parts, int parts_count, int cells, const Where& where) {
      for (int t = 1; t < cells; ++t) {
        const pdb::TileSlot s = slot[static_cast<std::size_t>(t)];
        placement[s.part][s.index] = where[static_cast<std::size_t>(t)];
      }
      sum = 0;
      for (std::size_t p = 0; p < static_cast<std::size_t>(parts_count); ++p) {
        value[p] = parts[p].data[parts[p].index->index(placement[p].data(), where[0])];
        sum += value[p];
      }
    }

    int sum_at(const Parts& parts, int parts_count, int cells, const Where& where) const {
      std::array<Placement, pdb::kMaxParts> at;
      for (int t = 1; t < cells; ++t) {
        const pdb::TileSlot s = slot[static_cast<std::size_t>(t)];
        at[s.part][s.index] = where[static_cast<std::size_t>(t)];
      }
      int total = 0;
      for (std::size_t p = 0; p < static_cast<std::size_t>(parts_count); ++p) {
        total += parts[p].data[parts[p].index->index(at[p].data(), where[0])];
      }
      return total;
    }

    // In this view `tile` slides from cell `from` to cell `to`, and the blank lands on `from`.
    [[gnu::always_inline]] void prepare(const Parts& parts, Change& change, int tile, int from, int to) const {
      const pdb::TileSlot s = slot[static_cast<std::size_t>(tile)];
      Placement moved = placement[s.part];
      moved[s.index] = static_cast<std::uint8_t>(to);
      const Part& part = parts[s.part];
      change.part = s.part;
      change.index = s.index;
      change.from = static_cast<std::uint8_t>(from);
      change.to = static_cast<std::uint8_t>(to);
      change.entry = part.data + part.index->index(moved.data(), from);
      __builtin_prefetch(change.entry);
    }

    [[gnu::always_inline]] int evaluate(Change& change) const {
      change.value = *change.entry;
      change.sum = sum - value[change.part] + change.value;
      return change.sum;
    }

    // Puts the moved tile on `cell` and swaps the change's value and sum with
    // the view's: descend() makes the child's current, ascend() the parent's.
    [[gnu::always_inline]] void commit(Change& change, std::uint8_t cell) {
      placement[change.part][change.index] = cell;
      std::swap(value[change.part], change.value);
      std::swap(sum, change.sum);
    }
  };

  [[gnu::always_inline]] int mirror(int cell) const {
    if constexpr (kSide > 0) {
      return pdb::mirror_cell(cell, kSide);
    } else {
      return mirror_[static_cast<std::size_t>(cell)];
    }
  }

  int cells_;
  int parts_count_;
  Parts parts_{};
  View plain_;
  View mirrored_;  // used only with reflection
  std::array<std::uint8_t, pdb::kMaxPdbCells> mirror_{};
};

}  // namespace npuzzle
