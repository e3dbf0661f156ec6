// Child signs: a zero-aware set's values for the search of square boards of
// up to 5x5, stored so that a child's value costs no table read.
//
// Why. A zero-aware part's value changes by exactly +1 or -1 when one of its
// tiles moves and not at all otherwise (dense_zero_aware.h), so a child's
// value is its parent's plus a sign. The one-bit form stores that sign at
// the child (bit 1 of the child's entry): every generated child reads a
// line of its part's table, and about half of them are then cut by the
// bound. Here each placement of a part instead stores the signs of all of
// its own children, so a child's value comes from its parent's word, and a
// line is read only for a child the search descends into, to learn the signs
// of that child's children: about 2.1 times fewer lines read per expanded
// node on random 15-puzzles (results/random15.md, "child signs").
//
// The form: per part of k <= 8 tiles, one 32-bit word per placement at the
// plain rank (plain_rank.h). Bit 4*i + d is 1 when moving the part's tile i
// one cell in direction d (0 up, 1 left, 2 right, 3 down) onto a free cell
// (where the blank then is) raises the part's value, 0 when it lowers it or
// when there is no such move. The parent's value is the one with the blank
// on the cell the tile moves to: a placement's word holds the children of
// every blank position at once. zpdb:78: 4 x (57.7 M + 518.9 M) bytes, 2.3 GB;
// zpdb:6666: 4 x 4 x 127.5 M bytes, 2.04 GB (as its cell words).
//
// Derived from the one-bit form at load, on all cores: bit 1 of each value
// is stored there, and bit 0 is the parity of the part's Manhattan distance
// (each move of one of its tiles changes both by one), so a parent's value
// mod 4 and a child's stored bit decide the sign (decode_one_bit). Kept
// beside each table as TABLE.pdb.childsign once derived (file.h's derived
// forms), like the one-bit form; the words depend on the table alone, so a
// table shared by zpdb:6666 and cat:small is derived once for both. Once
// kept, read_kept() loads them without the one-bit form, which the search
// does not read. A catalogue (cat:small on 5x5) has them per distinct
// table, read by child_sign_catalogue_heuristic.h.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/memory_budget.h"
#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/dense_zero_aware.h"

namespace npuzzle::pdb {

class ChildSignSet {
 public:
  // The most tiles of a part: four sign bits per tile fill a 32-bit word.
  static constexpr int kMaxTiles = 8;

  struct Part {
    int k = 0;
    std::array<std::uint64_t, kMaxPatternTiles> weight{};  // the plain ranking weights
    const std::uint32_t* words = nullptr;                   // word `plain rank`
    const std::uint8_t* source = nullptr;                   // the byte table's PatternDb::data()
  };

  // Whether `set` has child signs: reflected zero-aware tables on a square
  // board that has a one-bit form (in either layout; a catalogue's, in cell
  // words on 5x5), every table of at most kMaxTiles tiles.
  static bool possible(const AdditivePdb& set);
  // possible(set), with `dense` its one-bit form.
  static bool possible(const AdditivePdb& set, const DenseZeroAwareSet& dense);
  // The child signs of `set`, derived now from `dense` on all cores (or read
  // from the files kept beside its tables, or the ones still alive), their
  // bytes reserved from `budget` when one is given. Null when !possible or
  // when the memory cannot be had.
  static std::shared_ptr<const ChildSignSet> load(const std::shared_ptr<const AdditivePdb>& set,
                                                  const DenseZeroAwareSet& dense,
                                                  const std::shared_ptr<MemoryBudget>& budget = nullptr);
  // The child signs of `set` read from the files kept beside its tables (or
  // the ones still alive), without its one-bit form, which the search then
  // need not hold: null unless every part's file is kept and verifies, or
  // when the memory cannot be had (the caller then derives them by load()).
  static std::shared_ptr<const ChildSignSet> read_kept(const std::shared_ptr<const AdditivePdb>& set,
                                                       const std::shared_ptr<MemoryBudget>& budget = nullptr);
  // The child signs loaded for `set` and still alive, or null.
  static std::shared_ptr<const ChildSignSet> find(const AdditivePdb& set);

  ChildSignSet(const ChildSignSet&) = delete;
  ChildSignSet& operator=(const ChildSignSet&) = delete;
  ~ChildSignSet();

  // The distinct tables of the set's partitions, in DenseZeroAwareSet::part()'s
  // order (distinct_tables): part(p) is part p of a set of one partition.
  int parts() const { return static_cast<int>(parts_.size()); }
  const Part& part(int p) const { return parts_[static_cast<std::size_t>(p)]; }
  std::uint64_t bytes() const { return bytes_; }
  // How many of parts() were read from kept files rather than derived.
  int tables_read() const { return tables_read_; }

 private:
  // Reads each part's kept file, else derives it from `dense`; with `dense`
  // null, throws NotKept (child_signs.cc) at the first part not kept.
  ChildSignSet(const AdditivePdb& set, const DenseZeroAwareSet* dense);
  static std::shared_ptr<const ChildSignSet> make(const std::shared_ptr<const AdditivePdb>& set,
                                                  const DenseZeroAwareSet* dense,
                                                  const std::shared_ptr<MemoryBudget>& budget);

  std::vector<Part> parts_;
  std::vector<std::uint64_t> mapped_;
  std::uint64_t bytes_ = 0;
  int tables_read_ = 0;
  MemoryReservation reservation_;
};

}  // namespace npuzzle::pdb
