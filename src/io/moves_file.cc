#include "io/moves_file.h"

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

namespace npuzzle {
namespace {

constexpr std::size_t kChunk = 1 << 20;

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

// The notation of a file's letters, by detect_notation's rule, reading at
// most until the rule is decided.
std::optional<Notation> detect_file_notation(const std::string& path, std::string* error) {
  File file(std::fopen(path.c_str(), "rb"));
  if (!file) {
    *error = path + ": " + std::strerror(errno);
    return std::nullopt;
  }
  std::vector<char> buffer(kChunk);
  bool upper = false;
  for (std::size_t got; (got = std::fread(buffer.data(), 1, buffer.size(), file.get())) > 0;) {
    for (std::size_t i = 0; i < got; ++i) {
      const char c = buffer[i];
      if (c == 'H' || c == 'J' || c == 'K') return Notation::kVim;
      if (c >= 'A' && c <= 'Z') upper = true;
      if (c >= 'a' && c <= 'z' && !upper) return Notation::kBlank;
    }
  }
  return upper ? Notation::kTile : Notation::kBlank;
}

}  // namespace

std::string side_file_name(std::string_view id) {
  std::string name;
  for (char c : id) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                      c == '_' || c == '-';
    name.push_back(keep ? c : '_');
  }
  if (name.empty() || name[0] == '.') name.insert(name.begin(), '_');
  return name + ".moves";
}

std::string write_moves_file(const std::string& path, const MoveSequence& moves, Notation n) {
  File file(std::fopen(path.c_str(), "wb"));
  if (!file) return path + ": " + std::strerror(errno);
  std::array<char, 4> letters{};
  for (int d = 0; d < 4; ++d) letters[static_cast<std::size_t>(d)] = move_letter(static_cast<Direction>(d), n);
  std::vector<char> buffer;
  buffer.reserve(kChunk + 1);
  bool ok = true;
  for (Direction d : moves) {
    buffer.push_back(letters[static_cast<std::size_t>(d)]);
    if (buffer.size() == kChunk) {
      ok = ok && std::fwrite(buffer.data(), 1, buffer.size(), file.get()) == buffer.size();
      buffer.clear();
    }
  }
  buffer.push_back('\n');
  ok = ok && std::fwrite(buffer.data(), 1, buffer.size(), file.get()) == buffer.size();
  ok = std::fclose(file.release()) == 0 && ok;
  return ok ? std::string() : path + ": write failed";
}

std::optional<MoveSequence> read_moves_file(const std::string& path, std::optional<Notation> n, std::string* error) {
  if (!n) {
    n = detect_file_notation(path, error);
    if (!n) return std::nullopt;
  }
  File file(std::fopen(path.c_str(), "rb"));
  if (!file) {
    *error = path + ": " + std::strerror(errno);
    return std::nullopt;
  }
  std::array<int, 256> direction{};
  direction.fill(-1);
  for (int d = 0; d < 4; ++d) {
    direction[static_cast<unsigned char>(move_letter(static_cast<Direction>(d), *n))] = d;
  }
  MoveSequence moves;
  std::vector<char> buffer(kChunk);
  std::uint64_t offset = 0;
  bool at_end = false;    // a '\r' or '\n' was read: only "\r\n" or "\n" may end the file
  bool newline = false;   // the '\n' was read: nothing may follow
  for (std::size_t got; (got = std::fread(buffer.data(), 1, buffer.size(), file.get())) > 0;) {
    for (std::size_t i = 0; i < got; ++i, ++offset) {
      const unsigned char c = static_cast<unsigned char>(buffer[i]);
      const int d = direction[c];
      if (d >= 0 && !at_end) {
        moves.push_back(static_cast<Direction>(d));
        continue;
      }
      if (c == '\r' && !at_end) {
        at_end = true;
        continue;
      }
      if (c == '\n' && !newline) {
        at_end = newline = true;
        continue;
      }
      char shown[8];
      std::snprintf(shown, sizeof shown, c >= 0x20 && c < 0x7f ? "%c" : "\\x%02x", c);
      *error = path + ": byte " + std::to_string(offset + 1) + " ('" + shown + "') " +
               (at_end ? "follows the line end" : "is not a " + std::string(notation_name(*n)) + " move");
      return std::nullopt;
    }
  }
  if (std::ferror(file.get())) {
    *error = path + ": read error";
    return std::nullopt;
  }
  return moves;
}

}  // namespace npuzzle
