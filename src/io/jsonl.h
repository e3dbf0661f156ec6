// Batch results as JSON Lines (docs/contract.md "Batch JSON Lines"): one
// object per line, the CSV's column names as keys in its order, the numeric
// columns as JSON numbers, empty cells as null.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "io/result_row.h"

namespace npuzzle {

// The row as one line with its '\n'.
std::string format_jsonl_row(const ResultRow& row);

// Parses one line (without its '\n'): an object holding every column once
// (in any order; other keys, with string, number or null values, are
// ignored), strings or null, numbers or null in the numeric columns.
// nullopt for anything else.
std::optional<ResultRow> parse_jsonl_row(std::string_view line);

// Whether `text` is a JSON number (what a numeric column holds, or empty).
bool is_json_number(std::string_view text);

}  // namespace npuzzle
