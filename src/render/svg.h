// The SVG writers (private to the renderer): plain text, one <g
// class="tile"> (a rounded rect and its number) per tile of each board.
#pragma once

#include <cstdio>
#include <vector>

#include "render/render.h"

namespace npuzzle::render {

// One picture: every tile a <g class="tile"> moved by SMIL
// <animateTransform> (discrete steps, or sliding when options.smooth > 0),
// its fill switched by <animate> while it moves; one caption <text> per
// frame shown in its turn; looping forever with the frames' timing.
Summary write_svg_animation(std::FILE* out, const Board& start, const MoveSequence& moves, const RenderOptions& options);

// Still boards: `picks` are move counts (0 = the start), laid out in
// `columns` columns (one board: a single still picture).
Summary write_svg_sheet(std::FILE* out, const Board& start, const MoveSequence& moves,
                        const std::vector<std::uint64_t>& picks, int columns, const RenderOptions& options);

}  // namespace npuzzle::render
