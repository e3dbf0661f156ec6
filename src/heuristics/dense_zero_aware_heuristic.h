// Zero-aware pattern databases read in their dense one-bit form
// (pdb/dense_zero_aware.h explains the form and why it is exact), in the
// kernels' PreparingHeuristic shape (IDA*) and NodeHeuristic shape (A*).
// ZeroAwarePdbRow (zero_aware_heuristic.h) serves a set with it whenever
// the set has a dense form (boards of at most 16 cells); the values, and so
// the node counts, are those of ZeroAwarePdbHeuristic.
//
// Per generated child, as PdbHeuristic (pdb_heuristic.h), with the same rank
// update (plain_rank.h): only the part holding the moved tile (and, with reflection, the
// part holding its mirror) gets a new plain rank, from the part's tiles on
// the cells between the move's two cells. Then one entry of that part's
// dense table (prefetched in prepare(), so that a node's children's misses
// overlap), the bit of the blank in the part after the move (the blank
// lands on the moved tile's old cell: in region bytes one label load gives
// its region, in cell words the cell is the bit), and the decode:
// the child's part value is the parent's plus or minus 1, whichever has the
// stored bit as its bit 1. Nothing is looked up on the way back: a Step
// keeps the parent's rank, occupied cells, part value and sum, and ascend()
// swaps them back.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/dense_zero_aware.h"
#include "heuristics/pdb/pattern.h"
#include "heuristics/pdb_views.h"
#include "heuristics/plain_rank.h"

namespace npuzzle {

// kSide: the side of a square board known at compile time, so that
// reflected cells fold to constants; 0 reads them from a table. kLayout:
// the dense set's layout (pdb/dense_zero_aware.h).
template <bool kReflect, int kSide = 0,
          pdb::DenseZeroAwareSet::Layout kLayout = pdb::DenseZeroAwareSet::Layout::kRegionBytes>
class DenseZeroAwareHeuristic {
  using Layout = pdb::DenseZeroAwareSet::Layout;
  static constexpr bool kCellWords = kLayout == Layout::kCellWords;
  using Word = std::conditional_t<kCellWords, std::uint32_t, std::uint8_t>;

  struct Change {
    const Word* entry;  // the dense entry of the child's placement
    std::uint64_t rank;        // the child's rank of the part; the parent's after descend()
    int sum = 0;               // the child's sum; the parent's after descend()
    std::uint32_t occupied;    // the part's cells in the child; the parent's after descend()
    std::uint8_t part, index, from, to, shift;
    std::uint8_t value = 0;  // the child's part value; the parent's after descend()
  };

 public:
  struct Step {
    Change plain;
    Change mirrored;  // used only with reflection
  };

