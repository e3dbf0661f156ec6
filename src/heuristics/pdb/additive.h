// Additive pattern databases: a partition of the tiles into disjoint
// patterns, one table each, whose values add up to an admissible heuristic
// (every move moves one tile, and costs 1 in exactly one part).
//
// Specs (`--heuristic pdb:...`):
//   pdb:555, pdb:663, pdb:78   the 15-puzzle partitions of Korf & Felner (2002)
//                              and Felner, Korf & Hanan (2004)
//   pdb:6666                   the 24-puzzle partition of Korf & Felner (2002)
//   pdb:3x4-65, pdb:4x3-65, pdb:3x5-77, pdb:5x3-77, pdb:3x6-665, pdb:6x3-665,
//   pdb:2x8-654, pdb:8x2-654, pdb:4x5-6544, pdb:5x4-6544
//                              rectangles: the board, then the part sizes
//                              (additive.cc draws them; no reflection)
//   pdb:1,2,3,4/5,6,7,8        any partition: parts separated by '/', tiles
//                              by ','; every tile 1..N-1 in exactly one part
//   zpdb:...                   the same partitions with zero-aware tables
//                              (zero_aware.h): the entry also depends on the
//                              region of free cells the blank is in
// The named partitions are pictures of goal CELLS, drawn for the blank-first
// goal (blank on cell 0, tile t on cell t). For the blank-last goal the same
// picture is turned by 180 degrees, so the blank's corner is again the one
// left out (cell c becomes cell N-1-c), and each cell's tile is the
// blank-last goal's tile there (goal_tile). User partitions are tile numbers
// taken as given, for whichever goal is chosen. The goal is part of every
// table's identity (file names and headers record it).
//
// Reflection (square boards): the reflection of a board about the main
// diagonal, with every tile t renamed mirror_tile(t), is a board at the same
// distance from the goal (both goals keep the blank on the diagonal). Its
// additive value reads the SAME tables: a part's placement in the reflected
// board is, for each of its tiles u, mirror_cell(cell of mirror_tile(u)).
// h = max(h(board), h(reflected board)), as Korf & Felner did; on by default.
//
// The sum is admissible and has the parity of the true distance, but it is
// not consistent: one move can change it by more than 1 (builder.h explains
// why and gives an example). IDA* is unaffected; A* must reopen states.
//
// Loading sets of tables from the cache: additive_cache.h.
//
// Catalogues (`--heuristic cat:...`): h = the maximum over several additive
// partitions (each with its reflection), whose tables may be shared between
// partitions. A catalogue is an AdditivePdb whose partition(0) is itself and
// whose further partitions are more AdditivePdbs; the accessors parts(),
// part(), slot() and reflected_slot() describe partition 0 only, and
// evaluate() takes the maximum over all. Specs:
//   cat:small        Clausecker's "small" catalogue (5x5): seven 6-6-6-6
//                    partitions over 14 zero-aware 6-tile tables
//   cat:small-plain  the same with plain tables
//   cat:663x3        three 6-6-3 partitions of the 15-puzzle (zero-aware)
//   cat:663x3-plain  the same with plain tables
//   cat:SPEC+SPEC... any pdb:/zpdb: specs, maximised
// heuristics/catalogue_heuristic.h looks up, after a move, only the tables
// that contain the moved tile.
//
// For the IDA* kernel: slot(t) says which part holds tile t and where in
// that part's placement its cell goes; reflected_slot(t) says where
// mirror_cell(cell of t) goes in the reflected evaluation. After a move of
// tile t only those one or two parts need a new rank and lookup;
// heuristics/pdb_heuristic.h does exactly that for the search.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/board.h"
#include "heuristics/pdb/pattern.h"
#include "heuristics/pdb/table.h"

