// The engine as a library: the compact move sequence, the registry of
// names, the checked solve call, and the batch and its pipeline called
// in-process with stages of the caller's own. Ground truth: exhaustive BFS
// distances, the parity rule, replay, and the CSV the CLI writes.
#include <gtest/gtest.h>
#include <oneapi/tbb/task_arena.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <thread>
#include <tuple>

#include "batch/batch.h"
#include "cli/notices.h"
#include "cli/options.h"
#include "cli_support.h"
#include "core/ranking.h"
#include "core/replay.h"
#include "core/solvability.h"
#include "search/budget.h"
#include "search/engine.h"
#include "heuristics/kernel_rows.h"
#include "heuristics/pick.h"
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
  // One example of each row's form: its placeholders filled in.
  const auto example = [](std::string name) {
    for (const auto& [form, spec] : {std::pair<std::string, std::string>{"pick(A,B)", "pick(pdb:555,zpdb:663)"},
                                     {"zpdb:SPEC", "zpdb:663"}, {"pdb:SPEC", "pdb:555"}, {"cat:NAME", "cat:663x3"}}) {
      for (std::size_t at; (at = name.find(form)) != std::string::npos;) {
        // "pdb:SPEC" inside "zpdb:SPEC" is filled by the first form already.
        name.replace(at, form.size(), spec);
      }
    }
    return name;
  };
  std::set<const HeuristicRow*> seen;
  std::string names = "auto";
  const auto& rows = heuristic_rows();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const HeuristicRow* row = rows[i];
    const std::string listed(row->name);
    const std::string name = example(listed);
    const auto spec = parse_heuristic_spec(name);
    ASSERT_TRUE(spec) << name;
    EXPECT_EQ(spec->row, row) << name;
    EXPECT_EQ(find_heuristic_row(name), row) << name;
    EXPECT_EQ(spec->text, name);
    EXPECT_NE(heuristic_help().find(listed + ": "), std::string::npos) << listed;
    EXPECT_FALSE(row->help.empty()) << listed;
    EXPECT_FALSE(row->documentation.empty()) << listed;
    EXPECT_TRUE(row->names && row->size_problem && row->load) << listed;
    EXPECT_TRUE(seen.insert(row).second) << listed << " is listed twice";
    names += (i + 1 == rows.size() ? " or " : ", ") + listed;
  }
  // Every kernel row (heuristics/kernel_rows.h) is listed.
  for (const HeuristicRow* row : {&HammingRow::row(), &ManhattanRow::row(), &LinearConflictRow::row(),
                                  &ExactRow::row(), &PdbRow::row(), &ZeroAwarePdbRow::row(), &CatalogueRow::row()}) {
    EXPECT_EQ(seen.count(row), 1u) << row->name;
  }
  EXPECT_EQ(heuristic_names(), names);
  EXPECT_EQ(heuristic_names().rfind("auto, hamming, manhattan, linear-conflict, ", 0), 0u) << heuristic_names();
  EXPECT_NE(heuristic_help().find("auto: "), std::string::npos);
  EXPECT_FALSE(parse_heuristic_spec("manhatan"));
  EXPECT_EQ(find_heuristic_row("manhatan"), nullptr);
  EXPECT_THROW(heuristic_spec("manhatan"), std::invalid_argument);
  EXPECT_FALSE(parse_algorithm("bfs"));
  EXPECT_EQ(list_choice_names(algorithm_choices()), "ida, astar or phased");
  EXPECT_EQ(parse_heuristic_spec("pdb:663")->label(true), "pdb:663");
  EXPECT_EQ(parse_heuristic_spec("pdb:663")->label(false), "pdb:663/no-reflect");
  EXPECT_EQ(parse_heuristic_spec("manhattan")->label(false), "manhattan");
  EXPECT_EQ(parse_heuristic_spec("auto")->label(true), "auto");
  EXPECT_TRUE(parse_heuristic_spec("auto")->is_auto());
  EXPECT_EQ(parse_heuristic_spec("manhattan")->row, &ManhattanRow::row());
  EXPECT_EQ(parse_heuristic_spec("lc")->row, &LinearConflictRow::row());
  EXPECT_EQ(heuristic_spec("pdb:663").row, &PdbRow::row());
  EXPECT_EQ(heuristic_spec("zpdb:663").row, &ZeroAwarePdbRow::row());
  EXPECT_EQ(heuristic_spec("cat:663x3").row, &CatalogueRow::row());
}

