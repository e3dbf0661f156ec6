// The rows (registry.h) of the pattern-database heuristics: additive sets
// `pdb:SPEC` (pdb/additive.h), zero-aware sets `zpdb:SPEC`
// (pdb/zero_aware.h) and catalogues `cat:NAME`. Their kernel heuristics
// are pdb_heuristic.h, zero_aware_heuristic.h and catalogue_heuristic.h.
#include <cstdlib>
#include <stdexcept>

#include "heuristics/catalogue_heuristic.h"
#include "heuristics/pdb/additive_cache.h"
#include "heuristics/pdb/child_signs.h"
#include "heuristics/pdb/dense_zero_aware.h"
#include "heuristics/pdb_heuristic.h"
#include "heuristics/registry.h"
#include "heuristics/zero_aware_heuristic.h"

namespace npuzzle {
namespace {

// Why `spec` does not fit rows x cols (a bad partition, a named set for
// another shape, too many cells), or empty.
std::string additive_size_problem(std::string_view spec, int rows, int cols) {
  if (rows * cols > pdb::kMaxPdbCells) {
    return "pattern databases serve boards of at most " + std::to_string(pdb::kMaxPdbCells) + " cells; " +
           size_name(rows, cols) + " has " + std::to_string(rows * cols);
  }
  try {
    if (pdb::is_catalogue_spec(spec)) {
      for (const std::string& member : pdb::catalogue_members(spec, rows, cols)) {
        pdb::partition_tiles(member, rows, cols, Goal::kBlankLast);
      }
    } else {
      pdb::partition_tiles(spec, rows, cols, Goal::kBlankLast);
    }
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return {};
}

std::string label_of(std::string_view spec, bool reflect) {
  return std::string(spec) + (reflect ? "" : "/no-reflect");
}

// Loads through the process-wide cache of sets, never building.
ResolvedHeuristic load_set(std::string_view spec, int rows, int cols, Goal goal, const TableOptions& tables) {
  if (std::string why = additive_size_problem(spec, rows, cols); !why.empty()) throw std::invalid_argument(why);
  TableOptions load = tables;
  load.cache.build_missing = false;
  return resolved_additive(pdb::shared_additive(spec, rows, cols, goal, load), label_of(spec, tables.reflect));
}

// Set by the build (src/CMakeLists.txt) when the zpdb shape kernel of that
// board exists: it reads a set's child signs and nothing else.
#ifndef NPUZZLE_ZPDB_KERNEL_4X4
#define NPUZZLE_ZPDB_KERNEL_4X4 0
#endif
#ifndef NPUZZLE_ZPDB_KERNEL_5X5
#define NPUZZLE_ZPDB_KERNEL_5X5 0
#endif

// Whether a side x side set's child signs may be loaded alone: where its
// shape kernel reads them. The generic kernels (other boards, builds
// without those kernels, weighted IDA*) read the one-bit form, and without
// it the byte tables: the same values, more lines read per node.
bool signs_serve_alone(int side) {
  return (side == 4 && NPUZZLE_ZPDB_KERNEL_4X4) || (side == 5 && NPUZZLE_ZPDB_KERNEL_5X5);
}

// load_set, with the forms the search reads derived from the set: its child
// signs (pdb/child_signs.h) alone when they were kept and its shape kernel
// reads them (signs_serve_alone; the one-bit form is then only what they
// were derived from), else its dense one-bit form (pdb/dense_zero_aware.h)
// and the child signs derived from it (or read where they were kept). Owned
// with the set by the resolved heuristic (its data still points at the
// set), and found by ZeroAwarePdbRow::with_kernel (a zero-aware set) or
// CatalogueRow::with_kernel (a 5x5 catalogue of zero-aware tables).
ResolvedHeuristic load_zero_aware(std::string_view spec, int rows, int cols, Goal goal, const TableOptions& tables) {
  ResolvedHeuristic h = load_set(spec, rows, cols, goal, tables);
  auto set = h.shared_data<pdb::AdditivePdb>();
  if (!set->reflected() || set->rows() != set->cols()) return h;  // what ZeroAwarePdbRow::with_kernel reads
  struct Owner {
    std::shared_ptr<const pdb::AdditivePdb> set;
    std::shared_ptr<const pdb::DenseZeroAwareSet> dense;
    std::shared_ptr<const pdb::ChildSignSet> signs;
  };
  auto own = [&h, &set](std::shared_ptr<const pdb::DenseZeroAwareSet> dense,
                        std::shared_ptr<const pdb::ChildSignSet> signs) {
    const pdb::AdditivePdb* raw = set.get();
    auto owner = std::make_shared<const Owner>(Owner{std::move(set), std::move(dense), std::move(signs)});
    h.data = std::shared_ptr<const void>(owner, raw);
  };
  // NPUZZLE_CHILD_SIGNS=0 leaves them out, for comparing the two forms.
  const char* env = std::getenv("NPUZZLE_CHILD_SIGNS");
  const bool with_signs = env == nullptr || std::string_view(env) != "0";
  if (with_signs && signs_serve_alone(set->rows())) {
    if (auto signs = pdb::ChildSignSet::read_kept(set, tables.cache.budget)) {
      own(nullptr, std::move(signs));
      return h;
    }
  }
  if (auto dense = pdb::DenseZeroAwareSet::load_dense(set, tables.cache.budget)) {
    std::shared_ptr<const pdb::ChildSignSet> signs;
    if (with_signs) signs = pdb::ChildSignSet::load(set, *dense, tables.cache.budget);
    own(std::move(dense), std::move(signs));
  }
  return h;
}

std::vector<std::string> missing(std::string_view spec, int rows, int cols, Goal goal, const TableOptions& tables) {
  return pdb::missing_tables(spec, rows, cols, goal, tables);
}

void build(std::string_view spec, int rows, int cols, Goal goal, const TableOptions& tables) {
  TableOptions options = tables;
  options.cache.build_missing = true;
  pdb::load_additive(spec, rows, cols, goal, options);
}

long long evaluate_set(const ResolvedHeuristic& h, const Board& board) {
  return h.data_as<pdb::AdditivePdb>().evaluate(board);
}

// The named sets `auto` offers per shape, strongest first, with what a
// build costs (2 cores, measured; results/pdb_build.md, results/rectangles.md).
std::vector<AutoOffer> offers(std::initializer_list<std::pair<const char*, const char*>> named, int rows, int cols,
                              Goal goal, const TableOptions& tables) {
  std::vector<AutoOffer> list;
  for (const auto& [spec, cost] : named) {
    list.push_back({spec, pdb::additive_cached(spec, rows, cols, goal, tables), cost});
  }
  return list;
}

std::vector<AutoOffer> plain_offers(int rows, int cols, Goal goal, const TableOptions& tables) {
  if (rows == 4 && cols == 4) {
    return offers({{"pdb:78", "about 4 minutes and 2 GiB of memory to build, 550 MB on disk"},
                   {"pdb:663", "about 4 seconds to build, 12 MB on disk"},
                   {"pdb:555", "under a second to build, 1.5 MB on disk"}},
                  rows, cols, goal, tables);
  }
  if (rows == 5 && cols == 5) {
    return offers({{"pdb:6666", "about 3 minutes and 1.6 GiB of memory to build, 510 MB on disk"}}, rows, cols, goal,
                  tables);
  }
  // Rectangles: one named partition each (pdb/additive.cc), for exactly its shape.
  struct Rectangle {
    int rows, cols;
    const char* spec;
    const char* cost;
  };
  static constexpr Rectangle kRectangles[] = {
      {3, 4, "pdb:3x4-65", "about a second to build, 1 MB on disk"},
      {4, 3, "pdb:4x3-65", "about a second to build, 1 MB on disk"},
      {3, 5, "pdb:3x5-77", "about 2.5 minutes to build, 62 MB on disk"},
      {5, 3, "pdb:5x3-77", "about 2.5 minutes to build, 62 MB on disk"},
      {3, 6, "pdb:3x6-665", "about 40 seconds to build, 27 MB on disk"},
      {6, 3, "pdb:6x3-665", "about 40 seconds to build, 27 MB on disk"},
      {2, 8, "pdb:2x8-654", "about 10 seconds to build, 6 MB on disk"},
      {8, 2, "pdb:8x2-654", "about 10 seconds to build, 6 MB on disk"},
      {4, 5, "pdb:4x5-6544", "about 45 seconds to build, 29 MB on disk"},
      {5, 4, "pdb:5x4-6544", "about 45 seconds to build, 29 MB on disk"},
  };
  for (const Rectangle& r : kRectangles) {
    if (r.rows == rows && r.cols == cols) return offers({{r.spec, r.cost}}, rows, cols, goal, tables);
  }
  return {};
}

}  // namespace

ResolvedHeuristic resolved_additive(std::shared_ptr<const pdb::AdditivePdb> set, std::string label) {
  ResolvedHeuristic h;
  h.row = set->partitions() > 1 ? &CatalogueRow::row() : set->zero_aware() ? &ZeroAwarePdbRow::row() : &PdbRow::row();
  h.rows = set->rows();
  h.cols = set->cols();
  h.goal = set->goal();
  h.label = label.empty() ? label_of(set->spec(), set->reflected() || set->rows() != set->cols()) : std::move(label);
  h.data = std::move(set);
  return h;
}

const HeuristicRow& PdbRow::row() {
  static const HeuristicRow row{
      .name = "pdb:SPEC",
      .help = "additive pattern databases: pdb:555, pdb:663, pdb:78 (4x4), pdb:6666 (5x5), the rectangles' "
              "pdb:3x4-65, pdb:4x3-65, pdb:3x5-77, pdb:5x3-77, pdb:3x6-665, pdb:6x3-665, pdb:2x8-654, "
              "pdb:8x2-654, pdb:4x5-6544, pdb:5x4-6544 (no reflection), or any partition like "
              "pdb:1,2,3/4,5,6/7,8; built once, before the first board that names one is solved, and cached",
      .documentation = "src/heuristics/pdb/additive.h; results/korf100_pdb*.md, results/korf24_pdb6666_2t.md, "
                       "results/rectangles.md, results/pdb_build.md",
      .auto_rank = 20,
      .reflects = true,
      .names = [](std::string_view spec) { return spec.substr(0, 4) == "pdb:"; },
      .size_problem = additive_size_problem,
      .auto_offers = plain_offers,
      .load = load_set,
      .missing_tables = missing,
      .build = build,
      .evaluate = evaluate_set,
  };
  return row;
}

const HeuristicRow& ZeroAwarePdbRow::row() {
  static const HeuristicRow row{
      .name = "zpdb:SPEC",
      .help = "zero-aware additive pattern databases (Clausecker 2017): the same partitions (zpdb:555, "
              "zpdb:663 for 4x4, zpdb:6666 for 5x5, or any partition), each entry also keyed by the region "
              "of free cells the blank is in; never weaker than pdb:SPEC, tables about 1.4x (5x5) to 2x "
              "(4x4) larger; on square boards up to 5x5 searched in one bit per entry, derived at load "
              "(zpdb:78: 577 MB, a few seconds, then 0.6x pdb:78's time on random 15-puzzles; zpdb:6666: "
              "2 GB, about 7 s, then 0.8x pdb:6666's search time on Korf & Felner's 24-puzzles with the "
              "move-pruning machine)",
      .documentation = "src/heuristics/pdb/zero_aware.h, src/heuristics/pdb/dense_zero_aware.h; "
                       "results/zero_aware_15puzzle.md, results/korf24_zero_aware.md, results/random15.md, "
                       "results/korf24_levers.md",
      .auto_rank = 30,
      .reflects = true,
      .names = [](std::string_view spec) { return spec.substr(0, 5) == "zpdb:"; },
      .size_problem = additive_size_problem,
      .auto_offers =
          [](int rows, int cols, Goal goal, const TableOptions& tables) {
            // pdb:6666 is offered first (its tables are a third of the build
            // time and memory); zpdb:6666, read in its one-bit form, is
            // 1.1-1.3x faster (results/korf24_levers.md, section 8).
            if (rows != 5 || cols != 5) return std::vector<AutoOffer>{};
            return offers({{"zpdb:6666", "about 3 minutes and 1.7 GiB of memory to build, 730 MB on disk"}}, rows,
                          cols, goal, tables);
          },
      .load = load_zero_aware,
      .missing_tables = missing,
      .build = build,
      .evaluate = evaluate_set,
  };
  return row;
}

const HeuristicRow& CatalogueRow::row() {
  static const HeuristicRow row{
      .name = "cat:NAME",
      .help = "a catalogue: the maximum over several additive partitions, looking up after a move only the "
              "tables holding the moved tile; cat:small (5x5: Clausecker's seven 6-6-6-6 partitions, 14 "
              "zero-aware tables), cat:663x3 (4x4: three 6-6-3 partitions), NAME-plain for plain tables, or "
              "specs joined by '+' like cat:zpdb:663+zpdb:555",
      .documentation = "src/heuristics/catalogue_heuristic.h; results/korf24_zero_aware.md, results/korf24_levers.md",
      .auto_rank = 40,
      .reflects = true,
      .names = [](std::string_view spec) { return spec.substr(0, 4) == "cat:"; },
      .size_problem = additive_size_problem,
      .auto_offers =
          [](int rows, int cols, Goal goal, const TableOptions& tables) {
            if (rows != 5 || cols != 5) return std::vector<AutoOffer>{};
            return offers({{"cat:small", "14 tables of 6 tiles, each about 40 seconds and 1.7 GiB of memory to "
                                         "build, 2.5 GB on disk, 7.1 GB more in memory for their one-bit form"}},
                          rows, cols, goal, tables);
          },
      .load = load_zero_aware,
      .missing_tables = missing,
      .build = build,
      .evaluate = evaluate_set,
  };
  return row;
}

}  // namespace npuzzle
