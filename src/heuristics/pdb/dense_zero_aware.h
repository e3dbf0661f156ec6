// Zero-aware tables in one bit per entry at the plain rank: the form in
// which the search reads a zero-aware set on square boards up to 5x5 (and
// a 5x5 catalogue of zero-aware tables: dense_catalogue_heuristic.h), with
// the same values as the byte tables (results/random15.md row 16: zpdb:78
// in this form is 1.6x faster than pdb:78 on random 15-puzzles;
// results/korf24_levers.md section 8: zpdb:6666 searches in 0.77-0.87x
// pdb:6666's time).
//
// Why one bit is enough. A zero-aware entry (zero_aware.h) is the exact
// distance in its abstract graph. A real move either moves a tile of another
// part, which keeps the blank in its region and the entry unchanged (the
// kernels do not look it up), or moves one of the part's tiles by one cell,
// which flips the parity of the part's Manhattan distance: the entry
// changes by exactly +1 or -1. Bit 1 of the entry, (h >> 1) & 1, tells h-1
// from h+1, since they differ by 2 (Clausecker & Reinefeld, SoCS 2019). So
// the search decodes a child's entry from its parent's value; only the
// root's values come from the byte tables.
//
// Why at the plain rank. The compact index of the byte tables (colex rank of
// the occupied cells, Lehmer rank of the tile order, the blank's region)
// costs more to update per move than the plain lexicographic rank, which
// pdb_heuristic.h updates with one add per cell passed; packed over the
// compact index, the bits save memory but no time (random15.md row 16). So
// a part's dense table has one entry per placement at the plain rank, in
// one of two layouts:
// - Region bytes (boards of at most 16 cells). A part leaves at most 8
//   regions of free cells (no 9 cells of such a board are pairwise apart),
//   so the bits of every region of a placement fill one byte: bit `region
//   of the blank`, regions numbered from 0 by their lowest cell. The region
//   is one load from labels(), indexed by the part's occupied cells. A
//   part's table is as large as its plain table (pdb:78: 577 MB).
// - Cell words (17 to 32 cells). A table over every mask of occupied cells
//   is too large there (2^25 masks for 5x5), and a flood fill where a
//   placement's regions differ costs more than it saves (korf24_levers.md
//   section 8). So each placement has a 32-bit word with one
//   bit per cell: bit c is the stored bit of the region holding cell c (0
//   on the part's own cells), and the blank's cell picks it, with nothing
//   else to load. Four times the bytes of a plain table (zpdb:6666: 4 x
//   510 MB), still one cache line per child, but 1.3-1.45x the time per
//   node of pdb:6666 for that footprint.
//
// The dense form is derived from the byte tables when the set is loaded
// (load_dense), in memory, on all cores: one pass over every occupied set,
// reading each region's entries in order and writing one entry per
// placement (zpdb:78: 1.6 G entries, 3-4 s on 2 cores). Each table's form is
// then kept beside its file (TABLE.pdb.onebit, file.h's derived forms), and
// later loads read and checksum it instead (zpdb:78: 577 MB; a file that
// does not match or verify is derived and written again). Either way it is
// private memory on 2 MiB pages, living as long as the set's
// ResolvedHeuristic does.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/memory_budget.h"
#include "heuristics/pdb/additive.h"

namespace npuzzle::pdb {

// A child's entry from its parent's and the child's stored bit (bit 1 of
// the child's entry): the parent's plus or minus 1, whichever has that bit.
[[gnu::always_inline]] inline int decode_one_bit(int parent, int bit) {
  const int up = parent + 1;
  return ((up >> 1) & 1) == bit ? up : parent - 1;
}

class DenseZeroAwareSet {
 public:
  enum class Layout {
    kRegionBytes,  // a byte per placement, a bit per region: at most 16 cells
    kCellWords,    // a 32-bit word per placement, a bit per cell: 17 to 32 cells
  };

  struct Part {
    int k = 0;
    std::array<std::uint64_t, kMaxPatternTiles> weight{};  // the plain (lexicographic) ranking weights
    // Entry `plain rank` of the layout's type: std::uint8_t (region bytes)
    // or std::uint32_t (cell words).
    const void* bits = nullptr;
    const std::uint8_t* source = nullptr;  // the byte table it was derived from (PatternDb::data())
  };

  // Whether `set` has a dense form: zero-aware in every partition, at most
  // 32 cells; a catalogue (more than one partition) only above 16 cells,
  // where DenseCatalogueHeuristic reads its cell words.
  static bool possible(const AdditivePdb& set);
  // The most cells of a dense form, and of one in region bytes.
  static constexpr int kMaxCells = 32;
  static constexpr int kMaxRegionByteCells = 16;
  // The layout a set of `cells` cells is derived in.
  static constexpr Layout layout_for(int cells) {
    return cells <= kMaxRegionByteCells ? Layout::kRegionBytes : Layout::kCellWords;
  }
  // Whether a board of min_cells to max_cells cells may have a dense form
  // in `layout`: what a kernel for such boards has to carry.
  static constexpr bool layout_within(Layout layout, int min_cells, int max_cells) {
    return layout == Layout::kRegionBytes ? min_cells <= kMaxRegionByteCells
                                          : max_cells > kMaxRegionByteCells && min_cells <= kMaxCells;
  }
  // The dense form of `set`, derived now on all cores (or the one already
  // derived for it and still alive), its bytes reserved from `budget` when
  // one is given (core/memory_budget.h) for as long as it lives. Null when
  // !possible(set) or when the memory cannot be had (the budget refuses, or
  // the system): the byte tables then serve.
  static std::shared_ptr<const DenseZeroAwareSet> load_dense(const std::shared_ptr<const AdditivePdb>& set,
                                                             const std::shared_ptr<MemoryBudget>& budget = nullptr);
  // The dense form derived for `set` and still alive, or null.
  static std::shared_ptr<const DenseZeroAwareSet> find(const AdditivePdb& set);

  DenseZeroAwareSet(const DenseZeroAwareSet&) = delete;
  DenseZeroAwareSet& operator=(const DenseZeroAwareSet&) = delete;
  ~DenseZeroAwareSet();

  Layout layout() const { return layout_; }
  // The distinct tables of the set's partitions, in the order of partition
  // 0's parts, then each further partition's parts not seen before (a
  // catalogue's partitions share tables): part(p) is part p of a set of
  // one partition.
  int tables() const { return static_cast<int>(parts_.size()); }
  const Part& part(int p) const { return parts_[static_cast<std::size_t>(p)]; }
  // Region bytes only: labels()[occupied], 4 bits per cell, the region of
  // each cell that `occupied` (a mask of cells) leaves free.
  const std::uint64_t* labels() const { return labels_.get(); }
  std::uint64_t bytes() const { return bytes_; }
  // How many of tables() were read from the forms kept beside their files
  // rather than derived.
  int tables_read() const { return tables_read_; }

 private:
  explicit DenseZeroAwareSet(const AdditivePdb& set);

  Layout layout_;
  std::vector<Part> parts_;
  std::vector<std::uint64_t> mapped_;  // bytes mapped per part
  std::unique_ptr<std::uint64_t[]> labels_;
  std::uint64_t bytes_ = 0;
  int tables_read_ = 0;
  MemoryReservation reservation_;
};

// The distinct tables of `set`'s partitions, in DenseZeroAwareSet::part()'s
// order (and ChildSignSet::part()'s).
std::vector<const PatternDb*> distinct_tables(const AdditivePdb& set);

}  // namespace npuzzle::pdb
