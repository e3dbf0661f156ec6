// A catalogue of zero-aware tables (`cat:small`: Clausecker's seven
// 6-6-6-6 partitions over 14 tables) read in the one-bit cell words of
// pdb/dense_zero_aware.h, in the kernels' PreparingHeuristic shape. The
// values, and so the node counts, are CatalogueHeuristic's
// (catalogue_heuristic.h); CatalogueRow serves a 5x5 catalogue with it
// whenever the catalogue has its dense form.
//
// Per move (tile t from cell a to the blank's cell b), in each view, for
// each table holding t (3-4 of cat:small's 14): the plain rank's update
// from the table's tiles on the cells between a and b (plain_rank.h's
// rule), a prefetch of the child's cell word, then the decode: the blank
// lands on a, bit a of the word is bit 1 of the child's entry, which is the
// parent's plus or minus 1 (pdb/dense_zero_aware.h explains why). Each
// partition's sum changes by the change of its one table holding t, so the
// sums move in one SSE pass over the tables' lane masks, as in
// CatalogueHeuristic. descend() swaps the changed ranks, values and sums
// into the view and ascend() swaps them back: no lookup, no copy of the
// other tables' state.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "heuristics/catalogue_heuristic.h"
#include "heuristics/catalogue_words.h"
#include "heuristics/child_sign_catalogue_heuristic.h"
#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/dense_zero_aware.h"
#include "heuristics/pdb_views.h"
#include "heuristics/plain_rank.h"

namespace npuzzle {

template <bool kReflect, int kSide = 0>
class DenseCatalogueHeuristic {
  using Sums = catalogue_words::Sums;
  using Tables = catalogue_words::Tables;
  using TileTables = catalogue_words::TileTables;

  struct View : catalogue_words::ViewTiles {
    // Only a prepared change is read (pdb_views.h: the kernels' Steps are not zeroed).
    static constexpr bool kStepsUninitialised = true;
    struct Change {
      std::array<const std::uint32_t*, kMaxCataloguePartitions> entry;
      std::array<std::uint64_t, kMaxCataloguePartitions> rank;  // the child's; the parent's after descend()
      std::array<std::uint8_t, kMaxCataloguePartitions> value;  // likewise
      Sums sum;                                                 // likewise
      int best;                                                 // likewise
      std::uint8_t tile, from;
    };

    std::array<std::uint64_t, kMaxCatalogueTables> rank{};
    std::array<std::uint8_t, kMaxCatalogueTables> value{};
    Sums sum{};
    int best = 0;

    int reset(const DenseCatalogueHeuristic& h, const pdb::Where& where) {
      sum = sums_at(h.tables_, where, [&](int id, std::uint64_t r, std::uint8_t v) {
        rank[static_cast<std::size_t>(id)] = r;
        value[static_cast<std::size_t>(id)] = v;
      });
      best = catalogue_words::lane_max(sum);
      return best;
    }
    int value_at(const DenseCatalogueHeuristic& h, const pdb::Where& where) const {
      return catalogue_words::lane_max(sums_at(h.tables_, where, [](int, std::uint64_t, std::uint8_t) {}));
    }

    // The ranks of the tables holding `tile` after it slides from `from` to
    // `to`, and their words, prefetched.
    template <class TileAt>
    [[gnu::always_inline]] void locate(const DenseCatalogueHeuristic& h, Change& change, int tile, int from, int to,
                                       TileAt tile_at) const {
      change.tile = static_cast<std::uint8_t>(tile);
      change.from = static_cast<std::uint8_t>(from);
      const TileTables& tt = tile_tables[static_cast<std::size_t>(tile)];
      for (int n = 0; n < tt.count; ++n) {
        const std::size_t id = tt.table[n];
        const std::uint64_t r = moved_rank(h.tables_, id, tt.index[n], rank[id], from, to, tile_at);
        change.rank[static_cast<std::size_t>(n)] = r;
        change.entry[static_cast<std::size_t>(n)] = h.tables_.table(id).words + r;
        __builtin_prefetch(h.tables_.table(id).words + r);
      }
    }
    [[gnu::always_inline]] void fetch(const DenseCatalogueHeuristic&, Change&) const {}

    // The child's value of the change's n-th table (parent: the view's), kept in the change.
    [[gnu::always_inline]] static int decoded(Change& change, int n, int parent) {
      const int bit = static_cast<int>((*change.entry[static_cast<std::size_t>(n)] >> change.from) & 1u);
      const int v = pdb::decode_one_bit(parent, bit);
      change.value[static_cast<std::size_t>(n)] = static_cast<std::uint8_t>(v);
      return v;
    }

