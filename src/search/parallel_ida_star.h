// Parallel IDA* inside one puzzle, on the threads of the calling oneTBB
// task arena, with the answer and the node counts of the serial kernel.
//
// Each iteration (bound B) that is split:
//   1. The root is expanded depth-first to a shallow depth D, with the
//      kernel's rules (parent move never generated, children up, left,
//      right, down, cut when f > B, the goal tested as a child). The nodes
//      within the bound at depth D become the iteration's *subtrees*,
//      numbered in depth-first order; a goal met above depth D ends the
//      list. D grows from 1 (the list is rebuilt) until there are at least
//      SplitPolicy::subtrees_per_thread per thread, or no node is left at
//      depth D, or the shallow part has 4 times that many nodes (a narrow
//      tree). The rebuilds cost a few thousand nodes an iteration.
//      While building, it records for each subtree the expansions and
//      generations the serial kernel has made when it reaches that node.
//   2. One task per thread of the arena takes subtrees in that order from
//      an atomic counter (dynamic self-scheduling: idle threads take the
//      next one, so a large subtree does not hold the others up) and
//      searches each with a per-thread kernel (IdaStar::search_subtree,
//      the serial recursion itself) under the same bound.
//   3. When subtree k holds a goal, subtrees after k stop at their next
//      budget poll (every 65,536 expansions; BudgetPool::first_finished)
//      and are not started; subtrees before k run to their end, since one of
//      them may hold a goal the serial search would have met first. The
//      answer is the goal of the lowest-numbered subtree that has one:
//      the serial kernel's first goal, so the same moves.
// Node counts: an iteration that finds no goal counts the shallow part plus
// every subtree, which is exactly the serial count; the iteration that
// finds the goal at subtree k counts what the serial kernel had counted on
// reaching subtree k, plus subtrees 0..k-1, plus subtree k up to its goal,
// which is again the serial count (the work spent on subtrees after k is
// not counted). So every result (status, length, moves, lower bound,
// expanded, generated) equals the serial kernel's, whatever the threads and
// their timing, unless a limit or cancel stops the search: the time limit
// and cancel end it at the next poll of any thread; the node limit is
// checked against all threads' expansions together, so it may be passed by
// up to a poll interval per thread, and where it stops is not deterministic.
//
// With kPruning == kFsm the same holds with the move-pruning machine
// (move_fsm.h) in place of the parent test: the shallow expansion steps the
// machine as the kernel does, and a subtree carries the machine's state
// instead of its parent's cell.
//
// An iteration may also run unsplit (one kernel, from the root): the same
// counts again. The batch runs every iteration unsplit until its input is
// exhausted and then splits the iterations of the puzzles still in flight
// (SplitPolicy::from). A large iteration that starts before then (the one
// before it expanded SplitPolicy::join_from nodes or more) runs split on
// the calling thread alone, one task taking the subtrees in order; when the
// flag is raised, that task starts one more per other thread of the arena
// at its next subtree, so an idle thread joins the iteration in flight.
// The counts are the serial kernel's either way (step 3).
//
// Checkpoints (checkpoint.h) work as in the serial kernel: a resume starts
// at its bound with its counts, and every completed iteration is reported,
// from the calling thread, with the totals so far. A split iteration also
// reports the part of it done so far (SolveLimits::on_partial: the
// subtrees searched to their end, each with its counts), every
// partial_interval seconds and when a limit or cancel stops it, so that a
// stop late in a long last iteration (hours, on the hardest 24-puzzles)
// loses only the subtrees in flight. A resume with such a part rebuilds the
// iteration's subtrees for the same `wanted` (the same list: the build is
// deterministic), takes the saved subtrees' outcomes as if searched again,
// and searches the rest, split even on one thread: the counts are again the
// serial kernel's. A part whose subtree count does not match the rebuilt
// list is not used (the iteration starts afresh, with the same result).
#pragma once

#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_group.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <new>
#include <utility>
#include <vector>

