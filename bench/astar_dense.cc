// Measures one idea before a kernel takes it (issue 40, results/random15.md):
// A* over the one-bit zero-aware 7-8 tables, with nodes small enough to keep.
//
// IDA* spends 55% of its nodes on a random 15-puzzle in the partial last
// iteration and most of the rest re-expanding the earlier ones (row 11);
// the engine's A* expanded 0.42x IDA*'s nodes but took 3.5x its time
// (row 6), because it evaluates every child over the byte tables from
// scratch and keys a general hash map. Here a node is 48 bytes: its packed
// board, g, its parent, and per view and part the rank, cells and value from
// which the children's one-bit entries are ranked and decoded
// (DenseZeroAwareHeuristic::Kept, restore, child), so a child costs what it
// costs in IDA* (a rank update and one prefetched line per view) plus an
// open-addressing probe keyed on the 64-bit board. zpdb:78 is consistent
// (a move changes one part's value per view by one), so no node reopens; the
// open list is a bucket per (f, g), deepest g first within an f, LIFO within
// a bucket.
//
//   [BATCH=K] astar_dense BOARDS.txt [BATCH.csv]
//
// BATCH=K expands up to K nodes of the least f together (default 1).
//
// Every solution is rebuilt from the parents and replayed on a Board to the
// goal; with BATCH.csv (npuzzle batch's output for BOARDS.txt, optimal rows)
// every length is compared with the batch's. Tables from the cache
// (XDG_CACHE_HOME), built first if missing.
#include <algorithm>
#include <bit>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bench_boards.h"
#include "core/board.h"
#include "core/packed_board.h"
#include "heuristics/dense_zero_aware_heuristic.h"
#include "heuristics/pdb/additive_cache.h"
#include "heuristics/pdb/dense_zero_aware.h"
#include "io/reader.h"

namespace {

using npuzzle::Board;
using npuzzle::Goal;
using npuzzle::Packed64;
constexpr int kMaxF = 128;
constexpr std::uint8_t kNoCell = 0xFF;

using Heuristic = npuzzle::DenseZeroAwareHeuristic<true, 4>;
struct DenseFromSet : Heuristic {
  static inline const npuzzle::pdb::DenseZeroAwareSet* dense = nullptr;
  explicit DenseFromSet(const npuzzle::pdb::AdditivePdb& pdb) : Heuristic(pdb, *dense) {}
};

using Kept = Heuristic::Kept<2>;  // zpdb:78: two parts a view
struct Node {
  std::uint64_t board;
  std::uint32_t parent;
  std::uint8_t g;
  std::uint8_t blank;
  std::uint8_t came_from;  // the parent's blank cell (kNoCell at the root)
  std::uint8_t closed;
  Kept kept;
};

// Open addressing on the packed board; 0 is no board.
class NodeIndex {
 public:
  NodeIndex() { resize(1u << 12); }
  std::uint32_t* find_or_claim(std::uint64_t key, bool& found) {
    for (std::size_t at = slot(key);; at = (at + 1) & mask_) {
      if (keys_[at] == key) {
        found = true;
        return &ids_[at];
      }
      if (keys_[at] == 0) {
        found = false;
        keys_[at] = key;
        ++used_;
        return &ids_[at];
      }
    }
  }
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&keys_[slot(key)]); }
  // After a claim: grows when over half full (slot pointers from earlier
  // claims are then stale).
  void grow_if_needed(const std::vector<Node>& nodes) {
    if (2 * used_ <= keys_.size()) return;
    resize(keys_.size() * 2);
    for (std::uint32_t i = 0; i < nodes.size(); ++i) {
      bool found;
      *find_or_claim(nodes[i].board, found) = i;
    }
  }
  // Empties the slots of `nodes` (all the keys, claimed in this order): in
  // reverse, so that each key's probe chain is still whole when it goes.
  void clear(const std::vector<Node>& nodes) {
    if (used_ * 8 < keys_.size()) {
      for (auto n = nodes.rbegin(); n != nodes.rend(); ++n) {
        std::size_t at = slot(n->board);
        while (keys_[at] != n->board) at = (at + 1) & mask_;
        keys_[at] = 0;
      }
    } else {
      std::fill(keys_.begin(), keys_.end(), 0);
    }
    used_ = 0;
  }
  std::size_t bytes() const { return keys_.size() * 12; }

 private:
  std::size_t slot(std::uint64_t key) const { return (key * 0x9E3779B97F4A7C15ull) >> shift_; }
  void resize(std::size_t n) {
    keys_.assign(n, 0);
    ids_.assign(n, 0);
    mask_ = n - 1;
    shift_ = 64 - std::countr_zero(n);
    used_ = 0;
  }
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint32_t> ids_;
  std::size_t mask_ = 0;
  int shift_ = 0;
  std::size_t used_ = 0;
};

