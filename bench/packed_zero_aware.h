// A measurement for issue 40 (results/random15.md row 16), not an engine
// heuristic: zero-aware tables with 1-bit entries decoded from the parent's
// value (Clausecker & Reinefeld, "Zero-Aware Pattern Databases with 1-Bit
// Compression", SoCS 2019), in the shape of ZeroAwarePdbHeuristic
// (heuristics/zero_aware_heuristic.h), whose cursor and index code it reuses.
//
// Why one bit is enough: a zero-aware entry is the exact distance in its
// abstract graph, and every real move is either a free move inside one
// region (the entry does not change: the kernels do not even look it up) or
// a move of one pattern tile by one cell, which changes the pattern tiles'
// Manhattan parity. So across a looked-up move the entry changes by exactly
// +1 or -1, and storing bit 1 of the entry, (h >> 1) & 1, tells the two
// apart: h-1 and h+1 differ by 2, so their bit 1 differs. The plain
// (min-over-blank) tables of pdb:78 cannot be packed so: one move can change
// them by 3 or more (heuristics/pdb/builder.h).
//
// The root's values come from the byte tables (reset()); the search itself
// reads only the packed bits, 1/8 of the bytes. CHECK=1 also reads the byte
// entry at every evaluation and aborts on a difference.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <utility>
#include <vector>

#include <sys/mman.h>

#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/zero_aware.h"
#include "heuristics/pdb_views.h"
#include "dense_zero_aware.h"

namespace npuzzle::bench {

// Bit 1 of every entry of a set's tables, packed 8 to a byte, in anonymous
// memory on 2 MiB pages (as the kernels map the byte tables), built once per
// process and shared by every search.
struct PackedParts {
  std::array<const std::uint8_t*, pdb::kMaxParts> part{};
  std::uint64_t bytes = 0;

  static const PackedParts& of(const pdb::AdditivePdb& pdb) {
    static std::map<const pdb::AdditivePdb*, PackedParts> built;
    auto [at, fresh] = built.try_emplace(&pdb);
    if (fresh) {
      for (int p = 0; p < pdb.parts(); ++p) {
        const pdb::PatternDb& table = pdb.part(p);
        const std::uint64_t size = (table.size() + 7) / 8;
        const std::uint64_t mapped = (size + (std::uint64_t{2} << 20) - 1) & ~((std::uint64_t{2} << 20) - 1);
        void* memory = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (memory == MAP_FAILED) {
          std::perror("mmap");
          std::exit(1);
        }
        ::madvise(memory, mapped, MADV_HUGEPAGE);
        auto* bits = static_cast<std::uint8_t*>(memory);
        for (std::uint64_t i = 0; i < table.size(); ++i) {
          bits[i >> 3] = static_cast<std::uint8_t>(bits[i >> 3] | (((table.data()[i] >> 1) & 1) << (i & 7)));
        }
        at->second.part[static_cast<std::size_t>(p)] = bits;
        at->second.bytes += size;
      }
    }
    return at->second;
  }
};

// DENSE=2: the same bits at the compact index's own placement rank, colex
// rank of the occupied set times k! plus the Lehmer rank of the tile order
// (one byte per placement, bit `region`, as dense_zero_aware.h): the cursor
// the zero-aware kernel keeps gives the address, the region comes from the
// labels of dense_zero_aware.h, and the table is one streaming pass over the
// compact one (index = (first + region) * k! + permutation, zero_aware.h).
struct CursorDenseParts {
  std::array<const std::uint8_t*, pdb::kMaxParts> part{};
  std::array<std::uint64_t, pdb::kMaxParts> permutations{};  // k!
  std::uint64_t bytes = 0;

