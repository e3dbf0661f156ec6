// libFuzzer target: `verify`'s check of one CSV row (batch/verify.h), which
// parses the move string in its notation and replays it from the puzzle.
//
// Input: the first line is a puzzle in the lines format (read by the real
// reader), each further line a CSV row checked against it. Byte 0 picks the
// goal and whether the notation is given or detected. Besides crashes and
// undefined behaviour, it checks that a row that passes really holds: its
// moves, replayed here one by one with Board::move, reach the goal in
// exactly `length` moves.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>

#include "batch/verify.h"
#include "core/notation.h"

namespace {

void require(bool ok, const char* what, const std::string& detail = "") {
  if (ok) return;
  std::fprintf(stderr, "verify_fuzz: broken contract: %s %s\n", what, detail.c_str());
  std::abort();
}

// Independent of check_row: walks the moves with can_move/move.
bool reaches_goal(npuzzle::Board board, const npuzzle::MoveSequence& moves, npuzzle::Goal goal) {
  for (npuzzle::Direction d : moves) {
    if (!board.can_move(d)) return false;
    board.move(d);
  }
  return board.is_solved(goal);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const npuzzle::Goal goal = (data[0] & 1) ? npuzzle::Goal::kBlankFirst : npuzzle::Goal::kBlankLast;
  std::optional<npuzzle::Notation> notation;
  if ((data[0] >> 1) % 4 != 0) notation = static_cast<npuzzle::Notation>((data[0] >> 1) % 4 - 1);
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::size_t newline = text.find('\n');
  std::istringstream puzzle_text(text.substr(0, newline));
  npuzzle::PuzzleFile file;
  try {
    file = npuzzle::read_puzzles(puzzle_text, "fuzz.txt", {});
  } catch (const npuzzle::InputError&) {
    return 0;
  }
  if (file.puzzles.empty() || newline == std::string::npos) return 0;
  const npuzzle::PuzzleRecord& puzzle = file.puzzles.front();

  std::istringstream rows(text.substr(newline + 1));
  std::string line;
  bool too_long = false;
  while (npuzzle::read_bounded_line(rows, line, npuzzle::kMaxLineBytes, &too_long)) {
    const auto row = npuzzle::parse_csv_row(line);
    if (!row) continue;
    const std::string why = npuzzle::check_row(*row, puzzle, goal, notation);
    if (!why.empty() || !puzzle.board || (row->status != "optimal" && row->status != "solved")) continue;
    const npuzzle::Notation n = notation.value_or(npuzzle::detect_notation(row->solution));
    const auto moves = npuzzle::parse_moves(row->solution, n);
    require(moves.has_value(), "a passing row's moves do not parse", row->solution);
    require(std::to_string(moves->size()) == row->length, "a passing row's length differs", row->length);
    require(reaches_goal(*puzzle.board, *moves, goal), "a passing row does not reach the goal", row->solution);
  }
  return 0;
}
