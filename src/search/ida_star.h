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
// move back to the parent is never generated. With kPruning == kFsm the
// kernel also carries the state of a move-pruning machine (move_fsm.h): one
// table read per child, and a dead move is not generated at all; this is a
// separate instance, so the default kernels' code and counts are untouched.
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
#include "search/move_fsm.h"
#include "search/result.h"
#include "search/search_params.h"

namespace npuzzle {

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
template <PackedBoard Storage, int kRows, int kCols, class Heuristic, bool kWeighted = false,
          MovePruning kPruning = MovePruning::kParent>
  requires(IncrementalHeuristic<Heuristic> || PreparingHeuristic<Heuristic, Storage>) && (!kWeighted || kRows == 0)
class IdaStar {
  static constexpr bool kPrepares = PreparingHeuristic<Heuristic, Storage>;
  // A heuristic whose prepare() is locate() then fetch() (zero-aware tables:
  // locate() updates the index and prefetches the per-set record, fetch()
  // reads it and prefetches the entry) lets dfs_at locate all children
  // before fetching the first, so both rounds of misses overlap.
  static constexpr bool kTwoStage = requires(Heuristic& h, typename Heuristic::Step& s) { h.fetch(s); };
  // A heuristic with a reflected view it can screen (pdb_views.h): dfs_at
  // evaluates the plain view of all children first and indexes the
  // reflected view only for the children the plain one does not cut.
  static constexpr bool kScreens = requires(Heuristic& h, typename Heuristic::Step& s) { h.screen(s, 0); };
  // A heuristic whose prepare() reads nothing and learns the child's h
  // (child signs: child_sign_heuristic.h): dfs_at then asks it to fetch
  // only what the children the bound lets through will need.
  static constexpr bool kFetchesOpen = requires(Heuristic& h, typename Heuristic::Step& s) { h.fetch_open(s, 0); };
  static constexpr bool kFsm = kPruning == MovePruning::kFsm;
  // A heuristic that asks for it (kSharedKernel) is searched, in a shape
  // kernel with the move-pruning machine, by one function for every blank
  // cell (dfs_fsm_shared) instead of one per cell (dfs_fsm_at).
  static constexpr bool kSharedFsmKernel = [] {
    if constexpr (requires { Heuristic::kSharedKernel; }) {
      return Heuristic::kSharedKernel && kFsm && kRows > 0;
    } else {
      return false;
    }
  }();

 public:
  // Precondition: `tables` match the board's shape and the goal (the kernel
  // takes its move lists from them); the board is solvable. kFsm: `fsm`
  // is the machine for the board's shape and outlives the search.
  IdaStar(const TileTables& tables, Heuristic heuristic, Budget& budget, SearchWeight weight = {},
          const MoveFsm* fsm = nullptr)
      : tables_(tables),
        cells_(kRows ? kRows * kCols : tables.cells),
        moves_(tables.moves.data()),
        heuristic_(std::move(heuristic)),
        budget_(budget),
        weight_(weight) {
    if constexpr (kFsm) {
      fsm_next_ = fsm->next.data();
      fsm_first_ = fsm->first.data();
    }
  }

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
    // A checkpoint's iterations (checkpoint.h) are not searched again.
    std::uint64_t resumed_expanded = 0;
    std::uint64_t resumed_generated = 0;
    if constexpr (!kWeighted) {
      if (const auto& resume = budget_.limits().resume; resume && resume->bound > bound_) {
        bound_ = resume->bound;
        result.lower_bound = bound_;
        resumed_expanded = resume->expanded;
        resumed_generated = resume->generated;
      }
    }
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
      if constexpr (!kWeighted) {
        if (budget_.iteration_ends_search(IterationDone{bound_, next_bound_,
                                                        resumed_expanded + expanded_ + (interval_ - until_check_),
                                                        resumed_generated + generated_})) {
          result.status = Status::kLimit;
          result.message = kStoppedAfterIteration;
          result.lower_bound = next_bound_;
          break;
        }
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
    result.expanded = resumed_expanded + expanded_;
    result.generated = resumed_generated + generated_;
    return result;
  }

