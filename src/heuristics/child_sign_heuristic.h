// A reflected zero-aware set read through its child signs
// (pdb/child_signs.h), in the IDA* kernels' PreparingHeuristic shape, with
// the values, and so the node counts, of ZeroAwarePdbHeuristic.
//
// Each view keeps, per part, the plain rank and the word of the current
// placement. A child's sum is the parent's plus or minus 1 by one bit of
// the word of the part holding the moved tile: prepare() reads no table and
// ranks nothing. Only a child within the bound is ranked (plain_rank.h's
// update, locate()) and its word's line fetched: by fetch_open(), or by
// evaluate() for a kernel that does not call it. So a child the bound cuts,
// about half of those generated, costs neither a line nor its ranking
// (results/korf24_levers.md section 33). The cells a move passes are read
// from byte grids of the board and of its mirror, which descend() and
// ascend() keep, since the board is not at hand in fetch_open(). descend()
// loads the word; ascend() puts the parent's rank, word and sum back.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/child_signs.h"
#include "heuristics/pdb/pattern.h"
#include "heuristics/pdb_views.h"
#include "heuristics/plain_rank.h"

namespace npuzzle {

// kSide: the board's side, known at compile time so that mirrored cells and
// move directions fold to constants.
template <int kSide>
class ChildSignHeuristic {
  static_assert(kSide > 0);

  struct Change {
    const std::uint32_t* entry;  // the child's word of the part
    std::uint64_t rank;          // the child's rank of the part; the parent's after descend()
    std::uint32_t word;      // the parent's word after descend()
    int sum;                 // the child's sum; the parent's after descend()
    std::uint8_t part;
  };

 public:
  struct Step {
    Change plain;
    Change mirrored;
    int h;
    std::uint8_t tile, from, to, mirrored_from, mirrored_to;  // the move, and its mirror
    bool located;  // the ranks and entries are set
  };

  // Precondition: `pdb` and `signs` (its child signs) outlive the search.
  ChildSignHeuristic(const pdb::AdditivePdb& pdb, const pdb::ChildSignSet& signs)
      : pdb_(&pdb), cells_(pdb.cells()), parts_count_(pdb.parts()) {
    for (int p = 0; p < parts_count_; ++p) {
      Part& part = parts_[static_cast<std::size_t>(p)];
      part.k = signs.part(p).k;
      part.weight = signs.part(p).weight;
      part.words = signs.part(p).words;
      part.table = pdb::PartTable(pdb.part(p));
    }
    for (int t = 1; t < cells_; ++t) {
      plain_.slot[static_cast<std::size_t>(t)] = pdb.slot(t);
      mirrored_.slot[static_cast<std::size_t>(t)] = pdb.reflected_slot(t);
    }
    plain_.init_moves(parts_, cells_);
    mirrored_.init_moves(parts_, cells_);
  }

  int reset(const Board& board) {
    Where where{};
    for (int pos = 0; pos < board.cells(); ++pos) {
      const auto tile = static_cast<std::uint8_t>(board.at(pos));
      where[tile] = static_cast<std::uint8_t>(pos);
      grid_[static_cast<std::size_t>(pos)] = tile;
      mirrored_grid_[static_cast<std::size_t>(mirror(pos))] = tile;
    }
    plain_.reset(parts_, parts_count_, cells_, where);
    for (int t = 0; t < cells_; ++t) where[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(mirror(where[static_cast<std::size_t>(t)]));
    mirrored_.reset(parts_, parts_count_, cells_, where);
    return std::max(plain_.sum, mirrored_.sum);
  }

  // `tile` slides from cell `from` to the blank's cell `to` of the parent:
  // the child's h, from the parent's words alone (the grids stand for the
  // board). The move and its mirror are kept in the step for locate(),
  // descend() and ascend(), so that none of them mirrors a cell again.
  template <class Storage>
  [[gnu::always_inline]] void prepare(Step& step, int tile, int from, int to, const Storage&) {
    const int mirrored_from = mirror(from);
    const int mirrored_to = mirror(to);
    step.tile = static_cast<std::uint8_t>(tile);
    step.from = static_cast<std::uint8_t>(from);
    step.to = static_cast<std::uint8_t>(to);
    step.mirrored_from = static_cast<std::uint8_t>(mirrored_from);
    step.mirrored_to = static_cast<std::uint8_t>(mirrored_to);
    step.located = false;
    plain_.prepare(step.plain, tile, from, to);
    mirrored_.prepare(step.mirrored, tile, mirrored_from, mirrored_to);
    step.h = std::max(step.plain.sum, step.mirrored.sum);
  }
  // After prepare(), with `room` the largest h the bound lets a child have:
  // a child within it is ranked and its words' line fetched. The children
  // the bound cuts (about half) are never ranked.
  [[gnu::always_inline]] void fetch_open(Step& step, int room) const {
    if (step.h <= room) {
      locate(step);
      __builtin_prefetch(step.plain.entry);
      __builtin_prefetch(step.mirrored.entry);
    }
  }
  // A kernel that does not call fetch_open() gets the ranks here.
  [[gnu::always_inline]] int evaluate(Step& step, int room) const {
    if (step.h <= room && !step.located) locate(step);
    return step.h;
  }

  [[gnu::always_inline]] void descend(Step& step) {
    begin_descend(step);
    finish_descend(step);
  }
  // descend() in two halves, for a driver that turns to other work while
  // the child's words arrive (bench/interleaved_ida.cc): the first makes
  // the child's ranks and sums current, the second loads its words; nothing
  // but finish_descend() may come between them.
  [[gnu::always_inline]] void begin_descend(Step& step) {
    grid_[step.from] = 0;
    grid_[step.to] = step.tile;
    mirrored_grid_[step.mirrored_from] = 0;
    mirrored_grid_[step.mirrored_to] = step.tile;
    plain_.begin_descend(step.plain);
    mirrored_.begin_descend(step.mirrored);
  }
  [[gnu::always_inline]] void finish_descend(Step& step) {
    plain_.finish_descend(step.plain);
    mirrored_.finish_descend(step.mirrored);
  }
  [[gnu::always_inline]] void ascend(Step& step) {
    grid_[step.to] = 0;
    grid_[step.from] = step.tile;
    mirrored_grid_[step.mirrored_to] = 0;
    mirrored_grid_[step.mirrored_from] = step.tile;
    plain_.ascend(step.plain);
    mirrored_.ascend(step.mirrored);
  }
  [[gnu::always_inline]] void reject(Step&) {}

  // NodeHeuristic: from a packed board, over the byte tables.
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
    const std::uint32_t* words = nullptr;
    pdb::PartTable table;  // the byte table, for the root's values

    int entry(const std::uint8_t* cells, int blank) const { return *table.entry<true>(table.cursor(cells), blank); }
  };
  using Parts = std::array<Part, pdb::kMaxParts>;

