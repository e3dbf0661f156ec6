// A* with a closed set keyed by the packed board and an integer-f bucket
// open list that breaks ties toward larger g (Burns et al.'s layout).
//
// Nodes live in one pool (a vector; a node's index is its handle). The
// closed set is an open-addressing table of node indices keyed by the
// packed board. The open list holds indices in buckets [f][g]; an entry is
// stale once its node has been closed and is skipped when popped.
//
// A closed node reached again by a shorter path is reopened. With a
// consistent heuristic (Manhattan, linear conflict) that never happens; the
// pattern databases are admissible but not consistent (a move can change
// them by more than one), and reopening is what keeps A* optimal with them:
// the first time the goal is popped its g is optimal, and the f popped is
// always the least f in the open list, a lower bound on the optimal length.
//
// The heuristic is a template argument (a NodeHeuristic, incremental.h): h
// is computed from packed boards alone, since the parent of the next child
// is any node of the open list. A node stores its h, from which the
// per-tile heuristics get a child's with a delta (plus two lines' codes for
// linear conflict); a PDB ranks every part afresh. A*'s cost is its memory,
// not this.
//
// Memory: before any growth the projected size of pool, table and open list
// is checked against the cap, and reserved from the shared memory budget
// when there is one (in steps of at least kBudgetStep, so that the shared
// counter is touched rarely); past either the search ends with status
// kLimit and the f being expanded as the proven lower bound, never with
// bad_alloc. The reservation is given back when the search ends.
//
// kWeighted: weighted A*, f = g + W*h with W = num/den >= 1 (a SearchWeight,
// ida_star.h), status kSolved. The open list is bucketed by
// floor(f) = (den*g + num*h) / den in integers (ties toward larger g), so
// its size stays about W times the unweighted one whatever den is. The
// unweighted instance compiles exactly the code it had (every difference is
// an `if constexpr`).
//
// The bound, for any admissible h, consistent or not (W*h is inconsistent
// even when h is, so this search reopens closed nodes whose g improves, as
// the unweighted one does): let P be an optimal path s = n0 .. nk = goal,
// C* its length. Until the goal is popped with an optimal g, some node of P
// is in the table, not closed, with g = g*(n): take the first n_i that is
// not closed with g = g*(n_i); its predecessor's last expansion was made
// with g*(n_{i-1}) (g only decreases, never below g*), which set
// g(n_i) = g*(n_i), and n_i then stays open or is expanded with that g.
// Its f = g*(n_i) + W*h(n_i) <= W*(g*(n_i) + h(n_i)) <= W*C*. The goal is
// popped from the least bucket, so its g = floor(f(goal)) <= floor(f(n_i))
// <= W*C* (an entry left stale by a reopening carries a larger key than the
// node's current f, which only strengthens this). Without reopening the
// bound would hold for consistent h only, and the pattern databases are
// not consistent.
//
// The lower bound, by the same lemma: at any moment (the goal just popped,
// or a stop for time, nodes or memory, the node being expanded counted as
// not closed) some node n_i that is not closed has g + h <= g*(n_i) + h(n_i)
// <= C*, so the least g + h over the nodes not closed is a lower bound on
// C*; with h(start) it is reported (never above the length found).
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/packed_board.h"
#include "heuristics/incremental.h"
#include "heuristics/tile_tables.h"
#include "search/budget.h"
#include "search/ida_star.h"
#include "search/result.h"

namespace npuzzle {

template <PackedBoard Storage, class Heuristic, bool kWeighted = false>
  requires NodeHeuristic<Heuristic, Storage>
class AStar {
 public:
  // Precondition: `tables` and `heuristic` match the board's shape and the
  // goal; `weight` is used only by the weighted instance.
  AStar(const TileTables& tables, Heuristic heuristic, Budget& budget, std::uint64_t memory_bytes,
        SearchWeight weight = {})
      : t_(tables), heuristic_(std::move(heuristic)), budget_(budget), memory_bytes_(memory_bytes), weight_(weight) {}

  ~AStar() {
    if (MemoryBudget* shared = budget_.limits().memory_budget) shared->release(reserved_);
  }
  AStar(const AStar&) = delete;
  AStar& operator=(const AStar&) = delete;

