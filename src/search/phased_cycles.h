// The two cycles by which the phased solver (search/phased.cc) moves a tile
// toward its cell, and their effect on a whole stretch at once. Directions
// below are unit steps of the board (e, s, e1, e2); "behind" the tile is the
// cell it came from.
//
// Straight: the tile on t goes one cell along e, the blank on t - e going
// round the side s (a unit step across e):
//     s, e, e, -s, -e                      5 moves a cell
// Diagonal: the tile goes one cell along e2 and then one along e1, the blank
// starting on t - e1 and going through the corner between each time:
//     e2, e1, -e2, e1, e2, -e1             6 moves, two cells
// Either way the blank ends right behind the tile again, so k cycles are one
// periodic pattern: MoveCycle appends its moves a word at a time, and
// straight_stretch / diagonal_stretch put the board where k cycles leave it
// in one pass over the cells they touch, each tile written once.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <initializer_list>

#include "core/board.h"
#include "core/moves.h"

namespace npuzzle {

// A periodic sequence of blank moves (period 1 to 6), kept as the 32 moves of
// its repetition that follow each phase: repetitions are appended a word at
// a time.
class MoveCycle {
 public:
  static constexpr int kMaxPeriod = 6;
  static constexpr unsigned kWordMoves = static_cast<unsigned>(MoveSequence::kMovesPerWord);

  MoveCycle() = default;
  MoveCycle(std::initializer_list<Direction> moves) : period_(static_cast<int>(moves.size())) {
    assert(period_ >= 1 && period_ <= kMaxPeriod);
    std::array<Direction, kMaxPeriod> move{};
    int i = 0;
    for (Direction d : moves) move[static_cast<std::size_t>(i++)] = d;
    for (int phase = 0; phase < period_; ++phase) {
      std::uint64_t word = 0;
      for (unsigned m = 0; m < kWordMoves; ++m) {
        const Direction d = move[static_cast<std::size_t>((phase + static_cast<int>(m)) % period_)];
        word |= std::uint64_t{static_cast<std::uint8_t>(d)} << (2 * m);
      }
      word_[static_cast<std::size_t>(phase)] = word;
      next_[static_cast<std::size_t>(phase)] = static_cast<std::uint8_t>((phase + static_cast<int>(kWordMoves)) % period_);
    }
  }

  int period() const { return period_; }

  // Calls sink(packed, count) with the moves of `repetitions` repetitions,
  // in order, up to 32 at a time (packed as in MoveSequence: the first move
  // in the lowest bits, the bits above 2 * count zero); each move is the
  // opposite one when `opposite` is set.
  template <class Sink>
  void emit(std::uint64_t repetitions, bool opposite, Sink&& sink) const {
    const std::uint64_t flip = opposite ? 0x5555555555555555ull : 0;  // opposite(d) is d ^ 1
    std::uint64_t left = repetitions * static_cast<std::uint64_t>(period_);
    std::size_t phase = 0;
    for (; left >= kWordMoves; left -= kWordMoves) {
      sink(word_[phase] ^ flip, kWordMoves);
      phase = next_[phase];
    }
    if (left > 0) sink((word_[phase] ^ flip) & ((std::uint64_t{1} << (2 * left)) - 1), static_cast<unsigned>(left));
  }

