#include "io/json.h"

#include <cmath>
#include <cstdio>
#include <fstream>

namespace npuzzle {

std::string json_quote(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
  }
  out.push_back('"');
  return out;
}

JsonObject& JsonObject::add(std::string key, std::string_view value) {
  members_.emplace_back(std::move(key), json_quote(value));
  return *this;
}
JsonObject& JsonObject::add(std::string key, std::int64_t value) {
  members_.emplace_back(std::move(key), std::to_string(value));
  return *this;
}
JsonObject& JsonObject::add(std::string key, std::uint64_t value) {
  members_.emplace_back(std::move(key), std::to_string(value));
  return *this;
}
JsonObject& JsonObject::add(std::string key, double value) {
  char buf[64];
  if (!std::isfinite(value)) value = 0;
  std::snprintf(buf, sizeof buf, "%.6g", value);
  members_.emplace_back(std::move(key), buf);
  return *this;
}
JsonObject& JsonObject::add(std::string key, bool value) {
  members_.emplace_back(std::move(key), value ? "true" : "false");
  return *this;
}
JsonObject& JsonObject::add(std::string key, const JsonObject& value) {
  members_.emplace_back(std::move(key), value.dump());
  return *this;
}
JsonObject& JsonObject::add(std::string key, const std::vector<JsonObject>& array) {
  std::string encoded = array.empty() ? "[" : "[\n";
  for (std::size_t i = 0; i < array.size(); ++i) {
    encoded += "  ";
    for (char c : array[i].dump()) {
      encoded.push_back(c);
      if (c == '\n') encoded += "  ";
    }
    encoded += i + 1 < array.size() ? ",\n" : "\n";
  }
  members_.emplace_back(std::move(key), encoded + "]");
  return *this;
}

std::string JsonObject::dump() const {
  const std::string pad = "  ";
  std::string out = "{\n";
  for (std::size_t i = 0; i < members_.size(); ++i) {
    out += pad + json_quote(members_[i].first) + ": ";
    // Only a nested object has raw line breaks (strings are escaped): indent them.
    for (char c : members_[i].second) {
      out.push_back(c);
      if (c == '\n') out += pad;
    }
    out += i + 1 < members_.size() ? ",\n" : "\n";
  }
  out += "}";
  return out;
}

std::optional<std::string> find_json_string(std::string_view json, std::string_view key) {
  const std::string needle = json_quote(key);
  for (std::size_t at = json.find(needle); at != std::string_view::npos; at = json.find(needle, at + 1)) {
    std::size_t i = at + needle.size();
    while (i < json.size() && (json[i] == ' ' || json[i] == '\n' || json[i] == '\t' || json[i] == '\r')) ++i;
    if (i >= json.size() || json[i] != ':') continue;
    ++i;
    while (i < json.size() && (json[i] == ' ' || json[i] == '\n' || json[i] == '\t' || json[i] == '\r')) ++i;
    if (i >= json.size() || json[i] != '"') continue;
    std::string value;
    for (++i; i < json.size() && json[i] != '"'; ++i) {
      if (json[i] == '\\' && i + 1 < json.size()) ++i;
      value.push_back(json[i]);
    }
    return value;
  }
  return std::nullopt;
}

std::string read_sidecar(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::string text(kMaxSidecarBytes, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

}  // namespace npuzzle
