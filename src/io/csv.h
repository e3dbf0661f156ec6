// The batch CSV (docs/contract.md "Batch CSV"): one header, one row per puzzle.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace npuzzle {

inline constexpr std::string_view kCsvHeader =
    "id,rows,cols,status,length,lower_bound,expanded,generated,seconds,algorithm,heuristic,solution";
inline constexpr std::size_t kCsvColumns = 12;

// One row, as strings, in header order; empty strings are empty cells.
struct CsvRow {
  std::string id, rows, cols, status, length, lower_bound, expanded, generated, seconds, algorithm,
      heuristic, solution;
};

// The row as one line with its '\n'; fields with commas, quotes or line
// breaks are quoted (RFC 4180).
std::string format_csv_row(const CsvRow& row);

// Parses one line (without its '\n'); nullopt unless it has exactly
// kCsvColumns well-formed fields.
std::optional<CsvRow> parse_csv_row(std::string_view line);

}  // namespace npuzzle
