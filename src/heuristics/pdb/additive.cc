#include "heuristics/pdb/additive.h"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <filesystem>
#include <map>
#include <mutex>
#include <stdexcept>
#include <tuple>

namespace npuzzle::pdb {
namespace {

struct NamedPartition {
  std::string_view name;
  int rows;
  int cols;
  // Goal cells of each part, drawn for the blank-first goal (blank on cell 0).
  std::vector<std::vector<int>> cells;
};

// Where the pictures come from (blank-first cells; the blank is cell 0):
//
//   78              663               555               6666 (5x5)
//   .  a  a  a      .  a  a  b        .  a  a  b        .  a  b  b  b
//   a  a  a  a      a  a  b  b        a  a  b  b        a  a  b  b  b
//   b  b  b  b      a  a  b  b        a  c  b  b        a  a  a  c  c
//   b  b  b  b      c  c  c  b        c  c  c  c        d  d  d  c  c
//                                                       d  d  d  c  c
//
//  - 78: Korf & Felner (2002), Felner, Korf & Hanan (2004): {1..7}, {8..15}.
//  - 663 and 555: the partitions of Korf & Felner as used by Brian Borowski's
//    solver, reproduced (for the blank-last goal) in public implementations,
//    e.g. alexyuisingwu/sliding-puzzle-database-generator (Partitions.java,
//    "based on Korf and Felner", whose blank-on-cell-0 row is the 663 here)
//    and the TILE_GROUPS of a Python solver: {1,5,6,9,10,13} {7,8,11,12,14,15}
//    {2,3,4} and {1,2,3,4,7} {5,6,9,10,13} {8,11,12,14,15}, turned by 180
//    degrees to put the blank on cell 0. The papers' figures could not be
//    consulted; measured on 100,000 random states (results/pdb_build.md),
//    these give 41.70 (555, no reflection) and 43.02 (663, with reflection)
//    against the published 41.562 and 42.924, averages over random states
//    (the Manhattan average printed beside them, 36.94, is the random-state
//    mean 37.0, not the 37.05 of Korf's 100).
//  - 6666: Korf & Felner (2002), 24-puzzle, as tabulated (with the largest
//    value of each table) in the post "Pattern databases for the 5x5 sliding
//    puzzle", forum.cubeman.org/?q=node/view/555.
//
// Rectangles: named "RxC-" and the part sizes, largest first. Ours (no
// published partition was found for them): compact blocks of neighbouring
// goal cells, whole columns where the columns are short, so that each
// part's tiles mostly get in each other's way, sized so that the largest
// table has at most about 33 million entries (bytes).
//
//   3x4-65          3x5-77            3x6-665             2x8-654
//   .  b  a  a      .  a  a  b  b     .  c  a  a  b  b    .  b  b  a  a  a  c  c
//   b  b  a  a      a  a  a  b  b     c  c  a  a  b  b    b  b  b  a  a  a  c  c
//   b  b  a  a      a  a  b  b  b     c  c  a  a  b  b
//
//   4x5-6544
//   .  b  b  c  c
//   b  b  b  c  c
//   a  a  a  d  d
//   a  a  a  d  d
//
// and their transposes 4x3-65, 5x3-77, 6x3-665, 8x2-654 and 5x4-6544 (cell
// (r, c) of the picture becomes (c, r); the blank's cell 0 stays put).
// No symmetry is used on a rectangle: its symmetries other than the
// identity (the two mirror images and the half turn) all move the corner
// cell 0 to another corner, so none maps a goal to itself, and the diagonal
// reflection of a square board maps an R x C board to a C x R one, which
// would need the other shape's tables (not done).

// The same partition for the C x R board: cell (r, c) becomes (c, r).
NamedPartition transposed(std::string_view name, const NamedPartition& of) {
  NamedPartition t{name, of.cols, of.rows, of.cells};
  for (auto& part : t.cells) {
    for (int& cell : part) cell = (cell % of.cols) * of.rows + cell / of.cols;
  }
  return t;
}

const std::vector<NamedPartition>& named_partitions() {
  static const std::vector<NamedPartition> named = [] {
    std::vector<NamedPartition> list = {
        {"78", 4, 4, {{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}},
        {"663", 4, 4, {{1, 2, 4, 5, 8, 9}, {3, 6, 7, 10, 11, 15}, {12, 13, 14}}},
        {"555", 4, 4, {{1, 2, 4, 5, 8}, {3, 6, 7, 10, 11}, {9, 12, 13, 14, 15}}},
        {"6666",
         5,
         5,
         {{1, 5, 6, 10, 11, 12}, {2, 3, 4, 7, 8, 9}, {13, 14, 18, 19, 23, 24}, {15, 16, 17, 20, 21, 22}}},
        {"3x4-65", 3, 4, {{2, 3, 6, 7, 10, 11}, {1, 4, 5, 8, 9}}},
        {"3x5-77", 3, 5, {{1, 2, 5, 6, 7, 10, 11}, {3, 4, 8, 9, 12, 13, 14}}},
        {"3x6-665", 3, 6, {{2, 3, 8, 9, 14, 15}, {4, 5, 10, 11, 16, 17}, {1, 6, 7, 12, 13}}},
        {"2x8-654", 2, 8, {{3, 4, 5, 11, 12, 13}, {1, 2, 8, 9, 10}, {6, 7, 14, 15}}},
        {"4x5-6544", 4, 5, {{10, 11, 12, 15, 16, 17}, {1, 2, 5, 6, 7}, {3, 4, 8, 9}, {13, 14, 18, 19}}},
        // Members of the catalogues (catalogues() below).
        {"663b", 4, 4, {{1, 2, 3, 5, 6, 7}, {4, 8, 9, 12, 13, 14}, {10, 11, 15}}},
        {"663c", 4, 4, {{1, 2, 3, 4, 5, 6}, {7, 10, 11, 13, 14, 15}, {8, 9, 12}}},
        {"small1", 5, 5, {{1, 2, 5, 6, 10, 11}, {3, 4, 7, 8, 9, 12}, {13, 14, 18, 19, 23, 24}, {15, 16, 17, 20, 21, 22}}},
        {"small2", 5, 5, {{1, 5, 6, 10, 11, 12}, {2, 3, 4, 7, 8, 9}, {13, 14, 15, 16, 17, 18}, {19, 20, 21, 22, 23, 24}}},
        {"small3", 5, 5, {{1, 2, 5, 6, 10, 11}, {3, 4, 7, 8, 9, 12}, {13, 14, 15, 16, 17, 18}, {19, 20, 21, 22, 23, 24}}},
        {"small4", 5, 5, {{1, 5, 6, 10, 15, 20}, {2, 3, 4, 7, 8, 9}, {11, 12, 16, 17, 21, 22}, {13, 14, 18, 19, 23, 24}}},
        {"small5", 5, 5, {{1, 2, 5, 6, 10, 11}, {3, 4, 9, 14, 19, 24}, {7, 8, 12, 13, 18, 23}, {15, 16, 17, 20, 21, 22}}},
        {"small6", 5, 5, {{1, 5, 6, 10, 15, 20}, {2, 3, 4, 7, 8, 9}, {11, 12, 13, 16, 17, 18}, {14, 19, 21, 22, 23, 24}}},
    };
    const std::pair<std::string_view, std::string_view> transposes[] = {
        {"4x3-65", "3x4-65"}, {"5x3-77", "3x5-77"}, {"6x3-665", "3x6-665"},
        {"8x2-654", "2x8-654"}, {"5x4-6544", "4x5-6544"}};
    for (const auto& [name, of] : transposes) {
      const std::string_view source = of;  // a plain name: clang 14 cannot capture a structured binding
      const auto it = std::find_if(list.begin(), list.end(), [&](const NamedPartition& n) { return n.name == source; });
      list.push_back(transposed(name, *it));
    }
    return list;
  }();
  return named;
}

// Named catalogues: partitions of named_partitions(), maximised.
//  - small: the "small" catalogue of Clausecker's 24puzzle solver
//    (catalogues/small-compound.cat, companion to ZIB-Report 17-59): Korf
//    & Felner's 6-6-6-6 and six more 6-6-6-6 partitions, 14 distinct tables.
//    Its published expansion counts on Korf & Felner's 50 are in
//    datasets/korf50_24_catalogues.tsv (small_apdb / small_zpdb).
//     6666            small1          small2          small3
//     . a b b b       . a a b b       . a b b b       . a a b b
//     a a b b b       a a b b b       a a b b b       a a b b b
//     a a a c c       a a b c c       a a a c c       a a b c c
//     d d d c c       d d d c c       c c c c d       c c c c d
//     d d d c c       d d d c c       d d d d d       d d d d d
//     small4          small5          small6
//     . a b b b       . a a b b       . a b b b
//     a a b b b       a a c c b       a a b b b
//     a c c d d       a a c c b       a c c c d
//     a c c d d       d d d c b       a c c c d
//     a c c d d       d d d c b       a d d d d
//  - 663x3: Korf & Felner's 6-6-3 and two more 6-6-3 partitions of the
//    15-puzzle (the two below were drawn for this catalogue: rows and
//    columns kept together, the blank's corner left out):
//     663             663b            663c
//     . a a b         . a a a         . a a a
//     a a b b         b a a a         a a a b
//     a a b b         b b c c         c c b b
//     c c c b         b b b c         c b b b
struct NamedCatalogue {
  std::string_view name;
  int rows;
  int cols;
  std::vector<std::string_view> partitions;  // named_partitions() names
};

const std::vector<NamedCatalogue>& catalogues() {
  static const std::vector<NamedCatalogue> named = {
      {"small", 5, 5, {"6666", "small1", "small2", "small3", "small4", "small5", "small6"}},
      {"663x3", 4, 4, {"663", "663b", "663c"}},
  };
  return named;
}

const NamedPartition* find_named(std::string_view body) {
  for (const NamedPartition& n : named_partitions()) {
    if (n.name == body) return &n;
  }
  return nullptr;
}

std::vector<std::vector<int>> parse_user_partition(std::string_view body) {
  std::vector<std::vector<int>> parts(1);
  std::size_t i = 0;
  while (i <= body.size()) {
    const std::size_t end = body.find_first_of(",/", i);
    const std::string_view token = body.substr(i, end == std::string_view::npos ? std::string_view::npos : end - i);
    int tile = 0;
    const auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), tile);
    if (token.empty() || ec != std::errc() || ptr != token.data() + token.size()) {
      throw std::invalid_argument("bad tile '" + std::string(token) + "' in partition '" + std::string(body) +
                                  "' (expected tile numbers separated by ',' and parts by '/')");
    }
    parts.back().push_back(tile);
    if (end == std::string_view::npos) break;
    if (body[end] == '/') parts.emplace_back();
    i = end + 1;
  }
  return parts;
}

}  // namespace

