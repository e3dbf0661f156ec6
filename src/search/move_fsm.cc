#include "core/parallel.h"
#include "search/move_fsm.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <stdexcept>
#include <tuple>
#include <unordered_map>
#include <unordered_set>


#include "core/geometry.h"

namespace npuzzle {

std::string_view move_pruning_name(MovePruning p) { return p == MovePruning::kFsm ? "fsm" : "parent"; }

std::optional<MovePruning> parse_move_pruning(std::string_view name) {
  if (name == "parent") return MovePruning::kParent;
  if (name == "fsm") return MovePruning::kFsm;
  return std::nullopt;
}

namespace {

// The kernels' move order, which defines "earlier" among strings of one length.
constexpr std::array<Direction, 4> kOrder = {Direction::kUp, Direction::kLeft, Direction::kRight, Direction::kDown};

// The blank's cell after moving `d` from `cell`, or -1 off the board.
int neighbour(int rows, int cols, int cell, Direction d) {
  const int r = cell / cols;
  const int c = cell % cols;
  switch (d) {
    case Direction::kUp: return r > 0 ? cell - cols : -1;
    case Direction::kDown: return r + 1 < rows ? cell + cols : -1;
    case Direction::kLeft: return c > 0 ? cell - 1 : -1;
    case Direction::kRight: return c + 1 < cols ? cell + 1 : -1;
  }
  return -1;
}

// Move strings of at most kMaxFsmDepth moves are words of two bits a move
// (Direction values, the first move in the lowest bits).
constexpr Direction move_at(std::uint64_t moves, int i) { return static_cast<Direction>(moves >> (2 * i) & 3); }

struct Forbidden {
  int start_cell;
  int end_cell;
  int length;
  std::uint64_t moves;
};

// A move string with its start cell and length, as `known` holds it.
std::uint64_t string_key(int start_cell, int length, std::uint64_t moves) {
  return static_cast<std::uint64_t>(start_cell) | static_cast<std::uint64_t>(length) << 6 | moves << 11;
}
static_assert(2 * kMaxFsmDepth + 11 <= 64);

// The arrangements one start cell's search has reached, each once: `cells`
// bytes per arrangement in one pool, found through an open-addressing table
// of pool indices (the bytes compared, so no two arrangements are confused).
class ArrangementSet {
 public:
  explicit ArrangementSet(int cells) : cells_(static_cast<std::size_t>(cells)), slots_(1024, kEmpty) {}

  const std::uint8_t* at(std::uint32_t index) const { return pool_.data() + index * cells_; }

  // Adds `arrangement` unless it is there; returns its index and whether it was added.
  std::pair<std::uint32_t, bool> insert(const std::uint8_t* arrangement) {
    if (2 * (count_ + 1) > slots_.size()) grow();
    std::size_t slot = hash(arrangement) & (slots_.size() - 1);
    while (slots_[slot] != kEmpty) {
      if (std::equal(arrangement, arrangement + cells_, at(slots_[slot]))) return {slots_[slot], false};
      slot = (slot + 1) & (slots_.size() - 1);
    }
    const auto index = static_cast<std::uint32_t>(count_++);
    slots_[slot] = index;
    pool_.insert(pool_.end(), arrangement, arrangement + cells_);
    return {index, true};
  }

 private:
  static constexpr std::uint32_t kEmpty = 0xFFFFFFFF;

  std::uint64_t hash(const std::uint8_t* bytes) const {
    std::uint64_t h = 0x9E3779B97F4A7C15ULL;
    std::size_t i = 0;
    for (; i + 8 <= cells_; i += 8) {
      std::uint64_t word;
      std::memcpy(&word, bytes + i, 8);
      h = (h ^ word) * 0xFF51AFD7ED558CCDULL;
      h ^= h >> 32;
    }
    for (; i < cells_; ++i) h = (h ^ bytes[i]) * 0x100000001B3ULL;
    h ^= h >> 29;
    return h * 0xC4CEB9FE1A85EC53ULL >> 7;
  }

  void grow() {
    std::vector<std::uint32_t> bigger(2 * slots_.size(), kEmpty);
    for (std::uint32_t index = 0; index < count_; ++index) {
      std::size_t slot = hash(at(index)) & (bigger.size() - 1);
      while (bigger[slot] != kEmpty) slot = (slot + 1) & (bigger.size() - 1);
      bigger[slot] = index;
    }
    slots_ = std::move(bigger);
  }