  // Precondition: `pdb` and `dense` (its dense form) outlive the search,
  // pdb.reflected() == kReflect, and dense.layout() == kLayout.
  DenseZeroAwareHeuristic(const pdb::AdditivePdb& pdb, const pdb::DenseZeroAwareSet& dense)
      : pdb_(&pdb), cells_(pdb.cells()), parts_count_(pdb.parts()), labels_(dense.labels()) {
    for (int p = 0; p < parts_count_; ++p) {
      Part& part = parts_[static_cast<std::size_t>(p)];
      const pdb::DenseZeroAwareSet::Part& bits = dense.part(p);
      part.k = bits.k;
      part.weight = bits.weight;
      part.bits = static_cast<const std::uint8_t*>(bits.bits);
      part.table = pdb::PartTable(pdb.part(p));
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

  // For a search that keeps its nodes (bench/astar_dense.cc): what a node
  // needs of the heuristic, per view and part (plain view first), so that
  // restore() makes a kept node current without ranking or reading a table.
  // It restores no placements, so after it only prepare(), evaluate() and
  // child() are valid, not descend() or ascend(). Precondition: kParts >=
  // the set's parts; ranks fit 32 bits up to 16 cells.
  template <int kParts>
  struct Kept {
    static constexpr int kViews = kReflect ? 2 : 1;
    std::array<std::uint32_t, kViews * kParts> rank;
    std::array<std::uint16_t, kViews * kParts> occupied;
    std::array<std::uint8_t, kViews * kParts> value;
  };
  template <int kParts>
  void save(Kept<kParts>& kept) const {
    plain_.save(kept, 0, parts_count_);
    if constexpr (kReflect) mirrored_.save(kept, kParts, parts_count_);
  }
  template <int kParts>
  int restore(const Kept<kParts>& kept) {
    plain_.restore(kept, 0, parts_count_);
    if constexpr (kReflect) {
      mirrored_.restore(kept, kParts, parts_count_);
      return std::max(plain_.sum, mirrored_.sum);
    } else {
      return plain_.sum;
    }
  }
  // A child's state from its parent's, once evaluate() has decoded both
  // views of its step (room at least the largest h).
  template <int kParts>
  void child(const Step& step, const Kept<kParts>& parent, Kept<kParts>& out) const {
    out = parent;
    View::child(step.plain, 0, out);
    if constexpr (kReflect) View::child(step.mirrored, kParts, out);
  }

  // `tile` slides from cell `from` to the blank's cell `to` of `board` (the
  // parent): rank the changed parts and start fetching their bytes.
  template <class Storage>
  [[gnu::always_inline]] void prepare(Step& step, int tile, int from, int to, const Storage& board) {
    plain_.prepare(labels_, step.plain, tile, from, to, [&board](int cell) { return board.at(cell); });
    if constexpr (kReflect) {
      mirrored_.prepare(labels_, step.mirrored, tile, mirror(from), mirror(to),
                        [&](int cell) { return board.at(mirror(cell)); });
    }
  }

  // With reflection the reflected byte is decoded only when the plain sum
  // does not already cut the child (as Korf & Felner do).
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

  // NodeHeuristic: the value reset() gives, from a packed board: the set's
  // own evaluation over the byte tables (A* keeps no parent values to decode from).
  template <class Storage>
  int value(const Storage& board) const {
    return pdb::value_from_scratch(*pdb_, board);
  }
  template <class Storage>
  int child_value(const Storage& parent, int, int tile, int from, int to, bool) const {
    return pdb::child_value_from_scratch(*pdb_, parent, tile, from, to);
  }

 private:
  using Where = std::array<std::uint8_t, pdb::kMaxPdbCells>;  // where[t]: the cell of tile t (0: the blank)
  using Placement = std::array<std::uint8_t, pdb::kMaxPatternTiles>;

  struct Part {
    int k = 0;
    std::array<std::uint64_t, pdb::kMaxPatternTiles> weight{};
    const std::uint8_t* bits = nullptr;  // the dense table's first entry
    pdb::PartTable table;  // the byte table, for the root's values

    int entry(const std::uint8_t* cells, int blank) const { return *table.entry<true>(table.cursor(cells), blank); }
  };
  using Parts = std::array<Part, pdb::kMaxParts>;

  // One additive evaluation (the plain board, or its reflection).
  struct View {
    std::array<Placement, pdb::kMaxParts> placement{};
    std::array<std::uint64_t, pdb::kMaxParts> rank{};
    std::array<std::uint32_t, pdb::kMaxParts> occupied{};
    std::array<std::uint8_t, pdb::kMaxParts> value{};
    int sum = 0;
    std::array<pdb::TileSlot, pdb::kMaxPdbCells> slot{};  // tile -> (part, index) in this view
    PlainRankMoves moves;  // its tables: the parts' dense ones

    void reset(const Parts& parts, int parts_count, int cells, const Where& where) {
      for (int t = 1; t < cells; ++t) {
        const pdb::TileSlot s = slot[static_cast<std::size_t>(t)];
        placement[s.part][s.index] = where[static_cast<std::size_t>(t)];
      }
      sum = 0;
      for (std::size_t p = 0; p < static_cast<std::size_t>(parts_count); ++p) {
        rank[p] = plain_rank(placement[p].data(), parts[p].k, parts[p].weight.data(), occupied[p]);
        value[p] = static_cast<std::uint8_t>(parts[p].entry(placement[p].data(), where[0]));
        sum += value[p];
      }
    }

    template <class K>
    void save(K& kept, int first, int parts_count) const {
      for (int p = 0; p < parts_count; ++p) {
        const auto i = static_cast<std::size_t>(first + p);
        kept.rank[i] = static_cast<std::uint32_t>(rank[static_cast<std::size_t>(p)]);
        kept.occupied[i] = static_cast<std::uint16_t>(occupied[static_cast<std::size_t>(p)]);
        kept.value[i] = value[static_cast<std::size_t>(p)];
      }
    }
    template <class K>
    void restore(const K& kept, int first, int parts_count) {
      sum = 0;
      for (int p = 0; p < parts_count; ++p) {
        const auto i = static_cast<std::size_t>(first + p);
        rank[static_cast<std::size_t>(p)] = kept.rank[i];
        occupied[static_cast<std::size_t>(p)] = kept.occupied[i];
        value[static_cast<std::size_t>(p)] = kept.value[i];
        sum += kept.value[i];
      }
    }
    template <class K>
    static void child(const Change& change, int first, K& kept) {
      const auto i = static_cast<std::size_t>(first + change.part);
      kept.rank[i] = static_cast<std::uint32_t>(change.rank);
      if constexpr (!kCellWords) kept.occupied[i] = static_cast<std::uint16_t>(change.occupied);
      kept.value[i] = change.value;
    }

    void init_moves(const Parts& parts, int cells) {
      moves.init(slot, cells, [&](int p, int i) { return parts[static_cast<std::size_t>(p)].weight[static_cast<std::size_t>(i)]; },
                 [&](int p) { return parts[static_cast<std::size_t>(p)].bits; });
    }

    // In this view `tile` slides from cell `from` to cell `to`; tile_at(c)
    // is the tile on cell c of this view before the move (0 for the blank).
    template <class TileAt>
    [[gnu::always_inline]] void prepare(const std::uint64_t* labels, Change& change, int tile, int from, int to,
                                        TileAt tile_at) const {
      const PlainRankMoves::MovedTile& m = moves.tile(tile);
      change.part = m.part;
      change.index = m.index;
      change.from = static_cast<std::uint8_t>(from);
      change.to = static_cast<std::uint8_t>(to);
      change.rank = moves.moved(rank[m.part], tile, from, to, tile_at);
      change.entry = reinterpret_cast<const Word*>(m.table) + change.rank;
      __builtin_prefetch(change.entry);
      if constexpr (kCellWords) {
        change.shift = static_cast<std::uint8_t>(from);  // the blank lands on `from`
      } else {
        change.occupied = occupied[m.part] ^ (std::uint32_t{1} << from) ^ (std::uint32_t{1} << to);
        change.shift = static_cast<std::uint8_t>((labels[change.occupied] >> (4 * from)) & 0xF);  // the blank's region
      }
    }

    // The child's sum: its part value is the parent's plus or minus 1.
    [[gnu::always_inline]] int evaluate(Change& change) const {
      const int parent = value[change.part];
      const int bit = static_cast<int>((*change.entry >> change.shift) & 1u);
      change.value = static_cast<std::uint8_t>(pdb::decode_one_bit(parent, bit));
      change.sum = sum - parent + change.value;
      return change.sum;
    }

    // Puts the moved tile on `cell` and swaps the change's rank, cells, value
    // and sum with the view's: descend() makes the child's current, ascend()
    // the parent's again.
    [[gnu::always_inline]] void commit(Change& change, std::uint8_t cell) {
      placement[change.part][change.index] = cell;
      std::swap(rank[change.part], change.rank);
      if constexpr (!kCellWords) std::swap(occupied[change.part], change.occupied);
      std::swap(value[change.part], change.value);
      std::swap(sum, change.sum);
    }
  };

  void mirror_all(Where& where) const {
    for (int t = 0; t < cells_; ++t) where[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(mirror(where[static_cast<std::size_t>(t)]));
  }

  [[gnu::always_inline]] int mirror(int cell) const {
    if constexpr (kSide > 0) {
      return pdb::mirror_cell(cell, kSide);
    } else {
      return mirror_[static_cast<std::size_t>(cell)];
    }
  }

  const pdb::AdditivePdb* pdb_;
  int cells_;
  int parts_count_;
  const std::uint64_t* labels_;
  Parts parts_{};
  View plain_;
  View mirrored_;  // used only with reflection
  std::array<std::uint8_t, pdb::kMaxPdbCells> mirror_{};
};

}  // namespace npuzzle
