// What the two catalogue heuristics that read one 32-bit word per placement
// of each distinct table share (DenseCatalogueHeuristic: the one-bit cell
// words; ChildSignCatalogueHeuristic: the child signs): the tables with
// their plain ranking weights and partition lanes, the rank update of a
// move, and each view's map from tiles to the tables holding them, with the
// sums from the byte tables at a root.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "heuristics/catalogue_heuristic.h"
#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/pattern.h"
#include "heuristics/pdb_views.h"
#include "heuristics/plain_rank.h"

namespace npuzzle::catalogue_words {

// One lane per partition, in an SSE register (catalogue_heuristic.h).
using catalogue_lanes::kUnusedLane;
using catalogue_lanes::lane_max;
using catalogue_lanes::Sums;

// The most tiles of a table here (a 7-tile table's words alone are 9.7 GB),
// and the index that stands for "not in the table".
inline constexpr int kMaxTiles = 8;
inline constexpr std::uint8_t kNotInTable = kMaxTiles;

// A distinct table's words as a derived form lays them out.
struct TableWords {
  const std::uint32_t* words = nullptr;  // one per placement, at the plain rank
  int k = 0;
  std::array<std::uint64_t, pdb::kMaxPatternTiles> weight{};  // plain ranking weights
  const std::uint8_t* source = nullptr;  // the byte table's PatternDb::data()
};

struct Table {
  const std::uint32_t* words = nullptr;
  int k = 0;
  std::array<std::uint64_t, pdb::kMaxPatternTiles> weight{};
  pdb::PartTable bytes;  // the byte table, for the root's values
  Sums lanes{};          // lane j: all ones if partition j holds this table, else 0
};

// The tables holding a tile in one view, and the tile's index in each.
struct TileTables {
  std::uint8_t count = 0;
  std::array<std::uint8_t, kMaxCataloguePartitions> table{};
  std::array<std::uint8_t, kMaxCataloguePartitions> index{};
};

class Tables;

// A view's tiles: the tables holding each, and each table's index of it.
struct ViewTiles {
  std::array<TileTables, pdb::kMaxPdbCells> tile_tables{};
  // [table][tile]: the tile's index in the table, kNotInTable if none.
  // Tile 0 (the blank) is in none.
  std::array<std::array<std::uint8_t, pdb::kMaxPdbCells>, kMaxCatalogueTables> index_of{};

  void init(int cells) {
    for (auto& row : index_of) row.fill(kNotInTable);
    for (int t = 1; t < cells; ++t) {
      const TileTables& tt = tile_tables[static_cast<std::size_t>(t)];
      for (int i = 0; i < tt.count; ++i) index_of[tt.table[i]][static_cast<std::size_t>(t)] = tt.index[i];
    }
  }

  // The partitions' sums for `where`, from the byte tables; store(id, rank,
  // value) gets each table's rank and value.
  template <class Store>
  Sums sums_at(const Tables& tables, const pdb::Where& where, Store store) const;

