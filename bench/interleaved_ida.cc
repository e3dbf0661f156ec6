// Measures one idea before a kernel takes it (issue 40, results/random15.md):
// interleaving several IDA* searches in one thread, so that the table reads
// of one search overlap the work of the others.
//
// A 15-puzzle node with pdb:78 costs about 2.5x one with pdb:555, whose
// tables fit in the cache: most of its time is spent waiting for the 550 MB
// tables. The kernels already prefetch all of a node's children before
// evaluating the first, but the search must then wait for them. Here each of
// K searches keeps an explicit stack, and a round-robin driver advances one
// search by one expanded node (whose children's entries it prefetches) before
// turning to the next, so a search's entries arrive while the others work
// (Kocberber et al., "Asynchronous Memory Access Chaining", VLDB 2015).
//
// The searches are the engine's: the same heuristic object (PdbHeuristic,
// prepare/evaluate/descend/ascend), the same move-pruning machine, the same
// child order (up, left, right, down) and the same counting, so every board's
// length and generated count must equal `npuzzle batch --heuristic pdb:78
// --prune fsm`'s; the program checks that against a batch CSV when given one.
//
//   SPEC=pdb:78 interleaved_ida BOARDS.txt K [BATCH.csv]
//
// Five more measurements of where IDA*'s nodes go share the program (each
// changes the counts, so the check against BATCH.csv is left out, or reports
// the counts as differing and checks the lengths):
//   PROOF=1   only the iteration over each board's optimal length (BATCH.csv's)
//             minus 2, in full: what proving a known optimal length costs;
//   UPPER=CSV depth-first branch and bound from the lengths in CSV (a
//             weighted search's): search below the known length, lowering
//             the bound at each shorter solution;
//   ORDER=1   every node's children visited by increasing h (only the
//             iteration that finds the goal changes);
//   PERIMETER=R  every state within R moves of the goal in a hash table
//             (class Perimeter): exact distances inside, more than R outside;
//   TT=B      a transposition table of 2^B entries (class TranspositionTable),
//             with TTMIN and TTKEY.
// The heuristic is SPEC's (pdb:78 by default) as the kernels read it; with a
// zero-aware SPEC (zpdb:78), DENSE=1 reads the same values in the engine's
// one-bit form (pdb/dense_zero_aware.h), so the counts must equal zpdb:78's
// batch CSV. (Two more layouts of those bits, over the compact index and at
// its cursor's rank, were measured with 67dccea's PACKED=1 and DENSE=2:
// results/random15.md row 16.)
// Measured (results/random15.md): every count equal to the kernel's, and no
// gain from K > 1 on this project's VMs, so no kernel took the idea; DENSE=1
// is row 16. CHILDSIGN=1 (with DENSE=1) reads them through their child signs
// (pdb/child_signs.h), loading a node's words only when its search is next
// advanced (results/random15.md, "child signs").
//
// BOARDS.txt: `npuzzle gen --size 4x4 --goal blank-first` output. Tables
// from the cache (XDG_CACHE_HOME), built first if missing.
#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bench_boards.h"
#include "core/board.h"
#include "core/packed_board.h"
#include "heuristics/pdb/additive_cache.h"
#include "heuristics/pdb_heuristic.h"
#include "heuristics/zero_aware_heuristic.h"
#include "heuristics/child_sign_heuristic.h"
#include "heuristics/dense_zero_aware_heuristic.h"
#include "heuristics/pdb/child_signs.h"
#include "heuristics/pdb/dense_zero_aware.h"
#include "io/reader.h"
#include "search/move_fsm.h"

