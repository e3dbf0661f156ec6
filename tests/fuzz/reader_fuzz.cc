// libFuzzer target: the puzzle reader (io/reader.h) on arbitrary bytes.
//
// The first byte picks the options (no --size, or one of a few shapes);
// the rest is the file. Besides crashes, leaks and undefined behaviour (the
// target is built with ASan and UBSan), it checks the reader's contract on
// every record and aborts when one breaks:
//   - a record has a board or an error, never both nor neither;
//   - an error reads "fuzz.txt:LINE: what", LINE within the input's lines;
//   - a board is valid (Board::validate) and its shape is the record's;
//   - records come in input order (non-decreasing lines).
// The only exception allowed out is InputError (a file past kMaxPuzzles or
// kMaxLines, which a fuzz input cannot reach, but the contract allows it).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "io/reader.h"

namespace {

void require(bool ok, const char* what, const std::string& detail = "") {
  if (ok) return;
  std::fprintf(stderr, "reader_fuzz: broken contract: %s %s\n", what, detail.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static constexpr std::pair<int, int> kShapes[] = {{0, 0}, {3, 3}, {2, 5}, {4, 4}, {3, 2}, {1000, 1000}};
  npuzzle::ReadOptions options;
  options.rows = kShapes[data[0] % std::size(kShapes)].first;
  options.cols = kShapes[data[0] % std::size(kShapes)].second;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::size_t lines = 1;
  for (char c : text) lines += c == '\n';

  // parse_size sees the same bytes as a --size value would.
  if (auto rc = npuzzle::parse_size(text.substr(0, 64))) {
    require(rc->first >= 2 && rc->second >= 2 && std::int64_t{rc->first} * rc->second <= npuzzle::kMaxCells,
            "parse_size accepted an out-of-range shape");
  }

  std::istringstream in(text);
  npuzzle::PuzzleFile file;
  try {
    file = npuzzle::read_puzzles(in, "fuzz.txt", options);
  } catch (const npuzzle::InputError&) {
    return 0;
  }
  int previous_line = 0;
  for (const npuzzle::PuzzleRecord& r : file.puzzles) {
    require(r.board.has_value() != !r.error.empty(), "board xor error", r.error);
    require(r.line >= 1 && static_cast<std::size_t>(r.line) <= lines, "record line out of range");
    require(r.line >= previous_line, "records out of order");
    previous_line = r.line;
    require(!r.id.empty(), "empty id");
    if (r.board) {
      require(r.board->rows() == r.rows && r.board->cols() == r.cols, "shape differs from the record's");
      require(npuzzle::Board::validate(r.rows, r.cols, r.board->tiles()).empty(), "invalid board accepted");
    } else {
      require(r.error.rfind("fuzz.txt:", 0) == 0, "error without FILE:", r.error);
      const std::size_t colon = r.error.find(':', 9);
      require(colon != std::string::npos && colon > 9, "error without :LINE:", r.error);
      const long line = std::strtol(r.error.c_str() + 9, nullptr, 10);
      require(line >= 1 && static_cast<std::size_t>(line) <= lines, "error names a line past the input", r.error);
      require(r.error.size() > colon + 2, "error without a description", r.error);
    }
  }
  return 0;
}
