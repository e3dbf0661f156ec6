#include "render/svg.h"

#include <algorithm>
#include <cinttypes>
#include <string>

#include "render/layout.h"

namespace npuzzle::render {
namespace {

Rgb darker(Rgb c) { return mix(c, Rgb{0, 0, 0}, 0.28); }

// Font sizes in user units, from DejaVu Sans Bold's proportions (digits
// 0.73 em high and 0.70 em wide), matching the raster pictures. Text is
// placed by its baseline (half the digits' height below the centre), which
// every renderer agrees on, unlike dominant-baseline.
constexpr double kDigitHeight = 0.73;
double number_font_size(const Layout& layout, int digits) {
  const double face = layout.tile - 2.0 * layout.inset;
  return std::min(0.34 * layout.tile / kDigitHeight, 0.66 * face / (0.70 * digits));
}
double caption_font_size(const Layout& layout) {
  return std::min(0.48 * layout.caption / kDigitHeight, (layout.width - 2.0 * layout.pad) / (20 * 0.62));
}

double caption_baseline(const Layout& layout) {
  return layout.caption_y() + (layout.caption + layout.pad / 2) / 2.0 + kDigitHeight * caption_font_size(layout) / 2;
}

enum FaceStyle { kNormal, kMoving, kHome };

struct Colours {
  Rgb fill, lip, ink;
};
Colours colours(const Theme& t, FaceStyle s) {
  const Rgb fill = s == kMoving ? t.moving : s == kHome ? t.home : t.tile;
  return {fill, darker(fill), s == kMoving ? t.moving_text : s == kHome ? t.home_text : t.text};
}

// Presentation attributes rather than CSS: renderers without a style sheet
// engine (ImageMagick's, some editors') read them too.
constexpr const char* kFont =
    "font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\" font-weight=\"bold\" text-anchor=\"middle\"";

void header(std::FILE* out, int width, int height, const Board& start, std::uint64_t moves) {
  std::fprintf(out,
               "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n"
               "<title>npuzzle: %s board, %" PRIu64 " moves</title>\n",
               width, height, width, height, size_name(start.rows(), start.cols()).c_str(), moves);
}

// The frame and the holes of one board, at the origin of the current group.
void board_background(std::FILE* out, const Layout& layout, const Theme& theme) {
  std::fprintf(out, "<rect width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", layout.width, layout.height,
               rgb_hex(theme.frame).c_str());
  const int face = layout.tile - 2 * layout.inset;
  for (int cell = 0; cell < layout.rows * layout.cols; ++cell) {
    std::fprintf(out, "<rect class=\"hole\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"%d\" fill=\"%s\"/>\n",
                 layout.cell_x(cell) + layout.inset, layout.cell_y(cell) + layout.inset, face, face, layout.radius,
                 rgb_hex(theme.blank).c_str());
  }
}

// A tile's group up to (not including) its closing tag; `animations[i]`
// (may be empty) goes inside the lip, face and number elements.
void open_tile(std::FILE* out, const Layout& layout, int tile, int x, int y, Colours c, const std::string animations[3]) {
  const int face = layout.tile - 2 * layout.inset;
  std::fprintf(out, "<g class=\"tile\" transform=\"translate(%d,%d)\">\n", x, y);
  std::fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"%d\" fill=\"%s\">%s</rect>\n",
               layout.inset, layout.inset, face, face, layout.radius, rgb_hex(c.lip).c_str(), animations[0].c_str());
  std::fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"%d\" fill=\"%s\">%s</rect>\n",
               layout.inset, layout.inset, face, face - layout.lip, layout.radius, rgb_hex(c.fill).c_str(),
               animations[1].c_str());
  const double size = number_font_size(layout, static_cast<int>(std::to_string(layout.rows * layout.cols - 1).size()));
  std::fprintf(out, "<text x=\"%d\" y=\"%.1f\" font-size=\"%.1f\" %s fill=\"%s\">%d%s</text>\n", layout.tile / 2,
               (layout.tile - layout.lip) / 2.0 + kDigitHeight * size / 2, size, kFont, rgb_hex(c.ink).c_str(), tile,
               animations[2].c_str());
}

FaceStyle resting_style(const RenderOptions& options, int tile, int cell, int cells) {
  return options.style.mark_home && tile == goal_tile(cell, cells, options.goal) ? kHome : kNormal;
}

std::string fraction(double t) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6f", std::clamp(t, 0.0, 1.0));
  std::string s = buf;
  while (s.size() > 1 && s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

}  // namespace

