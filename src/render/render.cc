#include "render/render.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "render/raster.h"
#include "render/svg.h"

namespace npuzzle::render {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return out;
}

// GIF delays are hundredths of a second; below 2 most viewers wait 10.
int gif_delay(int ms) { return std::clamp((ms + 5) / 10, 2, 65535); }

void check_size(std::int64_t width, std::int64_t height, const std::string& what) {
  if (width > kMaxSide || height > kMaxSide || width * height > kMaxPixels) {
    throw RenderError(what + " would be " + std::to_string(width) + "x" + std::to_string(height) +
                      " pixels, over the limit of " + std::to_string(kMaxSide) + " a side and " +
                      std::to_string(kMaxPixels) + " pixels (a smaller --tile-size, or --every K for a sheet)");
  }
}

// The move counts a sheet shows: 0, K, 2K, ... and always the last.
std::vector<std::uint64_t> sheet_picks(std::uint64_t total, std::uint64_t every) {
  std::vector<std::uint64_t> picks;
  for (std::uint64_t k = 0; k < total; k += every) picks.push_back(k);
  picks.push_back(total);
  return picks;
}

int sheet_columns(const RenderOptions& options, std::size_t boards) {
  if (options.sheet == Sheet::kStrip) return static_cast<int>(boards);
  if (options.columns > 0) return static_cast<int>(std::min<std::size_t>(options.columns, boards));
  return static_cast<int>(std::ceil(std::sqrt(static_cast<double>(boards))));
}

std::string font_or_throw(const Style& style) {
  std::string font = style.font.empty() ? find_font() : style.font;
  if (font.empty()) {
    throw RenderError("no TrueType font found for the numbers: install fonts-dejavu-core "
                      "(/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf), or set NPUZZLE_FONT=FILE.ttf");
  }
  if (access(font.c_str(), R_OK) != 0) throw RenderError("font " + font + ": " + std::strerror(errno));
  return font;
}

void write_failed(const OutputFile& out) {
  throw WriteError("cannot write " + out.path() + ": " + std::strerror(errno ? errno : EIO));
}

// Frames after the first store only the rectangle of pixels that changed,
// with the unchanged pixels inside it transparent. libgd's own previm
// optimisation crops the same way, but (libgd 2.3, gd_gif_out.c) marks only
// the first unchanged pixel of each row transparent, and the caption and a
// moving tile far apart make the rectangle most of the picture.
Summary write_gif(OutputFile& out, const Board& start, const MoveSequence& moves, const RenderOptions& options,
                  const std::string& font) {
  Painter painter(start.rows(), start.cols(), options.style, options.goal, font);
  const Layout& layout = painter.layout();
  gdImagePtr canvas = painter.canvas();
  gdImagePtr previous = painter.new_image(layout.width, layout.height);
  if (!previous) throw RenderError("out of memory");
  const int transparent = painter.transparent_index();
  Summary summary{0, layout.width, layout.height};
  try {
    for_each_frame(start, moves, options.smooth, options.timing, [&](const Board& board, const Frame& frame) {
      const std::vector<Rect> drawn = painter.draw(board, frame);
      if (frame.index == 0) {
        gdImageGifAnimBegin(canvas, out.stream(), 1, 0);  // a global colour table; loop forever
        gdImageGifAnimAdd(canvas, out.stream(), 0, 0, 0, gif_delay(frame.delay_ms), gdDisposalNone, nullptr);
        gdImageCopy(previous, canvas, 0, 0, 0, 0, layout.width, layout.height);
      } else {
        // The changed pixels' bounding box within what was drawn.
        Rect changed;
        for (const Rect& r : drawn) {
          for (int y = std::max(r.y0, 0); y <= std::min(r.y1, layout.height - 1); ++y) {
            for (int x = std::max(r.x0, 0); x <= std::min(r.x1, layout.width - 1); ++x) {
              if (canvas->pixels[y][x] != previous->pixels[y][x]) changed.add(Rect{x, y, x, y});
            }
          }
        }
        if (changed.empty()) changed = Rect{0, 0, 0, 0};  // a frame all the same: one transparent pixel
        const int w = changed.x1 - changed.x0 + 1;
        const int h = changed.y1 - changed.y0 + 1;
        gdImagePtr part = painter.new_image(w, h);
        if (!part) throw RenderError("out of memory");
        for (int y = 0; y < h; ++y) {
          for (int x = 0; x < w; ++x) {
            const unsigned char now = canvas->pixels[changed.y0 + y][changed.x0 + x];
            unsigned char& before = previous->pixels[changed.y0 + y][changed.x0 + x];
            part->pixels[y][x] = static_cast<unsigned char>(now == before ? transparent : now);
            before = now;
          }
        }
        gdImageColorTransparent(part, transparent);
        gdImageGifAnimAdd(part, out.stream(), 0, changed.x0, changed.y0, gif_delay(frame.delay_ms), gdDisposalNone,
                          nullptr);
        gdImageDestroy(part);
      }
      if (std::ferror(out.stream())) write_failed(out);
      ++summary.frames;
    });
  } catch (...) {
    gdImageDestroy(previous);
    throw;
  }
  gdImageDestroy(previous);
  gdImageGifAnimEnd(out.stream());
  return summary;
}

