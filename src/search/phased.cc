#include "search/phased.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/solvability.h"
#include "heuristics/heuristic.h"
#include "heuristics/tile_tables.h"
#include "search/phased_cycles.h"
#include "search/shorten.h"

namespace npuzzle {
namespace {

struct Cell {
  int r = 0;
  int c = 0;
  bool operator==(const Cell&) const = default;
};

int distance(Cell a, Cell b) { return std::abs(a.r - b.r) + std::abs(a.c - b.c); }

constexpr Cell step_of(Direction d) {
  switch (d) {
    case Direction::kUp: return {-1, 0};
    case Direction::kDown: return {1, 0};
    case Direction::kLeft: return {0, -1};
    case Direction::kRight: return {0, 1};
  }
  return {0, 0};
}

// The direction from a cell to its neighbour b.
Direction toward(Cell a, Cell b) {
  if (b.r < a.r) return Direction::kUp;
  if (b.r > a.r) return Direction::kDown;
  if (b.c < a.c) return Direction::kLeft;
  return Direction::kRight;
}

// Shortest blank moves inside a small window (at most 8 cells, row-major),
// from the labelled `start` to any arrangement that matches `goal`. Labels:
// 0 the blank, 1..kAny-1 distinct tiles, kAny in `start` tiles that are
// interchangeable, kAny in `goal` a cell whose content does not matter.
// Empty when no arrangement matches (and when start already does).
constexpr std::uint8_t kAny = 255;
using Window = std::array<std::uint8_t, 8>;

std::uint64_t pack(const Window& w) {
  std::uint64_t key = 0;
  for (int i = 0; i < 8; ++i) key |= std::uint64_t{w[i]} << (8 * i);
  return key;
}

bool matches(const Window& w, const Window& goal, int cells) {
  for (int i = 0; i < cells; ++i) {
    if (goal[i] != kAny && goal[i] != w[i]) return false;
  }
  return true;
}

std::vector<Direction> window_search(int rows, int cols, const Window& start, const Window& goal, bool* found) {
  const int cells = rows * cols;
  struct Seen {
    std::uint64_t parent;
    Direction move;
  };
  std::unordered_map<std::uint64_t, Seen> seen;
  std::deque<Window> queue{start};
  seen.emplace(pack(start), Seen{0, Direction::kUp});
  *found = false;
  while (!queue.empty()) {
    const Window w = queue.front();
    queue.pop_front();
    if (matches(w, goal, cells)) {
      std::vector<Direction> path;
      for (std::uint64_t key = pack(w); key != pack(start);) {
        const Seen& s = seen.at(key);
        path.insert(path.begin(), s.move);
        key = s.parent;
      }
      *found = true;
      return path;
    }
    int blank = 0;
    while (w[blank] != 0) ++blank;
    const Cell b{blank / cols, blank % cols};
    for (Direction d : {Direction::kUp, Direction::kLeft, Direction::kRight, Direction::kDown}) {
      const Cell n{b.r + step_of(d).r, b.c + step_of(d).c};
      if (n.r < 0 || n.r >= rows || n.c < 0 || n.c >= cols) continue;
      Window next = w;
      std::swap(next[blank], next[n.r * cols + n.c]);
      if (seen.emplace(pack(next), Seen{pack(w), d}).second) queue.push_back(next);
    }
  }
  return {};
}

// Column 0 of a lower row i: the blank on (i-1, 0), the tile T for (i, 0) on
// (i-1, 1), the solved tile S on (i, 1); window rows i-2..i, columns 0..1.
// Ends with T on (i, 0) and S back on (i, 1).
const std::vector<Direction>& column0_macro() {
  static const std::vector<Direction> macro = [] {
    const Window start{kAny, kAny, 0, 1, kAny, 2, 0, 0};
    const Window goal{kAny, kAny, kAny, kAny, 1, 2, 0, 0};
    bool found = false;
    auto path = window_search(3, 2, start, goal, &found);
    if (!found) throw std::logic_error("phased: no column-0 macro");
    return path;
  }();
  return macro;
}

// Row 0, column j: the blank on (1, j-2), the tile T for (0, j) on (1, j-1),
// the solved tile S on (1, j); window rows 0..1, columns j-2..j. Ends with T
// on (0, j), S back on (1, j) and the blank on (1, j-1).
const std::vector<Direction>& row0_macro() {
  static const std::vector<Direction> macro = [] {
    const Window start{kAny, kAny, kAny, 0, 1, 2, 0, 0};
    const Window goal{kAny, kAny, 1, kAny, 0, 2, 0, 0};
    bool found = false;
    auto path = window_search(2, 3, start, goal, &found);
    if (!found) throw std::logic_error("phased: no row-0 macro");
    return path;
  }();
  return macro;
}

// The cycles the solver appends in bulk (phased_cycles.h), built once: a
// blank run by direction, the straight cycle by [e][s] and the diagonal one
// by [e1][e2] (only perpendicular pairs are used).
struct Cycles {
  std::array<MoveCycle, 4> run;
  std::array<std::array<MoveCycle, 4>, 4> straight;
  std::array<std::array<MoveCycle, 4>, 4> diagonal;
};
const Cycles kCycles = [] {
  Cycles cycles;
  constexpr Direction kAll[4] = {Direction::kUp, Direction::kDown, Direction::kLeft, Direction::kRight};
  for (Direction a : kAll) {
    cycles.run[static_cast<std::size_t>(a)] = MoveCycle{a};
    for (Direction b : kAll) {
      cycles.straight[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] = straight_cycle(a, b);
      cycles.diagonal[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] = diagonal_cycle(a, b);
    }
  }
  return cycles;
}();

class Stopped : public std::exception {};

class PhasedSolver {
 public:
  PhasedSolver(const Board& canonical, bool flip, const PhasedOptions& options, MoveSequence& out,
               PhasedStats& stats)
      : rows_(canonical.rows()),
        cols_(canonical.cols()),
        tile_at_(canonical.tiles()),
        flip_(flip),
        options_(options),
        out_(out),
        stats_(stats),
        start_(std::chrono::steady_clock::now()) {
    const auto blank = static_cast<std::uint32_t>(std::find(tile_at_.begin(), tile_at_.end(), 0u) - tile_at_.begin());
    blank_index_ = blank;
    blank_ = cell_of(blank);
  }

