// Where things go on a picture of one board, in pixels (SVG: user units),
// shared by the raster and the SVG writers:
//
//   +--------------------------+   pad: the frame around the cells
//   |  [ 1][ 2][ 3][ 4]        |   each cell tile x tile; a tile's face is
//   |  [ 5][ 6][ 7][ 8]        |   inset from its cell, with rounded
//   |  ...                     |   corners and a darker lip at its foot
//   |      move 12 / 45        |   caption strip (when on)
//   +--------------------------+
#pragma once

#include <algorithm>

#include "render/render.h"

namespace npuzzle::render {

struct Layout {
  int rows = 0, cols = 0;
  int tile = 0;
  int pad = 0;
  int inset = 0;   // face inset from its cell on each side
  int radius = 0;  // face corner radius
  int lip = 0;     // the face's darker foot
  int caption = 0; // caption strip height, 0 when off
  int width = 0, height = 0;

  Layout(int rows_, int cols_, const Style& style) : rows(rows_), cols(cols_), tile(style.tile_size) {
    pad = std::max(3, tile / 10);
    inset = std::max(1, tile / 24);
    radius = std::max(2, tile / 7);
    lip = std::max(1, tile / 20);
    caption = style.caption ? std::max(16, tile * 2 / 5) : 0;
    width = 2 * pad + cols * tile;
    height = 2 * pad + rows * tile + caption;
  }
  int cell_x(int cell) const { return pad + (cell % cols) * tile; }
  int cell_y(int cell) const { return pad + (cell / cols) * tile; }
  int caption_y() const { return pad + rows * tile; }  // the strip's top; it is `caption + pad` high
};

}  // namespace npuzzle::render
