#include "heuristics/pdb/child_signs.h"

#include <array>
#include <bit>
#include <new>
#include <string>
#include <utility>

#include "heuristics/pdb/derived_memory.h"
#include "heuristics/pdb/file.h"
#include "heuristics/pdb/pattern.h"

namespace npuzzle::pdb {
namespace {

#if NPUZZLE_DENSE_MMAP
// The version of the derivation's output in kept files: raise it whenever
// the words a table derives to change.
constexpr std::uint32_t kKeptFormVersion = 1;
#endif

AliveForms<ChildSignSet>& alive_forms() {
  static AliveForms<ChildSignSet> forms;
  return forms;
}

// Derives part `p`'s words into `out` from its one-bit form.
class PartDerivation {
 public:
  // `table` is the set's distinct table p (distinct_tables).
  PartDerivation(const AdditivePdb& set, const PatternDb& table, const DenseZeroAwareSet& dense, int p,
                 std::uint32_t* out)
      : side_(set.cols()), cells_(set.cells()), labels_(dense.labels()), out_(out) {
    const DenseZeroAwareSet::Part& part = dense.part(p);
    k_ = part.k;
    weight_ = part.weight;
    cell_words_ = dense.layout() == DenseZeroAwareSet::Layout::kCellWords;
    bits_ = static_cast<const std::uint8_t*>(part.bits);
    std::array<std::uint8_t, kMaxPatternTiles> goal{};
    table.pattern().goal_placement(goal.data());
    for (int i = 0; i < k_; ++i) {
      const int g = goal[static_cast<std::size_t>(i)];
      for (int c = 0; c < cells_; ++c) {
        parity_[static_cast<std::size_t>(i)][static_cast<std::size_t>(c)] =
            static_cast<std::uint8_t>((c / side_ + c % side_ + g / side_ + g % side_) & 1);
      }
    }
  }

  // One task per cell of each of the first prefix() tiles (code's digits
  // in base cells): its placements, in plain-rank order.
  int prefix() const { return k_ < 2 ? k_ : 2; }
  void run(std::uint64_t code) {
    Walk walk;
    walk.index_at.fill(-1);
    for (int i = 0; i < prefix(); ++i, code /= static_cast<std::uint64_t>(cells_)) {
      const auto c = static_cast<int>(code % static_cast<std::uint64_t>(cells_));
      if ((walk.occupied >> c) & 1u) return;
      place(walk, i, c);
    }
    descend(walk, prefix());
  }

 private:
  struct Walk {
    std::array<std::uint8_t, kMaxPatternTiles> cell{};
    std::array<std::int8_t, 32> index_at{};  // the part's tile on each cell, or -1
    std::uint32_t occupied = 0;
    std::uint64_t rank = 0;
    int parity = 0;
  };