#include "search/budget.h"
#include "search/handoff.h"
#include "search/ida_star.h"
#include "search/result.h"
#include "search/search_params.h"

namespace npuzzle {

template <PackedBoard Storage, int kRows, int kCols, class Heuristic, MovePruning kPruning = MovePruning::kParent>
class ParallelIdaStar {
  using Kernel = IdaStar<Storage, kRows, kCols, Heuristic, false, kPruning>;
  static constexpr bool kPrepares = PreparingHeuristic<Heuristic, Storage>;
  static constexpr bool kFsm = kPruning == MovePruning::kFsm;

 public:
  // As IdaStar's; `budget` is the whole search's. kFsm: `fsm` is the
  // machine for the board's shape and outlives the search.
  ParallelIdaStar(const TileTables& tables, Heuristic heuristic, Budget& budget, SplitPolicy policy,
                  const MoveFsm* fsm = nullptr)
      : tables_(tables), heuristic_(std::move(heuristic)), budget_(budget), policy_(policy), fsm_(fsm) {}

  SolveResult run(const Board& start) {
    SolveResult result;
    start_ = &start;
    root_ = Storage::from(start);
    goal_ = Storage::from(Board::solved(start.rows(), start.cols(), tables_.goal));
    const int h = heuristic_.reset(start);
    result.initial_h = h;
    result.lower_bound = h;
    if (root_ == goal_) {
      result.status = Status::kOptimal;
      result.length = 0;
      return result;
    }
    int bound = h;
    const PartialIteration* part_done = nullptr;  // of the first iteration, from a checkpoint
    if (const auto& resume = budget_.limits().resume;
        resume && (resume->bound > bound || (resume->partial && resume->bound == bound))) {
      bound = resume->bound;
      result.lower_bound = bound;
      result.expanded = resume->expanded;
      result.generated = resume->generated;
      if (resume->partial) part_done = &*resume->partial;
    }
    // By the iteration before; after a resume, the earlier iterations' (more
    // than the last one's, less than the next one's: IDA*'s trees grow).
    std::uint64_t last_expanded = result.expanded;
    for (;;) {
      const Iteration it = part_done || split_now() ? split_iteration(h, bound, result, part_done, false)
                           : may_join(last_expanded) ? split_iteration(h, bound, result, nullptr, true)
                                                     : whole_iteration(h, bound);
      part_done = nullptr;
      last_expanded = it.expanded;
      result.expanded += it.expanded;
      result.generated += it.generated;
      if (it.found) {
        result.status = Status::kOptimal;
        result.length = static_cast<std::int64_t>(it.moves.size());
        result.lower_bound = result.length;
        result.moves = MoveSequence(it.moves.begin(), it.moves.end());
        break;
      }
      if (it.stopped) {
        result.status = budget_.stop_status();
        result.message = budget_.stop_reason();
        result.lower_bound = bound;
        break;
      }
      if (it.next_bound == INT_MAX) {  // unreachable for a solvable board
        result.status = Status::kUnsolvable;
        result.lower_bound = -1;
        break;
      }
      if (budget_.iteration_ends_search(IterationDone{bound, it.next_bound, result.expanded, result.generated})) {
        result.status = Status::kLimit;
        result.message = kStoppedAfterIteration;
        result.lower_bound = it.next_bound;
        break;
      }
      bound = it.next_bound;
    }
    return result;
  }

 private:
  // One thread's kernel and its part of the budget, on a cache line of its own.
  struct alignas(64) Worker {
    Budget budget;
    Kernel kernel;
    Worker(const TileTables& tables, const Heuristic& heuristic, Budget& whole, BudgetPool& pool, const Board& start,
           const MoveFsm* fsm)
        : budget(whole, pool), kernel(tables, heuristic, budget, SearchWeight{}, fsm) {
      kernel.begin_subtrees(start);
    }
  };

  struct Iteration {
    bool found = false;
    bool stopped = false;
    int next_bound = INT_MAX;
    std::uint64_t expanded = 0;
    std::uint64_t generated = 0;
    std::vector<Direction> moves;
  };

