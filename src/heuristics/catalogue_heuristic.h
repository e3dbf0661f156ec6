// A PDB catalogue (pdb/additive.h, `cat:...`) in the kernels'
// PreparingHeuristic shape (IDA*) and NodeHeuristic shape (A*).
//
// h = max over the catalogue's partitions (and, with reflection, over the
// same partitions evaluated on the reflected board) of the sum of their
// tables' entries. Distinct tables are looked up once however many
// partitions share them.
//
// Per move (tile t from cell a to the blank's cell b), in each view:
//   1. prepare(): for each table holding t (a fixed list per tile, at most
//      one per partition), index the table with t on b and the blank on a
//      (zero-aware index or lexicographic rank, from scratch) and prefetch the
//      entry. Tables without t keep their entries: their placement is
//      unchanged, and for a zero-aware table the blank stays in its region
//      (zero_aware_heuristic.h explains why).
//   2. evaluate(): read the entries; each changed table adds its change in
//      value to the sums of the partitions that hold it (a bit mask per
//      table), giving the child's sums and their maximum.
//   3. descend()/ascend(): swap the child's placements, values, sums and
//      maximum with the view's, so that the way back costs no lookup.
// State lives in fixed arrays (at most kMaxTables tables, kMaxPartitions
// partitions): no allocation, hashing or virtual call per node.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/zero_aware.h"

namespace npuzzle {

inline constexpr int kMaxCatalogueTables = 32;
inline constexpr int kMaxCataloguePartitions = 16;

template <bool kReflect, int kSide = 0>
class CatalogueHeuristic {
  using Placement = std::array<std::uint8_t, pdb::kMaxPatternTiles>;
  using Sums = std::array<std::int16_t, kMaxCataloguePartitions>;

  // The tables that one move changes in one view, and their child entries.
  struct Change {
    std::array<const std::uint8_t*, kMaxCataloguePartitions> entry;
    std::array<std::uint8_t, kMaxCataloguePartitions> value;  // the child's; the parent's after descend()
    Sums sum;                                                  // likewise
    int best = 0;                                              // likewise
    std::uint8_t tile, from, to;
  };

 public:
  struct Step {
    Change plain;
    Change mirrored;  // used only with reflection
  };

