#include "heuristics/pdb_wd.h"

#include <stdexcept>
#include <string>

#include "heuristics/pdb/additive_cache.h"
#include "heuristics/registry.h"

namespace npuzzle {
namespace {

constexpr std::string_view kPrefix = "max(";
constexpr std::string_view kSuffix = ",wd)";

// "pdb:663" of "max(pdb:663,wd)", or empty when `spec` is not of that form.
std::string_view database_of(std::string_view spec) {
  if (spec.size() <= kPrefix.size() + kSuffix.size() || spec.substr(0, kPrefix.size()) != kPrefix ||
      spec.substr(spec.size() - kSuffix.size()) != kSuffix) {
    return {};
  }
  const std::string_view inner = spec.substr(kPrefix.size(), spec.size() - kPrefix.size() - kSuffix.size());
  return inner.substr(0, 4) == "pdb:" ? inner : std::string_view();
}

std::string size_problem(std::string_view spec, int rows, int cols) {
  if (std::string why = walking_distance_shape_problem(rows, cols); !why.empty()) return why;
  return PdbRow::row().size_problem(database_of(spec), rows, cols);
}

}  // namespace

const HeuristicRow& PdbWalkingDistanceRow::row() {
  static const HeuristicRow row{
      .name = "max(pdb:SPEC,wd)",
      .help = "the larger of an additive pattern database and walking distance at every node, e.g. "
              "max(pdb:663,wd) (the heuristic of domsleee's 15-puzzle solver): never weaker than either; boards "
              "walking distance serves (up to 4x4); the database is built once like pdb:SPEC's",
      .documentation = "src/heuristics/pdb_wd.h; results/walking_distance.md",
      .auto_rank = 0,
      .reflects = true,
      .names = [](std::string_view spec) { return !database_of(spec).empty(); },
      .size_problem = size_problem,
      .load =
          [](std::string_view spec, int rows, int cols, Goal goal, const TableOptions& tables) {
            if (std::string why = size_problem(spec, rows, cols); !why.empty()) throw std::invalid_argument(why);
            TableOptions load = tables;
            load.cache.build_missing = false;
            auto both = std::make_shared<PdbAndWalkingDistance>();
            both->pdb = pdb::shared_additive(database_of(spec), rows, cols, goal, load);
            both->wd = walking_distance_table_for(rows, cols, goal);
            ResolvedHeuristic h;
            h.row = &PdbWalkingDistanceRow::row();
            h.rows = rows;
            h.cols = cols;
            h.goal = goal;
            h.data = std::move(both);
            h.label = std::string(spec) + (tables.reflect ? "" : "/no-reflect");
            return h;
          },
      .missing_tables =
          [](std::string_view spec, int rows, int cols, Goal goal, const TableOptions& tables) {
            return pdb::missing_tables(database_of(spec), rows, cols, goal, tables);
          },
      .build =
          [](std::string_view spec, int rows, int cols, Goal goal, const TableOptions& tables) {
            PdbRow::row().build(database_of(spec), rows, cols, goal, tables);
          },
      .evaluate = [](const ResolvedHeuristic& h, const Board& board) -> long long {
        const auto& both = h.data_as<PdbAndWalkingDistance>();
        return std::max<long long>(both.pdb->evaluate(board), both.wd->value(board));
      },
  };
  return row;
}

}  // namespace npuzzle