namespace npuzzle::pdb {

inline constexpr int kMaxParts = kMaxPatternTiles;
// The most partitions a catalogue may have: the search kernel keeps one
// int16 lane per partition, and eight lanes are one SSE register
// (catalogue_heuristic.h).
inline constexpr int kMaxCataloguePartitions = 8;

// True for "pdb:", "zpdb:" or "cat:" followed by anything.
bool is_pdb_spec(std::string_view spec);
// "pdb:555, pdb:663, ...": every named partition, for messages and help.
std::string named_partition_list();
// True for "cat:" followed by anything.
bool is_catalogue_spec(std::string_view spec);
// The partition specs (pdb:... or zpdb:...) of a catalogue spec, for this
// board; a pdb:/zpdb: spec is its own only member. Throws std::invalid_argument,
// also for more than kMaxCataloguePartitions members.
std::vector<std::string> catalogue_members(std::string_view spec, int rows, int cols);
// True for "zpdb:" followed by anything.
bool is_zero_aware_spec(std::string_view spec);
// What follows "pdb:" or "zpdb:". Precondition: a pdb: or zpdb: spec.
std::string_view spec_body(std::string_view spec);
// The board a named spec is for (pdb:555/663/78: 4x4, pdb:6666: 5x5), else nullopt.
std::optional<std::pair<int, int>> named_spec_size(std::string_view spec);
// The parts of `spec` as tile lists for this board and goal. Throws
// std::invalid_argument with a message for a person. With `require_cover`
// false, tiles may be left out (to build some tables of a set).
std::vector<std::vector<int>> partition_tiles(std::string_view spec, int rows, int cols, Goal goal,
                                              bool require_cover = true);

struct TileSlot {
  std::uint8_t part = 0;   // index of the part holding the tile
  std::uint8_t index = 0;  // the tile's position in that part's pattern
};

class AdditivePdb {
 public:
  // Preconditions: the parts' patterns are for this board and goal and
  // partition the tiles 1..N-1. `reflect` is ignored unless rows == cols.
  AdditivePdb(std::string spec, int rows, int cols, Goal goal, std::vector<std::shared_ptr<const PatternDb>> parts,
              bool reflect);
  // A catalogue: partition 0 is a copy of partitions[0], the others are kept.
  // Precondition: non-empty, all for one board, goal and reflection.
  AdditivePdb(std::string spec, const std::vector<std::shared_ptr<const AdditivePdb>>& partitions);

  // 1 for a plain additive set; the number of partitions of a catalogue.
  int partitions() const { return 1 + static_cast<int>(more_.size()); }
  // Partition j (0 is this object's own parts). Precondition: 0 <= j < partitions().
  const AdditivePdb& partition(int j) const { return j == 0 ? *this : *more_[static_cast<std::size_t>(j - 1)]; }

  const std::string& spec() const { return spec_; }
  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int cells() const { return rows_ * cols_; }
  Goal goal() const { return goal_; }
  int parts() const { return static_cast<int>(parts_.size()); }
  const PatternDb& part(int i) const { return *parts_[static_cast<std::size_t>(i)]; }
  bool reflected() const { return reflect_; }
  // True when every part's table is zero-aware: lookups need the blank's cell.
  bool zero_aware() const { return zero_aware_; }

  // Precondition for the three below: 1 <= tile < cells(), 0 <= cell < cells().
  TileSlot slot(int tile) const { return slot_[static_cast<std::size_t>(tile)]; }
  // Where mirror_cell(cell of `tile`) goes in the reflected evaluation (the
  // slot of mirror_tile(tile)). Meaningful only when reflected().
  TileSlot reflected_slot(int tile) const { return reflected_slot_[static_cast<std::size_t>(tile)]; }
  int mirror(int cell) const { return mirror_[static_cast<std::size_t>(cell)]; }

  // From scratch, for the root, `info` and tests: the sum over the parts,
  // and with reflection the larger of that and the reflected sum; for a
  // catalogue the largest of these over its partitions.
  // Precondition: board is rows() x cols().
  int evaluate(const Board& board) const;
  // The same from where[t], the cell of tile t (where[0]: the blank's cell).
  int evaluate_positions(const std::array<std::uint8_t, kMaxPdbCells>& where) const;
  int evaluate_plain(const Board& board) const;      // no reflection (a catalogue: max over partitions)
  int evaluate_reflected(const Board& board) const;  // the reflected sum only (likewise); requires rows == cols

 private:
  int sum(const std::array<std::uint8_t, kMaxPdbCells>& where, bool mirrored) const;

  std::string spec_;
  int rows_;
  int cols_;
  Goal goal_;
  std::vector<std::shared_ptr<const PatternDb>> parts_;
  bool reflect_;
  bool zero_aware_ = false;
  std::vector<std::shared_ptr<const AdditivePdb>> more_;  // a catalogue's partitions 1, 2, ...
  std::array<TileSlot, kMaxPdbCells> slot_{};
  std::array<TileSlot, kMaxPdbCells> reflected_slot_{};
  std::array<std::uint8_t, kMaxPdbCells> mirror_{};
};

}  // namespace npuzzle::pdb
