// A PDB catalogue (pdb/additive.h, `cat:...`) in the kernels'
// PreparingHeuristic shape (IDA*) and NodeHeuristic shape (A*).
//
// h = max over the catalogue's partitions (and, with reflection, over the
// same partitions evaluated on the reflected board) of the sum of their
// tables' entries. Distinct tables are looked up once however many
// partitions share them.
//
// Per move (tile t from cell a to the blank's cell b), in each view:
//   1. prepare() (locate() then fetch(), ida_star.h's dfs_at runs the two
//      rounds over all children): for each table holding t (a fixed list per tile, at most
//      one per partition), update the table's cursor (pdb_views.h: the
//      zero-aware index or the lexicographic rank, from the table's tiles on
//      the cells between a and b) and prefetch the entry with the blank on a.
//      Tables without t keep their entries: their placement is unchanged,
//      and for a zero-aware table the blank stays in its region
//      (zero_aware_heuristic.h explains why).
//   2. evaluate(): read the entries; each changed table adds its change in
//      value to the sums of the partitions that hold it (a lane mask per
//      table, applied to all lanes in one fixed-length pass), giving the
//      child's sums and their maximum.
//   3. descend(): the view keeps one row of state (cursors, values, sums,
//      maximum) per depth of the current path; the child's row is the
//      parent's copied, with the changed tables' cursors and values, the
//      child's sums and maximum. ascend() steps back a row: the way back
//      costs no lookup and no copy.
// With reflection, dfs_at screens instead (pdb_views.h): it runs steps 1-2
// on the plain view of all children, then on the reflected view only of the
// children the plain one does not cut. Only the catalogue screens: it
// changes 3-4 tables per move and view, so a cut child saves that many index
// updates; the zero-aware 6-6-6-6 kernel changes one, and its extra round of
// misses cost what screening saved. The reflection bookkeeping is
// ReflectedViews (pdb_views.h), shared with the zero-aware kernel.
//
// Per node there is no allocation, hashing or virtual call: the state is in
// fixed arrays (at most kMaxCatalogueTables tables, kMaxCataloguePartitions
// partitions), and the rows grow (doubling) only when the path first gets
// deeper than they reach. When every table is zero-aware (cat:small),
// locate() and fetch() take a loop without the per-table kind test. Instructions per expansion of cat:small, and why each
// of these forms was chosen: results/korf24_zero_aware.md.
#pragma once

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/child_signs.h"
#include "heuristics/pdb/dense_zero_aware.h"
#include "heuristics/pdb/zero_aware.h"
#include "heuristics/pdb_views.h"
#include "heuristics/reflected_table_row.h"
#include "heuristics/resolved.h"

namespace npuzzle {

inline constexpr int kMaxCatalogueTables = 32;
// pdb/additive.h: eight, so that the lanes are one SSE register (a lane
// update, copy or maximum is one instruction; with sixteen lanes it was two,
// and cat:small ran 10% more instructions, results/korf24_zero_aware.md).
using pdb::kMaxCataloguePartitions;
static_assert(kMaxCataloguePartitions == 8, "evaluate() keeps the lanes in one SSE register");

// The partitions' sums of every catalogue kernel (this one, and those of
// catalogue_words.h).
namespace catalogue_lanes {
// One lane per partition, all kMaxCataloguePartitions of them always
// (the loops over the lanes have a fixed length and vectorize); a lane
// beyond the catalogue's partitions holds kUnusedLane, below any sum, and
// no table adds to it.
using Sums = std::array<std::int16_t, kMaxCataloguePartitions>;
inline constexpr std::int16_t kUnusedLane = -0x4000;

// In int16 throughout, so that the compiler reduces the lanes with
// vector maxima (it left a widening loop scalar: 5% of cat:small's
// instructions under callgrind).
inline int lane_max(const Sums& sums) {
  std::int16_t b = sums[0];
  for (std::size_t j = 1; j < sums.size(); ++j) b = std::max(b, sums[j]);
  return b;
}
#if defined(__SSE2__)
// lane_max of the 8 lanes in one register.
[[gnu::always_inline]] inline int lane_max(__m128i sums) {
  __m128i b = _mm_max_epi16(sums, _mm_shuffle_epi32(sums, _MM_SHUFFLE(1, 0, 3, 2)));
  b = _mm_max_epi16(b, _mm_shuffle_epi32(b, _MM_SHUFFLE(2, 3, 0, 1)));
  b = _mm_max_epi16(b, _mm_shufflelo_epi16(b, _MM_SHUFFLE(2, 3, 0, 1)));
  return static_cast<std::int16_t>(_mm_cvtsi128_si32(b));
}
#endif

// std::swap of two Sums, in one register each: std::swap of the arrays
// went lane by lane (19 of cat:small's 648 instructions per expansion,
// results/korf24_levers.md section 24).
[[gnu::always_inline]] inline void swap_sums(Sums& a, Sums& b) {
#if defined(__SSE2__)
  const __m128i va = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a.data()));
  const __m128i vb = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b.data()));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(a.data()), vb);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(b.data()), va);