  void run() {
    set_free(rows_ - 1, cols_ - 1, cols_ - 1);
    route_blank({rows_ - 1, cols_ - 1}, kNowhere);
    for (int i = rows_ - 1; i >= 2; --i) {
      poll();
      track_row(i);
      for (int j = cols_ - 1; j >= 1; --j) {
        at_step({PhaseKind::kLowerRow, i, j});
        place_interior(i, j);
      }
      at_step({PhaseKind::kLowerRow, i, 0});
      place_column0(i);
    }
    track_row(1);
    track_row(0);
    for (int j = cols_ - 1; j >= 2; --j) {
      if ((j & 255) == 0) poll();
      at_step({PhaseKind::kRow1, 1, j});
      place_row1(j);
      at_step({PhaseKind::kRow0, 0, j});
      place_row0(j);
    }
    at_step({PhaseKind::kRow1, 1, 1});
    solve_last_square();
    at_step({PhaseKind::kDone, 0, 0});
  }

  // Throws Stopped when the options' cancel flag or time limit says so.
  void poll() const {
    if (options_.cancel && options_.cancel->load(std::memory_order_relaxed)) throw Stopped();
    if (options_.seconds > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() >= options_.seconds) {
      throw Stopped();
    }
  }

 private:
  static constexpr Cell kNowhere{-1, -1};

  int index(Cell x) const { return x.r * cols_ + x.c; }
  Cell cell_of(std::uint32_t p) const { return {static_cast<int>(p) / cols_, static_cast<int>(p) % cols_}; }
  // The cell of a tile of a tracked row (see track_row).
  Cell where(std::uint32_t tile) const {
    const std::uint32_t slot = tile - tracked_first_;
    assert(slot < tracked_position_.size() && tile_at_[tracked_position_[slot]] == tile);
    return cell_of(tracked_position_[slot]);
  }
  Cell blank() const { return blank_; }
  std::uint32_t goal_tile(Cell x) const { return static_cast<std::uint32_t>(index(x)); }

  // The region the blank may cross (FreeRegion, phased_cycles.h). It is
  // closed under moving up and moving left, so an L-shaped leg lies inside
  // it exactly when its corner does.
  void set_free(int last_row, int upper_limit, int last_limit) { region_ = {last_row, upper_limit, last_limit}; }
  bool is_free(Cell x) const { return region_.contains(x.r, x.c); }
  // How many of the cells x, x + step, ... (at most n) are free before the first that is not.
  int free_run(Cell x, Cell step, int n) const { return region_.free_run(x.r, x.c, step.r, step.c, n); }

