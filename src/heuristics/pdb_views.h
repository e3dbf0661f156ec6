// What the zero-aware kernel (zero_aware_heuristic.h) and the catalogue
// kernel (catalogue_heuristic.h) share:
//
//   - PartTable: one pattern database and how a search indexes it
//     incrementally. A view keeps one PartTable::Cursor per table: the
//     occupied cells as a mask, and for a zero-aware table the colex rank of
//     that set and the Lehmer rank of the tile order (zero_aware.h), for a
//     plain table the lexicographic rank (pattern.h). moved() updates a
//     cursor for one move by looking only at the table's tiles on the cells
//     strictly between the old and the new cell; entry() adds the blank's
//     region (zero-aware) and points into the table.
//   - ReflectedViews: the plain view and, with reflection, the view of the
//     board reflected in its main diagonal, and the bookkeeping around them
//     (mirrored cells, the reflected view read, and with screening even
//     indexed, only when the plain one does not already cut the child,
//     descend/ascend).
//
// A View provides
//   struct Change;                                      // one move's change, kept in the kernel's Step
//   int reset(const Ctx&, const Where&);                // from scratch; returns the view's value
//   int value_at(const Ctx&, const Where&) const;       // the same, leaving the view unchanged
//   void locate(const Ctx&, Change&, int tile, int from, int to, TileAt);  // cursors; prefetch set records
//   void fetch(const Ctx&, Change&);                    // entries; prefetch them
//   int evaluate(const Ctx&, Change&);                  // the child's value
//   void descend(const Ctx&, Change&);                  // make the child's state the view's
//   void ascend(const Ctx&, Change&);                   // make the parent's state the view's again
//                                                       // (the Change is spent: the kernels never
//                                                       // descend through it again, so ascend()
//                                                       // may restore without swapping back)
// where TileAt(cell) is the tile on `cell` of the parent board of this view,
// named as in the plain board (the views' tile tables are indexed so).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "core/board.h"
#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/zero_aware.h"

namespace npuzzle::pdb {

// where[t]: the cell of tile t (t = 0: the blank).
using Where = std::array<std::uint8_t, kMaxPdbCells>;

// A* (NodeHeuristic) over a set whose search form keeps parent values it
// has no use for there: a packed board's value from scratch, and a child's
// (`tile` slid from `from` onto the blank at `to` of `parent`).
template <class Storage>
int value_from_scratch(const AdditivePdb& set, const Storage& board) {
  Where where{};
  for (int pos = 0; pos < set.cells(); ++pos) where[static_cast<std::size_t>(board.at(pos))] = static_cast<std::uint8_t>(pos);
  return set.evaluate_positions(where);
}
template <class Storage>
int child_value_from_scratch(const AdditivePdb& set, const Storage& parent, int tile, int from, int to) {
  Where where{};
  for (int pos = 0; pos < set.cells(); ++pos) where[static_cast<std::size_t>(parent.at(pos))] = static_cast<std::uint8_t>(pos);
  where[static_cast<std::size_t>(tile)] = static_cast<std::uint8_t>(to);
  where[0] = static_cast<std::uint8_t>(from);
  return set.evaluate_positions(where);
}

struct PartTable {
  using Cursor = ZeroAwareIndex::Cursor;  // for a plain table, `permutation` is the lexicographic rank

  const std::uint8_t* data = nullptr;
  const ZeroAwareIndex* zero_aware = nullptr;  // null: indexed by the lexicographic rank
  int k = 0;
  std::array<std::uint64_t, kMaxPatternTiles> weight{};  // lexicographic ranking weights (plain tables)

  explicit PartTable(const PatternDb& db) : data(db.data()), zero_aware(db.pattern().zero_aware_index()), k(db.pattern().size()) {
    for (int i = 0; i < k; ++i) weight[static_cast<std::size_t>(i)] = db.pattern().ranker().weight(i);
  }
  PartTable() = default;

  Cursor cursor(const std::uint8_t* cells) const {
    if (zero_aware) return zero_aware->cursor(cells);
    Cursor c;
    for (int i = 0; i < k; ++i) {
      const std::uint32_t cell = cells[i];
      const std::uint32_t bit = std::uint32_t{1} << cell;
      c.permutation += (cell - static_cast<std::uint32_t>(popcount32(c.occupied & (bit - 1)))) *
                       weight[static_cast<std::size_t>(i)];
      c.occupied |= bit;
    }
    return c;
  }