#else
  std::swap(a, b);
#endif
}
}  // namespace catalogue_lanes

template <bool kReflect, int kSide = 0>
class CatalogueHeuristic {
  using Cursor = pdb::PartTable::Cursor;
  using Sums = catalogue_lanes::Sums;
  static constexpr std::int16_t kUnusedLane = catalogue_lanes::kUnusedLane;

  struct Table : pdb::PartTable {
    using pdb::PartTable::PartTable;
    Sums lanes{};                  // lane j: all ones if partition j holds this table, else 0
  };
  using Tables = std::array<Table, kMaxCatalogueTables>;

  // The tables holding a tile, and the tile's position in each.
  struct TileTables {
    std::uint8_t count = 0;
    std::array<std::uint8_t, kMaxCataloguePartitions> table{};
    std::array<std::uint8_t, kMaxCataloguePartitions> index{};
  };

  struct View {
    // The tables that one move changes in one view, and their child entries.
    struct Change {
      std::array<const std::uint8_t*, kMaxCataloguePartitions> entry;
      std::array<Cursor, kMaxCataloguePartitions> cursor;       // the child's
      std::array<std::uint8_t, kMaxCataloguePartitions> value;  // the child's
      Sums sum;                                                  // the child's
      int best = 0;                                              // the child's
      std::uint8_t tile, from;
    };

    // The view's state at one depth of the current path. descend() writes
    // the next row (the parent's row copied, then the changed tables), so
    // ascend() only steps back: no swap on the way down and no work on the
    // way up.
    struct Row {
      std::array<Cursor, kMaxCatalogueTables> cursor;
      std::array<std::uint8_t, kMaxCatalogueTables> value;
      Sums sum;
      int best;
    };
    std::vector<Row> rows;  // rows[depth]; grown by descend() when the path outgrows it
    std::size_t depth = 0;
    std::size_t cursor_bytes = 0;  // the catalogue's tables' cursors in a row

    std::array<TileTables, pdb::kMaxPdbCells> tile_tables{};
    std::array<std::array<std::uint8_t, pdb::kMaxPdbCells>, kMaxCatalogueTables> index_of{};  // [table][tile]

    // Fills index_of from tile_tables.
    void init(int cells, int tables) {
      for (int t = 1; t < cells; ++t) {
        const TileTables& tt = tile_tables[static_cast<std::size_t>(t)];
        for (int i = 0; i < tt.count; ++i) index_of[tt.table[i]][static_cast<std::size_t>(t)] = tt.index[i];
      }
      cursor_bytes = static_cast<std::size_t>(tables) * sizeof(Cursor);
      rows.resize(kInitialRows);
    }

    [[gnu::always_inline]] const Row& top() const { return rows[depth]; }

    int reset(const CatalogueHeuristic& h, const pdb::Where& where) {
      std::array<std::array<std::uint8_t, pdb::kMaxPatternTiles>, kMaxCatalogueTables> at{};
      for (int t = 1; t < h.cells_; ++t) {
        const TileTables& tt = tile_tables[static_cast<std::size_t>(t)];
        for (int i = 0; i < tt.count; ++i) at[tt.table[i]][tt.index[i]] = where[static_cast<std::size_t>(t)];
      }
      depth = 0;
      Row& row = rows[0];
      row = Row{};
      row.sum.fill(kUnusedLane);
      std::fill(row.sum.begin(), row.sum.begin() + h.partitions_, std::int16_t{0});
      for (int id = 0; id < h.tables_count_; ++id) {
        const Table& table = h.tables_[static_cast<std::size_t>(id)];
        row.cursor[static_cast<std::size_t>(id)] = table.cursor(at[static_cast<std::size_t>(id)].data());
        row.value[static_cast<std::size_t>(id)] = *table.entry(row.cursor[static_cast<std::size_t>(id)], where[0]);
        for (std::size_t j = 0; j < row.sum.size(); ++j) {
          row.sum[j] = static_cast<std::int16_t>(row.sum[j] + (row.value[static_cast<std::size_t>(id)] & table.lanes[j]));
        }
      }
      row.best = catalogue_lanes::lane_max(row.sum);
      return row.best;
    }

