// Additive pattern databases in the kernels' PreparingHeuristic shape (for
// IDA*) and NodeHeuristic shape (for A*: value() and child_value() rank every
// part afresh from a packed board, with no per-search state).
//
// Per generated child only the part holding the moved tile gets a new rank
// and lookup (and, with reflection, the part holding that tile's mirror). The
// lookups are random reads from tables of up to half a gigabyte, so they
// dominate a node's cost; three things keep it down:
//   - prepare() ranks a child and prefetches its entries. The static kernels
//     prepare all of a node's children before evaluating the first, so the
//     (up to six) cache misses overlap instead of following one another.
//   - A move is never ranked afresh: the moved tile's part's rank is updated
//     from the part's tiles between the move's two cells (plain_rank.h).
//   - Nothing is looked up on the way back: a Step keeps the parent's rank,
//     part value and sum, and ascend() swaps them back.
// With reflection the reflected entry is read only when the plain sum does
// not already cut the child (as Korf & Felner do).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

#include "heuristics/pdb/additive.h"
#include "heuristics/plain_rank.h"
#include "heuristics/resolved.h"

namespace npuzzle {

// kSide: the side of a square board known at compile time (the static
// kernels), so that reflected cells fold to constants; 0 reads them from a table.
template <bool kReflect, int kSide = 0>
class PdbHeuristic {
  // The change one move makes to one view (plain or reflected).
  struct Change {
    const std::uint8_t* entry;
    std::uint64_t rank;  // the child's rank of the part; the parent's after descend()
    // Set by evaluate(), which skips the reflected view of a cut child; the
    // zeros only keep the compiler from warning about that never-descended case.
    int sum = 0;  // the child's sum; the parent's after descend()
    std::uint8_t part, index, from, to;
    std::uint8_t value = 0;  // the child's part value; the parent's after descend()
  };

 public:
  struct Step {
    Change plain;
    Change mirrored;  // used only with reflection
  };

