// A measurement for issue 40 (results/random15.md row 16), not an engine
// heuristic: zero-aware entries at the cost of a plain table's.
//
// packed_zero_aware.h shows that a zero-aware entry fits in one bit decoded
// from the parent's value (the entry changes by exactly 1 across every move
// that looks it up). On the 15-puzzle that makes the zero-aware 7-8 tables
// (1.6 G entries) smaller than pdb:78's bytes, but their compact index
// (colex rank of the occupied set, Lehmer rank of the tile order, the
// blank's region: pdb/zero_aware.h) costs more per child than the plain
// lexicographic rank, which pdb_heuristic.h updates with a few adds.
//
// Here the index is the plain one. A part of k <= 8 tiles on 16 cells leaves
// at most 8 regions of free cells (no 9 cells of a 4x4 board are pairwise
// apart), so the 8 one-bit entries of a placement, one per region numbered
// by its lowest cell, fill exactly one byte: byte `rank` of a table of the
// same size as the plain one, bit `region of the blank`. The region comes
// from one 512 KiB table, labels[occupied cells] (4 bits per cell). Per
// child: the plain rank update, one label load, one byte from the table (as
// pdb:78), a shift and the decode. The values are zpdb:78's, so the counts
// must be (`interleaved_ida` checks them against zpdb:78's batch CSV, and
// CHECK=1 compares every decoded entry with the byte table's).
//
// The tables are built from the zero-aware byte tables at start-up (every
// placement unranked, each region's entry read through the compact index).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <thread>
#include <utility>
#include <vector>

#include <sys/mman.h>

#include "core/board.h"
#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/zero_aware.h"

namespace npuzzle::bench {

// labels[occupied] holds, 4 bits per cell, the region of every free cell of
// a 4x4 board whose cells `occupied` hold pattern tiles; regions are numbered
// 0, 1, ... by their lowest cell.
inline const std::vector<std::uint64_t>& region_labels() {
  static const std::vector<std::uint64_t> labels = [] {
    std::vector<std::uint64_t> out(1u << 16, 0);
    constexpr std::uint32_t kNotLeft = 0xEEEE, kNotRight = 0x7777;  // cells with a left / right neighbour
    for (std::uint32_t occupied = 0; occupied < (1u << 16); ++occupied) {
      std::uint32_t free = ~occupied & 0xFFFF;
      std::uint64_t label = 0;
      for (std::uint64_t region = 0; free != 0; ++region) {
        std::uint32_t grown = free & (0u - free), last = 0;
        while (grown != last) {
          last = grown;
          grown |= ((grown << 1) & kNotLeft) | ((grown >> 1) & kNotRight) | (grown << 4) | (grown >> 4);
          grown &= free;
        }
        for (int c = 0; c < 16; ++c) {
          if ((grown >> c) & 1u) label |= region << (4 * c);
        }
        free &= ~grown;
      }
      out[occupied] = label;
    }
    return out;
  }();
  return labels;
}

// One part: the lexicographic weights of its k tiles on 16 cells, and its
// dense table (anonymous memory on 2 MiB pages).
struct DensePart {
  int k = 0;
  std::array<std::uint64_t, 8> weight{};
  const std::uint8_t* bits = nullptr;
  std::uint64_t placements = 0;
  const pdb::ZeroAwareIndex* index = nullptr;  // of the byte table, for reset() and CHECK=1
  const std::uint8_t* bytes = nullptr;

  // The zero-aware byte entry of placement `cells` with the blank on `blank`.
  int byte_entry(const std::uint8_t* cells, int blank) const { return bytes[index->index(index->cursor(cells), blank)]; }
};

struct DenseParts {
  std::array<DensePart, pdb::kMaxParts> part{};
  std::uint64_t bytes = 0;