namespace {

using npuzzle::Board;
using npuzzle::Goal;
using npuzzle::Packed64;
constexpr int kMaxDepth = 96;
// The Direction value of each of kOffset's moves.
constexpr int kDirection[4] = {0, 2, 3, 1};

// PERIMETER=R: every state within R moves of the goal, with its distance,
// from a breadth-first search backwards from the goal (Culberson and
// Schaeffer's endgame database; Dillenburg and Nelson's perimeter). A child
// whose h is at most R is looked up: inside, its exact distance replaces h;
// outside, its distance is more than R (with h's parity).
class Perimeter {
 public:
  explicit Perimeter(int radius, Packed64 goal) : radius_(radius) {
    std::size_t expected = 1;
    for (int d = 1; d <= radius; ++d) expected = expected * 21 / 10 + 2;
    capacity_ = 1;
    while (capacity_ < 2 * expected + 1024) capacity_ <<= 1;
    keys_.assign(capacity_, kEmpty);
    dist_.assign(capacity_, 0);
    std::vector<std::uint64_t> frontier{goal.key()}, next;
    insert(goal.key(), 0);
    for (int d = 1; d <= radius; ++d) {
      next.clear();
      for (std::uint64_t key : frontier) {
        int blank = 0;
        while (((key >> (4 * blank)) & 0xF) != 0) ++blank;
        for (int i = 0; i < 4; ++i) {
          if (!has_neighbour(blank, i)) continue;
          const int target = blank + kOffset[i];
          const std::uint64_t tile = (key >> (4 * target)) & 0xF;
          const std::uint64_t child = key + (tile << (4 * blank)) - (tile << (4 * target));
          if (insert(child, d)) next.push_back(child);
        }
      }
      frontier.swap(next);
      states_ += frontier.size();
    }
  }
  // The distance of `key`, or -1 beyond the radius.
  int distance(std::uint64_t key) const {
    for (std::size_t at = slot(key);; at = (at + 1) & (capacity_ - 1)) {
      if (keys_[at] == key) return dist_[at];
      if (keys_[at] == kEmpty) return -1;
    }
  }
  int radius() const { return radius_; }
  std::size_t states() const { return states_ + 1; }
  std::size_t bytes() const { return capacity_ * 9; }

 private:
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
  std::size_t slot(std::uint64_t key) const { return (key * 0x9E3779B97F4A7C15ull) >> (64 - std::countr_zero(capacity_)); }
  bool insert(std::uint64_t key, int d) {
    for (std::size_t at = slot(key);; at = (at + 1) & (capacity_ - 1)) {
      if (keys_[at] == key) return false;
      if (keys_[at] == kEmpty) {
        keys_[at] = key;
        dist_[at] = static_cast<std::uint8_t>(d);
        return true;
      }
    }
  }
  int radius_;
  std::size_t capacity_ = 0, states_ = 0;
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint8_t> dist_;
};

// TT=B: a transposition table of 2^B entries (Reinefeld and Marsland,
// "Enhanced iterative-deepening search", 1994), probed and filled only at
// nodes whose h is at least TTMIN (default 8) below the bound left, whose
// subtrees are large enough to pay for a read from memory. An entry holds a
// state (with its move-pruning state unless TTKEY=state), the depth at which
// it was last searched in full, the iteration of that search, and the
// backed-up bound: the least f beyond the bound in its subtree, less the
// depth. In the same iteration, a state met again no shallower is a
// duplicate, and its subtree is skipped; in a later one, the backed-up bound
// is a stronger h. Keyed with the move-pruning state, both are safe: the
// subtree searched from (state, machine state) with a given budget is the
// same whatever the path. Keyed on the state alone they are not (move pruning
// and duplicate detection, Holte and Burch 2014), and the lengths are checked.
class TranspositionTable {
 public:
  struct Entry {
    std::uint64_t key = ~std::uint64_t{0};
    std::uint32_t iteration = 0;
    std::uint16_t machine = 0;
    std::uint8_t depth = 0, backed = 0;
  };
  explicit TranspositionTable(int bits) : bits_(bits), entries_(std::size_t{1} << bits) {}
  Entry& slot(std::uint64_t key, std::uint16_t machine) {
    const std::uint64_t mixed = (key ^ (std::uint64_t{machine} * 0xD6E8FEB86659FD93ull)) * 0x9E3779B97F4A7C15ull;
    return entries_[mixed >> (64 - bits_)];
  }
  std::size_t bytes() const { return entries_.size() * sizeof(Entry); }

 private:
  int bits_;
  std::vector<Entry> entries_;
};

struct Result {
  int length = -1;
  std::uint64_t expanded = 0, generated = 0;
  std::uint64_t last_iteration = 0;  // of `expanded`, those of the iteration that found the goal
  std::uint64_t probes = 0;          // PERIMETER: look-ups
  std::uint64_t tt_cuts = 0, tt_raised = 0, tt_stores = 0;  // TT
};

template <class H>
class Search {
  // CHILDSIGN=1 (ChildSignHeuristic): a node's words are loaded when its
  // search is next advanced, so that the other searches' work hides them.
  static constexpr bool kSplitsDescend = requires(H& h, typename H::Step& s) { h.begin_descend(s); };
  static constexpr bool kFetchesOpen = requires(H& h, typename H::Step& s) { h.fetch_open(s, 0); };

