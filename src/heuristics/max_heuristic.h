// The maximum of two admissible heuristics, itself admissible: for example a
// pattern database (a PreparingHeuristic) with walking distance (an
// IncrementalHeuristic, walking_distance.h), which sees interactions between
// tiles of different parts that the database's sum cannot.
//
// For IDA* the pair is a PreparingHeuristic, whatever its parts are:
// 1. prepare() prepares a preparing part (a PDB ranks the child and
//    prefetches its entry) and computes an incremental part's child value
//    outright (walking distance: one transition read), so that the kernel's
//    preparing of all of a node's children overlaps both parts' misses.
// 2. evaluate(step, room) takes the cheap part first: an incremental part's
//    value is already known after prepare(). When it exceeds `room` the
//    child is cut on it alone, and the other part is never finished (the
//    contract of incremental.h: above room, any admissible value will do).
//    Otherwise the other part's evaluate(step, room) decides, and the
//    maximum is returned: exact when at most room, and above room only when
//    the other part's value (admissible) is.
// 3. An incremental part's child() needs its value at the parent, which
//    this class keeps per part (reset sets it; descend and ascend swap it
//    with the Step's, as the parts do with their own state).
// For A* it is a NodeHeuristic: value() is the maximum of the parts'
// values, and child_value() the maximum of the parts' values of the child
// (the parts' own values at the parent are not known from the maximum).
//
// It deliberately offers only prepare/evaluate: no screen(), locate() or
// fetch(), so the kernels take their plain preparing path.
#pragma once

#include <algorithm>
#include <type_traits>
#include <utility>

#include "core/board.h"
#include "heuristics/incremental.h"

namespace npuzzle {

namespace max_heuristic_detail {

// A part in the preparing shape, as the pair drives it. A part that is a
// PreparingHeuristic is used as one; otherwise as an IncrementalHeuristic.
template <class H>
class Part;

template <class H>
  requires PreparingHeuristic<H>
class Part<H> {
 public:
  static constexpr bool kKnownAfterPrepare = false;
  using Step = typename H::Step;

  explicit Part(H heuristic) : heuristic_(std::move(heuristic)) {}
  int reset(const Board& board) { return heuristic_.reset(board); }
  template <class Storage>
  [[gnu::always_inline]] void prepare(Step& step, int tile, int from, int to, const Storage& board, int, int) {
    heuristic_.prepare(step, tile, from, to, board);
  }
  [[gnu::always_inline]] int evaluate(Step& step, int room) { return heuristic_.evaluate(step, room); }
  [[gnu::always_inline]] void descend(Step& step) { heuristic_.descend(step); }
  [[gnu::always_inline]] void ascend(Step& step) { heuristic_.ascend(step); }
  [[gnu::always_inline]] void reject(Step& step) { heuristic_.reject(step); }
  const H& heuristic() const { return heuristic_; }

 private:
  H heuristic_;
};

template <class H>
  requires(!PreparingHeuristic<H> && IncrementalHeuristic<H>)
class Part<H> {
 public:
  static constexpr bool kKnownAfterPrepare = true;
  struct Step {
    typename H::Step inner;
    int value;  // the child's value; the parent's after descend()
  };

  explicit Part(H heuristic) : heuristic_(std::move(heuristic)) {}
  int reset(const Board& board) {
    value_ = heuristic_.reset(board);
    return value_;
  }
  template <class Storage>
  [[gnu::always_inline]] void prepare(Step& step, int tile, int from, int to, const Storage&, int cols, int cells) {
    // Cells of a row are 1 apart, of a column cols >= 2 apart.
    const bool vertical = from - to != 1 && to - from != 1;
    step.value = heuristic_.child(step.inner, value_, tile, from, to, vertical, cols, cells);
  }
  [[gnu::always_inline]] int evaluate(Step& step, int) const { return step.value; }
  [[gnu::always_inline]] void descend(Step& step) {
    heuristic_.descend(step.inner);
    std::swap(value_, step.value);
  }
  [[gnu::always_inline]] void ascend(Step& step) {
    std::swap(value_, step.value);
    heuristic_.ascend(step.inner);
  }
  [[gnu::always_inline]] void reject(Step& step) { heuristic_.reject(step.inner); }
  const H& heuristic() const { return heuristic_; }

 private:
  H heuristic_;
  int value_ = 0;  // the heuristic's value at the current node
};

}  // namespace max_heuristic_detail

template <class A, class B>
  requires(PreparingHeuristic<A> || IncrementalHeuristic<A>) && (PreparingHeuristic<B> || IncrementalHeuristic<B>)
class MaxHeuristic {
  using PartA = max_heuristic_detail::Part<A>;
  using PartB = max_heuristic_detail::Part<B>;
  // Step 2: B first when only B's value is known after prepare().
  static constexpr bool kBFirst = PartB::kKnownAfterPrepare && !PartA::kKnownAfterPrepare;

 public:
  struct Step {
    typename PartA::Step a;
    typename PartB::Step b;
  };

  MaxHeuristic(A a, B b) : a_(std::move(a)), b_(std::move(b)) {}

  int reset(const Board& board) {
    cols_ = board.cols();
    cells_ = board.cells();
    return std::max(a_.reset(board), b_.reset(board));
  }

  // Precondition: reset() was called for this search's board shape.
  template <class Storage>
  [[gnu::always_inline]] void prepare(Step& step, int tile, int from, int to, const Storage& board) {
    a_.prepare(step.a, tile, from, to, board, cols_, cells_);
    b_.prepare(step.b, tile, from, to, board, cols_, cells_);
  }
  [[gnu::always_inline]] int evaluate(Step& step, int room) {
    if constexpr (kBFirst) {
      const int first = b_.evaluate(step.b, room);
      if (first > room) return first;
      return std::max(first, a_.evaluate(step.a, room));
    } else {
      const int first = a_.evaluate(step.a, room);
      if (first > room) return first;
      return std::max(first, b_.evaluate(step.b, room));
    }
  }
  // Precondition (as for any preparing heuristic): evaluate(step, room)
  // returned at most room, so both parts were evaluated.
  [[gnu::always_inline]] void descend(Step& step) {
    a_.descend(step.a);
    b_.descend(step.b);
  }
  [[gnu::always_inline]] void ascend(Step& step) {
    a_.ascend(step.a);
    b_.ascend(step.b);
  }
  [[gnu::always_inline]] void reject(Step& step) {
    a_.reject(step.a);
    b_.reject(step.b);
  }

  // NodeHeuristic, when both parts are.
  template <class Storage>
  int value(const Storage& board) const {
    return std::max(a_.heuristic().value(board), b_.heuristic().value(board));
  }
  template <class Storage>
  int child_value(const Storage& parent, int, int tile, int from, int to, bool) const {
    Storage child = parent;  // trivially copyable, one to a few machine words
    child.slide(from, to, tile);
    return value(child);
  }

  const A& first() const { return a_.heuristic(); }
  const B& second() const { return b_.heuristic(); }

 private:
  PartA a_;
  PartB b_;
  int cols_ = 0;
  int cells_ = 0;
};

}  // namespace npuzzle
