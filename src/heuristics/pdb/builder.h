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
// patterns never exceeds the real distance.
//
// Algorithm (breadth-first by layers from the goal; every move is reversible
// at the same cost, so distances to the goal are distances from it):
//   1. States are bits. Placement rank p owns one word; its bit j means "the
//      blank on the j-th free cell of p" (N-k bits: a uint8, uint16 or uint32).
//      Three arrays of words: visited, frontier (layer d) and next (d+1).
//   2. A region is a connected component of the free cells of a placement.
//      The blank cells of one region are 0 apart, so a region's bits are
//      always set together. Layer 0 is the goal region: the goal placement's
//      region holding the goal's blank cell.
//   3. Layer d, for every placement p with frontier bits and every region R
//      among them: for each pattern tile at cell c and each neighbour n of c
//      in R, the tile moves to n and the blank lands on c. The successor's
//      region (a flood fill from c over its free cells) is or-ed into
//      visited; if it is new it goes to next and, if the successor's entry is
//      still unset, the entry becomes d + 1.
//   4. The frontier words are cleared as they are read; when a layer finds
//      nothing new the search ends, else frontier and next swap.
// Each layer is a oneTBB parallel_for over blocks of placement ranks. Bits
// are set with atomic fetch_or, entries with relaxed atomic stores (every
// writer in a layer writes the same d + 1). The successors of a few
// placements are gathered and their words prefetched before the atomic
// updates: those are cache misses into arrays of hundreds of megabytes.
//
// Memory: 1 entry byte plus 3 words per placement. The 8-tile half of 7-8
// (4x4): 518,918,400 x (1 + 3 x 1) bytes = 2.08 GB. A 6-tile part of
// 6-6-6-6 (5x5): 127,512,000 x (1 + 3 x 4) bytes = 1.66 GB.
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
};

struct BuildStats {
  double seconds = 0;
  int layers = 0;                  // BFS layers, = the largest entry + 1
  int max_value = 0;               // the largest entry
  std::uint64_t states = 0;        // (placement, blank) states reached
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