std::string named_partition_list() {
  std::string text;
  for (const NamedPartition& n : named_partitions()) text += (text.empty() ? "pdb:" : ", pdb:") + std::string(n.name);
  return text;
}

bool is_zero_aware_spec(std::string_view spec) { return spec.substr(0, 5) == "zpdb:"; }

bool is_catalogue_spec(std::string_view spec) { return spec.substr(0, 4) == "cat:"; }

bool is_pdb_spec(std::string_view spec) {
  return spec.substr(0, 4) == "pdb:" || is_zero_aware_spec(spec) || is_catalogue_spec(spec);
}

std::vector<std::string> catalogue_members(std::string_view spec, int rows, int cols) {
  if (!is_catalogue_spec(spec)) return {std::string(spec)};
  std::string_view body = spec.substr(4);
  std::string prefix = "zpdb:";
  constexpr std::string_view kPlain = "-plain";
  if (body.size() > kPlain.size() && body.substr(body.size() - kPlain.size()) == kPlain) {
    body.remove_suffix(kPlain.size());
    prefix = "pdb:";
  }
  for (const NamedCatalogue& c : catalogues()) {
    if (c.name != body) continue;
    if (c.rows != rows || c.cols != cols) {
      throw std::invalid_argument(std::string(spec) + " is a catalogue for the " + size_name(c.rows, c.cols) +
                                  " board, not " + size_name(rows, cols));
    }
    std::vector<std::string> members;
    for (std::string_view p : c.partitions) members.push_back(prefix + std::string(p));
    return members;
  }
  std::vector<std::string> members;
  std::size_t i = 4;
  while (i <= spec.size()) {
    const std::size_t end = spec.find('+', i);
    const std::string_view member = spec.substr(i, end == std::string_view::npos ? std::string_view::npos : end - i);
    if (member.substr(0, 4) != "pdb:" && !is_zero_aware_spec(member)) {
      throw std::invalid_argument("unknown catalogue '" + std::string(spec) +
                                  "' (expected cat:small, cat:small-plain, cat:663x3, cat:663x3-plain, or pdb:/zpdb: "
                                  "specs joined by '+')");
    }
    members.emplace_back(member);
    if (end == std::string_view::npos) break;
    i = end + 1;
  }
  if (members.size() > static_cast<std::size_t>(kMaxCataloguePartitions)) {
    throw std::invalid_argument("catalogue '" + std::string(spec) + "' has " + std::to_string(members.size()) +
                                " partitions; at most " + std::to_string(kMaxCataloguePartitions) + " are supported");
  }
  return members;
}

