// batch --shard K/N and merge, through the CLI. Ground truth is the
// single-process run over the whole input and the input's own order: the
// shards must split it by record number (i mod N + 1, invalid records
// counted), and merge must give back the single run's CSV exactly in every
// column but `seconds`, and its sidecar's totals.
#include <map>
#include <set>

#include "cli_support.h"

namespace npuzzle {
namespace {

class Shard : public Cli {
 protected:
  // 30 random 3x3 boards, with a malformed line, an unsolvable board and
  // a duplicate-free id for each, at fixed positions.
  void SetUp() override {
    Cli::SetUp();
    // Record 4 (0-based) is malformed (a duplicate tile), record 10 unsolvable.
    in_ = boards_with_bad_and_odd(30, 11, 4, 9);
    invalid_positions_ = {4};
  }

  // Runs the whole input once.
  std::vector<Row> single_run(const std::string& options = "") {
    const CliResult r = npuzzle("batch --threads 2 " + options + " -i " + in_ + " -o " + quote(path("single.csv")));
    EXPECT_EQ(r.code, 1) << r.err;  // the malformed record
    return read_csv(slurp(path("single.csv")));
  }

  std::string shard_csv(int k, int n) const { return path("s" + std::to_string(k) + "of" + std::to_string(n) + ".csv"); }

  std::string in_;
  std::set<std::size_t> invalid_positions_;
};

TEST_F(Shard, ShardsSplitByRecordNumberAndMergeReproducesTheSingleRun) {
  const std::vector<Row> single = single_run();
  ASSERT_EQ(single.size(), 32u);
  const Json single_sidecar = parse_json(slurp(path("single.csv.json")));
  for (int n = 1; n <= 4; ++n) {
    SCOPED_TRACE("N = " + std::to_string(n));
    std::string shard_list;
    for (int k = 1; k <= n; ++k) {
      SCOPED_TRACE("K = " + std::to_string(k));
      const std::string out = shard_csv(k, n);
      // One thread here, two for the single run: the split must not depend on it.
      const CliResult r = npuzzle("batch --threads 1 --shard " + std::to_string(k) + "/" + std::to_string(n) +
                                  " -i " + in_ + " -o " + quote(out));
      std::vector<Row> expected;
      bool holds_invalid = false;
      for (std::size_t i = 0; i < single.size(); ++i) {
        if (i % n != static_cast<std::size_t>(k - 1)) continue;
        expected.push_back(single[i]);
        holds_invalid |= invalid_positions_.count(i) > 0;
      }
      EXPECT_EQ(r.code, holds_invalid ? 1 : 0) << r.err;
      expect_same_except_seconds(read_csv(slurp(out)), expected);
      const Json sidecar = parse_json(slurp(out + ".json"));
      EXPECT_TRUE(sidecar["shard"].is_string(std::to_string(k) + "/" + std::to_string(n)));
      EXPECT_EQ(sidecar["puzzles"].integer(), static_cast<long long>(expected.size()));
      EXPECT_EQ(sidecar["input_puzzles"].integer(), 32);
      shard_list = " " + quote(out) + shard_list;  // given in reverse: merge orders them by K
    }
    for (const std::string& with_input : {std::string(), " -i " + in_}) {
      SCOPED_TRACE(with_input.empty() ? "without -i" : "with -i");
      const CliResult m = npuzzle("merge -o " + quote(path("merged.csv")) + with_input + shard_list);
      ASSERT_EQ(m.code, 0) << m.err;
      expect_same_except_seconds(read_csv(slurp(path("merged.csv"))), single);
      const Json merged = parse_json(slurp(path("merged.csv.json")));
      for (const char* key : {"puzzles", "input_puzzles", "total_expanded", "total_generated"}) {
        EXPECT_EQ(merged[key].integer(), single_sidecar[key].integer()) << key;
      }
      for (const char* status : {"optimal", "solved", "unsolvable", "limit", "invalid", "unsupported"}) {
        EXPECT_EQ(merged["counts"][status].integer(), single_sidecar["counts"][status].integer()) << status;
      }
      EXPECT_TRUE(merged["goal"].is_string("blank-last"));
      EXPECT_TRUE(merged["options"]["heuristic"].is_string(single_sidecar["options"]["heuristic"].text));
      EXPECT_EQ(merged["shards"].items.size(), static_cast<std::size_t>(n));
    }
  }
  // The merged file replays like the single run's.
  const CliResult v = npuzzle("verify -i " + in_ + " -r " + quote(path("merged.csv")));
  EXPECT_NE(closing_line(v.out).find(" 0 failed"), std::string::npos) << v.out;
}

TEST_F(Shard, BadShardSpecificationsAreUsageErrors) {
  for (const char* bad : {"0/3", "4/3", "3", "a/b", "1/0", "1/", "/2", "-1/2", "1/2/3", "2/4294967296"}) {
    SCOPED_TRACE(bad);
    const CliResult r = npuzzle("batch --shard " + quote(bad) + " -i " + in_ + " -o " + quote(path("o.csv")));
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("--shard takes K/N"), std::string::npos) << r.err;
  }
}

TEST_F(Shard, EmptyShardSucceedsAndMerges) {
  spit(path("three.txt"), "a 1 2 3 4 5 6 7 0 8\nb 1 2 3 4 5 6 0 7 8\nc 1 2 3 4 0 6 7 5 8\n");
  std::string list;
  for (int k = 1; k <= 4; ++k) {
    const CliResult r = npuzzle("batch --shard " + std::to_string(k) + "/4 -i " + quote(path("three.txt")) + " -o " +
                                quote(shard_csv(k, 4)));
    EXPECT_EQ(r.code, 0) << r.err;
    if (k == 4) {
      EXPECT_NE(r.err.find("shard 4/4 of"), std::string::npos) << r.err;
      EXPECT_EQ(slurp(shard_csv(k, 4)), kHeader + "\n");
    }
    list += " " + quote(shard_csv(k, 4));
  }
  const CliResult m = npuzzle("merge -o " + quote(path("m.csv")) + " -i " + quote(path("three.txt")) + list);
  ASSERT_EQ(m.code, 0) << m.err;
  const auto rows = read_csv(slurp(path("m.csv")));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0][kId] + rows[1][kId] + rows[2][kId], "abc");
  EXPECT_EQ(rows[2][kLength], "2");
}

