// Checking one row of a batch CSV against its puzzle (the `verify` command,
// and its fuzz target): the solution is parsed in its notation and replayed
// from the puzzle; it must reach the goal in exactly `length` moves.
#pragma once

#include <optional>
#include <string>

#include "core/notation.h"
#include "io/csv.h"
#include "io/reader.h"

namespace npuzzle {

// Empty when `row` holds for `puzzle` under `goal`, else what is wrong. A
// row for a malformed puzzle must say invalid; an unsolvable row must be
// unsolvable by the parity rule; an optimal or solved row must replay. The
// notation is detected from the letters when not given. Rows with status
// limit or cancelled have nothing to check (the caller skips them).
// A solution cell "@PATH" names a side file (io/moves_file.h), read from
// PATH, relative to `side_file_base` (the CSV's directory) unless absolute;
// with an empty base such a row fails.
// Never throws for any content of `row` (tests/fuzz/verify_fuzz.cc).
std::string check_row(const ResultRow& row, const PuzzleRecord& puzzle, Goal goal, std::optional<Notation> notation,
                      const std::string& side_file_base = {});

}  // namespace npuzzle
