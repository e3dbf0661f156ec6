#include "render/theme.h"

#include <cmath>
#include <cstdio>

namespace npuzzle::render {
namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

constexpr Rgb rgb(std::uint32_t hex) {
  return {static_cast<std::uint8_t>(hex >> 16), static_cast<std::uint8_t>(hex >> 8), static_cast<std::uint8_t>(hex)};
}

}  // namespace

std::optional<Rgb> parse_rgb(std::string_view text) {
  if (!text.empty() && text[0] == '#') text.remove_prefix(1);
  if (text.size() != 6) return std::nullopt;
  std::uint8_t channel[3];
  for (int i = 0; i < 3; ++i) {
    const int hi = hex_digit(text[2 * i]);
    const int lo = hex_digit(text[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    channel[i] = static_cast<std::uint8_t>(hi * 16 + lo);
  }
  return Rgb{channel[0], channel[1], channel[2]};
}

std::string rgb_hex(Rgb c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
  return buf;
}

Rgb mix(Rgb a, Rgb b, double t) {
  auto channel = [t](std::uint8_t x, std::uint8_t y) {
    return static_cast<std::uint8_t>(std::lround(x + (y - x) * t));
  };
  return {channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b)};
}

const std::vector<Theme>& themes() {
  // Tiles stand out from the hole by lightness, not hue alone, so the blank
  // is plain in grey scale too; the moving tile is a warm accent in all three.
  static const std::vector<Theme> all = {
      {"classic", rgb(0x4a3426), rgb(0x2e2018), rgb(0xf1dcb4), rgb(0x3b2616), rgb(0xf6b93b), rgb(0x2b1a0c),
       rgb(0xb9d99a), rgb(0x1f3310), rgb(0xf1dcb4)},
      {"dark", rgb(0x1e1f29), rgb(0x101117), rgb(0x454a63), rgb(0xe6e9f5), rgb(0xf2c14e), rgb(0x1e1f29),
       rgb(0x3f7a5a), rgb(0xe9fff1), rgb(0xc9cde0)},
      {"light", rgb(0xc9ced6), rgb(0xa9b0bb), rgb(0xffffff), rgb(0x1f2933), rgb(0xffc94d), rgb(0x1f2933),
       rgb(0xcdebd0), rgb(0x1b4d24), rgb(0x1f2933)},
  };
  return all;
}

std::optional<Theme> find_theme(std::string_view name) {
  for (const Theme& t : themes()) {
    if (t.name == name) return t;
  }
  return std::nullopt;
}

std::string theme_names() {
  std::string names;
  for (const Theme& t : themes()) names += (names.empty() ? "" : ", ") + t.name;
  return names;
}

std::string set_colour(Theme& theme, std::string_view assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string_view::npos) return "expected KEY=#RRGGBB, not '" + std::string(assignment) + "'";
  const std::string_view key = assignment.substr(0, eq);
  const auto colour = parse_rgb(assignment.substr(eq + 1));
  if (!colour) return "'" + std::string(assignment.substr(eq + 1)) + "' is not a colour #RRGGBB";
  struct Slot {
    std::string_view key;
    Rgb Theme::*member;
  };
  static constexpr Slot kSlots[] = {{"frame", &Theme::frame},   {"blank", &Theme::blank},
                                    {"tile", &Theme::tile},     {"text", &Theme::text},
                                    {"moving", &Theme::moving}, {"moving-text", &Theme::moving_text},
                                    {"home", &Theme::home},     {"home-text", &Theme::home_text},
                                    {"caption", &Theme::caption}};
  for (const Slot& slot : kSlots) {
    if (slot.key == key) {
      theme.*slot.member = *colour;
      return {};
    }
  }
  return "unknown colour '" + std::string(key) +
         "' (frame, blank, tile, text, moving, moving-text, home, home-text, caption)";
}

}  // namespace npuzzle::render
