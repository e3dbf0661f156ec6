#include "render/raster.h"

#include <algorithm>
#include <cmath>

namespace npuzzle::render {
namespace {

// Levels of each anti-aliasing ramp between a fill and its text colour:
// FreeType's coverage mapped to the nearest of these looks smooth at tile sizes.
constexpr int kRampLevels = 15;

Rgb darker(Rgb c) { return mix(c, Rgb{0, 0, 0}, 0.28); }

std::uint32_t key(int r, int g, int b) {
  return static_cast<std::uint32_t>(r) << 16 | static_cast<std::uint32_t>(g) << 8 | static_cast<std::uint32_t>(b);
}

}  // namespace

void Rect::add(const Rect& r) {
  if (r.empty()) return;
  if (empty()) {
    *this = r;
    return;
  }
  x0 = std::min(x0, r.x0);
  y0 = std::min(y0, r.y0);
  x1 = std::max(x1, r.x1);
  y1 = std::max(y1, r.y1);
}

Painter::Painter(int rows, int cols, const Style& style, Goal goal, const std::string& font)
    : layout_(rows, cols, style), style_(style), goal_(goal), font_(font) {
  const Theme& t = style.theme;
  // The order fixes the indices: kFrameIndex (0) first, kSheetIndex (12) last of these.
  palette_ = {t.frame, t.blank, t.tile, t.text, t.moving, t.moving_text, t.home, t.home_text, t.caption,
              darker(t.tile), darker(t.moving), darker(t.home), sheet_background(t)};
  const std::pair<Rgb, Rgb> ramps[] = {{t.tile, t.text}, {t.moving, t.moving_text}, {t.home, t.home_text},
                                       {t.frame, t.caption}};
  for (const auto& [fill, ink] : ramps) {
    for (int level = 1; level <= kRampLevels; ++level) palette_.push_back(mix(fill, ink, level / (kRampLevels + 1.0)));
  }
  // The transparent entry: a colour no drawing maps to (nearest-colour
  // mapping skips the last entry), distinct from the others so that viewers
  // that ignore transparency still show something plausible.
  palette_.push_back(t.frame);

  // Fonts: the numbers' digits about 0.34 of a tile high, the widest label
  // within 0.66 of a face; the caption about half its strip high.
  gdFontCacheSetup();
  const int cells = layout_.rows * layout_.cols;
  const Rect digit = measure("8", 100);
  const Rect widest = measure(std::string(std::to_string(cells - 1).size(), '8'), 100);
  const double face = layout_.tile - 2.0 * layout_.inset;
  number_points_ = 100 * std::min(0.34 * layout_.tile / (digit.y1 - digit.y0 + 1),
                                  0.66 * face / (widest.x1 - widest.x0 + 1));
  if (style.caption) {
    const Rect caption_box = measure("solved \u00b7 8888 / 8888", 100);
    caption_points_ = 100 * std::min(0.48 * layout_.caption / (digit.y1 - digit.y0 + 1),
                                     (layout_.width - 2.0 * layout_.pad) / (caption_box.x1 - caption_box.x0 + 1));
  }
  canvas_ = new_image(layout_.width, layout_.height);
  if (!canvas_) throw RenderError("out of memory for a " + std::to_string(layout_.width) + "x" +
                                  std::to_string(layout_.height) + " picture");
  gdImageFilledRectangle(canvas_, 0, 0, layout_.width - 1, layout_.height - 1, kFrameIndex);
  faces_.assign(static_cast<std::size_t>(kStyles) * cells, nullptr);
  shown_.assign(cells, Shown{});
}

Painter::~Painter() {
  for (gdImagePtr f : faces_) {
    if (f) gdImageDestroy(f);
  }
  if (blank_face_) gdImageDestroy(blank_face_);
  if (canvas_) gdImageDestroy(canvas_);
}

gdImagePtr Painter::new_image(int width, int height) const {
  gdImagePtr im = gdImageCreate(width, height);
  if (!im) return nullptr;
  for (Rgb c : palette_) gdImageColorAllocate(im, c.r, c.g, c.b);
  return im;
}

Rect Painter::measure(const std::string& text, double points) const {
  int box[8];
  char* error = gdImageStringFT(nullptr, box, 0, const_cast<char*>(font_.c_str()), points, 0, 0, 0,
                                const_cast<char*>(text.c_str()));
  if (error) throw RenderError("font " + font_ + ": " + error);
  // box: lower left, lower right, upper right, upper left (x, y).
  return Rect{box[0], box[7], box[2], box[1]};
}

void Painter::draw_text(gdImagePtr im, const std::string& text, double points, Rgb colour, int cx, int cy) const {
  const Rect ink = measure(text, points);
  const int x = cx - (ink.x0 + ink.x1) / 2;
  const int y = cy - (ink.y0 + ink.y1) / 2;
  char* error = gdImageStringFT(im, nullptr, gdTrueColor(colour.r, colour.g, colour.b),
                                const_cast<char*>(font_.c_str()), points, 0, x, y, const_cast<char*>(text.c_str()));
  if (error) throw RenderError("font " + font_ + ": " + error);
}

void Painter::fill_rounded(gdImagePtr im, int x0, int y0, int x1, int y1, int radius, int colour) const {
  radius = std::min({radius, (x1 - x0) / 2, (y1 - y0) / 2});
  gdImageFilledRectangle(im, x0 + radius, y0, x1 - radius, y1, colour);
  gdImageFilledRectangle(im, x0, y0 + radius, x1, y1 - radius, colour);
  const int d = 2 * radius;
  gdImageFilledEllipse(im, x0 + radius, y0 + radius, d, d, colour);
  gdImageFilledEllipse(im, x1 - radius, y0 + radius, d, d, colour);
  gdImageFilledEllipse(im, x0 + radius, y1 - radius, d, d, colour);
  gdImageFilledEllipse(im, x1 - radius, y1 - radius, d, d, colour);
}

int Painter::index_of(Rgb c) {
  const std::uint32_t k = key(c.r, c.g, c.b);
  if (auto it = nearest_.find(k); it != nearest_.end()) return it->second;
  int best = 0;
  long best_distance = -1;
  for (int i = 0; i + 1 < static_cast<int>(palette_.size()); ++i) {  // not the transparent entry
    const long dr = c.r - palette_[i].r, dg = c.g - palette_[i].g, db = c.b - palette_[i].b;
    const long distance = dr * dr + dg * dg + db * db;
    if (best_distance < 0 || distance < best_distance) {
      best = i;
      best_distance = distance;
    }
  }
  nearest_.emplace(k, best);
  return best;
}

gdImagePtr Painter::quantised(gdImagePtr truecolour) {
  gdImagePtr im = new_image(gdImageSX(truecolour), gdImageSY(truecolour));
  if (!im) throw RenderError("out of memory");
  for (int y = 0; y < gdImageSY(im); ++y) {
    for (int x = 0; x < gdImageSX(im); ++x) {
      const int p = gdImageGetTrueColorPixel(truecolour, x, y);
      im->pixels[y][x] = static_cast<unsigned char>(
          index_of(Rgb{static_cast<std::uint8_t>(gdTrueColorGetRed(p)), static_cast<std::uint8_t>(gdTrueColorGetGreen(p)),
                       static_cast<std::uint8_t>(gdTrueColorGetBlue(p))}));
    }
  }
  return im;
}

// A cell's picture: the frame colour around a rounded face. The frame colour
// (kFrameIndex) is the face's transparent colour, so a sliding tile copied
// over two holes covers only its face.
gdImagePtr Painter::face(int tile, FaceStyle style) {
  gdImagePtr& slot = tile == 0 ? blank_face_ : faces_[static_cast<std::size_t>(style) * shown_.size() + tile];
  if (slot) return slot;
  const Theme& t = style_.theme;
  const int size = layout_.tile;
  const int lo = layout_.inset;
  const int hi = size - 1 - layout_.inset;
  gdImagePtr im = gdImageCreateTrueColor(size, size);
  if (!im) throw RenderError("out of memory");
  auto colour = [im](Rgb c) { return gdImageColorAllocate(im, c.r, c.g, c.b); };
  gdImageFilledRectangle(im, 0, 0, size - 1, size - 1, colour(t.frame));
  if (tile == 0) {
    fill_rounded(im, lo, lo, hi, hi, layout_.radius, colour(t.blank));
  } else {
    const Rgb fill = style == kMoving ? t.moving : style == kHome ? t.home : t.tile;
    const Rgb ink = style == kMoving ? t.moving_text : style == kHome ? t.home_text : t.text;
    fill_rounded(im, lo, lo, hi, hi, layout_.radius, colour(darker(fill)));
    fill_rounded(im, lo, lo, hi, hi - layout_.lip, layout_.radius, colour(fill));
    draw_text(im, std::to_string(tile), number_points_, ink, size / 2, (lo + hi - layout_.lip) / 2);
  }
  slot = quantised(im);
  gdImageDestroy(im);
  gdImageColorTransparent(slot, kFrameIndex);
  return slot;
}

Rect Painter::cell_rect(int cell) const {
  const int x = layout_.cell_x(cell);
  const int y = layout_.cell_y(cell);
  return Rect{x, y, x + layout_.tile - 1, y + layout_.tile - 1};
}

Rect Painter::draw_caption(const std::string& text) {
  if (!style_.caption || text == caption_shown_) return {};
  caption_shown_ = text;
  const Rect strip{0, layout_.caption_y(), layout_.width - 1, layout_.height - 1};
  gdImagePtr im = gdImageCreateTrueColor(strip.x1 - strip.x0 + 1, strip.y1 - strip.y0 + 1);
  if (!im) throw RenderError("out of memory");
  const Rgb frame = style_.theme.frame;
  gdImageFilledRectangle(im, 0, 0, gdImageSX(im) - 1, gdImageSY(im) - 1,
                         gdImageColorAllocate(im, frame.r, frame.g, frame.b));
  draw_text(im, text, caption_points_, style_.theme.caption, gdImageSX(im) / 2, (layout_.caption + layout_.pad / 2) / 2);
  gdImagePtr strip_image = quantised(im);
  gdImageDestroy(im);
  gdImageCopy(canvas_, strip_image, strip.x0, strip.y0, 0, 0, gdImageSX(strip_image), gdImageSY(strip_image));
  gdImageDestroy(strip_image);
  return strip;
}

std::vector<Rect> Painter::draw(const Board& board, const Frame& frame) {
  std::vector<Rect> drawn;
  const bool sliding = frame.progress < 1;
  const int cells = board.cells();
  for (int cell = 0; cell < cells; ++cell) {
    Shown want;
    const int tile = static_cast<int>(board.at(cell));
    if (sliding && (cell == frame.from || cell == frame.to)) {
      want.tile = 0;
    } else if (tile != 0) {
      want.tile = tile;
      if (frame.move > 0 && static_cast<std::uint32_t>(tile) == frame.moving_tile) {
        want.style = kMoving;
      } else if (style_.mark_home && tile == goal_tile(cell, cells, goal_)) {
        want.style = kHome;
      }
    } else {
      want.tile = 0;
    }
    const Rect r = cell_rect(cell);
    const bool under_overlay = !overlay_.empty() && r.x0 <= overlay_.x1 && overlay_.x0 <= r.x1 &&
                               r.y0 <= overlay_.y1 && overlay_.y0 <= r.y1;
    if (want == shown_[cell] && !under_overlay) continue;
    gdImageFilledRectangle(canvas_, r.x0, r.y0, r.x1, r.y1, kFrameIndex);
    gdImageCopy(canvas_, face(want.tile, want.style), r.x0, r.y0, 0, 0, layout_.tile, layout_.tile);
    shown_[cell] = want;
    drawn.push_back(r);
  }
  overlay_ = {};
  if (sliding) {
    const Rect from = cell_rect(frame.from);
    const Rect to = cell_rect(frame.to);
    const int x = static_cast<int>(std::lround(from.x0 + (to.x0 - from.x0) * frame.progress));
    const int y = static_cast<int>(std::lround(from.y0 + (to.y0 - from.y0) * frame.progress));
    gdImageCopy(canvas_, face(static_cast<int>(frame.moving_tile), kMoving), x, y, 0, 0, layout_.tile, layout_.tile);
    overlay_ = Rect{x, y, x + layout_.tile - 1, y + layout_.tile - 1};
    drawn.push_back(overlay_);
  }
  const Rect caption = draw_caption(caption_text(frame, frame.last && board.is_solved(goal_)));
  if (!caption.empty()) drawn.push_back(caption);
  return drawn;
}

}  // namespace npuzzle::render
