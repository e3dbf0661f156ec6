// The engine as a library: the compact move sequence, the registry of
// names, the checked solve call, and the batch and its pipeline called
// in-process with stages of the caller's own. Ground truth: exhaustive BFS
// distances, the parity rule, replay, and the CSV the CLI writes.
#include <gtest/gtest.h>
#include <oneapi/tbb/task_arena.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <mutex>
#include <random>
#include <set>
#include <thread>
#include <tuple>

#include "batch/batch.h"
#include "cli_support.h"
#include "core/ranking.h"
#include "core/replay.h"
#include "core/solvability.h"
#include "search/engine.h"
#include "search/registry.h"
#include "test_support.h"
#include "tools/bfs.h"

namespace npuzzle {
namespace {

TEST(MoveSequence, MatchesAVectorOfDirectionsAcrossWordBoundaries) {
  std::mt19937_64 rng(7);
  for (std::size_t length : {0u, 1u, 31u, 32u, 33u, 64u, 65u, 1000u}) {
    std::vector<Direction> reference;
    MoveSequence moves;
    for (std::size_t i = 0; i < length; ++i) {
      const auto d = static_cast<Direction>(rng() % 4);
      reference.push_back(d);
      moves.push_back(d);
    }
    ASSERT_EQ(moves.size(), length);
    EXPECT_EQ(moves.to_vector(), reference);
    for (std::size_t i = 0; i < length; ++i) ASSERT_EQ(moves[i], reference[i]) << i;
    EXPECT_EQ(moves, MoveSequence(reference));
    EXPECT_EQ(std::vector<Direction>(moves.begin(), moves.end()), reference);
    // Popping keeps the unused bits zero, so equality still holds.
    while (!reference.empty()) {
      reference.pop_back();
      moves.pop_back();
      ASSERT_EQ(moves, MoveSequence(reference));
    }
    EXPECT_TRUE(moves.empty());
  }
}

TEST(MoveSequence, TakesAQuarterByteAMove) {
  MoveSequence moves;
  const std::uint64_t n = 1'000'000;
  moves.reserve(n);
  for (std::uint64_t i = 0; i < n; ++i) moves.push_back(static_cast<Direction>(i % 4));
  EXPECT_EQ(moves.size(), n);
  EXPECT_LE(moves.memory_bytes(), n / 4 + 8);
  EXPECT_EQ(moves[n - 1], static_cast<Direction>((n - 1) % 4));
}

TEST(Registry, EveryListedNameParsesAndUnknownNamesDoNot) {
  for (const NamedChoice& c : algorithm_choices()) EXPECT_TRUE(parse_algorithm(c.name)) << c.name;
  for (const NamedChoice& c : heuristic_choices()) {
    const std::string name = c.name == "pdb:SPEC" ? "pdb:555" : c.name;
    EXPECT_TRUE(parse_heuristic_spec(name)) << name;
    EXPECT_NE(describe_choices(heuristic_choices()).find(c.name + ": "), std::string::npos);
  }
  EXPECT_FALSE(parse_heuristic_spec("manhatan"));
  EXPECT_FALSE(parse_algorithm("bfs"));
  EXPECT_EQ(list_choice_names(algorithm_choices()), "ida, astar or phased");
  EXPECT_EQ(parse_heuristic_spec("pdb:663")->label(true), "pdb:663");
  EXPECT_EQ(parse_heuristic_spec("pdb:663")->label(false), "pdb:663/no-reflect");
  EXPECT_EQ(parse_heuristic_spec("auto")->label(true), "auto");
  EXPECT_EQ(parse_heuristic_spec("manhattan")->kind, HeuristicKind::kManhattan);
}

// `auto` without tables: the exact table on boards of up to 10 cells, linear
// conflict where its tables fit, Manhattan on longer lines; a notice only for
// the shapes that have PDBs, once.
TEST(Registry, AutoWithoutTables) {
  pdb::AdditiveOptions tables;
  tables.cache.dir = ::testing::TempDir() + "/npuzzle-no-tables";
  const HeuristicSpec spec = HeuristicSpec::automatic();
  EXPECT_EQ(resolve_heuristic(spec, 3, 3, Goal::kBlankLast, tables).label, "exact");
  EXPECT_EQ(resolve_heuristic(spec, 2, 5, Goal::kBlankLast, tables).label, "exact");
  EXPECT_EQ(resolve_heuristic(spec, 3, 4, Goal::kBlankLast, tables).label, "linear-conflict");
  EXPECT_EQ(resolve_heuristic(spec, 8, 8, Goal::kBlankLast, tables).label, "manhattan");
  const ResolvedHeuristic first = resolve_heuristic(spec, 4, 4, Goal::kBlankFirst, tables);
  EXPECT_EQ(first.kind, HeuristicKind::kLinearConflict);
  EXPECT_NE(first.notice.find("npuzzle pdb build pdb:663 --goal blank-first"), std::string::npos) << first.notice;
  EXPECT_TRUE(resolve_heuristic(spec, 4, 4, Goal::kBlankFirst, tables).notice.empty());
}

// Exhaustive ground truth: every 3x3 board at BFS distance 31 and a sample
// at 20 come back optimal at their distance through the checked call, and
// every unsolvable board names the goal that solves it.
TEST(Engine, SolveCheckedAgreesWithBfs) {
  const Goal goal = Goal::kBlankLast;
  const auto distance = bfs_distances(3, 3, goal);
  SolveRequest request;
  request.goal = goal;
  request.heuristic = HeuristicSpec::fixed(HeuristicKind::kLinearConflict);
  int checked = 0;
  for (std::uint64_t rank = 0; rank < distance.size(); ++rank) {
    const bool hardest = distance[rank] == 31;
    if (!hardest && !(distance[rank] == 20 && rank % 97 == 0)) continue;
    const Board b(3, 3, unrank_permutation(rank, 9));
    const SolveReport report = solve_checked(b, request);
    ASSERT_EQ(report.result.status, Status::kOptimal);
    ASSERT_EQ(report.result.length, distance[rank]);
    ASSERT_EQ(check_solution(b, report.result.moves, goal), "");
    EXPECT_EQ(report.heuristic, "linear-conflict");
    ++checked;
  }
  EXPECT_GT(checked, 2);  // the two 31-move boards and the sample
  // Unsolvable on 3x3: odd width, so unsolvable for both goals.
  const Board swapped(3, 3, {2, 1, 3, 4, 5, 6, 7, 8, 0});
  const SolveReport u = solve_checked(swapped, request);
  EXPECT_EQ(u.result.status, Status::kUnsolvable);
  EXPECT_FALSE(u.solvable_for);
  EXPECT_EQ(u.explanation, "unsolvable for the blank-last goal");
  // On 4x4 it is solvable for the other goal.
  const Board korf(4, 4, testing::korf100()[0].tiles);
  const SolveReport k = solve_checked(korf, request);
  EXPECT_EQ(k.result.status, Status::kUnsolvable);
  ASSERT_TRUE(k.solvable_for);
  EXPECT_EQ(*k.solvable_for, Goal::kBlankFirst);
  EXPECT_EQ(k.explanation, "unsolvable for the blank-last goal (it is solvable for blank-first: --goal blank-first)");
}

TEST(Engine, UnsupportedRequestsAreNotInvalidInput) {
  SolveRequest request;
  request.heuristic = HeuristicSpec::fixed(HeuristicKind::kManhattan);
  const Board big = Board::solved(9, 9, Goal::kBlankLast);  // 81 cells: above the kernels' 64
  SolveReport r = solve_checked(big, request);
  EXPECT_EQ(r.result.status, Status::kUnsupported);
  EXPECT_NE(r.explanation.find("at most 64 cells"), std::string::npos) << r.explanation;
  EXPECT_EQ(csv_status_name(r.result.status), "invalid");
  request.algorithm = Algorithm::kAStar;
  std::mt19937_64 rng(3);
  r = solve_checked(testing::random_walk(6, 6, Goal::kBlankLast, 10, rng), request);
  EXPECT_EQ(r.result.status, Status::kUnsupported);
  request.algorithm = Algorithm::kIdaStar;
  request.heuristic = *parse_heuristic_spec("pdb:1,2,3/4,5,6,7,8,99");
  request.tables.cache.dir = ::testing::TempDir() + "/npuzzle-engine-pdb";
  r = solve_checked(Board::solved(3, 3, Goal::kBlankLast), request);
  EXPECT_EQ(r.result.status, Status::kUnsupported);
  EXPECT_FALSE(r.explanation.empty());
}

// Puzzles from a vector; the sink collects them in the order it is called.
class VectorSource : public BatchSource {
 public:
  explicit VectorSource(std::vector<Board> boards) : boards_(std::move(boards)) {}
  bool next(BatchItem& item) override {
    if (next_ == boards_.size()) return false;
    item.index = next_;
    item.record.id = std::to_string(next_);
    item.record.rows = boards_[next_].rows();
    item.record.cols = boards_[next_].cols();
    item.record.board = boards_[next_];
    ++next_;
    return true;
  }