std::string_view spec_body(std::string_view spec) { return spec.substr(is_zero_aware_spec(spec) ? 5 : 4); }

std::optional<std::pair<int, int>> named_spec_size(std::string_view spec) {
  if (!is_pdb_spec(spec)) return std::nullopt;
  if (is_catalogue_spec(spec)) {
    std::string_view body = spec.substr(4);
    if (body.size() > 6 && body.substr(body.size() - 6) == "-plain") body.remove_suffix(6);
    for (const NamedCatalogue& c : catalogues()) {
      if (c.name == body) return std::make_pair(c.rows, c.cols);
    }
    const std::string first(spec.substr(4, spec.find('+') == std::string_view::npos ? std::string_view::npos
                                                                                      : spec.find('+') - 4));
    return first == spec.substr(4) ? std::nullopt : named_spec_size(first);
  }
  const NamedPartition* n = find_named(spec_body(spec));
  if (!n) return std::nullopt;
  return std::make_pair(n->rows, n->cols);
}

std::vector<std::vector<int>> partition_tiles(std::string_view spec, int rows, int cols, Goal goal,
                                              bool require_cover) {
  if (is_catalogue_spec(spec)) {
    // Every distinct part of every member (what `pdb build` builds).
    std::vector<std::vector<int>> parts;
    for (const std::string& member : catalogue_members(spec, rows, cols)) {
      for (auto& part : partition_tiles(member, rows, cols, goal, require_cover)) {
        if (std::find(parts.begin(), parts.end(), part) == parts.end()) parts.push_back(std::move(part));
      }
    }
    return parts;
  }
  if (!is_pdb_spec(spec)) throw std::invalid_argument("'" + std::string(spec) + "' is not a pdb:... heuristic");
  const std::string_view body = spec_body(spec);
  const std::string prefix(spec.substr(0, spec.size() - body.size()));
  const int cells = rows * cols;
  std::vector<std::vector<int>> parts;
  if (const NamedPartition* n = find_named(body)) {
    if (n->rows != rows || n->cols != cols) {
      throw std::invalid_argument(prefix + std::string(body) + " is a partition of the " +
                                  size_name(n->rows, n->cols) + " board, not " + size_name(rows, cols));
    }
    for (const auto& part_cells : n->cells) {
      std::vector<int> tiles;
      for (int c : part_cells) {
        const int cell = goal == Goal::kBlankFirst ? c : cells - 1 - c;  // turned by 180 degrees
        tiles.push_back(goal_tile(cell, cells, goal));
      }
      parts.push_back(std::move(tiles));
    }
  } else {
    if (body.empty()) throw std::invalid_argument("empty partition after '" + prefix + "'");
    if (body.find_first_not_of("0123456789,/") != std::string_view::npos) {
      throw std::invalid_argument("unknown pattern database '" + std::string(spec) + "' (expected " +
                                  named_partition_list() + " or tiles like pdb:1,2,3/4,5,6,7)");
      throw std::invalid_argument("unknown pattern database '" + std::string(spec) +
                                  "' (expected " + prefix + "555, " + prefix + "663, " + prefix + "78, " + prefix + "6666 or tiles like " +
                                  prefix + "1,2,3/4,5,6,7)");
    }
    parts = parse_user_partition(body);
  }
  if (rows * cols > kMaxPdbCells) {
    throw std::invalid_argument("pattern databases support boards of up to " + std::to_string(kMaxPdbCells) +
                                " cells, not " + size_name(rows, cols));
  }
  std::vector<int> owner(static_cast<std::size_t>(cells), -1);
  for (std::size_t p = 0; p < parts.size(); ++p) {
    for (int t : parts[p]) {
      if (t < 1 || t >= cells) {
        throw std::invalid_argument("tile " + std::to_string(t) + " is not a tile of a " + size_name(rows, cols) +
                                    " board (1.." + std::to_string(cells - 1) + ")");
      }
      if (owner[static_cast<std::size_t>(t)] >= 0) {
        throw std::invalid_argument("tile " + std::to_string(t) + " is in two parts");
      }
      owner[static_cast<std::size_t>(t)] = static_cast<int>(p);
    }
  }
  std::string missing;
  for (int t = 1; t < cells; ++t) {
    if (owner[static_cast<std::size_t>(t)] < 0) missing += (missing.empty() ? "" : ",") + std::to_string(t);
  }
  if (require_cover && !missing.empty()) {
    throw std::invalid_argument("tiles " + missing + " are in no part (a partition covers every tile 1.." +
                                std::to_string(cells - 1) + ")");
  }
  return parts;
}