// `auto` without tables: the exact table on boards of up to 10 cells, linear
// conflict where its tables fit, Manhattan on longer lines; the stronger
// choices that need a build are named (the CLI words them as a notice), for
// the shapes that have PDBs. A pure function: the same answer every time.
TEST(Registry, AutoWithoutTables) {
  pdb::AdditiveOptions tables;
  tables.cache.dir = ::testing::TempDir() + "/npuzzle-no-tables";
  const HeuristicSpec spec = HeuristicSpec::automatic();
  EXPECT_EQ(resolve_heuristic(spec, 3, 3, Goal::kBlankLast, tables).heuristic.label, "exact");
  EXPECT_EQ(resolve_heuristic(spec, 2, 5, Goal::kBlankLast, tables).heuristic.label, "exact");
  EXPECT_EQ(resolve_heuristic(spec, 3, 4, Goal::kBlankLast, tables).heuristic.label, "linear-conflict");
  EXPECT_EQ(resolve_heuristic(spec, 8, 8, Goal::kBlankLast, tables).heuristic.label, "manhattan");
  const Resolution small = resolve_heuristic(spec, 3, 3, Goal::kBlankLast, tables);
  ASSERT_TRUE(small.auto_choice);
  EXPECT_EQ(small.auto_choice->spec, "exact");
  EXPECT_EQ(small.auto_choice->row, &ExactRow::row());
  EXPECT_TRUE(small.auto_choice->stronger.empty());
  EXPECT_EQ(cli::auto_notice(3, 3, Goal::kBlankLast, *small.auto_choice), "") << "nothing to say for 3x3";
  for (int repeat = 0; repeat < 2; ++repeat) {
    const Resolution first = resolve_heuristic(spec, 4, 4, Goal::kBlankFirst, tables);
    ASSERT_EQ(first.error, "");
    EXPECT_EQ(first.heuristic.row, &LinearConflictRow::row());
    EXPECT_EQ(first.heuristic.rows, 4);
    EXPECT_EQ(first.heuristic.goal, Goal::kBlankFirst);
    ASSERT_TRUE(first.auto_choice);
    EXPECT_EQ(first.auto_choice->spec, "linear-conflict");
    EXPECT_EQ(first.auto_choice->label, "linear-conflict");
    std::vector<std::string> stronger;
    for (const AutoOffer& offer : first.auto_choice->stronger) {
      EXPECT_FALSE(offer.ready) << offer.spec;
      EXPECT_EQ(offer.build_cost.rfind("about ", 0) == 0 || offer.build_cost.rfind("under ", 0) == 0, true)
          << offer.build_cost;
      stronger.push_back(offer.spec);
    }
    // The 4x4 pattern databases, strongest first, ahead of the zero-aware and catalogue rows' (5x5 only).
    EXPECT_EQ(stronger, (std::vector<std::string>{"pdb:78", "pdb:663", "pdb:555"}));
    EXPECT_TRUE(first.auto_choice->skipped.empty());
    const std::string notice = cli::auto_notice(4, 4, Goal::kBlankFirst, *first.auto_choice);
    EXPECT_NE(notice.find("npuzzle pdb build pdb:663 --goal blank-first"), std::string::npos) << notice;
  }
  // Resolving never builds: nothing was written to the cache directory.
  EXPECT_FALSE(std::filesystem::exists(tables.cache.dir) && !std::filesystem::is_empty(tables.cache.dir));
}

// Exhaustive ground truth: every 3x3 board at BFS distance 31 and a sample
// at 20 come back optimal at their distance through the checked call, and
// every unsolvable board names the goal that solves it.
TEST(Engine, SolveCheckedAgreesWithBfs) {
  const Goal goal = Goal::kBlankLast;
  const auto distance = bfs_distances(3, 3, goal);
  SolveRequest request;
  request.goal = goal;
  request.heuristic = heuristic_spec("linear-conflict");
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
  EXPECT_EQ(k.explanation, "unsolvable for the blank-last goal (it is solvable for blank-first)");
  // In the CLI's words.
  const SolveReport worded = solve_checked(korf, request, cli::cli_vocabulary());
  EXPECT_EQ(worded.result.status, Status::kUnsolvable);
  EXPECT_EQ(worded.explanation,
            "unsolvable for the blank-last goal (it is solvable for blank-first: --goal blank-first)");
  EXPECT_EQ(unsolvable_explanation(Goal::kBlankFirst, Goal::kBlankLast, cli::cli_vocabulary()),
            "unsolvable for the blank-first goal (it is solvable for blank-last: --goal blank-last)");
  EXPECT_EQ(unsolvable_explanation(Goal::kBlankFirst, std::nullopt, cli::cli_vocabulary()),
            "unsolvable for the blank-first goal");
}