  // Precondition: `pdb` outlives the search, matches the board and goal, and
  // pdb.reflected() == kReflect. Throws std::invalid_argument for a
  // catalogue beyond kMaxCatalogueTables tables or kMaxCataloguePartitions partitions.
  explicit CatalogueHeuristic(const pdb::AdditivePdb& pdb)
      : pdb_(&pdb), cells_(pdb.cells()), partitions_(pdb.partitions()) {
    if (partitions_ > kMaxCataloguePartitions) {
      throw std::invalid_argument("a catalogue has at most " + std::to_string(kMaxCataloguePartitions) + " partitions");
    }
    // Distinct tables, and where each tile goes in them.
    for (int j = 0; j < partitions_; ++j) {
      const pdb::AdditivePdb& partition = pdb.partition(j);
      for (int p = 0; p < partition.parts(); ++p) {
        const pdb::PatternDb& db = partition.part(p);
        int id = 0;
        while (id < tables_count_ && tables_[static_cast<std::size_t>(id)].data != db.data()) ++id;
        if (id == tables_count_) {
          if (tables_count_ == kMaxCatalogueTables) {
            throw std::invalid_argument("a catalogue has at most " + std::to_string(kMaxCatalogueTables) + " tables");
          }
          Table& t = tables_[static_cast<std::size_t>(tables_count_++)];
          t.data = db.data();
          t.zero_aware = db.pattern().zero_aware_index();
          t.k = db.pattern().size();
          for (int i = 0; i < t.k; ++i) t.weight[static_cast<std::size_t>(i)] = db.pattern().ranker().weight(i);
          for (int i = 0; i < t.k; ++i) {
            TileTables& tt = plain_.tile_tables[static_cast<std::size_t>(db.pattern().tile(i))];
            tt.table[tt.count] = static_cast<std::uint8_t>(id);
            tt.index[tt.count] = static_cast<std::uint8_t>(i);
            ++tt.count;
          }
        }
        tables_[static_cast<std::size_t>(id)].partitions |= 1u << j;
      }
    }
    if constexpr (kReflect) {
      // The reflected cell of tile t goes where mirror_tile(t) goes.
      for (int t = 1; t < cells_; ++t) {
        mirrored_.tile_tables[static_cast<std::size_t>(t)] =
            plain_.tile_tables[static_cast<std::size_t>(pdb::mirror_tile(t, pdb.rows(), pdb.goal()))];
      }
    }
    for (int c = 0; c < cells_; ++c) mirror_[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(pdb.mirror(c));
  }

  int reset(const Board& board) {
    Where where{};
    for (int pos = 0; pos < board.cells(); ++pos) where[board.at(pos)] = static_cast<std::uint8_t>(pos);
    plain_.reset(*this, where);
    if constexpr (kReflect) {
      for (int t = 0; t < cells_; ++t) {
        where[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(mirror(where[static_cast<std::size_t>(t)]));
      }
      mirrored_.reset(*this, where);
      return std::max(plain_.best, mirrored_.best);
    } else {
      return plain_.best;
    }
  }

  template <class Storage>
  [[gnu::always_inline]] void prepare(Step& step, int tile, int from, int to, const Storage&) {
    plain_.prepare(tables_, step.plain, tile, from, to);
    if constexpr (kReflect) mirrored_.prepare(tables_, step.mirrored, tile, mirror(from), mirror(to));
  }

  [[gnu::always_inline]] int evaluate(Step& step, int room) {
    const int best = plain_.evaluate(tables_, partitions_, step.plain);
    if constexpr (kReflect) {
      if (best > room) return best;
      return std::max(best, mirrored_.evaluate(tables_, partitions_, step.mirrored));
    } else {
      return best;
    }
  }

  [[gnu::always_inline]] void descend(Step& step) {
    plain_.commit(partitions_, step.plain, step.plain.to);
    if constexpr (kReflect) mirrored_.commit(partitions_, step.mirrored, step.mirrored.to);
  }
  [[gnu::always_inline]] void ascend(Step& step) {
    plain_.commit(partitions_, step.plain, step.plain.from);
    if constexpr (kReflect) mirrored_.commit(partitions_, step.mirrored, step.mirrored.from);
  }
  [[gnu::always_inline]] void reject(Step&) {}

  // NodeHeuristic (A*): from scratch through AdditivePdb, which A* can afford.
  template <class Storage>
  int value(const Storage& board) const {
    std::array<std::uint8_t, pdb::kMaxPdbCells> where{};
    for (int pos = 0; pos < cells_; ++pos) where[static_cast<std::size_t>(board.at(pos))] = static_cast<std::uint8_t>(pos);
    return pdb_->evaluate_positions(where);
  }
  template <class Storage>
  int child_value(const Storage& parent, int, int tile, int from, int to, bool) const {
    std::array<std::uint8_t, pdb::kMaxPdbCells> where{};
    for (int pos = 0; pos < cells_; ++pos) where[static_cast<std::size_t>(parent.at(pos))] = static_cast<std::uint8_t>(pos);
    where[static_cast<std::size_t>(tile)] = static_cast<std::uint8_t>(to);
    where[0] = static_cast<std::uint8_t>(from);
    return pdb_->evaluate_positions(where);
  }

 private:
  using Where = std::array<std::uint8_t, pdb::kMaxPdbCells>;

  struct Table {
    const std::uint8_t* data = nullptr;
    const pdb::ZeroAwareIndex* zero_aware = nullptr;  // null: indexed by the lexicographic rank
    int k = 0;
    std::uint32_t partitions = 0;  // bit j: partition j holds this table
    std::array<std::uint64_t, pdb::kMaxPatternTiles> weight{};

    std::uint64_t index(const std::uint8_t* cells, int blank) const {
      if (zero_aware) return zero_aware->index(cells, blank);
      std::uint32_t occupied = 0;
      std::uint64_t r = 0;
      for (int i = 0; i < k; ++i) {
        const std::uint32_t c = cells[i];
        const std::uint32_t bit = std::uint32_t{1} << c;
        r += (c - static_cast<std::uint32_t>(pdb::popcount32(occupied & (bit - 1)))) *
             weight[static_cast<std::size_t>(i)];
        occupied |= bit;
      }
      return r;
    }
  };
  using Tables = std::array<Table, kMaxCatalogueTables>;

  // The tables holding a tile, and the tile's position in each.
  struct TileTables {
    std::uint8_t count = 0;
    std::array<std::uint8_t, kMaxCataloguePartitions> table{};
    std::array<std::uint8_t, kMaxCataloguePartitions> index{};
  };

  struct View {
    std::array<Placement, kMaxCatalogueTables> placement{};
    std::array<std::uint8_t, kMaxCatalogueTables> value{};
    Sums sum{};
    int best = 0;
    std::array<TileTables, pdb::kMaxPdbCells> tile_tables{};

    void reset(const CatalogueHeuristic& h, const Where& where) {
      for (int t = 1; t < h.cells_; ++t) {
        const TileTables& tt = tile_tables[static_cast<std::size_t>(t)];
        for (int i = 0; i < tt.count; ++i) placement[tt.table[i]][tt.index[i]] = where[static_cast<std::size_t>(t)];
      }
      sum.fill(0);
      for (int id = 0; id < h.tables_count_; ++id) {
        const Table& table = h.tables_[static_cast<std::size_t>(id)];
        value[static_cast<std::size_t>(id)] = table.data[table.index(placement[static_cast<std::size_t>(id)].data(), where[0])];
        for (std::uint32_t m = table.partitions; m != 0; m &= m - 1) {
          sum[static_cast<std::size_t>(__builtin_ctz(m))] += value[static_cast<std::size_t>(id)];
        }
      }
      best = *std::max_element(sum.begin(), sum.begin() + h.partitions_);
    }

    [[gnu::always_inline]] void prepare(const Tables& tables, Change& change, int tile, int from, int to) const {
      const TileTables& tt = tile_tables[static_cast<std::size_t>(tile)];
      change.tile = static_cast<std::uint8_t>(tile);
      change.from = static_cast<std::uint8_t>(from);
      change.to = static_cast<std::uint8_t>(to);
      for (int i = 0; i < tt.count; ++i) {
        const Table& table = tables[tt.table[i]];
        Placement moved = placement[tt.table[i]];
        moved[tt.index[i]] = static_cast<std::uint8_t>(to);
        change.entry[static_cast<std::size_t>(i)] = table.data + table.index(moved.data(), from);
        __builtin_prefetch(change.entry[static_cast<std::size_t>(i)]);
      }
    }

    [[gnu::always_inline]] int evaluate(const Tables& tables, int partitions, Change& change) const {
      const TileTables& tt = tile_tables[change.tile];
      change.sum = sum;
      for (int i = 0; i < tt.count; ++i) {
        const std::uint8_t v = *change.entry[static_cast<std::size_t>(i)];
        change.value[static_cast<std::size_t>(i)] = v;
        const int delta = static_cast<int>(v) - static_cast<int>(value[tt.table[i]]);
        for (std::uint32_t m = tables[tt.table[i]].partitions; m != 0; m &= m - 1) {
          change.sum[static_cast<std::size_t>(__builtin_ctz(m))] =
              static_cast<std::int16_t>(change.sum[static_cast<std::size_t>(__builtin_ctz(m))] + delta);
        }
      }
      int b = change.sum[0];
      for (int j = 1; j < partitions; ++j) b = std::max(b, static_cast<int>(change.sum[static_cast<std::size_t>(j)]));
      change.best = b;
      return b;
    }

    // Moves the tile to `cell` in every table holding it and swaps the
    // change's values, sums and maximum with the view's.
    [[gnu::always_inline]] void commit(int partitions, Change& change, std::uint8_t cell) {
      const TileTables& tt = tile_tables[change.tile];
      for (int i = 0; i < tt.count; ++i) {
        placement[tt.table[i]][tt.index[i]] = cell;
        std::swap(value[tt.table[i]], change.value[static_cast<std::size_t>(i)]);
      }
      for (int j = 0; j < partitions; ++j) std::swap(sum[static_cast<std::size_t>(j)], change.sum[static_cast<std::size_t>(j)]);
      std::swap(best, change.best);
    }
  };

  [[gnu::always_inline]] int mirror(int cell) const {
    if constexpr (kSide > 0) {
      return pdb::mirror_cell(cell, kSide);
    } else {
      return mirror_[static_cast<std::size_t>(cell)];
    }
  }

  const pdb::AdditivePdb* pdb_;
  int cells_;
  int partitions_;
  int tables_count_ = 0;
  Tables tables_{};
  View plain_;
  View mirrored_;  // used only with reflection
  std::array<std::uint8_t, pdb::kMaxPdbCells> mirror_{};
};

}  // namespace npuzzle