 private:
  std::vector<Board> boards_;
  std::size_t next_ = 0;
};

class CollectingSink : public BatchSink {
 public:
  void accept(BatchItem& item) override { items.push_back(std::move(item)); }
  std::vector<BatchItem> items;
};

TEST(Pipeline, CustomStagesKeepInputOrderAndNodeCounts) {
  std::mt19937_64 rng(11);
  std::vector<Board> boards;
  for (int i = 0; i < 60; ++i) boards.push_back(testing::random_walk(3, 3, Goal::kBlankLast, 10 + i % 30, rng));
  RunConfig config;
  config.request.heuristic = HeuristicSpec::fixed(HeuristicKind::kManhattan);
  std::vector<std::vector<BatchItem>> runs;
  for (int threads : {1, 2}) {
    VectorSource source(boards);
    CollectingSink sink;
    std::atomic<bool> stop{false};
    run_pipeline(
        source, [&](BatchItem& item) { solve_item(item, config, Goal::kBlankLast); }, sink, threads, stop);
    ASSERT_EQ(sink.items.size(), boards.size());
    for (std::size_t i = 0; i < boards.size(); ++i) {
      ASSERT_EQ(sink.items[i].index, i);
      ASSERT_EQ(sink.items[i].report.result.status, Status::kOptimal);
      ASSERT_EQ(check_solution(boards[i], sink.items[i].report.result.moves, Goal::kBlankLast), "");
    }
    runs.push_back(std::move(sink.items));
  }
  for (std::size_t i = 0; i < boards.size(); ++i) {
    EXPECT_EQ(runs[0][i].row.expanded, runs[1][i].row.expanded);
    EXPECT_EQ(runs[0][i].row.generated, runs[1][i].row.generated);
    EXPECT_EQ(runs[0][i].row.solution, runs[1][i].row.solution);
  }
  // Stopping intake: nothing is taken after the flag is up.
  VectorSource source(boards);
  CollectingSink sink;
  std::atomic<bool> stop{true};
  run_pipeline(source, [&](BatchItem& item) { solve_item(item, config, Goal::kBlankLast); }, sink, 2, stop);
  EXPECT_TRUE(sink.items.empty());
}

class BatchLibrary : public Cli {
 protected:
  // A batch of in.txt (written from `text`) into out.csv.
  BatchConfig config_for(const std::string& text, int threads, HeuristicKind heuristic) {
    spit(path("in.txt"), text);
    BatchConfig config;
    config.input = path("in.txt");
    config.output = path("out.csv");
    config.threads = threads;
    config.run.request.heuristic = HeuristicSpec::fixed(heuristic);
    return config;
  }
};

// run_batch in-process: no signal handler is installed, the summary's
// totals are the CSV's column sums, and the events are heard.
TEST_F(BatchLibrary, RunsWithoutProcessWideEffects) {
  std::string text = "# goal: blank-last\n";
  std::mt19937_64 rng(5);
  for (int i = 0; i < 40; ++i) {
    const Board b = testing::random_walk(3, 3, Goal::kBlankLast, 20, rng);
    for (auto t : b.tiles()) text += std::to_string(t) + " ";
    text += "\n";
  }
  text += "1 2 3 4 5 6 7 8 8\n";  // invalid
  const BatchConfig config = config_for(text, 2, HeuristicKind::kLinearConflict);
  BatchControl control;
  std::mutex mutex;
  std::vector<std::string> messages;
  std::atomic<int> done{0};
  std::optional<std::uint64_t> announced;
  BatchEvents events;
  events.message = [&](const std::string& m) {
    std::lock_guard lock(mutex);
    messages.push_back(m);
  };
  events.to_solve = [&](std::optional<std::uint64_t> n) { announced = n; };
  bool handlers_untouched = true;
  events.puzzle_done = [&] {
    struct sigaction current {};
    sigaction(SIGINT, nullptr, &current);
    if (current.sa_handler != SIG_DFL) handlers_untouched = false;
    ++done;
  };
  struct sigaction before {};
  sigaction(SIGINT, nullptr, &before);
  ASSERT_EQ(before.sa_handler, SIG_DFL);
  const BatchSummary s = run_batch(config, control, events);
  EXPECT_TRUE(handlers_untouched);
  EXPECT_TRUE(s.setup_error.empty()) << s.setup_error;
  EXPECT_EQ(s.puzzles, 41u);
  EXPECT_EQ(s.valid_puzzles, 40u);
  EXPECT_EQ(s.count(Status::kOptimal), 40u);
  EXPECT_EQ(s.count(Status::kInvalid), 1u);
  EXPECT_EQ(done.load(), 41);
  ASSERT_TRUE(announced);
  EXPECT_EQ(*announced, 41u);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_NE(messages[0].find(path("in.txt") + ":42: "), std::string::npos) << messages[0];
  const auto rows = read_csv(slurp(path("out.csv")));
  ASSERT_EQ(rows.size(), 41u);
  std::uint64_t expanded = 0, generated = 0;
  for (const auto& row : rows) {
    expanded += std::stoull(row[kExpanded]);
    generated += std::stoull(row[kGenerated]);
  }
  EXPECT_EQ(s.expanded, expanded);
  EXPECT_EQ(s.generated, generated);
  EXPECT_FALSE(s.interrupted);
  // The same rows as the CLI writes for the same input and options.
  const CliResult cli = npuzzle("batch --no-progress --threads 2 --heuristic linear-conflict -i " +
                                quote(path("in.txt")) + " -o " + quote(path("cli.csv")));
  EXPECT_EQ(cli.code, 1) << cli.err;
  const auto cli_rows = read_csv(slurp(path("cli.csv")));
  ASSERT_EQ(cli_rows.size(), rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    for (int col : {kId, kStatus, kLength, kExpanded, kGenerated, kSolution}) EXPECT_EQ(rows[i][col], cli_rows[i][col]);
  }
}

// Raising the caller's flags stops intake and cancels the search in flight;
// its row is left for --resume, and the summary says so.
TEST_F(BatchLibrary, CallerStopsTheRun) {
  const auto korf = testing::korf100();
  std::string text = "# goal: blank-first\n";
  for (int i : {0, 1, 2}) {
    text += std::to_string(korf[i].id);
    for (auto t : korf[i].tiles) text += " " + std::to_string(t);
    text += "\n";
  }
  const BatchConfig config = config_for(text, 1, HeuristicKind::kManhattan);
  BatchControl control;
  BatchEvents events;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    control.stop_intake.store(true);
    control.cancel.store(true);
  });
  const BatchSummary s = run_batch(config, control, events);
  stopper.join();
  EXPECT_TRUE(s.interrupted);
  EXPECT_EQ(s.solved_now, 0u);  // Korf #1 with Manhattan takes far longer than 0.3 s
  EXPECT_EQ(s.unfinished, 3u);  // every puzzle either cancelled in flight or never read
  EXPECT_TRUE(read_csv(slurp(path("out.csv"))).empty());
  EXPECT_NE(slurp(path("out.csv.json")).find("\"state\": \"interrupted\""), std::string::npos);
}

