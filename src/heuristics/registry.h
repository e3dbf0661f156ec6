// Heuristics as data. Each heuristic a user can name has one row
// (HeuristicRow): its name, its help, the sizes it serves, its rank for
// `auto`, where it is documented, and how its tables are loaded and built.
// The row is defined beside the heuristic, in the heuristic's own file; the
// list of rows is heuristics/kernel_rows.h, whose types also say how each
// row becomes a kernel heuristic (search/kernel_dispatch.h). The CLI's
// --help, the size checks, `auto`, the Python docstrings and docs come from
// these rows.
//
//   auto spec = parse_heuristic_spec("auto");          // or "pdb:663", "wd", "manhattan"
//   Resolution r = resolve_heuristic(*spec, 4, 4, Goal::kBlankFirst, tables);
//   if (!r.error.empty()) ...;  solve(board, request, r.heuristic);
//
// `auto` is a pure function of the board's shape and goal and of what the
// table cache holds (choose_auto): the rows are tried by rank, and each
// offers the specs it could serve the shape with, strongest first; the
// first one that is ready without a build wins. Resolving never builds a
// table: building is its own step (tables_to_build, build_tables), which the
// front ends take before any puzzle is solved.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.h"
#include "heuristics/pdb/additive_cache.h"
#include "heuristics/resolved.h"

namespace npuzzle {

// Where tables live, whether PDBs take their reflection, and the memory budget they draw from.
using TableOptions = pdb::AdditiveOptions;

// One spec a row could serve a shape with under `auto`.
struct AutoOffer {
  std::string spec;        // "pdb:663", "linear-conflict"
  bool ready = false;      // loads without a build
  std::string build_cost;  // when not ready: "about 4 seconds to build, 12 MB on disk"
};

struct HeuristicRow {
  std::string_view name;           // as typed, or its form: "wd", "pdb:SPEC"
  std::string_view help;           // one paragraph: --help, the Python docstrings
  std::string_view documentation;  // where it is explained and measured
  int auto_rank = 0;               // `auto` tries rows by rank, lowest first; 0: never
  bool reflects = false;           // takes the diagonal reflection (its label then says "/no-reflect" without it)

  // Whether `spec` names this row.
  bool (*names)(std::string_view spec) = nullptr;
  // Why this row cannot serve `spec` on rows x cols, in neutral words, or empty.
  std::string (*size_problem)(std::string_view spec, int rows, int cols) = nullptr;
  // The specs `auto` could take for the shape, strongest first; null: none.
  std::vector<AutoOffer> (*auto_offers)(int rows, int cols, Goal goal, const TableOptions& tables) = nullptr;
  // Loads what the search needs for the shape and goal; never builds. Throws
  // std::exception with a message for a person when it cannot (a bad spec,
  // a missing or corrupt table, the memory budget).
  ResolvedHeuristic (*load)(std::string_view spec, int rows, int cols, Goal goal,
                            const TableOptions& tables) = nullptr;
  // The tables `load` would miss (what the build step makes); null: none ever.
  std::vector<std::string> (*missing_tables)(std::string_view spec, int rows, int cols, Goal goal,
                                             const TableOptions& tables) = nullptr;
  // Builds them (and loads nothing). Throws like `load`.
  void (*build)(std::string_view spec, int rows, int cols, Goal goal, const TableOptions& tables) = nullptr;
  // The value of a solvable board, from scratch (info, tests).
  long long (*evaluate)(const ResolvedHeuristic& heuristic, const Board& board) = nullptr;
};

// Every row, in the order --help lists them.
const std::vector<const HeuristicRow*>& heuristic_rows();
// The row that takes `spec`, or null.
const HeuristicRow* find_heuristic_row(std::string_view spec);

// A heuristic as named, before it meets a board.
struct HeuristicSpec {
  const HeuristicRow* row = nullptr;  // null: auto
  std::string text;                   // as typed: "pdb:663"; "auto"

  static HeuristicSpec automatic() { return {nullptr, "auto"}; }
  bool is_auto() const { return row == nullptr; }
  // The name as the CSV's sidecar records it: "auto", "linear-conflict",
  // "pdb:663", with "/no-reflect" for a reflecting row without reflection.
  std::string label(bool reflect) const;
};
std::optional<HeuristicSpec> parse_heuristic_spec(std::string_view name);
// Precondition: `name` is a valid spec (tests, built-in choices).
HeuristicSpec heuristic_spec(std::string_view name);

// What `auto` means, for help texts.
std::string_view auto_heuristic_help();
// "auto: ...; hamming: ...": every name and its help, as one paragraph.
std::string heuristic_help();
// "auto, hamming, ... or cat:NAME", for "expected ..." messages.
std::string heuristic_names();

// What `auto` takes for a shape and goal: the first ready offer of the rows
// by rank. Pure: it reads the cache each time and remembers nothing.
struct AutoChoice {
  std::string spec;                // chosen
  std::string label;               // as the CSV names it ("pdb:663/no-reflect")
  const HeuristicRow* row = nullptr;
  std::vector<AutoOffer> stronger;  // offers ranked above it that need a build, strongest first
  std::vector<std::string> skipped;  // "pdb:78: why", ready offers that failed to load
};

struct Resolution {
  ResolvedHeuristic heuristic;
  std::string error;                      // non-empty when it could not be had
  std::optional<AutoChoice> auto_choice;  // for auto: what it chose, and why not better
};

// Loads the heuristic for rows x cols and the goal (auto: chooses first).
// Never builds. Thread-safe.
Resolution resolve_heuristic(const HeuristicSpec& spec, int rows, int cols, Goal goal, const TableOptions& tables);

// The build step: the tables `spec` misses on rows x cols (auto: none), and
// building them. Throws like HeuristicRow::load.
std::vector<std::string> tables_to_build(const HeuristicSpec& spec, int rows, int cols, Goal goal,
                                         const TableOptions& tables);
void build_tables(const HeuristicSpec& spec, int rows, int cols, Goal goal, const TableOptions& tables);

// A set of pattern databases the caller holds (tests, benchmarks, `pdb`
// commands), as its row resolves it: pdb:, zpdb: or cat: by the set's
// kind; `label` defaults to its spec.
ResolvedHeuristic resolved_additive(std::shared_ptr<const pdb::AdditivePdb> set, std::string label = {});

// Why `spec` cannot serve rows x cols, or empty (the row's size rule).
std::string heuristic_size_problem(const HeuristicSpec& spec, int rows, int cols);

}  // namespace npuzzle