struct Result {
  int length = -1;
  std::uint64_t expanded = 0, generated = 0, stored = 0;
};

class AStar {
 public:
  static constexpr int kMaxBatch = 16;
  AStar(const npuzzle::pdb::AdditivePdb& pdb, Packed64 goal, int batch, bool pipe)
      : heuristic_(pdb), goal_(goal), batch_(std::clamp(batch, 1, kMaxBatch)), pipe_(pipe) {
    buckets_.resize(kMaxF * kMaxF);
  }

  Result solve(const Board& start, std::string& moves) {
    Result result;
    clear();
    const int h0 = heuristic_.reset(start);
    Node root{};
    root.board = Packed64::from(start).key();
    root.parent = 0;
    root.g = 0;
    root.came_from = kNoCell;
    root.blank = static_cast<std::uint8_t>(start.blank());
    heuristic_.save(root.kept);
    nodes_.push_back(root);
    bool found;
    *index_.find_or_claim(root.board, found) = 0;
    push(h0, 0, 0);
    std::uint32_t goal_node = UINT32_MAX;
    if (root.board == goal_.key()) goal_node = 0;
    // Up to batch_ nodes of the least f at a time: all their children's
    // lines are requested before the first is decoded. Below the optimal
    // length every node of an f is expanded whatever the order, so only the
    // last f's count can change. With pipe_, the next batch (of the same f:
    // the current batch's children, not yet pushed, have no less) is taken
    // and its lines requested before the current one is decoded.
    Batch batches[2];
    int cur = 0;
    if (goal_node == UINT32_MAX) goal_node = take(batches[cur], -1);
    prepare(batches[cur]);
    while (goal_node == UINT32_MAX && batches[cur].n > 0) {
      Batch& next = batches[1 - cur];
      next.n = 0;
      if (pipe_) {
        goal_node = take(next, batches[cur].f);
        if (goal_node != UINT32_MAX) break;
        prepare(next);
      }
      expand(batches[cur], result);
      if (next.n == 0) {
        goal_node = take(next, -1);
        if (goal_node != UINT32_MAX) break;
        prepare(next);
      }
      cur = 1 - cur;
    }
    result.stored = nodes_.size();
    if (goal_node == UINT32_MAX) return result;
    result.length = nodes_[goal_node].g;
    // The blank's directions, from the goal back to the root.
    moves.clear();
    for (std::uint32_t at = goal_node; nodes_[at].came_from != kNoCell; at = nodes_[at].parent) {
      const Packed64 here = from_key(nodes_[at].board);
      int blank = 0;
      while (here.at(blank) != 0) ++blank;
      const int from = nodes_[at].came_from;
      moves.push_back(blank == from - kCols ? 'u' : blank == from + kCols ? 'd' : blank == from - 1 ? 'l' : 'r');
    }
    std::reverse(moves.begin(), moves.end());
    return result;
  }

  struct Batch {
    int n = 0;
    int f = -1;
    std::uint32_t id[kMaxBatch];
    Heuristic::Step steps[kMaxBatch][4];
    std::uint64_t keys[kMaxBatch][4];
    bool live[kMaxBatch][4];
  };

  // Pops up to batch_ nodes of one f (only_f's, or the least) and closes
  // them; returns the goal's node if it is popped, else UINT32_MAX.
  std::uint32_t take(Batch& batch, int only_f) {
    batch.n = 0;
    for (int f = only_f; batch.n < batch_; ++batch.n) {
      const std::uint32_t id = pop(f);
      if (id == UINT32_MAX) break;
      f = f_;
      batch.f = f_;
      if (nodes_[id].board == goal_.key()) return id;
      nodes_[id].closed = 1;
      batch.id[batch.n] = id;
    }
    return UINT32_MAX;
  }