  // The direction code of a move from `from` to `to` (child_signs.h).
  static constexpr int direction(int from, int to) {
    return to == from - kSide ? 0 : to == from - 1 ? 1 : to == from + 1 ? 2 : 3;
  }

  struct View {
    std::array<std::uint64_t, pdb::kMaxParts> rank{};
    std::array<std::uint32_t, pdb::kMaxParts> word{};
    int sum = 0;
    std::array<pdb::TileSlot, pdb::kMaxPdbCells> slot{};
    std::array<std::uint8_t, pdb::kMaxPdbCells> shift{};  // tile -> 4 * its index in its part
    PlainRankMoves moves;

    void init_moves(const Parts& parts, int cells) {
      moves.init(slot, cells, [&](int p, int i) { return parts[static_cast<std::size_t>(p)].weight[static_cast<std::size_t>(i)]; },
                 [&](int p) { return reinterpret_cast<const std::uint8_t*>(parts[static_cast<std::size_t>(p)].words); });
      for (int t = 1; t < cells; ++t) shift[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(4 * slot[static_cast<std::size_t>(t)].index);
    }

    void reset(const Parts& parts, int parts_count, int cells, const Where& where) {
      std::array<Placement, pdb::kMaxParts> placement{};
      for (int t = 1; t < cells; ++t) {
        const pdb::TileSlot s = slot[static_cast<std::size_t>(t)];
        placement[s.part][s.index] = where[static_cast<std::size_t>(t)];
      }
      sum = 0;
      for (std::size_t p = 0; p < static_cast<std::size_t>(parts_count); ++p) {
        std::uint32_t occupied = 0;
        rank[p] = plain_rank(placement[p].data(), parts[p].k, parts[p].weight.data(), occupied);
        word[p] = parts[p].words[rank[p]];
        sum += parts[p].entry(placement[p].data(), where[0]);
      }
    }

    [[gnu::always_inline]] void prepare(Change& change, int tile, int from, int to) const {
      const PlainRankMoves::MovedTile& m = moves.tile(tile);
      change.part = m.part;
      const unsigned up = (word[m.part] >> (shift[static_cast<std::size_t>(tile)] + direction(from, to))) & 1u;
      change.sum = sum - 1 + 2 * static_cast<int>(up);
    }
    // After prepare(), before any descend(): the child's rank and entry.
    template <class TileAt>
    [[gnu::always_inline]] void locate(Change& change, int tile, int from, int to, TileAt tile_at) const {
      const PlainRankMoves::MovedTile& m = moves.tile(tile);
      change.rank = moves.moved(rank[m.part], tile, from, to, tile_at);
      change.entry = reinterpret_cast<const std::uint32_t*>(m.table) + change.rank;
    }

    [[gnu::always_inline]] void begin_descend(Change& change) {
      change.word = word[change.part];
      std::swap(rank[change.part], change.rank);
      std::swap(sum, change.sum);
    }
    [[gnu::always_inline]] void finish_descend(const Change& change) { word[change.part] = *change.entry; }
    [[gnu::always_inline]] void ascend(Change& change) {
      word[change.part] = change.word;
      std::swap(rank[change.part], change.rank);
      std::swap(sum, change.sum);
    }
  };

  [[gnu::always_inline]] void locate(Step& step) const {
    plain_.locate(step.plain, step.tile, step.from, step.to,
                  [this](int cell) { return grid_[static_cast<std::size_t>(cell)]; });
    mirrored_.locate(step.mirrored, step.tile, step.mirrored_from, step.mirrored_to,
                     [this](int cell) { return mirrored_grid_[static_cast<std::size_t>(cell)]; });
    step.located = true;
  }

  [[gnu::always_inline]] static int mirror(int cell) { return pdb::mirror_cell(cell, kSide); }

  const pdb::AdditivePdb* pdb_;
  int cells_;
  int parts_count_;
  Parts parts_{};
  View plain_;
  View mirrored_;
  std::array<std::uint8_t, kSide * kSide> grid_{};           // the tile on each cell (0: the blank)
  std::array<std::uint8_t, kSide * kSide> mirrored_grid_{};  // the same, mirrored
};

}  // namespace npuzzle