 public:
  Search(const npuzzle::pdb::AdditivePdb& pdb, const npuzzle::MoveFsm& fsm, Packed64 goal,
         const Perimeter* perimeter = nullptr, TranspositionTable* tt = nullptr)
      : heuristic_(pdb), next_(fsm.next.data()), first_(fsm.first.data()), goal_(goal), perimeter_(perimeter),
        tt_(tt) {}

  // Starts a board; false if it is already solved.
  // only_bound >= 0: search the one iteration over that bound, in full
  // (PROOF=1 below), instead of IDA*'s iterations up to the goal.
  // dfbnb: only_bound is the length of a known solution; search below it
  // depth-first, lowering the bound to each shorter solution found.
  bool start(const Board& board, int id, int only_bound = -1, bool dfbnb = false) {
    id_ = id;
    only_bound_ = only_bound;
    dfbnb_ = dfbnb;
    result_ = {};
    first_iteration_ = iteration_ + 1;
    start_ = Packed64::from(board);
    start_blank_ = board.blank();
    start_h_ = heuristic_.reset(board);
    if (start_ == goal_) {
      result_.length = 0;
      return false;
    }
    bound_ = start_h_;
    if (only_bound_ >= 0) {
      if (dfbnb_) result_.length = only_bound_ + 2;
      if (only_bound_ < start_h_) return false;  // the root's h alone proves it
      bound_ = only_bound_;
    }
    begin_iteration();
    return true;
  }

  // Runs until the next node is expanded (its children's entries are then
  // being fetched) or the search ends; true while it has not ended.
  bool advance() {
    if constexpr (kSplitsDescend) {
      if (pending_ != nullptr) {
        heuristic_.finish_descend(*pending_);
        pending_ = nullptr;
        expand(stack_[depth_]);
      }
    }
    for (;;) {
      Frame& f = stack_[depth_];
      while (f.next < 4) {
        const int i = ordered_ ? f.order[f.next++] : f.next++;
        if (f.child_state[i] == npuzzle::kDeadMove) continue;
        ++result_.generated;
        typename H::Step& step = f.step[i];
        const int room = bound_ - depth_ - 1;
        int child_h = ordered_ ? f.h[i] : heuristic_.evaluate(step, room);
        const int target = f.blank + kOffset[i];
        Packed64 child = f.board;
        if (child_h <= room) {
          // Only the children h does not cut are made (and looked up).
          child.slide(target, f.blank, child.at(target));
          if (perimeter_ && child_h <= perimeter_->radius()) {
            ++result_.probes;
            const int d = perimeter_->distance(child.key());
            if (d >= 0) {
              child_h = d;
            } else {
              const int outside = perimeter_->radius() + 1;
              child_h = outside + ((outside - child_h) & 1);
            }
          }
        }
        if (child_h > room) {
          heuristic_.reject(step);
          const int fval = depth_ + 1 + child_h;
          if (fval < next_bound_) next_bound_ = fval;
          if (fval < f.min_f) f.min_f = fval;
          continue;
        }
        if (tt_ && room - child_h >= tt_min_) {
          // The child's subtree is large: look it up.
          const std::uint16_t machine = tt_state_key_ ? 0 : f.child_state[i];
          const TranspositionTable::Entry& e = tt_->slot(child.key(), machine);
          if (e.key == child.key() && e.machine == machine && e.iteration >= first_iteration_) {
            const int fval = depth_ + 1 + e.backed;
            bool cut = false;
            if (e.iteration == iteration_ && e.depth <= depth_ + 1) {
              ++result_.tt_cuts;  // searched in full this iteration, with at least this budget
              cut = true;
            } else if (e.backed > room) {
              ++result_.tt_raised;  // an earlier iteration's backed-up bound prunes it
              cut = true;
            }
            if (cut) {
              heuristic_.reject(step);
              if (fval < next_bound_) next_bound_ = fval;
              if (fval < f.min_f) f.min_f = fval;
              continue;
            }
          }
        }
        if (child_h == 0 && child == goal_) {
          result_.length = depth_ + 1;
          if (dfbnb_) {
            // Branch and bound: keep searching, now for a shorter one.
            bound_ = depth_ + 1 - 2;
            continue;
          }
          result_.last_iteration = result_.expanded - iteration_start_;
          // Korf-style counting: the siblings never reached are not generated.
          return false;
        }
        Frame& c = stack_[++depth_];
        c.board = child;
        c.blank = target;
        c.state = f.child_state[i];
        c.own_h = child_h;
        if constexpr (kSplitsDescend) {
          // The child's words were prefetched; take them, and expand it, when
          // this search is next advanced.
          heuristic_.begin_descend(step);
          pending_ = &step;
        } else {
          heuristic_.descend(step);
          expand(c);
        }
        return true;
      }
      if (depth_ == 0) {
        if (only_bound_ >= 0) return false;  // the one iteration is done
        // The iteration is over without a solution: the next bound.
        // Every descend was undone, so the views are the root's again.
        bound_ = next_bound_;
        begin_iteration();
        return true;
      }
      Frame& done = stack_[depth_];
      if (tt_ && bound_ - depth_ - done.own_h >= tt_min_) {
        const std::uint16_t machine = tt_state_key_ ? 0 : static_cast<std::uint16_t>(done.state);
        TranspositionTable::Entry& e = tt_->slot(done.board.key(), machine);
        e.key = done.board.key();
        e.machine = machine;
        e.iteration = iteration_;
        e.depth = static_cast<std::uint8_t>(depth_);
        e.backed = static_cast<std::uint8_t>(std::min(done.min_f - depth_, 255));
        ++result_.tt_stores;
      }
      --depth_;
      Frame& parent = stack_[depth_];
      if (done.min_f < parent.min_f) parent.min_f = done.min_f;
      heuristic_.ascend(parent.step[ordered_ ? parent.order[parent.next - 1] : parent.next - 1]);
    }
  }

