#include "batch/heuristic_choice.h"

#include <map>
#include <mutex>
#include <tuple>
#include <vector>

#include "heuristics/pdb/file.h"
#include "heuristics/tile_tables.h"

namespace npuzzle {
namespace {

struct Candidate {
  const char* spec;
  const char* build_cost;  // for the notice: build time and memory on 2 cores
};

// Strongest first.
std::vector<Candidate> candidates(int rows, int cols) {
  if (rows == 4 && cols == 4) {
    return {{"pdb:78", "about 4 minutes and 2 GiB of memory to build, 550 MB on disk"},
            {"pdb:663", "about 4 seconds to build, 12 MB on disk"},
            {"pdb:555", "under a second to build, 1.5 MB on disk"}};
  }
  if (rows == 5 && cols == 5) return {{"pdb:6666", "about 3 minutes and 1.6 GiB of memory to build, 510 MB on disk"}};
  return {};
}

HeuristicChoice choose_uncached(int rows, int cols, Goal goal, const pdb::AdditiveOptions& options) {
  HeuristicChoice choice;
  const bool conflicts_fit = rows <= kMaxConflictLine && cols <= kMaxConflictLine;
  choice.kind = conflicts_fit ? HeuristicKind::kLinearConflict : HeuristicKind::kManhattan;
  const std::string shape = size_name(rows, cols) + " " + std::string(goal_name(goal));
  std::string skipped;
  const auto list = candidates(rows, cols);
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
    choice.pdb_spec = c.spec;
    choice.notice = skipped + "npuzzle: note: " + shape + " boards use the cached " + c.spec +
                    (options.reflect ? "" : " (no reflection)") + " (--heuristic to choose another)";
    return choice;
  }
  if (!list.empty()) {
    const Candidate& best = list.front();
    const Candidate& quick = list.size() > 1 ? list[1] : list[0];
    choice.notice = skipped + "npuzzle: note: " + shape + " boards use " +
                    std::string(heuristic_name(choice.kind)) + "; no pattern database is cached for them. " +
                    "'npuzzle pdb build " + quick.spec + " --goal " + std::string(goal_name(goal)) + "' (" +
                    quick.build_cost + ") makes them many times faster";
    if (&best != &quick) {
      choice.notice += ", and " + std::string(best.spec) + " (" + best.build_cost + ") faster still";
    }
    choice.notice += "; a cached one is then used by default.";
  }
  return choice;
}

}  // namespace

HeuristicChoice choose_heuristic(int rows, int cols, Goal goal, const pdb::AdditiveOptions& options) {
  using Key = std::tuple<int, int, Goal, std::string, bool>;
  static std::mutex mutex;
  static auto* known = new std::map<Key, HeuristicChoice>();
  const std::string dir = options.cache.directory();
  const Key key{rows, cols, goal, dir, options.reflect};
  std::lock_guard lock(mutex);
  if (auto it = known->find(key); it != known->end()) {
    HeuristicChoice seen = it->second;
    seen.notice.clear();
    return seen;
  }
  HeuristicChoice choice = choose_uncached(rows, cols, goal, options);
  known->emplace(key, choice);
  return choice;
}

}  // namespace npuzzle