  // A node at depth D within the bound, or (goal) a goal met above it.
  struct Subtree {
    Storage board;
    int g = 0;
    int h = 0;
    int prune = -1;  // the cell the blank came from, or with kFsm the machine's state
    bool goal = false;
    std::size_t moves_begin = 0;  // its moves from the root: prefix_moves_[moves_begin, moves_begin + g)
    // The serial kernel's counts when it reaches this node (for a goal:
    // including the goal's own generation).
    std::uint64_t expanded_before = 0;
    std::uint64_t generated_before = 0;
  };

  // What the search of one subtree counted and found (written by one task).
  struct Outcome {
    bool done = false;  // searched to its end or to its goal
    bool found = false;
    int next_bound = INT_MAX;
    std::uint64_t expanded = 0;
    std::uint64_t generated = 0;
    std::vector<Direction> moves;  // found: from the subtree's node to the goal
  };

  bool split_now() const {
    if (!policy_.always && !(policy_.from && policy_.from->load(std::memory_order_relaxed))) return false;
    return oneapi::tbb::this_task_arena::max_concurrency() > 1;
  }
  // The next iteration runs split on this thread, for others to join
  // (SplitPolicy::join_from).
  bool may_join(std::uint64_t last_expanded) const {
    return policy_.from && last_expanded >= policy_.join_from &&
           oneapi::tbb::this_task_arena::max_concurrency() > 1;
  }

  Worker& worker(std::size_t slot) {
    if (!workers_[slot]) workers_[slot] = std::make_unique<Worker>(tables_, heuristic_, budget_, pool_, *start_, fsm_);
    return *workers_[slot];
  }

  // The whole iteration on one kernel: run()'s own iteration.
  Iteration whole_iteration(int h, int bound) {
    if (workers_.empty()) workers_.resize(1);
    Worker& w = worker(0);
    w.budget.set_part(0);
    const std::uint64_t expanded = w.kernel.expanded();
    const std::uint64_t generated = w.kernel.generated();
    Iteration it;
    const bool over = w.kernel.search_subtree(*start_, 0, h, root_prune(), bound);
    it.expanded = w.kernel.expanded() - expanded;
    it.generated = w.kernel.generated() - generated;
    it.next_bound = w.kernel.next_bound();
    if (over && w.kernel.stopped()) {
      it.stopped = true;
    } else if (over) {
      it.found = true;
      it.moves.assign(w.kernel.path().begin(), w.kernel.path().begin() + w.kernel.length());
    }
    return it;
  }

