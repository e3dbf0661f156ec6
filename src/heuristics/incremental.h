// The shapes the search kernels need from a heuristic (C++20 concepts), and
// the per-tile heuristics in those shapes.
//
// Depth-first (IDA*): a kernel asks for the root's value once (reset), then,
// for every child, the child's value from its parent's across one move
// (child). The heuristic may keep per-search state (linear-conflict codes,
// PDB placements): child() prepares the change in a Step, and the kernel
// then either descends (descend, later ascend to restore) or cuts the child
// (reject). No allocation, no virtual call, no copy of a board.
//
// Best-first (A*): nodes are expanded in any order, so no state can follow
// the search; a NodeHeuristic computes from a packed board alone.
#pragma once

#include <concepts>
#include <type_traits>

#include "core/board.h"
#include "core/packed_board.h"
#include "heuristics/heuristic.h"
#include "heuristics/linear_conflict.h"
#include "heuristics/resolved.h"
#include "heuristics/tile_tables.h"

namespace npuzzle {

template <class H>
concept IncrementalHeuristic =
    requires(H& h, typename H::Step& step, const Board& board, int value, int tile, int from, int to, bool vertical,
             int cols, int cells) {
      { h.reset(board) } -> std::same_as<int>;
      // `tile` slides from cell `from` onto the blank at `to`; `cols` and
      // `cells` are the board's, passed so that static kernels fold them.
      { h.child(step, value, tile, from, to, vertical, cols, cells) } -> std::same_as<int>;
      h.descend(step);
      h.ascend(step);
      h.reject(step);
    };

// A heuristic in two steps, for when a child's value costs a cache miss (a
// PDB): prepare() starts the work (ranks the child's placement, prefetches
// its entry; it may read the parent's packed board) and evaluate() finishes
// it. A kernel prepares every child of a
// node, in any order, before it evaluates the first, so the misses overlap.
// evaluate(step, room) returns the child's h when that is at most `room`;
// otherwise any admissible value above `room` (the cheapest part of h that
// proves the cut), which is what the kernel then takes for the next bound.
// descend/ascend/reject as above.
// Checked for the packing the kernel runs on (Storage): prepare() reads the
// parent's packed board.
template <class H, class Storage = Packed64>
concept PreparingHeuristic =
    requires(H& h, typename H::Step& step, const Board& board, const Storage& packed, int tile, int from, int to,
             int room) {
      { h.reset(board) } -> std::same_as<int>;
      h.prepare(step, tile, from, to, packed);
      { h.evaluate(step, room) } -> std::same_as<int>;
      h.descend(step);
      h.ascend(step);
      h.reject(step);
    };

// A heuristic with no per-search state, for kernels that expand nodes in
// any order. value(board) is the board's h. child_value(parent, h, tile,
// from, to, vertical) is the h of the child in which `tile` has slid from
// cell `from` of `parent` onto the blank at `to` (a vertical move if
// `vertical`), given h == value(parent); it must equal value(child), and
// exists because most heuristics get it cheaper from the parent's.
// Both are const: one heuristic may serve any number of nodes.
template <class H, class Storage>
concept NodeHeuristic =
    PackedBoard<Storage> &&
    requires(const H& h, const Storage& board, int value, int tile, int from, int to, bool vertical) {
      { h.value(board) } -> std::same_as<int>;
      { h.child_value(board, value, tile, from, to, vertical) } -> std::same_as<int>;
    };

// Hamming or Manhattan (a sum of per-tile costs, updated from a
// [tile][from][to] delta table), optionally plus linear conflicts.
template <int kMaxSide, bool kConflict>
class TileHeuristic {
  struct NoStep {};

 public:
  using Step = std::conditional_t<kConflict, typename LinearConflict<kMaxSide>::Step, NoStep>;

  // Precondition: kConflict implies kind == kLinearConflict and
  // tables.has_conflict_tables.
  TileHeuristic(const TileTables& tables, HeuristicKind kind)
      : tables_(&tables),
        delta_(kind == HeuristicKind::kHamming ? tables.hamming_delta.data() : tables.manhattan_delta.data()),
        cost_(kind == HeuristicKind::kHamming ? tables.hamming.data() : tables.manhattan.data()) {}

  int reset(const Board& board) {
    const int n = tables_->cells;
    int h = 0;
    for (int pos = 0; pos < n; ++pos) h += cost_[static_cast<int>(board.at(pos)) * n + pos];
    if constexpr (kConflict) h += conflict_.init(*tables_, board);
    return h;
  }

  [[gnu::always_inline]] int child(Step& step, int h, int tile, int from, int to, bool vertical, int cols, int cells) {
    h += delta_[(tile * cells + from) * cells + to];
    if constexpr (kConflict) h += conflict_.prepare(step, cols, cells, tile, from, to, vertical);
    return h;
  }
  [[gnu::always_inline]] void descend(Step& step) {
    if constexpr (kConflict) step.apply();
  }
  [[gnu::always_inline]] void ascend(Step& step) {
    if constexpr (kConflict) step.undo();
  }
  [[gnu::always_inline]] void reject(Step&) {}

  // NodeHeuristic. The conflict term of a child is its parent's plus the
  // change of the two lines the move crosses (LinearConflict::change).
  template <PackedBoard Storage>
  int value(const Storage& board) const {
    const int n = tables_->cells;
    int h = 0;
    for (int pos = 0; pos < n; ++pos) h += cost_[board.at(pos) * n + pos];
    if constexpr (kConflict) h += LinearConflict<kMaxSide>::of_board(*tables_, board);
    return h;
  }
  template <PackedBoard Storage>
  int child_value(const Storage& parent, int h, int tile, int from, int to, bool vertical) const {
    const int n = tables_->cells;
    h += delta_[(tile * n + from) * n + to];
    if constexpr (kConflict) h += LinearConflict<kMaxSide>::change(*tables_, parent, tile, from, to, vertical);
    return h;
  }

 private:
  const TileTables* tables_;
  const std::int8_t* delta_;
  const std::uint8_t* cost_;
  [[no_unique_address]] std::conditional_t<kConflict, LinearConflict<kMaxSide>, NoStep> conflict_;
};

// The rows of the per-tile heuristics (registry.h; their data is in
// tile_heuristics.cc). A row's kernel traits, for the dispatch
// (search/kernel_dispatch.h): which compile-time shape kernels carry it,
// the most cells a board it serves may have (so that the generic kernels
// of wider packings do not instantiate it), whether optimal IDA* runs it
// only with the move-pruning machine, and with_kernel, which hands the
// kernel heuristic for a resolved one to `f`.
template <HeuristicKind kKind>
struct TileRow {
  static const HeuristicRow& row();
  static constexpr int kMaxCells = kMaxSearchCells;
  static constexpr bool kMachineOnly = false;
  static constexpr bool in_shape_kernel(int, int) { return true; }
  template <int kRows, int kCols, class F>
  static decltype(auto) with_kernel(const ResolvedHeuristic&, const TileTables& tables, F&& f) {
    // Linear-conflict codes need one slot per line: the longer side.
    constexpr int kMaxSide = kRows > 0 ? (kRows > kCols ? kRows : kCols) : kMaxConflictLine;
    return f(TileHeuristic<kMaxSide, kKind == HeuristicKind::kLinearConflict>(tables, kKind));
  }
};
using HammingRow = TileRow<HeuristicKind::kHamming>;
using ManhattanRow = TileRow<HeuristicKind::kManhattan>;
using LinearConflictRow = TileRow<HeuristicKind::kLinearConflict>;

}  // namespace npuzzle
