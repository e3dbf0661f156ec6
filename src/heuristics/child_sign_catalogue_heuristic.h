// A catalogue of zero-aware tables (`cat:small`: Clausecker's seven
// 6-6-6-6 partitions over 14 tables) read through its child signs
// (pdb/child_signs.h), in the kernels' PreparingHeuristic shape, on square
// boards of side kSide. The values, and so the node counts, are
// DenseCatalogueHeuristic's and CatalogueHeuristic's.
//
// Per move (tile t from cell a to the blank's cell b), in each view, for
// each table holding t (3-4 of cat:small's 14): the plain rank's update, as
// in DenseCatalogueHeuristic, and the sign of the table's change, one bit
// of the parent's word of that table: no table is read for a child. Each
// partition's sum changes by the change of its one table holding t, in one
// SSE pass over the tables' lane masks. fetch_open() starts fetching the
// child's words only for a child the bound lets through, so a child the
// bound cuts costs no line; descend() loads them, ascend() puts the
// parent's ranks, words and sums back.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "heuristics/catalogue_heuristic.h"
#include "heuristics/catalogue_words.h"
#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/child_signs.h"
#include "heuristics/pdb_views.h"
#include "heuristics/plain_rank.h"

namespace npuzzle {

template <int kSide>
class ChildSignCatalogueHeuristic {
  static_assert(kSide > 0);
  using Sums = catalogue_words::Sums;
  using Tables = catalogue_words::Tables;
  using TileTables = catalogue_words::TileTables;

  // The direction code of a move from `from` to `to` (child_signs.h).
  static constexpr int direction(int from, int to) {
    return to == from - kSide ? 0 : to == from - 1 ? 1 : to == from + 1 ? 2 : 3;
  }

  struct View : catalogue_words::ViewTiles {
    // Only a prepared change is read (pdb_views.h: the kernels' Steps are not zeroed).
    static constexpr bool kStepsUninitialised = true;
    struct Change {
      std::array<const std::uint32_t*, kMaxCataloguePartitions> entry;  // the child's word of each table
      std::array<std::uint64_t, kMaxCataloguePartitions> rank;  // the child's; the parent's after descend()
      std::array<std::uint32_t, kMaxCataloguePartitions> word;  // the parent's after descend()
      Sums sum;                                                 // the child's; the parent's after descend()
      int best;                                                 // likewise
      std::uint8_t tile;
    };

    std::array<std::uint64_t, kMaxCatalogueTables> rank{};
    std::array<std::uint32_t, kMaxCatalogueTables> word{};
    Sums sum{};
    int best = 0;

    int reset(const ChildSignCatalogueHeuristic& h, const pdb::Where& where) {
      sum = sums_at(h.tables_, where, [&](int id, std::uint64_t r, std::uint8_t) {
        rank[static_cast<std::size_t>(id)] = r;
        word[static_cast<std::size_t>(id)] = h.tables_.table(static_cast<std::size_t>(id)).words[r];
      });
      best = catalogue_words::lane_max(sum);
      return best;
    }
    int value_at(const ChildSignCatalogueHeuristic& h, const pdb::Where& where) const {
      return catalogue_words::lane_max(sums_at(h.tables_, where, [](int, std::uint64_t, std::uint8_t) {}));
    }

