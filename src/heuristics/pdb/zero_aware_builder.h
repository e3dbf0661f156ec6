// A second builder for zero-aware tables (zero_aware.h), for patterns too big
// for the blank-aware one (builder.h).
//
// Why. builder.h keeps, per placement, a word of blank cells twice over
// beside the entry: 13 bytes per placement on 5x5. For a 7-tile pattern of
// the 24-puzzle (25!/18! = 2,422,728,000 placements) that is 31.5 GB, more
// than a 24 GiB machine, although the zero-aware table itself is 4.07 GB
// (4,066,655,040 entries: 1.68 regions per placement). This builder needs
// the table and one bit per entry: 1.125 bytes per (placement, region),
// 4.6 GB for that pattern.
//
// Algorithm (breadth-first by layers from the goal over the table's own
// index; every move is reversible at the same cost):
//   1. Layer 0 is the goal placement with the goal blank's region.
//   2. Layer d, phase A, in parallel over the occupied sets: a (set, region)
//      block holds the k! tile orders of one set with the blank in one
//      region (zero_aware.h's layout). For every entry of the block equal to
//      d, every pattern tile on a cell c next to a cell n of the region
//      moves to n, the blank landing on c: the successor's index comes from
//      ZeroAwareIndex::moved() and index(); if its entry is unset, its bit
//      in `next` is set (an atomic or). Entries are only read in phase A.
//   3. Phase B, in parallel over disjoint ranges: every entry whose `next`
//      bit is set gets d + 1, and the bits are cleared. The search ends at
//      the first layer that sets nothing.
// Within a block the set, the region and the moves are fixed; only the tile
// order varies, so the moves and the successor blocks are found once per
// block, not per entry, and a block without an entry equal to d is skipped
// by one memchr. The table does not depend on the thread count or the order
// of the work: a layer's successors are a set, written in phase B.
#pragma once

#include <cstdint>
#include <vector>

#include "heuristics/pdb/builder.h"

namespace npuzzle::pdb {

// The bytes build_zero_aware_by_layers allocates for `pattern` (zero-aware):
// one per entry, one bit per entry, and a mask per occupied set.
std::uint64_t layered_build_memory_bytes(const Pattern& pattern);

// The same table as build_entries() for a zero-aware pattern (entries at
// ZeroAwareIndex::index(), kUnreachable where no state reaches), built as
// described above. Precondition: pattern.zero_aware(). Throws
// std::bad_alloc when the arrays do not fit, std::runtime_error if a
// distance would reach 255. In `stats`, states and regions both count the
// (placement, region) pairs reached: the blank's cells are not visited one
// by one.
std::vector<std::uint8_t> build_zero_aware_by_layers(const Pattern& pattern, const BuildOptions& options = {},
                                                     BuildStats* stats = nullptr);

}  // namespace npuzzle::pdb