  static const DenseParts& of(const pdb::AdditivePdb& pdb) {
    static std::map<const pdb::AdditivePdb*, DenseParts> built;
    auto [at, fresh] = built.try_emplace(&pdb);
    if (fresh) {
      for (int p = 0; p < pdb.parts(); ++p) at->second.part[static_cast<std::size_t>(p)] = build(pdb.part(p));
      for (int p = 0; p < pdb.parts(); ++p) at->second.bytes += at->second.part[static_cast<std::size_t>(p)].placements;
    }
    return at->second;
  }

 private:
  static DensePart build(const pdb::PatternDb& table) {
    DensePart part;
    part.k = table.pattern().size();
    part.index = table.pattern().zero_aware_index();
    part.bytes = table.data();
    if (part.index == nullptr || part.k > 8 || part.index->cells() != 16) {
      std::fprintf(stderr, "dense_zero_aware: needs zero-aware parts of at most 8 tiles on 4x4\n");
      std::exit(2);
    }
    part.placements = 1;
    for (int i = part.k - 1; i >= 0; --i) {
      part.weight[static_cast<std::size_t>(i)] = part.placements;
      part.placements *= static_cast<std::uint64_t>(16 - i);
    }
    const std::uint64_t mapped = (part.placements + (std::uint64_t{2} << 20) - 1) & ~((std::uint64_t{2} << 20) - 1);
    void* memory = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) {
      std::perror("mmap");
      std::exit(1);
    }
    ::madvise(memory, mapped, MADV_HUGEPAGE);
    auto* out = static_cast<std::uint8_t*>(memory);
    const std::vector<std::uint64_t>& labels = region_labels();
    auto fill = [&](std::uint64_t begin, std::uint64_t end) {
      std::array<std::uint8_t, 8> cells{};
      for (std::uint64_t rank = begin; rank < end; ++rank) {
        std::uint32_t occupied = 0;
        for (int i = 0; i < part.k; ++i) {
          // digit i: the tile's cell among the cells the earlier tiles leave free.
          int digit = static_cast<int>((rank / part.weight[static_cast<std::size_t>(i)]) % static_cast<std::uint64_t>(16 - i));
          int cell = 0;
          for (;; ++cell) {
            if ((occupied >> cell) & 1u) continue;
            if (digit-- == 0) break;
          }
          cells[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(cell);
          occupied |= std::uint32_t{1} << cell;
        }
        const pdb::ZeroAwareIndex::Cursor cursor = part.index->cursor(cells.data());
        const std::uint64_t label = labels[occupied];
        std::uint8_t byte = 0;
        int next_region = 0;
        for (int c = 0; c < 16; ++c) {
          if ((occupied >> c) & 1u) continue;
          const int region = static_cast<int>((label >> (4 * c)) & 0xF);
          if (region != next_region) continue;  // not the region's lowest cell
          const int entry = part.bytes[part.index->index(cursor, c)];
          byte = static_cast<std::uint8_t>(byte | (((entry >> 1) & 1) << region));
          ++next_region;
        }
        out[rank] = byte;
      }
    };
    const std::uint64_t half = part.placements / 2;
    std::thread other(fill, half, part.placements);
    fill(0, half);
    other.join();
    part.bits = out;
    return part;
  }
};

// PdbHeuristic's shape and rank updates (heuristics/pdb_heuristic.h), over
// the dense one-bit tables of a zero-aware 4x4 set.
template <bool kReflect>
class DenseZeroAwareHeuristic {
  struct Change {
    const std::uint8_t* byte;
    std::uint64_t rank;
    int sum = 0;
    std::uint32_t occupied;
    std::uint8_t part, index, from, to, shift;
    std::uint8_t value = 0;
  };

 public:
  struct Step {
    Change plain;
    Change mirrored;
  };

  explicit DenseZeroAwareHeuristic(const pdb::AdditivePdb& pdb)
      : parts_count_(pdb.parts()), parts_(DenseParts::of(pdb).part), labels_(region_labels().data()),
        check_(std::getenv("CHECK") != nullptr) {
    for (int t = 1; t < 16; ++t) {
      plain_.slot[static_cast<std::size_t>(t)] = pdb.slot(t);
      if constexpr (kReflect) mirrored_.slot[static_cast<std::size_t>(t)] = pdb.reflected_slot(t);
    }
    plain_.init_tiles(parts_);
    if constexpr (kReflect) mirrored_.init_tiles(parts_);
  }

