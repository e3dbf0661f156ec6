#include "core/moves.h"

#include <algorithm>

namespace npuzzle {
namespace {

// Whether two neighbouring moves of a full word are opposite (d ^ 1).
bool has_inverse_pair(std::uint64_t word) {
  const std::uint64_t differ = word ^ (word >> 2);  // field i: move i xor move i + 1
  return (differ & ~(differ >> 1) & 0x1555555555555555ull) != 0;  // a field 01, among fields 0..30
}

}  // namespace

std::uint64_t cancel_inverse_pairs(MoveSequence& moves) {
  // In place: the kept moves are a stack in the sequence's own prefix (never
  // longer than the prefix read so far), read a word at a time. A full word
  // with no opposite neighbours that does not undo the stack's top is pushed
  // whole (most words: the solver's moves seldom step back).
  const std::vector<std::uint64_t>& words = moves.words();
  const std::uint64_t size = moves.size();
  std::uint64_t kept = 0;
  Direction top = Direction::kUp;  // moves[kept - 1] when kept > 0
  for (std::uint64_t w = 0; w * MoveSequence::kMovesPerWord < size; ++w) {
    std::uint64_t word = words[w];  // a copy: writes below go to positions already read
    const std::uint64_t end = std::min(size - w * MoveSequence::kMovesPerWord, MoveSequence::kMovesPerWord);
    if (end == MoveSequence::kMovesPerWord && !has_inverse_pair(word) &&
        !(kept > 0 && top == opposite(static_cast<Direction>(word & 3u)))) {
      moves.set_packed(kept, word, static_cast<unsigned>(MoveSequence::kMovesPerWord));
      kept += MoveSequence::kMovesPerWord;
      top = static_cast<Direction>(word >> 62);
      continue;
    }
    for (std::uint64_t i = 0; i < end; ++i, word >>= 2) {
      const auto d = static_cast<Direction>(word & 3u);
      if (kept > 0 && top == opposite(d)) {
        --kept;
        if (kept > 0) top = moves[kept - 1];
      } else {
        moves.set(kept++, d);
        top = d;
      }
    }
  }
  moves.truncate(kept);
  return size - kept;
}

}  // namespace npuzzle
