// Measures one idea before a kernel takes it (issue 40): the engine's own
// compile-time IDA* kernel, K of them per thread on Boost.Context fibers,
// switching to the next fiber while a child's words arrive from memory.
//
// bench/interleaved_ida.cc measured the idea with explicit stacks: K = 4
// searches in one thread took 0.66-0.82x the time of one (results/random15.md,
// "Child signs"), but its kernel was slower than the engine's compile-time
// recursion to begin with. The result: results/korf24_levers.md, section 16. Here the
// recursion is the engine's (IdaStar with --prune fsm over the child signs,
// pdb/child_signs.h); only descend() changes: it starts the child's
// loads, hands the thread to the next fiber, and reads the words when the
// fiber is resumed (YIELD=first: only at a node's first descent, whose line
// was requested just before; YIELD=all: at every descent).
//
//   SPEC=zpdb:78 SIZE=4 fiber_ida BOARDS.txt K [BATCH.csv]
//   SPEC=zpdb:6666 SIZE=5 fiber_ida BOARDS.txt K [BATCH.csv]
//   SPEC=cat:small SIZE=5 fiber_ida BOARDS.txt K [BATCH.csv]
//
// With a catalogue (cat:...), the kernel is ChildSignCatalogueHeuristic's,
// whose words are loaded in descend(): the switch comes first in it
// (results/korf24_levers.md, section 22).
//
// K = 0 runs the plain kernel (no fibers, no yield). Each fiber takes the
// next board when it is done with one; every length and generated count
// must equal the batch CSV's (npuzzle batch --heuristic SPEC --prune fsm).
// The tables and kept child signs come from the cache (XDG_CACHE_HOME).
#include <boost/context/fiber.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "bench_boards.h"
#include "core/board.h"
#include "core/packed_board.h"
#include "heuristics/child_sign_catalogue_heuristic.h"
#include "heuristics/child_sign_heuristic.h"
#include "heuristics/pdb/additive_cache.h"
#include "heuristics/pdb/child_signs.h"
#include "heuristics/tile_tables.h"
#include "search/budget.h"
#include "search/ida_star.h"
#include "search/move_fsm.h"

namespace {

namespace ctx = boost::context;
using npuzzle::Board;
using npuzzle::Goal;

// The fibers of this thread. One slot holds the scheduler's continuation:
// only one fiber runs at a time, and each resume() hands it a fresh one.
struct Scheduler {
  ctx::fiber* main = nullptr;  // the scheduler, to resume from a fiber; null: no fibers
  bool yield_all = false;
};
thread_local Scheduler scheduler;

// The tables every fiber's heuristic reads, set once in main().
struct Sources {
  const npuzzle::pdb::ChildSignSet* signs = nullptr;
  const npuzzle::pdb::AdditivePdb* set = nullptr;
};
Sources sources;

template <int kSide>
struct YieldingSigns : npuzzle::ChildSignHeuristic<kSide> {
  using Base = npuzzle::ChildSignHeuristic<kSide>;
  using Step = typename Base::Step;
  YieldingSigns() : Base(*sources.set, *sources.signs) {}
  bool fetched = false;  // a line was requested since the last switch

  [[gnu::always_inline]] void fetch_open(Step& step, int room) {
    Base::fetch_open(step, room);
    fetched = true;
  }
  [[gnu::always_inline]] void descend(Step& step) {
    Base::begin_descend(step);
    if (scheduler.main && (fetched || scheduler.yield_all)) {
      fetched = false;
      *scheduler.main = std::move(*scheduler.main).resume();
    }
    Base::finish_descend(step);
  }
};

// The same for the catalogue (SPEC=cat:small): its words are loaded in
// descend(), and a child's lines are requested in locate_mirrored() when
// neither view cuts it, so the switch comes first in descend().
template <int kSide>
struct YieldingCatalogue : npuzzle::ChildSignCatalogueHeuristic<kSide> {
  using Base = npuzzle::ChildSignCatalogueHeuristic<kSide>;
  using Step = typename Base::Step;
  YieldingCatalogue() : Base(*sources.set, *sources.signs) {}
  bool fetched = false;