  int reset(const Board& board) {
    std::array<std::uint8_t, pdb::kMaxPdbCells> where{};
    for (int pos = 0; pos < 16; ++pos) where[board.at(pos)] = static_cast<std::uint8_t>(pos);
    plain_.reset(parts_, parts_count_, where);
    if constexpr (kReflect) {
      for (int t = 0; t < 16; ++t) where[static_cast<std::size_t>(t)] = mirror(where[static_cast<std::size_t>(t)]);
      mirrored_.reset(parts_, parts_count_, where);
      return std::max(plain_.sum, mirrored_.sum);
    } else {
      return plain_.sum;
    }
  }

  template <class Storage>
  [[gnu::always_inline]] void prepare(Step& step, int tile, int from, int to, const Storage& board) {
    plain_.prepare(*this, step.plain, tile, from, to, [&board](int cell) { return board.at(cell); });
    if constexpr (kReflect) {
      mirrored_.prepare(*this, step.mirrored, tile, mirror(from), mirror(to),
                        [&](int cell) { return board.at(mirror(cell)); });
    }
  }
  [[gnu::always_inline]] int evaluate(Step& step, int room) {
    const int sum = plain_.evaluate(*this, step.plain);
    if constexpr (kReflect) {
      if (sum > room) return sum;
      return std::max(sum, mirrored_.evaluate(*this, step.mirrored));
    } else {
      return sum;
    }
  }
  [[gnu::always_inline]] void descend(Step& step) {
    plain_.commit(step.plain, step.plain.to);
    if constexpr (kReflect) mirrored_.commit(step.mirrored, step.mirrored.to);
  }
  [[gnu::always_inline]] void ascend(Step& step) {
    plain_.commit(step.plain, step.plain.from);
    if constexpr (kReflect) mirrored_.commit(step.mirrored, step.mirrored.from);
  }
  [[gnu::always_inline]] void reject(Step&) {}

 private:
  using Placement = std::array<std::uint8_t, 8>;
  using Parts = std::array<DensePart, pdb::kMaxParts>;

  struct View {
    std::array<Placement, pdb::kMaxParts> placement{};
    std::array<std::uint64_t, pdb::kMaxParts> rank{};
    std::array<std::uint32_t, pdb::kMaxParts> occupied{};
    std::array<std::uint8_t, pdb::kMaxParts> value{};
    int sum = 0;
    std::array<pdb::TileSlot, pdb::kMaxPdbCells> slot{};
    struct MovedTile {
      const std::uint8_t* bits;
      std::uint64_t weight;
      std::uint8_t part, index;
    };
    std::array<MovedTile, pdb::kMaxPdbCells> moved_tile{};
    std::array<std::array<std::int64_t, pdb::kMaxPdbCells>, pdb::kMaxPdbCells> step_weight{};

    void reset(const Parts& parts, int parts_count, const std::array<std::uint8_t, pdb::kMaxPdbCells>& where) {
      for (int t = 1; t < 16; ++t) {
        const pdb::TileSlot s = slot[static_cast<std::size_t>(t)];
        placement[s.part][s.index] = where[static_cast<std::size_t>(t)];
      }
      sum = 0;
      for (std::size_t p = 0; p < static_cast<std::size_t>(parts_count); ++p) {
        std::uint32_t occ = 0;
        std::uint64_t r = 0;
        for (int i = 0; i < parts[p].k; ++i) {
          const std::uint32_t c = placement[p][static_cast<std::size_t>(i)];
          const std::uint32_t bit = std::uint32_t{1} << c;
          r += (c - static_cast<std::uint32_t>(std::popcount(occ & (bit - 1)))) * parts[p].weight[static_cast<std::size_t>(i)];
          occ |= bit;
        }
        rank[p] = r;
        occupied[p] = occ;
        value[p] = static_cast<std::uint8_t>(parts[p].byte_entry(placement[p].data(), where[0]));
        sum += value[p];
      }
    }

