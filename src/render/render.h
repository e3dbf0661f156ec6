// Pictures of a solution (`npuzzle render`): an animated GIF, a PNG of one
// board or a contact sheet of the boards along the solution, and an SVG
// (animated with SMIL, or a sheet). A front end: it takes a start board and
// moves (from the engine's solve_checked, a move string or a batch CSV) and
// knows nothing of how they were found; core and the search know nothing
// of pictures.
//
//   render::OutputFile out("run.gif");          // a temporary file beside it
//   render::RenderOptions options;              // tile size, theme, timing ...
//   render::write_picture(out, render::Format::kGif, start, moves, options);
//   out.commit();                                // renamed into place
//
// GIF and PNG are encoded by libgd, the text drawn with FreeType through it
// (a TrueType font from fonts-dejavu-core, found at run time); SVG is text,
// written here.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/board.h"
#include "core/moves.h"
#include "render/frames.h"
#include "render/theme.h"

namespace npuzzle::render {

// A message for a person: a bad option, a missing font, a write error.
class RenderError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Writing the file failed after the picture was drawn (a full disk, an I/O error).
class WriteError : public RenderError {
 public:
  using RenderError::RenderError;
};

enum class Format : std::uint8_t { kGif, kPng, kSvg };
// From the path's extension (.gif, .png, .svg, any case); nullopt otherwise.
std::optional<Format> format_of(std::string_view path);
std::string_view format_name(Format f);

enum class Sheet : std::uint8_t { kNone, kStrip, kGrid };

struct Style {
  int tile_size = 64;  // pixels per cell (SVG: user units)
  Theme theme = themes().front();
  bool mark_home = false;  // tiles in their goal cell in the theme's home colour
  bool caption = true;     // "move 12 / 45" under the board
  std::string font;        // a TrueType file for GIF and PNG; "" = find_font()
};

inline constexpr int kMinTileSize = 12;
inline constexpr int kMaxTileSize = 512;
inline constexpr int kMaxSmooth = 30;
inline constexpr int kMaxDelayMs = 655350;  // GIF delays are 16-bit hundredths of a second
// A picture's sides and area (pixels), checked before anything is drawn.
inline constexpr std::int64_t kMaxSide = 30000;
inline constexpr std::int64_t kMaxPixels = std::int64_t{1} << 27;

struct RenderOptions {
  Style style;
  Goal goal = Goal::kBlankLast;  // for --mark-home and the "solved" caption
  Timing timing;                 // GIF and animated SVG
  int smooth = 0;                // in-between frames per move (GIF); SVG: > 0 slides continuously
  // The board after this many moves: a PNG's board (default 0, the start),
  // or for an SVG a still picture of it instead of the animation.
  std::optional<std::uint64_t> frame;
  Sheet sheet = Sheet::kNone;    // PNG or SVG: the boards along the solution
  int columns = 0;               // kGrid: boards per row; 0 = about square
  std::uint64_t every = 1;       // a sheet shows every K-th board (and always the last)
};

// Empty when `options` can be drawn in format f, else what is wrong (a
// range, or an option that format does not take). Says nothing about the moves.
std::string check_options(const RenderOptions& options, Format f);

// The TrueType font for GIF and PNG: $NPUZZLE_FONT when set, else DejaVu
// Sans Bold from fonts-dejavu-core (or another DejaVu/Liberation bold in the
// usual Debian places). Empty when none exists.
std::string find_font();

// A file written under a temporary name in the target's directory and
// renamed into place by commit(), so that a failed or interrupted render
// leaves no partial file (and never a half-overwritten old one).
class OutputFile {
 public:
  // Creates the temporary file; throws RenderError when the directory
  // cannot be written ("cannot write OUT: reason").
  explicit OutputFile(std::string path);
  ~OutputFile();  // removes the temporary file unless committed
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  std::FILE* stream() { return stream_; }
  const std::string& path() const { return path_; }
  // Flushes, closes and renames; throws WriteError on a write error.
  // Returns the file's size in bytes.
  std::uint64_t commit();

 private:
  std::string path_;
  std::string temporary_;
  std::FILE* stream_ = nullptr;
  bool committed_ = false;
};

struct Summary {
  std::uint64_t frames = 0;  // GIF/animated SVG frames; boards on a sheet; 1 for a single board
  int width = 0;
  int height = 0;
};

// Draws `moves` from `start` into `out` as format f. Preconditions: the
// moves replay from start; check_options(options, f) is empty. Throws
// RenderError (a missing font, a picture over kMaxSide or kMaxPixels, a
// frame past the last move).
Summary write_picture(OutputFile& out, Format f, const Board& start, const MoveSequence& moves,
                      const RenderOptions& options);

}  // namespace npuzzle::render
