#include "search/registry.h"

namespace npuzzle {

const std::vector<NamedChoice>& algorithm_choices() {
  static const std::vector<NamedChoice> choices = {
      {"ida", "IDA* (Korf 1985): linear memory, optimal, boards up to 64 cells, the default (it never switches "
              "by itself: when optimal search is hopeless, a weight W gives a solution within W x optimal, and "
              "phased any size)"},
      {"astar", "A* with a bucket open list: fewer nodes, memory grows with the search (boards up to 25 cells)"},
      {"phased", "the row-by-row constructive solver: any size up to 1000x1000 and beyond, in time proportional to "
                 "its solution, which is valid but not optimal (status solved)"},
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

std::string_view algorithm_name(Algorithm a) {
  switch (a) {
    case Algorithm::kIdaStar: return "ida";
    case Algorithm::kAStar: return "astar";
    case Algorithm::kPhased: return "phased";
  }
  return "ida";
}

}  // namespace npuzzle