Summary write_png(OutputFile& out, const Board& start, const MoveSequence& moves, const RenderOptions& options,
                  const std::string& font) {
  Painter painter(start.rows(), start.cols(), options.style, options.goal, font);
  const Layout& layout = painter.layout();
  if (options.sheet == Sheet::kNone) {
    Board board;
    const Frame frame = frame_after(start, moves, options.frame.value_or(0), &board);
    painter.draw(board, frame);
    gdImagePngEx(painter.canvas(), out.stream(), 9);
    return Summary{1, layout.width, layout.height};
  }
  const std::vector<std::uint64_t> picks = sheet_picks(moves.size(), options.every);
  const int columns = sheet_columns(options, picks.size());
  const std::int64_t rows = (static_cast<std::int64_t>(picks.size()) + columns - 1) / columns;
  const int gap = layout.pad;
  const std::int64_t width = columns * static_cast<std::int64_t>(layout.width + gap) + gap;
  const std::int64_t height = rows * (layout.height + gap) + gap;
  check_size(width, height, "the sheet");
  gdImagePtr sheet = painter.new_image(static_cast<int>(width), static_cast<int>(height));
  if (!sheet) throw RenderError("out of memory for the sheet");
  gdImageFilledRectangle(sheet, 0, 0, static_cast<int>(width) - 1, static_cast<int>(height) - 1, Painter::kSheetIndex);
  std::size_t n = 0;
  try {
    for_each_pick(start, moves, picks, [&](const Board& board, const Frame& frame) {
      painter.draw(board, frame);
      const int x = gap + static_cast<int>(n % columns) * (layout.width + gap);
      const int y = gap + static_cast<int>(n / columns) * (layout.height + gap);
      gdImageCopy(sheet, painter.canvas(), x, y, 0, 0, layout.width, layout.height);
      ++n;
    });
  } catch (...) {
    gdImageDestroy(sheet);
    throw;
  }
  gdImagePngEx(sheet, out.stream(), 9);
  gdImageDestroy(sheet);
  return Summary{picks.size(), static_cast<int>(width), static_cast<int>(height)};
}

}  // namespace

std::optional<Format> format_of(std::string_view path) {
  const auto dot = path.rfind('.');
  const auto slash = path.rfind('/');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) return std::nullopt;
  const std::string ext = lower(path.substr(dot + 1));
  if (ext == "gif") return Format::kGif;
  if (ext == "png") return Format::kPng;
  if (ext == "svg") return Format::kSvg;
  return std::nullopt;
}

std::string_view format_name(Format f) {
  switch (f) {
    case Format::kGif: return "gif";
    case Format::kPng: return "png";
    case Format::kSvg: return "svg";
  }
  return "?";
}

std::string check_options(const RenderOptions& options, Format f) {
  auto range = [](const char* name, long long value, long long lo, long long hi) -> std::string {
    if (value >= lo && value <= hi) return {};
    return std::string("--") + name + " must be from " + std::to_string(lo) + " to " + std::to_string(hi) +
           ", not " + std::to_string(value);
  };
  for (const std::string& why :
       {range("tile-size", options.style.tile_size, kMinTileSize, kMaxTileSize),
        range("smooth", options.smooth, 0, kMaxSmooth), range("delay", options.timing.delay_ms, 0, kMaxDelayMs),
        range("start-pause", options.timing.start_pause_ms, 0, kMaxDelayMs),
        range("final-pause", options.timing.final_pause_ms, 0, kMaxDelayMs),
        range("columns", options.columns, 0, 100000)}) {
    if (!why.empty()) return why;
  }
  if (options.every < 1) return "--every must be 1 or more";
  if (f == Format::kGif && options.sheet != Sheet::kNone) return "a sheet is a .png or .svg, not a .gif";
  if (f == Format::kGif && options.frame) return "--frame picks one board for a .png or .svg, not a .gif";
  if (options.sheet != Sheet::kNone && options.frame) return "--frame and --sheet exclude each other";
  return {};
}

