#include "io/jsonl.h"

#include <bitset>
#include <cstdint>

#include "io/json.h"

namespace npuzzle {

std::string format_jsonl_row(const ResultRow& row) {
  std::string out = "{";
  for (std::size_t i = 0; i < kResultColumns; ++i) {
    if (i) out.push_back(',');
    out += json_quote(kResultColumnNames[i]);
    out.push_back(':');
    const std::string& value = row.field(i);
    if (value.empty()) {
      out += "null";
    } else if (is_numeric_column(i)) {
      out += value;  // the CSV's text of a number is a JSON number
    } else {
      out += json_quote(value);
    }
  }
  out += "}\n";
  return out;
}

namespace {

// A cursor over one line, for the flat objects format_jsonl_row writes.
class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  void skip_space() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\r')) ++at_;
  }
  bool eat(char c) {
    skip_space();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }
  bool done() {
    skip_space();
    return at_ == text_.size();
  }
  bool peek(char c) {
    skip_space();
    return at_ < text_.size() && text_[at_] == c;
  }

  // A JSON string, unescaped into `out` (UTF-8).
  bool string(std::string& out) {
    if (!eat('"')) return false;
    out.clear();
    while (at_ < text_.size()) {
      const char c = text_[at_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) return false;
      if (c != '\\') {
        out.push_back(c);
        continue;
      }
      if (at_ >= text_.size()) return false;
      switch (text_[at_++]) {
        case '"': out.push_back('"'); break;
        case '\\': out.push_back('\\'); break;
        case '/': out.push_back('/'); break;
        case 'b': out.push_back('\b'); break;
        case 'f': out.push_back('\f'); break;
        case 'n': out.push_back('\n'); break;
        case 'r': out.push_back('\r'); break;
        case 't': out.push_back('\t'); break;
        case 'u': {
          std::uint32_t code = 0;
          if (!hex4(code)) return false;
          if (code >= 0xD800 && code < 0xDC00) {  // a surrogate pair
            std::uint32_t low = 0;
            if (at_ + 2 > text_.size() || text_[at_] != '\\' || text_[at_ + 1] != 'u') return false;
            at_ += 2;
            if (!hex4(low) || low < 0xDC00 || low >= 0xE000) return false;
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
          } else if (code >= 0xDC00 && code < 0xE000) {
            return false;
          }
          utf8(code, out);
          break;
        }
        default: return false;
      }
    }
    return false;
  }

  // A JSON number, its text as written.
  bool number(std::string& out) {
    skip_space();
    const std::size_t start = at_;
    if (at_ < text_.size() && text_[at_] == '-') ++at_;
    if (at_ >= text_.size()) return false;
    if (text_[at_] == '0') {
      ++at_;
    } else if (!digits()) {
      return false;
    }
    if (at_ < text_.size() && text_[at_] == '.') {
      ++at_;
      if (!digits()) return false;
    }
    if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
      ++at_;
      if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-')) ++at_;
      if (!digits()) return false;
    }
    out.assign(text_.substr(start, at_ - start));
    return true;
  }

  bool null() {
    skip_space();
    if (text_.substr(at_, 4) != "null") return false;
    at_ += 4;
    return true;
  }

 private:
  bool digits() {
    const std::size_t start = at_;
    while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
    return at_ > start;
  }
  bool hex4(std::uint32_t& code) {
    if (at_ + 4 > text_.size()) return false;
    for (int k = 0; k < 4; ++k) {
      const char h = text_[at_++];
      code <<= 4;
      if (h >= '0' && h <= '9') {
        code |= static_cast<std::uint32_t>(h - '0');
      } else if (h >= 'a' && h <= 'f') {
        code |= static_cast<std::uint32_t>(h - 'a' + 10);
      } else if (h >= 'A' && h <= 'F') {
        code |= static_cast<std::uint32_t>(h - 'A' + 10);
      } else {
        return false;
      }
    }
    return true;
  }
  static void utf8(std::uint32_t code, std::string& out) {
    if (code < 0x80) {
      out.push_back(static_cast<char>(code));
    } else if (code < 0x800) {
      out.push_back(static_cast<char>(0xC0 | (code >> 6)));
      out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
    } else if (code < 0x10000) {
      out.push_back(static_cast<char>(0xE0 | (code >> 12)));
      out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xF0 | (code >> 18)));
      out.push_back(static_cast<char>(0x80 | ((code >> 12) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
    }
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

}  // namespace

bool is_json_number(std::string_view text) {
  Parser p(text);
  std::string number;
  return p.number(number) && p.done();
}

std::optional<ResultRow> parse_jsonl_row(std::string_view line) {
  Parser p(line);
  if (!p.eat('{')) return std::nullopt;
  ResultRow row;
  std::bitset<kResultColumns> seen;
  std::string key;
  std::string value;
  if (!p.eat('}')) {
    do {
      if (!p.string(key) || !p.eat(':')) return std::nullopt;
      std::size_t column = kResultColumns;
      for (std::size_t i = 0; i < kResultColumns; ++i) {
        if (key == kResultColumnNames[i]) column = i;
      }
      if (p.null()) {
        value.clear();
      } else if (p.peek('"')) {
        if (!p.string(value) || (column < kResultColumns && is_numeric_column(column))) return std::nullopt;
      } else if (!p.number(value) || (column < kResultColumns && !is_numeric_column(column))) {
        return std::nullopt;
      }
      if (column == kResultColumns) continue;  // a key of someone else's
      if (seen[column]) return std::nullopt;
      seen[column] = true;
      row.field(column) = value;
    } while (p.eat(','));
    if (!p.eat('}')) return std::nullopt;
  }
  if (!p.done() || !seen.all()) return std::nullopt;
  return row;
}

}  // namespace npuzzle