  // Ranks the batch's children and requests their lines and index slots.
  void prepare(Batch& batch) {
    for (int b = 0; b < batch.n; ++b) {
      const Node& node = nodes_[batch.id[b]];
      const Packed64 board = from_key(node.board);
      heuristic_.restore(node.kept);
      const int blank = node.blank;
      for (int i = 0; i < 4; ++i) {
        batch.live[b][i] = has_neighbour(blank, i) && blank + kOffset[i] != node.came_from;
        if (!batch.live[b][i]) continue;
        const int target = blank + kOffset[i];
        const int tile = board.at(target);
        heuristic_.prepare(batch.steps[b][i], tile, target, blank, board);
        Packed64 child = board;
        child.slide(target, blank, tile);
        batch.keys[b][i] = child.key();
        index_.prefetch(batch.keys[b][i]);
      }
    }
  }

  // Decodes the batch's children and keeps the new or shortened ones.
  void expand(Batch& batch, Result& result) {
    result.expanded += static_cast<std::uint64_t>(batch.n);
    for (int b = 0; b < batch.n; ++b) {
      const std::uint32_t id = batch.id[b];
      const Node node = nodes_[id];
      heuristic_.restore(node.kept);
      const int blank = node.blank;
      const int g = node.g + 1;
      for (int i = 0; i < 4; ++i) {
        if (!batch.live[b][i]) continue;
        ++result.generated;
        const int h = heuristic_.evaluate(batch.steps[b][i], INT_MAX);
        bool found;
        std::uint32_t* slot = index_.find_or_claim(batch.keys[b][i], found);
        if (found) {
          Node& seen = nodes_[*slot];
          if (seen.closed || seen.g <= g) continue;
          seen.g = static_cast<std::uint8_t>(g);
          seen.parent = id;
          seen.came_from = static_cast<std::uint8_t>(blank);
          push(g + h, g, *slot);
          continue;
        }
        const auto child_id = static_cast<std::uint32_t>(nodes_.size());
        *slot = child_id;
        Node child{};
        child.board = batch.keys[b][i];
        child.parent = id;
        child.g = static_cast<std::uint8_t>(g);
        child.came_from = static_cast<std::uint8_t>(blank);
        child.blank = static_cast<std::uint8_t>(blank + kOffset[i]);
        heuristic_.child(batch.steps[b][i], node.kept, child.kept);
        nodes_.push_back(child);
        index_.grow_if_needed(nodes_);
        push(g + h, g, child_id);
      }
    }
  }

  std::size_t peak_bytes() const { return peak_nodes_ * sizeof(Node) + index_.bytes(); }

 private:
  static Packed64 from_key(std::uint64_t key) { return std::bit_cast<Packed64>(key); }
  void push(int f, int g, std::uint32_t id) {
    buckets_[static_cast<std::size_t>(f * kMaxF + g)].push_back(id);
    if (g > top_g_[f]) top_g_[f] = g;
    if (f < f_) f_ = f;
    if (f > f_max_) f_max_ = f;
  }
  // The next node of the least f, or with only_f >= 0 of that f only.
  std::uint32_t pop(int only_f) {
    while (f_ <= f_max_ && (only_f < 0 || f_ == only_f)) {
      int& g = top_g_[f_];
      while (g >= 0) {
        auto& bucket = buckets_[static_cast<std::size_t>(f_ * kMaxF + g)];
        while (!bucket.empty()) {
          const std::uint32_t id = bucket.back();
          bucket.pop_back();
          const Node& n = nodes_[id];
          if (!n.closed && n.g == g) return id;  // else a stale entry
        }
        --g;
      }
      if (only_f >= 0) return UINT32_MAX;
      ++f_;
    }
    return UINT32_MAX;
  }
  void clear() {
    peak_nodes_ = std::max(peak_nodes_, nodes_.size());
    index_.clear(nodes_);
    nodes_.clear();
    for (int f = 0; f < kMaxF; ++f) {
      for (int g = 0; g <= top_g_[f]; ++g) buckets_[static_cast<std::size_t>(f * kMaxF + g)].clear();
      top_g_[f] = -1;
    }
    f_ = kMaxF;
    f_max_ = -1;
  }