  // The cursor after tile i (table order) slides from `from` to the free
  // cell `to`; index_at(cell): the table-order index of the tile on an
  // occupied cell.
  template <bool kZeroAware, class IndexAt>
  [[gnu::always_inline]] Cursor moved(const Cursor& c, int i, int from, int to, IndexAt index_at) const {
    if constexpr (kZeroAware) {
      return zero_aware->moved(c, i, from, to, index_at);
    } else {
      // Lexicographic digit i = c_i - #{j < i on lower cells}: the moved
      // digit changes by the distance less the earlier tiles passed, and each
      // later tile passed changes its digit by one (pdb_heuristic.h).
      const int lo = from < to ? from : to;
      const int hi = from < to ? to : from;
      const auto wi = static_cast<std::int64_t>(weight[static_cast<std::size_t>(i)]);
      std::int64_t delta = (hi - lo) * wi;
      for (int cell = lo + 1; cell < hi; ++cell) {
        if ((c.occupied >> cell) & 1u) {
          const int j = index_at(cell);
          delta += j < i ? -wi : static_cast<std::int64_t>(weight[static_cast<std::size_t>(j)]);
        }
      }
      Cursor next = c;
      next.occupied = c.occupied ^ (std::uint32_t{1} << from) ^ (std::uint32_t{1} << to);
      next.permutation = static_cast<std::uint64_t>(static_cast<std::int64_t>(c.permutation) + (from < to ? delta : -delta));
      return next;
    }
  }

  // What entry() reads besides the table, to prefetch first.
  template <bool kZeroAware>
  [[gnu::always_inline]] void prefetch_index(const Cursor& c) const {
    if constexpr (kZeroAware) __builtin_prefetch(zero_aware->set_record(c));
  }

  template <bool kZeroAware>
  [[gnu::always_inline]] const std::uint8_t* entry(const Cursor& c, int blank) const {
    if constexpr (kZeroAware) {
      return data + zero_aware->index(c, blank);
    } else {
      return data + c.permutation;
    }
  }
  const std::uint8_t* entry(const Cursor& c, int blank) const {
    return zero_aware ? entry<true>(c, blank) : entry<false>(c, blank);
  }
};

template <class View, bool kReflect, int kSide>
class ReflectedViews {
 public:
  using Change = typename View::Change;
  // A View whose changes are only read once prepared may say
  // `static constexpr bool kStepsUninitialised = true;`: the kernels
  // value-initialise four Steps per node (`Step up{}`, which keeps GCC's
  // -Wmaybe-uninitialized quiet about dead moves), and GCC zeroes a Step
  // whole unless its constructor is user-provided. For the one-bit
  // catalogue's 330-byte Step that rep stos was 6.6% of the kernel's samples
  // (results/korf24_levers.md section 9).
  static constexpr bool kStepsUninitialised = requires { View::kStepsUninitialised; };
  struct Step {
    Step()
      requires kStepsUninitialised
    {}
    Step()
      requires(!kStepsUninitialised)
    = default;
    Change plain;
    Change mirrored;     // used only with reflection
    int plain_value = 0;  // screen()'s
  };