  std::size_t cells_;
  std::size_t count_ = 0;
  std::vector<std::uint8_t> pool_;
  std::vector<std::uint32_t> slots_;
};

// Step 1, from every start cell, one length at a time, so that a string
// holding a shorter forbidden string (from the cell it starts on) is known
// to be cut already: it is neither extended nor recorded, and the list holds
// only the minimal forbidden strings.
std::vector<Forbidden> forbidden_strings(int rows, int cols, int depth) {
  struct Node {
    std::uint64_t moves;        // the node's string, of the current length
    std::uint32_t arrangement;  // in its start cell's set; label per cell, the blank 0xFF
  };
  const int cells = rows * cols;
  std::vector<Forbidden> out;
  std::unordered_set<std::uint64_t> known;  // string_key() of each forbidden string
  std::vector<ArrangementSet> seen(static_cast<std::size_t>(cells), ArrangementSet(cells));
  std::vector<std::vector<Node>> level(static_cast<std::size_t>(cells));
  for (int start = 0; start < cells; ++start) {
    std::vector<std::uint8_t> root(static_cast<std::size_t>(cells));
    for (int i = 0; i < cells; ++i) root[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
    root[static_cast<std::size_t>(start)] = 0xFF;
    const auto s = static_cast<std::size_t>(start);
    level[s].push_back({0, seen[s].insert(root.data()).first});
  }
  // Within one length the start cells are independent (each reads `known`,
  // written only between lengths), so they run in parallel; their finds are
  // merged in start-cell order, so the machine does not depend on the threads.
  std::vector<std::vector<Forbidden>> found(static_cast<std::size_t>(cells));
  for (int d = 1; d <= depth; ++d) {
    // Isolated: a thread waiting here must not take up an unrelated task that
    // could call move_fsm_for() and wait for its lock, held by this builder.
    isolated_for_each(0, cells, [&](int start) {
        const auto s = static_cast<std::size_t>(start);
        std::vector<Node> next;
        std::vector<std::uint8_t> child(static_cast<std::size_t>(cells));
        std::array<int, kMaxFsmDepth + 1> path{};  // the blank's cell before each of the node's moves, then after
        for (const Node& node : level[s]) {
          path[0] = start;
          for (int i = 0; i + 1 < d; ++i) {
            path[static_cast<std::size_t>(i + 1)] =
                neighbour(rows, cols, path[static_cast<std::size_t>(i)], move_at(node.moves, i));
          }
          const int from = path[static_cast<std::size_t>(d - 1)];
          for (const Direction dir : kOrder) {
            const int to = neighbour(rows, cols, from, dir);
            if (to < 0) continue;
            const std::uint64_t moves = node.moves | static_cast<std::uint64_t>(dir) << (2 * (d - 1));
            bool holds_forbidden = false;
            for (int i = 1; i + 1 < d && !holds_forbidden; ++i) {
              holds_forbidden = known.contains(string_key(path[static_cast<std::size_t>(i)], d - i, moves >> (2 * i)));
            }
            if (holds_forbidden) continue;
            std::copy_n(seen[s].at(node.arrangement), cells, child.begin());
            std::swap(child[static_cast<std::size_t>(to)], child[static_cast<std::size_t>(from)]);
            const auto [index, added] = seen[s].insert(child.data());
            if (!added) {
              found[s].push_back({start, to, d, moves});
            } else {
              next.push_back({moves, index});
            }
          }
        }
        level[s] = std::move(next);
    });
    for (std::vector<Forbidden>& at_start : found) {
      for (const Forbidden& f : at_start) {
        known.insert(string_key(f.start_cell, f.length, f.moves));
        out.push_back(f);
      }
      at_start.clear();
    }
  }
  return out;
}

}  // namespace

std::unique_ptr<MoveFsm> build_move_fsm(int rows, int cols, int depth) {
  const int cells = rows * cols;
  auto fsm = std::make_unique<MoveFsm>();
  fsm->rows = rows;
  fsm->cols = cols;
  fsm->depth = depth;

  const std::vector<Forbidden> forbidden = forbidden_strings(rows, cols, depth);
  fsm->forbidden_strings = forbidden.size();

  // Step 2: the trie, its end-cell masks, then failure links breadth-first.
  std::vector<std::array<std::int32_t, 4>> go(1, {-1, -1, -1, -1});
  std::vector<std::uint64_t> ends(1, 0);
  for (const Forbidden& f : forbidden) {
    std::int32_t node = 0;
    for (int i = 0; i < f.length; ++i) {
      const auto m = static_cast<std::size_t>(move_at(f.moves, i));
      std::int32_t& child = go[static_cast<std::size_t>(node)][m];
      if (child < 0) {
        child = static_cast<std::int32_t>(go.size());
        go.push_back({-1, -1, -1, -1});
        ends.push_back(0);
      }
      node = go[static_cast<std::size_t>(node)][m];
    }
    ends[static_cast<std::size_t>(node)] |= std::uint64_t{1} << f.end_cell;
  }
  fsm->automaton_nodes = go.size();
  std::vector<std::int32_t> fail(go.size(), 0);
  std::deque<std::int32_t> queue;
  for (auto& child : go[0]) {
    if (child < 0) {
      child = 0;
    } else {
      queue.push_back(child);
    }
  }
  while (!queue.empty()) {
    const std::int32_t node = queue.front();
    queue.pop_front();
    const auto n = static_cast<std::size_t>(node);
    ends[n] |= ends[static_cast<std::size_t>(fail[n])];
    for (std::size_t m = 0; m < 4; ++m) {
      const std::int32_t child = go[n][m];
      const std::int32_t via_fail = go[static_cast<std::size_t>(fail[n])][m];
      if (child < 0) {
        go[n][m] = via_fail;
      } else {
        fail[static_cast<std::size_t>(child)] = via_fail;
        queue.push_back(child);
      }
    }
  }

  // Step 3: the reachable product states, each cell's empty history first.
  // A state gets its number on its cell when found; its row waits for
  // `first`, known once all are found.
  struct State {
    std::int32_t node;  // in the automaton
    int cell;
    std::int32_t on_cell;  // its number on `cell`
  };
  std::unordered_map<std::uint64_t, std::int32_t> id;
  std::vector<State> states;
  std::vector<std::int32_t> count(static_cast<std::size_t>(cells), 0);
  auto state_of = [&](std::int32_t node, int cell) {
    const std::uint64_t key = static_cast<std::uint64_t>(node) * 64 + static_cast<std::uint64_t>(cell);
    auto [it, added] = id.emplace(key, static_cast<std::int32_t>(states.size()));
    if (added) {
      std::int32_t& on_cell = count[static_cast<std::size_t>(cell)];
      if (on_cell >= kDeadMove) throw std::length_error("move_fsm: too many states on one cell; use a smaller depth");
      states.push_back({node, cell, on_cell++});
    }
    return it->second;
  };
  for (int cell = 0; cell < cells; ++cell) state_of(0, cell);
  std::vector<std::array<std::int32_t, 4>> found_next;  // per state, by its index in `states`; -1: dead
  for (std::size_t s = 0; s < states.size(); ++s) {
    const auto [node, cell, on_cell] = states[s];
    std::array<std::int32_t, 4> row{-1, -1, -1, -1};
    for (int m = 0; m < 4; ++m) {
      const int to = neighbour(rows, cols, cell, static_cast<Direction>(m));
      if (to < 0) continue;
      const std::int32_t child = go[static_cast<std::size_t>(node)][static_cast<std::size_t>(m)];
      if (ends[static_cast<std::size_t>(child)] >> to & 1) continue;
      row[static_cast<std::size_t>(m)] = state_of(child, to);
    }
    found_next.push_back(row);
  }
  fsm->first.assign(static_cast<std::size_t>(cells) + 1, 0);
  for (std::size_t cell = 0; cell < count.size(); ++cell) fsm->first[cell + 1] = fsm->first[cell] + count[cell];
  fsm->next.assign(4 * states.size(), kDeadMove);
  for (std::size_t s = 0; s < states.size(); ++s) {
    const auto row = static_cast<std::size_t>(fsm->first[static_cast<std::size_t>(states[s].cell)] + states[s].on_cell);
    for (std::size_t m = 0; m < 4; ++m) {
      const std::int32_t to = found_next[s][m];
      if (to >= 0) fsm->next[4 * row + m] = static_cast<std::uint16_t>(states[static_cast<std::size_t>(to)].on_cell);
    }
  }
  return fsm;
}

std::shared_ptr<const MoveFsm> move_fsm_for(int rows, int cols, int depth) {
  depth = resolved_fsm_depth(rows * cols, depth);
  static std::mutex mutex;
  static auto* machines = new std::map<std::tuple<int, int, int>, std::shared_ptr<const MoveFsm>>();
  std::lock_guard lock(mutex);
  auto& slot = (*machines)[{rows, cols, depth}];
  if (!slot) slot = build_move_fsm(rows, cols, depth);
  return slot;
}

}  // namespace npuzzle