  static const CursorDenseParts& of(const pdb::AdditivePdb& pdb) {
    static std::map<const pdb::AdditivePdb*, CursorDenseParts> built;
    auto [at, fresh] = built.try_emplace(&pdb);
    if (!fresh) return at->second;
    const std::vector<std::uint64_t>& labels = region_labels();
    for (int p = 0; p < pdb.parts(); ++p) {
      const pdb::PatternDb& table = pdb.part(p);
      const pdb::ZeroAwareIndex& index = *table.pattern().zero_aware_index();
      const int k = index.k();
      std::uint64_t permutations = 1;
      for (int i = 2; i <= k; ++i) permutations *= static_cast<std::uint64_t>(i);
      std::uint64_t sets = 1;  // C(16, k)
      for (int i = 0; i < k; ++i) sets = sets * static_cast<std::uint64_t>(16 - i) / static_cast<std::uint64_t>(i + 1);
      const std::uint64_t size = sets * permutations;
      const std::uint64_t mapped = (size + (std::uint64_t{2} << 20) - 1) & ~((std::uint64_t{2} << 20) - 1);
      void* memory = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (memory == MAP_FAILED) {
        std::perror("mmap");
        std::exit(1);
      }
      ::madvise(memory, mapped, MADV_HUGEPAGE);
      auto* out = static_cast<std::uint8_t*>(memory);
      for (std::uint32_t occupied = 0; occupied < (1u << 16); ++occupied) {
        if (std::popcount(occupied) != k) continue;
        std::array<std::uint8_t, 16> cells{};
        int n = 0;
        for (int c = 0; c < 16; ++c) {
          if ((occupied >> c) & 1u) cells[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(c);
        }
        const pdb::ZeroAwareIndex::Cursor cursor = index.cursor(cells.data());  // permutation 0
        const std::uint64_t label = labels[occupied];
        int next_region = 0;
        for (int c = 0; c < 16; ++c) {
          if ((occupied >> c) & 1u) continue;
          const int region = static_cast<int>((label >> (4 * c)) & 0xF);
          if (region != next_region) continue;
          const std::uint8_t* from = table.data() + index.index(cursor, c);
          std::uint8_t* to = out + std::uint64_t{cursor.comb} * permutations;
          for (std::uint64_t q = 0; q < permutations; ++q) {
            to[q] = static_cast<std::uint8_t>(to[q] | (((from[q] >> 1) & 1) << region));
          }
          ++next_region;
        }
      }
      at->second.part[static_cast<std::size_t>(p)] = out;
      at->second.permutations[static_cast<std::size_t>(p)] = permutations;
      at->second.bytes += size;
    }
    return at->second;
  }
};

template <bool kReflect, int kSide, bool kByCursor = false>
class PackedZeroAwareHeuristic {
  using Cursor = pdb::PartTable::Cursor;

  struct View {
    struct Change {
      const std::uint8_t* byte;  // the packed byte holding the entry's bit
      std::uint64_t index;       // the entry's index (CHECK=1 reads the byte table there)
      Cursor cursor;
      int sum = 0;
      std::uint8_t part, from, shift;
      std::uint8_t value = 0;
    };

    std::array<Cursor, pdb::kMaxParts> cursor{};
    std::array<std::uint8_t, pdb::kMaxParts> value{};
    int sum = 0;
    std::array<pdb::TileSlot, pdb::kMaxPdbCells> slot{};