  void place(Walk& w, int i, int c) const {
    const std::uint32_t bit = std::uint32_t{1} << c;
    const auto digit = static_cast<std::uint64_t>(c - popcount32(w.occupied & (bit - 1)));
    w.rank += digit * weight_[static_cast<std::size_t>(i)];
    w.occupied |= bit;
    w.cell[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(c);
    w.index_at[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(i);
    w.parity ^= parity_[static_cast<std::size_t>(i)][static_cast<std::size_t>(c)];
  }

  void descend(Walk& w, int i) {
    if (i == k_) {
      leaf(w);
      return;
    }
    for (int c = 0; c < cells_; ++c) {
      if ((w.occupied >> c) & 1u) continue;
      Walk next = w;
      place(next, i, c);
      descend(next, i + 1);
    }
  }

  // The rank after tile i slides from `from` to `to` (plain_rank.h's update).
  std::uint64_t moved(const Walk& w, int i, int from, int to) const {
    const int lo = from < to ? from : to, hi = from < to ? to : from;
    auto delta = static_cast<std::int64_t>(hi - lo) * static_cast<std::int64_t>(weight_[static_cast<std::size_t>(i)]);
    for (int c = lo + 1; c < hi; ++c) {
      const int j = w.index_at[static_cast<std::size_t>(c)];
      if (j < 0) continue;
      delta += j < i ? -static_cast<std::int64_t>(weight_[static_cast<std::size_t>(i)])
                     : static_cast<std::int64_t>(weight_[static_cast<std::size_t>(j)]);
    }
    return w.rank + static_cast<std::uint64_t>(from < to ? delta : -delta);
  }

  void leaf(const Walk& w) {
    struct Child {
      std::uint64_t rank;
      std::uint8_t bit, from, to;
    };
    std::array<Child, 4 * ChildSignSet::kMaxTiles> children{};
    int n = 0;
    for (int i = 0; i < k_; ++i) {
      const int from = w.cell[static_cast<std::size_t>(i)];
      const int row = from / side_, col = from % side_;
      const std::array<int, 4> to{row > 0 ? from - side_ : -1, col > 0 ? from - 1 : -1,
                                  col < side_ - 1 ? from + 1 : -1, row < side_ - 1 ? from + side_ : -1};
      for (int d = 0; d < 4; ++d) {
        const int t = to[static_cast<std::size_t>(d)];
        if (t < 0 || ((w.occupied >> t) & 1u)) continue;
        Child& child = children[static_cast<std::size_t>(n++)];
        child.rank = moved(w, i, from, t);
        child.bit = static_cast<std::uint8_t>(4 * i + d);
        child.from = static_cast<std::uint8_t>(from);
        child.to = static_cast<std::uint8_t>(t);
        __builtin_prefetch(cell_words_ ? bits_ + 4 * child.rank : bits_ + child.rank);
      }
    }
    std::uint32_t word = 0;
    if (cell_words_) {
      // A bit per cell: the stored bit of the region holding it.
      const auto* words = reinterpret_cast<const std::uint32_t*>(bits_);
      const std::uint32_t own = words[w.rank];
      for (int c = 0; c < n; ++c) {
        const Child& child = children[static_cast<std::size_t>(c)];
        const int parent = static_cast<int>(((own >> child.to) & 1u) << 1) | w.parity;
        const int stored = static_cast<int>((words[child.rank] >> child.from) & 1u);
        if (decode_one_bit(parent, stored) > parent) word |= std::uint32_t{1} << child.bit;
      }
    } else {
      // A bit per region, regions from labels().
      const std::uint8_t byte = bits_[w.rank];
      const std::uint64_t label = labels_[w.occupied];
      for (int c = 0; c < n; ++c) {
        const Child& child = children[static_cast<std::size_t>(c)];
        // The parent's value mod 4, with the blank on the cell moved to.
        const unsigned parent_region = (label >> (4 * child.to)) & 0xF;
        const int parent = static_cast<int>(((byte >> parent_region) & 1u) << 1) | w.parity;
        const std::uint32_t occupied = w.occupied ^ (std::uint32_t{1} << child.from) ^ (std::uint32_t{1} << child.to);
        const unsigned child_region = (labels_[occupied] >> (4 * child.from)) & 0xF;
        const int stored = (bits_[child.rank] >> child_region) & 1;
        if (decode_one_bit(parent, stored) > parent) word |= std::uint32_t{1} << child.bit;
      }
    }
    out_[w.rank] = word;
  }

  int side_, cells_, k_ = 0;
  bool cell_words_ = false;
  std::array<std::uint64_t, kMaxPatternTiles> weight_{};
  const std::uint8_t* bits_ = nullptr;
  const std::uint64_t* labels_;
  std::array<std::array<std::uint8_t, 32>, kMaxPatternTiles> parity_{};
  std::uint32_t* out_;
};

}  // namespace

bool ChildSignSet::possible(const AdditivePdb& set) {
  if (!set.reflected() || set.rows() != set.cols()) return false;
  if (!DenseZeroAwareSet::possible(set)) return false;  // what the words are derived from
  for (const PatternDb* table : distinct_tables(set)) {
    if (table->pattern().size() > kMaxTiles) return false;
  }
  return true;
}

bool ChildSignSet::possible(const AdditivePdb& set, const DenseZeroAwareSet& dense) {
  return possible(set) && dense.tables() == static_cast<int>(distinct_tables(set).size());
}

namespace {

// Thrown by the constructor when, reading kept files only, one is missing.
struct NotKept {};

}  // namespace

ChildSignSet::ChildSignSet(const AdditivePdb& set, const DenseZeroAwareSet* dense) {
  const int cells = set.cells();
  const std::vector<const PatternDb*> tables = distinct_tables(set);
  parts_.resize(tables.size());
  mapped_.resize(parts_.size());
  std::vector<std::uint64_t> part_bytes(parts_.size());
  std::vector<std::uint32_t*> words(parts_.size());  // parts_[p].words, to write
  auto release_all = [&] {
    for (std::size_t q = 0; q < parts_.size(); ++q) release_table(parts_[q].words, mapped_[q]);
  };
  for (std::size_t p = 0; p < parts_.size(); ++p) {
    Part& part = parts_[p];
    part.k = tables[p]->pattern().size();
    part.source = tables[p]->data();
    part.weight = plain_weights<kMaxPatternTiles>(part.k, cells);  // as the one-bit form's
    part_bytes[p] = placements_of(part.k, cells) * sizeof(std::uint32_t);
    std::uint8_t* memory = allocate_table(part_bytes[p], mapped_[p]);
    if (memory == nullptr) {
      release_all();
      throw std::bad_alloc();
    }
    words[p] = reinterpret_cast<std::uint32_t*>(memory);
    part.words = words[p];
    bytes_ += part_bytes[p];
  }
  // The kept forms, read side by side: each is a copy from the page cache
  // and a checksum, so the cores share a load (cat:small's 6.7 GB).
  std::vector<std::uint8_t> kept(parts_.size(), 0);
#if NPUZZLE_DENSE_MMAP
  for_each_task(parts_.size(), [&](std::uint64_t p) {
    const std::string& path = tables[p]->path();
    const DerivedKey key{"childsign", kKeptFormVersion, 0, part_bytes[p]};
    kept[p] = !path.empty() && read_derived_file(path, key, words[p]);
  });
#endif
  for (std::size_t p = 0; p < parts_.size(); ++p) {
    if (kept[p]) {
      ++tables_read_;
      continue;
    }
    if (dense == nullptr) {
      release_all();
      throw NotKept{};
    }
    PartDerivation derivation(set, *tables[p], *dense, static_cast<int>(p), words[p]);
    std::uint64_t tasks = 1;
    for (int i = 0; i < derivation.prefix(); ++i) tasks *= static_cast<std::uint64_t>(cells);
    for_each_task(tasks, [&](std::uint64_t code) { derivation.run(code); });
#if NPUZZLE_DENSE_MMAP
    const std::string& path = tables[p]->path();
    if (!path.empty()) write_derived_file(path, DerivedKey{"childsign", kKeptFormVersion, 0, part_bytes[p]}, words[p]);
#endif
  }
}

ChildSignSet::~ChildSignSet() {
  for (std::size_t p = 0; p < parts_.size(); ++p) release_table(parts_[p].words, mapped_[p]);
}

std::shared_ptr<const ChildSignSet> ChildSignSet::make(const std::shared_ptr<const AdditivePdb>& set,
                                                       const DenseZeroAwareSet* dense,
                                                       const std::shared_ptr<MemoryBudget>& budget) {
  // Not in the WebAssembly build, whose memory a 2 GB form would not fit.
  if (!NPUZZLE_DENSE_MMAP || !set || !(dense != nullptr ? possible(*set, *dense) : possible(*set))) return nullptr;
  return alive_forms().find_or_make(set.get(), [&]() -> std::shared_ptr<const ChildSignSet> {
    std::uint64_t bytes = 0;
    for (const PatternDb* table : distinct_tables(*set)) bytes += placements_of(table->pattern().size(), set->cells()) * sizeof(std::uint32_t);
    try {
      MemoryReservation reservation(budget, bytes, "the child signs of " + set->spec());
      std::shared_ptr<ChildSignSet> signs(new ChildSignSet(*set, dense));
      signs->reservation_ = std::move(reservation);
      return signs;
    } catch (const MemoryBudgetError&) {
      return nullptr;
    } catch (const std::bad_alloc&) {
      return nullptr;
    } catch (const NotKept&) {
      return nullptr;
    }
  });
}

std::shared_ptr<const ChildSignSet> ChildSignSet::load(const std::shared_ptr<const AdditivePdb>& set,
                                                       const DenseZeroAwareSet& dense,
                                                       const std::shared_ptr<MemoryBudget>& budget) {
  return make(set, &dense, budget);
}

std::shared_ptr<const ChildSignSet> ChildSignSet::read_kept(const std::shared_ptr<const AdditivePdb>& set,
                                                            const std::shared_ptr<MemoryBudget>& budget) {
  return make(set, nullptr, budget);
}

std::shared_ptr<const ChildSignSet> ChildSignSet::find(const AdditivePdb& set) {
  return alive_forms().find(&set);
}

}  // namespace npuzzle::pdb
