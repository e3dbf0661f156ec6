#include "heuristics/pdb/table.h"

#include <array>
#include <cassert>

namespace npuzzle::pdb {

PatternDb::PatternDb(Pattern pattern, std::vector<std::uint8_t> entries)
    : pattern_(std::move(pattern)), ranker_(pattern_.ranker()) {
  assert(entries.size() == pattern_.entries());
  auto owned = std::make_shared<const std::vector<std::uint8_t>>(std::move(entries));
  data_ = owned->data();
  owner_ = std::move(owned);
}

PatternDb::PatternDb(Pattern pattern, const std::uint8_t* data, std::shared_ptr<const void> owner, std::string path)
    : pattern_(std::move(pattern)), ranker_(pattern_.ranker()), data_(data), owner_(std::move(owner)),
      path_(std::move(path)) {}

int PatternDb::evaluate(const Board& board) const {
  std::array<std::uint8_t, kMaxPatternTiles> cells{};
  pattern_.project(board, cells.data());
  return lookup(cells.data(), board.blank());
}

}  // namespace npuzzle::pdb