  // Only the positions of the tiles of a few rows, those being placed, are
  // kept (tracked_position_[tile - tracked_first_]): a full index of 10^6
  // tiles costs a scattered store per move, which most moves would pay for
  // tiles whose cells are never asked. track_row(row) makes sure `row` is
  // among them, scanning the board once for the next rows (about 64 KB of
  // positions) when it is not.
  void track_row(int row) {
    const auto first = static_cast<std::uint32_t>(row * cols_);
    if (first - tracked_first_ < tracked_count_) return;
    const int rows_kept = std::max(2, kTrackedTiles / cols_);
    const int first_row = std::max(0, row - rows_kept + 1);
    tracked_first_ = static_cast<std::uint32_t>(first_row * cols_);
    tracked_count_ = static_cast<std::uint32_t>((row - first_row + 1) * cols_);
    tracked_position_.assign(tracked_count_, 0);
    for (std::uint32_t p = 0; p < tile_at_.size(); ++p) track(tile_at_[p], p);
  }
  void track(std::uint32_t tile, std::uint32_t cell) {
    const std::uint32_t slot = tile - tracked_first_;
    if (slot < tracked_count_) tracked_position_[slot] = cell;
  }
  void set_blank(std::uint32_t cell) {
    blank_index_ = cell;
    blank_ = cell_of(cell);
  }

  void move(Direction d) {
    assert(can_move(blank_, d));
    const std::uint32_t to = blank_index_ + static_cast<std::uint32_t>(delta_[static_cast<int>(d)]);
    const std::uint32_t tile = tile_at_[to];
    tile_at_[blank_index_] = tile;
    track(tile, blank_index_);
    tile_at_[to] = 0;
    blank_index_ = to;
    blank_.r += step_of(d).r;
    blank_.c += step_of(d).c;
    emit_packed(static_cast<std::uint8_t>(flip_ ? opposite(d) : d), 1);
  }
  // Moves are gathered 32 to a word and appended to out_ a word at a time;
  // flush_moves() appends the partial word (before on_step sees out_).
  // emit_packed takes up to 32 moves packed as in MoveSequence, in the
  // board's frame (already flipped).
  void emit_packed(std::uint64_t packed, unsigned count) {
    pending_ |= packed << (2 * pending_count_);
    pending_count_ += count;
    if (pending_count_ >= MoveSequence::kMovesPerWord) {
      out_.append_packed(pending_, static_cast<unsigned>(MoveSequence::kMovesPerWord));
      pending_count_ -= static_cast<unsigned>(MoveSequence::kMovesPerWord);
      pending_ = pending_count_ == 0 ? 0 : packed >> (2 * (count - pending_count_));
    }
  }
  void flush_moves() {
    out_.append_packed(pending_, pending_count_);
    pending_ = 0;
    pending_count_ = 0;
  }
  // `repetitions` of a cycle of the canonical frame's moves.
  void emit_cycle(const MoveCycle& cycle, int repetitions) {
    if (repetitions == 0) return;
    cycle.emit(static_cast<std::uint64_t>(repetitions), flip_,
               [this](std::uint64_t packed, unsigned count) { emit_packed(packed, count); });
  }
  // A straight run of k blank moves in direction d: the tiles it passes
  // shift one cell back.
  void move_run(Direction d, int k) {
    const int delta = delta_[static_cast<int>(d)];
    assert(k == 0 || is_inside(blank_, d, k));
    std::uint32_t blank = blank_index_;
    for (int m = 0; m < k; ++m) {
      const std::uint32_t next = static_cast<std::uint32_t>(static_cast<int>(blank) + delta);
      const std::uint32_t tile = tile_at_[next];
      tile_at_[blank] = tile;
      track(tile, blank);
      blank = next;
    }
    tile_at_[blank] = 0;
    blank_index_ = blank;
    blank_.r += k * step_of(d).r;
    blank_.c += k * step_of(d).c;
    emit_cycle(kCycles.run[static_cast<std::size_t>(d)], k);
  }
  bool is_inside(Cell b, Direction d, int k) const {
    const Cell n{b.r + k * step_of(d).r, b.c + k * step_of(d).c};
    return n.r >= 0 && n.r < rows_ && n.c >= 0 && n.c < cols_;
  }
  bool can_move(Cell b, Direction d) const {
    const Cell n{b.r + step_of(d).r, b.c + step_of(d).c};
    return n.r >= 0 && n.r < rows_ && n.c >= 0 && n.c < cols_;
  }
  void run_moves(const std::vector<Direction>& moves) {
    for (Direction d : moves) move(d);
  }

  // The blank's way to a cell: at most two L-shaped legs (through one
  // waypoint), or an explicit path from the local search.
  struct Leg {
    Cell to;
    bool vertical_first;
  };
  struct Route {
    int cost = INT_MAX;
    int legs = 0;
    std::array<Leg, 2> leg{};
    bool local = false;  // the route is local_path_, from the local search
    int short_moves = 0;  // the route is short_path[0..short_moves), around a neighbouring tile
    std::array<Direction, 4> short_path{};
  };