AdditivePdb::AdditivePdb(std::string spec, int rows, int cols, Goal goal,
                         std::vector<std::shared_ptr<const PatternDb>> parts, bool reflect)
    : spec_(std::move(spec)), rows_(rows), cols_(cols), goal_(goal), parts_(std::move(parts)),
      reflect_(reflect && rows == cols) {
  assert(!parts_.empty() && parts_.size() <= static_cast<std::size_t>(kMaxParts));
  for (std::size_t p = 0; p < parts_.size(); ++p) {
    const Pattern& pattern = parts_[p]->pattern();
    assert(pattern.rows() == rows && pattern.cols() == cols && pattern.goal() == goal);
    for (int i = 0; i < pattern.size(); ++i) {
      slot_[static_cast<std::size_t>(pattern.tile(i))] = {static_cast<std::uint8_t>(p), static_cast<std::uint8_t>(i)};
    }
  }
  zero_aware_ = true;
  for (const auto& part : parts_) zero_aware_ = zero_aware_ && part->pattern().zero_aware();
  for (int c = 0; c < cells(); ++c) {
    mirror_[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(rows == cols ? mirror_cell(c, rows) : c);
  }
  if (reflect_) {
    for (int t = 1; t < cells(); ++t) {
      reflected_slot_[static_cast<std::size_t>(t)] = slot_[static_cast<std::size_t>(mirror_tile(t, rows, goal))];
    }
  }
}

AdditivePdb::AdditivePdb(std::string spec, const std::vector<std::shared_ptr<const AdditivePdb>>& partitions)
    : AdditivePdb(*partitions.at(0)) {
  spec_ = std::move(spec);
  more_.assign(partitions.begin() + 1, partitions.end());
  for ([[maybe_unused]] const auto& p : more_) {
    assert(p->rows() == rows_ && p->cols() == cols_ && p->goal() == goal_ && p->reflected() == reflect_);
    assert(p->partitions() == 1);
  }
}

int AdditivePdb::sum(const std::array<std::uint8_t, kMaxPdbCells>& where, bool mirrored) const {
  int total = 0;
  std::array<std::uint8_t, kMaxPatternTiles> cells{};
  for (const auto& part : parts_) {
    const Pattern& pattern = part->pattern();
    for (int i = 0; i < pattern.size(); ++i) {
      const int u = pattern.tile(i);
      cells[static_cast<std::size_t>(i)] =
          mirrored ? mirror_[where[static_cast<std::size_t>(mirror_tile(u, rows_, goal_))]]
                   : where[static_cast<std::size_t>(u)];
    }
    const int blank = mirrored ? mirror_[where[0]] : where[0];
    total += part->lookup(cells.data(), blank);
  }
  return total;
}

namespace {
std::array<std::uint8_t, kMaxPdbCells> positions(const Board& board) {
  std::array<std::uint8_t, kMaxPdbCells> where{};
  for (int pos = 0; pos < board.cells(); ++pos) where[board.at(pos)] = static_cast<std::uint8_t>(pos);
  return where;
}
}  // namespace

int AdditivePdb::evaluate_plain(const Board& board) const {
  assert(board.rows() == rows_ && board.cols() == cols_);
  int best = sum(positions(board), false);
  for (const auto& p : more_) best = std::max(best, p->evaluate_plain(board));
  return best;
}

int AdditivePdb::evaluate_reflected(const Board& board) const {
  assert(board.rows() == rows_ && board.cols() == cols_ && rows_ == cols_);
  int best = sum(positions(board), true);
  for (const auto& p : more_) best = std::max(best, p->evaluate_reflected(board));
  return best;
}

int AdditivePdb::evaluate(const Board& board) const {
  assert(board.rows() == rows_ && board.cols() == cols_);
  return evaluate_positions(positions(board));
}

int AdditivePdb::evaluate_positions(const std::array<std::uint8_t, kMaxPdbCells>& where) const {
  int best = sum(where, false);
  if (reflect_) best = std::max(best, sum(where, true));
  for (const auto& p : more_) best = std::max(best, p->evaluate_positions(where));
  return best;
}

}  // namespace npuzzle::pdb