  const Result& result() const { return result_; }
  int id() const { return id_; }

 private:
  struct Frame {
    Packed64 board;
    int blank = 0, state = 0, next = 0;
    int min_f = 0;            // TT: the least f beyond the bound in the subtree so far
    int own_h = 0;            // TT: the node's own h
    std::uint16_t child_state[4];
    typename H::Step step[4];
    int h[4];                 // ORDER=1: the children's values,
    std::uint8_t order[4];    // and the order that visits them by increasing h
  };

  void begin_iteration() {
    ++iteration_;
    iteration_start_ = result_.expanded;
    next_bound_ = 1 << 30;
    depth_ = 0;
    Frame& root = stack_[0];
    root.board = start_;
    root.blank = start_blank_;
    root.state = npuzzle::MoveFsm::kEmptyHistory;
    expand(root);
  }

  void expand(Frame& f) {
    ++result_.expanded;
    f.next = 0;
    f.min_f = 1 << 30;
    const std::uint16_t* next = next_ + 4 * (first_[f.blank] + f.state);
    for (int i = 0; i < 4; ++i) {
      f.child_state[i] = has_neighbour(f.blank, i) ? next[kDirection[i]] : npuzzle::kDeadMove;
      if (f.child_state[i] != npuzzle::kDeadMove) {
        const int target = f.blank + kOffset[i];
        heuristic_.prepare(f.step[i], f.board.at(target), target, f.blank, f.board);
      }
    }
    if constexpr (kFetchesOpen) {
      for (int i = 0; i < 4; ++i) {
        if (f.child_state[i] != npuzzle::kDeadMove) heuristic_.fetch_open(f.step[i], bound_ - depth_ - 1);
      }
    }
    if (ordered_) {
      const int room = bound_ - depth_ - 1;
      for (int i = 0; i < 4; ++i) {
        f.order[i] = static_cast<std::uint8_t>(i);
        f.h[i] = f.child_state[i] == npuzzle::kDeadMove ? 1000 : heuristic_.evaluate(f.step[i], room);
      }
      std::stable_sort(f.order, f.order + 4, [&f](int a, int b) { return f.h[a] < f.h[b]; });
    }
  }

