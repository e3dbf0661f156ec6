// The solver against ground truth: exhaustive BFS distances on every shape
// of at most 10 cells, a bidirectional BFS written here on random walks of
// 12 to 25 cells, Korf's published optimal lengths and IDA* node counts on
// the 15-puzzle, and a replay of every solution it returns. Each sweep's
// number of solved states is held to a count on a second BFS written here.
//
// 3x3: every solvable state is solved with IDA* + linear conflict for BOTH
// goals (181,440 each; a few seconds in a Release build). In a sanitizer or
// unoptimised build (test_support.h), every 37th state plus every state at
// distance >= 27 is solved instead.
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>
#include <unordered_map>

#include "core/ranking.h"
#include "core/solvability.h"
#include "heuristics/heuristic.h"
#include "tools/bfs.h"
#include "core/replay.h"
#include "search/solver.h"
#include "request_support.h"
#include "test_support.h"

namespace npuzzle {
namespace {

using testing::board_of;
using testing::KorfInstance;

constexpr Goal kGoals[] = {Goal::kBlankLast, Goal::kBlankFirst};
constexpr HeuristicKind kHeuristics[] = {HeuristicKind::kHamming, HeuristicKind::kManhattan,
                                         HeuristicKind::kLinearConflict};
constexpr Algorithm kAlgorithms[] = {Algorithm::kIdaStar, Algorithm::kAStar};

// BFS distances, computed once per (shape, goal) for the whole binary.
const std::vector<std::uint8_t>& distances(int rows, int cols, Goal goal) {
  static std::mutex mutex;
  static std::map<std::tuple<int, int, Goal>, std::vector<std::uint8_t>> cache;
  std::lock_guard lock(mutex);
  auto& slot = cache[{rows, cols, goal}];
  if (slot.empty()) slot = bfs_distances(rows, cols, goal);
  return slot;
}

SolveRequest options_for(Goal goal, Algorithm a, HeuristicKind h) { return testing::request_for(goal, a, h); }

// ---------------------------------------------------------------- a reference BFS

// Two BFS written here that share nothing with search/ or heuristics/: the
// moves are Board's, the states are keyed by their tiles (one char each).
std::string key_of(const Board& b) {
  std::string key(static_cast<std::size_t>(b.cells()), '\0');
  for (int i = 0; i < b.cells(); ++i) key[static_cast<std::size_t>(i)] = static_cast<char>(b.at(i));
  return key;
}

std::vector<std::uint32_t> tiles_of(const std::string& key) {
  std::vector<std::uint32_t> tiles;
  for (char c : key) tiles.push_back(static_cast<unsigned char>(c));
  return tiles;
}

constexpr Direction kDirections[] = {Direction::kUp, Direction::kDown, Direction::kLeft, Direction::kRight};

// Every state reachable from the goal with its distance, layer by layer;
// computed once per (shape, goal) for the whole binary.
const std::unordered_map<std::string, int>& reference_distances(int rows, int cols, Goal goal) {
  static std::mutex mutex;
  static std::map<std::tuple<int, int, Goal>, std::unordered_map<std::string, int>> cache;
  std::lock_guard lock(mutex);
  auto& dist = cache[{rows, cols, goal}];
  if (!dist.empty()) return dist;
  std::vector<Board> layer{Board::solved(rows, cols, goal)};
  dist.emplace(key_of(layer[0]), 0);
  for (int d = 1; !layer.empty(); ++d) {
    std::vector<Board> next;
    for (const Board& b : layer) {
      for (Direction dir : kDirections) {
        if (!b.can_move(dir)) continue;
        Board child = b;
        child.move(dir);
        if (dist.emplace(key_of(child), d).second) next.push_back(std::move(child));
      }
    }
    layer.swap(next);
  }
  return dist;
}

// The optimal length from `start` (solvable) to the goal, by bidirectional
// BFS: whole layers, each time from the side with the smaller frontier, every
// new state looked up in the other side's. Before a layer is added, no state
// is on both sides, so every path is longer than a + b (the sides' depths);
// the first state the new layer shares with the other side closes a path of
// a + 1 + (at most b) moves, which is therefore the shortest. -1 if the
// two sides hold more than `max_states` states between them (a guard: the
// callers' boards need far fewer).
int bidirectional_distance(const Board& start, Goal goal, std::size_t max_states = 3'000'000) {
  const Board target = Board::solved(start.rows(), start.cols(), goal);
  if (start == target) return 0;
  struct Side {
    std::unordered_map<std::string, int> seen;
    std::vector<Board> frontier;
    int depth = 0;
  };
  Side sides[2];
  sides[0].seen.emplace(key_of(start), 0);
  sides[0].frontier.push_back(start);
  sides[1].seen.emplace(key_of(target), 0);
  sides[1].frontier.push_back(target);
  while (!sides[0].frontier.empty() && !sides[1].frontier.empty()) {
    const int g = sides[0].frontier.size() <= sides[1].frontier.size() ? 0 : 1;
    Side& grow = sides[g];
    const Side& other = sides[1 - g];
    ++grow.depth;
    std::vector<Board> next;
    for (const Board& b : grow.frontier) {
      for (Direction dir : kDirections) {
        if (!b.can_move(dir)) continue;
        Board child = b;
        child.move(dir);
        std::string key = key_of(child);
        if (const auto it = other.seen.find(key); it != other.seen.end()) return grow.depth + it->second;
        if (grow.seen.emplace(std::move(key), grow.depth).second) next.push_back(std::move(child));
      }
    }
    grow.frontier.swap(next);
    if (sides[0].seen.size() + sides[1].seen.size() > max_states) return -1;
  }
  return -1;
}

TEST(ReferenceBfs, AgreesWithTheExhaustiveBfsAndThePublishedLayers) {
  // The 8-puzzle's published layer sizes (Reinefeld 1993; OEIS A089473).
  const std::vector<int> published = {1,     2,     4,     8,     16,    20,    39,    62,    116,   152,   286,
                                      396,   748,   1024,  1893,  2512,  4485,  5638,  9529,  10878, 16993, 17110,
                                      23952, 20224, 24047, 15578, 14560, 6274,  3910,  760,   221,   2};
  for (Goal goal : kGoals) {
    const auto& mine = reference_distances(3, 3, goal);
    std::vector<int> layers(published.size(), 0);
    for (const auto& [key, d] : mine) ++layers.at(static_cast<std::size_t>(d));
    EXPECT_EQ(layers, published);
    const auto& d = distances(3, 3, goal);
    std::mt19937_64 rng(3);
    for (int i = 0; i < 100; ++i) {
      std::uint64_t rank = rng() % d.size();
      while (d[rank] == kUnreached) rank = rng() % d.size();
      const Board b(3, 3, unrank_permutation(rank, 9));
      ASSERT_EQ(mine.at(key_of(b)), d[rank]);
      ASSERT_EQ(bidirectional_distance(b, goal), d[rank]) << "rank " << rank;
    }
  }
}

std::string describe(const Board& b, const SolveRequest& o) {
  std::ostringstream s;
  s << size_name(b.rows(), b.cols()) << " [";
  for (int i = 0; i < b.cells(); ++i) s << (i ? " " : "") << b.at(i);
  s << "] goal " << goal_name(o.goal) << ", " << algorithm_name(o.algorithm) << " + " << o.heuristic.text;
  return s.str();
}

// Empty if solve() proves the known optimal length and its moves replay.
std::string check_optimal(const Board& b, const SolveRequest& o, int optimal) {
  const SolveResult r = solve(b, o);
  std::ostringstream why;
  if (r.status != Status::kOptimal) {
    why << "status " << status_name(r.status) << " (" << r.message << ")";
  } else if (r.length != optimal) {
    why << "length " << r.length << ", optimal is " << optimal;
  } else if (static_cast<int>(r.moves.size()) != optimal) {
    why << r.moves.size() << " moves for length " << r.length;
  } else if (r.lower_bound != optimal) {
    why << "lower_bound " << r.lower_bound << " for an optimal length " << optimal;
  } else if (std::string replay = check_solution(b, r.moves, o.goal); !replay.empty()) {
    why << "does not replay: " << replay;
  } else if (r.initial_h != evaluate(b, o.goal, testing::kind_of(o))) {
    why << "initial_h " << r.initial_h << ", evaluate() says " << evaluate(b, o.goal, testing::kind_of(o));
  } else {
    return {};
  }
  return describe(b, o) + ": " + why.str();
}

// Collects failures; reports the first few and the count.
class Failures {
 public:
  void add(const std::string& what) {
    if (what.empty()) return;
    if (++count_ <= 10) first_ += what + "\n";
  }
  int count() const { return count_; }
  std::string report() const { return std::to_string(count_) + " failures, the first:\n" + first_; }

