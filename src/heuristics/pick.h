// pick(A,B[,cost=C][,probe=N]): for each board, one of two heuristics,
// chosen by the board's own first iterations. Neither heuristic wins on
// every board: on Korf & Felner's 24-puzzles cat:small expands 0.1 to 0.5
// of zpdb:6666's nodes, at about 3x the cost per node, so which is faster
// depends on the board (results/korf24_levers.md, section 30). An
// iteration of a million nodes or more foretells a board's node ratio to
// about 10%, so the search (search/pick.h) runs IDA* with A until it has
// expanded N nodes (at the end of an iteration, 8,000,000 unless given),
// then B to the same bound, and goes on with B when B's nodes times C (1
// unless given) are fewer than A's, else with A, from the bound it reached,
// with that heuristic's own counts: the result and counts are those of the
// chosen heuristic searching alone, and the choice is a function of node
// counts, so it is deterministic. The probe of the other one costs time
// only. Unweighted IDA* only.
//
// This file is the row (heuristics/registry.h): loading both, building
// both. It is not a kernel heuristic (heuristics/kernel_rows.h): the search
// facade (search/solver.cc) runs it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "heuristics/resolved.h"

namespace npuzzle {

struct HeuristicRow;

struct PickSpec {
  std::string first;   // "zpdb:6666"
  std::string second;  // "cat:small"
  double cost = 1;     // a node of `second` costs this many of `first`'s
  std::uint64_t probe = 8'000'000;  // `first`'s expansions before the choice
};
// The parts of "pick(A,B[,cost=C][,probe=N])", or none when `spec` is not
// of that form (A and B each named by a row other than pick, C > 0, N >= 1).
std::optional<PickSpec> parse_pick(std::string_view spec);

// One resolved pick(A,B): both heuristics, resolved for the same shape and goal.
struct HeuristicPair {
  ResolvedHeuristic first;
  ResolvedHeuristic second;
  double cost = 0;          // PickSpec's
  std::uint64_t probe = 0;  // PickSpec's
};

struct PickRow {
  static const HeuristicRow& row();
};

}  // namespace npuzzle