  static bool on_segment(Cell a, Cell b, Cell x) {
    if (a.r == b.r && x.r == a.r) return (x.c - a.c) * (x.c - b.c) <= 0;
    if (a.c == b.c && x.c == a.c) return (x.r - a.r) * (x.r - b.r) <= 0;
    return false;
  }
  // The leg from a to b turning at its corner stays in the free region and
  // off `avoid`.
  bool leg_fits(Cell a, Cell b, bool vertical_first, Cell avoid) const {
    const Cell corner = vertical_first ? Cell{b.r, a.c} : Cell{a.r, b.c};
    if (!is_free(corner)) return false;
    return !(on_segment(a, corner, avoid) || on_segment(corner, b, avoid));
  }
  // A leg from a to b, vertical-first preferred; false when neither fits.
  bool fit_leg(Cell a, Cell b, Cell avoid, Leg* leg) const {
    for (bool vertical_first : {true, false}) {
      if (leg_fits(a, b, vertical_first, avoid)) {
        *leg = {b, vertical_first};
        return true;
      }
    }
    return false;
  }

  // The shortest route of this family from the blank to `to` around `avoid`.
  // Precondition: `to` is free and not `avoid`.
  Route plan_route(Cell to, Cell avoid) {
    Route route;
    const Cell from = blank();
    if (from == to) {
      route.cost = 0;
      return route;
    }
    if (distance(from, avoid) == 1 && distance(to, avoid) == 1 && plan_around(from, to, avoid, &route)) return route;
    if (fit_leg(from, to, avoid, &route.leg[0])) {
      route.legs = 1;
      route.cost = distance(from, to);
      return route;
    }
    if (!(avoid == kNowhere)) {
      // No route is shorter than the distance, or the distance plus two
      // when `avoid` lies straight between the ends: stop at one that short.
      const int shortest = distance(from, to) + (on_segment(from, to, avoid) ? 2 : 0);
      for (int dr = -1; dr <= 1 && route.cost > shortest; ++dr) {
        for (int dc = -1; dc <= 1 && route.cost > shortest; ++dc) {
          const Cell via{avoid.r + dr, avoid.c + dc};
          if (via == avoid || !is_free(via) || via.r >= rows_ || via.c >= cols_) continue;
          const int cost = distance(from, via) + distance(via, to);
          if (cost >= route.cost) continue;
          Leg first;
          Leg second;
          if (fit_leg(from, via, avoid, &first) && fit_leg(via, to, avoid, &second)) {
            route.cost = cost;
            route.legs = 2;
            route.leg = {first, second};
          }
        }
      }
      if (route.legs) return route;
    }
    return local_search(from, to, avoid);
  }

  // The common case while a tile travels: the blank beside it goes round it
  // to another side, through the corner between (2 moves) or along a free
  // side (4 moves). False when those cells are not free.
  bool plan_around(Cell from, Cell to, Cell t, Route* route) const {
    const Cell corner{from.r + to.r - t.r, from.c + to.c - t.c};
    if (!(corner == t)) {  // neighbouring sides
      if (!is_free(corner)) return false;
      route->short_path = {toward(from, corner), toward(corner, to)};
      route->short_moves = route->cost = 2;
      return true;
    }
    // Opposite sides: round the left (or upper) side first, then the other.
    const Cell across{to.r - from.r, to.c - from.c};  // two cells, along one axis
    for (int side : {-1, 1}) {
      const Cell offset = across.r != 0 ? Cell{0, side} : Cell{side, 0};
      const Cell a{from.r + offset.r, from.c + offset.c};
      const Cell b{t.r + offset.r, t.c + offset.c};
      const Cell c{to.r + offset.r, to.c + offset.c};
      if (!is_free(a) || !is_free(b) || !is_free(c) || a.r >= rows_ || a.c >= cols_ || c.r >= rows_ ||
          c.c >= cols_ || b.r >= rows_ || b.c >= cols_) {
        continue;
      }
      route->short_path = {toward(from, a), toward(a, b), toward(b, c), toward(c, to)};
      route->short_moves = route->cost = 4;
      return true;
    }
    return false;
  }