// The overload that takes a heuristic resolved already (a batch resolves
// once per shape): the report carries the resolution's label and auto's
// choice, and a resolution that failed is the report's explanation.
TEST(Engine, SolveCheckedTakesAResolution) {
  SolveRequest request;  // auto
  request.tables.cache.dir = ::testing::TempDir() + "/npuzzle-no-tables";
  const Board b(3, 3, {1, 2, 3, 4, 5, 6, 0, 7, 8});
  const Resolution resolution = resolve_heuristic(request.heuristic, 3, 3, request.goal, request.tables);
  ASSERT_EQ(resolution.error, "");
  const SolveReport r = solve_checked(b, request, resolution);
  EXPECT_EQ(r.result.status, Status::kOptimal);
  EXPECT_EQ(r.result.length, 2);
  EXPECT_EQ(r.heuristic, "exact");
  ASSERT_TRUE(r.auto_choice);
  EXPECT_EQ(r.auto_choice->spec, "exact");
  // The same through the call that resolves itself.
  const SolveReport direct = solve_checked(b, request);
  EXPECT_EQ(direct.heuristic, "exact");
  ASSERT_TRUE(direct.auto_choice);
  EXPECT_EQ(direct.result.moves, r.result.moves);
  EXPECT_EQ(direct.result.expanded, r.result.expanded);
  // A named heuristic has no auto choice.
  request.heuristic = heuristic_spec("manhattan");
  const SolveReport named = solve_checked(b, request);
  EXPECT_EQ(named.heuristic, "manhattan");
  EXPECT_FALSE(named.auto_choice);
  // A failed resolution.
  Resolution failed;
  failed.error = "the table could not be had";
  const SolveReport refused = solve_checked(b, request, failed);
  EXPECT_EQ(refused.result.status, Status::kUnsupported);
  EXPECT_EQ(refused.explanation, "the table could not be had");
  EXPECT_EQ(refused.heuristic, "manhattan");
  // A resolution for another shape is refused, not run.
  const Resolution other = resolve_heuristic(request.heuristic, 4, 4, request.goal, request.tables);
  const SolveReport mismatched = solve_checked(b, request, other);
  EXPECT_EQ(mismatched.result.status, Status::kUnsupported);
  EXPECT_NE(mismatched.explanation.find("4x4"), std::string::npos) << mismatched.explanation;
}