    [[gnu::always_inline]] int evaluate(const DenseCatalogueHeuristic& h, Change& change) const {
      const TileTables& tt = tile_tables[change.tile];
#if defined(__SSE2__)
      __m128i s = _mm_loadu_si128(reinterpret_cast<const __m128i*>(sum.data()));
      for (int n = 0; n < tt.count; ++n) {
        const std::size_t id = tt.table[n];
        const int parent = value[id];
        const int v = decoded(change, n, parent);
        const __m128i lanes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(h.tables_.table(id).lanes.data()));
        s = _mm_add_epi16(s, _mm_and_si128(_mm_set1_epi16(static_cast<short>(v - parent)), lanes));
      }
      _mm_storeu_si128(reinterpret_cast<__m128i*>(change.sum.data()), s);
      change.best = catalogue_words::lane_max(s);
#else
      change.sum = sum;
      for (int n = 0; n < tt.count; ++n) {
        const std::size_t id = tt.table[n];
        const int parent = value[id];
        const int v = decoded(change, n, parent);
        const Sums& lanes = h.tables_.table(id).lanes;
        for (std::size_t j = 0; j < change.sum.size(); ++j) {
          change.sum[j] = static_cast<std::int16_t>(change.sum[j] + (static_cast<std::int16_t>(v - parent) & lanes[j]));
        }
      }
      change.best = catalogue_words::lane_max(change.sum);
#endif
      return change.best;
    }

    // Swaps the change's ranks, values, sums and maximum with the view's:
    // descend() makes the child's current, ascend() the parent's again.
    [[gnu::always_inline]] void swap_in(Change& change) {
      const TileTables& tt = tile_tables[change.tile];
      for (int n = 0; n < tt.count; ++n) {
        const std::size_t id = tt.table[n];
        std::swap(rank[id], change.rank[static_cast<std::size_t>(n)]);
        std::swap(value[id], change.value[static_cast<std::size_t>(n)]);
      }
      catalogue_lanes::swap_sums(sum, change.sum);
      std::swap(best, change.best);
    }
    [[gnu::always_inline]] void descend(const DenseCatalogueHeuristic&, Change& change) { swap_in(change); }
    [[gnu::always_inline]] void ascend(const DenseCatalogueHeuristic&, Change& change) { swap_in(change); }
  };
  using Views = pdb::ReflectedViews<View, kReflect, kSide>;

 public:
  using Step = typename Views::Step;

  // Precondition: `pdb` and `dense` (its dense form, in cell words) outlive
  // the search, and pdb.reflected() == kReflect. Throws
  // std::invalid_argument beyond kMaxCatalogueTables tables,
  // kMaxCataloguePartitions partitions or 8 tiles a table.
  DenseCatalogueHeuristic(const pdb::AdditivePdb& pdb, const pdb::DenseZeroAwareSet& dense)
      : views_(pdb),
        tables_(
            pdb, dense.tables(),
            [&dense](int id) {
              const pdb::DenseZeroAwareSet::Part& part = dense.part(id);
              return catalogue_words::TableWords{static_cast<const std::uint32_t*>(part.bits), part.k, part.weight,
                                                 part.source};
            },
            "one-bit form", views_.plain, kReflect ? &views_.mirrored : nullptr) {}

  int reset(const Board& board) { return views_.reset(*this, board); }

  template <class Storage>
  [[gnu::always_inline]] void prepare(Step& step, int tile, int from, int to, const Storage& board) {
    views_.prepare(*this, step, tile, from, to, board);
  }
  [[gnu::always_inline]] int evaluate(Step& step, int room) { return views_.evaluate(*this, step, room); }
  [[gnu::always_inline]] void descend(Step& step) { views_.descend(*this, step); }
  [[gnu::always_inline]] void ascend(Step& step) { views_.ascend(*this, step); }
  [[gnu::always_inline]] void reject(Step&) {}

  // NodeHeuristic (A*): the value reset() gives, from the byte tables.
  template <class Storage>
  int value(const Storage& board) const {
    return views_.value(*this, board);
  }
  template <class Storage>
  int child_value(const Storage& parent, int, int tile, int from, int to, bool) const {
    return views_.child_value(*this, parent, tile, from, to);
  }

 private:
  Views views_;    // first: tables_ fills its tile maps
  Tables tables_;
};

template <int kRows, int kCols, int kMinCells, int kMaxCells, class F>
decltype(auto) CatalogueRow::with_kernel(const ResolvedHeuristic& h, const TileTables& tables, F&& f) {
  constexpr int kCells = kRows * kCols;  // 0: the generic kernel
  const auto& set = h.data_as<pdb::AdditivePdb>();
  // A catalogue's one-bit form is in cell words only (DenseZeroAwareSet::possible).
  using Dense = pdb::DenseZeroAwareSet;
  if constexpr (Dense::layout_within(Dense::Layout::kCellWords, kMinCells, kMaxCells)) {
    if (set.reflected() && set.rows() == set.cols()) {
      constexpr int kSide = kRows == kCols ? kRows : 0;
      // Its child signs first, in a shape kernel: a line read only per child descended into.
      if constexpr (kSide > 0) {
        if (const auto signs = pdb::ChildSignSet::find(set)) return f(ChildSignCatalogueHeuristic<kSide>(set, *signs));
      }
      if (const auto dense = Dense::find(set)) {
        if (dense->layout() == Dense::Layout::kCellWords) {
          return f(DenseCatalogueHeuristic<true, kSide>(set, *dense));
        }
      }
    }
  }
  if constexpr (kCells == 25) {
    std::abort();  // shape_kernel_serves() sends a 5x5 catalogue here only with its dense form or child signs
  } else {
    return ReflectedTableRow<CatalogueHeuristic>::with_kernel<kRows, kCols>(h, tables, std::forward<F>(f));
  }
}

}  // namespace npuzzle
