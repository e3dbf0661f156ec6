// A catalogue of zero-aware tables (`cat:small`: Clausecker's seven
// 6-6-6-6 partitions over 14 tables) read through its child signs
// (pdb/child_signs.h), in the kernels' PreparingHeuristic shape, on square
// boards of side kSide. The values, and so the node counts, are
// DenseCatalogueHeuristic's and CatalogueHeuristic's.
//
// Per move (tile t from cell a to the blank's cell b), in each view, for
// each table holding t (2-5 of cat:small's 14, 3.5 on average): the plain
// rank's update, as in DenseCatalogueHeuristic, and the sign of the table's
// change, one bit of the parent's word of that table: no table is read for
// a child. Each partition's sum changes by the change of its one table
// holding t, in one SSE pass. The kernel screens (pdb_views.h): the
// reflected view is located only for a child the plain view lets through,
// and a child's words are fetched only when both let it through, so a child
// the bound cuts costs no line; descend() loads them, ascend() puts the
// parent's cursors (rank and word) and sums back.
//
// The tables holding a tile are its slots. The first kSlots are padded
// with a spare table that changes nothing, so that their loops have a
// fixed trip count and unroll with no branch on the tile, and a vertical
// move's rank terms for all of them are one row per passed tile; the rest
// (on cat:small, one table of tile 12) go through a tail, taken only on
// that tile's moves (results/korf24_levers.md section 20).
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

template <int kSide, int kSlots = 4>
class ChildSignCatalogueHeuristic {
  static_assert(kSide > 0);
  static_assert(kSlots > 0 && kSlots <= kMaxCataloguePartitions, "a tile is in at most one table per partition");
  static constexpr int kCells = kSide * kSide;
  static constexpr std::size_t kMost = kMaxCataloguePartitions;  // tables holding a tile
  using Sums = catalogue_words::Sums;
  using Tables = catalogue_words::Tables;
  using TileTables = catalogue_words::TileTables;

  // The direction code of a move from `from` to `to` (child_signs.h).
  static constexpr int direction(int from, int to) {
    return to == from - kSide ? 0 : to == from - 1 ? 1 : to == from + 1 ? 2 : 3;
  }