TEST(Engine, UnsupportedRequestsAreNotInvalidInput) {
  SolveRequest request;
  request.heuristic = heuristic_spec("manhattan");
  const Board big = Board::solved(9, 9, Goal::kBlankLast);  // 81 cells: above the kernels' 64
  SolveReport r = solve_checked(big, request);
  EXPECT_EQ(r.result.status, Status::kUnsupported);
  EXPECT_NE(r.explanation.find("at most 64 cells"), std::string::npos) << r.explanation;
  ASSERT_TRUE(r.problem);
  EXPECT_EQ(r.problem->code, RequestProblem::Code::kTooManyCells);
  EXPECT_EQ(r.explanation,
            "optimal search supports boards of at most 64 cells; 9x9 has 81 (the phased algorithm solves any size, "
            "not optimally)");
  EXPECT_EQ(csv_status_name(r.result.status), "invalid");
  // In the CLI's words.
  r = solve_checked(big, request, cli::cli_vocabulary());
  EXPECT_EQ(r.explanation,
            "optimal search supports boards of at most 64 cells; 9x9 has 81 (--algorithm phased solves any size, "
            "not optimally)");
  request.algorithm = Algorithm::kAStar;
  std::mt19937_64 rng(3);
  r = solve_checked(testing::random_walk(6, 6, Goal::kBlankLast, 10, rng), request);
  EXPECT_EQ(r.result.status, Status::kUnsupported);
  ASSERT_TRUE(r.problem);
  EXPECT_EQ(r.problem->code, RequestProblem::Code::kAStarTooManyCells);
  request.algorithm = Algorithm::kIdaStar;
  request.heuristic = *parse_heuristic_spec("pdb:1,2,3/4,5,6,7,8,99");
  request.tables.cache.dir = ::testing::TempDir() + "/npuzzle-engine-pdb";
  r = solve_checked(Board::solved(3, 3, Goal::kBlankLast), request);
  EXPECT_EQ(r.result.status, Status::kUnsupported);
  EXPECT_FALSE(r.explanation.empty());
  // A table that is not built is not built by solving: unsupported, with the reason.
  request.heuristic = heuristic_spec("pdb:1,2,3,4/5,6,7,8");
  r = solve_checked(Board::solved(3, 3, Goal::kBlankLast), request);
  EXPECT_EQ(r.result.status, Status::kUnsupported);
  EXPECT_FALSE(r.explanation.empty());
  EXPECT_EQ(r.heuristic, "pdb:1,2,3,4/5,6,7,8");
  EXPECT_FALSE(
      tables_to_build(request.heuristic, 3, 3, Goal::kBlankLast, request.tables).empty());
  // Once the build step has run, the same request solves.
  build_tables(request.heuristic, 3, 3, Goal::kBlankLast, request.tables);
  EXPECT_TRUE(tables_to_build(request.heuristic, 3, 3, Goal::kBlankLast, request.tables).empty());
  r = solve_checked(Board(3, 3, {1, 2, 3, 4, 5, 6, 7, 0, 8}), request);
  EXPECT_EQ(r.result.status, Status::kOptimal) << r.explanation;
  EXPECT_EQ(r.result.length, 1);
  std::filesystem::remove_all(request.tables.cache.dir);
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
  BatchConfig config;
  config.request.heuristic = heuristic_spec("manhattan");
  BatchControl control;
  std::vector<std::vector<BatchItem>> runs;
  for (int threads : {1, 2}) {
    VectorSource source(boards);
    CollectingSink sink;
    std::atomic<bool> stop{false};
    const ItemSolver solver(config, Goal::kBlankLast, threads, control);
    run_pipeline(source, [&](BatchItem& item) { solver.solve(item); }, sink, threads, stop);
    ASSERT_EQ(sink.items.size(), boards.size());
    for (std::size_t i = 0; i < boards.size(); ++i) {
      ASSERT_EQ(sink.items[i].index, i);
      ASSERT_EQ(sink.items[i].report.result.status, Status::kOptimal);
      ASSERT_EQ(check_solution(boards[i], sink.items[i].report.result.moves, Goal::kBlankLast), "");
      EXPECT_EQ(sink.items[i].report.heuristic, "manhattan");
      EXPECT_FALSE(sink.items[i].kept);
    }
    runs.push_back(std::move(sink.items));
  }
  for (std::size_t i = 0; i < boards.size(); ++i) {
    EXPECT_EQ(runs[0][i].report.result.expanded, runs[1][i].report.result.expanded);
    EXPECT_EQ(runs[0][i].report.result.generated, runs[1][i].report.result.generated);
    EXPECT_EQ(runs[0][i].report.result.moves, runs[1][i].report.result.moves);
    // The rows the sink makes of them agree too.
    const ResultRow a = result_row(runs[0][i], config.request, "S");
    const ResultRow b = result_row(runs[1][i], config.request, "S");
    for (std::size_t c = 0; c < kResultColumns; ++c) {
      if (kResultColumnNames[c] != "seconds") {
        EXPECT_EQ(a.field(c), b.field(c)) << kResultColumnNames[c];
      }
    }
    EXPECT_EQ(a.status, "optimal");
    EXPECT_EQ(a.length, std::to_string(runs[0][i].report.result.length));
    EXPECT_EQ(a.lower_bound, a.length);
    EXPECT_EQ(a.algorithm, "ida");
    EXPECT_EQ(a.heuristic, "manhattan");
    EXPECT_EQ(a.solution, "S");
    EXPECT_EQ(item_message(runs[0][i], neutral_vocabulary()), "");
  }
  // Stopping intake: nothing is taken after the flag is up.
  VectorSource source(boards);
  CollectingSink sink;
  std::atomic<bool> stop{true};
  const ItemSolver solver(config, Goal::kBlankLast, 2, control);
  run_pipeline(source, [&](BatchItem& item) { solver.solve(item); }, sink, 2, stop);
  EXPECT_TRUE(sink.items.empty());
}