  // Breadth-first search for the blank inside the box around from, to and
  // avoid (two cells of margin), for the rare routes the legs do not give.
  Route local_search(Cell from, Cell to, Cell avoid) {
    ++stats_.local_searches;
    auto lo = [](int a, int b, int c) { return std::min(a, std::min(b, c)); };
    auto hi = [](int a, int b, int c) { return std::max(a, std::max(b, c)); };
    const int r0 = std::max(0, lo(from.r, to.r, avoid.r < 0 ? from.r : avoid.r) - 2);
    const int c0 = std::max(0, lo(from.c, to.c, avoid.c < 0 ? from.c : avoid.c) - 2);
    const int r1 = std::min(rows_ - 1, hi(from.r, to.r, avoid.r) + 2);
    const int c1 = std::min(cols_ - 1, hi(from.c, to.c, avoid.c) + 2);
    const int width = c1 - c0 + 1;
    const int area = (r1 - r0 + 1) * width;
    std::vector<std::int8_t> came(static_cast<std::size_t>(area), -1);  // the move that reached a cell
    auto local = [&](Cell x) { return (x.r - r0) * width + (x.c - c0); };
    std::deque<Cell> queue{from};
    came[local(from)] = 4;
    while (!queue.empty() && !(queue.front() == to)) {
      const Cell x = queue.front();
      queue.pop_front();
      for (Direction d : {Direction::kUp, Direction::kLeft, Direction::kRight, Direction::kDown}) {
        const Cell n{x.r + step_of(d).r, x.c + step_of(d).c};
        if (n.r < r0 || n.r > r1 || n.c < c0 || n.c > c1 || n == avoid || !is_free(n)) continue;
        if (came[local(n)] >= 0) continue;
        came[local(n)] = static_cast<std::int8_t>(d);
        queue.push_back(n);
      }
    }
    Route route;
    if (came[local(to)] < 0) return route;  // cost INT_MAX: unreachable
    local_path_.clear();
    for (Cell x = to; !(x == from);) {
      const auto d = static_cast<Direction>(came[local(x)]);
      local_path_.insert(local_path_.begin(), d);
      x = {x.r - step_of(d).r, x.c - step_of(d).c};
    }
    route.cost = static_cast<int>(local_path_.size());
    route.local = true;
    return route;
  }

  void walk_leg(const Leg& leg) {
    const Cell from = blank();
    const int dr = leg.to.r - from.r;
    const int dc = leg.to.c - from.c;
    const Direction vertical = dr < 0 ? Direction::kUp : Direction::kDown;
    const Direction horizontal = dc < 0 ? Direction::kLeft : Direction::kRight;
    if (leg.vertical_first) {
      move_run(vertical, std::abs(dr));
      move_run(horizontal, std::abs(dc));
    } else {
      move_run(horizontal, std::abs(dc));
      move_run(vertical, std::abs(dr));
    }
  }
  void follow(const Route& route) {
    if (route.cost == INT_MAX) throw std::logic_error("phased: the blank cannot reach its cell");
    if (route.local) {
      run_moves(local_path_);
      return;
    }
    for (int i = 0; i < route.short_moves; ++i) move(route.short_path[static_cast<std::size_t>(i)]);
    for (int i = 0; i < route.legs; ++i) walk_leg(route.leg[i]);
  }
  void route_blank(Cell to, Cell avoid) { follow(plan_route(to, avoid)); }

  // Brings `tile` to `target` one cell at a time, each step toward the
  // target (horizontal or vertical, whichever the blank reaches sooner):
  // the blank goes to the next cell around the tile, then swaps with it.
  // Precondition: the tile, the blank and the target are free, and every
  // cell between the tile and the target that the steps may use is too.
  void move_tile(std::uint32_t tile, Cell target) {
    for (Cell t = where(tile); !(t == target);) {
      if (travel_stretch(t, target)) continue;
      Route best;
      Cell next = kNowhere;
      const Cell steps[2] = {{t.r, t.c + (target.c > t.c ? 1 : -1)}, {t.r + (target.r > t.r ? 1 : -1), t.c}};
      const bool wanted[2] = {t.c != target.c, t.r != target.r};
      if (step_around(t, steps, wanted)) {
        t = where_blank_was_;
        continue;
      }
      for (int k = 0; k < 2; ++k) {
        if (!wanted[k] || !is_free(steps[k])) continue;
        const Route route = plan_route(steps[k], t);
        if (route.cost < best.cost) {
          best = route;
          next = steps[k];
        }
      }
      if (next == kNowhere) throw std::logic_error("phased: a tile has no step toward its cell");
      if (best.local) best = plan_route(next, t);  // the other candidate may have used local_path_
      follow(best);
      move(toward(next, t));
      t = next;
    }
  }

