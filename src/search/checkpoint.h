// Resumable IDA*: a checkpoint is written after every completed iteration,
// so that a long search (a 24-puzzle instance takes hours) survives a
// restart. It holds the board, goal and the options that decide the node
// counts (algorithm, heuristic as resolved, move pruning and the machine's
// depth), the bound just completed, the next bound, and the nodes counted
// so far. A restart with the same board and options begins at the next
// bound and adds the saved counts, so its result equals an uninterrupted
// run's in length and node counts (IDA*'s iterations are independent given
// their bound). A checkpoint from another board or other options is
// refused, never used.
//
// Parallel IDA* also writes one while an iteration runs (every minute, and
// when a limit or cancel stops it): then next_bound is the iteration in
// progress and the file adds the part of it done (result.h,
// PartialIteration), so that a restart does not search those subtrees again.
//
// The file is text, one `key: value` a line after a comment line, written
// through a temporary name and a rename, so it is always either the old
// or the new one. The part done is `partial_wanted: W`, `partial_subtrees:
// N` and a line `subtree: INDEX NEXT_BOUND EXPANDED GENERATED` per subtree
// done; an npuzzle that does not know these lines ignores them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/board.h"
#include "search/request.h"
#include "search/result.h"

namespace npuzzle {

struct IdaCheckpoint {
  int rows = 0;
  int cols = 0;
  Goal goal = Goal::kBlankLast;
  std::vector<std::uint32_t> tiles;
  std::string algorithm;  // "ida"
  std::string heuristic;  // as resolved: "linear-conflict", "pdb:663", ...
  std::string prune;      // "parent" or "fsm"
  // With prune "fsm": the move-pruning machine's depth, which decides the
  // counts (move_fsm.h); 0 in a checkpoint written before it was recorded.
  int fsm_depth = 0;
  int completed_bound = -1;
  int next_bound = -1;
  std::uint64_t expanded = 0;   // all iterations up to completed_bound
  std::uint64_t generated = 0;
  // Of the iteration over next_bound, when it was written during it.
  std::optional<PartialIteration> partial;
};

// Writes `c` to `path` atomically. Empty on success, else "PATH: what went wrong".
std::string write_checkpoint(const std::string& path, const IdaCheckpoint& c);

// Reads `path`. nullopt with an empty *error when there is no such file;
// nullopt with *error set ("PATH: what") when it cannot be read or parsed.
std::optional<IdaCheckpoint> read_checkpoint(const std::string& path, std::string* error);

// Why `saved` cannot resume the search described by `ours` (board, goal,
// algorithm, heuristic, pruning and the machine's depth), or "" when it can.
std::string checkpoint_mismatch(const IdaCheckpoint& saved, const IdaCheckpoint& ours,
                                const Vocabulary& vocabulary = neutral_vocabulary());

}  // namespace npuzzle
