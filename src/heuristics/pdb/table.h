// One pattern database: a pattern and its table of one byte per placement.
//
// The table is either owned in memory (fresh from the builder) or a
// read-only shared file mapping (file.h); either way it is immutable and
// shared by every thread, and lookup() is a rank plus one byte load.
// Entry values: the blank-aware abstract distance (builder.h), < 255;
// kUnreachable marks a placement no solvable board projects to (only
// possible when the pattern leaves fewer than two other tiles).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "heuristics/pdb/pattern.h"
#include "heuristics/pdb/zero_aware.h"

namespace npuzzle::pdb {

inline constexpr std::uint8_t kUnreachable = 0xFF;

class PatternDb {
 public:
  // An in-memory table. Precondition: entries.size() == pattern.entries().
  PatternDb(Pattern pattern, std::vector<std::uint8_t> entries);
  // A table stored elsewhere (a file mapping); `owner` keeps `data` alive.
  PatternDb(Pattern pattern, const std::uint8_t* data, std::shared_ptr<const void> owner, std::string path);

  const Pattern& pattern() const { return pattern_; }
  std::uint64_t size() const { return pattern_.entries(); }
  const std::uint8_t* data() const { return data_; }
  // The file the table is mapped from; empty for an in-memory table.
  const std::string& path() const { return path_; }

  std::uint8_t at(std::uint64_t rank) const { return data_[rank]; }
  // The entry of the placement `cells_in_pattern_order[0..k)`, with the
  // blank on cell `blank` (which only a zero-aware table looks at).
  int lookup(const std::uint8_t* cells_in_pattern_order, int blank) const {
    if (const ZeroAwareIndex* z = pattern_.zero_aware_index()) return data_[z->index(cells_in_pattern_order, blank)];
    return data_[ranker_.rank(cells_in_pattern_order)];
  }
  // The entry of the placement of the pattern's tiles on `board` (slow path).
  int evaluate(const Board& board) const;

 private:
  Pattern pattern_;
  PlacementRanker ranker_;  // a copy beside data_, for locality
  const std::uint8_t* data_ = nullptr;
  std::shared_ptr<const void> owner_;
  std::string path_;
};

}  // namespace npuzzle::pdb