    // Updates the cursors of the tables holding `tile`, prefetching the
    // zero-aware tables' set records.
    template <class TileAt>
    [[gnu::always_inline]] void locate(const CatalogueHeuristic& h, Change& change, int tile, int from, int to,
                                       TileAt tile_at) const {
      change.tile = static_cast<std::uint8_t>(tile);
      change.from = static_cast<std::uint8_t>(from);
      if (h.all_zero_aware_) {
        locate_tables<true>(h, change, tile, from, to, tile_at);
      } else {
        locate_tables<false>(h, change, tile, from, to, tile_at);
      }
    }

    // The changed tables' entries, prefetched.
    [[gnu::always_inline]] void fetch(const CatalogueHeuristic& h, Change& change) const {
      if (h.all_zero_aware_) {
        fetch_tables<true>(h, change);
      } else {
        fetch_tables<false>(h, change);
      }
    }

    [[gnu::always_inline]] int evaluate(const CatalogueHeuristic& h, Change& change) const {
      const TileTables& tt = tile_tables[change.tile];
      const Row& row = top();
#if defined(__SSE2__)
      // The eight lanes in one register for the whole loop (the generic
      // form below kept them in memory and reduced them in 18 instructions).
      __m128i sum = _mm_loadu_si128(reinterpret_cast<const __m128i*>(row.sum.data()));
      for (int i = 0; i < tt.count; ++i) {
        const std::uint8_t v = *change.entry[static_cast<std::size_t>(i)];
        change.value[static_cast<std::size_t>(i)] = v;
        const auto delta = static_cast<short>(static_cast<int>(v) - static_cast<int>(row.value[tt.table[i]]));
        const __m128i lanes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(h.tables_[tt.table[i]].lanes.data()));
        sum = _mm_add_epi16(sum, _mm_and_si128(_mm_set1_epi16(delta), lanes));
      }
      _mm_storeu_si128(reinterpret_cast<__m128i*>(change.sum.data()), sum);
      __m128i best = _mm_max_epi16(sum, _mm_shuffle_epi32(sum, _MM_SHUFFLE(1, 0, 3, 2)));
      best = _mm_max_epi16(best, _mm_shuffle_epi32(best, _MM_SHUFFLE(2, 3, 0, 1)));
      best = _mm_max_epi16(best, _mm_shufflelo_epi16(best, _MM_SHUFFLE(2, 3, 0, 1)));
      change.best = static_cast<std::int16_t>(_mm_cvtsi128_si32(best));
      return change.best;
#else
      change.sum = row.sum;
      for (int i = 0; i < tt.count; ++i) {
        const std::uint8_t v = *change.entry[static_cast<std::size_t>(i)];
        change.value[static_cast<std::size_t>(i)] = v;
        const auto delta = static_cast<std::int16_t>(static_cast<int>(v) - static_cast<int>(row.value[tt.table[i]]));
        const Sums& lanes = h.tables_[tt.table[i]].lanes;
        for (std::size_t j = 0; j < change.sum.size(); ++j) {
          change.sum[j] = static_cast<std::int16_t>(change.sum[j] + (delta & lanes[j]));
        }
      }
      change.best = catalogue_lanes::lane_max(change.sum);
      return change.best;
#endif
    }

    // Makes the child the view's state: its row is the parent's with the
    // change's tables, sums and maximum.
    [[gnu::always_inline]] void descend(const CatalogueHeuristic&, const Change& change) {
      if (depth + 1 == rows.size()) [[unlikely]] rows.resize(2 * rows.size());
      const Row& parent = rows[depth];
      Row& child = rows[depth + 1];
      std::memcpy(child.cursor.data(), parent.cursor.data(), cursor_bytes);
      child.value = parent.value;
      const TileTables& tt = tile_tables[change.tile];
      for (int i = 0; i < tt.count; ++i) {
        child.cursor[tt.table[i]] = change.cursor[static_cast<std::size_t>(i)];
        child.value[tt.table[i]] = change.value[static_cast<std::size_t>(i)];
      }
      child.sum = change.sum;
      child.best = change.best;
      ++depth;
    }
    // Makes the parent the view's state again.
    [[gnu::always_inline]] void ascend(const CatalogueHeuristic&, const Change&) { --depth; }

