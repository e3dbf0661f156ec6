// What the CLI tells a person about tables: auto's choice for a shape (the
// cached table it uses, or the command that would build a stronger one),
// and the build step before a batch or a solve. The engine reports both as
// values (heuristics/registry.h: AutoChoice; tables_to_build); these are
// their words, the command names included.
#pragma once

#include <string>
#include <vector>

#include "heuristics/registry.h"

namespace npuzzle::cli {

// One or more "npuzzle: note: ..." lines, or empty when there is nothing to say.
std::string auto_notice(int rows, int cols, Goal goal, const AutoChoice& choice);
// "npuzzle: building ...", before the tables of `spec` are built.
std::string building_notice(const std::string& spec, int rows, int cols, Goal goal,
                            const std::vector<std::string>& tables);

}  // namespace npuzzle::cli
