// Solutions too long for a line: a phased solution of a random 1000x1000
// board has billions of moves. Such a solution is written to a side file
// of its own, and the CSV cell or the `solve` output names the file instead.
//
//   side file:  the move letters in the run's notation, on one line ending
//               in '\n' (plain text: `wc -c`, `head -c`, any tool reads it);
//   the cell:   '@' and the file's path, relative to the CSV's directory
//               unless absolute: "@out.csv.moves/17.moves". '@' is in no
//               notation's alphabet, so a cell is either moves or a reference.
//
// Both directions stream in chunks: a file of billions of letters is never
// held as one string, only as a MoveSequence (2 bits a move).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/moves.h"
#include "core/notation.h"

namespace npuzzle {

inline constexpr char kSideFileMark = '@';
// The default: solutions up to this many moves are written in the CSV cell
// or printed by `solve`; longer ones go to side files.
inline constexpr std::uint64_t kDefaultInlineLimit = 10000;

// The file name for a puzzle's side file: its ID with every character other
// than letters, digits, '.', '_' and '-' replaced by '_' (and a leading '.'
// too), then ".moves". Distinct IDs that map to the same name overwrite
// each other: a batch's IDs are meant to be unique (--resume needs them so).
std::string side_file_name(std::string_view id);

// Writes the moves and a '\n' to `path` (replacing it). Empty on success,
// else "PATH: what went wrong".
std::string write_moves_file(const std::string& path, const MoveSequence& moves, Notation n);

// Reads a side file: letters in notation n (detected as detect_notation
// does when not given: a file with H, J or K is vim, else upper case is
// tile, lower case blank), an optional final line end. On failure returns
// nullopt and sets *error ("PATH: ..." naming the first bad letter's offset).
std::optional<MoveSequence> read_moves_file(const std::string& path, std::optional<Notation> n, std::string* error);

}  // namespace npuzzle
