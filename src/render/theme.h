// Colours of a picture: a named theme, and single colours overridden by
// `--colour KEY=#RRGGBB`. Shared by the raster (GIF, PNG) and SVG writers,
// so a theme looks the same in every format.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace npuzzle::render {

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  bool operator==(const Rgb&) const = default;
};

// "#RRGGBB" (or "RRGGBB"); nullopt otherwise.
std::optional<Rgb> parse_rgb(std::string_view text);
std::string rgb_hex(Rgb c);  // "#rrggbb"
// a + (b - a) * t, per channel, rounded; t in [0, 1].
Rgb mix(Rgb a, Rgb b, double t);

struct Theme {
  std::string name;
  Rgb frame;         // around and between the cells, and the caption strip
  Rgb blank;         // the empty cell: a hole in the frame
  Rgb tile, text;    // an ordinary tile and its number
  Rgb moving, moving_text;  // the tile that moves (or just moved)
  Rgb home, home_text;      // a tile in its goal cell, with --mark-home
  Rgb caption;       // the caption's text, on the frame colour
};

// Between the boards of a contact sheet: the frame colour, much lighter.
inline Rgb sheet_background(const Theme& t) { return mix(t.frame, Rgb{255, 255, 255}, 0.82); }

// The themes, by name: classic (the first, the default), dark, light.
const std::vector<Theme>& themes();
std::optional<Theme> find_theme(std::string_view name);
// "classic, dark, light"
std::string theme_names();

// Sets one colour from "KEY=#RRGGBB" (keys: frame, blank, tile, text,
// moving, moving-text, home, home-text, caption). Empty on success, else
// what is wrong.
std::string set_colour(Theme& theme, std::string_view assignment);

}  // namespace npuzzle::render
