// The batch CSV (docs/contract.md "Batch CSV"): one header, one row per puzzle.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "io/result_row.h"

namespace npuzzle {

inline constexpr std::string_view kCsvHeader =
    "id,rows,cols,status,length,lower_bound,expanded,generated,seconds,algorithm,heuristic,solution";

// The row as one line with its '\n'; fields with commas, quotes or line
// breaks are quoted (RFC 4180).
std::string format_csv_row(const ResultRow& row);

// Parses one line (without its '\n'); nullopt unless it has exactly
// kResultColumns well-formed fields.
std::optional<ResultRow> parse_csv_row(std::string_view line);

}  // namespace npuzzle