    int reset(const PackedZeroAwareHeuristic& h, const pdb::Where& where) {
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
    int value_at(const PackedZeroAwareHeuristic& h, const pdb::Where& where) const {
      View copy = *this;
      return copy.reset(h, where);
    }

    template <class TileAt>
    [[gnu::always_inline]] void locate(const PackedZeroAwareHeuristic& h, Change& change, int tile, int from, int to,
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

    [[gnu::always_inline]] void fetch(const PackedZeroAwareHeuristic& h, Change& change) const {
      const pdb::PartTable& part = h.parts_[change.part];
      if constexpr (kByCursor) {
        change.byte = h.packed_[change.part] +
                      std::uint64_t{change.cursor.comb} * h.permutations_[change.part] + change.cursor.permutation;
        __builtin_prefetch(change.byte);
        change.shift = static_cast<std::uint8_t>((h.labels_[change.cursor.occupied] >> (4 * change.from)) & 0xF);
        if (h.check_) change.index = part.zero_aware->index(change.cursor, change.from);
      } else {
        change.index = part.zero_aware->index(change.cursor, change.from);
        change.byte = h.packed_[change.part] + (change.index >> 3);
        change.shift = static_cast<std::uint8_t>(change.index & 7);
        __builtin_prefetch(change.byte);
      }
    }

    [[gnu::always_inline]] int evaluate(const PackedZeroAwareHeuristic& h, Change& change) const {
      const int parent = value[change.part];
      const int up = parent + 1;
      const int bit = (*change.byte >> change.shift) & 1;
      change.value = static_cast<std::uint8_t>(((up >> 1) & 1) == bit ? up : parent - 1);
      if (h.check_ && change.value != h.parts_[change.part].data[change.index]) {
        std::fprintf(stderr, "packed entry %llu of part %d decodes to %d, the table holds %d (parent %d)\n",
                     static_cast<unsigned long long>(change.index), change.part, change.value,
                     h.parts_[change.part].data[change.index], parent);
        std::abort();
      }
      change.sum = sum - parent + change.value;
      return change.sum;
    }

    [[gnu::always_inline]] void descend(const PackedZeroAwareHeuristic&, Change& change) {
      std::swap(cursor[change.part], change.cursor);
      std::swap(value[change.part], change.value);
      std::swap(sum, change.sum);
    }
    [[gnu::always_inline]] void ascend(const PackedZeroAwareHeuristic& h, Change& change) { descend(h, change); }
  };
  using Views = pdb::ReflectedViews<View, kReflect, kSide>;

 public:
  using Step = typename Views::Step;

  // Precondition: `pdb` is zero-aware, outlives the search, and matches the board and goal.
  explicit PackedZeroAwareHeuristic(const pdb::AdditivePdb& pdb)
      : cells_(pdb.cells()), parts_count_(pdb.parts()), views_(pdb), check_(std::getenv("CHECK") != nullptr) {
    for (int p = 0; p < pdb.parts(); ++p) parts_[static_cast<std::size_t>(p)] = pdb::PartTable(pdb.part(p));
    if constexpr (kByCursor) {
      const CursorDenseParts& dense = CursorDenseParts::of(pdb);
      packed_ = dense.part;
      permutations_ = dense.permutations;
      packed_bytes_ = dense.bytes;
    } else {
      const PackedParts& packed = PackedParts::of(pdb);
      packed_ = packed.part;
      packed_bytes_ = packed.bytes;
    }
    for (int t = 1; t < cells_; ++t) {
      views_.plain.slot[static_cast<std::size_t>(t)] = pdb.slot(t);
      if constexpr (kReflect) views_.mirrored.slot[static_cast<std::size_t>(t)] = pdb.reflected_slot(t);
    }
  }

  std::uint64_t packed_bytes() const { return packed_bytes_; }

  int reset(const Board& board) { return views_.reset(*this, board); }
  template <class Storage>
  [[gnu::always_inline]] void prepare(Step& step, int tile, int from, int to, const Storage& board) {
    views_.prepare(*this, step, tile, from, to, board);
  }
  [[gnu::always_inline]] int evaluate(Step& step, int room) { return views_.evaluate(*this, step, room); }
  [[gnu::always_inline]] void descend(Step& step) { views_.descend(*this, step); }
  [[gnu::always_inline]] void ascend(Step& step) { views_.ascend(*this, step); }
  [[gnu::always_inline]] void reject(Step&) {}

 private:
  int cells_;
  int parts_count_;
  std::array<pdb::PartTable, pdb::kMaxParts> parts_{};
  std::array<const std::uint8_t*, pdb::kMaxParts> packed_{};
  std::array<std::uint64_t, pdb::kMaxParts> permutations_{};  // kByCursor: k! per part
  const std::uint64_t* labels_ = region_labels().data();       // kByCursor
  std::uint64_t packed_bytes_ = 0;
  Views views_;
  bool check_;
};

}  // namespace npuzzle::bench
