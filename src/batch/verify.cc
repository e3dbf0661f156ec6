#include "batch/verify.h"

#include <cstdio>
#include <filesystem>

#include "core/solvability.h"
#include "core/replay.h"
#include "io/moves_file.h"

namespace npuzzle {
namespace {

// A non-negative decimal of at most 18 digits (so it cannot overflow), in
// the one form npuzzle writes: no sign, no leading zero (found by
// verify_fuzz: "02" passed as 2, so an edited row verified).
bool parse_count(const std::string& text, long long* value) {
  if (text.empty() || text.size() > 18 || (text.size() > 1 && text[0] == '0')) return false;
  long long v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  *value = v;
  return true;
}

// A letter from a CSV cell, printable in a message whatever its byte.
std::string printable(char c) {
  if (c >= 0x20 && c < 0x7f) return std::string(1, c);
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(c));
  return buf;
}

}  // namespace

std::string check_row(const ResultRow& row, const PuzzleRecord& puzzle, Goal goal, std::optional<Notation> notation,
                      const std::string& side_file_base) {
  if (!puzzle.board) {
    return row.status == "invalid" ? "" : "the input puzzle is malformed but the row says '" + row.status + "'";
  }
  const Board& board = *puzzle.board;
  if (row.rows != std::to_string(board.rows()) || row.cols != std::to_string(board.cols())) {
    return "the row says " + row.rows + "x" + row.cols + ", the puzzle is " + size_name(board.rows(), board.cols());
  }
  if (row.status == "unsolvable") {
    return is_solvable(board, goal) ? "marked unsolvable, but the board is solvable for " + std::string(goal_name(goal))
                                    : "";
  }
  if (row.status != "optimal" && row.status != "solved") return "status '" + row.status + "' has no solution to check";
  long long length = 0;
  if (!parse_count(row.length, &length)) return "length '" + row.length + "' is not a number";
  std::optional<MoveSequence> moves;
  if (!row.solution.empty() && row.solution[0] == kSideFileMark) {
    if (side_file_base.empty()) return "the solution is in a side file (" + row.solution + "), not read here";
    std::filesystem::path path = row.solution.substr(1);
    if (path.is_relative()) path = std::filesystem::path(side_file_base) / path;
    std::string error;
    moves = read_moves_file(path.string(), notation, &error);
    if (!moves) return "side file " + error;
  } else {
    const Notation n = notation.value_or(detect_notation(row.solution));
    std::size_t bad = 0;
    moves = parse_moves(row.solution, n, &bad);
    if (!moves) {
      return "letter '" + printable(row.solution[bad]) + "' at " + std::to_string(bad + 1) + " is not a " +
             std::string(notation_name(n)) + " move";
    }
  }
  if (static_cast<long long>(moves->size()) != length) {
    return "the solution has " + std::to_string(moves->size()) + " moves, the length column says " + row.length;
  }
  if (std::string why = check_solution(board, *moves, goal); !why.empty()) return why;
  long long bound = 0;
  if (row.status == "optimal" && parse_count(row.lower_bound, &bound) && bound != length) {
    return "optimal, but lower_bound " + row.lower_bound + " differs from length " + row.length;
  }
  return {};
}

}  // namespace npuzzle