Summary write_svg_animation(std::FILE* out, const Board& start, const MoveSequence& moves, const RenderOptions& options) {
  const Layout layout(start.rows(), start.cols(), options.style);
  const Theme& theme = options.style.theme;
  const int cells = start.cells();
  const int n = options.smooth;
  const double step = step_delay_ms(options.timing, n);
  const std::uint64_t total = moves.size();
  // The GIF's timeline (frames.h): move k's first frame starts at start(k),
  // its landed frame n steps later; the last frame lasts the final pause.
  auto move_start = [&](std::uint64_t k) { return options.timing.start_pause_ms + (k - 1) * (n + 1) * step; };
  const double duration =
      std::max(1.0, move_start(total) + n * step + options.timing.final_pause_ms);

  // Per tile: positions (time, x, y) and styles (time, style) over the loop.
  struct Key {
    double t;
    int x, y;
  };
  struct StyleKey {
    double t;
    FaceStyle style;
  };
  std::vector<std::vector<Key>> positions(cells);
  std::vector<std::vector<StyleKey>> styles(cells);
  for (int cell = 0; cell < cells; ++cell) {
    const int tile = static_cast<int>(start.at(cell));
    positions[tile].push_back({0, layout.cell_x(cell), layout.cell_y(cell)});
    styles[tile].push_back({0, resting_style(options, tile, cell, cells)});
  }
  Board board = start;
  int previous_tile = 0;
  int previous_cell = 0;
  for (std::uint64_t k = 1; k <= total; ++k) {
    const Direction d = moves[k - 1];
    const int from = board.neighbour(d);
    const int to = board.blank();
    const int tile = static_cast<int>(board.at(from));
    board.move(d);
    const double t = move_start(k);
    if (n > 0) positions[tile].push_back({t, layout.cell_x(from), layout.cell_y(from)});
    positions[tile].push_back({n > 0 ? t + n * step : t, layout.cell_x(to), layout.cell_y(to)});
    if (previous_tile != 0 && previous_tile != tile) {
      styles[previous_tile].push_back({t, resting_style(options, previous_tile, previous_cell, cells)});
    }
    styles[tile].push_back({t, kMoving});
    previous_tile = tile;
    previous_cell = to;
  }

  header(out, layout.width, layout.height, start, total);
  board_background(out, layout, theme);
  char dur[32];
  std::snprintf(dur, sizeof dur, "%.3fs", duration / 1000);
  for (int cell = 0; cell < cells; ++cell) {
    const int tile = static_cast<int>(start.at(cell));
    if (tile == 0) continue;
    std::string animations[3];
    const auto& keys = positions[tile];
    if (keys.size() > 1) {
      std::string times, values;
      for (const Key& key : keys) {
        times += (times.empty() ? "" : ";") + fraction(key.t / duration);
        values += (values.empty() ? "" : ";") + std::to_string(key.x) + "," + std::to_string(key.y);
      }
      if (n > 0) {  // linear interpolation needs the loop's end
        times += ";1";
        values += ";" + std::to_string(keys.back().x) + "," + std::to_string(keys.back().y);
      }
      const std::string motion = "<animateTransform attributeName=\"transform\" type=\"translate\" dur=\"" +
                                 std::string(dur) + "\" repeatCount=\"indefinite\" calcMode=\"" +
                                 (n > 0 ? "linear" : "discrete") + "\" keyTimes=\"" + times + "\" values=\"" +
                                 values + "\"/>";
      std::string part_values[3];
      std::string style_times;
      for (const StyleKey& key : styles[tile]) {
        style_times += (style_times.empty() ? "" : ";") + fraction(key.t / duration);
        const Colours c = colours(theme, key.style);
        const Rgb parts[3] = {c.lip, c.fill, c.ink};
        for (int i = 0; i < 3; ++i) part_values[i] += (part_values[i].empty() ? "" : ";") + rgb_hex(parts[i]);
      }
      for (int i = 0; i < 3; ++i) {
        animations[i] = "<animate attributeName=\"fill\" dur=\"" + std::string(dur) +
                        "\" repeatCount=\"indefinite\" calcMode=\"discrete\" keyTimes=\"" + style_times +
                        "\" values=\"" + part_values[i] + "\"/>";
      }
      open_tile(out, layout, tile, layout.cell_x(cell), layout.cell_y(cell), colours(theme, styles[tile][0].style),
                animations);
      std::fprintf(out, "%s\n</g>\n", motion.c_str());
    } else {
      open_tile(out, layout, tile, layout.cell_x(cell), layout.cell_y(cell), colours(theme, styles[tile][0].style),
                animations);
      std::fprintf(out, "</g>\n");
    }
  }
  // One caption per move, each visible from its move's first frame to the next's.
  if (options.style.caption) {
    const bool solved = board.is_solved(options.goal);
    const double cx = layout.width / 2.0;
    const double cy = caption_baseline(layout);
    for (std::uint64_t k = 0; k <= total; ++k) {
      Frame frame;
      frame.move = k;
      frame.total = total;
      frame.last = k == total;
      const std::string begin = fraction(k == 0 ? 0 : move_start(k) / duration);
      const std::string end = fraction(k == total ? 1 : move_start(k + 1) / duration);
      std::string times, values;
      if (k == 0) {
        times = "0;" + end;
        values = "visible;hidden";
      } else if (k == total) {
        times = "0;" + begin;
        values = "hidden;visible";
      } else {
        times = "0;" + begin + ";" + end;
        values = "hidden;visible;hidden";
      }
      std::fprintf(out,
                   "<text class=\"caption\" x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" %s fill=\"%s\" "
                   "visibility=\"%s\">%s"
                   "<animate attributeName=\"visibility\" dur=\"%s\" repeatCount=\"indefinite\" "
                   "calcMode=\"discrete\" keyTimes=\"%s\" values=\"%s\"/></text>\n",
                   cx, cy, caption_font_size(layout), kFont, rgb_hex(theme.caption).c_str(), k == 0 ? "visible" : "hidden",
                   caption_text(frame, solved).c_str(), dur, times.c_str(), values.c_str());
    }
  }
  std::fprintf(out, "</svg>\n");
  return Summary{frame_count(total, n), layout.width, layout.height};
}