  // Subtrees, for parallel IDA* (parallel_ida_star.h): a kernel per thread
  // searches whole subtrees of an iteration one after another, with the
  // recursion and the counting of run(). Unweighted search only.
  //
  // Once per search, before the first subtree: the goal of `start`'s shape.
  void begin_subtrees(const Board& start)
    requires(!kWeighted)
  {
    goal_ = Storage::from(Board::solved(start.rows(), start.cols(), tables_.goal));
    interval_ = budget_.next_interval(expanded());
    until_check_ = interval_;
  }

  // Searches below `node` in the iteration with `bound` exactly as run()'s
  // recursion does when it reaches that node: `g` moves from the root,
  // `prune` is what cuts its children (the cell the blank came from, -1:
  // none; with kFsm the machine's state on the node's blank cell), `h` is the value the kernel
  // carried down (g + h <= bound). Returns true when the goal was found
  // below it (path()[g, length()) holds the moves from `node`) or the budget
  // stopped the search (stopped()). next_bound() is then the least f above
  // `bound` seen in this subtree.
  bool search_subtree(const Board& node, int g, int h, int prune, int bound)
    requires(!kWeighted)
  {
    heuristic_.reset(node);
    board_ = Storage::from(node);
    bound_ = bound;
    next_bound_ = INT_MAX;
    length_ = -1;
    stopped_ = false;
    if (path_.size() < static_cast<std::size_t>(bound) + 1) path_.resize(static_cast<std::size_t>(bound) + 1);
    if constexpr (kRows > 0 && kFsm) {
      // The machine's state kills the move back, so the entry needs no parent.
      return fsm_subtree_table()[static_cast<std::size_t>(node.blank())](this, bound - g - 1, h, prune);
    } else if constexpr (kRows > 0) {
      return subtree_table()[static_cast<std::size_t>(node.blank() * 5 + parent_slot(node.blank(), prune))](
          this, bound - g - 1, h);
    } else {
      return dfs(g, h, node.blank(), prune);
    }
  }
  bool stopped() const { return stopped_; }
  int length() const { return length_; }
  int next_bound() const { return next_bound_; }
  const std::vector<Direction>& path() const { return path_; }
  // Over every subtree searched so far, exact at any time.
  std::uint64_t expanded() const { return expanded_ + (interval_ - until_check_); }
  std::uint64_t generated() const { return generated_; }

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
      return dfs(0, h, blank, kFsm ? MoveFsm::kEmptyHistory : -1);
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
    if constexpr (kFsm) {
      return self->template dfs_fsm_at<kBlank>(self->bound_ - 1, h, self->board_, MoveFsm::kEmptyHistory);
    } else {
      return self->template dfs_at<kBlank, -1>(self->bound_ - 1, h, self->board_);
    }
  }
  template <std::size_t... kBlank>
  static constexpr std::array<RootFn, sizeof...(kBlank)> make_root_table(std::index_sequence<kBlank...>) {
    return {&IdaStar::root<static_cast<int>(kBlank)>...};
  }
  static const std::array<RootFn, (kCells > 0 ? kCells : 1)>& root_table() {
    static constexpr auto table = make_root_table(std::make_index_sequence<(kCells > 0 ? kCells : 1)>());
    return table;
  }