 private:
  int count_ = 0;
  std::string first_;
};

// Solves the states of a BFS-covered shape: all of them with stride 1, else
// every stride-th plus every state at distance >= `always_from`. Returns how
// many it solved, for the caller to hold against expected_sweep().
[[nodiscard]] std::uint64_t sweep(int rows, int cols, Goal goal, const SolveRequest& o, std::uint64_t stride,
                                  int always_from) {
  const auto& d = distances(rows, cols, goal);
  Failures failures;
  std::uint64_t solved = 0;
  for (std::uint64_t rank = 0; rank < d.size(); ++rank) {
    if (d[rank] == kUnreached) continue;
    if (rank % stride != 0 && d[rank] < always_from) continue;
    const Board b(rows, cols, unrank_permutation(rank, rows * cols));
    failures.add(check_optimal(b, o, d[rank]));
    ++solved;
  }
  EXPECT_EQ(failures.count(), 0) << failures.report();
  return solved;
}

// How many states sweep() must solve, counted on the reference BFS instead
// of tools/bfs.h: the solvable states whose rank is a multiple of `stride`
// or whose distance is at least `always_from`.
std::uint64_t expected_sweep(int rows, int cols, Goal goal, std::uint64_t stride, int always_from) {
  std::uint64_t n = 0;
  for (const auto& [key, d] : reference_distances(rows, cols, goal)) {
    if (d >= always_from || rank_permutation(tiles_of(key)) % stride == 0) ++n;
  }
  return n;
}

// ---------------------------------------------------------------- exhaustive small shapes

class Exhaustive3x3 : public ::testing::TestWithParam<Goal> {};

TEST_P(Exhaustive3x3, IdaStarLinearConflictSolvesEveryStateOptimally) {
  const Goal goal = GetParam();
  const int always_from = testing::full_sweeps() ? 0 : 27;
  const std::uint64_t solved = sweep(3, 3, goal, options_for(goal, Algorithm::kIdaStar, HeuristicKind::kLinearConflict),
                                     testing::sweep_stride(), always_from);
  EXPECT_EQ(solved, expected_sweep(3, 3, goal, testing::sweep_stride(), always_from));
  if (testing::full_sweeps()) {
    EXPECT_EQ(solved, 181440u);
  }
}

INSTANTIATE_TEST_SUITE_P(BothGoals, Exhaustive3x3, ::testing::ValuesIn(kGoals),
                         [](const ::testing::TestParamInfo<Goal>& info) {
                           return info.param == Goal::kBlankLast ? "BlankLast" : "BlankFirst";
                         });

TEST(SmallShapes, EveryStateEveryHeuristicBothAlgorithms) {
  const std::pair<int, int> shapes[] = {{2, 2}, {2, 3}, {3, 2}};
  for (auto [rows, cols] : shapes) {
    for (Goal goal : kGoals) {
      for (Algorithm a : kAlgorithms) {
        for (HeuristicKind h : kHeuristics) {
          EXPECT_EQ(sweep(rows, cols, goal, options_for(goal, a, h), 1, 0), factorial(rows * cols) / 2);
        }
      }
    }
  }
}

// 2x4 and 4x2 go through the generic kernel (no compile-time shape).
TEST(SmallShapes, GenericKernelTwoByFourEveryState) {
  const std::pair<int, int> shapes[] = {{2, 4}, {4, 2}};
  for (auto [rows, cols] : shapes) {
    for (Goal goal : kGoals) {
      for (HeuristicKind h : {HeuristicKind::kManhattan, HeuristicKind::kLinearConflict}) {
        const std::uint64_t stride =
            h == HeuristicKind::kManhattan ? 5 * testing::sweep_stride() : testing::sweep_stride();
        EXPECT_EQ(sweep(rows, cols, goal, options_for(goal, Algorithm::kIdaStar, h), stride, 32),
                  expected_sweep(rows, cols, goal, stride, 32));
      }
      const std::uint64_t stride = testing::full_sweeps() ? 3 : 97;
      EXPECT_EQ(sweep(rows, cols, goal, options_for(goal, Algorithm::kAStar, HeuristicKind::kLinearConflict), stride, 34),
                expected_sweep(rows, cols, goal, stride, 34));
    }
  }
}

// 2x5 and 5x2 (10 cells, 1,814,400 states per goal): a random sample plus the farthest states.
TEST(SmallShapes, GenericKernelTwoByFiveAgainstBfs) {
  const std::pair<int, int> shapes[] = {{2, 5}, {5, 2}};
  std::mt19937_64 rng(25);
  for (auto [rows, cols] : shapes) {
    if (!testing::full_sweeps() && rows == 5) continue;  // one BFS of 3.6 million states is enough when slow
    const Goal goal = rows == 2 ? Goal::kBlankLast : Goal::kBlankFirst;
    const auto& d = distances(rows, cols, goal);
    int farthest = 0;
    for (std::uint8_t v : d) {
      if (v != kUnreached && v > farthest) farthest = v;
    }
    Failures failures;
    const int samples = testing::full_sweeps() ? 400 : 40;
    int done = 0;
    std::uniform_int_distribution<std::uint64_t> any(0, d.size() - 1);
    while (done < samples) {
      const std::uint64_t rank = any(rng);
      if (d[rank] == kUnreached) continue;
      const Board b(rows, cols, unrank_permutation(rank, 10));
      failures.add(check_optimal(b, options_for(goal, Algorithm::kIdaStar, HeuristicKind::kLinearConflict), d[rank]));
      ++done;
    }
    int extremes = 0;
    for (std::uint64_t rank = 0; rank < d.size() && extremes < 4; ++rank) {
      if (d[rank] != farthest) continue;
      const Board b(rows, cols, unrank_permutation(rank, 10));
      failures.add(check_optimal(b, options_for(goal, Algorithm::kIdaStar, HeuristicKind::kLinearConflict), farthest));
      failures.add(check_optimal(b, options_for(goal, Algorithm::kAStar, HeuristicKind::kManhattan), farthest));
      ++extremes;
    }
    EXPECT_GT(extremes, 0);
    EXPECT_EQ(failures.count(), 0) << failures.report();
  }
}

// A* + Manhattan: every state at distance >= 25 (41,305 of them) and every
// 36th of the rest, for the blank-last goal; distance >= 27 and every 72nd
// for blank-first (its graph is isomorphic to blank-last's).
class AStar3x3 : public ::testing::TestWithParam<Goal> {};

TEST_P(AStar3x3, ManhattanOnTheHardStatesAndASample) {
  const Goal goal = GetParam();
  const bool last = goal == Goal::kBlankLast;
  const bool full = testing::full_sweeps();
  const std::uint64_t stride = full ? (last ? 36 : 72) : 720;
  const int always_from = full ? (last ? 25 : 27) : 29;
  EXPECT_EQ(sweep(3, 3, goal, options_for(goal, Algorithm::kAStar, HeuristicKind::kManhattan), stride, always_from),
            expected_sweep(3, 3, goal, stride, always_from));
}

INSTANTIATE_TEST_SUITE_P(BothGoals, AStar3x3, ::testing::ValuesIn(kGoals),
                         [](const ::testing::TestParamInfo<Goal>& info) {
                           return info.param == Goal::kBlankLast ? "BlankLast" : "BlankFirst";
                         });

TEST(ThreeByThree, AStarLinearConflictAndHammingSample) {
  struct Sample {
    Algorithm algorithm;
    HeuristicKind heuristic;
    std::uint64_t stride;
    int always_from;
  };
  const bool full = testing::full_sweeps();
  const Sample samples[] = {{Algorithm::kAStar, HeuristicKind::kLinearConflict, full ? 97u : 1999u, 29},
                            {Algorithm::kAStar, HeuristicKind::kHamming, full ? 997u : 9973u, 31},
                            {Algorithm::kIdaStar, HeuristicKind::kManhattan, full ? 31u : 997u, 30}};
  for (Goal goal : kGoals) {
    for (const Sample& s : samples) {
      EXPECT_EQ(sweep(3, 3, goal, options_for(goal, s.algorithm, s.heuristic), s.stride, s.always_from),
                expected_sweep(3, 3, goal, s.stride, s.always_from))
          << algorithm_name(s.algorithm) << " + " << heuristic_name(s.heuristic);
    }
  }
}

// The 30- and 31-move boards of the 8-puzzle, taken from the BFS (221 and 2:
// the published counts).
TEST(ThreeByThree, TheFarthestBoardsSolveToExactlyThirtyAndThirtyOne) {
  for (Goal goal : kGoals) {
    const auto& d = distances(3, 3, goal);
    int at30 = 0, at31 = 0;
    Failures failures;
    for (std::uint64_t rank = 0; rank < d.size(); ++rank) {
      if (d[rank] != 30 && d[rank] != 31) continue;
      (d[rank] == 31 ? at31 : at30)++;
      const Board b(3, 3, unrank_permutation(rank, 9));
      failures.add(check_optimal(b, options_for(goal, Algorithm::kIdaStar, HeuristicKind::kLinearConflict), d[rank]));
      failures.add(check_optimal(b, options_for(goal, Algorithm::kAStar, HeuristicKind::kLinearConflict), d[rank]));
      if (d[rank] == 31 || rank % 10 == 0) {
        failures.add(check_optimal(b, options_for(goal, Algorithm::kIdaStar, HeuristicKind::kManhattan), d[rank]));
        failures.add(check_optimal(b, options_for(goal, Algorithm::kAStar, HeuristicKind::kManhattan), d[rank]));
      }
    }
    EXPECT_EQ(at31, 2);
    EXPECT_EQ(at30, 221);
    EXPECT_EQ(failures.count(), 0) << failures.report();
  }
}

TEST(Solver, AlreadySolvedBoards) {
  const std::pair<int, int> shapes[] = {{2, 2}, {3, 3}, {4, 4}, {5, 5}, {2, 5}, {3, 7}, {6, 4}};
  for (auto [rows, cols] : shapes) {
    for (Goal goal : kGoals) {
      for (Algorithm a : kAlgorithms) {
        if (a == Algorithm::kAStar && rows * cols > 25) continue;
        const SolveResult r = solve(Board::solved(rows, cols, goal), options_for(goal, a, HeuristicKind::kManhattan));
        EXPECT_EQ(r.status, Status::kOptimal) << size_name(rows, cols);
        EXPECT_EQ(r.length, 0);
        EXPECT_EQ(r.lower_bound, 0);
        EXPECT_TRUE(r.moves.empty());
      }
    }
  }
}

// ---------------------------------------------------------------- Korf's 100

std::vector<KorfInstance> korf_by_nodes() {
  auto korf = testing::korf100();
  std::sort(korf.begin(), korf.end(),
            [](const KorfInstance& a, const KorfInstance& b) { return a.published_ida_nodes < b.published_ida_nodes; });
  return korf;
}

// The transcription suspects of datasets/README.md: the tsv's node counts of
// #22, #88 and #89 differ from every known re-run, and #42's (877,023) from
// another public transcription of Korf's table (877,823; this engine
// generates 877,822 = 877,823 - 1). results/README.md: every other instance
// generates exactly its published count minus one.
bool suspicious_count(int id) { return id == 22 || id == 42 || id == 88 || id == 89; }

TEST(Korf100, TenEasiestSolveToThePublishedLengthWithLinearConflict) {
  const auto korf = korf_by_nodes();
  ASSERT_EQ(korf.size(), 100u);
  for (int i = 0; i < 10; ++i) {
    const KorfInstance& k = korf[i];
    const Board b(4, 4, k.tiles);
    SCOPED_TRACE("Korf #" + std::to_string(k.id));
    EXPECT_EQ(evaluate(b, Goal::kBlankFirst, HeuristicKind::kManhattan), k.manhattan);
    EXPECT_EQ(check_optimal(b, options_for(Goal::kBlankFirst, Algorithm::kIdaStar, HeuristicKind::kLinearConflict),
                            k.optimal_length),
              "");
    // The same instance mapped to the blank-last goal has the same length.
    const Board mapped(4, 4, k.tiles_blank_last);
    EXPECT_EQ(check_optimal(mapped,
                            options_for(Goal::kBlankLast, Algorithm::kIdaStar, HeuristicKind::kLinearConflict),
                            k.optimal_length),
              "");
  }
}

// Korf (1985) reports the nodes IDA* + Manhattan generates. Our count leaves
// out the root, so it must be the published count minus one, exactly.
TEST(Korf100, ManhattanNodeCountsMatchThePublishedOnes) {
  const auto korf = korf_by_nodes();
  const std::uint64_t budget = testing::full_sweeps() ? 200'000'000 : 3'000'000;  // published nodes, summed
  std::uint64_t spent = 0;
  int checked = 0;
  for (const KorfInstance& k : korf) {
    if (suspicious_count(k.id)) continue;
    if (spent + k.published_ida_nodes > budget && checked >= 2) break;
    spent += k.published_ida_nodes;
    ++checked;
    SCOPED_TRACE("Korf #" + std::to_string(k.id));
    const Board b(4, 4, k.tiles);
    const SolveResult r = solve(b, options_for(Goal::kBlankFirst, Algorithm::kIdaStar, HeuristicKind::kManhattan));
    ASSERT_EQ(r.status, Status::kOptimal);
    EXPECT_EQ(r.length, k.optimal_length);
    EXPECT_EQ(r.generated, k.published_ida_nodes - 1);
    EXPECT_EQ(r.initial_h, k.manhattan);
    EXPECT_EQ(check_solution(b, r.moves, Goal::kBlankFirst), "");
  }
  EXPECT_GE(checked, 2);
}

TEST(Korf100, AStarAgreesOnTheEasiest) {
  const auto korf = korf_by_nodes();
  for (int i = 0; i < (testing::full_sweeps() ? 3 : 1); ++i) {
    const KorfInstance& k = korf[i];
    SCOPED_TRACE("Korf #" + std::to_string(k.id));
    EXPECT_EQ(check_optimal(Board(4, 4, k.tiles),
                            options_for(Goal::kBlankFirst, Algorithm::kAStar, HeuristicKind::kLinearConflict),
                            k.optimal_length),
              "");
  }
}

// Korf & Felner's 24-puzzle instances are far beyond these heuristics, but
// every one of them must read as solvable for its goal with the published
// Manhattan value, and IDA* stopped by a node limit must report a lower
// bound between its initial h and the published optimal length.
TEST(Korf50, TwentyFourPuzzleBoundsStayWithinThePublishedLengths) {
  const auto korf = testing::korf50_24();
  ASSERT_EQ(korf.size(), 50u);
  for (const KorfInstance& k : korf) {
    SCOPED_TRACE("24-puzzle #" + std::to_string(k.id));
    const Board b(5, 5, k.tiles);
    const Board mapped(5, 5, k.tiles_blank_last);
    EXPECT_TRUE(is_solvable(b, Goal::kBlankFirst));
    EXPECT_TRUE(is_solvable(mapped, Goal::kBlankLast));
    EXPECT_EQ(evaluate(b, Goal::kBlankFirst, HeuristicKind::kManhattan), k.manhattan);
    EXPECT_EQ(evaluate(mapped, Goal::kBlankLast, HeuristicKind::kManhattan), k.manhattan);
    EXPECT_EQ(k.optimal_length % 2, k.manhattan % 2);
    EXPECT_LE(evaluate(b, Goal::kBlankFirst, HeuristicKind::kLinearConflict), k.optimal_length);
    if (k.id > 5) continue;
    SolveRequest o = options_for(Goal::kBlankFirst, Algorithm::kIdaStar, HeuristicKind::kLinearConflict);
    o.limits.max_nodes = 100'000;
    const SolveResult r = solve(b, o);
    EXPECT_EQ(r.status, Status::kLimit);
    EXPECT_GE(r.lower_bound, r.initial_h);
    EXPECT_LE(r.lower_bound, k.optimal_length);
  }
}

// ---------------------------------------------------------------- limits

const KorfInstance& hard_korf() {
  static const KorfInstance k = [] {
    for (const KorfInstance& i : testing::korf100()) {
      if (i.id == 1) return i;  // 57 moves, 276 million nodes with Manhattan
    }
    return KorfInstance{};
  }();
  return k;
}

void expect_limit_bounds(const SolveResult& r, int optimal) {
  EXPECT_GE(r.lower_bound, r.initial_h);
  EXPECT_LE(r.lower_bound, optimal);
  EXPECT_EQ(r.length, -1);
  EXPECT_TRUE(r.moves.empty());
  EXPECT_FALSE(r.message.empty());
}

TEST(Limits, NodeLimitStopsWithAProvenLowerBound) {
  const KorfInstance& k = hard_korf();
  ASSERT_EQ(k.id, 1);
  const Board b(4, 4, k.tiles);
  for (Algorithm a : kAlgorithms) {
    SolveRequest o = options_for(Goal::kBlankFirst, a, HeuristicKind::kManhattan);
    o.limits.max_nodes = 200'000;
    const SolveResult r = solve(b, o);
    SCOPED_TRACE(std::string(algorithm_name(a)));
    EXPECT_EQ(r.status, Status::kLimit);
    expect_limit_bounds(r, k.optimal_length);
    EXPECT_GE(r.expanded, 200'000u);
  }
}

// SolveLimits::max_nodes is "expanded nodes; 0 = none": a search must not
// expand more than that, whatever the budget's polling interval.
TEST(Limits, NodeLimitIsNotOvershot) {
  const KorfInstance& k = hard_korf();
  const Board b(4, 4, k.tiles);
  for (Algorithm a : kAlgorithms) {
    SolveRequest o = options_for(Goal::kBlankFirst, a, HeuristicKind::kManhattan);
    o.limits.max_nodes = 1000;
    const SolveResult r = solve(b, o);
    SCOPED_TRACE(std::string(algorithm_name(a)));
    EXPECT_EQ(r.status, Status::kLimit);
    EXPECT_LE(r.expanded, 1000u);
  }
}

// A 31-move 8-puzzle needs thousands of expansions with Manhattan: a limit
// of 100 expansions must stop it, not let it finish.
TEST(Limits, SmallNodeLimitStopsASearchThatNeedsMore) {
  const auto& d = distances(3, 3, Goal::kBlankLast);
  const std::uint64_t rank = static_cast<std::uint64_t>(std::find(d.begin(), d.end(), 31) - d.begin());
  const Board far(3, 3, unrank_permutation(rank, 9));
  for (Algorithm a : kAlgorithms) {
    SCOPED_TRACE(std::string(algorithm_name(a)));
    SolveRequest o = options_for(Goal::kBlankLast, a, HeuristicKind::kManhattan);
    const SolveResult unlimited = solve(far, o);
    ASSERT_EQ(unlimited.status, Status::kOptimal);
    ASSERT_GT(unlimited.expanded, 100u);
    o.limits.max_nodes = 100;
    const SolveResult r = solve(far, o);
    EXPECT_EQ(r.status, Status::kLimit) << "expanded " << r.expanded << " with max_nodes 100";
    EXPECT_LE(r.expanded, 100u);
  }
}

TEST(Limits, TimeLimitStopsWithAProvenLowerBound) {
  const KorfInstance& k = hard_korf();
  const Board b(4, 4, k.tiles);
  for (Algorithm a : kAlgorithms) {
    SolveRequest o = options_for(Goal::kBlankFirst, a, HeuristicKind::kManhattan);
    o.limits.seconds = 0.2;
    const SolveResult r = solve(b, o);
    SCOPED_TRACE(std::string(algorithm_name(a)));
    EXPECT_EQ(r.status, Status::kLimit);
    expect_limit_bounds(r, k.optimal_length);
    EXPECT_LT(r.seconds, 10.0);
    EXPECT_GE(r.seconds, 0.2);
  }
}

TEST(Limits, RaisedCancelFlagCancels) {
  const KorfInstance& k = hard_korf();
  const Board b(4, 4, k.tiles);
  std::atomic<bool> cancel{true};
  for (Algorithm a : kAlgorithms) {
    SolveRequest o = options_for(Goal::kBlankFirst, a, HeuristicKind::kManhattan);
    o.limits.cancel = &cancel;
    const SolveResult r = solve(b, o);
    EXPECT_EQ(r.status, Status::kCancelled) << algorithm_name(a);
    EXPECT_TRUE(r.moves.empty());
    EXPECT_LE(r.lower_bound, k.optimal_length);
  }
}

TEST(Limits, CancelFromAnotherThread) {
  const KorfInstance& k = hard_korf();
  const Board b(4, 4, k.tiles);
  std::atomic<bool> cancel{false};
  SolveRequest o = options_for(Goal::kBlankFirst, Algorithm::kIdaStar, HeuristicKind::kManhattan);
  o.limits.cancel = &cancel;
  std::thread raiser([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    cancel.store(true);
  });
  const SolveResult r = solve(b, o);
  raiser.join();
  EXPECT_EQ(r.status, Status::kCancelled);
  EXPECT_LT(r.seconds, 10.0);
}

TEST(Limits, ProgressIsReported) {
  const KorfInstance& k = hard_korf();
  const Board b(4, 4, k.tiles);
  SolveRequest o = options_for(Goal::kBlankFirst, Algorithm::kIdaStar, HeuristicKind::kManhattan);
  o.limits.seconds = 0.5;
  o.limits.progress_interval = 0.05;
  std::vector<Progress> seen;
  o.limits.on_progress = [&](const Progress& p) { seen.push_back(p); };
  const SolveResult r = solve(b, o);
  EXPECT_EQ(r.status, Status::kLimit);
  ASSERT_GE(seen.size(), 2u);
  for (std::size_t i = 1; i < seen.size(); ++i) {
    EXPECT_GE(seen[i].expanded, seen[i - 1].expanded);
    EXPECT_GE(seen[i].bound, seen[i - 1].bound);
    EXPECT_LE(seen[i].bound, k.optimal_length);
  }
}

TEST(Limits, AStarMemoryCapEndsInALimitNotACrash) {
  const KorfInstance& k = hard_korf();
  const Board b(4, 4, k.tiles);
  SolveRequest o = options_for(Goal::kBlankFirst, Algorithm::kAStar, HeuristicKind::kLinearConflict);
  o.limits.memory_bytes = std::uint64_t{1} << 20;
  const SolveResult r = solve(b, o);
  EXPECT_EQ(r.status, Status::kLimit);
  expect_limit_bounds(r, k.optimal_length);
  EXPECT_GT(r.expanded, 0u);
}

// A cap too small for even the first node: still a limit, and (SolveResult's
// contract) a message saying why.
TEST(Limits, AStarTinyMemoryCapSaysWhy) {
  const KorfInstance& k = hard_korf();
  const Board b(4, 4, k.tiles);
  SolveRequest o = options_for(Goal::kBlankFirst, Algorithm::kAStar, HeuristicKind::kLinearConflict);
  o.limits.memory_bytes = 1;
  const SolveResult r = solve(b, o);
  EXPECT_EQ(r.status, Status::kLimit);
  expect_limit_bounds(r, k.optimal_length);
}

// The shared budget (SolveLimits::memory_budget) stops A* like its own cap
// does, names itself, and gets every byte back when the search ends.
TEST(Limits, AStarStopsAtTheSharedBudgetAndGivesItBack) {
  const KorfInstance& k = hard_korf();
  const Board b(4, 4, k.tiles);
  MemoryBudget budget(std::uint64_t{4} << 20);
  ASSERT_TRUE(budget.try_reserve(std::uint64_t{1} << 20));  // held by someone else
  SolveRequest o = options_for(Goal::kBlankFirst, Algorithm::kAStar, HeuristicKind::kLinearConflict);
  o.limits.memory_bytes = std::uint64_t{1} << 30;  // the cap is not what stops it
  o.limits.memory_budget = &budget;
  const SolveResult r = solve(b, o);
  EXPECT_EQ(r.status, Status::kLimit);
  EXPECT_EQ(r.message, "memory budget");
  expect_limit_bounds(r, k.optimal_length);
  EXPECT_EQ(budget.used(), std::uint64_t{1} << 20);
  EXPECT_GT(budget.peak(), std::uint64_t{1} << 20);  // it did reserve, up to the budget and no further
  EXPECT_LE(budget.peak(), budget.limit());
  // A search that fits is unchanged by the budget: the same length and nodes.
  const Board easy = board_of(4, 4, "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15");
  SolveRequest plain = options_for(Goal::kBlankFirst, Algorithm::kAStar, HeuristicKind::kManhattan);
  const SolveResult free = solve(easy, plain);
  plain.limits.memory_budget = &budget;
  const SolveResult counted = solve(easy, plain);
  ASSERT_EQ(free.status, Status::kOptimal);
  EXPECT_EQ(counted.status, Status::kOptimal);
  EXPECT_EQ(counted.length, free.length);
  EXPECT_EQ(counted.expanded, free.expanded);
  EXPECT_EQ(budget.used(), std::uint64_t{1} << 20);
}

TEST(Limits, UnsolvableBoardsCostNoNodes) {
  std::mt19937_64 rng(13);
  const std::pair<int, int> shapes[] = {{2, 2}, {3, 3}, {4, 4}, {2, 5}, {5, 5}, {3, 4}};
  for (auto [rows, cols] : shapes) {
    for (Goal goal : kGoals) {
      Board b = testing::random_permutation_board(rows, cols, rng);
      while (is_solvable(b, goal)) b = testing::random_permutation_board(rows, cols, rng);
      for (Algorithm a : kAlgorithms) {
        for (HeuristicKind h : kHeuristics) {
          const SolveResult r = solve(b, options_for(goal, a, h));
          EXPECT_EQ(r.status, Status::kUnsolvable) << size_name(rows, cols);
          EXPECT_EQ(r.expanded, 0u);
          EXPECT_EQ(r.generated, 0u);
          EXPECT_TRUE(r.moves.empty());
          EXPECT_EQ(r.length, -1);
        }
      }
    }
  }
  // Korf's boards are unsolvable for the blank-last goal.
  const SolveResult r = solve(Board(4, 4, hard_korf().tiles),
                              options_for(Goal::kBlankLast, Algorithm::kIdaStar, HeuristicKind::kLinearConflict));
  EXPECT_EQ(r.status, Status::kUnsolvable);
  EXPECT_EQ(r.generated, 0u);
}

TEST(Limits, UnsupportedShapesAreUnsupportedNotACrash) {
  std::mt19937_64 rng(14);
  // 81 cells: beyond the optimal kernels.
  const Board big = testing::random_walk(9, 9, Goal::kBlankLast, 20, rng);
  SolveResult r = solve(big, options_for(Goal::kBlankLast, Algorithm::kIdaStar, HeuristicKind::kManhattan));
  EXPECT_EQ(r.status, Status::kUnsupported);
  EXPECT_FALSE(r.message.empty());
  // A* holds at most 25 cells.
  const Board wide = testing::random_walk(6, 5, Goal::kBlankLast, 10, rng);
  r = solve(wide, options_for(Goal::kBlankLast, Algorithm::kAStar, HeuristicKind::kManhattan));
  EXPECT_EQ(r.status, Status::kUnsupported);
  const auto astar_problem =
      check_request(options_for(Goal::kBlankLast, Algorithm::kAStar, HeuristicKind::kManhattan), 6, 5);
  ASSERT_TRUE(astar_problem.has_value());
  EXPECT_EQ(astar_problem->code, RequestProblem::Code::kAStarTooManyCells);
  EXPECT_EQ(r.message, describe(*astar_problem));
  // Linear conflict has no tables for lines longer than 7.
  const Board long_row = testing::random_walk(2, 8, Goal::kBlankLast, 10, rng);
  r = solve(long_row, options_for(Goal::kBlankLast, Algorithm::kIdaStar, HeuristicKind::kLinearConflict));
  EXPECT_EQ(r.status, Status::kUnsupported);
  // ...but Manhattan solves it.
  r = solve(long_row, options_for(Goal::kBlankLast, Algorithm::kIdaStar, HeuristicKind::kManhattan));
  EXPECT_EQ(r.status, Status::kOptimal);
  EXPECT_EQ(check_solution(long_row, r.moves, Goal::kBlankLast), "");
  EXPECT_FALSE(
      check_request(options_for(Goal::kBlankLast, Algorithm::kAStar, HeuristicKind::kLinearConflict), 4, 4));
}

// ---------------------------------------------------------------- determinism

TEST(Determinism, SameBoardSameCountsAndMoves) {
  const auto korf = korf_by_nodes();
  for (Algorithm a : kAlgorithms) {
    const Board b(4, 4, korf[1].tiles);
    const SolveRequest o = options_for(Goal::kBlankFirst, a, HeuristicKind::kLinearConflict);
    const SolveResult first = solve(b, o);
    const SolveResult second = solve(b, o);
    // And from two threads at once.
    SolveResult t1, t2;
    std::thread a1([&] { t1 = solve(b, o); });
    std::thread a2([&] { t2 = solve(b, o); });
    a1.join();
    a2.join();
    const SolveResult* repeats[] = {&second, &t1, &t2};
    for (const SolveResult* r : repeats) {
      EXPECT_EQ(r->status, first.status);
      EXPECT_EQ(r->expanded, first.expanded);
      EXPECT_EQ(r->generated, first.generated);
      EXPECT_EQ(r->moves, first.moves);
    }
    EXPECT_GT(first.generated, 0u);
  }
}

// ---------------------------------------------------------------- other shapes

// Boards beyond BFS: random walks of known length from the goal. The
// optimum is at most the walk's length and of the same parity; IDA* and A*
// (independent kernels) must agree, and every solution must replay. The
// lengths themselves are held to a bidirectional BFS in the next test.
TEST(OtherShapes, RandomWalksAgreeAcrossAlgorithmsAndReplay) {
  struct Case {
    int rows, cols, walk, count;
  };
  const bool full = testing::full_sweeps();
  const Case cases[] = {{3, 4, 30, full ? 30 : 4}, {4, 3, 30, full ? 30 : 4}, {2, 6, 30, full ? 20 : 3},
                        {3, 5, 30, full ? 20 : 3}, {4, 4, 40, full ? 20 : 3}, {2, 4, 30, full ? 20 : 3},
                        {4, 5, 30, full ? 10 : 2}, {5, 5, 30, full ? 10 : 2}, {3, 7, 24, full ? 6 : 1}};
  std::mt19937_64 rng(15);
  for (const Case& c : cases) {
    for (Goal goal : kGoals) {
      for (int i = 0; i < c.count; ++i) {
        const Board b = testing::random_walk(c.rows, c.cols, goal, c.walk, rng);
        SCOPED_TRACE(describe(b, options_for(goal, Algorithm::kIdaStar, HeuristicKind::kLinearConflict)));
        const SolveResult ida = solve(b, options_for(goal, Algorithm::kIdaStar, HeuristicKind::kLinearConflict));
        ASSERT_EQ(ida.status, Status::kOptimal);
        EXPECT_LE(ida.length, c.walk);
        EXPECT_EQ(ida.length % 2, c.walk % 2);
        EXPECT_EQ(check_solution(b, ida.moves, goal), "");
        EXPECT_EQ(ida.initial_h, evaluate(b, goal, HeuristicKind::kLinearConflict));
        const SolveResult md = solve(b, options_for(goal, Algorithm::kIdaStar, HeuristicKind::kManhattan));
        ASSERT_EQ(md.status, Status::kOptimal);
        EXPECT_EQ(md.length, ida.length);
        EXPECT_EQ(check_solution(b, md.moves, goal), "");
        if (c.rows * c.cols <= 25) {
          const SolveResult astar = solve(b, options_for(goal, Algorithm::kAStar, HeuristicKind::kLinearConflict));
          ASSERT_EQ(astar.status, Status::kOptimal);
          EXPECT_EQ(astar.length, ida.length);
          EXPECT_EQ(check_solution(b, astar.moves, goal), "");
          EXPECT_EQ(astar.initial_h, ida.initial_h);
        }
        if (c.rows * c.cols <= 10) {
          const auto& d = distances(c.rows, c.cols, goal);
          EXPECT_EQ(ida.length, d[rank_permutation(b.tiles())]);
        }
      }
    }
  }
}

// The optimal lengths of boards beyond the exhaustive BFS (12 to 25 cells)
// against the bidirectional BFS written here: random walks from the goal,
// long enough to need a real search and short enough for the BFS (at most
// a few hundred thousand states a side; the walk lengths were chosen by
// measuring that). IDA* with linear conflict and
// with Manhattan, and A* with linear conflict, must each prove exactly that
// length and replay.
TEST(OtherShapes, OptimalLengthsEqualABidirectionalBfs) {
  struct Case {
    int rows, cols, walk, count;
  };
  const bool full = testing::full_sweeps();
  const Case cases[] = {{3, 4, 36, full ? 6 : 2}, {4, 3, 36, full ? 6 : 2}, {2, 6, 40, full ? 6 : 2},
                        {6, 2, 36, full ? 4 : 1}, {3, 5, 30, full ? 4 : 1}, {2, 7, 36, full ? 4 : 1},
                        {4, 4, 28, full ? 4 : 1}, {4, 5, 28, full ? 3 : 1}, {5, 5, 24, full ? 3 : 1},
                        {3, 7, 28, full ? 2 : 1}};
  std::mt19937_64 rng(16);
  int checked = 0;
  int longest = 0;
  for (const Case& c : cases) {
    for (Goal goal : kGoals) {
      for (int i = 0; i < c.count; ++i) {
        const Board b = testing::random_walk(c.rows, c.cols, goal, c.walk, rng);
        const int d = bidirectional_distance(b, goal);
        ASSERT_GE(d, 0) << "the BFS gave up on " << describe(b, options_for(goal, Algorithm::kIdaStar,
                                                                              HeuristicKind::kLinearConflict));
        ASSERT_LE(d, c.walk);
        longest = std::max(longest, d);
        Failures failures;
        failures.add(check_optimal(b, options_for(goal, Algorithm::kIdaStar, HeuristicKind::kLinearConflict), d));
        failures.add(check_optimal(b, options_for(goal, Algorithm::kIdaStar, HeuristicKind::kManhattan), d));
        failures.add(check_optimal(b, options_for(goal, Algorithm::kAStar, HeuristicKind::kLinearConflict), d));
        EXPECT_EQ(failures.count(), 0) << failures.report();
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, full ? 84 : 26);
  EXPECT_GE(longest, 20) << "the walks are too short to need a search";
}

}  // namespace
}  // namespace npuzzle
