#include "heuristics/registry.h"

#include <algorithm>
#include <exception>

#include "heuristics/kernel_rows.h"
#include "heuristics/pick.h"

namespace npuzzle {

const std::vector<const HeuristicRow*>& heuristic_rows() {
  // The kernel heuristics, then pick(A,B), which the search facade runs as
  // a choice between two of them.
  static const std::vector<const HeuristicRow*> rows = []<class... Rows>(RowList<Rows...>) {
    return std::vector<const HeuristicRow*>{&Rows::row()..., &PickRow::row()};
  }(KernelRows{});
  return rows;
}

const HeuristicRow* find_heuristic_row(std::string_view spec) {
  for (const HeuristicRow* row : heuristic_rows()) {
    if (row->names(spec)) return row;
  }
  return nullptr;
}

std::string HeuristicSpec::label(bool reflect) const {
  if (is_auto()) return "auto";
  return text + (row->reflects && !reflect ? "/no-reflect" : "");
}

std::optional<HeuristicSpec> parse_heuristic_spec(std::string_view name) {
  if (name == "auto") return HeuristicSpec::automatic();
  if (const HeuristicRow* row = find_heuristic_row(name)) return HeuristicSpec{row, std::string(name)};
  return std::nullopt;
}

HeuristicSpec heuristic_spec(std::string_view name) {
  auto spec = parse_heuristic_spec(name);
  if (!spec) throw std::invalid_argument("no heuristic is named '" + std::string(name) + "'");
  return *spec;
}

namespace {

constexpr std::string_view kAutoHelp =
    "the strongest heuristic ready for the board without a build: exact on boards of up to 10 cells (3x3, 2x4, "
    "2x5 ...); else the strongest pattern database already cached for the board (4x4: pdb:78, pdb:663, pdb:555; "
    "5x5: pdb:6666, zpdb:6666, cat:small; 3x4, 4x3, 3x5, 5x3, 3x6, 6x3, 2x8, 8x2, 4x5, 5x4: pdb:RxC-...); else "
    "linear-conflict, or manhattan on lines too long for it; never builds a table (the default)";

// Rows by auto rank, lowest first; rank 0 never.
std::vector<const HeuristicRow*> rows_by_rank() {
  std::vector<const HeuristicRow*> ranked;
  for (const HeuristicRow* row : heuristic_rows()) {
    if (row->auto_rank > 0 && row->auto_offers) ranked.push_back(row);
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const HeuristicRow* a, const HeuristicRow* b) { return a->auto_rank < b->auto_rank; });
  return ranked;
}

}  // namespace

std::string_view auto_heuristic_help() { return kAutoHelp; }

std::string heuristic_help() {
  std::string text = "auto: " + std::string(kAutoHelp);
  for (const HeuristicRow* row : heuristic_rows()) {
    text += "; " + std::string(row->name) + ": " + std::string(row->help);
  }
  return text;
}

std::string heuristic_names() {
  std::string text = "auto";
  const auto& rows = heuristic_rows();
  for (std::size_t i = 0; i < rows.size(); ++i) text += (i + 1 == rows.size() ? " or " : ", ") + std::string(rows[i]->name);
  return text;
}

std::string heuristic_size_problem(const HeuristicSpec& spec, int rows, int cols) {
  if (spec.is_auto()) return {};
  return spec.row->size_problem ? spec.row->size_problem(spec.text, rows, cols) : std::string();
}

Resolution resolve_heuristic(const HeuristicSpec& spec, int rows, int cols, Goal goal, const TableOptions& tables) {
  Resolution r;
  if (!spec.is_auto()) {
    if (std::string why = heuristic_size_problem(spec, rows, cols); !why.empty()) {
      r.error = std::move(why);
      r.heuristic.label = spec.label(tables.reflect);
      return r;
    }
    try {
      r.heuristic = spec.row->load(spec.text, rows, cols, goal, tables);
    } catch (const std::exception& e) {
      r.error = e.what();
    }
    r.heuristic.label = spec.label(tables.reflect);
    return r;
  }
  // auto: the rows by rank, each offer strongest first; the first ready one
  // that loads wins. A ready offer that fails to load is named and skipped.
  AutoChoice choice;
  for (const HeuristicRow* row : rows_by_rank()) {
    std::vector<AutoOffer> offers;
    try {
      offers = row->auto_offers(rows, cols, goal, tables);
    } catch (const std::exception& e) {  // a row that cannot even look: skipped, and said
      choice.skipped.push_back(std::string(row->name) + ": " + e.what());
      continue;
    }
    for (AutoOffer& offer : offers) {
      if (!offer.ready) {
        choice.stronger.push_back(std::move(offer));
        continue;
      }
      try {
        r.heuristic = row->load(offer.spec, rows, cols, goal, tables);
      } catch (const std::exception& e) {
        choice.skipped.push_back(offer.spec + ": " + e.what());
        continue;
      }
      choice.spec = offer.spec;
      choice.row = row;
      r.heuristic.label = HeuristicSpec{row, offer.spec}.label(tables.reflect);
      choice.label = r.heuristic.label;
      r.auto_choice = std::move(choice);
      return r;
    }
  }
  r.error = "no heuristic serves " + size_name(rows, cols) + " boards";  // manhattan always does
  r.auto_choice = std::move(choice);
  return r;
}

std::vector<std::string> tables_to_build(const HeuristicSpec& spec, int rows, int cols, Goal goal,
                                         const TableOptions& tables) {
  if (spec.is_auto() || !spec.row->missing_tables) return {};
  if (!heuristic_size_problem(spec, rows, cols).empty()) return {};  // resolving says why
  return spec.row->missing_tables(spec.text, rows, cols, goal, tables);
}

void build_tables(const HeuristicSpec& spec, int rows, int cols, Goal goal, const TableOptions& tables) {
  if (spec.is_auto() || !spec.row->build) return;
  spec.row->build(spec.text, rows, cols, goal, tables);
}

}  // namespace npuzzle