  // Precondition: `pdb` outlives the search, matches the board and goal,
  // and pdb.reflected() == kReflect.
  explicit PdbHeuristic(const pdb::AdditivePdb& pdb) : cells_(pdb.cells()), parts_count_(pdb.parts()) {
    for (int p = 0; p < pdb.parts(); ++p) {
      const pdb::PatternDb& table = pdb.part(p);
      Part& part = parts_[static_cast<std::size_t>(p)];
      part.data = table.data();
      part.k = table.pattern().size();
      for (int i = 0; i < part.k; ++i) part.weight[static_cast<std::size_t>(i)] = table.pattern().ranker().weight(i);
    }
    for (int t = 1; t < cells_; ++t) {
      plain_.slot[static_cast<std::size_t>(t)] = pdb.slot(t);
      if constexpr (kReflect) mirrored_.slot[static_cast<std::size_t>(t)] = pdb.reflected_slot(t);
    }
    plain_.init_moves(parts_, cells_);
    if constexpr (kReflect) mirrored_.init_moves(parts_, cells_);
    for (int c = 0; c < cells_; ++c) mirror_[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(pdb.mirror(c));
  }

  int reset(const Board& board) {
    std::array<std::uint8_t, pdb::kMaxPdbCells> where{};
    for (int pos = 0; pos < board.cells(); ++pos) where[board.at(pos)] = static_cast<std::uint8_t>(pos);
    plain_.reset(parts_, parts_count_, cells_, where);
    if constexpr (kReflect) {
      for (int t = 1; t < cells_; ++t) {
        where[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(mirror(where[static_cast<std::size_t>(t)]));
      }
      mirrored_.reset(parts_, parts_count_, cells_, where);
      return std::max(plain_.sum, mirrored_.sum);
    } else {
      return plain_.sum;
    }
  }

  // `tile` slides from cell `from` to the blank's cell `to` of `board` (the
  // parent): rank the changed parts and start fetching their entries.
  template <class Storage>
  [[gnu::always_inline]] void prepare(Step& step, int tile, int from, int to, const Storage& board) {
    plain_.prepare(step.plain, tile, from, to, [&board](int cell) { return board.at(cell); });
    if constexpr (kReflect) {
      mirrored_.prepare(step.mirrored, tile, mirror(from), mirror(to),
                        [&](int cell) { return board.at(mirror(cell)); });
    }
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

  // NodeHeuristic: the same value as reset() gives, from a packed board.
  template <class Storage>
  int value(const Storage& board) const {
    std::array<std::uint8_t, pdb::kMaxPdbCells> where{};
    for (int pos = 0; pos < cells_; ++pos) where[static_cast<std::size_t>(board.at(pos))] = static_cast<std::uint8_t>(pos);
    return value_at(where);
  }
  // Every part is looked up again (the parent's ranks are not kept), so the
  // parent's value is not used.
  template <class Storage>
  int child_value(const Storage& parent, int, int tile, int from, int to, bool) const {
    std::array<std::uint8_t, pdb::kMaxPdbCells> where{};
    for (int pos = 0; pos < cells_; ++pos) where[static_cast<std::size_t>(parent.at(pos))] = static_cast<std::uint8_t>(pos);
    where[static_cast<std::size_t>(tile)] = static_cast<std::uint8_t>(to);
    where[0] = static_cast<std::uint8_t>(from);
    return value_at(where);
  }

 private:
  // where[t]: the cell of tile t.
  int value_at(std::array<std::uint8_t, pdb::kMaxPdbCells> where) const {
    const int sum = plain_.sum_at(parts_, parts_count_, cells_, where);
    if constexpr (kReflect) {
      for (int t = 1; t < cells_; ++t) {
        where[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(mirror(where[static_cast<std::size_t>(t)]));
      }
      return std::max(sum, mirrored_.sum_at(parts_, parts_count_, cells_, where));
    } else {
      return sum;
    }
  }

  using Placement = std::array<std::uint8_t, pdb::kMaxPatternTiles>;

  // A part's table with its ranking weights beside it (pattern.h explains the rank).
  struct Part {
    const std::uint8_t* data = nullptr;
    int k = 0;
    std::array<std::uint64_t, pdb::kMaxPatternTiles> weight{};

    std::uint64_t rank(const std::uint8_t* cells) const {
      std::uint32_t occupied = 0;
      return plain_rank(cells, k, weight.data(), occupied);
    }
  };
  using Parts = std::array<Part, pdb::kMaxParts>;

  // One additive evaluation (the plain board, or its reflection): where each
  // part's tiles are, each part's rank and value, and their sum.
  struct View {
    std::array<Placement, pdb::kMaxParts> placement{};
    std::array<std::uint64_t, pdb::kMaxParts> rank{};
    std::array<std::uint8_t, pdb::kMaxParts> value{};
    int sum = 0;
    std::array<pdb::TileSlot, pdb::kMaxPdbCells> slot{};  // tile -> (part, index) in this view
    PlainRankMoves moves;

    // where[t]: the cell of tile t in this view.
    void reset(const Parts& parts, int parts_count, int cells, const std::array<std::uint8_t, pdb::kMaxPdbCells>& where) {
      for (int t = 1; t < cells; ++t) {
        const pdb::TileSlot s = slot[static_cast<std::size_t>(t)];
        placement[s.part][s.index] = where[static_cast<std::size_t>(t)];
      }
      sum = 0;
      for (std::size_t p = 0; p < static_cast<std::size_t>(parts_count); ++p) {
        rank[p] = parts[p].rank(placement[p].data());
        value[p] = parts[p].data[rank[p]];
        sum += value[p];
      }
    }

    // The sum reset() would set for `where`, leaving the view as it is.
    int sum_at(const Parts& parts, int parts_count, int cells,
               const std::array<std::uint8_t, pdb::kMaxPdbCells>& where) const {
      std::array<Placement, pdb::kMaxParts> at;
      for (int t = 1; t < cells; ++t) {
        const pdb::TileSlot s = slot[static_cast<std::size_t>(t)];
        at[s.part][s.index] = where[static_cast<std::size_t>(t)];
      }
      int total = 0;
      for (std::size_t p = 0; p < static_cast<std::size_t>(parts_count); ++p) {
        total += parts[p].data[parts[p].rank(at[p].data())];
      }
      return total;
    }

    void init_moves(const Parts& parts, int cells) {
      moves.init(slot, cells, [&](int p, int i) { return parts[static_cast<std::size_t>(p)].weight[static_cast<std::size_t>(i)]; },
                 [&](int p) { return parts[static_cast<std::size_t>(p)].data; });
    }

    // In this view `tile` slides from cell `from` to cell `to`; tile_at(c)
    // is the tile on cell c of this view before the move (0 for the blank).
    template <class TileAt>
    [[gnu::always_inline]] void prepare(Change& change, int tile, int from, int to, TileAt tile_at) const {
      const PlainRankMoves::MovedTile& m = moves.tile(tile);
      change.part = m.part;
      change.index = m.index;
      change.from = static_cast<std::uint8_t>(from);
      change.to = static_cast<std::uint8_t>(to);
      change.rank = moves.moved(rank[m.part], tile, from, to, tile_at);
      change.entry = m.table + change.rank;
      __builtin_prefetch(change.entry);
    }

    // The child's sum.
    [[gnu::always_inline]] int evaluate(Change& change) const {
      change.value = *change.entry;
      change.sum = sum - value[change.part] + change.value;
      return change.sum;
    }

    // Puts the moved tile on `cell` and swaps the change's rank, value and
    // sum with the view's: descend() makes the child's current, ascend() the
    // parent's again.
    [[gnu::always_inline]] void commit(Change& change, std::uint8_t cell) {
      placement[change.part][change.index] = cell;
      std::swap(rank[change.part], change.rank);
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

struct TileTables;

// The row of additive pattern databases, `pdb:SPEC` (registry.h; its data
// is in pdb_rows.cc; the traits are explained at TileRow in
// incremental.h). The compile-time kernels of 12 cells and more carry it
// (3x3 boards have the exact table); the reflected view only on square
// boards, the only ones that reflect.
struct PdbRow {
  static const HeuristicRow& row();
  static constexpr int kMaxCells = pdb::kMaxPdbCells;
  static constexpr bool kMachineOnly = false;
  static constexpr bool in_shape_kernel(int rows, int cols) { return rows * cols >= 12; }
  template <int kRows, int kCols, class F>
  static decltype(auto) with_kernel(const ResolvedHeuristic& h, const TileTables&, F&& f) {
    const auto& set = h.data_as<pdb::AdditivePdb>();
    constexpr int kSide = kRows == kCols ? kRows : 0;
    if constexpr (kRows == kCols) {
      if (set.reflected()) return f(PdbHeuristic<true, kSide>(set));
    }
    return f(PdbHeuristic<false, kSide>(set));
  }
};

}  // namespace npuzzle
