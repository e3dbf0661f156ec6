#include "io/result_row.h"

#include "io/csv.h"
#include "io/jsonl.h"

namespace npuzzle {

std::string& ResultRow::field(std::size_t i) {
  std::string* fields[] = {&id,       &rows,      &cols,    &status,    &length,    &lower_bound,
                           &expanded, &generated, &seconds, &algorithm, &heuristic, &solution};
  return *fields[i];
}

std::string_view result_format_name(ResultFormat format) {
  return format == ResultFormat::kJsonLines ? "jsonl" : "csv";
}

std::optional<ResultFormat> parse_result_format(std::string_view name) {
  if (name == "csv") return ResultFormat::kCsv;
  if (name == "jsonl" || name == "json-lines") return ResultFormat::kJsonLines;
  return std::nullopt;
}

ResultFormat result_format_of(std::string_view path) {
  constexpr std::string_view kSuffix = ".jsonl";
  const bool jsonl = path.size() >= kSuffix.size() && path.substr(path.size() - kSuffix.size()) == kSuffix;
  return jsonl ? ResultFormat::kJsonLines : ResultFormat::kCsv;
}

std::optional<ResultFormat> detect_result_format(std::string_view first_line) {
  if (!first_line.empty() && first_line.back() == '\r') first_line.remove_suffix(1);
  if (first_line == kCsvHeader) return ResultFormat::kCsv;
  if (parse_jsonl_row(first_line)) return ResultFormat::kJsonLines;
  return std::nullopt;
}

std::string_view result_header(ResultFormat format) {
  static const std::string csv = std::string(kCsvHeader) + "\n";
  return format == ResultFormat::kCsv ? std::string_view(csv) : std::string_view();
}

std::string format_row(const ResultRow& row, ResultFormat format) {
  return format == ResultFormat::kJsonLines ? format_jsonl_row(row) : format_csv_row(row);
}

std::optional<ResultRow> parse_row(std::string_view line, ResultFormat format) {
  return format == ResultFormat::kJsonLines ? parse_jsonl_row(line) : parse_csv_row(line);
}

}  // namespace npuzzle