  // search_subtree's entry into the compile-time kernel: one function per
  // (blank, parent) pair, indexed blank * 5 + slot, the slot naming the
  // parent: 0 none, 1 above, 2 left, 3 right, 4 below (a slot with no such
  // neighbour means none). These are the dfs_at instances the recursion
  // already has.
  static constexpr int parent_in_slot(int blank, int slot) {
    switch (slot) {
      case 1: return blank >= kCols ? blank - kCols : -1;
      case 2: return blank % kCols > 0 ? blank - 1 : -1;
      case 3: return blank % kCols < kCols - 1 ? blank + 1 : -1;
      case 4: return blank < kCells - kCols ? blank + kCols : -1;
      default: return -1;
    }
  }
  int parent_slot(int blank, int parent) const {
    if (parent < 0) return 0;
    if (parent == blank - kCols) return 1;
    if (parent == blank - 1) return 2;
    return parent == blank + 1 ? 3 : 4;
  }
  using SubtreeFn = bool (*)(IdaStar*, int, int);
  template <int kIndex>
  static bool subtree_root(IdaStar* self, int room, int h) {
    return self->template dfs_at<kIndex / 5, parent_in_slot(kIndex / 5, kIndex % 5)>(room, h, self->board_);
  }
  template <std::size_t... kIndex>
  static constexpr std::array<SubtreeFn, sizeof...(kIndex)> make_subtree_table(std::index_sequence<kIndex...>) {
    return {&IdaStar::subtree_root<static_cast<int>(kIndex)>...};
  }
  static const std::array<SubtreeFn, (kCells > 0 ? 5 * kCells : 1)>& subtree_table() {
    static constexpr auto table = make_subtree_table(std::make_index_sequence<(kCells > 0 ? 5 * kCells : 1)>());
    return table;
  }
  // With kFsm: one entry per blank cell, given the machine's state.
  using FsmSubtreeFn = bool (*)(IdaStar*, int, int, int);
  template <int kBlank>
  static bool fsm_subtree_root(IdaStar* self, int room, int h, int state) {
    return self->template dfs_fsm_at<kBlank>(room, h, self->board_, state);
  }
  template <std::size_t... kBlank>
  static constexpr std::array<FsmSubtreeFn, sizeof...(kBlank)> make_fsm_subtree_table(std::index_sequence<kBlank...>) {
    return {&IdaStar::fsm_subtree_root<static_cast<int>(kBlank)>...};
  }
  static const std::array<FsmSubtreeFn, (kCells > 0 ? kCells : 1)>& fsm_subtree_table() {
    static constexpr auto table = make_fsm_subtree_table(std::make_index_sequence<(kCells > 0 ? kCells : 1)>());
    return table;
  }

