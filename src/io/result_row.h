// One result row of a batch, as text, and the two formats that hold it
// (docs/contract.md "Batch CSV" and "Batch JSON Lines"): the CSV (a header,
// then one line per puzzle) and JSON Lines (one object per line, the CSV's
// column names as keys, numbers as JSON numbers, empty cells as null). The
// batch's sinks write rows in either; resume, merge and verify read either.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace npuzzle {

inline constexpr std::size_t kResultColumns = 12;
inline constexpr std::array<std::string_view, kResultColumns> kResultColumnNames = {
    "id",       "rows",      "cols",    "status",    "length",    "lower_bound",
    "expanded", "generated", "seconds", "algorithm", "heuristic", "solution"};

// One row, as strings, in column order; empty strings are empty cells.
struct ResultRow {
  std::string id, rows, cols, status, length, lower_bound, expanded, generated, seconds, algorithm,
      heuristic, solution;

  // Column i (kResultColumnNames[i]).
  std::string& field(std::size_t i);
  const std::string& field(std::size_t i) const { return const_cast<ResultRow*>(this)->field(i); }
};

enum class ResultFormat : std::uint8_t { kCsv, kJsonLines };
std::string_view result_format_name(ResultFormat format);  // "csv", "jsonl"
std::optional<ResultFormat> parse_result_format(std::string_view name);
// The format a file name asks for: JSON Lines for ".jsonl", else CSV.
ResultFormat result_format_of(std::string_view path);

// The first line of a file of rows, with its '\n' (CSV: the header), or
// empty (JSON Lines has none).
std::string_view result_header(ResultFormat format);
// The row as one line with its '\n'.
std::string format_row(const ResultRow& row, ResultFormat format);
// One line (without its '\n'); nullopt unless it is a well-formed row.
std::optional<ResultRow> parse_row(std::string_view line, ResultFormat format);

// The format of a results file from its first line (without '\n'): CSV
// when it is the header, JSON Lines when it is a row; nullopt otherwise.
std::optional<ResultFormat> detect_result_format(std::string_view first_line);

// Whether column i holds a number (JSON Lines writes it unquoted).
constexpr bool is_numeric_column(std::size_t i) { return (i >= 1 && i <= 2) || (i >= 4 && i <= 8); }

}  // namespace npuzzle
