// Move pruning by a finite-state machine (Taylor & Korf 1993): IDA* without
// it explores every path, and most states deeper than a few moves are
// reached by many paths of the same length (the 12-move cycles of a 2x2
// block give pairs of 6-move paths to one state, and so on).
//
// Construction, for one board shape and a depth k:
//   1. From every start cell of the blank, a breadth-first search over move
//      strings up to length k, in shortlex order (shorter first, then by the
//      kernels' move order: up, left, right, down). The tiles are labelled
//      by their start cells, so two strings are equivalent when they leave
//      the same arrangement. A string that reaches an arrangement an earlier
//      string reached is *forbidden* (from that start cell); it is not
//      extended. Length 2 gives the move back to the parent.
//   2. An Aho-Corasick automaton over all forbidden strings; each of its
//      nodes knows the cells on which a forbidden string ending there ends,
//      when started on its own start cell (a string's displacement is fixed).
//   3. The product of that automaton and the blank's cell, restricted to
//      what is reachable: a state is (automaton node, blank cell), and a
//      move is dead when it leaves the board or completes a forbidden string
//      on the cell it was forbidden from.
// Why it is safe: if a path x s y contains a forbidden s (from the cell x
// ends on), its earlier equivalent t is legal there too and x t y reaches
// the same state no later in shortlex order. So the shortlex-least of the
// paths to any state (within the bound) contains no forbidden string, and
// IDA* still finds an optimal solution and the same bounds.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.h"

namespace npuzzle {

// How the kernels cut duplicate paths. kParent, the default, reproduces the
// published IDA* node counts (Korf 1985).
enum class MovePruning : std::uint8_t {
  kParent,  // never move the tile back
  kFsm,     // the finite-state machine below
};
std::string_view move_pruning_name(MovePruning p);
std::optional<MovePruning> parse_move_pruning(std::string_view name);

// The depth of the machine move_fsm_for() builds: 10 up to 16 cells, 12 up
// to 25, 8 above. Deeper machines cut more but grow by about 5x per two
// moves, in states and in build time (once per process), and cost cache.
// On the 24-puzzle with pdb:6666, depth 10 expands 11.9% fewer nodes than
// depth 8, and depth 12 8-14% fewer than depth 10 in less search time; the
// 5x5 machine of depth 12 has 56,855 states and takes 0.9 s to build on
// one thread, 0.6 s on two. Depths 13 and 14 expand 0.97 and 0.88-0.90 of
// depth 12's nodes there; depth 14 takes 6 s to build on one thread (28 s
// before da4cfef's builder). Side by side, depth 14 searched in 0.96 of
// depth 12's time, each node costing 8% more (results/move_pruning.md):
// worth it only on instances that search for minutes, so it is chosen,
// not the default.
constexpr int default_fsm_depth(int cells) { return cells <= 16 ? 10 : cells <= 25 ? 12 : 8; }
// The depths move_fsm_for() takes (--fsm-depth): from 2 (the move back to
// the parent only) to 14 up to 25 cells (the 5x5 machine of depth 14 takes
// 3.4 s on two threads and 0.4 GB to build), 10 above.
inline constexpr int kMinFsmDepth = 2;
inline constexpr int kMaxFsmDepth = 14;
constexpr int max_fsm_depth(int cells) { return cells <= 25 ? kMaxFsmDepth : 10; }
// The depth a request of `depth` (0: the default) builds on a board of `cells`.
constexpr int resolved_fsm_depth(int cells, int depth) { return depth != 0 ? depth : default_fsm_depth(cells); }
inline constexpr std::uint16_t kDeadMove = 0xFFFF;

// A state is a blank cell and a machine state on that cell, numbered from 0
// per cell, so that a two-byte entry holds any state: the limit is 65,534
// states per cell, not in all (the 5x5 machine of depth 14 has 281,661).
struct MoveFsm {
  // Each cell's state 0 is the empty history, where a search starts.
  static constexpr int kEmptyHistory = 0;

  int rows = 0;
  int cols = 0;
  int depth = 0;
  // The row of state s on cell c is first[c] + s (first[cells] = all rows).
  // next[4 * row + direction] (Direction's values): the state, on the cell
  // the move leads to, after the blank moves that way; or kDeadMove when the
  // move leaves the board or is cut. Two bytes an entry, so that the
  // kernels' reads stay in cache: the 5x5 machine of depth 12 takes 455 KB.
  // build_move_fsm() throws std::length_error when a cell has kDeadMove
  // states or more.
  std::vector<std::uint16_t> next;
  std::vector<std::int32_t> first;
  std::size_t forbidden_strings = 0;  // found in step 1, over all start cells
  std::size_t automaton_nodes = 0;    // step 2

  int states() const { return first.empty() ? 0 : first.back(); }
  int states_on(int cell) const {
    return first[static_cast<std::size_t>(cell) + 1] - first[static_cast<std::size_t>(cell)];
  }
  // The state after the blank moves `d` from `cell` in `state`, or kDeadMove.
  int after(int cell, int state, Direction d) const {
    return next[4 * static_cast<std::size_t>(first[static_cast<std::size_t>(cell)] + state) + static_cast<std::size_t>(d)];
  }
};

// Builds the machine for one shape (step 1 costs about the number of states
// within `depth` moves of each cell). Precondition: rows * cols <= 64.
std::unique_ptr<MoveFsm> build_move_fsm(int rows, int cols, int depth);
// The machine of `depth` moves (0: default_fsm_depth()) for a shape, built
// once per process and shared (thread-safe). Precondition: depth is 0 or
// from kMinFsmDepth to max_fsm_depth(rows * cols).
std::shared_ptr<const MoveFsm> move_fsm_for(int rows, int cols, int depth = 0);

}  // namespace npuzzle
