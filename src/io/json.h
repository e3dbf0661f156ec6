// A minimal JSON writer for the provenance sidecars: an ordered object of
// strings, numbers and nested objects. Reading back is limited to what
// `verify` needs: a top-level or nested string value by key.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace npuzzle {

class JsonObject {
 public:
  JsonObject& add(std::string key, std::string_view value);
  JsonObject& add(std::string key, const char* value) { return add(std::move(key), std::string_view(value)); }
  JsonObject& add(std::string key, std::int64_t value);
  JsonObject& add(std::string key, std::uint64_t value);
  JsonObject& add(std::string key, int value) { return add(std::move(key), static_cast<std::int64_t>(value)); }
  JsonObject& add(std::string key, double value);
  JsonObject& add(std::string key, bool value);
  JsonObject& add(std::string key, const JsonObject& value);
  JsonObject& add(std::string key, const std::vector<JsonObject>& array);
  // Pretty-printed, two spaces per level.
  std::string dump() const;

 private:
  std::vector<std::pair<std::string, std::string>> members_;  // key, encoded value
};

std::string json_quote(std::string_view s);

// The first string value stored under `key` anywhere in `json`, unescaped.
std::optional<std::string> find_json_string(std::string_view json, std::string_view key);

// A sidecar holds a few kilobytes; reading stops at this many bytes, so a
// huge file in its place costs no more.
inline constexpr std::size_t kMaxSidecarBytes = std::size_t{1} << 20;

// The first kMaxSidecarBytes of `path`; empty if it cannot be read.
std::string read_sidecar(const std::string& path);

}  // namespace npuzzle