  // `before`: the counts of the earlier iterations; `part_done`: the part of
  // this iteration a checkpoint saved, or null. `joinable`: one task starts,
  // and the others when SplitPolicy::from is raised (may_join).
  Iteration split_iteration(int h, int bound, const SolveResult& before, const PartialIteration* part_done,
                            bool joinable) {
    const std::size_t threads = static_cast<std::size_t>(oneapi::tbb::this_task_arena::max_concurrency());
    if (workers_.size() < threads) workers_.resize(threads);
    wanted_ = part_done ? static_cast<std::size_t>(part_done->wanted)
                        : threads * std::max<std::size_t>(1, policy_.subtrees_per_thread);
    build_subtrees(h, bound, wanted_);
    Iteration it;
    const std::size_t count = subtrees_.size();
    outcomes_.assign(count, Outcome{});
    if (part_done && part_done->subtrees == count) {
      for (const SubtreeDone& d : part_done->done) {
        if (d.index >= count || subtrees_[d.index].goal) continue;  // not from this list: cannot happen
        Outcome& o = outcomes_[d.index];
        o.done = true;
        o.next_bound = d.next_bound;
        o.expanded = d.expanded;
        o.generated = d.generated;
      }
    }
    expanded_before_ = before.expanded;
    generated_before_ = before.generated;
    next_partial_ = std::chrono::steady_clock::now() + partial_interval();
    pool_.first_finished.store(count > 0 && subtrees_.back().goal ? static_cast<std::int64_t>(count - 1)
                                                                   : std::numeric_limits<std::int64_t>::max());
    next_subtree_.store(0);
    bound_ = bound;
    const std::size_t tasks = std::min(threads, count);
    if (tasks > 0) {
      handoff_release(&start_tag_);
      oneapi::tbb::this_task_arena::isolate([&] {
        oneapi::tbb::task_group group;
        joiners_ = joinable ? tasks - 1 : 0;
        joiners_group_ = &group;
        if (!joinable) {
          for (std::size_t t = 1; t < tasks; ++t) group.run([this] { search_subtrees(); });
        }
        search_subtrees();
        group.wait();
      });
      handoff_acquire(&done_tag_);
    }

    // The first subtree with a goal wins if every subtree before it was
    // searched to its end (a limit may have stopped one meanwhile).
    const std::int64_t first = pool_.first_finished.load();
    std::size_t winner = count;
    if (first != std::numeric_limits<std::int64_t>::max()) {
      winner = static_cast<std::size_t>(first);
      for (std::size_t k = 0; k < winner; ++k) {
        if (!outcomes_[k].done) winner = count;
      }
    }
    if (winner < count) {
      const Subtree& s = subtrees_[winner];
      it.found = true;
      it.expanded = s.expanded_before;
      it.generated = s.generated_before;
      for (std::size_t k = 0; k <= winner; ++k) {
        it.expanded += outcomes_[k].expanded;
        it.generated += outcomes_[k].generated;
      }
      it.moves.assign(prefix_moves_.begin() + static_cast<std::ptrdiff_t>(s.moves_begin),
                      prefix_moves_.begin() + static_cast<std::ptrdiff_t>(s.moves_begin) + s.g);
      it.moves.insert(it.moves.end(), outcomes_[winner].moves.begin(), outcomes_[winner].moves.end());
      return it;
    }
    it.expanded = shallow_expanded_;
    it.generated = shallow_generated_;
    it.next_bound = shallow_next_bound_;
    for (const Outcome& o : outcomes_) {
      it.expanded += o.expanded;
      it.generated += o.generated;
      it.next_bound = std::min(it.next_bound, o.next_bound);
      if (!o.done) it.stopped = true;
    }
    if (it.stopped && budget_.limits().on_partial) report_partial();  // the tasks are over
    return it;
  }

  std::chrono::steady_clock::duration partial_interval() const {
    return std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(std::max(0.0, budget_.limits().partial_interval)));
  }

  // Marks outcome `o` (its other fields already written) searched to its end;
  // with on_partial, under the lock that report_partial() reads the marks
  // under, and reports the part done when the interval is up.
  void settle(Outcome& o) {
    if (!budget_.limits().on_partial) {
      o.done = true;
      return;
    }
    const std::lock_guard lock(partial_mutex_);
    o.done = true;
    if (o.found) return;
    if (const auto now = std::chrono::steady_clock::now(); now >= next_partial_) {
      next_partial_ = now + partial_interval();
      report_partial();
    }
  }

  // The subtrees searched to their end without a goal, to on_partial. Under
  // partial_mutex_ while the tasks run, or after they are over.
  void report_partial() {
    ResumePoint point{bound_, expanded_before_, generated_before_, PartialIteration{}};
    PartialIteration& part = *point.partial;
    part.wanted = wanted_;
    part.subtrees = subtrees_.size();
    for (std::size_t k = 0; k < outcomes_.size(); ++k) {
      const Outcome& o = outcomes_[k];
      if (o.done && !o.found) {
        part.done.push_back(SubtreeDone{static_cast<std::uint32_t>(k), o.next_bound, o.expanded, o.generated});
      }
    }
    budget_.limits().on_partial(point);
  }