  template <class Storage>
  [[gnu::always_inline]] void locate_mirrored(Step& step, int tile, int from, int to, const Storage& board) {
    Base::locate_mirrored(step, tile, from, to, board);
    fetched |= step.mirrored.best <= step.mirrored.room;
  }
  [[gnu::always_inline]] void descend(Step& step) {
    if (scheduler.main && (fetched || scheduler.yield_all)) {
      fetched = false;
      *scheduler.main = std::move(*scheduler.main).resume();
    }
    Base::descend(step);
  }
};

struct Outcome {
  long long length = -1;
  unsigned long long expanded = 0, generated = 0;
};

template <class Storage, int kSide, class H>
int run(const std::vector<Board>& boards, int k, const char* csv) {
  using Kernel = npuzzle::IdaStar<Storage, kSide, kSide, H, false, npuzzle::MovePruning::kFsm>;
  const auto tables = npuzzle::tables_for(kSide, kSide, Goal::kBlankFirst);
  const auto fsm = npuzzle::move_fsm_for(kSide, kSide);
  npuzzle::SolveLimits limits;
  std::vector<Outcome> out(boards.size());
  std::size_t next = 0;
  auto solve = [&](std::size_t b) {
    npuzzle::Budget budget(limits);
    Kernel kernel(*tables, H{}, budget, {}, fsm.get());
    const npuzzle::SolveResult r = kernel.run(boards[b]);
    out[b] = {static_cast<long long>(r.length), static_cast<unsigned long long>(r.expanded),
              static_cast<unsigned long long>(r.generated)};
  };
  const auto t0 = std::chrono::steady_clock::now();
  if (k == 0) {
    for (std::size_t b = 0; b < boards.size(); ++b) solve(b);
  } else {
    std::vector<ctx::fiber> fibers;
    ctx::fiber main_slot;
    scheduler.main = &main_slot;
    for (int f = 0; f < k; ++f) {
      fibers.emplace_back(std::allocator_arg, ctx::fixedsize_stack(1 << 20), [&](ctx::fiber&& main) {
        main_slot = std::move(main);
        while (next < boards.size()) solve(next++);
        return std::move(main_slot);
      });
    }
    bool any = true;
    while (any) {
      any = false;
      for (auto& fiber : fibers) {
        if (!fiber) continue;
        fiber = std::move(fiber).resume();
        any = true;
      }
    }
    scheduler.main = nullptr;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  unsigned long long expanded = 0, generated = 0;
  for (const Outcome& o : out) expanded += o.expanded, generated += o.generated;
  std::printf("K=%d boards=%zu expanded=%llu generated=%llu seconds=%.3f ns/expansion=%.1f\n", k, boards.size(),
              expanded, generated, seconds, 1e9 * seconds / static_cast<double>(expanded));
  if (csv == nullptr) return 0;
  std::size_t rows = 0, bad = 0;
  for (const BatchRow& row : read_batch_rows(csv)) {
    ++rows;
    if (row.index >= out.size() || out[row.index].length != row.length || out[row.index].generated != row.generated) {
      if (bad++ < 5) std::printf("board %zu differs\n", row.index + 1);
    }
  }
  std::printf("checked %zu rows against %s: %zu differ\n", rows, csv, bad);
  return bad == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: SPEC=zpdb:78 SIZE=4 fiber_ida BOARDS.txt K [BATCH.csv]\n");
    return 2;
  }
  const int side = std::getenv("SIZE") ? std::atoi(std::getenv("SIZE")) : 4;
  if (side != 4 && side != 5) {
    std::fprintf(stderr, "fiber_ida: SIZE must be 4 or 5\n");
    return 2;
  }
  const char* spec = std::getenv("SPEC") ? std::getenv("SPEC") : (side == 5 ? "zpdb:6666" : "zpdb:78");
  scheduler.yield_all = std::getenv("YIELD") && std::strcmp(std::getenv("YIELD"), "all") == 0;
  const std::vector<Board> boards = read_boards(argv[1], side);
  auto pdb = npuzzle::pdb::load_additive(spec, side, side, Goal::kBlankFirst);
  const auto signs = npuzzle::pdb::ChildSignSet::read_kept(pdb);
  if (!signs) {
    std::fprintf(stderr, "fiber_ida: no kept child signs for %s (run npuzzle batch with it once)\n", spec);
    return 2;
  }
  const int k = std::atoi(argv[2]);
  const char* csv = argc > 3 ? argv[3] : nullptr;
  sources = {signs.get(), pdb.get()};
  if (side == 5 && std::strncmp(spec, "cat:", 4) == 0) return run<npuzzle::Packed128, 5, YieldingCatalogue<5>>(boards, k, csv);
  if (side == 5) return run<npuzzle::Packed128, 5, YieldingSigns<5>>(boards, k, csv);
  return run<npuzzle::Packed64, 4, YieldingSigns<4>>(boards, k, csv);
}