  explicit ReflectedViews(const AdditivePdb& pdb) : cells_(pdb.cells()) {
    for (int c = 0; c < cells_; ++c) mirror_[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(pdb.mirror(c));
  }

  View plain;
  View mirrored;  // used only with reflection

  template <class Ctx>
  int reset(const Ctx& ctx, const Board& board) {
    Where where{};
    for (int pos = 0; pos < board.cells(); ++pos) where[board.at(pos)] = static_cast<std::uint8_t>(pos);
    const int value = plain.reset(ctx, where);
    if constexpr (kReflect) {
      mirror_all(where);
      return std::max(value, mirrored.reset(ctx, where));
    } else {
      return value;
    }
  }

  // `tile` slides from cell `from` to the blank's cell `to` of `board` (the
  // parent). In two stages, so that a kernel can run the first for all
  // children before the second: locate() updates the cursors and prefetches
  // what the index needs (a zero-aware table's per-set record), fetch()
  // computes the entries and prefetches them. prepare() is both.
  template <class Ctx, class Storage>
  [[gnu::always_inline]] void locate(const Ctx& ctx, Step& step, int tile, int from, int to, const Storage& board) {
    locate_plain(ctx, step, tile, from, to, board);
    if constexpr (kReflect) locate_mirrored(ctx, step, tile, from, to, board);
  }
  template <class Ctx>
  [[gnu::always_inline]] void fetch(const Ctx& ctx, Step& step) {
    fetch_plain(ctx, step);
    if constexpr (kReflect) fetch_mirrored(ctx, step);
  }
  template <class Ctx, class Storage>
  [[gnu::always_inline]] void prepare(const Ctx& ctx, Step& step, int tile, int from, int to, const Storage& board) {
    locate(ctx, step, tile, from, to, board);
    fetch(ctx, step);
  }

  // With reflection the reflected view is read only when the plain one does
  // not already exceed `room` (Korf & Felner).
  template <class Ctx>
  [[gnu::always_inline]] int evaluate(const Ctx& ctx, Step& step, int room) {
    const int value = plain.evaluate(ctx, step.plain);
    if constexpr (kReflect) {
      if (value > room) return value;
      return std::max(value, mirrored.evaluate(ctx, step.mirrored));
    } else {
      return value;
    }
  }

  // Screening (reflection only), the kernel's alternative to locate() and
  // fetch() then evaluate(): locate_plain() and fetch_plain() for all
  // children, screen() each, and locate_mirrored() and fetch_mirrored() only
  // for the children that screen() lets through; then evaluate_screened().
  // A child the plain view cuts (most cut children) costs no reflected
  // index update and no reflected miss. The values are evaluate()'s: a
  // child the plain view cuts gets the plain value, as there.
  template <class Ctx, class Storage>
  [[gnu::always_inline]] void locate_plain(const Ctx& ctx, Step& step, int tile, int from, int to, const Storage& board) {
    plain.locate(ctx, step.plain, tile, from, to, [&board](int cell) { return board.at(cell); });
  }
  template <class Ctx>
  [[gnu::always_inline]] void fetch_plain(const Ctx& ctx, Step& step) {
    plain.fetch(ctx, step.plain);
  }
  // True when the reflected view must be read: the plain value does not exceed `room`.
  template <class Ctx>
  [[gnu::always_inline]] bool screen(const Ctx& ctx, Step& step, int room)
    requires kReflect
  {
    step.plain_value = plain.evaluate(ctx, step.plain);
    return step.plain_value <= room;
  }
  template <class Ctx, class Storage>
  [[gnu::always_inline]] void locate_mirrored(const Ctx& ctx, Step& step, int tile, int from, int to,
                                              const Storage& board)
    requires kReflect
  {
    mirrored.locate(ctx, step.mirrored, tile, mirror(from), mirror(to), [&](int cell) { return board.at(mirror(cell)); });
  }
  template <class Ctx>
  [[gnu::always_inline]] void fetch_mirrored(const Ctx& ctx, Step& step)
    requires kReflect
  {
    mirrored.fetch(ctx, step.mirrored);
  }
  template <class Ctx>
  [[gnu::always_inline]] int evaluate_screened(const Ctx& ctx, Step& step, int room)
    requires kReflect
  {
    if (step.plain_value > room) return step.plain_value;
    return std::max(step.plain_value, mirrored.evaluate(ctx, step.mirrored));
  }

  template <class Ctx>
  [[gnu::always_inline]] void descend(const Ctx& ctx, Step& step) {
    plain.descend(ctx, step.plain);
    if constexpr (kReflect) mirrored.descend(ctx, step.mirrored);
  }
  template <class Ctx>
  [[gnu::always_inline]] void ascend(const Ctx& ctx, Step& step) {
    plain.ascend(ctx, step.plain);
    if constexpr (kReflect) mirrored.ascend(ctx, step.mirrored);
  }

  // NodeHeuristic: the value reset() gives, from a packed board, and a child's.
  template <class Ctx, class Storage>
  int value(const Ctx& ctx, const Storage& board) const {
    Where where{};
    for (int pos = 0; pos < cells_; ++pos) where[static_cast<std::size_t>(board.at(pos))] = static_cast<std::uint8_t>(pos);
    return value_at(ctx, where);
  }
  template <class Ctx, class Storage>
  int child_value(const Ctx& ctx, const Storage& parent, int tile, int from, int to) const {
    Where where{};
    for (int pos = 0; pos < cells_; ++pos) where[static_cast<std::size_t>(parent.at(pos))] = static_cast<std::uint8_t>(pos);
    where[static_cast<std::size_t>(tile)] = static_cast<std::uint8_t>(to);
    where[0] = static_cast<std::uint8_t>(from);
    return value_at(ctx, where);
  }

 private:
  template <class Ctx>
  int value_at(const Ctx& ctx, Where where) const {
    const int value = plain.value_at(ctx, where);
    if constexpr (kReflect) {
      mirror_all(where);
      return std::max(value, mirrored.value_at(ctx, where));
    } else {
      return value;
    }
  }

  void mirror_all(Where& where) const {
    for (int t = 0; t < cells_; ++t) {
      where[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(mirror(where[static_cast<std::size_t>(t)]));
    }
  }

  [[gnu::always_inline]] int mirror(int cell) const {
    if constexpr (kSide > 0) {
      return mirror_cell(cell, kSide);
    } else {
      return mirror_[static_cast<std::size_t>(cell)];
    }
  }

  int cells_;
  std::array<std::uint8_t, kMaxPdbCells> mirror_{};
};

}  // namespace npuzzle::pdb
