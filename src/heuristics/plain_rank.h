// The plain (lexicographic) rank of a part's placement, and its update for
// one move, as the kernels of plain tables (pdb_heuristic.h) and of
// zero-aware tables in their one-bit form (dense_zero_aware_heuristic.h)
// keep it.
//
// A move is never ranked afresh. When a tile of a part slides from cell a
// to cell b, the lexicographic rank (pdb/pattern.h) changes only through the
// digits of the moved tile and of the part's tiles on the cells strictly
// between a and b (none for a sideways move, side-1 for a vertical one):
// with s = sign(b - a) and w the ranking weights,
//   rank' = rank + s * ((|b - a| - #{earlier tiles between}) * w_moved
//                       + sum of w_j over later tiles j between).
// One table, step_weight[moved tile][tile between], holds each tile's term
// (0 for a tile of another part), so the update is side-1 loads and adds
// with no branch.
#pragma once

#include <array>
#include <cstdint>

#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/pattern.h"

namespace npuzzle {

// The rank of placement cells[0..k) with weights w; `occupied` gets its cells as a mask.
inline std::uint64_t plain_rank(const std::uint8_t* cells, int k, const std::uint64_t* w, std::uint32_t& occupied) {
  occupied = 0;
  std::uint64_t r = 0;
  for (int i = 0; i < k; ++i) {
    const std::uint32_t c = cells[i];
    const std::uint32_t bit = std::uint32_t{1} << c;
    r += (c - static_cast<std::uint32_t>(pdb::popcount32(occupied & (bit - 1)))) * w[i];
    occupied |= bit;
  }
  return r;
}

// What a view needs to update the rank of the part a moved tile belongs to.
class PlainRankMoves {
 public:
  // What a move needs of the moved tile, in one place.
  struct MovedTile {
    const std::uint8_t* table;  // its part's table (the row's own layout)
    std::uint64_t weight;       // its ranking weight
    std::uint8_t part, index;
  };

  // slot[t]: tile t's (part, index) in this view; weight(p, i) and table(p):
  // part p's ranking weight of index i and its table.
  template <class Weight, class Table>
  void init(const std::array<pdb::TileSlot, pdb::kMaxPdbCells>& slot, int cells, Weight weight, Table table) {
    for (int moved = 1; moved < cells; ++moved) {
      const pdb::TileSlot m = slot[static_cast<std::size_t>(moved)];
      moved_tile_[static_cast<std::size_t>(moved)] = {table(m.part), weight(m.part, m.index), m.part, m.index};
      for (int other = 1; other < cells; ++other) {
        const pdb::TileSlot o = slot[static_cast<std::size_t>(other)];
        std::int64_t w = 0;
        if (other != moved && o.part == m.part) {
          w = o.index < m.index ? -static_cast<std::int64_t>(weight(m.part, m.index))
                                : static_cast<std::int64_t>(weight(o.part, o.index));
        }
        step_weight_[static_cast<std::size_t>(moved)][static_cast<std::size_t>(other)] = w;
      }
    }
  }

  [[gnu::always_inline]] const MovedTile& tile(int t) const { return moved_tile_[static_cast<std::size_t>(t)]; }

  // The rank of `tile`'s part after it slides from `from` to `to`, its part's
  // rank being `rank` before; tile_at(c): the tile on cell c before the move.
  template <class TileAt>
  [[gnu::always_inline]] std::uint64_t moved(std::uint64_t rank, int tile, int from, int to, TileAt tile_at) const {
    const auto& terms = step_weight_[static_cast<std::size_t>(tile)];
    const int lo = from < to ? from : to;
    const int hi = from < to ? to : from;
    auto delta = static_cast<std::int64_t>(hi - lo) * static_cast<std::int64_t>(moved_tile_[static_cast<std::size_t>(tile)].weight);
    for (int cell = lo + 1; cell < hi; ++cell) delta += terms[static_cast<std::size_t>(tile_at(cell))];
    return rank + static_cast<std::uint64_t>(from < to ? delta : -delta);
  }

 private:
  std::array<MovedTile, pdb::kMaxPdbCells> moved_tile_{};
  std::array<std::array<std::int64_t, pdb::kMaxPdbCells>, pdb::kMaxPdbCells> step_weight_{};  // [moved][other]
};

}  // namespace npuzzle