 private:
  int period_ = 0;
  std::array<std::uint64_t, kMaxPeriod> word_{};
  std::array<std::uint8_t, kMaxPeriod> next_{};
};

// The straight cycle along e round the side s, and the diagonal cycle
// (e2, then e1) from a blank behind the tile along e1.
inline MoveCycle straight_cycle(Direction e, Direction s) { return {s, e, e, opposite(s), opposite(e)}; }
inline MoveCycle diagonal_cycle(Direction e1, Direction e2) {
  return {e2, e1, opposite(e2), e1, e2, opposite(e1)};
}

// The board after k >= 1 straight cycles, on a row-major array of tiles (0
// the blank): the tile T on cell t goes to t + k e, the blank from t - e to
// t + (k - 1) e. e and s are the steps' changes of cell index; every cell
// t - e + m e and t - e + s + m e (m = 0 .. k + 1) must be on the board and
// in no row wrap. Calls track(tile, cell) once for every tile that moves
// (T included, the blank not), with the cell it ends on.
//
// With L[p] = t + p e and S[p] = t + s + p e, k cycles leave
//   L[-1] <- S[-1], S[-1] <- S[0], L[p] <- S[p + 1] and S[p] <- L[p + 1]
//   for p < k - 1, S[k - 1] <- S[k], S[k] <- L[k], the blank on L[k - 1]
//   and T on L[k]
// (each cycle drops the side's tile behind the tile into the line and lifts
// the line's tile ahead of it into the side).
template <class Track>
void straight_stretch(std::uint32_t* tiles, std::ptrdiff_t t, std::ptrdiff_t e, std::ptrdiff_t s, int k,
                      Track&& track) {
  assert(k >= 1 && tiles[t - e] == 0);
  auto put = [&](std::ptrdiff_t cell, std::uint32_t tile) {
    tiles[cell] = tile;
    track(tile, static_cast<std::uint32_t>(cell));
  };
  const std::uint32_t tile = tiles[t];
  const std::uint32_t side_behind = tiles[t + s - e];
  put(t - e, side_behind);
  put(t + s - e, tiles[t + s]);
  std::ptrdiff_t line = t;
  std::ptrdiff_t side = t + s;
  for (int p = 0; p + 1 < k; ++p, line += e, side += e) {
    put(line, tiles[side + e]);
    put(side, tiles[line + e]);
  }
  // line = L[k - 1], side = S[k - 1]
  put(side, tiles[side + e]);
  put(side + e, tiles[line + e]);
  tiles[line] = 0;
  put(line + e, tile);
}

// The board after `cycles` >= 1 diagonal cycles: the tile T on t goes to
// t + cycles (e1 + e2), the blank from t - e1 to the cell behind it along
// e1. The cells x - e1, x - e1 + e2, x and x + e1 for x = t + m (e1 + e2),
// m < cycles, and x - e1 and x for m = cycles, must be on the board and in
// no row wrap. Calls track(tile, cell) once for every tile that moves (T
// included, the blank not), with the cell it ends on.
//
// Cycle m (x = t + m (e1 + e2)) leaves x - e1 <- x - e1 + e2 <- x + e2 and
// x <- x + e1 <- x + e1 + e2 (a staircase: every cell it reads is one no
// earlier cycle wrote), T on the next x.
template <class Track>
void diagonal_stretch(std::uint32_t* tiles, std::ptrdiff_t t, std::ptrdiff_t e1, std::ptrdiff_t e2, int cycles,
                      Track&& track) {
  assert(cycles >= 1 && tiles[t - e1] == 0);
  auto put = [&](std::ptrdiff_t cell, std::uint32_t tile) {
    tiles[cell] = tile;
    track(tile, static_cast<std::uint32_t>(cell));
  };
  const std::uint32_t tile = tiles[t];
  std::ptrdiff_t x = t;
  for (int m = 0; m < cycles; ++m, x += e1 + e2) {
    put(x - e1, tiles[x - e1 + e2]);
    put(x - e1 + e2, tiles[x + e2]);
    put(x, tiles[x + e1]);
    put(x + e1, tiles[x + e1 + e2]);
  }
  tiles[x - e1] = 0;
  put(x, tile);
}

// The cells the phased solver's blank may cross while it places a tile:
// the rows above last_row up to column upper_limit, and last_row up to
// column last_limit (<= upper_limit). The region is closed under moving up
// and moving left, so the free cells of any row or column are a prefix of it.
struct FreeRegion {
  int last_row = 0;
  int upper_limit = 0;
  int last_limit = 0;

  bool contains(int r, int c) const {
    if (r < 0 || c < 0) return false;
    if (r < last_row) return c <= upper_limit;
    return r == last_row && c <= last_limit;
  }
  // How many of the cells (r + m dr, c + m dc), m = 0 .. n - 1 (dr and dc
  // in -1..1), are free before the first one that is not: in O(1), as each
  // bound of the region stops the line at one m.
  int free_run(int r, int c, int dr, int dc, int n) const {
    if (n <= 0 || !contains(r, c)) return 0;
    int run = n;
    auto stop_at = [&run](int m) { run = m < run ? m : run; };
    if (dr < 0) stop_at(r + 1);
    if (dr > 0) stop_at(last_row - r + 1);
    if (dc < 0) stop_at(c + 1);
    if (dc > 0) stop_at(upper_limit - c + 1);
    if (dr == 0) {  // along a row: only the last row ends before upper_limit
      if (r == last_row && dc > 0) stop_at(last_limit - c + 1);
    } else {  // the line meets the last row once, at m (when m >= 0)
      const int m = (last_row - r) * dr;
      if (m >= 0 && c + m * dc > last_limit) stop_at(m);
    }
    return run;
  }
  // How many of those cells are not free before the first one that is (a
  // walk: the solver asks it only along a stretch it then makes).
  int blocked_run(int r, int c, int dr, int dc, int n) const {
    int m = 0;
    while (m < n && !contains(r + m * dr, c + m * dc)) ++m;
    return m;
  }
};

}  // namespace npuzzle