Summary write_svg_sheet(std::FILE* out, const Board& start, const MoveSequence& moves,
                        const std::vector<std::uint64_t>& picks, int columns, const RenderOptions& options) {
  const Layout layout(start.rows(), start.cols(), options.style);
  const Theme& theme = options.style.theme;
  const int cells = start.cells();
  const int gap = picks.size() > 1 ? layout.pad : 0;
  const std::int64_t rows = (static_cast<std::int64_t>(picks.size()) + columns - 1) / columns;
  const std::int64_t width = columns * static_cast<std::int64_t>(layout.width + gap) + gap;
  const std::int64_t height = rows * (layout.height + gap) + gap;
  header(out, static_cast<int>(width), static_cast<int>(height), start, moves.size());
  if (gap) std::fprintf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"%s\"/>\n", rgb_hex(sheet_background(theme)).c_str());
  std::size_t index = 0;
  for_each_pick(start, moves, picks, [&](const Board& board, const Frame& frame) {
    const std::uint64_t pick = frame.move;
    const std::int64_t bx = gap + static_cast<std::int64_t>(index % columns) * (layout.width + gap);
    const std::int64_t by = gap + static_cast<std::int64_t>(index / columns) * (layout.height + gap);
    std::fprintf(out, "<g class=\"board\" transform=\"translate(%" PRId64 ",%" PRId64 ")\">\n", bx, by);
    board_background(out, layout, theme);
    const std::string none[3];
    for (int cell = 0; cell < cells; ++cell) {
      const int tile = static_cast<int>(board.at(cell));
      if (tile == 0) continue;
      const FaceStyle style = pick > 0 && static_cast<std::uint32_t>(tile) == frame.moving_tile
                                  ? kMoving
                                  : resting_style(options, tile, cell, cells);
      open_tile(out, layout, tile, layout.cell_x(cell), layout.cell_y(cell), colours(theme, style), none);
      std::fprintf(out, "</g>\n");
    }
    if (options.style.caption) {
      std::fprintf(out, "<text class=\"caption\" x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" %s fill=\"%s\">%s</text>\n",
                   layout.width / 2.0, caption_baseline(layout), caption_font_size(layout), kFont,
                   rgb_hex(theme.caption).c_str(),
                   caption_text(frame, frame.last && board.is_solved(options.goal)).c_str());
    }
    std::fprintf(out, "</g>\n");
    ++index;
  });
  std::fprintf(out, "</svg>\n");
  return Summary{picks.size(), static_cast<int>(width), static_cast<int>(height)};
}

}  // namespace npuzzle::render