  // Each cell's mirror (pdb::mirror_cell), looked up rather than computed
  // for a kernel whose cells are not constants.
  static constexpr auto kMirrored = [] {
    std::array<std::uint8_t, kCells> cells{};
    for (int c = 0; c < kCells; ++c) {
      cells[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(pdb::mirror_cell(c, kSide));
    }
    return cells;
  }();

  // The table that pads a tile's slots to kSlots: its rank, word, weight
  // and terms are 0 and it is in no partition, so a padded slot changes
  // nothing.
  static constexpr std::size_t kSpare = kMaxCatalogueTables;
  static constexpr std::uint32_t kSpareWord = 0;

  // What a move of one tile reads in one view: the tables holding it, at
  // least kSlots of them with the spare's padding; those beyond kSlots (on
  // cat:small, only tile 12's fifth) go through the tail.
  struct Slots {
    std::array<const std::uint32_t*, kMost> words;  // each table's words (&kSpareWord)
    std::array<std::int64_t, kSlots> weight;        // the tile's ranking weight in each (0)
    std::array<std::uint8_t, kMost> table;          // the tables' ids (kSpare)
    std::array<std::uint8_t, kMost> shift;          // 4 * the tile's index: its signs' place in a word (0)
    std::uint8_t count;                             // the tables holding the tile, padding not counted
    Sums lane_bit;  // lane j: 1 << the slot of partition j's table holding the tile; 0: none
    // [direction][slot < kSlots]: the bit of the move's sign in the slot's
    // word, 1 << (shift + direction); 0 for a padded slot.
    alignas(16) std::array<std::array<std::uint32_t, kSlots>, 4> sign_bit;
  };

  struct View : catalogue_words::ViewTiles {
    // Only a prepared change is read (pdb_views.h: the kernels' Steps are not zeroed).
    static constexpr bool kStepsUninitialised = true;
    struct Change {
      std::array<const std::uint32_t*, kMost> entry;  // the child's word of each slot's table
      // Each slot's table's cursor: the child's rank alone (its word is at
      // `entry`); the parent's whole cursor after descend().
      std::array<std::uint64_t, kMost> cursor;
      Sums sum;                                       // the child's; the parent's after descend()
      int best;                                       // likewise
      const Slots* slots;
      int room;  // the mirrored view's: screen()'s room, for locate_mirrored()
    };

    // Each table's cursor: its rank in the high half, its word (the
    // position's child signs) in the low half, so that a move saves and
    // restores both in one load and store. [kSpare] stays 0.
    std::array<std::uint64_t, kMaxCatalogueTables + 1> cursor{};
    Sums sum{};
    int best = 0;
    std::array<Slots, kCells> slots{};
    // [moved tile][passed tile][slot < kSlots]: the passed tile's term in
    // the rank update of the slot's table (plain_rank.h; 0 for a tile of
    // another table).
    std::array<std::array<std::array<std::int64_t, kSlots>, kCells>, kCells> terms{};

    // Fills slots and terms from the tile maps that `tables` filled.
    void init_slots(const Tables& tables) {
      for (int t = 1; t < kCells; ++t) {
        const TileTables& tt = tile_tables[static_cast<std::size_t>(t)];
        Slots& s = slots[static_cast<std::size_t>(t)];  // zeroed: a padded slot's weight, shift and terms stay 0
        s.count = tt.count;
        for (int n = 0; n < static_cast<int>(kMost); ++n) {
          const auto slot = static_cast<std::size_t>(n);
          if (n >= tt.count) {
            s.words[slot] = &kSpareWord;
            s.table[slot] = static_cast<std::uint8_t>(kSpare);
            continue;
          }
          const std::size_t id = tt.table[slot];
          const int i = tt.index[slot];
          const catalogue_words::Table& table = tables.table(id);
          s.words[slot] = table.words;
          s.table[slot] = static_cast<std::uint8_t>(id);
          s.shift[slot] = static_cast<std::uint8_t>(4 * i);
          if (n < kSlots) {
            for (std::size_t d = 0; d < 4; ++d) s.sign_bit[d][slot] = std::uint32_t{1} << (4 * i + static_cast<int>(d));
          }
          for (std::size_t j = 0; j < s.lane_bit.size(); ++j) {
            if (table.lanes[j] != 0) s.lane_bit[j] = static_cast<std::int16_t>(1 << n);
          }
          if (n < kSlots) {
            s.weight[slot] = static_cast<std::int64_t>(table.weight[static_cast<std::size_t>(i)]);
            for (int passed = 0; passed < kCells; ++passed) {
              terms[static_cast<std::size_t>(t)][static_cast<std::size_t>(passed)][slot] =
                  tables.terms(id, i)[index_of[id][static_cast<std::size_t>(passed)]];
            }
          }
        }
      }
    }

    int reset(const ChildSignCatalogueHeuristic& h, const pdb::Where& where) {
      sum = sums_at(h.tables_, where, [&](int id, std::uint64_t r, std::uint8_t) {
        cursor[static_cast<std::size_t>(id)] = cursor_of(r, h.tables_.table(static_cast<std::size_t>(id)).words[r]);
      });
      best = catalogue_words::lane_max(sum);
      return best;
    }
    int value_at(const ChildSignCatalogueHeuristic& h, const pdb::Where& where) const {
      return catalogue_words::lane_max(sums_at(h.tables_, where, [](int, std::uint64_t, std::uint8_t) {}));
    }

    // The child's sums and maximum when `tile` slides from `from` to `to`
    // (cells of this view), from the signs in the parent's words: no read
    // of a table, no rank.
    [[gnu::always_inline]] void locate_signs(Change& change, int tile, int from, int to) const {
      const Slots& s = slots[static_cast<std::size_t>(tile)];
      change.slots = &s;
      const int dir = direction(from, to);
      std::uint32_t up = 0;
#if defined(__SSE2__)
      if constexpr (kSlots == 4) {
        // The four slots' sign bits in one pass: bit n of `up` is set when
        // slot n's word has its bit (sign_bit) set; a padded slot's is 0.
        const __m128i words = _mm_setr_epi32(static_cast<int>(word(s.table[0])), static_cast<int>(word(s.table[1])),
                                             static_cast<int>(word(s.table[2])), static_cast<int>(word(s.table[3])));
        const __m128i bit = _mm_load_si128(reinterpret_cast<const __m128i*>(s.sign_bit[static_cast<std::size_t>(dir)].data()));
        const __m128i clear = _mm_cmpeq_epi32(_mm_and_si128(words, bit), _mm_setzero_si128());
        up = ~static_cast<std::uint32_t>(_mm_movemask_ps(_mm_castsi128_ps(clear))) & 0xFu;
      } else
#endif
      {
#pragma GCC unroll 8
        for (std::size_t n = 0; n < kSlots; ++n) up |= ((word(s.table[n]) >> (s.shift[n] + dir)) & 1u) << n;
      }
      if (s.count > kSlots) [[unlikely]] up |= tail_signs(s, dir);
      // Lane j changes by +1 if the sign of its table holding the tile is
      // up, by -1 if down, by 0 if it has none.
#if defined(__SSE2__)
      const __m128i lane_bit = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.lane_bit.data()));
      const __m128i used = _mm_cmpgt_epi16(lane_bit, _mm_setzero_si128());
      const __m128i bits = _mm_set1_epi16(static_cast<std::int16_t>(up));
      const __m128i ups = _mm_and_si128(_mm_cmpeq_epi16(_mm_and_si128(bits, lane_bit), lane_bit), used);
      __m128i sums = _mm_loadu_si128(reinterpret_cast<const __m128i*>(sum.data()));
      sums = _mm_add_epi16(sums, _mm_sub_epi16(_mm_sub_epi16(used, ups), ups));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(change.sum.data()), sums);
      change.best = catalogue_words::lane_max(sums);
#else
      for (std::size_t j = 0; j < sum.size(); ++j) {
        const int bit = s.lane_bit[j];
        change.sum[j] = static_cast<std::int16_t>(sum[j] + (bit == 0 ? 0 : (up & static_cast<std::uint32_t>(bit)) ? 1 : -1));
      }
      change.best = catalogue_words::lane_max(change.sum);
#endif
    }

    // After locate_signs(), the child's ranks of the tables holding the
    // tile and its words' addresses: needed only for a child the bound
    // lets through. The first kSlots slots run unrolled, a passed tile's
    // terms for all of them one row; the tail, rarely run, as
    // catalogue_words does.
    template <class TileAt>
    [[gnu::always_inline]] void locate_ranks(const ChildSignCatalogueHeuristic& h, Change& change, int tile, int from,
                                             int to, TileAt tile_at) const {
      const Slots& s = *change.slots;
      const int lo = from < to ? from : to;
      const int hi = from < to ? to : from;
      std::array<std::int64_t, kSlots> delta;
#pragma GCC unroll 8
      for (std::size_t n = 0; n < kSlots; ++n) delta[n] = (hi - lo) * s.weight[n];
      for (int cell = lo + 1; cell < hi; ++cell) {
        const auto& row = terms[static_cast<std::size_t>(tile)][static_cast<std::size_t>(tile_at(cell))];
#pragma GCC unroll 8
        for (std::size_t n = 0; n < kSlots; ++n) delta[n] += row[n];
      }
#pragma GCC unroll 8
      for (std::size_t n = 0; n < kSlots; ++n) {
        const auto r = static_cast<std::uint64_t>(static_cast<std::int64_t>(rank(s.table[n])) +
                                                  (from < to ? delta[n] : -delta[n]));
        change.cursor[n] = cursor_of(r, 0);
        change.entry[n] = s.words[n] + r;
      }
      if (s.count > kSlots) [[unlikely]] tail_ranks(h, change, from, to, tile_at);
    }

    // Both: what ReflectedViews' locate() asks.
    template <class TileAt>
    [[gnu::always_inline]] void locate(const ChildSignCatalogueHeuristic& h, Change& change, int tile, int from,
                                       int to, TileAt tile_at) const {
      locate_signs(change, tile, from, to);
      locate_ranks(h, change, tile, from, to, tile_at);
    }
    [[gnu::always_inline]] void fetch(const ChildSignCatalogueHeuristic&, Change&) const {}
    [[gnu::always_inline]] int evaluate(const ChildSignCatalogueHeuristic&, Change& change) const {
      return change.best;
    }

    [[gnu::always_inline]] void prefetch(const Change& change) const {
#pragma GCC unroll 8
      for (std::size_t n = 0; n < kSlots; ++n) __builtin_prefetch(change.entry[n]);
      const Slots& s = *change.slots;
      if (s.count > kSlots) [[unlikely]] tail_prefetch(change);
    }

    [[gnu::always_inline]] void descend(const ChildSignCatalogueHeuristic&, Change& change) {
      const Slots& s = *change.slots;
#pragma GCC unroll 8
      for (std::size_t n = 0; n < kSlots; ++n) descend_slot(s, change, n);
      if (s.count > kSlots) [[unlikely]] tail_descend(change);
      catalogue_lanes::swap_sums(sum, change.sum);
      std::swap(best, change.best);
    }
    // Puts the parent's cursors, sums and maximum back from `change`,
    // which is spent (pdb_views.h).
    [[gnu::always_inline]] void ascend(const ChildSignCatalogueHeuristic&, const Change& change) {
      const Slots& s = *change.slots;
#pragma GCC unroll 8
      for (std::size_t n = 0; n < kSlots; ++n) ascend_slot(s, change, n);
      if (s.count > kSlots) [[unlikely]] tail_ascend(change);
      sum = change.sum;
      best = change.best;
    }

   private:
    // A cursor's layout: the rank above bit kRankShift, the word below it.
    static constexpr int kRankShift = 32;
    [[gnu::always_inline]] static std::uint64_t cursor_of(std::uint64_t rank, std::uint32_t word) {
      return rank << kRankShift | word;
    }
    [[gnu::always_inline]] std::uint32_t word(std::size_t id) const { return static_cast<std::uint32_t>(cursor[id]); }
    [[gnu::always_inline]] std::uint64_t rank(std::size_t id) const { return cursor[id] >> kRankShift; }

    // The kernels descend only into a child whose ranks locate_ranks() set,
    // which GCC cannot see through their Steps (uninitialised, pdb_views.h).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
    [[gnu::always_inline]] void descend_slot(const Slots& s, Change& change, std::size_t n) {
      const std::size_t id = s.table[n];
      const std::uint64_t child = change.cursor[n] | *change.entry[n];
      change.cursor[n] = cursor[id];
      cursor[id] = child;
    }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
    [[gnu::always_inline]] void ascend_slot(const Slots& s, const Change& change, std::size_t n) {
      cursor[s.table[n]] = change.cursor[n];
    }

    // The tail: the slots beyond kSlots (on cat:small, tile 12's fifth
    // table), out of line, so that the kernels' code, inlined for every
    // move of every blank cell, stays small.
    [[gnu::noinline, gnu::cold]] std::uint32_t tail_signs(const Slots& s, int dir) const {
      std::uint32_t up = 0;
      for (std::size_t n = kSlots; n < s.count; ++n) up |= ((word(s.table[n]) >> (s.shift[n] + dir)) & 1u) << n;
      return up;
    }
    template <class TileAt>
    [[gnu::noinline, gnu::cold]] void tail_ranks(const ChildSignCatalogueHeuristic& h, Change& change, int from, int to,
                                                 TileAt tile_at) const {
      const Slots& s = *change.slots;
      for (std::size_t n = kSlots; n < s.count; ++n) {
        const std::size_t id = s.table[n];
        const std::uint64_t r = moved_rank(h.tables_, id, s.shift[n] / 4, rank(id), from, to, tile_at);
        change.cursor[n] = cursor_of(r, 0);
        change.entry[n] = s.words[n] + r;
      }
    }
    [[gnu::noinline, gnu::cold]] static void tail_prefetch(const Change& change) {
      for (std::size_t n = kSlots; n < change.slots->count; ++n) __builtin_prefetch(change.entry[n]);
    }
    [[gnu::noinline, gnu::cold]] void tail_descend(Change& change) {
      for (std::size_t n = kSlots; n < change.slots->count; ++n) descend_slot(*change.slots, change, n);
    }
    [[gnu::noinline, gnu::cold]] void tail_ascend(const Change& change) {
      for (std::size_t n = kSlots; n < change.slots->count; ++n) ascend_slot(*change.slots, change, n);
    }
  };
  using Views = pdb::ReflectedViews<View, true, kSide>;

 public:
  using Step = typename Views::Step;
  // The shape kernel with the move-pruning machine is one function for all
  // blank cells (ida_star.h's dfs_fsm_shared): this kernel's code per cell
  // is 10 KB, and 25 cells' of it missed the instruction cache 42 times per
  // expansion (results/korf24_levers.md sections 26-27).
  static constexpr bool kSharedKernel = true;

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
            "child signs", views_.plain, &views_.mirrored) {
    if (tables_.cells() != kCells) throw std::invalid_argument("child signs of another board's catalogue");
    for (int id = 0; id < tables_.count(); ++id) {  // a cursor holds a rank in 32 bits
      std::uint64_t ranks = 1;
      for (int i = 0; i < tables_.table(static_cast<std::size_t>(id)).k; ++i) {
        ranks *= static_cast<std::uint64_t>(kCells - i);
      }
      if (ranks > std::uint64_t{1} << 32) throw std::invalid_argument("child signs of a table of over 2^32 ranks");
    }
    views_.plain.init_slots(tables_);
    views_.mirrored.init_slots(tables_);
  }

  int reset(const Board& board) { return views_.reset(*this, board); }

  template <class Storage>
  [[gnu::always_inline]] void prepare(Step& step, int tile, int from, int to, const Storage& board) {
    views_.locate(*this, step, tile, from, to, board);
  }
  // The plain view's value when it exceeds `room`, as DenseCatalogueHeuristic's.
  [[gnu::always_inline]] int evaluate(Step& step, int room) { return views_.evaluate(*this, step, room); }
  // Screening (pdb_views.h), which ida_star.h's dfs_at takes instead of
  // prepare(): the plain view's signs of every child first, the reflected
  // view's only for the children the plain one lets through, and the ranks
  // of both, with their words fetched, only for the children neither cuts.
  template <class Storage>
  [[gnu::always_inline]] void locate_plain(Step& step, int tile, int from, int to, const Storage&) {
    views_.plain.locate_signs(step.plain, tile, from, to);
  }
  [[gnu::always_inline]] void fetch_plain(Step&) {}
  [[gnu::always_inline]] bool screen(Step& step, int room) {
    step.mirrored.room = room;
    return views_.screen(*this, step, room);
  }
  template <class Storage>
  [[gnu::always_inline]] void locate_mirrored(Step& step, int tile, int from, int to, const Storage& board) {
    // The move's offset transposed (a step of kSide becomes one of 1), so
    // that a kernel whose move is a constant and whose blank is not (the
    // shared kernel, ida_star.h) knows the mirrored move's direction too.
    const int offset = from - to;
    const int mirrored_to = kMirrored[static_cast<std::size_t>(to)];
    const int mirrored_from = mirrored_to + (offset == kSide || offset == -kSide ? offset / kSide : offset * kSide);
    views_.mirrored.locate_signs(step.mirrored, tile, mirrored_from, mirrored_to);
    if (step.mirrored.best <= step.mirrored.room) {
      views_.plain.locate_ranks(*this, step.plain, tile, from, to, [&board](int cell) { return board.at(cell); });
      views_.mirrored.locate_ranks(*this, step.mirrored, tile, mirrored_from, mirrored_to,
                                   [&board](int cell) { return board.at(kMirrored[static_cast<std::size_t>(cell)]); });
      views_.plain.prefetch(step.plain);
      views_.mirrored.prefetch(step.mirrored);
    }
  }
  [[gnu::always_inline]] void fetch_mirrored(Step&) {}
  [[gnu::always_inline]] int evaluate_screened(Step& step, int room) {
    return views_.evaluate_screened(*this, step, room);
  }
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
