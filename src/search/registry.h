// The algorithms a user can name (`--algorithm`, the Python module's
// `algorithm=`), with their help; the heuristics are rows of
// heuristics/registry.h. The CLI's --help and the Python docstrings are
// made from these lists.
#pragma once

#include <string>
#include <vector>

#include "heuristics/registry.h"
#include "search/request.h"

namespace npuzzle {

// A name a user can type, and what it means, for --help and error messages.
struct NamedChoice {
  std::string name;
  std::string help;
};
const std::vector<NamedChoice>& algorithm_choices();
// "name: help; name: help ..." as one paragraph, for an option's help text.
std::string describe_choices(const std::vector<NamedChoice>& choices);
// "a, b or c": the names, for "expected ..." messages.
std::string list_choice_names(const std::vector<NamedChoice>& choices);

}  // namespace npuzzle