  // move_tile's steps in bulk: the tile on t, the blank right behind it (on
  // t - e1, e1 toward the target). While the other axis (e2) is to go too
  // and its next cell is free, the single steps would take the diagonal
  // cycle (e2 through the corner, then e1 through the other corner:
  // step_around picks the 2-move corner over the 4 moves round the opposite
  // side); when the other axis is done or its next cell is not free (the
  // tile runs along the edge of the region), the straight cycle round the
  // first free side of plan_around (left of a vertical run, above a
  // horizontal one, else the other). Makes as many cycles as stay in that
  // case at once (phased_cycles.h), the same moves the single steps would
  // make, and returns true with t moved on; false, having moved nothing,
  // when no whole cycle applies.
  bool travel_stretch(Cell& t, Cell target) {
    const Cell e1{t.r - blank_.r, t.c - blank_.c};
    if (std::abs(e1.r) + std::abs(e1.c) != 1) return false;
    const int ahead = (target.r - t.r) * e1.r + (target.c - t.c) * e1.c;  // cells to go along e1
    if (ahead <= 0) return false;
    const int across = e1.r != 0 ? target.c - t.c : target.r - t.r;  // cells to go on the other axis
    auto at = [](Cell x, Cell step, int m) { return Cell{x.r + m * step.r, x.c + m * step.c}; };
    auto track_tile = [this](std::uint32_t tile, std::uint32_t cell) { track(tile, cell); };
    const int sign = across > 0 ? 1 : -1;
    const Cell e2 = e1.r != 0 ? Cell{0, sign} : Cell{sign, 0};  // when across != 0
    int cycles = 0;
    if (across != 0 && is_free(at(t, e2, 1))) {
      const Cell d{e1.r + e2.r, e1.c + e2.c};
      // Cycle m, x = t + m d: the corners x - e1 + e2 and x + e1, the tile's
      // cells x + e2 and x + d.
      cycles = std::min(ahead, std::abs(across));
      for (Cell first : {at(at(t, e1, -1), e2, 1), at(t, e2, 1), at(t, e1, 1), at(t, d, 1)}) {
        cycles = free_run(first, d, cycles);
      }
      if (cycles == 0) return false;
      diagonal_stretch(tile_at_.data(), index(t), delta_of(e1), delta_of(e2), cycles, track_tile);
      emit_cycle(kCycles.diagonal[direction_index(e1)][direction_index(e2)], cycles);
      t = at(t, d, cycles);
    } else {
      // Cycle m needs the tile's next cell t + (m + 1) e1, the other axis's
      // next cell t + m e1 + e2 not free (when that axis is to go), and the
      // side's three cells beside t + (m - 1) e1 .. t + (m + 1) e1.
      cycles = free_run(at(t, e1, 1), e1, ahead);
      if (across != 0) cycles = region_.blocked_run(t.r + e2.r, t.c + e2.c, e1.r, e1.c, cycles);
      const Cell first_side = e1.r != 0 ? Cell{0, -1} : Cell{-1, 0};
      const Cell other_side{-first_side.r, -first_side.c};
      auto side_free = [&](Cell side, int m) { return free_run(at(at(t, e1, m - 1), side, 1), e1, 3) == 3; };
      Cell side = first_side;
      const int first_side_run = free_run(at(at(t, e1, -1), first_side, 1), e1, cycles + 2);
      if (first_side_run >= 3) {
        cycles = std::min(cycles, first_side_run - 2);
      } else {
        side = other_side;
        int m = 0;
        while (m < cycles && !side_free(first_side, m) && side_free(other_side, m)) ++m;
        cycles = m;
      }
      if (cycles == 0) return false;
      straight_stretch(tile_at_.data(), index(t), delta_of(e1), delta_of(side), cycles, track_tile);
      emit_cycle(kCycles.straight[direction_index(e1)][direction_index(side)], cycles);
      t = at(t, e1, cycles);
    }
    set_blank(static_cast<std::uint32_t>(index(t) - delta_of(e1)));
    return true;
  }
  int delta_of(Cell step) const { return step.r * cols_ + step.c; }
  static std::size_t direction_index(Cell step) { return static_cast<std::size_t>(toward({0, 0}, step)); }

  // The common step of move_tile, without Route objects: the blank is beside
  // the tile at t, and each wanted step cell is the blank's cell or reached
  // round the tile by plan_around. Chooses and moves exactly as the general
  // step would (plan_route gives those same routes in this case); false,
  // having moved nothing, when the case does not apply.
  bool step_around(Cell t, const Cell (&steps)[2], const bool (&wanted)[2]) {
    const Cell from = blank();
    if (distance(from, t) != 1) return false;
    int best_cost = INT_MAX;
    int best = -1;
    Route around[2];
    for (int k = 0; k < 2; ++k) {
      if (!wanted[k] || !is_free(steps[k])) continue;
      int cost = 0;
      if (!(from == steps[k])) {
        if (!plan_around(from, steps[k], t, &around[k])) return false;
        cost = around[k].short_moves;
      }
      if (cost < best_cost) {
        best_cost = cost;
        best = k;
      }
    }
    if (best < 0) return false;
    for (int i = 0; i < best_cost; ++i) move(around[best].short_path[static_cast<std::size_t>(i)]);
    move(toward(steps[best], t));
    where_blank_was_ = steps[best];
    return true;
  }