   private:
    // Small, so that every catalogue search, the tests' included, grows them.
    static constexpr std::size_t kInitialRows = 16;

    // locate() and fetch() over the moved tile's tables. kAllZeroAware: the
    // catalogue has no plain table (cat:small), so the loop has no per-table
    // kind test.
    template <bool kAllZeroAware, class TileAt>
    [[gnu::always_inline]] void locate_tables(const CatalogueHeuristic& h, Change& change, int tile, int from, int to,
                                              TileAt tile_at) const {
      const TileTables& tt = tile_tables[static_cast<std::size_t>(tile)];
      const Row& row = top();
      for (int i = 0; i < tt.count; ++i) {
        const std::size_t id = tt.table[i];
        const Table& table = h.tables_[id];
        const auto index_at = [&](int cell) { return static_cast<int>(index_of[id][static_cast<std::size_t>(tile_at(cell))]); };
        Cursor& next = change.cursor[static_cast<std::size_t>(i)];
        if (kAllZeroAware || table.zero_aware) [[likely]] {
          next = table.template moved<true>(row.cursor[id], tt.index[i], from, to, index_at);
          table.template prefetch_index<true>(next);
        } else {
          next = table.template moved<false>(row.cursor[id], tt.index[i], from, to, index_at);
        }
      }
    }
    template <bool kAllZeroAware>
    [[gnu::always_inline]] void fetch_tables(const CatalogueHeuristic& h, Change& change) const {
      const TileTables& tt = tile_tables[change.tile];
      for (int i = 0; i < tt.count; ++i) {
        const Table& table = h.tables_[tt.table[i]];
        const Cursor& cursor = change.cursor[static_cast<std::size_t>(i)];
        const std::uint8_t* entry =
            kAllZeroAware ? table.template entry<true>(cursor, change.from) : table.entry(cursor, change.from);
        change.entry[static_cast<std::size_t>(i)] = entry;
        __builtin_prefetch(entry);
      }
    }
  };
  using Views = pdb::ReflectedViews<View, kReflect, kSide>;

 public:
  using Step = typename Views::Step;

  // Precondition: `pdb` outlives the search, matches the board and goal, and
  // pdb.reflected() == kReflect. Throws std::invalid_argument for a
  // catalogue beyond kMaxCatalogueTables tables or kMaxCataloguePartitions partitions.
  explicit CatalogueHeuristic(const pdb::AdditivePdb& pdb)
      : pdb_(&pdb), cells_(pdb.cells()), partitions_(pdb.partitions()), views_(pdb) {
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
          tables_[static_cast<std::size_t>(tables_count_++)] = Table(db);
          for (int i = 0; i < db.pattern().size(); ++i) {
            TileTables& tt = views_.plain.tile_tables[static_cast<std::size_t>(db.pattern().tile(i))];
            tt.table[tt.count] = static_cast<std::uint8_t>(id);
            tt.index[tt.count] = static_cast<std::uint8_t>(i);
            ++tt.count;
          }
        }
        tables_[static_cast<std::size_t>(id)].lanes[static_cast<std::size_t>(j)] = -1;
      }
    }
    all_zero_aware_ = std::all_of(tables_.begin(), tables_.begin() + tables_count_,
                                  [](const Table& table) { return table.zero_aware != nullptr; });
    views_.plain.init(cells_, tables_count_);
    if constexpr (kReflect) {
      // The reflected cell of tile t goes where mirror_tile(t) goes.
      for (int t = 1; t < cells_; ++t) {
        views_.mirrored.tile_tables[static_cast<std::size_t>(t)] =
            views_.plain.tile_tables[static_cast<std::size_t>(pdb::mirror_tile(t, pdb.rows(), pdb.goal()))];
      }
      views_.mirrored.init(cells_, tables_count_);
    }
  }

  int reset(const Board& board) { return views_.reset(*this, board); }

  template <class Storage>
  [[gnu::always_inline]] void prepare(Step& step, int tile, int from, int to, const Storage& board) {
    views_.prepare(*this, step, tile, from, to, board);
  }
  // prepare() in two stages (ida_star.h runs the first for all children first).
  template <class Storage>
  [[gnu::always_inline]] void locate(Step& step, int tile, int from, int to, const Storage& board) {
    views_.locate(*this, step, tile, from, to, board);
  }
  [[gnu::always_inline]] void fetch(Step& step) { views_.fetch(*this, step); }
  [[gnu::always_inline]] int evaluate(Step& step, int room) { return views_.evaluate(*this, step, room); }
  // Screening (pdb_views.h; with reflection, ida_star.h's dfs_at uses it
  // instead of the two stages above).
  template <class Storage>
  [[gnu::always_inline]] void locate_plain(Step& step, int tile, int from, int to, const Storage& board)
    requires kReflect
  {
    views_.locate_plain(*this, step, tile, from, to, board);
  }
  [[gnu::always_inline]] void fetch_plain(Step& step)
    requires kReflect
  {
    views_.fetch_plain(*this, step);
  }
  [[gnu::always_inline]] bool screen(Step& step, int room)
    requires kReflect
  {
    return views_.screen(*this, step, room);
  }
  template <class Storage>
  [[gnu::always_inline]] void locate_mirrored(Step& step, int tile, int from, int to, const Storage& board)
    requires kReflect
  {
    views_.locate_mirrored(*this, step, tile, from, to, board);
  }
  [[gnu::always_inline]] void fetch_mirrored(Step& step)
    requires kReflect
  {
    views_.fetch_mirrored(*this, step);
  }
  [[gnu::always_inline]] int evaluate_screened(Step& step, int room)
    requires kReflect
  {
    return views_.evaluate_screened(*this, step, room);
  }
  [[gnu::always_inline]] void descend(Step& step) { views_.descend(*this, step); }
  [[gnu::always_inline]] void ascend(Step& step) { views_.ascend(*this, step); }
  [[gnu::always_inline]] void reject(Step&) {}

  // NodeHeuristic (A*): from scratch through AdditivePdb, which A* can afford.
  template <class Storage>
  int value(const Storage& board) const {
    return pdb::value_from_scratch(*pdb_, board);
  }
  template <class Storage>
  int child_value(const Storage& parent, int, int tile, int from, int to, bool) const {
    return pdb::child_value_from_scratch(*pdb_, parent, tile, from, to);
  }

 private:
  const pdb::AdditivePdb* pdb_;
  int cells_;
  int partitions_;
  int tables_count_ = 0;
  Tables tables_{};
  bool all_zero_aware_ = false;  // no plain table: locate() and fetch() skip the kind test
  Views views_;
};

