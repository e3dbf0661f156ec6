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
// lexicographic rank. Each view keeps, per part, a cursor (pdb_views.h,
// zero_aware.h: the occupied set's mask and colex rank and the tile order's
// Lehmer rank); prepare() updates the moved part's cursor from the tiles on
// the cells between the move's two cells (none for a sideways move), adds
// the blank's region and prefetches the entry. The kernels prepare all
// children of a node before evaluating the first, so the misses overlap as
// before; dfs_at does it in two rounds (locate(): cursors, prefetch of the
// per-set records; fetch(): entries, prefetched), so that the set records'
// misses overlap too. Nothing is looked up on the way back: a Step keeps the parent's
// cursor, part value and sum, and ascend() swaps them back. The reflection
// bookkeeping is ReflectedViews (pdb_views.h), shared with the catalogue.
#pragma once

#include <array>
#include <cstdlib>
#include <cstdint>
#include <utility>

#include "heuristics/child_sign_heuristic.h"
#include "heuristics/dense_zero_aware_heuristic.h"
#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/dense_zero_aware.h"
#include "heuristics/pdb/zero_aware.h"
#include "heuristics/pdb_views.h"
#include "heuristics/reflected_table_row.h"
#include "heuristics/resolved.h"

namespace npuzzle {

// kSide: the side of a square board known at compile time, so that
// reflected cells fold to constants; 0 reads them from a table.
template <bool kReflect, int kSide = 0>
class ZeroAwarePdbHeuristic {
  using Cursor = pdb::PartTable::Cursor;
  using Parts = std::array<pdb::PartTable, pdb::kMaxParts>;

  // One additive evaluation (the plain board, or its reflection).
  struct View {
    struct Change {
      const std::uint8_t* entry;
      Cursor cursor;  // the child's cursor of the part; the parent's after descend()
      int sum = 0;    // the child's sum; the parent's after descend()
      std::uint8_t part, from;
      std::uint8_t value = 0;  // the child's part value; the parent's after descend()
    };

    std::array<Cursor, pdb::kMaxParts> cursor{};
    std::array<std::uint8_t, pdb::kMaxParts> value{};
    int sum = 0;
    std::array<pdb::TileSlot, pdb::kMaxPdbCells> slot{};  // tile -> (part, index) in this view

    int reset(const ZeroAwarePdbHeuristic& h, const pdb::Where& where) {
      std::array<std::array<std::uint8_t, pdb::kMaxPatternTiles>, pdb::kMaxParts> at{};
      for (int t = 1; t < h.cells_; ++t) {
        const pdb::TileSlot s = slot[static_cast<std::size_t>(t)];
        at[s.part][s.index] = where[static_cast<std::size_t>(t)];
      }
      sum = 0;
      for (std::size_t p = 0; p < static_cast<std::size_t>(h.parts_count_); ++p) {
        cursor[p] = h.parts_[p].cursor(at[p].data());
        value[p] = *h.parts_[p].template entry<true>(cursor[p], where[0]);
        sum += value[p];
      }
      return sum;
    }

    int value_at(const ZeroAwarePdbHeuristic& h, const pdb::Where& where) const {
      View copy = *this;
      return copy.reset(h, where);
    }

    // In this view `tile` slides from cell `from` to cell `to`, and the
    // blank lands on `from`: update the part's cursor, prefetch its set record.
    template <class TileAt>
    [[gnu::always_inline]] void locate(const ZeroAwarePdbHeuristic& h, Change& change, int tile, int from, int to,
                                       TileAt tile_at) const {
      const pdb::TileSlot s = slot[static_cast<std::size_t>(tile)];
      const pdb::PartTable& part = h.parts_[s.part];
      change.part = s.part;
      change.from = static_cast<std::uint8_t>(from);
      change.cursor = part.template moved<true>(cursor[s.part], s.index, from, to, [&](int cell) {
        return static_cast<int>(slot[static_cast<std::size_t>(tile_at(cell))].index);
      });
      part.template prefetch_index<true>(change.cursor);
    }

    // The entry, prefetched.
    [[gnu::always_inline]] void fetch(const ZeroAwarePdbHeuristic& h, Change& change) const {
      change.entry = h.parts_[change.part].template entry<true>(change.cursor, change.from);
      __builtin_prefetch(change.entry);
    }

    [[gnu::always_inline]] int evaluate(const ZeroAwarePdbHeuristic&, Change& change) const {
      change.value = *change.entry;
      change.sum = sum - value[change.part] + change.value;
      return change.sum;
    }

    // Swaps the change's cursor, value and sum with the view's: descend()
    // makes the child's current, ascend() the parent's again (one part
    // changes per move, so a swap is cheaper than a row per depth).
    [[gnu::always_inline]] void descend(const ZeroAwarePdbHeuristic&, Change& change) {
      std::swap(cursor[change.part], change.cursor);
      std::swap(value[change.part], change.value);
      std::swap(sum, change.sum);
    }
    [[gnu::always_inline]] void ascend(const ZeroAwarePdbHeuristic& h, Change& change) { descend(h, change); }
  };
  using Views = pdb::ReflectedViews<View, kReflect, kSide>;

 public:
  using Step = typename Views::Step;