  SolveResult run(const Board& start) {
    SolveResult result;
    const Storage start_board = Storage::from(start);
    goal_ = Storage::from(Board::solved(start.rows(), start.cols(), t_.goal));
    const int h0 = heuristic_.value(start_board);
    result.initial_h = h0;
    result.lower_bound = h0;
    slots_.assign(1024, 0);
    if (!add_node(Node{start_board, kNoParent, 0, static_cast<std::uint16_t>(h0),
                       static_cast<std::uint8_t>(start.blank()), Direction::kUp, false})) {
      return stop_for_memory(result, h0);
    }
    push(0);
    std::uint64_t next_check = budget_.next_interval(0);
    while (min_f_ < open_.size()) {
      const std::uint32_t index = pop();
      if (index == kNoParent) break;
      Node& node = nodes_[index];
      if (node.closed) continue;
      node.closed = true;
      const int f = node.g + node.h;
      if (node.board == goal_) {
        result.status = Status::kOptimal;
        result.length = node.g;
        result.lower_bound = node.g;
        if constexpr (kWeighted) {
          node.closed = false;  // the goal is counted among the open nodes
          result.status = Status::kSolved;
          result.lower_bound = std::min(proven_lower_bound(h0), static_cast<int>(node.g));
        }
        std::vector<Direction> backwards;
        for (std::uint32_t i = index; nodes_[i].parent != kNoParent; i = nodes_[i].parent) {
          backwards.push_back(nodes_[i].direction);
        }
        result.moves = MoveSequence(backwards.rbegin(), backwards.rend());
        break;
      }
      ++expanded_;
      if (expanded_ >= next_check) {
        next_check = expanded_ + budget_.next_interval(expanded_);
        if (budget_.exhausted(expanded_, generated_, f)) {
          if constexpr (kWeighted) nodes_[index].closed = false;  // not expanded
          return stop(result, kWeighted ? proven_lower_bound(h0) : f);
        }
      }
      if (!expand(index)) {
        if constexpr (kWeighted) nodes_[index].closed = false;  // not fully expanded
        return stop_for_memory(result, kWeighted ? proven_lower_bound(h0) : f);
      }
    }
    result.expanded = expanded_;
    result.generated = generated_;
    return result;
  }

 private:
  static constexpr std::uint32_t kNoParent = 0xFFFFFFFFu;

  struct Node {
    Storage board;
    std::uint32_t parent;
    std::uint16_t g;
    std::uint16_t h;
    std::uint8_t blank;
    Direction direction;  // the blank's move from the parent
    bool closed;
  };

  // Weighted: max(h(start), least g + h over the nodes not closed), a lower
  // bound on the optimal length (see the top of the file).
  int proven_lower_bound(int h0) const {
    int least = INT_MAX;
    for (const Node& n : nodes_) {
      if (!n.closed) least = std::min(least, static_cast<int>(n.g) + n.h);
    }
    return least == INT_MAX ? h0 : std::max(h0, least);
  }

  // The open-list key: f, or for weighted A* floor(g + W*h).
  std::size_t key(const Node& node) const {
    if constexpr (kWeighted) {
      return static_cast<std::size_t>((static_cast<std::uint64_t>(weight_.den) * node.g +
                                       static_cast<std::uint64_t>(weight_.num) * node.h) /
                                      static_cast<std::uint64_t>(weight_.den));
    } else {
      return static_cast<std::size_t>(node.g) + node.h;
    }
  }

  SolveResult& stop_for_memory(SolveResult& result, int f) {
    if (budget_refused_) {
      budget_.exceed_memory_budget();
    } else {
      budget_.exceed_memory();
    }
    return stop(result, f);
  }

  SolveResult& stop(SolveResult& result, int f) {
    result.status = budget_.stop_status();
    result.message = budget_.stop_reason();
    result.lower_bound = f;
    result.expanded = expanded_;
    result.generated = generated_;
    return result;
  }

  bool expand(std::uint32_t index) {
    const Node parent = nodes_[index];
    const MoveList& m = t_.moves[parent.blank];
    for (int i = 0; i < m.count; ++i) {
      const int target = m.target[i];
      if (parent.parent != kNoParent && target == nodes_[parent.parent].blank) continue;
      ++generated_;
      Storage child = parent.board;
      const int tile = child.at(target);
      child.slide(target, parent.blank, tile);
      const bool vertical = static_cast<int>(m.direction[i]) < 2;  // kUp, kDown
      const int h = heuristic_.child_value(parent.board, parent.h, tile, target, parent.blank, vertical);
      const std::uint16_t g = static_cast<std::uint16_t>(parent.g + 1);
      std::uint32_t* slot = find_slot(child);
      if (*slot != 0) {
        Node& old = nodes_[*slot - 1];
        if (old.g <= g) continue;
        old.closed = false;  // a shorter path (to a closed node only with an inconsistent h): reopen
        old.g = g;           // and re-push; an older open entry goes stale
        old.parent = index;
        old.direction = m.direction[i];
        if (!push(*slot - 1)) return false;
        continue;
      }
      if (!add_node(Node{child, index, g, static_cast<std::uint16_t>(h), static_cast<std::uint8_t>(target),
                         m.direction[i], false})) {
        return false;
      }
      *find_slot(child) = static_cast<std::uint32_t>(nodes_.size());
      if (!push(static_cast<std::uint32_t>(nodes_.size() - 1))) return false;
    }
    return true;
  }