// The row of catalogues, `cat:NAME` (registry.h; its data is in
// pdb_rows.cc). Optimal IDA* runs them only with the move-pruning machine:
// parent pruning is the machine of depth 2 (kMinFsmDepth), which cuts
// exactly the moves back, so the node counts are parent pruning's, and a
// node costs about 2% more (cat:663x3 on Korf's 100, side by side); in
// exchange no kernel unit compiles a catalogue twice, and the catalogue
// kernels were two thirds of the compile time of the 5x5 kernels.
//
// A reflected 5x5 catalogue of zero-aware tables has a dense one-bit form
// (pdb/dense_zero_aware.h, derived at load: cell words), and the IDA*
// kernels read it through DenseCatalogueHeuristic
// (dense_catalogue_heuristic.h): the same values with plain ranks and one
// 4-byte read per changed table.
// Its 5x5 shape kernel is built by default and carries only that form and
// the child signs derived from it (child_sign_catalogue_heuristic.h, read
// first); without them (the memory refused, or no reflection) the generic
// kernel serves, with the byte tables.
struct CatalogueRow : ReflectedTableRow<CatalogueHeuristic> {
  static const HeuristicRow& row();
  static constexpr bool kMachineOnly = true;
  static constexpr bool in_default_shape_kernel(int rows, int cols) { return rows == 5 && cols == 5; }
  static bool shape_kernel_serves(const ResolvedHeuristic& h) {
    const auto& set = h.data_as<pdb::AdditivePdb>();
    return set.reflected() && (set.cells() != 25 || pdb::DenseZeroAwareSet::find(set) != nullptr ||
                               pdb::ChildSignSet::find(set) != nullptr);
  }
  // kMinCells..kMaxCells: the cells of the kernel's boards (as ZeroAwarePdbRow's).
  static constexpr bool kWithKernelByCells = true;
  template <int kRows, int kCols, int kMinCells, int kMaxCells, class F>
  static decltype(auto) with_kernel(const ResolvedHeuristic& h, const TileTables& tables, F&& f);
};

}  // namespace npuzzle