    void init_tiles(const Parts& parts) {
      for (int moved = 1; moved < 16; ++moved) {
        const pdb::TileSlot m = slot[static_cast<std::size_t>(moved)];
        moved_tile[static_cast<std::size_t>(moved)] = {parts[m.part].bits, parts[m.part].weight[m.index], m.part, m.index};
        for (int other = 1; other < 16; ++other) {
          const pdb::TileSlot o = slot[static_cast<std::size_t>(other)];
          std::int64_t w = 0;
          if (other != moved && o.part == m.part) {
            w = o.index < m.index ? -static_cast<std::int64_t>(parts[m.part].weight[m.index])
                                  : static_cast<std::int64_t>(parts[o.part].weight[o.index]);
          }
          step_weight[static_cast<std::size_t>(moved)][static_cast<std::size_t>(other)] = w;
        }
      }
    }

    template <class TileAt>
    [[gnu::always_inline]] void prepare(const DenseZeroAwareHeuristic& h, Change& change, int tile, int from, int to,
                                        TileAt tile_at) const {
      const MovedTile& m = moved_tile[static_cast<std::size_t>(tile)];
      const auto& terms = step_weight[static_cast<std::size_t>(tile)];
      const int lo = from < to ? from : to;
      const int hi = from < to ? to : from;
      auto delta = static_cast<std::int64_t>(hi - lo) * static_cast<std::int64_t>(m.weight);
      for (int cell = lo + 1; cell < hi; ++cell) delta += terms[static_cast<std::size_t>(tile_at(cell))];
      change.part = m.part;
      change.index = m.index;
      change.from = static_cast<std::uint8_t>(from);
      change.to = static_cast<std::uint8_t>(to);
      change.rank = rank[m.part] + static_cast<std::uint64_t>(from < to ? delta : -delta);
      change.occupied = occupied[m.part] ^ (std::uint32_t{1} << from) ^ (std::uint32_t{1} << to);
      change.byte = m.bits + change.rank;
      __builtin_prefetch(change.byte);
      // The blank lands on `from`.
      change.shift = static_cast<std::uint8_t>((h.labels_[change.occupied] >> (4 * from)) & 0xF);
    }

    [[gnu::always_inline]] int evaluate(const DenseZeroAwareHeuristic& h, Change& change) const {
      const int parent = value[change.part];
      const int up = parent + 1;
      const int bit = (*change.byte >> change.shift) & 1;
      change.value = static_cast<std::uint8_t>(((up >> 1) & 1) == bit ? up : parent - 1);
      if (h.check_) {
        Placement cells = placement[change.part];
        cells[change.index] = change.to;
        const int truth = h.parts_[change.part].byte_entry(cells.data(), change.from);
        if (truth != change.value) {
          std::fprintf(stderr, "part %d rank %llu: decoded %d, the byte table holds %d (parent %d)\n", change.part,
                       static_cast<unsigned long long>(change.rank), change.value, truth, parent);
          std::abort();
        }
      }
      change.sum = sum - parent + change.value;
      return change.sum;
    }

    [[gnu::always_inline]] void commit(Change& change, std::uint8_t cell) {
      placement[change.part][change.index] = cell;
      std::swap(rank[change.part], change.rank);
      std::swap(occupied[change.part], change.occupied);
      std::swap(value[change.part], change.value);
      std::swap(sum, change.sum);
    }
  };

  static std::uint8_t mirror(int cell) { return static_cast<std::uint8_t>(pdb::mirror_cell(cell, 4)); }

  int parts_count_;
  Parts parts_;
  const std::uint64_t* labels_;
  bool check_;
  View plain_;
  View mirrored_;
};

}  // namespace npuzzle::bench
