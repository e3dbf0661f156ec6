#include "io/csv.h"

#include <vector>

namespace npuzzle {
namespace {

void append_field(std::string& out, const std::string& field) {
  if (field.find_first_of(",\"\r\n") == std::string::npos) {
    out += field;
    return;
  }
  out.push_back('"');
  for (char c : field) {
    if (c == '"') out.push_back('"');
    out.push_back(c);
  }
  out.push_back('"');
}

}  // namespace

std::string format_csv_row(const ResultRow& r) {
  std::string out;
  for (std::size_t i = 0; i < kResultColumns; ++i) {
    if (i) out.push_back(',');
    append_field(out, r.field(i));
  }
  out.push_back('\n');
  return out;
}

std::optional<ResultRow> parse_csv_row(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"') {
        if (i + 1 < line.size() && line[i + 1] == '"') {
          fields.back().push_back('"');
          ++i;
        } else {
          quoted = false;
        }
      } else {
        fields.back().push_back(c);
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else {
      fields.back().push_back(c);
    }
  }
  if (quoted || fields.size() != kResultColumns) return std::nullopt;
  ResultRow r;
  for (std::size_t i = 0; i < kResultColumns; ++i) r.field(i) = std::move(fields[i]);
  return r;
}

}  // namespace npuzzle