// The sink's rows and messages for the statuses that have no solution.
TEST(Pipeline, RowsAndMessagesOfUnsolvedItems) {
  BatchConfig config;
  config.request.heuristic = heuristic_spec("linear-conflict");
  BatchControl control;
  const ItemSolver solver(config, Goal::kBlankLast, 1, control);
  BatchItem unsolvable;
  unsolvable.record.id = "k1";
  unsolvable.record.source = "in.txt";
  unsolvable.record.line = 3;
  unsolvable.record.rows = unsolvable.record.cols = 4;
  unsolvable.record.board = Board(4, 4, testing::korf100()[0].tiles);  // blank-first
  solver.solve(unsolvable);
  EXPECT_EQ(unsolvable.report.result.status, Status::kUnsolvable);
  const ResultRow row = result_row(unsolvable, config.request, "ignored");
  EXPECT_EQ(row.status, "unsolvable");
  EXPECT_EQ(row.length, "");
  EXPECT_EQ(row.lower_bound, "");
  EXPECT_EQ(row.solution, "");
  EXPECT_EQ(row.expanded, "0");
  EXPECT_EQ(row.heuristic, "linear-conflict");
  EXPECT_EQ(item_message(unsolvable, neutral_vocabulary()),
            "in.txt:3: puzzle k1 is unsolvable for the blank-last goal (it is solvable for blank-first)");
  EXPECT_EQ(item_message(unsolvable, cli::cli_vocabulary()),
            "in.txt:3: puzzle k1 is unsolvable for the blank-last goal (it is solvable for blank-first: --goal "
            "blank-first)");
  EXPECT_FALSE(reported_lower_bound(unsolvable.report.result));
  // A board the request does not fit: unsupported, written as invalid, the problem worded per front end.
  BatchItem huge;
  huge.record.id = "big";
  huge.record.source = "in.txt";
  huge.record.line = 4;
  huge.record.rows = huge.record.cols = 9;
  huge.record.board = Board::solved(9, 9, Goal::kBlankLast);
  solver.solve(huge);
  EXPECT_EQ(huge.report.result.status, Status::kUnsupported);
  EXPECT_EQ(result_row(huge, config.request, "").status, "invalid");
  ASSERT_TRUE(huge.report.problem);
  EXPECT_EQ(huge.report.problem->code, RequestProblem::Code::kTooManyCells);
  EXPECT_NE(item_message(huge, cli::cli_vocabulary()).find("in.txt:4: optimal search supports boards of at most 64 "
                                                          "cells; 9x9 has 81 (--algorithm phased"),
            std::string::npos)
      << item_message(huge, cli::cli_vocabulary());
  // A malformed record: its reader's error, as it was.
  BatchItem bad;
  bad.record.id = "x";
  bad.record.error = "in.txt:5: a tile is repeated";
  solver.solve(bad);
  EXPECT_EQ(bad.report.result.status, Status::kInvalid);
  EXPECT_EQ(item_message(bad, cli::cli_vocabulary()), "in.txt:5: a tile is repeated");
  EXPECT_EQ(result_row(bad, config.request, "").status, "invalid");
  // A limit: the proven lower bound is reported.
  SolveResult limited;
  limited.status = Status::kLimit;
  limited.lower_bound = 40;
  EXPECT_EQ(reported_lower_bound(limited), 40);
  limited.lower_bound = -1;
  EXPECT_FALSE(reported_lower_bound(limited));
}