  H heuristic_;
  const std::uint16_t* next_;
  const std::int32_t* first_;
  Packed64 goal_;
  const Perimeter* perimeter_;
  TranspositionTable* tt_;
  int tt_min_ = std::getenv("TTMIN") ? std::atoi(std::getenv("TTMIN")) : 8;
  bool tt_state_key_ = std::getenv("TTKEY") && std::string(std::getenv("TTKEY")) == "state";
  std::uint32_t iteration_ = 0, first_iteration_ = 0;  // TT: iterations run by this search, the board's first
  Packed64 start_;
  int start_blank_ = 0, start_h_ = 0, id_ = 0;
  int bound_ = 0, next_bound_ = 0, depth_ = 0;
  std::uint64_t iteration_start_ = 0;
  int only_bound_ = -1;
  bool dfbnb_ = false;
  bool ordered_ = std::getenv("ORDER") != nullptr;
  Result result_;
  Frame stack_[kMaxDepth];
  typename H::Step* pending_ = nullptr;  // kSplitsDescend: the step whose words are on their way
};

// DENSE=1 CHILDSIGN=1: the engine's child-sign heuristic, made from the set alone as Search makes its heuristic.
struct ChildSignFromSet : npuzzle::ChildSignHeuristic<4> {
  static inline const npuzzle::pdb::ChildSignSet* signs = nullptr;
  explicit ChildSignFromSet(const npuzzle::pdb::AdditivePdb& pdb) : ChildSignHeuristic(pdb, *signs) {}
};

// DENSE=1: the engine's one-bit heuristic, made from the set alone as Search makes its heuristic.
struct DenseFromSet : npuzzle::DenseZeroAwareHeuristic<true, 4> {
  static inline const npuzzle::pdb::DenseZeroAwareSet* dense = nullptr;
  explicit DenseFromSet(const npuzzle::pdb::AdditivePdb& pdb) : DenseZeroAwareHeuristic(pdb, *dense) {}
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: interleaved_ida BOARDS.txt K [BATCH.csv]\n");
    return 2;
  }
  const std::vector<Board> boards = read_boards(argv[1]);
  const int k = std::atoi(argv[2]);
  const char* spec = std::getenv("SPEC") ? std::getenv("SPEC") : "pdb:78";
  auto pdb = npuzzle::pdb::load_additive(spec, 4, 4, Goal::kBlankFirst);
  auto fsm = npuzzle::move_fsm_for(4, 4);
  const Packed64 goal = Packed64::from(Board::solved(4, 4, Goal::kBlankFirst));