  // Lower row i, column j >= 1: the tile comes in from above or the left.
  void place_interior(int i, int j) {
    set_free(i, cols_ - 1, j);
    move_tile(goal_tile({i, j}), {i, j});
    set_free(i, cols_ - 1, j - 1);
    route_blank({i, j - 1}, kNowhere);
  }

  // Lower row i, column 0: the blank steps up; unless that brought the tile
  // home, the tile goes to (i-1, 1), the blank to (i-1, 0), and the 3x2
  // macro drops it in. The blank then goes to (i-1, C-1).
  void place_column0(int i) {
    const std::uint32_t tile = goal_tile({i, 0});
    move(Direction::kUp);
    set_free(i - 1, cols_ - 1, cols_ - 1);
    if (!(where(tile) == Cell{i, 0})) {
      move_tile(tile, {i - 1, 1});
      route_blank({i - 1, 0}, {i - 1, 1});
      run_moves(column0_macro());
      assert((where(tile) == Cell{i, 0}));
    }
    route_blank({i - 1, cols_ - 1}, kNowhere);
  }

  // Row 1, column j: the tile comes in directly; the blank then goes to (0, j).
  void place_row1(int j) {
    set_free(1, j, j);
    move_tile(goal_tile({1, j}), {1, j});
    set_free(1, j, j - 1);
    route_blank({0, j}, kNowhere);
  }

  // Row 0, column j: the blank goes left and down; unless that brought the
  // tile home, the tile goes to (1, j-1), the blank to (1, j-2), and the 2x3
  // macro drops it in, leaving the blank on (1, j-1).
  void place_row0(int j) {
    const std::uint32_t tile = goal_tile({0, j});
    move(Direction::kLeft);
    move(Direction::kDown);
    set_free(1, j - 1, j - 1);
    if (!(where(tile) == Cell{0, j})) {
      move_tile(tile, {1, j - 1});
      route_blank({1, j - 2}, {1, j - 1});
      run_moves(row0_macro());
      assert((where(tile) == Cell{0, j}));
    }
  }

  // The top-left 2x2, the blank on (1, 1): the shortest rotation that solves it.
  void solve_last_square() {
    const std::uint32_t corner[4] = {goal_tile({0, 0}), goal_tile({0, 1}), goal_tile({1, 0}), goal_tile({1, 1})};
    Window start{};
    const Window goal{0, 1, 2, 3, 0, 0, 0, 0};
    for (int k = 0; k < 4; ++k) {
      const std::uint32_t tile = tile_at_[index({k / 2, k % 2})];
      std::uint8_t label = kAny;
      for (int m = 0; m < 4; ++m) {
        if (corner[m] == tile) label = static_cast<std::uint8_t>(m);
      }
      start[k] = label;
    }
    bool found = false;
    const auto path = window_search(2, 2, start, goal, &found);
    if (!found) throw std::logic_error("phased: the last 2x2 cannot be solved (wrong parity)");
    run_moves(path);
  }

  // Debug builds check the invariant the step names: on the whole board up
  // to 4,096 cells, on the rows it concerns beyond that.
  bool solved_cell(Cell x) const { return tile_at_[index(x)] == goal_tile(x); }
  bool invariant_holds(const PhaseStep& step) const {
    const Cell b = blank();
    const bool whole = static_cast<std::int64_t>(rows_) * cols_ <= 4096;
    auto rows_solved_from = [&](int first) {
      const int last = whole ? rows_ - 1 : std::min(rows_ - 1, first + 1);
      for (int r = first; r <= last; ++r) {
        for (int c = 0; c < cols_; ++c) {
          if (!solved_cell({r, c})) return false;
        }
      }
      return true;
    };
    auto row_solved_after = [&](int r, int j) {
      for (int c = j + 1; c < cols_; ++c) {
        if (!solved_cell({r, c})) return false;
      }
      return true;
    };
    switch (step.kind) {
      case PhaseKind::kLowerRow:
        return b == Cell{step.row, step.col} && row_solved_after(step.row, step.col) &&
               (step.row + 1 >= rows_ || rows_solved_from(step.row + 1));
      case PhaseKind::kRow1:
        return b == Cell{1, step.col} && row_solved_after(0, step.col) && row_solved_after(1, step.col) &&
               (rows_ <= 2 || rows_solved_from(2));
      case PhaseKind::kRow0:
        return b == Cell{0, step.col} && row_solved_after(0, step.col) && row_solved_after(1, step.col - 1) &&
               (rows_ <= 2 || rows_solved_from(2));
      case PhaseKind::kDone: return rows_solved_from(0);
    }
    return false;
  }
  void at_step(const PhaseStep& step) {
    assert(invariant_holds(step));
    (void)&PhasedSolver::invariant_holds;
    flush_moves();
    if (options_.on_step) options_.on_step(step, out_);
  }

