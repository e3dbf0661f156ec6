// Algorithms and heuristics as data: every name a user can type
// (`--algorithm`, `--heuristic`, the Python module's keywords), its help
// text, how it parses, and how a heuristic name becomes what the search
// runs with for one board shape and goal, including the pattern-database
// load policy and the `auto` choice. The CLI's --help is made from these
// lists; the batch, the CLI's solve, the game window and the Python module
// all resolve names here, so `auto` picks the same thing everywhere.
//
//   auto spec = parse_heuristic_spec("auto");          // or "pdb:663", "manhattan"
//   ResolvedHeuristic h = resolve_heuristic(*spec, 4, 4, Goal::kBlankFirst, tables);
//   if (!h.error.empty()) ...;  options.heuristic = h.kind; options.pdb = h.pdb;
//
// The `auto` choice, strongest first, per board shape and goal:
//   up to 10 cells (3x3, 2x3, 2x4, 2x5 and their transposes): exact, the
//        BFS table of every state (heuristics/exact.h), made in memory in
//        well under a second and never written to disk;
//   4x4: pdb:78, else pdb:663, else pdb:555, whichever has all its tables
//        in the cache first (reflected unless tables.reflect is false);
//   5x5: pdb:6666 when cached;
//   3x4, 4x3, 3x5, 5x3, 3x6, 6x3, 2x8, 8x2, 4x5, 5x4: the shape's one named
//        partition (pdb:3x4-65 ...) when cached;
//   otherwise (and when no table is cached): linear-conflict, or manhattan
//   on boards whose lines are too long for linear conflicts.
// `auto` never builds a pattern database. Its first choice for a shape and goal in a
// process comes with a one-line notice: which PDB is used, or the command
// that would build one; a cached table that fails to load is named and
// skipped. An explicit `pdb:SPEC` is loaded, and built first when missing
// unless tables.cache.build_missing is false.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "heuristics/heuristic.h"
#include "heuristics/pdb/additive.h"
#include "search/solver.h"

namespace npuzzle {

// A name a user can type, and what it means, for --help and error messages.
struct NamedChoice {
  std::string name;
  std::string help;
};
const std::vector<NamedChoice>& algorithm_choices();
const std::vector<NamedChoice>& heuristic_choices();
// "name: help; name: help ..." as one paragraph, for an option's help text.
std::string describe_choices(const std::vector<NamedChoice>& choices);
// "a, b or c": the names, for "expected ..." messages.
std::string list_choice_names(const std::vector<NamedChoice>& choices);

std::optional<Algorithm> parse_algorithm(std::string_view name);

// A heuristic as named, before it meets a board.
struct HeuristicSpec {
  enum class Mode : std::uint8_t { kAuto, kFixed, kPdb };
  Mode mode = Mode::kAuto;
  HeuristicKind kind = HeuristicKind::kLinearConflict;  // kFixed
  std::string pdb;                                       // kPdb: "pdb:663", "pdb:1,2/3,4", ...

  static HeuristicSpec automatic() { return {}; }
  static HeuristicSpec fixed(HeuristicKind kind) { return {Mode::kFixed, kind, {}}; }
  // The name as typed back, as the CSV's sidecar records it: "auto",
  // "linear-conflict", "pdb:663", with "/no-reflect" for a PDB without reflection.
  std::string label(bool reflect) const;
};
std::optional<HeuristicSpec> parse_heuristic_spec(std::string_view name);

// What the search runs with for one board shape and goal.
struct ResolvedHeuristic {
  HeuristicKind kind = HeuristicKind::kLinearConflict;
  std::shared_ptr<const pdb::AdditivePdb> pdb;  // kind == kPdb
  std::shared_ptr<const ExactTable> exact;      // kind == kExact (on a board it serves)
  std::string label;   // what was used, as the CSV names it ("pdb:663", "linear-conflict")
  std::string notice;  // auto's one-time note for this shape and goal, else empty
  std::string error;   // non-empty when the tables could not be had (bad spec, bad file, budget)
};

// Thread-safe. Loads (or, for an explicit spec, builds) tables through the
// process-wide cache, so every board of a shape and goal shares them.
ResolvedHeuristic resolve_heuristic(const HeuristicSpec& spec, int rows, int cols, Goal goal,
                                    const pdb::AdditiveOptions& tables);

}  // namespace npuzzle