  // One task: takes subtrees in order until none is left or the search is over.
  void search_subtrees() {
    handoff_acquire(&start_tag_);
    Worker& w = worker(static_cast<std::size_t>(oneapi::tbb::this_task_arena::current_thread_index()));
    const std::int64_t count = static_cast<std::int64_t>(subtrees_.size());
    for (;;) {
      // A joinable iteration (may_join): its one task starts the others once
      // the flag is up. Only that task reads or writes joiners_ before then.
      if (joiners_ > 0 && policy_.from->load(std::memory_order_relaxed)) {
        const std::size_t joiners = std::exchange(joiners_, 0);
        handoff_release(&start_tag_);
        for (std::size_t t = 0; t < joiners; ++t) joiners_group_->run([this] { search_subtrees(); });
      }
      const std::int64_t k = next_subtree_.fetch_add(1);
      if (k >= count || pool_.stop.load() || pool_.first_finished.load() < k) break;
      const Subtree& s = subtrees_[static_cast<std::size_t>(k)];
      Outcome& o = outcomes_[static_cast<std::size_t>(k)];
      if (s.goal) {  // first_finished already names it
        o.found = true;
        settle(o);
        continue;
      }
      if (o.done) continue;  // searched before the checkpoint this run resumed
      w.budget.set_part(k);
      const std::uint64_t expanded = w.kernel.expanded();
      const std::uint64_t generated = w.kernel.generated();
      const bool over = w.kernel.search_subtree(board_of(s.board), s.g, s.h, s.prune, bound_);
      o.expanded = w.kernel.expanded() - expanded;
      o.generated = w.kernel.generated() - generated;
      o.next_bound = w.kernel.next_bound();
      if (over && w.kernel.stopped()) break;
      if (over) {
        o.found = true;
        const auto& path = w.kernel.path();
        o.moves.assign(path.begin() + s.g, path.begin() + w.kernel.length());
        settle(o);
        std::int64_t first = pool_.first_finished.load();
        while (k < first && !pool_.first_finished.compare_exchange_weak(first, k)) {
        }
        break;  // every later subtree is after this one
      }
      settle(o);
    }
    handoff_release(&done_tag_);
  }

  Board board_of(const Storage& packed) const {
    std::vector<std::uint32_t> tiles(static_cast<std::size_t>(tables_.cells));
    for (int pos = 0; pos < tables_.cells; ++pos) {
      tiles[static_cast<std::size_t>(pos)] = static_cast<std::uint32_t>(packed.at(pos));
    }
    return Board(tables_.rows, tables_.cols, std::move(tiles));
  }

  // Step 1 of the header: the subtrees of the iteration with `bound`, at
  // least `wanted` of them when the tree has them.
  void build_subtrees(int h, int bound, std::size_t wanted) {
    // From depth 1 each time: an early iteration's small tree may have taken
    // D to the bound, where the next one would be expanded whole here.
    depth_ = 1;
    for (;;) {
      subtrees_.clear();
      prefix_moves_.clear();
      path_.assign(static_cast<std::size_t>(depth_), Direction::kUp);
      shallow_expanded_ = 0;
      shallow_generated_ = 0;
      shallow_next_bound_ = INT_MAX;
      Storage board = root_;
      const bool goal = expand_shallow(board, 0, h, start_->blank(), root_prune(), bound);
      // A narrow tree gives few subtrees at any depth: stop once the shallow
      // part is a few times the subtrees wanted, so a small iteration is
      // expanded a few times over at most.
      if (goal || subtrees_.empty() || subtrees_.size() >= wanted || depth_ >= bound ||
          shallow_expanded_ >= 4 * wanted) {
        return;
      }
      ++depth_;
    }
  }

  // What cuts the root's children: no parent, or the machine's start state.
  int root_prune() const { return kFsm ? MoveFsm::kEmptyHistory : -1; }