TEST_F(Shard, ResumeWorksPerShardAndRefusesAnotherShard) {
  const std::vector<Row> single = single_run();
  const std::string out = shard_csv(2, 3);
  ASSERT_EQ(npuzzle("batch --shard 2/3 -i " + in_ + " -o " + quote(out)).code, 1);  // it holds record 4
  const std::string clean = slurp(out);
  // A crashed run: the third row missing, the last one torn.
  auto lines = lines_of(clean);
  ASSERT_EQ(lines.size(), 12u);  // header + records 1, 4, ..., 31
  std::string broken;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    if (i != 3) broken += lines[i] + "\n";
  }
  broken += lines.back().substr(0, 5);
  spit(out, broken);
  const CliResult other = npuzzle("batch --resume --shard 1/3 -i " + in_ + " -o " + quote(out));
  EXPECT_EQ(other.code, 2);
  EXPECT_NE(other.err.find("--shard 2/3"), std::string::npos) << other.err;
  const CliResult r = npuzzle("batch --resume --shard 2/3 -i " + in_ + " -o " + quote(out));
  EXPECT_EQ(r.code, 1) << r.err;
  std::vector<Row> expected;
  for (std::size_t i = 1; i < single.size(); i += 3) expected.push_back(single[i]);
  expect_same_except_seconds(read_csv(slurp(out)), expected);
}

class MergeErrors : public Shard {
 protected:
  void SetUp() override {
    Shard::SetUp();
    for (int k = 1; k <= 3; ++k) {
      const CliResult r = npuzzle("batch --shard " + std::to_string(k) + "/3 -i " + in_ + " -o " + quote(shard_csv(k, 3)));
      ASSERT_LE(r.code, 1) << r.err;
    }
  }
  CliResult merge(const std::string& extra, std::initializer_list<int> ks) {
    std::string list;
    for (int k : ks) list += " " + quote(shard_csv(k, 3));
    return npuzzle("merge -o " + quote(path("m.csv")) + extra + list);
  }
  // Nothing is written when merge refuses.
  void expect_refused(const CliResult& r, const std::string& message) {
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(path("m.csv")));
  }
};

TEST_F(MergeErrors, MissingAndRepeatedShards) {
  expect_refused(merge("", {1, 3}), "shard 2/3 missing");
  expect_refused(merge("", {1, 2, 2, 3}), shard_csv(2, 3) + ".json:");
  expect_refused(merge("", {1, 2, 2, 3}), "shard 2/3 again");
}

TEST_F(MergeErrors, OptionsMustAgree) {
  ASSERT_LE(npuzzle("batch --heuristic manhattan --shard 2/3 -i " + in_ + " -o " + quote(shard_csv(2, 3))).code, 1);
  const CliResult r = merge("", {1, 2, 3});
  expect_refused(r, shard_csv(2, 3) + ".json:");
  EXPECT_NE(r.err.find("options.heuristic is 'manhattan'"), std::string::npos) << r.err;
  // FILE:LINE names the line of the heuristic in that sidecar.
  const auto lines = lines_of(slurp(shard_csv(2, 3) + ".json"));
  const std::string prefix = shard_csv(2, 3) + ".json:";
  const int line = std::stoi(r.err.substr(r.err.find(prefix) + prefix.size()));
  ASSERT_GE(line, 1);
  ASSERT_LE(static_cast<std::size_t>(line), lines.size());
  EXPECT_NE(lines[line - 1].find("\"heuristic\": \"manhattan\""), std::string::npos) << lines[line - 1];
}

TEST_F(MergeErrors, UnfinishedShardsAndTamperedRows) {
  std::string sidecar = slurp(shard_csv(3, 3) + ".json");
  const auto at = sidecar.find("\"state\": \"complete\"");
  ASSERT_NE(at, std::string::npos);
  spit(shard_csv(3, 3) + ".json", sidecar.substr(0, at) + "\"state\": \"interrupted\"" + sidecar.substr(at + 19));
  expect_refused(merge("", {1, 2, 3}), "the run is 'interrupted', not complete");
  spit(shard_csv(3, 3) + ".json", sidecar);

  auto lines = lines_of(slurp(shard_csv(1, 3)));
  std::string dropped;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i != 5) dropped += lines[i] + "\n";
  }
  spit(shard_csv(1, 3), dropped);
  expect_refused(merge("", {1, 2, 3}), "but its sidecar counts 11 puzzles");
}

TEST_F(MergeErrors, AnotherInputIsNamedByItsLine) {
  std::string text = slurp(path("in.txt"));
  const auto second = text.find('\n') + 1;
  text.replace(second, text.find(' ', second) - second, "renamed");  // record 2's id
  spit(path("other.txt"), text);
  const CliResult r = merge(" -i " + quote(path("other.txt")), {1, 2, 3});
  expect_refused(r, path("other.txt") + ":2 has puzzle renamed");
  EXPECT_NE(r.err.find(shard_csv(2, 3) + ":2: id "), std::string::npos) << r.err;
}

}  // namespace
}  // namespace npuzzle
