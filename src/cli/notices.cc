#include "cli/notices.h"

#include <filesystem>

namespace npuzzle::cli {

std::string auto_notice(int rows, int cols, Goal goal, const AutoChoice& choice) {
  std::string text;
  for (const std::string& skipped : choice.skipped) text += "npuzzle: note: skipping the cached " + skipped + "\n";
  const std::string shape = size_name(rows, cols) + " " + std::string(goal_name(goal));
  if (choice.row && choice.row->missing_tables) {
    return text + "npuzzle: note: " + shape + " boards use the cached " + choice.label +
           " (--heuristic to choose another)";
  }
  if (choice.stronger.empty()) return text.empty() ? text : text.substr(0, text.size() - 1);
  // The quickest to build first (the second strongest when there are several), then the strongest.
  const AutoOffer& best = choice.stronger.front();
  const AutoOffer& quick = choice.stronger.size() > 1 ? choice.stronger[1] : best;
  text += "npuzzle: note: " + shape + " boards use " + choice.label + "; no pattern database is cached for them. " +
          "'npuzzle pdb build " + quick.spec + " --goal " + std::string(goal_name(goal)) + "' (" + quick.build_cost +
          ") makes them many times faster";
  if (&best != &quick) text += ", and " + best.spec + " (" + best.build_cost + ") faster still";
  return text + "; a cached one is then used by default.";
}

std::string building_notice(const std::string& spec, int rows, int cols, Goal goal,
                            const std::vector<std::string>& tables) {
  std::string where = tables.empty() ? std::string() : std::filesystem::path(tables.front()).parent_path().string();
  return "npuzzle: building " + spec + " for " + size_name(rows, cols) + " " + std::string(goal_name(goal)) +
         " boards first: " + std::to_string(tables.size()) + (tables.size() == 1 ? " table" : " tables") +
         (where.empty() ? "" : " in " + where) + " (once; 'npuzzle pdb build' does it ahead)";
}

}  // namespace npuzzle::cli