// Parallel IDA* (search/parallel_ida_star.h) through the engine and the
// batch, small enough to run under TSan (scripts/test.sh runs engine_test
// there): searches split over 2 threads give the one-thread answer and node
// counts, and a batch that splits its tail writes the CSV of a one-thread
// batch. Ground truth for the lengths: Korf's published ones.
TEST(IntraParallel, SplitSearchesMatchTheOneThreadSearch) {
  auto korf = testing::korf100();
  std::sort(korf.begin(), korf.end(), [](const testing::KorfInstance& a, const testing::KorfInstance& b) {
    return a.published_ida_nodes < b.published_ida_nodes;
  });
  SolveRequest request;
  request.goal = Goal::kBlankFirst;
  request.heuristic = HeuristicSpec::fixed(HeuristicKind::kLinearConflict);
  SolveRequest split = request;
  split.intra_parallel = true;
  oneapi::tbb::task_arena arena(2);
  for (int i = 0; i < 2; ++i) {
    const testing::KorfInstance& k = korf[static_cast<std::size_t>(i)];
    SCOPED_TRACE("Korf #" + std::to_string(k.id));
    const Board b(4, 4, k.tiles);
    SolveReport p;
    arena.execute([&] { p = solve_checked(b, split); });
    ASSERT_EQ(p.result.status, Status::kOptimal);  // solve_checked replays it
    EXPECT_EQ(p.result.length, k.optimal_length);
    const SolveReport s = solve_checked(b, request);
    EXPECT_EQ(p.result.moves, s.result.moves);
    EXPECT_EQ(p.result.expanded, s.result.expanded);
    EXPECT_EQ(p.result.generated, s.result.generated);
  }
}

