// Drawing boards with libgd, for the GIF and PNG writers (private to the
// renderer: the only place besides render.cc that sees gd.h).
//
// Every picture is a palette image with one fixed palette (palette()): the
// theme's colours, the anti-aliasing ramps between each text colour and the
// fill it is drawn on, and one spare entry for the GIF's transparent pixels.
// A GIF's frames then share one global colour table, and comparing two
// frames is comparing palette indices. Text and faces are drawn in true
// colour (FreeType's anti-aliasing) and mapped to the nearest entry once per
// face: each tile's face is cached per style, so a frame is a few copies.
#pragma once

#include <gd.h>

#include <string>
#include <unordered_map>
#include <vector>

#include "render/layout.h"

namespace npuzzle::render {

struct Rect {
  int x0 = 0, y0 = 0, x1 = -1, y1 = -1;  // inclusive; empty when x1 < x0
  bool empty() const { return x1 < x0 || y1 < y0; }
  void add(const Rect& r);
};

class Painter {
 public:
  // Throws RenderError when the font cannot be used.
  Painter(int rows, int cols, const Style& style, Goal goal, const std::string& font);
  ~Painter();
  Painter(const Painter&) = delete;
  Painter& operator=(const Painter&) = delete;

  const Layout& layout() const { return layout_; }
  // The canvas: width x height, palette(), no transparent colour.
  gdImagePtr canvas() { return canvas_; }
  // A new blank palette image with the canvas's palette (caller destroys).
  gdImagePtr new_image(int width, int height) const;
  static constexpr int kFrameIndex = 0;
  static constexpr int kSheetIndex = 12;  // between the boards of a sheet
  int transparent_index() const { return static_cast<int>(palette_.size()) - 1; }

  // Brings the canvas to `frame` of `board` (frames.h), redrawing only the
  // cells and caption that differ from what it shows; returns the
  // rectangles it drew (none when nothing changed).
  std::vector<Rect> draw(const Board& board, const Frame& frame);

 private:
  enum FaceStyle { kNormal, kMoving, kHome, kStyles };
  struct Shown {
    int tile = -1;  // -1: not drawn yet; 0: the blank
    FaceStyle style = kNormal;
    bool operator==(const Shown&) const = default;
  };

  gdImagePtr face(int tile, FaceStyle style);
  gdImagePtr quantised(gdImagePtr truecolour);
  int index_of(Rgb c);
  void fill_rounded(gdImagePtr im, int x0, int y0, int x1, int y1, int radius, int colour) const;
  // The ink box of `text` at `points` with its origin at (0, 0): x0, y0 (top), x1, y1.
  Rect measure(const std::string& text, double points) const;
  void draw_text(gdImagePtr im, const std::string& text, double points, Rgb colour, int cx, int cy) const;
  Rect draw_caption(const std::string& text);
  Rect cell_rect(int cell) const;

  Layout layout_;
  Style style_;
  Goal goal_;
  std::string font_;
  std::vector<Rgb> palette_;
  std::unordered_map<std::uint32_t, int> nearest_;  // true colour -> palette index
  gdImagePtr canvas_ = nullptr;
  std::vector<gdImagePtr> faces_;  // [style * cells + tile], lazily
  gdImagePtr blank_face_ = nullptr;
  std::vector<Shown> shown_;
  Rect overlay_;  // where the last frame drew a sliding tile
  std::string caption_shown_;
  double number_points_ = 0;
  double caption_points_ = 0;
};

}  // namespace npuzzle::render
