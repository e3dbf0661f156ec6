// IDA* kernel (Korf 1985), a template over the board packing and the board
// shape, so that 3x3, 4x4, 5x5, 3x4 and 4x3 get compile-time dimensions (kRows > 0)
// and every other shape up to kMaxSearchCells the generic instance (kRows ==
// 0, dimensions read from the tables).
//
// Per node: no allocation, no virtual call, no hashing, no copy of any array.
// A move is one add on the packed board (carried in a register by the static
// kernels, applied and undone in place by the generic one); h is carried down
// the recursion and updated from precomputed delta tables (tile_tables.h);
// the linear-conflict codes are updated in place and restored on return; the
// move back to the parent is never generated.
//
// Counting, as in Burns et al. (SoCS 2012): a node is *expanded* when its
// children are generated (f <= bound, not the goal); every child counts as
// *generated*, including those cut by the bound; the root is expanded once
// per iteration and never counted as generated. The next bound is the
// smallest f that exceeded the current one.
#pragma once

#include <array>
#include <algorithm>
#include <climits>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/packed_board.h"
#include "heuristics/incremental.h"
#include "heuristics/tile_tables.h"
#include "search/budget.h"
#include "search/result.h"

namespace npuzzle {

// A weight W = num / den >= 1 for weighted IDA* and weighted A*, and for
// weighted IDA* a bound growth G = grow_num / grow_den >= 1 (see kWeighted).
struct SearchWeight {
  int num = 1;
  int den = 1;
  std::int64_t grow_num = 1;
  std::int64_t grow_den = 1;
};

// kWeighted: weighted IDA*, f = g + W*h with the bound on f, on the generic
// kernel only (kRows == 0), so that the unweighted kernels carry no cost for
// it. f is kept scaled by den: den*g + num*h, in integers.
//
// The guarantee: the solution found is at most W times the optimal length
// C*, when h is admissible. Every node n on an optimal path has
// g(n) + h(n) <= C*, so f(n) = g(n) + W*h(n) <= W*(g(n) + h(n)) <= W*C*. An
// iteration with bound B >= W*C* prunes no node of that path and so finds a
// goal; until a goal is found, some node of the path was pruned, so the next
// bound (the least pruned f) is at most W*C*. A goal is found with
// g = f <= B <= W*C*. An iteration with bound B that finds no goal also
// proves C* > B / W: that is the reported lower bound (with h(root)).
//
// Bigger bound steps (G > 1, --bound-growth): the search runs with an inner
// weight w = num/den and the bound grows to at least G times the last, with
// w*G <= the user's weight W'. The first bound w*h(root) <= w*C*. An
// iteration with bound B that finds no goal proves w*C* > B (as above), and
// pruned a node of an optimal path with f <= w*C*, so the next bound
// max(least pruned f, floor(G*B)) is at most max(w*C*, G*w*C*) <= W'*C*; an
// iteration whose bound is at least w*C* finds a goal; a goal is found with
// g <= bound <= W'*C*. The lower bound C* > B/w still holds. Near W' = 1 the
// steps of G = 1 are tiny (1/den of a move) and the tree is searched again
// for each; with G > 1 the number of iterations grows only logarithmically.
template <PackedBoard Storage, int kRows, int kCols, class Heuristic, bool kWeighted = false>
  requires(IncrementalHeuristic<Heuristic> || PreparingHeuristic<Heuristic>) && (!kWeighted || kRows == 0)
class IdaStar {
  static constexpr bool kPrepares = PreparingHeuristic<Heuristic>;

 public:
  // Precondition: `tables` match the board's shape and the goal (the kernel
  // takes its move lists from them); the board is solvable.
  IdaStar(const TileTables& tables, Heuristic heuristic, Budget& budget, SearchWeight weight = {})
      : tables_(tables),
        cells_(kRows ? kRows * kCols : tables.cells),
        moves_(tables.moves.data()),
        heuristic_(std::move(heuristic)),
        budget_(budget),
        weight_(weight) {}