TEST_F(BatchLibrary, SplitTailWritesTheOneThreadCsv) {
  auto korf = testing::korf100();
  std::sort(korf.begin(), korf.end(), [](const testing::KorfInstance& a, const testing::KorfInstance& b) {
    return a.published_ida_nodes < b.published_ida_nodes;
  });
  std::string text = "# goal: blank-first\n";
  for (int i : {0, 1, 3, 2}) {  // the hardest of the four last
    text += std::to_string(korf[static_cast<std::size_t>(i)].id);
    for (auto t : korf[static_cast<std::size_t>(i)].tiles) text += " " + std::to_string(t);
    text += "\n";
  }
  std::vector<std::vector<std::vector<std::string>>> runs;
  // One thread; two with the tail split; two with every puzzle split.
  const std::tuple<int, int, bool> settings[] = {{1, 1, false}, {2, 1, true}, {2, 2, false}};
  for (const auto& [threads, intra, tail] : settings) {
    BatchConfig config = config_for(text, threads, HeuristicKind::kLinearConflict);
    config.intra_threads = intra;
    config.tail_parallel = tail;
    BatchControl control;
    const BatchSummary s = run_batch(config, control);
    EXPECT_EQ(s.count(Status::kOptimal), 4u);
    runs.push_back(read_csv(slurp(path("out.csv"))));
  }
  for (std::size_t r = 1; r < runs.size(); ++r) {
    ASSERT_EQ(runs[r].size(), runs[0].size());
    for (std::size_t i = 0; i < runs[0].size(); ++i) {
      for (int col : {kId, kStatus, kLength, kLowerBound, kExpanded, kGenerated, kSolution}) {
        EXPECT_EQ(runs[r][i][col], runs[0][i][col]) << "run " << r << ", row " << i << ", column " << col;
      }
    }
  }
}

}  // namespace
}  // namespace npuzzle