  static std::uint64_t hash(const Storage& b) {
    std::uint64_t x;
    if constexpr (sizeof(typename Storage::Key) == 16) {
      const auto k = b.key();
      x = static_cast<std::uint64_t>(k) ^ (static_cast<std::uint64_t>(k >> 64) * 0x9E3779B97F4A7C15ull);
    } else {
      x = b.key();
    }
    // splitmix64 finaliser
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBull;
    x ^= x >> 31;
    return x;
  }

  std::uint32_t* find_slot(const Storage& b) {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash(b) & mask;; i = (i + 1) & mask) {
      if (slots_[i] == 0 || nodes_[slots_[i] - 1].board == b) return &slots_[i];
    }
  }

  std::uint64_t projected_bytes(std::size_t nodes, std::size_t slots) const {
    return nodes * sizeof(Node) + slots * sizeof(std::uint32_t) + open_entries_ * sizeof(std::uint32_t);
  }

  // True if `bytes` (a projected total) fit this search's cap and the
  // shared budget, reserving from the budget as needed.
  bool fits(std::uint64_t bytes) {
    if (bytes > memory_bytes_) return false;
    if (bytes <= reserved_) return true;
    MemoryBudget* shared = budget_.limits().memory_budget;
    if (shared == nullptr) return true;
    const std::uint64_t need = bytes - reserved_;
    for (const std::uint64_t take : {std::max(need, kBudgetStep), need}) {
      if (shared->try_reserve(take)) {
        reserved_ += take;
        return true;
      }
    }
    budget_refused_ = true;
    return false;
  }

  // Adds a node (and grows the table), or returns false if that would pass the cap.
  bool add_node(const Node& node) {
    if (nodes_.size() == nodes_.capacity()) {
      const std::size_t grown = nodes_.capacity() ? nodes_.capacity() * 2 : 1024;
      if (!fits(projected_bytes(grown, slots_.size()))) return false;
      nodes_.reserve(grown);
    }
    if ((nodes_.size() + 1) * 2 > slots_.size()) {
      const std::size_t grown = slots_.size() * 2;
      if (!fits(projected_bytes(nodes_.capacity(), grown))) return false;
      slots_.assign(grown, 0);
      for (std::uint32_t i = 0; i < nodes_.size(); ++i) *find_slot(nodes_[i].board) = i + 1;
    }
    nodes_.push_back(node);
    if (nodes_.size() == 1) *find_slot(node.board) = 1;
    return true;
  }

  bool push(std::uint32_t index) {
    const Node& node = nodes_[index];
    const std::size_t f = key(node);
    if (f >= open_.size()) open_.resize(f + 1);
    auto& by_g = open_[f];
    if (node.g >= by_g.size()) by_g.resize(node.g + 1);
    if (!fits(projected_bytes(nodes_.capacity(), slots_.size()) + sizeof(std::uint32_t))) return false;
    by_g[node.g].push_back(index);
    ++open_entries_;
    if (f < min_f_) min_f_ = f;
    return true;
  }

  // The entry with the least f, and among those the largest g.
  std::uint32_t pop() {
    for (; min_f_ < open_.size(); ++min_f_) {
      auto& by_g = open_[min_f_];
      for (std::size_t g = by_g.size(); g-- > 0;) {
        if (!by_g[g].empty()) {
          const std::uint32_t index = by_g[g].back();
          by_g[g].pop_back();
          --open_entries_;
          return index;
        }
      }
    }
    return kNoParent;
  }

  const TileTables& t_;
  const Heuristic heuristic_;
  Budget& budget_;
  const std::uint64_t memory_bytes_;
  const SearchWeight weight_;
  static constexpr std::uint64_t kBudgetStep = std::uint64_t{16} << 20;
  std::uint64_t reserved_ = 0;  // bytes held from limits().memory_budget
  bool budget_refused_ = false;

  Storage goal_;
  std::vector<Node> nodes_;
  std::vector<std::uint32_t> slots_;
  std::vector<std::vector<std::vector<std::uint32_t>>> open_;
  std::size_t open_entries_ = 0;
  std::size_t min_f_ = 0;
  std::uint64_t expanded_ = 0;
  std::uint64_t generated_ = 0;
};

}  // namespace npuzzle