  const int rows_;
  const int cols_;
  const std::array<int, 4> delta_{-cols_, cols_, -1, 1};  // a move's change of cell index, by Direction
  std::vector<std::uint32_t> tile_at_;
  static constexpr int kTrackedTiles = 16384;  // positions kept: 64 KB, in the first-level caches
  std::uint32_t tracked_first_ = 0;
  std::uint32_t tracked_count_ = 0;  // tracked_position_.size(), kept at hand for track()
  std::vector<std::uint32_t> tracked_position_;  // by tile - tracked_first_; empty until track_row
  const bool flip_;
  const PhasedOptions& options_;
  MoveSequence& out_;
  PhasedStats& stats_;
  const std::chrono::steady_clock::time_point start_;
  std::uint32_t blank_index_ = 0;
  Cell blank_;  // the blank's cell, kept beside blank_index_ to save a division per use
  std::vector<Direction> local_path_;  // the last local search's path (Route::local)
  Cell where_blank_was_;  // the tile's new cell after step_around
  std::uint64_t pending_ = 0;  // moves not yet in out_, two bits each, first lowest
  unsigned pending_count_ = 0;
  FreeRegion region_;
};

}  // namespace

Board canonical_frame(const Board& board, Goal goal) {
  if (goal == Goal::kBlankFirst) return board;
  const int cells = board.cells();
  std::vector<std::uint32_t> tiles(static_cast<std::size_t>(cells));
  for (int p = 0; p < cells; ++p) {
    const std::uint32_t t = board.at(p);
    tiles[static_cast<std::size_t>(cells - 1 - p)] = t == 0 ? 0 : static_cast<std::uint32_t>(cells) - t;
  }
  return Board(board.rows(), board.cols(), std::move(tiles));
}

std::uint64_t phased_move_estimate(int rows, int cols) {
  return 3 * static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(cols) *
         (static_cast<std::uint64_t>(rows) + static_cast<std::uint64_t>(cols)) / 2;
}

std::string phased_size_refusal(int rows, int cols) {
  const std::uint64_t estimate = phased_move_estimate(rows, cols);
  if (estimate <= kMaxPhasedMoves) return {};
  int side = 2;  // the largest square within the limit
  while (phased_move_estimate(side + 1, side + 1) <= kMaxPhasedMoves) ++side;
  char text[400];
  std::snprintf(text, sizeof text,
                "a phased solution of a %s board takes about %.2g moves (%.3g GB at 2 bits a move); the phased "
                "solver holds at most 2^34 moves (4 GiB): boards up to about %dx%d",
                size_name(rows, cols).c_str(), static_cast<double>(estimate), static_cast<double>(estimate) / 4e9,
                side, side);
  return text;
}

SolveResult solve_phased(const Board& board, const PhasedOptions& options, PhasedStats* stats) {
  const auto start = std::chrono::steady_clock::now();
  SolveResult result;
  if (!is_solvable(board, options.goal)) {
    result.status = Status::kUnsolvable;
    return result;
  }
  if (std::string why = phased_size_refusal(board.rows(), board.cols()); !why.empty()) {
    result.status = Status::kUnsupported;
    result.message = std::move(why);
    return result;
  }
  const bool conflicts_fit = board.rows() <= kMaxConflictLine && board.cols() <= kMaxConflictLine;
  const long long h =
      evaluate(board, options.goal, conflicts_fit ? HeuristicKind::kLinearConflict : HeuristicKind::kManhattan);
  result.lower_bound = h;
  result.initial_h = h <= INT_MAX ? static_cast<int>(h) : -1;
  PhasedStats local;
  PhasedStats& s = stats ? *stats : local;
  s = {};
  // One allocation for the moves (a random board takes about 95% of the
  // estimate; pages are only touched as moves are written).
  result.moves.reserve(phased_move_estimate(board.rows(), board.cols()));
  try {
    PhasedSolver solver(canonical_frame(board, options.goal), options.goal == Goal::kBlankLast, options,
                        result.moves, s);
    solver.run();
    result.status = Status::kSolved;
  } catch (const Stopped&) {
    const bool cancelled = options.cancel && options.cancel->load(std::memory_order_relaxed);
    result.status = cancelled ? Status::kCancelled : Status::kLimit;
    result.message = cancelled ? "cancelled" : "time limit";
    result.moves.clear();
  }
  if (result.status == Status::kSolved) {
    s.raw_length = result.moves.size();
    if (options.cancel_pairs) s.cancelled = cancel_inverse_pairs(result.moves);
    if (options.shorten) s.shortened = shorten_by_windows(board, result.moves);
    result.length = static_cast<std::int64_t>(result.moves.size());
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace npuzzle