  SolveResult run(const Board& start) {
    SolveResult result;
    board_ = Storage::from(start);
    goal_ = Storage::from(Board::solved(start.rows(), start.cols(), tables_.goal));
    const int h = heuristic_.reset(start);
    result.initial_h = h;
    result.lower_bound = h;
    if (board_ == goal_) {
      result.status = Status::kOptimal;
      result.length = 0;
      return result;
    }
    interval_ = budget_.next_interval(0);
    until_check_ = interval_;
    bound_ = kWeighted ? weight_.num * h : h;
    std::int64_t proven = h;  // weighted: the best lower bound so far
    for (;;) {
      next_bound_ = INT_MAX;
      [[maybe_unused]] const int last_bound = bound_;
      path_.resize(static_cast<std::size_t>(kWeighted ? bound_ / weight_.den : bound_) + 1);
      const bool done = search_root(h, start.blank());
      if (done && !stopped_) {
        result.status = kWeighted ? Status::kSolved : Status::kOptimal;
        result.length = length_;
        result.lower_bound = kWeighted ? std::min<std::int64_t>(proven, length_) : length_;
        result.moves = MoveSequence(path_.begin(), path_.begin() + length_);
        break;
      }
      if (stopped_) {
        // Every completed iteration proved that no solution is shorter than
        // the bound now being searched.
        result.status = budget_.stop_status();
        result.message = budget_.stop_reason();
        result.lower_bound = kWeighted ? proven : bound_;
        break;
      }
      if constexpr (kWeighted) proven = std::max<std::int64_t>(proven, bound_ / weight_.num + 1);
      if (next_bound_ == INT_MAX) {  // unreachable for a solvable board
        result.status = Status::kUnsolvable;
        result.lower_bound = -1;
        break;
      }
      bound_ = next_bound_;
      if constexpr (kWeighted) {
        if (weight_.grow_num > weight_.grow_den) {
          const std::int64_t grown = static_cast<std::int64_t>(last_bound) * weight_.grow_num / weight_.grow_den;
          bound_ = static_cast<int>(std::clamp<std::int64_t>(grown, bound_, INT_MAX / 2));
        }
      }
    }
    expanded_ += interval_ - until_check_;  // the part of the last interval used
    result.expanded = expanded_;
    result.generated = generated_;
    return result;
  }

 private:
  int cells() const {
    if constexpr (kRows > 0) {
      return kRows * kCols;
    } else {
      return cells_;
    }
  }
  int cols() const {
    if constexpr (kRows > 0) {
      return kCols;
    } else {
      return tables_.cols;
    }
  }
  int rows() const {
    if constexpr (kRows > 0) {
      return kRows;
    } else {
      return tables_.rows;
    }
  }

  // Polled every Budget::next_interval() expansions.
  // The expansion count lives in the countdown: expanded_ is brought up to
  // date here and at the end of run(), not once per node.
  [[gnu::noinline]] bool check_budget() {
    expanded_ += interval_;
    interval_ = budget_.next_interval(expanded_);
    until_check_ = interval_;
    if (budget_.exhausted(expanded_, generated_, kWeighted ? bound_ / weight_.den : bound_)) {
      stopped_ = true;
      return true;
    }
    return false;
  }

  bool search_root(int h, int blank) {
    if constexpr (kRows > 0) {
      return root_table()[blank](this, h);
    } else {
      return dfs(0, h, blank, -1);
    }
  }

  // The compile-time kernel: the blank's cell and its parent's are template
  // arguments, so the up-to-four moves are unrolled, the parent move is
  // dropped at compile time, and every shift and table offset is a constant.
  // The packed board travels in a register (one or two machine words, like
  // h): a child's board is its parent's plus one add, and the parent's is
  // still in its register after the call, so undo costs nothing. Keeping it in
  // memory and undoing in place measured 10-15% slower (results/README.md):
  // every move then waits on the previous store to the same word.
  static constexpr int kCells = kRows * kCols;
  using RootFn = bool (*)(IdaStar*, int);

  template <int kBlank>
  static bool root(IdaStar* self, int h) {
    return self->template dfs_at<kBlank, -1>(self->bound_ - 1, h, self->board_);
  }
  template <std::size_t... kBlank>
  static constexpr std::array<RootFn, sizeof...(kBlank)> make_root_table(std::index_sequence<kBlank...>) {
    return {&IdaStar::root<static_cast<int>(kBlank)>...};
  }
  static const std::array<RootFn, (kCells > 0 ? kCells : 1)>& root_table() {
    static constexpr auto table = make_root_table(std::make_index_sequence<(kCells > 0 ? kCells : 1)>());
    return table;
  }

  // One call per expanded node: the steps are inlined into it, so a child
  // cut by the bound costs no call. `room` is bound - g - 1, the largest h a
  // child may have; g itself is needed only on the way back from the goal.
  template <int kBlank, int kParent>
  [[gnu::noinline]] bool dfs_at(int room, int h, Storage board) {
    if (--until_check_ == 0) [[unlikely]] {
      if (check_budget()) return true;
    }
    constexpr int kUp = kBlank >= kCols && kBlank - kCols != kParent;
    constexpr int kLeft = kBlank % kCols > 0 && kBlank - 1 != kParent;
    constexpr int kRight = kBlank % kCols < kCols - 1 && kBlank + 1 != kParent;
    constexpr int kDown = kBlank < kCells - kCols && kBlank + kCols != kParent;
    generated_ += kUp + kLeft + kRight + kDown;
    typename Heuristic::Step up, left, right, down;
    if constexpr (kPrepares) {
      // All children are prepared (for a PDB: ranked, entries prefetched)
      // before the first is evaluated, so that their cache misses overlap.
      if constexpr (kUp) heuristic_.prepare(up, board.at(kBlank - kCols), kBlank - kCols, kBlank, board);
      if constexpr (kLeft) heuristic_.prepare(left, board.at(kBlank - 1), kBlank - 1, kBlank, board);
      if constexpr (kRight) heuristic_.prepare(right, board.at(kBlank + 1), kBlank + 1, kBlank, board);
      if constexpr (kDown) heuristic_.prepare(down, board.at(kBlank + kCols), kBlank + kCols, kBlank, board);
    }
    // Burns et al.'s order: up, left, right, down. Every child counts as
    // generated, cut or not, so the count is a constant per (blank, parent);
    // only the children never reached after the goal is found are taken off.
    if constexpr (kUp) {
      if (step_at<kBlank, kBlank - kCols, Direction::kUp>(up, room, h, board)) {
        generated_ -= kLeft + kRight + kDown;
        return true;
      }
    }
    if constexpr (kLeft) {
      if (step_at<kBlank, kBlank - 1, Direction::kLeft>(left, room, h, board)) {
        generated_ -= kRight + kDown;
        return true;
      }
    }
    if constexpr (kRight) {
      if (step_at<kBlank, kBlank + 1, Direction::kRight>(right, room, h, board)) {
        generated_ -= kDown;
        return true;
      }
    }
    if constexpr (kDown) {
      if (step_at<kBlank, kBlank + kCols, Direction::kDown>(down, room, h, board)) return true;
    }
    return false;
  }