  // The node `board` (blank on `blank`, `prune` as in Subtree) at depth g,
  // expanded as the generic kernel expands it, down to depth_. True when a
  // goal was met (it is the last subtree).
  bool expand_shallow(Storage& board, int g, int h, int blank, int prune, int bound) {
    ++shallow_expanded_;
    const MoveList& m = tables_.moves[static_cast<std::size_t>(blank)];
    const int room = bound - g - 1;
    for (int i = 0; i < m.count; ++i) {
      const int target = m.target[i];
      int child_prune;
      if constexpr (kFsm) {
        child_prune = fsm_->after(blank, prune, m.direction[i]);
        if (child_prune == kDeadMove) continue;
      } else {
        if (target == prune) continue;
        child_prune = blank;
      }
      ++shallow_generated_;
      const int tile = board.at(target);
      typename Heuristic::Step step;
      int child_h;
      if constexpr (kPrepares) {
        heuristic_.prepare(step, tile, target, blank, board);
        child_h = heuristic_.evaluate(step, room);
      } else {
        child_h = heuristic_.child(step, h, tile, target, blank, static_cast<int>(m.direction[i]) < 2, tables_.cols,
                                   tables_.cells);
      }
      if (child_h > room) {
        heuristic_.reject(step);
        shallow_next_bound_ = std::min(shallow_next_bound_, g + 1 + child_h);
        continue;
      }
      board.slide(target, blank, tile);
      path_[static_cast<std::size_t>(g)] = m.direction[i];
      bool goal = false;
      if (child_h == 0 && board == goal_) {
        heuristic_.reject(step);
        add_subtree(board, g + 1, 0, child_prune, true);
        goal = true;
      } else if (g + 1 == depth_) {
        heuristic_.reject(step);
        add_subtree(board, g + 1, child_h, child_prune, false);
      } else {
        heuristic_.descend(step);
        goal = expand_shallow(board, g + 1, child_h, target, child_prune, bound);
        heuristic_.ascend(step);
      }
      board.slide(blank, target, tile);
      if (goal) return true;
    }
    return false;
  }

  void add_subtree(const Storage& board, int g, int h, int prune, bool goal) {
    Subtree s;
    s.board = board;
    s.g = g;
    s.h = h;
    s.prune = prune;
    s.goal = goal;
    s.moves_begin = prefix_moves_.size();
    s.expanded_before = shallow_expanded_;
    s.generated_before = shallow_generated_;
    prefix_moves_.insert(prefix_moves_.end(), path_.begin(), path_.begin() + g);
    subtrees_.push_back(s);
  }

  const TileTables& tables_;
  Heuristic heuristic_;  // the shallow expansion's, and the workers' prototype
  Budget& budget_;
  const SplitPolicy policy_;
  const MoveFsm* fsm_;  // kFsm only
  BudgetPool pool_;
  std::vector<std::unique_ptr<Worker>> workers_;  // by thread index in the arena

  const Board* start_ = nullptr;
  Storage root_;
  Storage goal_;
  int depth_ = 1;  // D of the current iteration
  int bound_ = 0;  // the split iteration's
  std::vector<Direction> path_;  // the shallow expansion's current path
  std::vector<Subtree> subtrees_;
  std::vector<Direction> prefix_moves_;
  std::vector<Outcome> outcomes_;
  std::uint64_t shallow_expanded_ = 0;
  std::uint64_t shallow_generated_ = 0;
  int shallow_next_bound_ = INT_MAX;
  // For on_partial: the split iteration's `wanted`, the earlier iterations'
  // counts, when the part done is next reported, and the lock its reports
  // and the tasks' marks take.
  std::size_t wanted_ = 0;
  std::uint64_t expanded_before_ = 0;
  std::uint64_t generated_before_ = 0;
  std::chrono::steady_clock::time_point next_partial_{};
  std::mutex partial_mutex_;
  // A joinable iteration's tasks yet to start, and their group (the
  // calling thread's, on its stack while the iteration runs).
  std::size_t joiners_ = 0;
  oneapi::tbb::task_group* joiners_group_ = nullptr;
  alignas(64) std::atomic<std::int64_t> next_subtree_{0};
  alignas(64) char start_tag_ = 0;  // handoff.h: the caller's data, to the tasks
  char done_tag_ = 0;               // handoff.h: the tasks' outcomes, to the caller
};

}  // namespace npuzzle