class BatchLibrary : public Cli {
 protected:
  // A batch of in.txt (written from `text`) into out.csv.
  BatchConfig config_for(const std::string& text, int threads, const std::string& heuristic) {
    spit(path("in.txt"), text);
    BatchConfig config;
    config.input = path("in.txt");
    config.output = path("out.csv");
    config.threads = threads;
    config.request.heuristic = heuristic_spec(heuristic);
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
  const BatchConfig config = config_for(text, 2, "linear-conflict");
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

// `auto` is announced once per shape and goal of a run (auto_chosen), as
// the value the CLI words; an explicit table that is missing is built in
// one step before any puzzle is solved (building), and the rows use it.
TEST_F(BatchLibrary, AutoChoicesAndTheBuildStepAreEvents) {
  std::string text = "# goal: blank-last\n";
  std::mt19937_64 rng(8);
  for (int i = 0; i < 6; ++i) {
    const Board b = i % 2 ? testing::random_walk(3, 4, Goal::kBlankLast, 16, rng)
                          : testing::random_walk(3, 3, Goal::kBlankLast, 16, rng);
    text += i % 2 ? "# size: 3x4\n" : "# size: 3x3\n";
    text += "p" + std::to_string(i);
    for (auto t : b.tiles()) text += " " + std::to_string(t);
    text += "\n";
  }
  BatchConfig config = config_for(text, 2, "auto");
  config.request.tables.cache.dir = path("cache");
  std::mutex mutex;
  std::vector<std::string> chosen;
  std::vector<std::string> built;
  BatchEvents events;
  events.auto_chosen = [&](int rows, int cols, Goal goal, const AutoChoice& choice) {
    std::lock_guard lock(mutex);
    chosen.push_back(size_name(rows, cols) + " " + std::string(goal_name(goal)) + " " + choice.label);
  };
  events.building = [&](const std::string& spec, int rows, int cols, Goal goal,
                        const std::vector<std::string>& tables) {
    std::lock_guard lock(mutex);
    built.push_back(spec + " " + size_name(rows, cols) + " " + std::string(goal_name(goal)) + " " +
                    std::to_string(tables.size()));
  };
  {
    BatchControl control;
    const BatchSummary s = run_batch(config, control, events);
    EXPECT_TRUE(s.setup_error.empty()) << s.setup_error;
    EXPECT_EQ(s.count(Status::kOptimal), 6u);
  }
  std::sort(chosen.begin(), chosen.end());
  EXPECT_EQ(chosen, (std::vector<std::string>{"3x3 blank-last exact", "3x4 blank-last linear-conflict"}));
  EXPECT_TRUE(built.empty()) << "auto never builds";
  auto rows = read_csv(slurp(path("out.csv")));
  ASSERT_EQ(rows.size(), 6u);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i][kHeuristic], i % 2 ? "linear-conflict" : "exact");
  }
  // An explicit table for 3x4, missing from the cache: built first, once.
  std::string rect;
  for (const auto& line : lines_of(text)) {
    if (line.rfind("p1 ", 0) == 0 || line.rfind("p3 ", 0) == 0 || line.rfind("p5 ", 0) == 0 ||
        line.rfind("# goal", 0) == 0 || line == "# size: 3x4") {
      rect += line + "\n";
    }
  }
  config = config_for(rect, 2, "pdb:3x4-65");
  config.request.tables.cache.dir = path("cache");
  chosen.clear();
  {
    BatchControl control;
    const BatchSummary s = run_batch(config, control, events);
    EXPECT_TRUE(s.setup_error.empty()) << s.setup_error;
    EXPECT_EQ(s.count(Status::kOptimal), 3u);
  }
  EXPECT_EQ(built, (std::vector<std::string>{"pdb:3x4-65 3x4 blank-last 2"}));
  EXPECT_TRUE(chosen.empty());
  rows = read_csv(slurp(path("out.csv")));
  ASSERT_EQ(rows.size(), 3u);
  for (const auto& row : rows) EXPECT_EQ(row[kHeuristic], "pdb:3x4-65");
  // Now cached: auto takes it for 3x4 in this same process, and nothing is built.
  config = config_for(text, 2, "auto");
  config.request.tables.cache.dir = path("cache");
  built.clear();
  {
    BatchControl control;
    run_batch(config, control, events);
  }
  std::sort(chosen.begin(), chosen.end());
  EXPECT_EQ(chosen, (std::vector<std::string>{"3x3 blank-last exact", "3x4 blank-last pdb:3x4-65"}));
  EXPECT_TRUE(built.empty());
  rows = read_csv(slurp(path("out.csv")));
  ASSERT_EQ(rows.size(), 6u);
  for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(rows[i][kHeuristic], i % 2 ? "pdb:3x4-65" : "exact");
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
  const BatchConfig config = config_for(text, 1, "manhattan");
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
  request.heuristic = heuristic_spec("linear-conflict");
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
    BatchConfig config = config_for(text, threads, "linear-conflict");
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