  // The rank of table `id` after its tile `i` slides from `from` to `to`
  // (cells of this view), from its `rank` before: plain_rank.h's rule, one
  // load per cell passed.
  template <class TileAt>
  [[gnu::always_inline]] std::uint64_t moved_rank(const Tables& tables, std::size_t id, int i, std::uint64_t rank,
                                                  int from, int to, TileAt tile_at) const;
};

class Tables {
 public:
  // `pdb`'s distinct tables, words_of(id) for id < count (a TableWords, in
  // DenseZeroAwareSet::part()'s order), with the tile maps of its plain
  // view and, with `mirrored`, of its reflected one. `form` names the words
  // in errors. Throws std::invalid_argument beyond kMaxCatalogueTables
  // tables, kMaxCataloguePartitions partitions or kMaxTiles tiles.
  template <class WordsOf>
  Tables(const pdb::AdditivePdb& pdb, int count, WordsOf words_of, const char* form, ViewTiles& plain,
         ViewTiles* mirrored)
      : cells_(pdb.cells()), partitions_(pdb.partitions()), count_(count) {
    if (partitions_ > kMaxCataloguePartitions || count_ > kMaxCatalogueTables) {
      throw std::invalid_argument("a catalogue has at most " + std::to_string(kMaxCataloguePartitions) +
                                  " partitions and " + std::to_string(kMaxCatalogueTables) + " tables");
    }
    std::array<const std::uint8_t*, kMaxCatalogueTables> sources{};
    for (int id = 0; id < count_; ++id) {
      const TableWords words = words_of(id);
      if (words.k > kMaxTiles) {
        throw std::invalid_argument(std::string("a catalogue's tables in its ") + form + " have at most 8 tiles");
      }
      Table& table = tables_[static_cast<std::size_t>(id)];
      table.words = words.words;
      table.k = words.k;
      table.weight = words.weight;
      sources[static_cast<std::size_t>(id)] = words.source;
      // The rank's change from a tile j of the table passed by tile i's
      // move (plain_rank.h): -w_i for an earlier tile, w_j for a later one,
      // nothing for a tile of another table.
      for (int i = 0; i < words.k; ++i) {
        for (int j = 0; j < words.k; ++j) {
          terms_[static_cast<std::size_t>(id)][static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] =
              j < i ? -static_cast<std::int64_t>(words.weight[static_cast<std::size_t>(i)])
                    : j > i ? static_cast<std::int64_t>(words.weight[static_cast<std::size_t>(j)]) : 0;
        }
      }
    }
    // Find each partition's parts among the distinct tables.
    for (int j = 0; j < partitions_; ++j) {
      const pdb::AdditivePdb& partition = pdb.partition(j);
      for (int p = 0; p < partition.parts(); ++p) {
        const pdb::PatternDb& db = partition.part(p);
        int id = 0;
        while (id < count_ && sources[static_cast<std::size_t>(id)] != db.data()) ++id;
        if (id == count_) throw std::invalid_argument(std::string("the ") + form + " is not this catalogue's");
        Table& table = tables_[static_cast<std::size_t>(id)];
        if (table.lanes == Sums{}) {
          table.bytes = pdb::PartTable(db);
          for (int i = 0; i < db.pattern().size(); ++i) {
            TileTables& tt = plain.tile_tables[static_cast<std::size_t>(db.pattern().tile(i))];
            tt.table[tt.count] = static_cast<std::uint8_t>(id);
            tt.index[tt.count] = static_cast<std::uint8_t>(i);
            ++tt.count;
          }
        }
        table.lanes[static_cast<std::size_t>(j)] = -1;
      }
    }
    plain.init(cells_);
    if (mirrored != nullptr) {
      for (int t = 1; t < cells_; ++t) {
        mirrored->tile_tables[static_cast<std::size_t>(t)] =
            plain.tile_tables[static_cast<std::size_t>(pdb::mirror_tile(t, pdb.rows(), pdb.goal()))];
      }
      mirrored->init(cells_);
    }
  }

  int cells() const { return cells_; }
  int partitions() const { return partitions_; }
  int count() const { return count_; }
  const Table& table(std::size_t id) const { return tables_[id]; }
  // [moved tile's index][passed tile's index, kNotInTable: 0] of table `id`.
  const std::array<std::int64_t, kMaxTiles + 1>& terms(std::size_t id, int i) const {
    return terms_[id][static_cast<std::size_t>(i)];
  }

 private:
  int cells_;
  int partitions_;
  int count_;
  std::array<Table, kMaxCatalogueTables> tables_{};
  std::array<std::array<std::array<std::int64_t, kMaxTiles + 1>, kMaxTiles>, kMaxCatalogueTables> terms_{};
};

template <class Store>
Sums ViewTiles::sums_at(const Tables& tables, const pdb::Where& where, Store store) const {
  std::array<std::array<std::uint8_t, pdb::kMaxPatternTiles>, kMaxCatalogueTables> at{};
  for (int t = 1; t < tables.cells(); ++t) {
    const TileTables& tt = tile_tables[static_cast<std::size_t>(t)];
    for (int i = 0; i < tt.count; ++i) at[tt.table[i]][tt.index[i]] = where[static_cast<std::size_t>(t)];
  }
  Sums sums;
  sums.fill(kUnusedLane);
  std::fill(sums.begin(), sums.begin() + tables.partitions(), std::int16_t{0});
  for (int id = 0; id < tables.count(); ++id) {
    const Table& table = tables.table(static_cast<std::size_t>(id));
    const std::uint8_t* cells = at[static_cast<std::size_t>(id)].data();
    std::uint32_t occupied = 0;
    const std::uint64_t r = plain_rank(cells, table.k, table.weight.data(), occupied);
    const std::uint8_t v = *table.bytes.template entry<true>(table.bytes.cursor(cells), where[0]);
    store(id, r, v);
    for (std::size_t j = 0; j < sums.size(); ++j) sums[j] = static_cast<std::int16_t>(sums[j] + (v & table.lanes[j]));
  }
  return sums;
}

template <class TileAt>
[[gnu::always_inline]] inline std::uint64_t ViewTiles::moved_rank(const Tables& tables, std::size_t id, int i,
                                                                  std::uint64_t rank, int from, int to,
                                                                  TileAt tile_at) const {
  const int lo = from < to ? from : to;
  const int hi = from < to ? to : from;
  const auto wi = static_cast<std::int64_t>(tables.table(id).weight[static_cast<std::size_t>(i)]);
  const auto& terms = tables.terms(id, i);
  std::int64_t delta = (hi - lo) * wi;
  for (int cell = lo + 1; cell < hi; ++cell) delta += terms[index_of[id][static_cast<std::size_t>(tile_at(cell))]];
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(rank) + (from < to ? delta : -delta));
}

}  // namespace npuzzle::catalogue_words
