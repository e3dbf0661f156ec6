// A heuristic ready for one board shape and goal, as the search kernels
// take it: the registry row it comes from (registry.h), the row's variant
// and the row's tables. Only the row that made it reads `variant` and
// `data` (each row's `with_kernel`, in the heuristic's own header), so this
// header knows nothing of any heuristic and the kernel units include it
// without the registry, the table files or the builders.
#pragma once

#include <memory>
#include <string>

#include "core/board.h"

namespace npuzzle {

struct HeuristicRow;

struct ResolvedHeuristic {
  const HeuristicRow* row = nullptr;
  int rows = 0;  // the shape and goal it serves
  int cols = 0;
  Goal goal = Goal::kBlankLast;
  int variant = 0;                   // the row's own (the tile rows: HeuristicKind)
  std::shared_ptr<const void> data;  // the row's tables, or null
  std::string label;                 // what was used, as the CSV names it: "pdb:663", "linear-conflict"

  template <class T>
  const T& data_as() const {
    return *static_cast<const T*>(data.get());
  }
  template <class T>
  std::shared_ptr<const T> shared_data() const {
    return std::static_pointer_cast<const T>(data);
  }
};

}  // namespace npuzzle
