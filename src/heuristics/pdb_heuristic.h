// Additive pattern databases in the kernels' IncrementalHeuristic shape: a
// move re-ranks and looks up only the part that holds the moved tile (and,
// with reflection, the part of its mirror tile); undoing a move is the same
// update with the tile's old cell.
#pragma once

#include "heuristics/pdb/additive.h"

namespace npuzzle {

class PdbHeuristic {
 public:
  struct Step {
    int tile;
    int from;
  };

  // Precondition: `pdb` outlives the search and matches the board and goal.
  explicit PdbHeuristic(const pdb::AdditivePdb& pdb) : pdb_(&pdb) {}

  int reset(const Board& board) {
    state_.reset(*pdb_, board);
    return state_.h();
  }
  [[gnu::always_inline]] int child(Step& step, int, int tile, int from, int to, bool, int, int) {
    step.tile = tile;
    step.from = from;
    return state_.move(tile, to);
  }
  [[gnu::always_inline]] void descend(Step&) {}
  [[gnu::always_inline]] void ascend(Step& step) { state_.move(step.tile, step.from); }
  [[gnu::always_inline]] void reject(Step& step) { state_.move(step.tile, step.from); }

 private:
  const pdb::AdditivePdb* pdb_;
  pdb::IncrementalPdb state_;
};

}  // namespace npuzzle
