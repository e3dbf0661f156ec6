#include "search/registry.h"

#include <map>
#include <mutex>
#include <tuple>

#include "heuristics/exact.h"
#include "heuristics/pdb/file.h"
#include "heuristics/tile_tables.h"

namespace npuzzle {

const std::vector<NamedChoice>& algorithm_choices() {
  static const std::vector<NamedChoice> choices = {
      {"ida", "IDA* (Korf 1985): linear memory, optimal, boards up to 64 cells, the default (it never switches "
              "by itself: when optimal search is hopeless, --weight W gives a solution within W x optimal, and "
              "phased any size)"},
      {"astar", "A* with a bucket open list: fewer nodes, memory grows with the search (boards up to 25 cells)"},
      {"phased", "the row-by-row constructive solver: any size up to 1000x1000 and beyond, in time proportional to "
                 "its solution, which is valid but not optimal (status solved)"},
  };
  return choices;
}

const std::vector<NamedChoice>& heuristic_choices() {
  static const std::vector<NamedChoice> choices = {
      {"auto", "exact on boards of up to 10 cells (3x3, 2x4, 2x5 ...); else the strongest pattern database "
               "already cached for the board (4x4: pdb:78, pdb:663, pdb:555; 5x5: pdb:6666, zpdb:6666, cat:small; 3x4, 4x3, 3x5, 5x3, "
               "3x6, 6x3, 2x8, 8x2, 4x5, 5x4: pdb:RxC-...); else linear-conflict; never builds a pattern database "
               "(the default)"},
      {"hamming", "misplaced tiles"},
      {"manhattan", "sum of the tiles' Manhattan distances"},
      {"linear-conflict", "Manhattan plus linear conflicts (lines of up to 7 cells)"},
      {"exact", "the true distance from a table of every state, made by one breadth-first search in memory "
                "(boards of up to 10 cells; 3x3 in about 10 ms): IDA* then expands only the solution path"},
      {"pdb:SPEC", "additive pattern databases: pdb:555, pdb:663, pdb:78 (4x4), pdb:6666 (5x5), the rectangles' "
                   "pdb:3x4-65, pdb:4x3-65, pdb:3x5-77, pdb:5x3-77, pdb:3x6-665, pdb:6x3-665, pdb:2x8-654, "
                   "pdb:8x2-654, pdb:4x5-6544, pdb:5x4-6544 (no reflection), or any partition like "
                   "pdb:1,2,3/4,5,6/7,8; built and cached on first use"},
      {"zpdb:SPEC", "zero-aware additive pattern databases (Clausecker 2017): the same partitions (zpdb:555, "
                    "zpdb:663 for 4x4, zpdb:6666 for 5x5, or any partition), each entry also keyed by the region "
                    "of free cells the blank is in; never weaker than pdb:SPEC, tables about 1.4x (5x5) to 2x "
                    "(4x4) larger"},
      {"cat:NAME", "a catalogue: the maximum over several additive partitions, looking up after a move only the "
                   "tables holding the moved tile; cat:small (5x5: Clausecker's seven 6-6-6-6 partitions, 14 "
                   "zero-aware tables), cat:663x3 (4x4: three 6-6-3 partitions), NAME-plain for plain tables, or "
                   "specs joined by '+' like cat:zpdb:663+zpdb:555"},
  };
  return choices;
}

std::string describe_choices(const std::vector<NamedChoice>& choices) {
  std::string text;
  for (const NamedChoice& c : choices) {
    if (!text.empty()) text += "; ";
    text += c.name + ": " + c.help;
  }
  return text;
}

std::string list_choice_names(const std::vector<NamedChoice>& choices) {
  std::string text;
  for (std::size_t i = 0; i < choices.size(); ++i) {
    if (i > 0) text += i + 1 == choices.size() ? " or " : ", ";
    text += choices[i].name;
  }
  return text;
}

std::optional<Algorithm> parse_algorithm(std::string_view name) {
  if (name == "ida" || name == "idastar" || name == "ida*") return Algorithm::kIdaStar;
  if (name == "astar" || name == "a*") return Algorithm::kAStar;
  if (name == "phased") return Algorithm::kPhased;
  return std::nullopt;
}

std::string HeuristicSpec::label(bool reflect) const {
  switch (mode) {
    case Mode::kAuto: return "auto";
    case Mode::kFixed: return std::string(heuristic_name(kind));
    case Mode::kPdb: return pdb + (reflect ? "" : "/no-reflect");
  }
  return "auto";
}

std::optional<HeuristicSpec> parse_heuristic_spec(std::string_view name) {
  if (name == "auto") return HeuristicSpec::automatic();
  if (pdb::is_pdb_spec(name)) return HeuristicSpec{HeuristicSpec::Mode::kPdb, HeuristicKind::kPdb, std::string(name)};
  if (auto kind = parse_heuristic(name)) return HeuristicSpec::fixed(*kind);
  return std::nullopt;
}

namespace {

struct Candidate {
  const char* spec;
  const char* build_cost;  // for the notice: build time and memory on 2 cores
};

// Strongest first.
std::vector<Candidate> auto_candidates(int rows, int cols) {
  if (rows == 4 && cols == 4) {
    return {{"pdb:78", "about 4 minutes and 2 GiB of memory to build, 550 MB on disk"},
            {"pdb:663", "about 4 seconds to build, 12 MB on disk"},
            {"pdb:555", "under a second to build, 1.5 MB on disk"}};
  }
  if (rows == 5 && cols == 5) {
    // Fastest first, not fewest nodes: the zero-aware index is recomputed per
    // move, so zpdb:6666 expands 2-3x fewer nodes but takes 2-3x the CPU of
    // pdb:6666 today (results/korf24_zero_aware.md).
    return {{"pdb:6666", "about 3 minutes and 1.6 GiB of memory to build, 510 MB on disk"},
            {"zpdb:6666", "about 3 minutes and 1.7 GiB of memory to build, 730 MB on disk"},
            {"cat:small", "14 tables of 6 tiles, each about 40 seconds and 1.7 GiB of memory to build, 2.5 GB on disk"}};
  }
  // Rectangles: one named partition each (heuristics/pdb/additive.cc). Build
  // times measured with 2 threads on the shared 2-core VM under load.
  if (rows * cols == 12) return {{rows == 3 ? "pdb:3x4-65" : "pdb:4x3-65", "about a second to build, 1 MB on disk"}};
  if (rows * cols == 15) return {{rows == 3 ? "pdb:3x5-77" : "pdb:5x3-77", "about 2.5 minutes to build, 62 MB on disk"}};
  if (rows * cols == 18) return {{rows == 3 ? "pdb:3x6-665" : "pdb:6x3-665", "about 40 seconds to build, 27 MB on disk"}};
  if (rows * cols == 16) return {{rows == 2 ? "pdb:2x8-654" : "pdb:8x2-654", "about 10 seconds to build, 6 MB on disk"}};
  if (rows * cols == 20) return {{rows == 4 ? "pdb:4x5-6544" : "pdb:5x4-6544", "about 45 seconds to build, 29 MB on disk"}};
  return {};
}

std::string pdb_label(const std::string& spec, bool reflect) { return spec + (reflect ? "" : "/no-reflect"); }

ResolvedHeuristic choose_auto_uncached(int rows, int cols, Goal goal, const pdb::AdditiveOptions& options) {
  ResolvedHeuristic choice;
  const bool conflicts_fit = rows <= kMaxConflictLine && cols <= kMaxConflictLine;
  choice.kind = conflicts_fit ? HeuristicKind::kLinearConflict : HeuristicKind::kManhattan;
  choice.label = std::string(heuristic_name(choice.kind));
  if (rows * cols <= kMaxExactCells) {
    choice.kind = HeuristicKind::kExact;
    choice.label = std::string(heuristic_name(choice.kind));
    choice.exact = exact_table_for(rows, cols, goal);
    return choice;
  }
  const std::string shape = size_name(rows, cols) + " " + std::string(goal_name(goal));
  std::string skipped;
  const auto list = auto_candidates(rows, cols);
  for (const Candidate& c : list) {
    if (!pdb::additive_cached(c.spec, rows, cols, goal, options)) continue;
    pdb::AdditiveOptions load = options;
    load.cache.build_missing = false;
    try {
      choice.pdb = pdb::shared_additive(c.spec, rows, cols, goal, load);
    } catch (const std::exception& e) {
      skipped += std::string("npuzzle: note: skipping the cached ") + c.spec + ": " + e.what() + "\n";
      continue;
    }
    choice.kind = HeuristicKind::kPdb;
    choice.label = pdb_label(c.spec, options.reflect);
    choice.notice = skipped + "npuzzle: note: " + shape + " boards use the cached " + c.spec +
                    (options.reflect ? "" : " (no reflection)") + " (--heuristic to choose another)";
    return choice;
  }
  if (!list.empty()) {
    const Candidate& best = list.front();
    const Candidate& quick = list.size() > 1 ? list[1] : list[0];
    choice.notice = skipped + "npuzzle: note: " + shape + " boards use " + choice.label +
                    "; no pattern database is cached for them. " + "'npuzzle pdb build " + quick.spec + " --goal " +
                    std::string(goal_name(goal)) + "' (" + quick.build_cost + ") makes them many times faster";
    if (&best != &quick) {
      choice.notice += ", and " + std::string(best.spec) + " (" + best.build_cost + ") faster still";
    }
    choice.notice += "; a cached one is then used by default.";
  }
  return choice;
}

// Remembers the auto choice per (rows, cols, goal, cache directory,
// reflection): the notice is given once, and the cache is probed once.
ResolvedHeuristic choose_auto(int rows, int cols, Goal goal, const pdb::AdditiveOptions& options) {
  using Key = std::tuple<int, int, Goal, std::string, bool>;
  static std::mutex mutex;
  static auto* known = new std::map<Key, ResolvedHeuristic>();
  const Key key{rows, cols, goal, options.cache.directory(), options.reflect};
  std::lock_guard lock(mutex);
  if (auto it = known->find(key); it != known->end()) {
    ResolvedHeuristic seen = it->second;
    seen.notice.clear();
    return seen;
  }
  ResolvedHeuristic choice = choose_auto_uncached(rows, cols, goal, options);
  known->emplace(key, choice);
  return choice;
}

}  // namespace

ResolvedHeuristic resolve_heuristic(const HeuristicSpec& spec, int rows, int cols, Goal goal,
                                    const pdb::AdditiveOptions& tables) {
  switch (spec.mode) {
    case HeuristicSpec::Mode::kAuto:
      // Decided by the shape alone, so without the cache's lock and key.
      if (rows * cols <= kMaxExactCells) return choose_auto_uncached(rows, cols, goal, tables);
      return choose_auto(rows, cols, goal, tables);
    case HeuristicSpec::Mode::kFixed: {
      ResolvedHeuristic fixed;
      fixed.kind = spec.kind;
      fixed.label = std::string(heuristic_name(spec.kind));
      if (spec.kind == HeuristicKind::kExact && rows * cols <= kMaxExactCells) {
        fixed.exact = exact_table_for(rows, cols, goal);
      }
      return fixed;
    }
    case HeuristicSpec::Mode::kPdb: break;
  }
  ResolvedHeuristic resolved;
  resolved.kind = HeuristicKind::kPdb;
  resolved.label = pdb_label(spec.pdb, tables.reflect);
  // Loaded (or built) once per shape and goal, then shared by every puzzle.
  try {
    resolved.pdb = pdb::shared_additive(spec.pdb, rows, cols, goal, tables);
  } catch (const std::exception& e) {
    resolved.error = e.what();
  }
  return resolved;
}

}  // namespace npuzzle