// pick(A,B)'s spec: the two heuristics (a partition's commas are not a
// split), the options, and what is not one.
TEST(Pick, ParsesItsSpec) {
  auto p = parse_pick("pick(zpdb:6666,cat:small,cost=3)");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->first, "zpdb:6666");
  EXPECT_EQ(p->second, "cat:small");
  EXPECT_EQ(p->cost, 3);
  EXPECT_EQ(p->probe, 8'000'000u);
  p = parse_pick("pick(pdb:1,2,3/4,5,6/7,8,linear-conflict,probe=100,cost=2.5)");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->first, "pdb:1,2,3/4,5,6/7,8");
  EXPECT_EQ(p->second, "linear-conflict");
  EXPECT_EQ(p->cost, 2.5);
  EXPECT_EQ(p->probe, 100u);
  for (const char* bad : {"pick(manhattan)", "pick(manhattan,nothing)", "pick(manhattan,linear-conflict",
                          "pick(manhattan,linear-conflict,cost=0)", "pick(manhattan,linear-conflict,cost=-1)",
                          "pick(manhattan,linear-conflict,cost=2,cost=3)", "pick(manhattan,linear-conflict,probe=0)",
                          "pick(auto,manhattan)", "pick(pick(manhattan,hamming),linear-conflict)", "pick()"}) {
    EXPECT_FALSE(parse_pick(bad)) << bad;
    EXPECT_FALSE(parse_heuristic_spec(bad)) << bad;
  }
  const auto spec = parse_heuristic_spec("pick(manhattan,linear-conflict)");
  ASSERT_TRUE(spec);
  EXPECT_EQ(spec->row, &PickRow::row());
  // Unweighted IDA* only.
  SolveRequest request;
  request.goal = Goal::kBlankFirst;
  request.heuristic = *spec;
  request.algorithm = Algorithm::kAStar;
  const Board korf(4, 4, testing::korf100()[78].tiles);
  SolveReport r = solve_checked(korf, request);
  EXPECT_EQ(r.result.status, Status::kUnsupported);
  ASSERT_TRUE(r.problem);
  EXPECT_EQ(r.problem->code, RequestProblem::Code::kPickWithoutPlainIda);
  request.algorithm = Algorithm::kIdaStar;
  request.weight = 1.5;
  r = solve_checked(korf, request);
  EXPECT_EQ(r.result.status, Status::kUnsupported);
}