  DenseFromSet heuristic_;
  Packed64 goal_;
  int batch_;
  bool pipe_;
  std::vector<Node> nodes_;
  NodeIndex index_;
  std::vector<std::vector<std::uint32_t>> buckets_;
  int top_g_[kMaxF] = {};
  int f_ = kMaxF;
  int f_max_ = -1;
  std::size_t peak_nodes_ = 0;
};

// id -> length from a batch CSV (columns id, ..., length as the 5th).
std::vector<int> read_lengths(const std::string& path, std::size_t n) {
  std::vector<int> lengths(n, -1);
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::stringstream fields(line);
    std::string cell[5];
    for (auto& c : cell) std::getline(fields, c, ',');
    const std::size_t id = std::stoul(cell[0]) - 1;
    if (id < n) lengths[id] = std::stoi(cell[4]);
  }
  return lengths;
}

bool replays(Board board, const std::string& moves) {
  using npuzzle::Direction;
  for (char m : moves) {
    const Direction d = m == 'u' ? Direction::kUp : m == 'd' ? Direction::kDown : m == 'l' ? Direction::kLeft : Direction::kRight;
    if (!board.can_move(d)) return false;
    board.move(d);
  }
  return board.is_solved(Goal::kBlankFirst);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: astar_dense BOARDS.txt [BATCH.csv]\n");
    return 2;
  }
  const std::vector<Board> boards = read_boards(argv[1]);
  auto pdb = npuzzle::pdb::load_additive("zpdb:78", 4, 4, Goal::kBlankFirst);
  const auto deriving = std::chrono::steady_clock::now();
  const auto dense = npuzzle::pdb::DenseZeroAwareSet::load_dense(pdb);
  if (!dense) {
    std::fprintf(stderr, "astar_dense: zpdb:78 has no one-bit form\n");
    return 2;
  }
  DenseFromSet::dense = dense.get();
  std::printf("one-bit tables: %llu bytes, %.1f s to derive or read (pdb/file.h: derived forms)\n", static_cast<unsigned long long>(dense->bytes()),
              std::chrono::duration<double>(std::chrono::steady_clock::now() - deriving).count());
  const int batch = std::getenv("BATCH") ? std::atoi(std::getenv("BATCH")) : 1;
  AStar search(*pdb, Packed64::from(Board::solved(4, 4, Goal::kBlankFirst)), batch,
                     std::getenv("PIPE") != nullptr);
  std::vector<Result> results(boards.size());
  std::size_t bad_replay = 0;
  std::string moves;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::size_t b = 0; b < boards.size(); ++b) {
    results[b] = search.solve(boards[b], moves);
    if (results[b].length < 0 || static_cast<int>(moves.size()) != results[b].length || !replays(boards[b], moves)) {
      ++bad_replay;
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::uint64_t expanded = 0, generated = 0, stored = 0;
  for (const Result& r : results) expanded += r.expanded, generated += r.generated, stored += r.stored;
  std::printf("BATCH=%d boards=%zu expanded=%llu generated=%llu stored=%llu seconds=%.3f (solving and replaying) peak=%.1f MB, %zu failed to replay\n",
              batch, boards.size(), static_cast<unsigned long long>(expanded), static_cast<unsigned long long>(generated),
              static_cast<unsigned long long>(stored), seconds, static_cast<double>(search.peak_bytes()) / 1e6, bad_replay);
  if (argc > 2) {
    const std::vector<int> lengths = read_lengths(argv[2], boards.size());
    std::size_t differ = 0;
    for (std::size_t b = 0; b < boards.size(); ++b) {
      if (lengths[b] != results[b].length) {
        if (differ < 5) std::printf("board %zu: batch %d, here %d\n", b + 1, lengths[b], results[b].length);
        ++differ;
      }
    }
    std::printf("checked %zu lengths against %s: %zu differ\n", boards.size(), argv[2], differ);
    return differ == 0 && bad_replay == 0 ? 0 : 1;
  }
  return bad_replay == 0 ? 0 : 1;
}