std::string find_font() {
  if (const char* env = std::getenv("NPUZZLE_FONT"); env && *env) return env;
  static const char* const kCandidates[] = {
      "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",  // fonts-dejavu-core (Debian, Ubuntu)
      "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",              // Arch
      "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",           // Fedora
      "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf",
      "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf",
      "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
  };
  for (const char* path : kCandidates) {
    if (access(path, R_OK) == 0) return path;
  }
  return {};
}

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {
  struct stat st;
  if (stat(path_.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    throw RenderError("cannot write " + path_ + ": it is a directory");
  }
  std::random_device entropy;
  for (int attempt = 0; attempt < 100; ++attempt) {
    char suffix[32];
    std::snprintf(suffix, sizeof suffix, ".tmp.%ld.%08x", static_cast<long>(getpid()), entropy());
    const std::string candidate = path_ + suffix;
    const int fd = open(candidate.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) {
      if (errno == EEXIST) continue;
      throw RenderError("cannot write " + path_ + ": " + std::strerror(errno));
    }
    stream_ = fdopen(fd, "wb");
    if (!stream_) {
      const int saved = errno;
      close(fd);
      unlink(candidate.c_str());
      throw RenderError("cannot write " + path_ + ": " + std::strerror(saved));
    }
    temporary_ = candidate;
    return;
  }
  throw RenderError("cannot write " + path_ + ": no free temporary name beside it");
}

OutputFile::~OutputFile() {
  if (committed_) return;
  if (stream_) std::fclose(stream_);
  if (!temporary_.empty()) unlink(temporary_.c_str());
}

std::uint64_t OutputFile::commit() {
  errno = 0;
  const bool flushed = std::fflush(stream_) == 0 && !std::ferror(stream_) && fsync(fileno(stream_)) == 0;
  const int saved = errno;
  struct stat st;
  const std::uint64_t size = fstat(fileno(stream_), &st) == 0 ? static_cast<std::uint64_t>(st.st_size) : 0;
  const bool closed = std::fclose(stream_) == 0;
  stream_ = nullptr;
  if (!flushed || !closed) {
    errno = saved ? saved : errno;
    throw WriteError("cannot write " + path_ + ": " + std::strerror(errno ? errno : EIO));
  }
  if (std::rename(temporary_.c_str(), path_.c_str()) != 0) {
    throw WriteError("cannot write " + path_ + ": " + std::strerror(errno));
  }
  committed_ = true;
  return size;
}

Summary write_picture(OutputFile& out, Format f, const Board& start, const MoveSequence& moves,
                      const RenderOptions& options) {
  if (options.frame.value_or(0) > moves.size()) {
    throw RenderError("--frame " + std::to_string(*options.frame) + ": the solution has only " +
                      std::to_string(moves.size()) + " moves");
  }
  const Layout layout(start.rows(), start.cols(), options.style);
  check_size(layout.width, layout.height, "one board");
  Summary summary;
  switch (f) {
    case Format::kGif:
      summary = write_gif(out, start, moves, options, font_or_throw(options.style));
      break;
    case Format::kPng:
      summary = write_png(out, start, moves, options, font_or_throw(options.style));
      break;
    case Format::kSvg:
      if (options.sheet == Sheet::kNone && !options.frame && !moves.empty()) {
        summary = write_svg_animation(out.stream(), start, moves, options);
      } else {
        const std::vector<std::uint64_t> picks =
            options.sheet == Sheet::kNone ? std::vector<std::uint64_t>{options.frame.value_or(0)}
                                          : sheet_picks(moves.size(), options.every);
        summary = write_svg_sheet(out.stream(), start, moves, picks, sheet_columns(options, picks.size()), options);
      }
      break;
  }
  if (std::ferror(out.stream())) write_failed(out);
  return summary;
}

}  // namespace npuzzle::render