  // Prepares the children of a node with the blank on `blank` (a constant
  // in dfs_at and dfs_fsm_at, not in dfs_fsm_shared) before the
  // first is evaluated (for a PDB: ranked, entries prefetched), so that their
  // cache misses overlap: in two rounds (locate all, then fetch all) when
  // the heuristic has them, and with screening (the reflected view only for
  // the children the plain one does not cut) when it has that. kUp...: the
  // child may exist (on the board, not the parent); up_live...: it does
  // (always true with parent pruning, the machine's verdict with kFsm).
  template <bool kUp, bool kLeft, bool kRight, bool kDown>
  [[gnu::always_inline]] void prepare_children(int blank, typename Heuristic::Step& up, typename Heuristic::Step& left,
                                               typename Heuristic::Step& right, typename Heuristic::Step& down,
                                               bool up_live, bool left_live, bool right_live, bool down_live,
                                               [[maybe_unused]] int room, const Storage& board) {
    up_live = kUp && up_live;
    left_live = kLeft && left_live;
    right_live = kRight && right_live;
    down_live = kDown && down_live;
    const int up_cell = blank - kCols, left_cell = blank - 1, right_cell = blank + 1, down_cell = blank + kCols;
    if constexpr (kScreens) {
      if (up_live) heuristic_.locate_plain(up, board.at(up_cell), up_cell, blank, board);
      if (left_live) heuristic_.locate_plain(left, board.at(left_cell), left_cell, blank, board);
      if (right_live) heuristic_.locate_plain(right, board.at(right_cell), right_cell, blank, board);
      if (down_live) heuristic_.locate_plain(down, board.at(down_cell), down_cell, blank, board);
      if (up_live) heuristic_.fetch_plain(up);
      if (left_live) heuristic_.fetch_plain(left);
      if (right_live) heuristic_.fetch_plain(right);
      if (down_live) heuristic_.fetch_plain(down);
      const bool up_open = up_live && heuristic_.screen(up, room);
      const bool left_open = left_live && heuristic_.screen(left, room);
      const bool right_open = right_live && heuristic_.screen(right, room);
      const bool down_open = down_live && heuristic_.screen(down, room);
      if (up_open) heuristic_.locate_mirrored(up, board.at(up_cell), up_cell, blank, board);
      if (left_open) heuristic_.locate_mirrored(left, board.at(left_cell), left_cell, blank, board);
      if (right_open) heuristic_.locate_mirrored(right, board.at(right_cell), right_cell, blank, board);
      if (down_open) heuristic_.locate_mirrored(down, board.at(down_cell), down_cell, blank, board);
      if (up_open) heuristic_.fetch_mirrored(up);
      if (left_open) heuristic_.fetch_mirrored(left);
      if (right_open) heuristic_.fetch_mirrored(right);
      if (down_open) heuristic_.fetch_mirrored(down);
    } else if constexpr (kTwoStage) {
      if (up_live) heuristic_.locate(up, board.at(up_cell), up_cell, blank, board);
      if (left_live) heuristic_.locate(left, board.at(left_cell), left_cell, blank, board);
      if (right_live) heuristic_.locate(right, board.at(right_cell), right_cell, blank, board);
      if (down_live) heuristic_.locate(down, board.at(down_cell), down_cell, blank, board);
      if (up_live) heuristic_.fetch(up);
      if (left_live) heuristic_.fetch(left);
      if (right_live) heuristic_.fetch(right);
      if (down_live) heuristic_.fetch(down);
    } else {
      if (up_live) heuristic_.prepare(up, board.at(up_cell), up_cell, blank, board);
      if (left_live) heuristic_.prepare(left, board.at(left_cell), left_cell, blank, board);
      if (right_live) heuristic_.prepare(right, board.at(right_cell), right_cell, blank, board);
      if (down_live) heuristic_.prepare(down, board.at(down_cell), down_cell, blank, board);
      if constexpr (kFetchesOpen) {
        if (up_live) heuristic_.fetch_open(up, room);
        if (left_live) heuristic_.fetch_open(left, room);
        if (right_live) heuristic_.fetch_open(right, room);
        if (down_live) heuristic_.fetch_open(down, room);
      }
    }
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
      prepare_children<kUp, kLeft, kRight, kDown>(kBlank, up, left, right, down, true, true, true, true, room, board);
    }
    // Burns et al.'s order: up, left, right, down. Every child counts as
    // generated, cut or not, so the count is a constant per (blank, parent);
    // only the children never reached after the goal is found are taken off.
    if constexpr (kUp) {
      if (step_at<kBlank, kBlank - kCols, Direction::kUp, kScreens>(up, room, h, board)) {
        generated_ -= kLeft + kRight + kDown;
        return true;
      }
    }
    if constexpr (kLeft) {
      if (step_at<kBlank, kBlank - 1, Direction::kLeft, kScreens>(left, room, h, board)) {
        generated_ -= kRight + kDown;
        return true;
      }
    }
    if constexpr (kRight) {
      if (step_at<kBlank, kBlank + 1, Direction::kRight, kScreens>(right, room, h, board)) {
        generated_ -= kDown;
        return true;
      }
    }
    if constexpr (kDown) {
      if (step_at<kBlank, kBlank + kCols, Direction::kDown, kScreens>(down, room, h, board)) return true;
    }
    return false;
  }


  // The cells next to each cell, in Burns et al.'s order (up, left, right,
  // down), -1 off the board: the board's edges, for both fsm kernels.
  static constexpr auto make_neighbours() {
    std::array<std::array<std::int8_t, 4>, (kCells > 0 ? kCells : 1)> cells{};
    for (int c = 0; c < kCells; ++c) {
      cells[c][0] = static_cast<std::int8_t>(c >= kCols ? c - kCols : -1);
      cells[c][1] = static_cast<std::int8_t>(c % kCols > 0 ? c - 1 : -1);
      cells[c][2] = static_cast<std::int8_t>(c % kCols < kCols - 1 ? c + 1 : -1);
      cells[c][3] = static_cast<std::int8_t>(c < kCells - kCols ? c + kCols : -1);
    }
    return cells;
  }
  static constexpr auto kNeighbours = make_neighbours();

  // dfs_at with the move-pruning machine in `state` (kFsm): a child is
  // generated only when the machine lets its move live, the move back to the
  // parent included. Unlike dfs_at, there is one instance per blank cell, not
  // per (cell, parent): a quarter of the code and of its compile time. The
  // run-time test of the parent move costs about 0.4 more mispredicted
  // branches per expansion under cachegrind's simulation, yet no measurable
  // time on the 24-puzzle (results/move_pruning.md).
  template <int kBlank>
  [[gnu::noinline]] bool dfs_fsm_at(int room, int h, Storage board, int state) {
    if constexpr (kSharedFsmKernel) {
      return dfs_fsm_shared(room, h, board, state, kBlank);
    } else {
      if (--until_check_ == 0) [[unlikely]] {
        if (check_budget()) return true;
      }
      const std::uint16_t* next = fsm_next_ + 4 * (fsm_first_[kBlank] + state);
      constexpr bool kHasUp = kNeighbours[kBlank][0] >= 0;
      constexpr bool kHasLeft = kNeighbours[kBlank][1] >= 0;
      constexpr bool kHasRight = kNeighbours[kBlank][2] >= 0;
      constexpr bool kHasDown = kNeighbours[kBlank][3] >= 0;
      const int up_state = kHasUp ? next[static_cast<int>(Direction::kUp)] : kDeadMove;
      const int left_state = kHasLeft ? next[static_cast<int>(Direction::kLeft)] : kDeadMove;
      const int right_state = kHasRight ? next[static_cast<int>(Direction::kRight)] : kDeadMove;
      const int down_state = kHasDown ? next[static_cast<int>(Direction::kDown)] : kDeadMove;
      // Left uninitialised: a dead move's step is neither prepared nor used.
      // Value-initialising the four cost 96 stores in zpdb:6666's 5x5 kernel
      // of one cell, and 1.2x its code (results/korf24_levers.md section
      // 33); GCC's -Wmaybe-uninitialized cannot see this and is off for
      // these units (src/CMakeLists.txt).
      typename Heuristic::Step up, left, right, down;
      if constexpr (kPrepares) {
        prepare_children<kHasUp, kHasLeft, kHasRight, kHasDown>(kBlank, up, left, right, down,
                                                                up_state != kDeadMove, left_state != kDeadMove,
                                                                right_state != kDeadMove, down_state != kDeadMove,
                                                                room, board);
      }
      if constexpr (kHasUp) {
        if (up_state != kDeadMove) {
          ++generated_;
          if (step_at<kBlank, kBlank - kCols, Direction::kUp, kScreens>(up, room, h, board, up_state)) {
            return true;
          }
        }
      }
      if constexpr (kHasLeft) {
        if (left_state != kDeadMove) {
          ++generated_;
          if (step_at<kBlank, kBlank - 1, Direction::kLeft, kScreens>(left, room, h, board, left_state)) {
            return true;
          }
        }
      }
      if constexpr (kHasRight) {
        if (right_state != kDeadMove) {
          ++generated_;
          if (step_at<kBlank, kBlank + 1, Direction::kRight, kScreens>(right, room, h, board, right_state)) {
            return true;
          }
        }
      }
      if constexpr (kHasDown) {
        if (down_state != kDeadMove) {
          ++generated_;
          if (step_at<kBlank, kBlank + kCols, Direction::kDown, kScreens>(down, room, h, board, down_state)) {
            return true;
          }
        }
      }
      return false;
    }
  }

  // dfs_fsm_at with the blank's cell a run-time argument: one function for
  // every cell, whose per-child code is one copy, so that the search's code
  // stays in the 32 KiB instruction cache (results/korf24_levers.md section
  // 27). The same children in the same order as dfs_fsm_at's, so the same
  // node counts.
  [[gnu::noinline]] bool dfs_fsm_shared(int room, int h, Storage board, int state, int blank) {
    if (--until_check_ == 0) [[unlikely]] {
      if (check_budget()) return true;
    }
    const std::uint16_t* next = fsm_next_ + 4 * (fsm_first_[blank] + state);
    const auto& neighbours = kNeighbours[static_cast<std::size_t>(blank)];
    const int up_state = neighbours[0] >= 0 ? next[static_cast<int>(Direction::kUp)] : kDeadMove;
    const int left_state = neighbours[1] >= 0 ? next[static_cast<int>(Direction::kLeft)] : kDeadMove;
    const int right_state = neighbours[2] >= 0 ? next[static_cast<int>(Direction::kRight)] : kDeadMove;
    const int down_state = neighbours[3] >= 0 ? next[static_cast<int>(Direction::kDown)] : kDeadMove;
    typename Heuristic::Step up, left, right, down;  // as dfs_fsm_at's
    if constexpr (kPrepares) {
      prepare_children<true, true, true, true>(blank, up, left, right, down, up_state != kDeadMove,
                                               left_state != kDeadMove, right_state != kDeadMove,
                                               down_state != kDeadMove, room, board);
    }
    const auto search = [this](int child_state, int target) {
      return [this, child_state, target](int child_room, int child_h, Storage child) {
        return dfs_fsm_shared(child_room, child_h, child, child_state, target);
      };
    };
    if (up_state != kDeadMove) {
      ++generated_;
      if (step_with<Direction::kUp, kScreens>(up, room, h, board, blank, blank - kCols,
                                              search(up_state, blank - kCols))) {
        return true;
      }
    }
    if (left_state != kDeadMove) {
      ++generated_;
      if (step_with<Direction::kLeft, kScreens>(left, room, h, board, blank, blank - 1,
                                                search(left_state, blank - 1))) {
        return true;
      }
    }
    if (right_state != kDeadMove) {
      ++generated_;
      if (step_with<Direction::kRight, kScreens>(right, room, h, board, blank, blank + 1,
                                                 search(right_state, blank + 1))) {
        return true;
      }
    }
    if (down_state != kDeadMove) {
      ++generated_;
      if (step_with<Direction::kDown, kScreens>(down, room, h, board, blank, blank + kCols,
                                                search(down_state, blank + kCols))) {
        return true;
      }
    }
    return false;
  }

  // The path is written while unwinding from the goal, not on the way down:
  // one store per solution move instead of one per node.
  // kScreened: dfs_at screened the step (kScreens) instead of preparing it.
  template <int kBlank, int kTarget, Direction kDir, bool kScreened = false>
  [[gnu::always_inline]] bool step_at(typename Heuristic::Step& step, int room, int h, Storage board,
                                      [[maybe_unused]] int fsm_state = 0) {
    return step_with<kDir, kScreened>(step, room, h, board, kBlank, kTarget, [&](int child_room, int child_h,
                                                                                Storage child) {
      if constexpr (kFsm) {
        return dfs_fsm_at<kTarget>(child_room, child_h, child, fsm_state);
      } else {
        return dfs_at<kTarget, kBlank>(child_room, child_h, child);
      }
    });
  }
  // step_at's body, with the blank's cell and the child's (`target`) as
  // arguments: `search(room, h, board)` searches below the child.
  template <Direction kDir, bool kScreened, class Search>
  [[gnu::always_inline]] bool step_with(typename Heuristic::Step& step, int room, int h, Storage board, int blank,
                                        int target, Search search) {
    const int tile = board.at(target);
    int child_h;
    if constexpr (kScreened) {
      child_h = heuristic_.evaluate_screened(step, room);
    } else if constexpr (kPrepares) {
      child_h = heuristic_.evaluate(step, room);
    } else {
      child_h = heuristic_.child(step, h, tile, target, blank, kDir == Direction::kUp || kDir == Direction::kDown,
                                 kCols, kCells);
    }
    if (child_h > room) {
      heuristic_.reject(step);
      const int f = bound_ - room + child_h;  // g + 1 + child_h
      if (f < next_bound_) next_bound_ = f;
      return false;
    }
    board.slide(target, blank, tile);
    const int g = bound_ - room - 1;
    if (child_h == 0 && board == goal_) {
      length_ = g + 1;
      path_[g] = kDir;
      return true;
    }
    heuristic_.descend(step);
    if (search(room - 1, child_h, board)) {
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
  // with heuristic h (f = g + h <= bound). `prune` is what cuts the
  // children: the parent's cell (parent pruning: -1 at the root), or with
  // kFsm the move-pruning machine's state. Returns true when the search is
  // over: the goal was found (path_[0..length_) holds it) or a limit hit.
  bool dfs(int g, int h, int blank, int prune) {
    if (--until_check_ == 0) [[unlikely]] {
      if (check_budget()) return true;
    }
    const int n = cells();
    const MoveList& m = moves_[blank];
    for (int i = 0; i < m.count; ++i) {
      const int target = m.target[i];
      int child_prune;
      if constexpr (kFsm) {
        child_prune = fsm_next_[4 * (fsm_first_[blank] + prune) + static_cast<int>(m.direction[i])];
        if (child_prune == kDeadMove) continue;
      } else {
        if (target == prune) continue;
        child_prune = blank;
      }
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
      if (dfs(g + 1, child_h, target, child_prune)) return true;
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
  const std::uint16_t* fsm_next_ = nullptr;  // kFsm: MoveFsm::next
  const std::int32_t* fsm_first_ = nullptr;  // kFsm: MoveFsm::first
};

}  // namespace npuzzle