  // The path is written while unwinding from the goal, not on the way down:
  // one store per solution move instead of one per node.
  template <int kBlank, int kTarget, Direction kDir>
  [[gnu::always_inline]] bool step_at(typename Heuristic::Step& step, int room, int h, Storage board) {
    const int tile = board.at(kTarget);
    int child_h;
    if constexpr (kPrepares) {
      child_h = heuristic_.evaluate(step, room);
    } else {
      child_h = heuristic_.child(step, h, tile, kTarget, kBlank, kDir == Direction::kUp || kDir == Direction::kDown,
                                 kCols, kCells);
    }
    if (child_h > room) {
      heuristic_.reject(step);
      const int f = bound_ - room + child_h;  // g + 1 + child_h
      if (f < next_bound_) next_bound_ = f;
      return false;
    }
    board.slide(kTarget, kBlank, tile);
    const int g = bound_ - room - 1;
    if (child_h == 0 && board == goal_) {
      length_ = g + 1;
      path_[g] = kDir;
      return true;
    }
    heuristic_.descend(step);
    if (dfs_at<kTarget, kBlank>(room - 1, child_h, board)) {
      path_[bound_ - room - 1] = kDir;
      return true;
    }
    heuristic_.ascend(step);
    return false;
  }

  // The largest h a child of a node at depth g may have within the bound.
  int room_for_child(int g) const {
    if constexpr (kWeighted) {
      const int scaled = bound_ - weight_.den * (g + 1);
      return scaled < 0 ? -1 : scaled / weight_.num;
    } else {
      return bound_ - g - 1;
    }
  }

  // The generic kernel, for shapes known only at run time.
  // Searches below the node whose blank is on `blank`, reached at cost g
  // with heuristic h (f = g + h <= bound). Returns true when the search is
  // over: the goal was found (path_[0..length_) holds it) or a limit hit.
  bool dfs(int g, int h, int blank, int parent) {
    if (--until_check_ == 0) [[unlikely]] {
      if (check_budget()) return true;
    }
    const int n = cells();
    const MoveList& m = moves_[blank];
    for (int i = 0; i < m.count; ++i) {
      const int target = m.target[i];
      if (target == parent) continue;
      ++generated_;
      const int tile = board_.at(target);
      typename Heuristic::Step step;
      int child_h;
      if constexpr (kPrepares) {
        heuristic_.prepare(step, tile, target, blank, board_);
        child_h = heuristic_.evaluate(step, room_for_child(g));
      } else {
        child_h = heuristic_.child(step, h, tile, target, blank, static_cast<int>(m.direction[i]) < 2, cols(), n);
      }
      const int f = kWeighted ? weight_.den * (g + 1) + weight_.num * child_h : g + 1 + child_h;
      if (f > bound_) {
        heuristic_.reject(step);
        if (f < next_bound_) next_bound_ = f;
        continue;
      }
      board_.slide(target, blank, tile);
      path_[g] = m.direction[i];
      if (child_h == 0 && board_ == goal_) {
        length_ = g + 1;
        return true;
      }
      heuristic_.descend(step);
      if (dfs(g + 1, child_h, target, blank)) return true;
      heuristic_.ascend(step);
      board_.slide(blank, target, tile);
    }
    return false;
  }


  const TileTables& tables_;
  const int cells_;
  const MoveList* moves_;
  Heuristic heuristic_;
  Budget& budget_;
  const SearchWeight weight_;

  Storage board_;
  Storage goal_;
  std::vector<Direction> path_;
  int bound_ = 0;
  int next_bound_ = INT_MAX;
  int length_ = -1;
  bool stopped_ = false;
  std::uint64_t expanded_ = 0;
  std::uint64_t generated_ = 0;
  std::uint64_t until_check_ = 0;  // expansions left before the next budget check
  std::uint64_t interval_ = 0;     // the length of the current check interval
};

}  // namespace npuzzle
