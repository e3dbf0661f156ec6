// Packed boards for the search kernels.
//
// Representation choice: the kernels keep `grid[pos] = tile` (not the
// inverse `pos[tile]`), packed into machine words, plus the blank's cell
// beside it. A move is then one read of the tile next to the blank and one
// add: the blank's nibble is zero, so moving `tile` from cell `from` to the
// blank's cell `to` is `word += tile << (B*to) - tile << (B*from)`, and undo
// is the same call with the cells swapped. No branch, no copy of the board.
//
//   Packed64   4 bits a cell, up to 16 cells (3x3, 4x4, 2x8, 3x5 ...)
//   Packed128  5 bits a cell, up to 25 cells (5x5, 4x6, 3x8 ...)
//   ByteGrid   one byte a cell, up to 64 cells (the generic kernel's fallback)
//
// All three have the same interface (the PackedBoard concept below), so the
// kernels are templates over them.
#pragma once

#include <array>
#include <cassert>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "core/board.h"

namespace npuzzle {

class Packed64 {
 public:
  static constexpr int kMaxCells = 16;
  using Key = std::uint64_t;

  static Packed64 from(const Board& board) {
    assert(board.cells() <= kMaxCells);
    Packed64 p;
    for (int pos = 0; pos < board.cells(); ++pos) p.word_ |= Key{board.at(pos)} << (4 * pos);
    return p;
  }
  int at(int pos) const { return static_cast<int>((word_ >> (4 * pos)) & 0xF); }
  // Moves `tile` from cell `from` onto the blank at `to`.
  void slide(int from, int to, int tile) {
    word_ += (Key(tile) << (4 * to)) - (Key(tile) << (4 * from));
  }
  Key key() const { return word_; }
  bool operator==(const Packed64&) const = default;

 private:
  Key word_ = 0;
};

class Packed128 {
 public:
  static constexpr int kMaxCells = 25;
  __extension__ using Key = unsigned __int128;

  static Packed128 from(const Board& board) {
    assert(board.cells() <= kMaxCells);
    Packed128 p;
    for (int pos = 0; pos < board.cells(); ++pos) p.word_ |= Key{board.at(pos)} << (5 * pos);
    return p;
  }
  int at(int pos) const { return static_cast<int>((word_ >> (5 * pos)) & 0x1F); }
  void slide(int from, int to, int tile) {
    word_ += (Key(tile) << (5 * to)) - (Key(tile) << (5 * from));
  }
  Key key() const { return word_; }
  bool operator==(const Packed128&) const = default;

 private:
  Key word_ = 0;
};

class ByteGrid {
 public:
  static constexpr int kMaxCells = 64;
  using Key = std::array<std::uint8_t, kMaxCells>;

  static ByteGrid from(const Board& board) {
    assert(board.cells() <= kMaxCells);
    ByteGrid p;
    for (int pos = 0; pos < board.cells(); ++pos) p.cells_[pos] = static_cast<std::uint8_t>(board.at(pos));
    return p;
  }
  int at(int pos) const { return cells_[pos]; }
  void slide(int from, int to, int tile) {
    cells_[to] = static_cast<std::uint8_t>(tile);
    cells_[from] = 0;
  }
  const Key& key() const { return cells_; }
  bool operator==(const ByteGrid&) const = default;

 private:
  Key cells_{};
};

// What the kernels use of a packed board: built from a Board, read one
// cell, slide a tile onto the blank (slide(from, to, tile): `tile` on cell
// `from` moves onto the blank on cell `to`), compared and hashed through
// key(). Trivially copyable, because the kernels copy boards freely (A*'s
// nodes hold one each; the static IDA* kernels pass them by value).
template <class P>
concept PackedBoard = std::semiregular<P> && std::equality_comparable<P> && std::is_trivially_copyable_v<P> &&
                      requires(P p, const P& cp, const Board& board, int cell, int tile) {
                        { P::kMaxCells } -> std::convertible_to<int>;
                        typename P::Key;
                        { P::from(board) } -> std::same_as<P>;
                        { cp.at(cell) } -> std::same_as<int>;
                        p.slide(cell, cell, tile);
                        { cp.key() } -> std::convertible_to<typename P::Key>;
                      };

static_assert(PackedBoard<Packed64> && PackedBoard<Packed128> && PackedBoard<ByteGrid>);
// The sizes are the point of the packings: A*'s node and the IDA* kernels'
// registers are sized on them.
static_assert(sizeof(Packed64) == 8);
static_assert(sizeof(Packed128) == 16);
static_assert(sizeof(ByteGrid) == ByteGrid::kMaxCells);

// The narrowest packing that holds `cells` cells.
template <int kCells>
using PackedFor = std::conditional_t<(kCells <= Packed64::kMaxCells), Packed64,
                                     std::conditional_t<(kCells <= Packed128::kMaxCells), Packed128, ByteGrid>>;

}  // namespace npuzzle
