// Blank-aware construction of a pattern database (Korf & Felner 2002;
// Felner, Korf & Hanan 2004).
//
// The abstract problem: a state is (placement of the pattern's k tiles, cell
// of the blank); the other tiles are indistinguishable. Moving a pattern tile
// into the blank costs 1, moving any other tile costs 0, so the blank roams
// for free through the cells the pattern leaves empty. The entry of a
// placement is the least number of pattern-tile moves from that placement,
// with the blank on any cell, to the goal (the goal placement with the blank
// on the goal's blank cell): the true abstract distance, minimised over the
// blank. A real move moves one tile: it costs 1 in that tile's pattern and is
// a free blank move in every other pattern, so the sum over disjoint
// patterns never exceeds the real distance. Each entry also has the parity
// of the Manhattan distance of the pattern's tiles (each move moves one
// tile by one cell), so the sum has the parity of the real distance.
//
// Not consistent. Minimising over the blank forgets which region of free
// cells the real blank is in (a region is a connected component of the
// cells the pattern leaves free). Where the pattern splits them, the
// minimum may come from another region, and one move can change an entry
// by more than 1. On 3x3 (blank-last), parts {1,2,3,4} and {5,6,7,8}:
//   1 2 3        1 2 3
//   . 5 6   ->   7 5 6      h = 3 -> 10, true distance 11 -> 10
//   7 8 4        . 8 4
// On the left, 5 6 7 8 are on their goal cells and cell 8 is cut off from
// the blank, so part {5,6,7,8} reads 0 (the blank "could" be on cell 8).
// The heuristic stays admissible with the right parity, which is what IDA*
// needs; A* must reopen closed states (or apply pathmax), and |h(s) - h(s')|
// <= 1 holds only across moves that keep the part's free cells connected
// (tests/pdb_test.cc checks exactly that). Storing one entry per
// (placement, blank region) would restore consistency at up to N-k times the
// memory; Korf & Felner store the minimum, as here.
//
// Algorithm (breadth-first by layers from the goal; every move is reversible
// at the same cost, so distances to the goal are distances from it):
//   1. States are bits. Placement rank p owns a word whose bit j means "the
//      blank on the j-th free cell of p" (N-k bits in a uint8, uint16 or
//      uint32). Two arrays: `seen`, a double word per placement whose low half
//      is visited and high half is next (layer d+1), and `frontier` (layer d).
//   2. A region is a connected component of the free cells of a placement;
//      the blank cells of one region are 0 apart. Layer 0 is the goal
//      placement with the goal's blank region.
//   3. Layer d sweeps the frontier in rank order; for every placement p with
//      frontier bits (its entry is d if still unset: the first layer that
//      reaches a placement is its distance) and every region R among them:
//      a. all of R is at distance d: mark R visited in one compare-and-swap,
//         and clear any cell of R that a move of this same layer already put
//         in next (it would be a stale copy at d+1);
//      b. for each pattern tile at cell c and each neighbour n of c in R, the
//         tile moves to n and the blank lands on c: the successor's rank is
//         the parent's plus a delta computed in O(1) to O(cols);
//      c. if the successor's blank cell is not visited, mark it visited and
//         next in one compare-and-swap on its word. Successors go in batches
//         whose words are prefetched first: the words are cache misses into
//         arrays of up to 1.5 GB.
//   4. When a layer adds nothing the search ends; else a sweep moves the next
//      halves to the frontier.
// Expanding a whole region while marking only single cells at step 3c
// avoids a flood fill per move (a flood fill per region instead). Each layer
// is a oneTBB parallel_for over blocks of placement ranks; a thread writes
// only its own placements' entries and frontier words, and every shared
// word goes through atomic_ref compare-and-swap with relaxed order (the
// layer's join orders the layers). The tables do not depend on the thread
// count or the order of the work. On x86-64 CPUs with BMI2 and POPCNT a
// second copy of the kernel, chosen at run time, does the bit gathers
// (pext/pdep) and counts in one instruction each (bfs_kernel.inc).
//
// A zero-aware pattern (zero_aware.h) runs the same search and records at
// step 3a the distance of each (placement, region) pair it expands, instead
// of only the first (nearest) region's; the entries are Pattern::entries().
//
// Memory: per placement 1 entry byte, a double word and a word. The
// 8-tile half of 7-8 (4x4): 518,918,400 x (1 + 2 + 1) bytes = 2.08 GB. A
// 6-tile part of 6-6-6-6 (5x5): 127,512,000 x (1 + 8 + 4) bytes = 1.66 GB.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "heuristics/pdb/pattern.h"
#include "heuristics/pdb/table.h"

namespace npuzzle::pdb {

struct BuildOptions {
  int threads = 0;  // worker threads; 0 = oneTBB's default (every core)
  // The fraction of the abstract states reached so far, in [0, 1]. Called
  // from a building thread, never two calls at once, at most about every
  // `progress_interval` seconds, and once with 1.0 at the end.
  std::function<void(double fraction)> on_progress;
  double progress_interval = 0.2;
  // The search has a portable kernel and, on x86-64 CPUs with BMI2 and
  // POPCNT, a faster one chosen at run time; true forces the portable one
  // (for tests that compare the two).
  bool portable_kernel = false;
};

struct BuildStats {
  double seconds = 0;
  int layers = 0;                  // BFS layers: 1 + the largest distance of any (placement, blank) state
  int max_value = 0;               // the largest entry
  std::uint64_t states = 0;        // (placement, blank) states reached
  std::uint64_t regions = 0;       // (placement, blank region) pairs expanded
  std::uint64_t edges = 0;         // pattern-tile moves examined
  std::uint64_t memory_bytes = 0;  // the arrays allocated (see the top of the file)
};

// The bytes the builder allocates for `pattern`.
std::uint64_t build_memory_bytes(const Pattern& pattern);

// Builds the table: entries[rank] for every placement rank. Throws
// std::bad_alloc when the arrays do not fit, std::runtime_error if a
// distance would reach 255 (it does not for patterns of up to 25 cells
// that fit in memory: the 15-puzzle's 8-tile tables reach about 60).
std::vector<std::uint8_t> build_entries(const Pattern& pattern, const BuildOptions& options = {},
                                        BuildStats* stats = nullptr);

// build_entries wrapped in an in-memory PatternDb.
PatternDb build_pdb(const Pattern& pattern, const BuildOptions& options = {}, BuildStats* stats = nullptr);

}  // namespace npuzzle::pdb
