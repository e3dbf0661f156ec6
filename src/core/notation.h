// Move notations (docs/contract.md): a solution is a string with one letter per move.
//   blank: u d l r  = the direction the blank moves (default)
//   tile:  U D L R  = the direction the moved tile slides (opposite of the blank)
//   vim:   H J K L  = tile slides left, down, up, right (Tile Driver)
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.h"
#include "core/moves.h"

namespace npuzzle {

enum class Notation : std::uint8_t { kBlank, kTile, kVim };

std::string_view notation_name(Notation n);
std::optional<Notation> parse_notation(std::string_view name);

char move_letter(Direction blank_direction, Notation n);
std::string format_moves(const MoveSequence& moves, Notation n);

// Guesses the notation of a move string: H, J or K means vim; otherwise
// upper case means tile and lower case blank. An empty string is blank.
Notation detect_notation(std::string_view moves);

// Parses a move string in notation n. On a letter outside n's alphabet,
// returns nullopt and sets *bad_index to its position.
std::optional<MoveSequence> parse_moves(std::string_view moves, Notation n,
                                                  std::size_t* bad_index = nullptr);

}  // namespace npuzzle