  std::unique_ptr<Perimeter> perimeter;
  if (const char* r = std::getenv("PERIMETER")) {
    const auto built = std::chrono::steady_clock::now();
    perimeter = std::make_unique<Perimeter>(std::atoi(r), goal);
    std::printf("perimeter of radius %d: %zu states, %.0f MB, %.1f s\n", perimeter->radius(), perimeter->states(),
                static_cast<double>(perimeter->bytes()) / 1e6,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - built).count());
  }
  std::vector<std::unique_ptr<TranspositionTable>> tables;
  for (int s = 0; s < k && std::getenv("TT"); ++s) tables.push_back(std::make_unique<TranspositionTable>(std::atoi(std::getenv("TT"))));
  if (!tables.empty()) std::printf("transposition table: %zu MB per search\n", tables[0]->bytes() >> 20);
  // The heuristic: SPEC's tables as the kernels read them (PdbHeuristic, or
  // ZeroAwarePdbHeuristic for zpdb:), or with DENSE=1 and a zpdb: SPEC, the
  // one-bit form (DenseFromSet).
  auto run = [&]<class H>() -> int {
    std::vector<std::unique_ptr<Search<H>>> slots;
    for (int s = 0; s < k; ++s) {
      slots.push_back(std::make_unique<Search<H>>(*pdb, *fsm, goal, perimeter.get(), tables.empty() ? nullptr : tables[s].get()));
    }
    // PROOF=1 with a batch CSV: only the iteration over each board's optimal
    // length minus 2, in full: what proving the length costs when a solution
    // of that length is already known.
    std::vector<int> proof_bound(boards.size(), -1);
    // UPPER=CSV: each board's length in CSV (a weighted search's) is the
    // first bound of a depth-first branch and bound.
    const char* upper = std::getenv("UPPER");
    if ((std::getenv("PROOF") && argc > 3) || upper) {
      for (const BatchRow& row : read_batch_rows(upper ? upper : argv[3])) {
        if (row.index < boards.size()) proof_bound[row.index] = row.length - 2;
      }
    }
    std::vector<Result> results(boards.size());
    const auto t0 = std::chrono::steady_clock::now();
    std::size_t next_board = 0;
    std::vector<bool> busy(static_cast<std::size_t>(k), false);
    int active = 0;
    auto load = [&](std::size_t s) {
      while (next_board < boards.size()) {
        const std::size_t b = next_board++;
        if (slots[s]->start(boards[b], static_cast<int>(b), proof_bound[b], upper != nullptr)) {
          busy[s] = true;
          ++active;
          return;
        }
        results[b] = slots[s]->result();
      }
    };
    for (std::size_t s = 0; s < slots.size(); ++s) load(s);
    while (active > 0) {
      for (std::size_t s = 0; s < slots.size(); ++s) {
        if (!busy[s]) continue;
        if (!slots[s]->advance()) {
          results[static_cast<std::size_t>(slots[s]->id())] = slots[s]->result();
          busy[s] = false;
          --active;
          load(s);
        }
      }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::uint64_t expanded = 0, generated = 0, last = 0, probes = 0, cuts = 0, raised = 0, stores = 0;
    for (const Result& r : results) {
      expanded += r.expanded, generated += r.generated, last += r.last_iteration, probes += r.probes;
      cuts += r.tt_cuts, raised += r.tt_raised, stores += r.tt_stores;
    }
    if (!tables.empty()) {
      std::printf("TT: %llu duplicates cut, %llu pruned by a backed-up bound, %llu stores\n",
                  static_cast<unsigned long long>(cuts), static_cast<unsigned long long>(raised),
                  static_cast<unsigned long long>(stores));
    }
    if (perimeter) std::printf("perimeter look-ups: %llu\n", static_cast<unsigned long long>(probes));
    std::printf("K=%d boards=%zu expanded=%llu (last iterations %llu) generated=%llu seconds=%.3f rate=%.3g expanded/s\n",
                k, boards.size(), static_cast<unsigned long long>(expanded), static_cast<unsigned long long>(last),
                static_cast<unsigned long long>(generated), seconds, static_cast<double>(expanded) / seconds);
    if (argc > 3 && !std::getenv("PROOF")) {
      std::size_t rows = 0, bad = 0, bad_length = 0;
      std::uint64_t batch_generated = 0;
      for (const BatchRow& row : read_batch_rows(argv[3])) {
        const std::size_t id = row.index;
        batch_generated += row.generated;
        const bool here = id < results.size();
        if (!here || results[id].length != row.length) ++bad_length;
        if (!here || results[id].length != row.length || results[id].generated != row.generated) {
          if (bad < 5) {
            std::printf("board %zu: batch %d / %llu, here %d / %llu\n", id + 1, row.length,
                        static_cast<unsigned long long>(row.generated), here ? results[id].length : -1,
                        here ? static_cast<unsigned long long>(results[id].generated) : 0ULL);
          }
          ++bad;
        }
        ++rows;
      }
      std::printf("checked %zu rows against %s: %zu differ, %zu of them in length (batch generated %llu)\n", rows,
                  argv[3], bad, bad_length, static_cast<unsigned long long>(batch_generated));
      return bad == 0 ? 0 : 1;
    }
    return 0;
  };
  const bool zero_aware = std::string(spec).rfind("zpdb:", 0) == 0;
  if (zero_aware && std::getenv("DENSE")) {
    const auto deriving = std::chrono::steady_clock::now();
    const auto dense = npuzzle::pdb::DenseZeroAwareSet::load_dense(pdb);
    if (!dense) {
      std::fprintf(stderr, "interleaved_ida: %s has no one-bit form\n", spec);
      return 2;
    }
    DenseFromSet::dense = dense.get();
    if (std::getenv("CHILDSIGN")) {
      const auto signs = npuzzle::pdb::ChildSignSet::load(pdb, *dense);
      if (!signs) {
        std::fprintf(stderr, "interleaved_ida: %s has no child signs\n", spec);
        return 2;
      }
      ChildSignFromSet::signs = signs.get();
      std::printf("child signs: %llu bytes, %.1f s with the one-bit form to derive or read\n",
                  static_cast<unsigned long long>(signs->bytes()),
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - deriving).count());
      return run.template operator()<ChildSignFromSet>();
    }
    std::printf("one-bit tables: %llu bytes, %.1f s to derive or read (pdb/file.h: derived forms)\n", static_cast<unsigned long long>(dense->bytes()),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - deriving).count());
    return run.template operator()<DenseFromSet>();
  }
  if (zero_aware) return run.template operator()<npuzzle::ZeroAwarePdbHeuristic<true, 4>>();
  return run.template operator()<npuzzle::PdbHeuristic<true, 4>>();
}
