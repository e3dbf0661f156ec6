#include "heuristics/pdb/dense_zero_aware.h"

#include <algorithm>
#include <bit>
#include <map>
#include <mutex>
#include <new>
#include <utility>
#include <vector>

#include "heuristics/pdb/derived_memory.h"
#include "heuristics/pdb/file.h"
#include "heuristics/pdb/pattern.h"
#include "heuristics/pdb/zero_aware.h"

namespace npuzzle::pdb {
namespace {

#if NPUZZLE_DENSE_MMAP
// The version of the derivation's output in kept files: raise it whenever
// the bits a table derives to change.
constexpr std::uint32_t kKeptFormVersion = 1;
#endif

// The bytes of one entry of `layout`.
std::uint64_t entry_bytes(DenseZeroAwareSet::Layout layout) {
  return layout == DenseZeroAwareSet::Layout::kCellWords ? sizeof(std::uint32_t) : 1;
}

// The regions of free cells of a rows x cols board (at most 32 cells), by
// bit-parallel flood fill.
struct FreeCells {
  std::uint32_t all = 0, first_col = 0, last_col = 0;
  int cols = 0;

  static FreeCells of(int rows, int cols) {
    FreeCells f;
    f.cols = cols;
    f.all = rows * cols == 32 ? ~0u : (std::uint32_t{1} << (rows * cols)) - 1;
    for (int r = 0; r < rows; ++r) {
      f.first_col |= std::uint32_t{1} << (r * cols);
      f.last_col |= std::uint32_t{1} << (r * cols + cols - 1);
    }
    return f;
  }
  // The region of `free` (a mask of cells) holding the cells of `seed`.
  std::uint32_t region(std::uint32_t free, std::uint32_t seed) const {
    std::uint32_t grown = seed, last = 0;
    while (grown != last) {
      last = grown;
      grown |= ((grown & ~last_col) << 1) | ((grown & ~first_col) >> 1) | (grown << cols) | (grown >> cols);
      grown &= free;
    }
    return grown;
  }
};

// The regions of the free cells `free` of a rows x cols board, by their
// lowest cell: region(mask) is called with each region's cells in turn.
template <class Region>
void for_each_region(std::uint32_t free, const FreeCells& shape, Region&& region) {
  while (free != 0) {
    const std::uint32_t cells = shape.region(free, free & (0u - free));
    region(cells);
    free &= ~cells;
  }
}

// The region of every free cell of every mask of occupied cells of a
// rows x cols board (at most 16 cells), 4 bits per cell, regions numbered
// by their lowest cell.
std::unique_ptr<std::uint64_t[]> region_labels(int rows, int cols) {
  const int cells = rows * cols;
  const FreeCells shape = FreeCells::of(rows, cols);
  auto labels = std::make_unique<std::uint64_t[]>(std::size_t{1} << cells);
  for (std::uint32_t occupied = 0; occupied <= shape.all; ++occupied) {
    std::uint64_t label = 0, region = 0;
    for_each_region(~occupied & shape.all, shape, [&](std::uint32_t cells_of_region) {
      for (std::uint32_t m = cells_of_region; m != 0; m &= m - 1) label |= region << (4 * std::countr_zero(m));
      ++region;
    });
    labels[occupied] = label;
  }
  return labels;
}

// visit(mask | chosen) for every set `chosen` of `count` cells of `candidates`.
template <class Visit>
void for_each_subset(std::uint32_t candidates, int count, std::uint32_t mask, Visit&& visit) {
  if (count == 0) {
    visit(mask);
    return;
  }
  for (std::uint32_t m = candidates; popcount32(m) >= count; m &= m - 1) {
    const std::uint32_t bit = m & (0u - m);
    for_each_subset(m & ~bit, count - 1, mask | bit, visit);
  }
}

AliveForms<DenseZeroAwareSet>& alive_forms() {
  static AliveForms<DenseZeroAwareSet> forms;
  return forms;
}

}  // namespace

std::vector<const PatternDb*> distinct_tables(const AdditivePdb& set) {
  std::vector<const PatternDb*> tables;
  for (int j = 0; j < set.partitions(); ++j) {
    const AdditivePdb& partition = set.partition(j);
    for (int p = 0; p < partition.parts(); ++p) {
      const PatternDb* db = &partition.part(p);
      if (std::none_of(tables.begin(), tables.end(), [&](const PatternDb* t) { return t->data() == db->data(); })) {
        tables.push_back(db);
      }
    }
  }
  return tables;
}

bool DenseZeroAwareSet::possible(const AdditivePdb& set) {
  if (set.cells() > DenseZeroAwareSet::kMaxCells) return false;
  if (set.partitions() > 1 && set.cells() <= kMaxRegionByteCells) return false;
  for (int j = 0; j < set.partitions(); ++j) {
    if (!set.partition(j).zero_aware()) return false;
  }
  return true;
}

DenseZeroAwareSet::DenseZeroAwareSet(const AdditivePdb& set) : layout_(layout_for(set.cells())) {
  const int cells = set.cells();
  const bool cell_words = layout_ == Layout::kCellWords;
  const std::uint64_t entry = entry_bytes(layout_);
  if (layout_ == Layout::kRegionBytes) labels_ = region_labels(set.rows(), set.cols());
  const FreeCells shape = FreeCells::of(set.rows(), set.cols());
  const std::uint32_t all = shape.all;
  const std::vector<const PatternDb*> sources = distinct_tables(set);
  parts_.resize(sources.size());
  mapped_.resize(sources.size());
  for (std::size_t p = 0; p < sources.size(); ++p) {
    const PatternDb& table = *sources[p];
    const ZeroAwareIndex& index = *table.pattern().zero_aware_index();
    Part& part = parts_[p];
    part.source = table.data();
    const int k = index.k();
    part.k = k;
    part.weight = plain_weights<kMaxPatternTiles>(k, cells);
    const std::uint64_t placements = placements_of(k, cells);
    std::uint8_t* out = allocate_table(placements * entry, mapped_[p]);
    if (out == nullptr) {
      for (std::size_t q = 0; q < p; ++q) release_table(parts_[q].bits, mapped_[q]);
      throw std::bad_alloc();
    }
    auto* out_words = reinterpret_cast<std::uint32_t*>(out);
    part.bits = out;
    bytes_ += placements * entry;
    const std::uint8_t* bytes = table.data();
#if NPUZZLE_DENSE_MMAP
    // Kept beside its table file by an earlier load (file.h: derived forms).
    const DerivedKey kept{"onebit", kKeptFormVersion, static_cast<std::uint64_t>(layout_), placements * entry};
    if (!table.path().empty() && read_derived_file(table.path(), kept, out)) {
      ++tables_read_;
      continue;
    }
#endif

    // The placements whose first `prefix` tiles sit on given cells fill one
    // run of the dense table (2 MB for an 8-tile part of 4x4): one task per
    // such prefix, so that its writes stay in the cache. Within a task, every
    // occupied set holding the prefix's cells, and in it the placements in
    // the compact table's order (the Lehmer order: tile 0's cell slowest,
    // each tile on the set's cells left free by the earlier ones, lowest
    // first), so that every region's entries are read in runs.
    const int prefix = k < 2 ? k : 2;
    std::uint64_t lehmer_block = 1;  // (k - prefix)!: the placements of one set with the prefix fixed
    for (int i = 2; i <= k - prefix; ++i) lehmer_block *= static_cast<std::uint64_t>(i);
    const std::uint64_t prefixes = std::uint64_t{1} << (prefix * 5);  // prefix cells, 5 bits each
    for_each_task(prefixes, [&](std::uint64_t code) {
      {
        std::array<int, 2> fixed{};
        std::uint32_t fixed_mask = 0;
        bool valid = true;
        for (int i = 0; i < prefix; ++i) {
          fixed[static_cast<std::size_t>(i)] = static_cast<int>((code >> (5 * i)) & 31);
          const std::uint32_t bit = std::uint32_t{1} << fixed[static_cast<std::size_t>(i)];
          if (fixed[static_cast<std::size_t>(i)] >= cells || (fixed_mask & bit) != 0) valid = false;
          fixed_mask |= bit;
        }
        if (!valid) return;
        for_each_subset(all & ~fixed_mask, k - prefix, fixed_mask, [&](std::uint32_t occupied) {
          std::array<std::uint8_t, kMaxPatternTiles> cells_of{};
          int n = 0;
          for (std::uint32_t m = occupied; m != 0; m &= m - 1) {
            cells_of[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(std::countr_zero(m));
          }
          const ZeroAwareIndex::Cursor first = index.cursor(cells_of.data());  // the Lehmer rank 0
          // Each region's first entry (Lehmer rank 0) and cells, regions by
          // lowest cell. Region bytes have at most 8: one cell of each region
          // makes cells pairwise apart, and a board of at most 16 cells has
          // no 9 such.
          std::array<const std::uint8_t*, DenseZeroAwareSet::kMaxCells> region{};
          std::array<std::uint32_t, DenseZeroAwareSet::kMaxCells> region_cells{};
          int regions = 0;
          for_each_region(all & ~occupied, shape, [&](std::uint32_t cells_of_region) {
            region_cells[static_cast<std::size_t>(regions)] = cells_of_region;
            region[static_cast<std::size_t>(regions++)] = bytes + index.index(first, std::countr_zero(cells_of_region));
          });
          // The prefix's Lehmer digits and plain digits.
          std::uint64_t permutation = 0, rank = 0;
          std::uint32_t used = 0;
          for (int i = 0; i < prefix; ++i) {
            const std::uint32_t bit = std::uint32_t{1} << fixed[static_cast<std::size_t>(i)];
            const auto lehmer = static_cast<std::uint64_t>(popcount32(occupied & ~used & (bit - 1)));
            std::uint64_t weight = lehmer_block;  // (k-1-i)!
            for (int j = k - 1 - i; j > k - prefix; --j) weight *= static_cast<std::uint64_t>(j);
            permutation += lehmer * weight;
            rank += (static_cast<std::uint64_t>(fixed[static_cast<std::size_t>(i)]) -
                     static_cast<std::uint64_t>(popcount32(used & (bit - 1)))) *
                    part.weight[static_cast<std::size_t>(i)];
            used |= bit;
          }
          // Depth-first over the other tiles' cells: the leaves come in
          // Lehmer order.
          auto leaf = [&](std::uint64_t rank_of_placement) {
            if (cell_words) {
              std::uint32_t word = 0;
              for (std::size_t r = 0; r < static_cast<std::size_t>(regions); ++r) {
                if ((region[r][permutation] >> 1) & 1u) word |= region_cells[r];
              }
              out_words[rank_of_placement] = word;
            } else {
              unsigned byte = 0;
              for (int r = 0; r < regions; ++r) {
                byte |= ((region[static_cast<std::size_t>(r)][permutation] >> 1) & 1u) << r;
              }
              out[rank_of_placement] = static_cast<std::uint8_t>(byte);
            }
            ++permutation;
          };
          auto place = [&](auto& self, int i, std::uint32_t taken, std::uint64_t partial) -> void {
            if (i == k) {
              leaf(partial);
              return;
            }
            if (i == k - 2) {
              // The last two tiles on the last two cells a < b: (a, b), then (b, a).
              const std::uint32_t left = occupied & ~taken;
              const std::uint32_t bit_a = left & (0u - left), bit_b = left & ~bit_a;
              const auto a = static_cast<std::uint64_t>(std::countr_zero(bit_a));
              const auto b = static_cast<std::uint64_t>(std::countr_zero(bit_b));
              const auto digit_a = a - static_cast<std::uint64_t>(popcount32(taken & (bit_a - 1)));
              const auto digit_b = b - static_cast<std::uint64_t>(popcount32(taken & (bit_b - 1)));
              const std::uint64_t w = part.weight[static_cast<std::size_t>(i)];  // the last tile's weight is 1
              leaf(partial + digit_a * w + (digit_b - 1));
              leaf(partial + digit_b * w + digit_a);
              return;
            }
            for (std::uint32_t m = occupied & ~taken; m != 0; m &= m - 1) {
              const std::uint32_t bit = m & (0u - m);
              const auto cell = static_cast<std::uint64_t>(std::countr_zero(m));
              const auto digit = cell - static_cast<std::uint64_t>(popcount32(taken & (bit - 1)));
              self(self, i + 1, taken | bit, partial + digit * part.weight[static_cast<std::size_t>(i)]);
            }
          };
          place(place, prefix, used, rank);
        });
      }
    });
#if NPUZZLE_DENSE_MMAP
    if (!table.path().empty()) write_derived_file(table.path(), kept, out);
#endif
  }
}

DenseZeroAwareSet::~DenseZeroAwareSet() {
  for (std::size_t p = 0; p < parts_.size(); ++p) release_table(parts_[p].bits, mapped_[p]);
}

std::shared_ptr<const DenseZeroAwareSet> DenseZeroAwareSet::load_dense(const std::shared_ptr<const AdditivePdb>& set,
                                                                       const std::shared_ptr<MemoryBudget>& budget) {
  if (!set || !possible(*set)) return nullptr;
  return alive_forms().find_or_make(set.get(), [&]() -> std::shared_ptr<const DenseZeroAwareSet> {
    const std::uint64_t entry = entry_bytes(layout_for(set->cells()));
    std::uint64_t bytes = 0;  // one entry per placement of each distinct table
    for (const PatternDb* table : distinct_tables(*set)) bytes += entry * placements_of(table->pattern().size(), set->cells());
    try {
      MemoryReservation reservation(budget, bytes, "the one-bit form of " + set->spec());
      std::shared_ptr<DenseZeroAwareSet> dense(new DenseZeroAwareSet(*set));
      dense->reservation_ = std::move(reservation);
      return dense;
    } catch (const MemoryBudgetError&) {
      return nullptr;
    } catch (const std::bad_alloc&) {
      return nullptr;
    }
  });
}

std::shared_ptr<const DenseZeroAwareSet> DenseZeroAwareSet::find(const AdditivePdb& set) {
  return alive_forms().find(&set);
}

}  // namespace npuzzle::pdb
