// Pattern databases for rectangles, against ground truth: exhaustive BFS of
// small rectangles (tools/bfs.h) and the exhaustive 3x4/4x3 BFS of
// scripts/bfs_3x4.sh (datasets/3x4_sample.tsv, 4x3_sample.tsv: 1,000
// uniformly random states each, with their distances).
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/ranking.h"
#include "core/replay.h"
#include "heuristics/heuristic.h"
#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/builder.h"
#include "heuristics/tile_tables.h"
#include "cli/notices.h"
#include "heuristics/kernel_rows.h"
#include "heuristics/pdb/additive_cache.h"
#include "heuristics/registry.h"
#include "search/solver.h"
#include "test_support.h"
#include "tools/bfs.h"

namespace npuzzle {
namespace {

namespace fs = std::filesystem;
using pdb::AdditiveOptions;

constexpr Goal kGoals[] = {Goal::kBlankLast, Goal::kBlankFirst};

class TempDir {
 public:
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "npuzzle-rect-test-XXXXXX").string();
    path_ = ::mkdtemp(tmpl.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

struct Named {
  const char* spec;
  int rows;
  int cols;
};
void PrintTo(const Named& n, std::ostream* os) { *os << n.spec; }

constexpr Named kRectangles[] = {{"pdb:3x4-65", 3, 4},   {"pdb:4x3-65", 4, 3},   {"pdb:3x5-77", 3, 5},
                                 {"pdb:5x3-77", 5, 3},   {"pdb:3x6-665", 3, 6},  {"pdb:6x3-665", 6, 3},
                                 {"pdb:2x8-654", 2, 8},  {"pdb:8x2-654", 8, 2},  {"pdb:4x5-6544", 4, 5},
                                 {"pdb:5x4-6544", 5, 4}};

TEST(RectanglePartitions, EachCoversEveryTileOnceForBothGoals) {
  for (const Named& n : kRectangles) {
    EXPECT_EQ(pdb::named_spec_size(n.spec), std::make_pair(n.rows, n.cols)) << n.spec;
    for (Goal goal : kGoals) {
      std::vector<int> all;
      for (const auto& part : pdb::partition_tiles(n.spec, n.rows, n.cols, goal)) {
        EXPECT_LE(part.size(), 7u) << n.spec << ": tables stay under about 33 million entries";
        all.insert(all.end(), part.begin(), part.end());
      }
      std::sort(all.begin(), all.end());
      std::vector<int> tiles(static_cast<std::size_t>(n.rows * n.cols - 1));
      for (std::size_t i = 0; i < tiles.size(); ++i) tiles[i] = static_cast<int>(i) + 1;
      EXPECT_EQ(all, tiles) << n.spec << " " << goal_name(goal);
    }
  }
  EXPECT_THROW(pdb::partition_tiles("pdb:3x4-65", 4, 3, Goal::kBlankFirst), std::invalid_argument);
}

TEST(RectanglePartitions, FourByThreeIsThreeByFourTransposed) {
  // 3x4-65 blank-first: columns 0-1 without the blank, and columns 2-3.
  EXPECT_EQ(pdb::partition_tiles("pdb:3x4-65", 3, 4, Goal::kBlankFirst),
            (std::vector<std::vector<int>>{{2, 3, 6, 7, 10, 11}, {1, 4, 5, 8, 9}}));
  // Transposed: rows 2-3, and rows 0-1 without the blank, cell by cell.
  EXPECT_EQ(pdb::partition_tiles("pdb:4x3-65", 4, 3, Goal::kBlankFirst),
            (std::vector<std::vector<int>>{{6, 9, 7, 10, 8, 11}, {3, 1, 4, 2, 5}}));
  // Blank-last: the picture turned by 180 degrees (cell c -> 11 - c), named by the tiles there.
  EXPECT_EQ(pdb::partition_tiles("pdb:3x4-65", 3, 4, Goal::kBlankLast),
            (std::vector<std::vector<int>>{{10, 9, 6, 5, 2, 1}, {11, 8, 7, 4, 3}}));
}

// The rule of the named partitions (blocks of whole columns of the goal,
// no reflection) on rectangles small enough for an exhaustive BFS: never
// above the distance, the distance's parity, zero only at the goal.
TEST(RectanglePdb, ColumnBlocksAreAdmissibleOnEveryStateOfTwoByFiveAndFiveByTwo) {
  struct Case {
    int rows, cols;
    Goal goal;  // one each: a BFS of 10 cells takes seconds
    std::vector<std::vector<int>> cells;  // blank-first goal cells of each part
  };
  const Case cases[] = {{2, 5, Goal::kBlankFirst, {{1, 5, 6}, {2, 3, 7, 8}, {4, 9}}},
                        {5, 2, Goal::kBlankLast, {{1, 2, 3}, {4, 5, 6, 7}, {8, 9}}}};
  for (const Case& c : cases) {
    {  // one goal per shape
      const Goal goal = c.goal;
      const auto distance = bfs_distances(c.rows, c.cols, goal);
      std::vector<std::shared_ptr<const pdb::PatternDb>> tables;
      for (const auto& part : c.cells) {
        std::vector<int> tiles;
        for (int cell : part) {
          const int turned = goal == Goal::kBlankFirst ? cell : c.rows * c.cols - 1 - cell;
          tiles.push_back(goal_tile(turned, c.rows * c.cols, goal));
        }
        tables.push_back(
            std::make_shared<const pdb::PatternDb>(pdb::build_pdb(pdb::Pattern(c.rows, c.cols, goal, tiles))));
      }
      const pdb::AdditivePdb additive("test", c.rows, c.cols, goal, tables, /*reflect=*/true);
      EXPECT_FALSE(additive.reflected()) << "no reflection on a rectangle";
      std::uint64_t checked = 0;
      const std::uint64_t stride = testing::sweep_stride();
      for (std::uint64_t rank = 0; rank < distance.size(); rank += stride) {
        const int d = distance[rank];
        if (d == kUnreached) continue;
        const Board b(c.rows, c.cols, unrank_permutation(rank, c.rows * c.cols));
        const int h = additive.evaluate(b);
        ASSERT_LE(h, d) << size_name(c.rows, c.cols) << " " << goal_name(goal) << ", rank " << rank;
        ASSERT_EQ(h % 2, d % 2) << "rank " << rank;
        ASSERT_EQ(h == 0, d == 0) << "rank " << rank;
        ++checked;
      }
      if (stride == 1) {
        EXPECT_EQ(checked, 1814400u);  // 10!/2
      }
    }
  }
}

struct SampleState {
  int id = 0;
  std::vector<std::uint32_t> tiles;  // blank-first goal
  int depth = 0;
  std::vector<std::uint32_t> tiles_blank_last;
};

std::vector<SampleState> read_sample(const std::string& relative) {
  std::ifstream in(testing::source_path(relative));
  std::vector<SampleState> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line.rfind("id\t", 0) == 0) continue;
    std::vector<std::string> fields;
    std::size_t start = 0;
    for (std::size_t tab; (tab = line.find('\t', start)) != std::string::npos; start = tab + 1) {
      fields.push_back(line.substr(start, tab - start));
    }
    fields.push_back(line.substr(start));
    if (fields.size() != 4) continue;
    out.push_back({std::stoi(fields[0]), testing::parse_tiles(fields[1]), std::stoi(fields[2]),
                   testing::parse_tiles(fields[3])});
  }
  return out;
}

class Sample : public ::testing::TestWithParam<Named> {};

// Every sampled state, for both goals: h <= the BFS distance, and IDA* with
// the named PDB finds a solution of exactly that length that replays to the goal.
TEST_P(Sample, OptimalLengthsEqualTheExhaustiveBfsDistances) {
  const Named n = GetParam();
  const auto sample = read_sample("datasets/" + size_name(n.rows, n.cols) + "_sample.tsv");
  ASSERT_EQ(sample.size(), 1000u);
  TempDir dir;
  AdditiveOptions tables;
  tables.cache.dir = dir.path();
  const std::size_t step = testing::full_sweeps() ? 1 : 10;
  for (Goal goal : kGoals) {
    SolveRequest options;
    options.goal = goal;
    const auto set = pdb::load_additive(n.spec, n.rows, n.cols, goal, tables);
    const ResolvedHeuristic resolved = resolved_additive(set);
    EXPECT_EQ(resolved.row, &PdbRow::row());
    EXPECT_EQ(resolved.label, n.spec);
    int exact_h = 0;
    for (std::size_t i = 0; i < sample.size(); i += step) {
      const SampleState& s = sample[i];
      const Board b(n.rows, n.cols, goal == Goal::kBlankFirst ? s.tiles : s.tiles_blank_last);
      const int h = set->evaluate(b);
      ASSERT_LE(h, s.depth) << n.spec << " " << goal_name(goal) << ", id " << s.id;
      exact_h += h == s.depth;
      const SolveResult r = solve(b, options, resolved);
      ASSERT_EQ(r.status, Status::kOptimal) << "id " << s.id;
      ASSERT_EQ(r.length, s.depth) << n.spec << " " << goal_name(goal) << ", id " << s.id;
      ASSERT_EQ(check_solution(b, r.moves, goal), "") << "id " << s.id;
    }
    EXPECT_LT(exact_h, static_cast<int>(sample.size() / step)) << "a sample where h is always exact tests nothing";
  }
}

INSTANTIATE_TEST_SUITE_P(RectanglePdb, Sample,
                         ::testing::Values(Named{"pdb:3x4-65", 3, 4}, Named{"pdb:4x3-65", 4, 3}),
                         [](const ::testing::TestParamInfo<Named>& info) {
                           return size_name(info.param.rows, info.param.cols);
                         });

TEST(RectanglePdb, AutoUsesTheCachedRectangleTableAndOtherwiseSaysHowToBuildIt) {
  TempDir dir;
  AdditiveOptions tables;
  tables.cache.dir = dir.path();
  const Resolution before = resolve_heuristic(HeuristicSpec::automatic(), 4, 3, Goal::kBlankLast, tables);
  ASSERT_EQ(before.error, "");
  EXPECT_EQ(before.heuristic.row, &LinearConflictRow::row());
  EXPECT_EQ(before.heuristic.label, "linear-conflict");
  ASSERT_TRUE(before.auto_choice);
  ASSERT_EQ(before.auto_choice->stronger.size(), 1u);
  EXPECT_EQ(before.auto_choice->stronger[0].spec, "pdb:4x3-65");
  EXPECT_FALSE(before.auto_choice->stronger[0].ready);
  const std::string notice = cli::auto_notice(4, 3, Goal::kBlankLast, *before.auto_choice);
  EXPECT_NE(notice.find("npuzzle pdb build pdb:4x3-65 --goal blank-last"), std::string::npos) << notice;
  // auto is a pure function of the shape, the goal and the cache: 3x4
  // takes linear-conflict before its table is built and, in the same
  // process, pdb:3x4-65 once it is.
  const Resolution unbuilt = resolve_heuristic(HeuristicSpec::automatic(), 3, 4, Goal::kBlankLast, tables);
  EXPECT_EQ(unbuilt.heuristic.label, "linear-conflict");
  ASSERT_TRUE(unbuilt.auto_choice);
  EXPECT_EQ(unbuilt.auto_choice->spec, "linear-conflict");
  // Naming the table does not build it either: resolving only loads.
  const HeuristicSpec rectangle = heuristic_spec("pdb:3x4-65");
  const Resolution named = resolve_heuristic(rectangle, 3, 4, Goal::kBlankLast, tables);
  EXPECT_NE(named.error, "");
  EXPECT_FALSE(named.auto_choice);
  EXPECT_FALSE(fs::exists(tables.cache.directory()) && !fs::is_empty(tables.cache.directory()));
  // The build step, as the front ends take it: the tables 3x4-65 misses, then building them.
  EXPECT_EQ(tables_to_build(rectangle, 3, 4, Goal::kBlankLast, tables).size(), 2u);
  build_tables(rectangle, 3, 4, Goal::kBlankLast, tables);
  EXPECT_TRUE(tables_to_build(rectangle, 3, 4, Goal::kBlankLast, tables).empty());
  const Resolution after = resolve_heuristic(HeuristicSpec::automatic(), 3, 4, Goal::kBlankLast, tables);
  ASSERT_EQ(after.error, "");
  EXPECT_EQ(after.heuristic.row, &PdbRow::row());
  EXPECT_EQ(after.heuristic.label, "pdb:3x4-65");
  ASSERT_TRUE(after.auto_choice);
  EXPECT_EQ(after.auto_choice->spec, "pdb:3x4-65");
  EXPECT_TRUE(after.auto_choice->stronger.empty());
  ASSERT_TRUE(after.heuristic.data);
  EXPECT_FALSE(after.heuristic.data_as<pdb::AdditivePdb>().reflected());
}

TEST(RectanglePdb, AutoNamesTheBuildCommandForEveryNamedRectangle) {
  TempDir dir;
  AdditiveOptions tables;
  tables.cache.dir = dir.path();
  for (const Named& n : kRectangles) {
    const Resolution r = resolve_heuristic(HeuristicSpec::automatic(), n.rows, n.cols, Goal::kBlankFirst, tables);
    ASSERT_EQ(r.error, "") << n.spec;
    EXPECT_EQ(r.heuristic.row, n.rows <= kMaxConflictLine && n.cols <= kMaxConflictLine ? &LinearConflictRow::row()
                                                                                        : &ManhattanRow::row())
        << n.spec;
    ASSERT_TRUE(r.auto_choice) << n.spec;
    ASSERT_FALSE(r.auto_choice->stronger.empty()) << n.spec;
    EXPECT_EQ(r.auto_choice->stronger[0].spec, n.spec);
    const std::string notice = cli::auto_notice(n.rows, n.cols, Goal::kBlankFirst, *r.auto_choice);
    EXPECT_NE(notice.find(std::string("'npuzzle pdb build ") + n.spec + " --goal blank-first' (about "),
              std::string::npos)
        << notice;
  }
}

}  // namespace
}  // namespace npuzzle
