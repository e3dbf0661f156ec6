// Parallel IDA* inside one puzzle (search/parallel_ida_star.h), on 2
// threads, held to ground truth: the exhaustive BFS distance of every 3x3
// state 28 moves or more from the goal (and every 2x4 state, on the generic
// kernel), the published optimal lengths of the first 10 of Korf's 100, and
// every solution replayed. And to its promise: the iterations it completes
// count exactly the nodes the serial kernel counts, and so does the last
// (it returns the serial kernel's first goal), however finely the tree is
// split, with parent pruning and with the move-pruning machine; limits and
// cancel still stop it.
#include <gtest/gtest.h>
#include <oneapi/tbb/task_arena.h>

#include <array>
#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "core/ranking.h"
#include "core/replay.h"
#include "heuristics/incremental.h"
#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/builder.h"
#include "heuristics/pdb_heuristic.h"
#include "heuristics/tile_tables.h"
#include "search/ida_star.h"
#include "search/move_fsm.h"
#include "search/parallel_ida_star.h"
#include "search/solver.h"
#include "test_support.h"
#include "tools/bfs.h"

namespace npuzzle {
namespace {

constexpr int kThreads = 2;

// The serial kernel and the parallel one on the same board and heuristic
// (kFsm: with the move-pruning machine `fsm`).
template <class Storage, int kRows, int kCols, MovePruning kPruning = MovePruning::kParent, class Heuristic>
SolveResult serial(const Board& b, const TileTables& tables, const Heuristic& heuristic,
                   const SolveLimits& limits = {}, const MoveFsm* fsm = nullptr) {
  Budget budget(limits);
  return IdaStar<Storage, kRows, kCols, Heuristic, false, kPruning>(tables, heuristic, budget, SearchWeight{}, fsm)
      .run(b);
}
// On the threads of `arena`.
template <class Storage, int kRows, int kCols, MovePruning kPruning = MovePruning::kParent, class Heuristic>
SolveResult parallel(oneapi::tbb::task_arena& arena, const Board& b, const TileTables& tables,
                     const Heuristic& heuristic, std::size_t subtrees_per_thread, const SolveLimits& limits = {},
                     const MoveFsm* fsm = nullptr) {
  Budget budget(limits);
  SplitPolicy policy;
  policy.always = true;
  policy.subtrees_per_thread = subtrees_per_thread;
  SolveResult r;
  arena.execute([&] {
    r = ParallelIdaStar<Storage, kRows, kCols, Heuristic, kPruning>(tables, heuristic, budget, policy, fsm).run(b);
  });
  return r;
}

// Same answer and counts; the answer replays to the goal in `length` moves.
void expect_same(const SolveResult& p, const SolveResult& s, const Board& b, Goal goal) {
  ASSERT_EQ(p.status, Status::kOptimal);
  EXPECT_EQ(p.length, s.length);
  EXPECT_EQ(p.moves, s.moves);
  EXPECT_EQ(p.expanded, s.expanded);
  EXPECT_EQ(p.generated, s.generated);
  EXPECT_EQ(p.lower_bound, p.length);
  EXPECT_EQ(static_cast<std::int64_t>(p.moves.size()), p.length);
  EXPECT_EQ(check_solution(b, p.moves, goal), "");
}

// Additive 4+4 tables for 3x3 (tiles 1-4 and 5-8), with reflection.
std::shared_ptr<const pdb::AdditivePdb> reflected_four_plus_four(Goal goal) {
  std::vector<std::shared_ptr<const pdb::PatternDb>> parts;
  for (const std::vector<int>& tiles : {std::vector<int>{1, 2, 3, 4}, std::vector<int>{5, 6, 7, 8}}) {
    parts.push_back(std::make_shared<const pdb::PatternDb>(pdb::build_pdb(pdb::Pattern(3, 3, goal, tiles))));
  }
  return std::make_shared<const pdb::AdditivePdb>("test", 3, 3, goal, std::move(parts), true);
}

// Every 3x3 state at 28 moves or more (the two 31-move ones among them), with
// linear conflict, split into at least 1 and 256 (the default) subtrees per
// thread: from subtrees of the whole tree below depth 1 to none at all
// (small trees are then expanded whole in the shallow part).
TEST(ParallelIda, EveryThreeByThreeStateAtDistance28OrMoreIsSolvedOptimally) {
  oneapi::tbb::task_arena arena(kThreads);
  const Goal goal = Goal::kBlankLast;
  const auto distance = bfs_distances(3, 3, goal);
  const auto tables = tables_for(3, 3, goal);
  using Heuristic = TileHeuristic<3, true>;
  const Heuristic heuristic(*tables, HeuristicKind::kLinearConflict);
  int checked = 0;
  std::array<int, 32> at_distance{};
  for (std::uint64_t rank = 0; rank < distance.size(); ++rank) {
    if (distance[rank] == kUnreached || distance[rank] < 28) continue;
    const Board b(3, 3, unrank_permutation(rank, 9));
    SCOPED_TRACE("3x3 state of rank " + std::to_string(rank));
    const SolveResult s = serial<Packed64, 3, 3>(b, *tables, heuristic);
    ASSERT_EQ(s.length, distance[rank]);
    for (std::size_t per_thread : {1, 256}) {
      const SolveResult p = parallel<Packed64, 3, 3>(arena, b, *tables, heuristic, per_thread);
      ASSERT_EQ(p.length, distance[rank]);
      expect_same(p, s, b, goal);
    }
    ++checked;
    ++at_distance[distance[rank]];
  }
  // The published counts at 30 and 31 moves (Reinefeld 1993), and all four distances.
  EXPECT_EQ(at_distance[30], 221);
  EXPECT_EQ(at_distance[31], 2);
  EXPECT_GT(checked, 4000);
}

// The same on the generic kernel (2x4 has no compile-time instance), through
// solve(), for the blank-first goal, with `pruning`: every state at
// distance 30 or more, and a sample of the rest.
void check_generic_kernel_through_solve(MovePruning pruning) {
  const Goal goal = Goal::kBlankFirst;
  const auto distance = bfs_distances(2, 4, goal);
  SolveRequest options;
  options.goal = goal;
  options.heuristic = heuristic_spec("linear-conflict");
  options.pruning = pruning;
  SolveRequest split = options;
  split.intra_parallel = true;
  oneapi::tbb::task_arena arena(kThreads);
  int checked = 0;
  for (std::uint64_t rank = 0; rank < distance.size(); ++rank) {
    if (distance[rank] == kUnreached || (distance[rank] < 30 && rank % 101 != 0)) continue;
    const Board b(2, 4, unrank_permutation(rank, 8));
    SCOPED_TRACE("2x4 state of rank " + std::to_string(rank));
    const SolveResult s = solve(b, options);
    SolveResult p;
    arena.execute([&] { p = solve(b, split); });
    ASSERT_EQ(p.length, distance[rank]);
    expect_same(p, s, b, goal);
    ++checked;
  }
  EXPECT_GT(checked, 100);
}

TEST(ParallelIda, GenericKernelThroughSolveAgreesWithBfs) {
  check_generic_kernel_through_solve(MovePruning::kParent);
}

// A PDB evaluates a cut child only as far as the cut needs (and the kernel
// takes that for the next bound), so the shallow expansion must cut as the
// kernel does: reflected additive 4+4 tables on 3x3, the 31-move states and a sample.
TEST(ParallelIda, PatternDatabaseCountsAreTheSerialOnes) {
  oneapi::tbb::task_arena arena(kThreads);
  const Goal goal = Goal::kBlankLast;
  const auto distance = bfs_distances(3, 3, goal);
  const auto tables = tables_for(3, 3, goal);
  const auto additive = reflected_four_plus_four(goal);
  using Heuristic = PdbHeuristic<true, 3>;
  const Heuristic heuristic(*additive);
  int checked = 0;
  for (std::uint64_t rank = 0; rank < distance.size(); ++rank) {
    if (distance[rank] == kUnreached || (distance[rank] < 31 && rank % 53 != 0)) continue;
    const Board b(3, 3, unrank_permutation(rank, 9));
    SCOPED_TRACE("3x3 state of rank " + std::to_string(rank));
    const SolveResult s = serial<Packed64, 3, 3>(b, *tables, heuristic);
    ASSERT_EQ(s.length, distance[rank]);
    expect_same(parallel<Packed64, 3, 3>(arena, b, *tables, heuristic, 4), s, b, goal);
    ++checked;
  }
  EXPECT_GT(checked, 1000);
}

// The move-pruning machine: every 3x3 state at 29 moves or more with linear
// conflict, and the reflected additive 4+4 tables on the 31-move states and
// a sample, split into at least 1 and 256 subtrees per thread. The lengths
// are BFS's; the counts are the serial machine-pruned kernel's, and fewer
// than parent pruning's.
TEST(ParallelIda, MovePruningCountsAreTheSerialOnes) {
  oneapi::tbb::task_arena arena(kThreads);
  const Goal goal = Goal::kBlankLast;
  const auto distance = bfs_distances(3, 3, goal);
  const auto tables = tables_for(3, 3, goal);
  const std::shared_ptr<const MoveFsm> fsm = move_fsm_for(3, 3);
  using Conflict = TileHeuristic<3, true>;
  const Conflict conflict(*tables, HeuristicKind::kLinearConflict);
  const auto additive = reflected_four_plus_four(goal);
  const PdbHeuristic<true, 3> reflected(*additive);
  int checked_conflict = 0;
  int checked_pdb = 0;
  std::uint64_t fsm_expanded = 0;
  std::uint64_t parent_expanded = 0;
  for (std::uint64_t rank = 0; rank < distance.size(); ++rank) {
    if (distance[rank] == kUnreached) continue;
    const Board b(3, 3, unrank_permutation(rank, 9));
    SCOPED_TRACE("3x3 state of rank " + std::to_string(rank));
    if (distance[rank] >= 29) {
      const SolveResult s = serial<Packed64, 3, 3, MovePruning::kFsm>(b, *tables, conflict, {}, fsm.get());
      ASSERT_EQ(s.length, distance[rank]);
      for (std::size_t per_thread : {1, 256}) {
        expect_same(parallel<Packed64, 3, 3, MovePruning::kFsm>(arena, b, *tables, conflict, per_thread, {}, fsm.get()),
                    s, b, goal);
      }
      fsm_expanded += s.expanded;
      parent_expanded += serial<Packed64, 3, 3>(b, *tables, conflict).expanded;
      ++checked_conflict;
    }
    if (distance[rank] == 31 || rank % 211 == 0) {
      const SolveResult s = serial<Packed64, 3, 3, MovePruning::kFsm>(b, *tables, reflected, {}, fsm.get());
      ASSERT_EQ(s.length, distance[rank]);
      expect_same(parallel<Packed64, 3, 3, MovePruning::kFsm>(arena, b, *tables, reflected, 4, {}, fsm.get()), s, b,
                  goal);
      ++checked_pdb;
    }
  }
  EXPECT_EQ(checked_conflict, 760 + 221 + 2);  // the states at 29, 30 and 31 moves (Reinefeld 1993)
  EXPECT_GT(checked_pdb, 500);
  EXPECT_LT(fsm_expanded, parent_expanded);
}

TEST(ParallelIda, MovePruningOnTheGenericKernelThroughSolveAgreesWithBfs) {
  check_generic_kernel_through_solve(MovePruning::kFsm);
}

// Korf's #1 to #10 (the first ten of the file) with linear conflict on the
// compile-time 4x4 kernel: the published optimal lengths, and the serial
// counts, on the easiest four also with a finer split.
TEST(ParallelIda, FirstTenOfKorf100GiveThePublishedLengths) {
  oneapi::tbb::task_arena arena(kThreads);
  const auto korf = testing::korf100();
  ASSERT_GE(korf.size(), 10u);
  const auto tables = tables_for(4, 4, Goal::kBlankFirst);
  using Heuristic = TileHeuristic<4, true>;
  const Heuristic heuristic(*tables, HeuristicKind::kLinearConflict);
  for (int i = 0; i < 10; ++i) {
    const testing::KorfInstance& k = korf[static_cast<std::size_t>(i)];
    SCOPED_TRACE("Korf #" + std::to_string(k.id));
    const Board b(4, 4, k.tiles);
    const SolveResult p = parallel<Packed64, 4, 4>(arena, b, *tables, heuristic, 256);
    ASSERT_EQ(p.status, Status::kOptimal);
    EXPECT_EQ(p.length, k.optimal_length);
    EXPECT_EQ(check_solution(b, p.moves, Goal::kBlankFirst), "");
    const SolveResult s = serial<Packed64, 4, 4>(b, *tables, heuristic);
    EXPECT_EQ(s.length, k.optimal_length);
    expect_same(p, s, b, Goal::kBlankFirst);
  }
  // With the move-pruning machine: the easiest five.
  const std::shared_ptr<const MoveFsm> fsm = move_fsm_for(4, 4);
  for (int i : {1, 3, 4, 5, 8}) {
    const testing::KorfInstance& k = korf[static_cast<std::size_t>(i)];
    SCOPED_TRACE("Korf #" + std::to_string(k.id) + " with the move-pruning machine");
    const Board b(4, 4, k.tiles);
    const SolveResult s = serial<Packed64, 4, 4, MovePruning::kFsm>(b, *tables, heuristic, {}, fsm.get());
    EXPECT_EQ(s.length, k.optimal_length);
    expect_same(parallel<Packed64, 4, 4, MovePruning::kFsm>(arena, b, *tables, heuristic, 256, {}, fsm.get()), s, b,
                Goal::kBlankFirst);
  }
}

// The batch's last puzzles (SplitPolicy::from and join_from): an iteration
// that starts before the flag runs split on one task, and the arena's other
// thread joins it at the subtree after the flag is raised (here by the
// first subtree's report, from within the iteration). The easiest five of
// Korf's first ten with linear conflict: the serial kernel's moves and
// counts, with either pruning, and on some of them the other thread
// searched subtrees.
TEST(ParallelIda, AnIdleThreadJoinsTheIterationInFlight) {
  oneapi::tbb::task_arena arena(kThreads);
  const auto korf = testing::korf100();
  ASSERT_GE(korf.size(), 10u);
  const auto tables = tables_for(4, 4, Goal::kBlankFirst);
  using Heuristic = TileHeuristic<4, true>;
  const Heuristic heuristic(*tables, HeuristicKind::kLinearConflict);
  const std::shared_ptr<const MoveFsm> fsm = move_fsm_for(4, 4);
  int joined = 0;
  const auto joining = [&]<MovePruning kPruning>(const Board& b, const MoveFsm* machine) {
    std::atomic<bool> tail{false};
    std::mutex mutex;
    std::set<std::thread::id> threads;
    SolveLimits limits;
    limits.partial_interval = 0;  // a report after every subtree searched
    limits.on_partial = [&](const ResumePoint&) {
      tail.store(true);
      const std::lock_guard lock(mutex);
      threads.insert(std::this_thread::get_id());
    };
    Budget budget(limits);
    SplitPolicy policy;
    policy.from = &tail;
    policy.join_from = 1000;
    policy.subtrees_per_thread = 64;
    SolveResult r;
    arena.execute([&] {
      r = ParallelIdaStar<Packed64, 4, 4, Heuristic, kPruning>(*tables, heuristic, budget, policy, machine).run(b);
    });
    if (threads.size() > 1) ++joined;
    return r;
  };
  for (int i : {1, 3, 4, 5, 8}) {
    const testing::KorfInstance& k = korf[static_cast<std::size_t>(i)];
    SCOPED_TRACE("Korf #" + std::to_string(k.id));
    const Board b(4, 4, k.tiles);
    const SolveResult s = serial<Packed64, 4, 4>(b, *tables, heuristic);
    EXPECT_EQ(s.length, k.optimal_length);
    expect_same(joining.template operator()<MovePruning::kParent>(b, nullptr), s, b, Goal::kBlankFirst);
    const SolveResult f = serial<Packed64, 4, 4, MovePruning::kFsm>(b, *tables, heuristic, {}, fsm.get());
    EXPECT_EQ(f.length, k.optimal_length);
    expect_same(joining.template operator()<MovePruning::kFsm>(b, fsm.get()), f, b, Goal::kBlankFirst);
  }
  EXPECT_GT(joined, 0);
}

// Checkpoints (search/checkpoint.h): the parallel search reports every
// completed iteration as the serial one does, and resumed from any of those
// reports it ends with the serial search's counts and moves, with either
// pruning. Korf's #9 with linear conflict.
TEST(ParallelIda, ReportsAndResumesIterationsAsTheSerialSearch) {
  oneapi::tbb::task_arena arena(kThreads);
  const auto korf = testing::korf100();
  const testing::KorfInstance& k = korf[8];
  ASSERT_EQ(k.id, 9);
  const Board b(4, 4, k.tiles);
  const auto tables = tables_for(4, 4, Goal::kBlankFirst);
  using Heuristic = TileHeuristic<4, true>;
  const Heuristic heuristic(*tables, HeuristicKind::kLinearConflict);
  const std::shared_ptr<const MoveFsm> fsm = move_fsm_for(4, 4);
  const auto check = [&](auto serial_run, auto parallel_run) {
    std::vector<IterationDone> serial_reports;
    SolveLimits reporting;
    reporting.on_iteration = [&](const IterationDone& d) { serial_reports.push_back(d); };
    const SolveResult s = serial_run(reporting);
    ASSERT_EQ(s.length, k.optimal_length);
    ASSERT_GE(serial_reports.size(), 3u);
    std::vector<IterationDone> parallel_reports;
    reporting.on_iteration = [&](const IterationDone& d) { parallel_reports.push_back(d); };
    expect_same(parallel_run(reporting), s, b, Goal::kBlankFirst);
    ASSERT_EQ(parallel_reports.size(), serial_reports.size());
    for (std::size_t i = 0; i < serial_reports.size(); ++i) {
      EXPECT_EQ(parallel_reports[i].bound, serial_reports[i].bound);
      EXPECT_EQ(parallel_reports[i].next_bound, serial_reports[i].next_bound);
      EXPECT_EQ(parallel_reports[i].expanded, serial_reports[i].expanded);
      EXPECT_EQ(parallel_reports[i].generated, serial_reports[i].generated);
    }
    for (const IterationDone& d : {serial_reports.front(), serial_reports.back()}) {
      SolveLimits resumed;
      resumed.resume = ResumePoint{d.next_bound, d.expanded, d.generated, std::nullopt};
      SCOPED_TRACE("resumed at bound " + std::to_string(d.next_bound));
      // Ignoring the resume would count the earlier iterations twice.
      expect_same(parallel_run(resumed), s, b, Goal::kBlankFirst);
    }
  };
  check([&](const SolveLimits& l) { return serial<Packed64, 4, 4>(b, *tables, heuristic, l); },
        [&](const SolveLimits& l) { return parallel<Packed64, 4, 4>(arena, b, *tables, heuristic, 16, l); });
  check(
      [&](const SolveLimits& l) {
        return serial<Packed64, 4, 4, MovePruning::kFsm>(b, *tables, heuristic, l, fsm.get());
      },
      [&](const SolveLimits& l) {
        return parallel<Packed64, 4, 4, MovePruning::kFsm>(arena, b, *tables, heuristic, 16, l, fsm.get());
      });
}

// Checkpoints written during an iteration (SolveLimits::on_partial, here
// after every subtree): resumed from any of them, on two threads or on one,
// the search ends with the uninterrupted run's moves and counts, which for
// Korf's #12 with Manhattan distance are the published ones (1985: 546,344
// generated, counting the root, which this engine does not). With the
// move-pruning machine, the serial kernel's counts.
TEST(ParallelIda, ResumesFromThePartOfAnIterationDone) {
  oneapi::tbb::task_arena two(kThreads);
  oneapi::tbb::task_arena one(1);
  const auto korf = testing::korf100();
  const testing::KorfInstance& k = korf[11];
  ASSERT_EQ(k.id, 12);
  const Board b(4, 4, k.tiles);
  const auto tables = tables_for(4, 4, Goal::kBlankFirst);
  using Heuristic = TileHeuristic<4, false>;
  const Heuristic heuristic(*tables, HeuristicKind::kManhattan);
  const std::shared_ptr<const MoveFsm> fsm = move_fsm_for(4, 4);
  const auto check = [&](const SolveResult& s, auto parallel_run) {
    std::vector<ResumePoint> parts;
    SolveLimits reporting;
    reporting.partial_interval = 0;
    reporting.on_partial = [&](const ResumePoint& p) { parts.push_back(p); };
    expect_same(parallel_run(two, reporting), s, b, Goal::kBlankFirst);
    ASSERT_GE(parts.size(), 20u);
    // Each report holds one more subtree than the last of its iteration
    // (one call per subtree settled, under the lock).
    for (std::size_t i = 1; i < parts.size(); ++i) {
      if (parts[i].bound == parts[i - 1].bound) {
        EXPECT_EQ(parts[i].partial->done.size(), parts[i - 1].partial->done.size() + 1);
        EXPECT_EQ(parts[i].partial->subtrees, parts[i - 1].partial->subtrees);
      } else {
        EXPECT_GT(parts[i].bound, parts[i - 1].bound);
      }
    }
    EXPECT_EQ(parts.back().bound, s.length);
    // The iteration before the last (no goal: every subtree counts), in its
    // middle and just before its end, and the last one's first and last reports.
    std::size_t before_last = 0;
    while (parts[before_last + 1].bound < s.length) ++before_last;
    std::size_t middle = before_last;
    while (middle > 0 && parts[middle - 1].bound == parts[before_last].bound &&
           2 * parts[middle].partial->done.size() > parts[before_last].partial->subtrees) {
      --middle;
    }
    ASSERT_LT(parts[middle].partial->done.size(), parts[middle].partial->subtrees);
    for (const std::size_t i : {std::size_t{0}, middle, before_last, before_last + 1, parts.size() - 1}) {
      const ResumePoint& point = parts[i];
      const PartialIteration& p = *point.partial;
      SolveLimits resumed;
      resumed.resume = point;
      SCOPED_TRACE("resumed at bound " + std::to_string(point.bound) + " with " + std::to_string(p.done.size()) + " of " +
                   std::to_string(p.subtrees) + " subtrees done");
      // The first report of the resumed run holds the saved subtrees and one more.
      std::vector<ResumePoint> again;
      resumed.partial_interval = 0;
      resumed.on_partial = [&](const ResumePoint& q) { again.push_back(q); };
      expect_same(parallel_run(two, resumed), s, b, Goal::kBlankFirst);
      // (In the goal's iteration the search may end without another report,
      // and subtrees after the goal's do not count: the checks below that
      // rest on every subtree counting are for the iteration before.)
      const bool every_subtree_counts = point.bound < s.length && p.done.size() < p.subtrees;
      const auto first_report_holds = [&](std::size_t saved) {
        ASSERT_FALSE(again.empty());
        EXPECT_EQ(again.front().bound, point.bound);
        EXPECT_EQ(again.front().partial->done.size(), saved + 1);
      };
      if (every_subtree_counts) first_report_holds(p.done.size());
      again.clear();
      expect_same(parallel_run(one, resumed), s, b, Goal::kBlankFirst);
      if (every_subtree_counts) first_report_holds(p.done.size());
      if (!every_subtree_counts) continue;
      // The saved subtrees are not searched again: their saved counts are
      // taken as they are (here made 1,000 expansions too many each).
      PartialIteration inflated = p;
      for (SubtreeDone& d : inflated.done) d.expanded += 1000;
      resumed.resume->partial = inflated;
      const SolveResult counted = parallel_run(two, resumed);
      EXPECT_EQ(counted.length, s.length);
      EXPECT_EQ(counted.expanded, s.expanded + 1000 * p.done.size());
      // A part from another split (its subtree count does not match) is
      // not used: the iteration is searched afresh, with the same result.
      PartialIteration other = p;
      ++other.subtrees;
      resumed.resume->partial = other;
      again.clear();
      expect_same(parallel_run(two, resumed), s, b, Goal::kBlankFirst);
      first_report_holds(0);
    }
  };
  const SolveResult plain = serial<Packed64, 4, 4>(b, *tables, heuristic);
  ASSERT_EQ(plain.length, k.optimal_length);
  EXPECT_EQ(plain.generated + 1, k.published_ida_nodes);
  check(plain, [&](oneapi::tbb::task_arena& arena, const SolveLimits& l) {
    return parallel<Packed64, 4, 4>(arena, b, *tables, heuristic, 16, l);
  });
  check(serial<Packed64, 4, 4, MovePruning::kFsm>(b, *tables, heuristic, {}, fsm.get()),
        [&](oneapi::tbb::task_arena& arena, const SolveLimits& l) {
          return parallel<Packed64, 4, 4, MovePruning::kFsm>(arena, b, *tables, heuristic, 16, l, fsm.get());
        });
}

// Limits: the node limit counts every thread's expansions (passed by at most
// a poll interval per thread), the time limit and cancel stop all threads,
// and the lower bound is a bound the serial search also completed.
TEST(ParallelIda, LimitsAndCancelStopEveryThread) {
  oneapi::tbb::task_arena arena(kThreads);
  const auto korf = testing::korf100();
  const auto tables = tables_for(4, 4, Goal::kBlankFirst);
  using Heuristic = TileHeuristic<4, true>;
  const Heuristic heuristic(*tables, HeuristicKind::kLinearConflict);
  const testing::KorfInstance& k = korf[87];  // #88, among the hardest for linear conflict
  ASSERT_EQ(k.id, 88);
  const Board b(4, 4, k.tiles);

  SolveLimits nodes;
  nodes.max_nodes = 3'000'000;
  const SolveResult s = serial<Packed64, 4, 4>(b, *tables, heuristic, nodes);
  const SolveResult p = parallel<Packed64, 4, 4>(arena, b, *tables, heuristic, 256, nodes);
  EXPECT_EQ(p.status, Status::kLimit);
  EXPECT_EQ(p.message, "node limit");
  EXPECT_GE(p.expanded, nodes.max_nodes);
  EXPECT_LE(p.expanded, nodes.max_nodes + kThreads * Budget::kCheckInterval);
  EXPECT_GE(p.lower_bound, s.lower_bound);  // it may complete one more iteration, never fewer
  EXPECT_LT(p.lower_bound, k.optimal_length);

  SolveLimits time;
  time.seconds = 0.2;
  const auto started = std::chrono::steady_clock::now();
  const SolveResult t = parallel<Packed64, 4, 4>(arena, b, *tables, heuristic, 256, time);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(), 5.0);
  EXPECT_EQ(t.status, Status::kLimit);
  EXPECT_EQ(t.message, "time limit");
  EXPECT_LT(t.lower_bound, k.optimal_length);

  std::atomic<bool> cancel{false};
  SolveLimits cancellable;
  cancellable.cancel = &cancel;
  std::thread raiser([&cancel] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    cancel.store(true);
  });
  const SolveResult c = parallel<Packed64, 4, 4>(arena, b, *tables, heuristic, 256, cancellable);
  raiser.join();
  EXPECT_EQ(c.status, Status::kCancelled);
  EXPECT_LT(c.lower_bound, k.optimal_length);
}

}  // namespace
}  // namespace npuzzle