// pick(manhattan,linear-conflict) on the easiest of Korf's 100: the search
// goes on with the heuristic the probe foretells, by the rule worked out
// here from each heuristic's own iterations, and the result is that
// heuristic's searching alone: the published length, and with Manhattan
// Korf's published node count (generated + 1). Both choices are made.
// Split over 2 threads too (the parallel kernel's end of the probe).
TEST(Pick, GoesOnWithTheForetoldHeuristicAndItsOwnCounts) {
  const auto korf = testing::korf100();
  constexpr std::uint64_t kProbe = 20'000;
  std::map<std::string, int> chosen;
  oneapi::tbb::task_arena arena(2);
  for (int id : {79, 12, 55, 97}) {
    const testing::KorfInstance& k = korf[static_cast<std::size_t>(id - 1)];
    ASSERT_EQ(k.id, id);
    SCOPED_TRACE("Korf #" + std::to_string(id));
    const Board board(4, 4, k.tiles);
    struct Alone {
      std::vector<IterationDone> iterations;
      SolveResult result;
    };
    const auto alone = [&](const char* name) {
      SolveRequest request;
      request.goal = Goal::kBlankFirst;
      request.heuristic = heuristic_spec(name);
      Alone a;
      request.limits.on_iteration = [&](const IterationDone& done) { a.iterations.push_back(done); };
      a.result = solve_checked(board, request).result;
      EXPECT_EQ(a.result.length, k.optimal_length) << name;
      return a;
    };
    const Alone manhattan = alone("manhattan");
    const Alone conflict = alone("linear-conflict");
    EXPECT_EQ(manhattan.result.generated + 1, k.published_ida_nodes);
    for (int cost : {1, 3, 100}) {
      SCOPED_TRACE("cost " + std::to_string(cost));
      // The rule: Manhattan to the end of the iteration that takes it to
      // kProbe expansions, linear-conflict to its first iteration at or
      // above that bound, then the one whose nodes (at their cost) are fewer.
      std::string expected = "manhattan";
      const auto a = std::find_if(manhattan.iterations.begin(), manhattan.iterations.end(),
                                  [&](const IterationDone& d) { return d.expanded >= kProbe; });
      if (a != manhattan.iterations.end()) {
        const auto b = std::find_if(conflict.iterations.begin(), conflict.iterations.end(),
                                    [&](const IterationDone& d) { return d.bound >= a->bound; });
        if (b == conflict.iterations.end() || static_cast<double>(b->expanded) * cost < static_cast<double>(a->expanded)) {
          expected = "linear-conflict";
        }
      }
      const SolveResult& own = expected == "manhattan" ? manhattan.result : conflict.result;
      SolveRequest request;
      request.goal = Goal::kBlankFirst;
      request.heuristic = heuristic_spec("pick(manhattan,linear-conflict,cost=" + std::to_string(cost) +
                                         ",probe=" + std::to_string(kProbe) + ")");
      for (bool split : {false, true}) {
        request.intra_parallel = split;
        const SolveReport r = arena.execute([&] { return solve_checked(board, request); });
        ASSERT_EQ(r.result.status, Status::kOptimal) << r.explanation;
        EXPECT_EQ(r.result.length, k.optimal_length);
        EXPECT_EQ(check_solution(board, r.result.moves, Goal::kBlankFirst), "");
        EXPECT_EQ(r.heuristic, expected);
        EXPECT_EQ(r.result.expanded, own.expanded);
        EXPECT_EQ(r.result.generated, own.generated);
        ++chosen[r.heuristic];
      }
    }
  }
  EXPECT_GT(chosen["manhattan"], 0);
  EXPECT_GT(chosen["linear-conflict"], 0);
}

// The request's limits hold across the probes and the search: a node
// limit ends it as a limit, and a checkpoint of the chosen search resumes.
TEST(Pick, LimitsHoldAndACheckpointResumes) {
  const auto korf = testing::korf100();
  const testing::KorfInstance& k = korf[1];  // #2: 15 M nodes with Manhattan
  const Board board(4, 4, k.tiles);
  SolveRequest request;
  request.goal = Goal::kBlankFirst;
  request.heuristic = heuristic_spec("pick(manhattan,linear-conflict,cost=100,probe=20000)");
  request.limits.max_nodes = 1'000'000;
  const SolveReport limited = solve_checked(board, request);
  EXPECT_EQ(limited.result.status, Status::kLimit);
  EXPECT_EQ(limited.heuristic, "manhattan");
  EXPECT_LE(limited.result.expanded, 1'000'000u + Budget::kCheckInterval);
  EXPECT_GE(limited.result.lower_bound, k.manhattan);
  EXPECT_LT(limited.result.lower_bound, k.optimal_length);
  // A checkpoint written by the limited run (with the chosen heuristic's
  // counts), then resumed to the end: Manhattan's published count.
  const std::string checkpoint =
      (std::filesystem::temp_directory_path() / ("npuzzle_pick_" + std::to_string(::getpid()) + ".ckpt")).string();
  std::filesystem::remove(checkpoint);
  request.checkpoint = checkpoint;
  const SolveReport first = solve_checked(board, request);
  EXPECT_EQ(first.result.status, Status::kLimit);
  EXPECT_TRUE(std::filesystem::exists(checkpoint));
  request.limits.max_nodes = 0;
  const SolveReport resumed = solve_checked(board, request);
  ASSERT_EQ(resumed.result.status, Status::kOptimal) << resumed.explanation;
  ASSERT_TRUE(resumed.resumed_at);
  EXPECT_EQ(resumed.heuristic, "manhattan");
  EXPECT_EQ(resumed.result.length, k.optimal_length);
  EXPECT_EQ(resumed.result.generated + 1, k.published_ida_nodes);
  EXPECT_FALSE(std::filesystem::exists(checkpoint));
}

}  // namespace
}  // namespace npuzzle