    // The child's ranks of the tables holding `tile` after it slides from
    // `from` to `to` (cells of this view), and its sums and maximum, from
    // the signs in the parent's words: no read of a table.
    template <class TileAt>
    [[gnu::always_inline]] void locate(const ChildSignCatalogueHeuristic& h, Change& change, int tile, int from,
                                       int to, TileAt tile_at) const {
      change.tile = static_cast<std::uint8_t>(tile);
      const TileTables& tt = tile_tables[static_cast<std::size_t>(tile)];
      const int dir = direction(from, to);
#if defined(__SSE2__)
      __m128i s = _mm_loadu_si128(reinterpret_cast<const __m128i*>(sum.data()));
#else
      change.sum = sum;
#endif
      for (int n = 0; n < tt.count; ++n) {
        const std::size_t id = tt.table[n];
        const catalogue_words::Table& table = h.tables_.table(id);
        const int i = tt.index[n];
        const std::uint64_t r = moved_rank(h.tables_, id, i, rank[id], from, to, tile_at);
        change.rank[static_cast<std::size_t>(n)] = r;
        change.entry[static_cast<std::size_t>(n)] = table.words + r;
        const int up = static_cast<int>((word[id] >> (4 * i + dir)) & 1u);
        const auto change_of_table = static_cast<std::int16_t>(2 * up - 1);
#if defined(__SSE2__)
        const __m128i lanes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(table.lanes.data()));
        s = _mm_add_epi16(s, _mm_and_si128(_mm_set1_epi16(change_of_table), lanes));
#else
        for (std::size_t j = 0; j < change.sum.size(); ++j) {
          change.sum[j] = static_cast<std::int16_t>(change.sum[j] + (change_of_table & table.lanes[j]));
        }
#endif
      }
#if defined(__SSE2__)
      _mm_storeu_si128(reinterpret_cast<__m128i*>(change.sum.data()), s);
      __m128i b = _mm_max_epi16(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(1, 0, 3, 2)));
      b = _mm_max_epi16(b, _mm_shuffle_epi32(b, _MM_SHUFFLE(2, 3, 0, 1)));
      b = _mm_max_epi16(b, _mm_shufflelo_epi16(b, _MM_SHUFFLE(2, 3, 0, 1)));
      change.best = static_cast<std::int16_t>(_mm_cvtsi128_si32(b));
#else
      change.best = catalogue_words::lane_max(change.sum);
#endif
    }
    [[gnu::always_inline]] void fetch(const ChildSignCatalogueHeuristic&, Change&) const {}
    [[gnu::always_inline]] int evaluate(const ChildSignCatalogueHeuristic&, Change& change) const {
      return change.best;
    }

    [[gnu::always_inline]] void prefetch(const Change& change) const {
      const TileTables& tt = tile_tables[change.tile];
      for (int n = 0; n < tt.count; ++n) __builtin_prefetch(change.entry[static_cast<std::size_t>(n)]);
    }

    [[gnu::always_inline]] void descend(const ChildSignCatalogueHeuristic&, Change& change) {
      const TileTables& tt = tile_tables[change.tile];
      for (int n = 0; n < tt.count; ++n) {
        const std::size_t id = tt.table[n];
        std::swap(rank[id], change.rank[static_cast<std::size_t>(n)]);
        change.word[static_cast<std::size_t>(n)] = word[id];
        word[id] = *change.entry[static_cast<std::size_t>(n)];
      }
      std::swap(sum, change.sum);
      std::swap(best, change.best);
    }
    [[gnu::always_inline]] void ascend(const ChildSignCatalogueHeuristic&, Change& change) {
      const TileTables& tt = tile_tables[change.tile];
      for (int n = 0; n < tt.count; ++n) {
        const std::size_t id = tt.table[n];
        std::swap(rank[id], change.rank[static_cast<std::size_t>(n)]);
        word[id] = change.word[static_cast<std::size_t>(n)];
      }
      std::swap(sum, change.sum);
      std::swap(best, change.best);
    }
  };
  using Views = pdb::ReflectedViews<View, true, kSide>;

 public:
  using Step = typename Views::Step;

  // Precondition: `pdb` (reflected, kSide x kSide) and `signs` (its child
  // signs) outlive the search. Throws std::invalid_argument beyond
  // kMaxCatalogueTables tables or kMaxCataloguePartitions partitions.
  ChildSignCatalogueHeuristic(const pdb::AdditivePdb& pdb, const pdb::ChildSignSet& signs)
      : views_(pdb),
        tables_(
            pdb, signs.parts(),
            [&signs](int id) {
              const pdb::ChildSignSet::Part& part = signs.part(id);
              return catalogue_words::TableWords{part.words, part.k, part.weight, part.source};
            },
            "child signs", views_.plain, &views_.mirrored) {}

  int reset(const Board& board) { return views_.reset(*this, board); }

  template <class Storage>
  [[gnu::always_inline]] void prepare(Step& step, int tile, int from, int to, const Storage& board) {
    views_.locate(*this, step, tile, from, to, board);
  }
  // After prepare(), with `room` the largest h the bound lets a child have.
  [[gnu::always_inline]] void fetch_open(const Step& step, int room) const {
    if (step.plain.best <= room && step.mirrored.best <= room) {
      views_.plain.prefetch(step.plain);
      views_.mirrored.prefetch(step.mirrored);
    }
  }
  // The plain view's value when it exceeds `room`, as DenseCatalogueHeuristic's.
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
  Views views_;  // first: tables_ fills its tile maps
  Tables tables_;
};

}  // namespace npuzzle