  // Precondition: `pdb` outlives the search, matches the board and goal, is
  // zero_aware(), and pdb.reflected() == kReflect.
  explicit ZeroAwarePdbHeuristic(const pdb::AdditivePdb& pdb)
      : cells_(pdb.cells()), parts_count_(pdb.parts()), views_(pdb) {
    for (int p = 0; p < pdb.parts(); ++p) parts_[static_cast<std::size_t>(p)] = pdb::PartTable(pdb.part(p));
    for (int t = 1; t < cells_; ++t) {
      views_.plain.slot[static_cast<std::size_t>(t)] = pdb.slot(t);
      if constexpr (kReflect) views_.mirrored.slot[static_cast<std::size_t>(t)] = pdb.reflected_slot(t);
    }
  }

  int reset(const Board& board) { return views_.reset(*this, board); }

  // `tile` slides from cell `from` to the blank's cell `to`: index the
  // changed part (the blank lands on `from`) and start fetching its entry.
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
  [[gnu::always_inline]] void descend(Step& step) { views_.descend(*this, step); }
  [[gnu::always_inline]] void ascend(Step& step) { views_.ascend(*this, step); }
  [[gnu::always_inline]] void reject(Step&) {}

  // NodeHeuristic: the value reset() gives, from a packed board.
  template <class Storage>
  int value(const Storage& board) const {
    return views_.value(*this, board);
  }
  template <class Storage>
  int child_value(const Storage& parent, int, int tile, int from, int to, bool) const {
    return views_.child_value(*this, parent, tile, from, to);
  }

 private:
  int cells_;
  int parts_count_;
  Parts parts_{};
  Views views_;
};

// The row of zero-aware pattern databases, `zpdb:SPEC` (registry.h; its
// data is in pdb_rows.cc). The 4x4 and 5x5 compile-time kernels carry its
// one-bit form (below); other boards and sets run the generic kernel, the
// same template code. A reflected set on a square board of at
// most 32 cells that the row loaded has a dense one-bit form
// (pdb/dense_zero_aware.h, derived at load: region bytes up to 16 cells,
// cell words above), and the IDA* kernels read it through
// DenseZeroAwareHeuristic: the same values, with a plain table's lookups
// (over 4x a plain table's memory in cell words). Such a set of one
// partition also has child signs (pdb/child_signs.h, derived from the
// one-bit form), which the 4x4 and 5x5 kernels read instead through
// ChildSignHeuristic: the same values again, with a line read only per
// child descended into.
struct ZeroAwarePdbRow : ReflectedTableRow<ZeroAwarePdbHeuristic> {
  static const HeuristicRow& row();
  static constexpr bool kMachineOnly = false;
  // The 4x4 and 5x5 shape kernels are built by default
  // (search/kernel_dispatch.h): in the 4x4 one the one-bit form of zpdb:78
  // searches in 0.6x pdb:78's time, in the generic kernel at about pdb:78's
  // (results/random15.md); the 5x5 one reads zpdb:6666's cell words
  // (results/korf24_levers.md, section 8).
  static constexpr bool in_default_shape_kernel(int rows, int cols) {
    return rows == cols && (rows == 4 || rows == 5);
  }
  // The shape kernels carry the one-bit form and child signs only (shape_kernel_serves):
  // a set without either (no reflection, or refused by the memory budget) runs
  // the generic kernel, with the same counts. kMinCells..kMaxCells: the
  // boards a generic kernel serves (its packing's, search/kernel_dispatch.h),
  // so that it carries only the layout those boards can have.
  static bool shape_kernel_serves(const ResolvedHeuristic& h) {
    const auto& set = h.data_as<pdb::AdditivePdb>();
    if (!set.reflected()) return false;
    return pdb::DenseZeroAwareSet::find(set) != nullptr ||
           (set.rows() == set.cols() && pdb::ChildSignSet::find(set) != nullptr);
  }
  static constexpr bool kWithKernelByCells = true;
  template <int kRows, int kCols, int kMinCells, int kMaxCells, class F>
  static decltype(auto) with_kernel(const ResolvedHeuristic& h, const TileTables& tables, F&& f) {
    using Dense = pdb::DenseZeroAwareSet;
    using Layout = Dense::Layout;
    constexpr int kCells = kRows * kCols;  // 0: the generic kernel
    constexpr bool kRegionBytes = Dense::layout_within(Layout::kRegionBytes, kMinCells, kMaxCells);
    constexpr bool kCellWords = Dense::layout_within(Layout::kCellWords, kMinCells, kMaxCells);
    if constexpr (kRegionBytes || kCellWords) {
      const auto& set = h.data_as<pdb::AdditivePdb>();
      if (set.reflected() && set.rows() == set.cols()) {
        constexpr int kSide = kRows == kCols ? kRows : 0;
        if constexpr (kSide > 0) {
          if (const auto signs = pdb::ChildSignSet::find(set)) return f(ChildSignHeuristic<kSide>(set, *signs));
        }
        if (const auto dense = pdb::DenseZeroAwareSet::find(set)) {
          if constexpr (kRegionBytes) {
            if (dense->layout() == Layout::kRegionBytes) {
              return f(DenseZeroAwareHeuristic<true, kSide, Layout::kRegionBytes>(set, *dense));
            }
          }
          if constexpr (kCellWords) {
            if (dense->layout() == Layout::kCellWords) {
              return f(DenseZeroAwareHeuristic<true, kSide, Layout::kCellWords>(set, *dense));
            }
          }
        }
      }
    }
    if constexpr (kCells > 0) {
      std::abort();  // shape_kernel_serves() sends a set here only with its one-bit form or child signs
    } else {
      return ReflectedTableRow<ZeroAwarePdbHeuristic>::with_kernel<kRows, kCols>(h, tables, std::forward<F>(f));
    }
  }
};

}  // namespace npuzzle
