#include "core/notation.h"

namespace npuzzle {
namespace {

// Indexed by the blank's Direction: up, down, left, right.
constexpr char kBlankLetters[] = {'u', 'd', 'l', 'r'};
constexpr char kTileLetters[] = {'D', 'U', 'R', 'L'};
// The tile slides down (J) when the blank moves up, and so on.
constexpr char kVimLetters[] = {'J', 'K', 'L', 'H'};

const char* alphabet(Notation n) {
  switch (n) {
    case Notation::kBlank: return kBlankLetters;
    case Notation::kTile: return kTileLetters;
    case Notation::kVim: return kVimLetters;
  }
  return kBlankLetters;
}

}  // namespace

std::string_view notation_name(Notation n) {
  switch (n) {
    case Notation::kBlank: return "blank";
    case Notation::kTile: return "tile";
    case Notation::kVim: return "vim";
  }
  return "blank";
}

std::optional<Notation> parse_notation(std::string_view name) {
  if (name == "blank") return Notation::kBlank;
  if (name == "tile") return Notation::kTile;
  if (name == "vim") return Notation::kVim;
  return std::nullopt;
}

char move_letter(Direction blank_direction, Notation n) {
  return alphabet(n)[static_cast<int>(blank_direction)];
}

std::string format_moves(const MoveSequence& moves, Notation n) {
  std::string out;
  out.reserve(moves.size());
  for (Direction d : moves) out.push_back(move_letter(d, n));
  return out;
}

Notation detect_notation(std::string_view moves) {
  bool upper = false;
  for (char c : moves) {
    if (c == 'H' || c == 'J' || c == 'K') return Notation::kVim;
    if (c >= 'A' && c <= 'Z') upper = true;
  }
  return upper ? Notation::kTile : Notation::kBlank;
}

std::optional<MoveSequence> parse_moves(std::string_view moves, Notation n,
                                                  std::size_t* bad_index) {
  const char* letters = alphabet(n);
  MoveSequence out;
  out.reserve(moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    int found = -1;
    for (int d = 0; d < 4; ++d) {
      if (letters[d] == moves[i]) found = d;
    }
    if (found < 0) {
      if (bad_index) *bad_index = i;
      return std::nullopt;
    }
    out.push_back(static_cast<Direction>(found));
  }
  return out;
}

}  // namespace npuzzle
