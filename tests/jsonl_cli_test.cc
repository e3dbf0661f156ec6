// Batch results as JSON Lines (docs/contract.md "Batch JSON Lines"),
// through the CLI. Ground truth is the CSV of the same run: `batch -o
// OUT.jsonl` (or --format jsonl) must write the same rows, field by field
// but `seconds`, each line one JSON object read here by the tests' own
// parser (cli_support.h), with the numeric columns as numbers and empty
// cells as null; its sidecar OUT.jsonl.json says "format": "jsonl".
// --resume, verify and merge read JSON Lines as they read the CSV, and a
// malformed line is refused or skipped as results_file.cc, cmd_verify.cc
// and cmd_merge.cc document.
#include <signal.h>

#include <chrono>
#include <set>
#include <thread>

#include "cli_support.h"

namespace npuzzle {
namespace {

class JsonLines : public Cli {
 protected:
  // 24 random 3x3 boards, a few 4x4 walks, a malformed line and an
  // unsolvable board, with ids that need escaping in neither format.
  void SetUp() override {
    Cli::SetUp();
    in_ = boards_with_bad_and_odd(24, 31, 5, 11);  // a duplicate tile after the 5th, unsolvable after the 11th
  }

  // A batch of in.txt into `out` with `options`; exit 1 for the malformed line.
  void batch(const std::string& out, const std::string& options = "") {
    const CliResult r = npuzzle("batch --threads 2 " + options + " -i " + in_ + " -o " + quote(path(out)));
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find(path("in.txt") + ":6: "), std::string::npos) << r.err;
  }

  std::string in_;
};

TEST_F(JsonLines, TheSameRowsAsTheCsvAndAJsonlSidecar) {
  batch("out.csv");
  batch("out.jsonl");
  const std::vector<Row> csv = read_csv(slurp(path("out.csv")));
  ASSERT_EQ(csv.size(), 26u);
  const std::string text = slurp(path("out.jsonl"));
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n');
  EXPECT_EQ(text.find("id,rows"), std::string::npos) << "JSON Lines has no header";
  const std::vector<Row> jsonl = read_jsonl(text);
  expect_same_except_seconds(jsonl, csv);
  // The rows hold every status the input has, and null where the CSV is empty.
  std::set<std::string> statuses;
  for (const Row& row : jsonl) statuses.insert(row[kStatus]);
  EXPECT_EQ(statuses, (std::set<std::string>{"optimal", "invalid", "unsolvable"}));
  EXPECT_NE(text.find("\"status\":\"unsolvable\",\"length\":null,\"lower_bound\":null"), std::string::npos) << text;
  // The sidecars: OUT.jsonl.json says jsonl, OUT.csv.json csv; otherwise the same run.
  const Json sidecar = parse_json(slurp(path("out.jsonl.json")));
  EXPECT_TRUE(sidecar["format"].is_string("jsonl"));
  EXPECT_TRUE(sidecar["options"]["format"].is_string("jsonl"));
  EXPECT_TRUE(sidecar["state"].is_string("complete"));
  EXPECT_EQ(sidecar["puzzles"].integer(), 26);
  const Json csv_sidecar = parse_json(slurp(path("out.csv.json")));
  EXPECT_TRUE(csv_sidecar["format"].is_string("csv"));
  for (const char* key : {"puzzles", "total_expanded", "total_generated"}) {
    EXPECT_EQ(sidecar[key].integer(), csv_sidecar[key].integer()) << key;
  }
  for (const char* status : {"optimal", "unsolvable", "invalid"}) {
    EXPECT_EQ(sidecar["counts"][status].integer(), csv_sidecar["counts"][status].integer()) << status;
  }
  // --format chooses whatever the name: JSON Lines into a .txt, a CSV into a .jsonl.
  batch("rows.txt", "--format jsonl");
  expect_same_except_seconds(read_jsonl(slurp(path("rows.txt"))), csv);
  EXPECT_TRUE(parse_json(slurp(path("rows.txt.json")))["format"].is_string("jsonl"));
  batch("forced.jsonl", "--format csv");
  std::string header;
  expect_same_except_seconds(read_csv(slurp(path("forced.jsonl")), &header), csv);
  EXPECT_EQ(header, kHeader);
  EXPECT_TRUE(parse_json(slurp(path("forced.jsonl.json")))["format"].is_string("csv"));
  EXPECT_EQ(npuzzle("batch --format xml -i " + in_ + " -o " + quote(path("x.out"))).code, 2);
}

// Solutions beyond --inline-limit go to side files in both formats, and the
// JSON Lines row holds the same '@' reference.
TEST_F(JsonLines, SideFileReferencesAreTheCsvs) {
  batch("side.csv", "--inline-limit 10");
  batch("side.jsonl", "--inline-limit 10");
  const auto csv = read_csv(slurp(path("side.csv")));
  const auto jsonl = read_jsonl(slurp(path("side.jsonl")));
  ASSERT_EQ(jsonl.size(), csv.size());
  int referenced = 0;
  for (std::size_t i = 0; i < csv.size(); ++i) {
    if (csv[i][kSolution].empty() || csv[i][kSolution][0] != '@') continue;
    ++referenced;
    const std::string file = csv[i][kSolution].substr(std::string("@side.csv.moves/").size());
    EXPECT_EQ(jsonl[i][kSolution], "@side.jsonl.moves/" + file);
    EXPECT_EQ(slurp(path("side.jsonl.moves/" + file)), slurp(path("side.csv.moves/" + file))) << file;
  }
  EXPECT_GT(referenced, 10);
  const CliResult v = npuzzle("verify -i " + in_ + " -r " + quote(path("side.jsonl")));
  EXPECT_EQ(v.code, 0) << v.err;
  EXPECT_EQ(closing_line(v.out), "26 passed, 0 failed") << v.out;
}

TEST_F(JsonLines, VerifyReadsJsonLines) {
  batch("out.jsonl");
  const std::string r = quote(path("out.jsonl"));
  CliResult v = npuzzle("verify -i " + in_ + " -r " + r);
  EXPECT_EQ(v.code, 0) << v.err;
  EXPECT_EQ(closing_line(v.out), "26 passed, 0 failed") << v.out;
  // A wrong solution is a failure on its line.
  std::vector<std::string> lines = lines_of(slurp(path("out.jsonl")));
  ASSERT_EQ(lines.size(), 26u);
  std::string tampered;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string line = lines[i];
    if (i == 2) {
      const std::string key = "\"solution\":\"";
      const auto at = line.find(key);
      ASSERT_NE(at, std::string::npos) << line;
      char& first = line[at + key.size()];
      first = first == 'u' ? 'd' : 'u';
    }
    tampered += line + "\n";
  }
  spit(path("tampered.jsonl"), tampered);
  v = npuzzle("verify -i " + in_ + " -r " + quote(path("tampered.jsonl")));
  EXPECT_EQ(v.code, 1) << v.out << v.err;
  EXPECT_EQ(closing_line(v.out), "25 passed, 1 failed") << v.out;
  EXPECT_NE(v.err.find(path("tampered.jsonl") + ":3: id "), std::string::npos) << v.err;
  // A malformed line after the first is a failed row, named by its line; the others still pass.
  std::string broken;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    broken += (i == 4 ? lines[i].substr(0, lines[i].size() / 2) : lines[i]) + "\n";
  }
  spit(path("broken.jsonl"), broken);
  v = npuzzle("verify -i " + in_ + " -r " + quote(path("broken.jsonl")));
  EXPECT_EQ(v.code, 1);
  EXPECT_NE(v.err.find(path("broken.jsonl") + ":5: malformed row"), std::string::npos) << v.err;
  // A first line that is neither a CSV header nor a row: not a results file at all.
  spit(path("junk.jsonl"), "{\"id\":\"1\"}\n" + lines[1] + "\n");
  v = npuzzle("verify -i " + in_ + " -r " + quote(path("junk.jsonl")));
  EXPECT_EQ(v.code, 2);
  EXPECT_NE(v.err.find(path("junk.jsonl") + ":1: not an npuzzle CSV header or JSON Lines row"), std::string::npos)
      << v.err;
}

// --resume of a .jsonl: its complete rows are kept (a torn last line and a
// malformed line are dropped and solved again), the rest solved, and the
// file ends as the clean run's, in input order.
TEST_F(JsonLines, ResumeKeepsTheCompleteRows) {
  batch("clean.jsonl");
  const std::vector<Row> clean = read_jsonl(slurp(path("clean.jsonl")));
  ASSERT_EQ(clean.size(), 26u);
  const std::vector<std::string> lines = lines_of(slurp(path("clean.jsonl")));
  // The first 9 rows, the 7th malformed, and half of the 10th.
  std::string partial;
  for (std::size_t i = 0; i < 9; ++i) partial += (i == 6 ? std::string("{\"id\":") : lines[i]) + "\n";
  partial += lines[9].substr(0, lines[9].size() / 2);
  spit(path("resumed.jsonl"), partial);
  const CliResult r = npuzzle("batch --resume --threads 2 -i " + in_ + " -o " + quote(path("resumed.jsonl")));
  EXPECT_EQ(r.code, 1) << r.err;  // the malformed input line
  EXPECT_NE(r.err.find("8 earlier rows kept"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("(18 solved now, 8 kept)"), std::string::npos) << r.err;
  const std::vector<Row> resumed = read_jsonl(slurp(path("resumed.jsonl")));
  expect_same_except_seconds(resumed, clean);
  // The kept rows are the earlier run's, seconds and all.
  for (std::size_t i : {0u, 5u, 7u}) EXPECT_EQ(resumed[i][kSeconds], clean[i][kSeconds]) << i;
  const Json sidecar = parse_json(slurp(path("resumed.jsonl.json")));
  EXPECT_TRUE(sidecar["format"].is_string("jsonl"));
  EXPECT_TRUE(sidecar["state"].is_string("complete"));
  const CliResult v = npuzzle("verify -i " + in_ + " -r " + quote(path("resumed.jsonl")));
  EXPECT_EQ(closing_line(v.out), "26 passed, 0 failed") << v.out << v.err;
  // Resuming a complete file solves nothing.
  const CliResult again = npuzzle("batch --resume -i " + in_ + " -o " + quote(path("resumed.jsonl")));
  EXPECT_NE(again.err.find("(0 solved now, 26 kept)"), std::string::npos) << again.err;
  expect_same_except_seconds(read_jsonl(slurp(path("resumed.jsonl"))), clean);
}

TEST_F(JsonLines, ResumeRefusesAFileThatIsNotJsonLines) {
  batch("out.csv");
  // A CSV named .jsonl: its first line is the header, not a row.
  fs::copy_file(path("out.csv"), path("csv.jsonl"));
  CliResult r = npuzzle("batch --resume -i " + in_ + " -o " + quote(path("csv.jsonl")));
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find(path("csv.jsonl") + ": cannot resume: the first line is not an npuzzle JSON Lines row"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(slurp(path("csv.jsonl")), slurp(path("out.csv"))) << "a refused file is left as it was";
  // And a JSON Lines file resumed as a CSV.
  batch("rows.jsonl");
  fs::copy_file(path("rows.jsonl"), path("rows.csv"));
  r = npuzzle("batch --resume -i " + in_ + " -o " + quote(path("rows.csv")));
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find(path("rows.csv") + ": cannot resume: the first line is not the npuzzle CSV header"),
            std::string::npos)
      << r.err;
}

// A run killed (SIGKILL: no chance to flush or finish) part-way through a
// .jsonl is resumed to the clean run's rows.
TEST_F(JsonLines, KilledRunResumes) {
  // 4x4 walks with Manhattan on one thread: the first five rows take under
  // a second in a Release build, the last puzzle alone three seconds, so
  // the kill lands in the middle.
  const CliResult g = npuzzle("gen --size 4x4 --count 16 --seed 37 --walk 80");
  ASSERT_EQ(g.code, 0) << g.err;
  spit(path("walks.txt"), g.out);
  const std::string in = quote(path("walks.txt"));
  const std::string options = "batch --threads 1 --heuristic manhattan -i " + in + " -o ";
  ASSERT_EQ(npuzzle(options + quote(path("clean.jsonl"))).code, 0);
  const std::vector<Row> clean = read_jsonl(slurp(path("clean.jsonl")));
  ASSERT_EQ(clean.size(), 16u);
  const pid_t pid = start(options + quote(path("killed.jsonl")) + " 2>/dev/null");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (lines_of(slurp(path("killed.jsonl"))).size() < 5 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  kill(pid, SIGKILL);
  wait_for(pid);
  const std::size_t written = lines_of(slurp(path("killed.jsonl"))).size();
  EXPECT_GE(written, 5u);
  EXPECT_LT(written, 16u) << "the run finished before it was killed";
  const CliResult r = npuzzle("batch --resume " + options.substr(std::string("batch ").size()) +
                              quote(path("killed.jsonl")));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("earlier rows kept"), std::string::npos) << r.err;
  expect_same_except_seconds(read_jsonl(slurp(path("killed.jsonl"))), clean);
  const CliResult v = npuzzle("verify -i " + in + " -r " + quote(path("killed.jsonl")));
  EXPECT_EQ(closing_line(v.out), "16 passed, 0 failed") << v.out << v.err;
}

// merge joins JSON Lines shards, CSV shards into JSON Lines, and mixed
// shards into either, to the single run's rows.
TEST_F(JsonLines, MergeReadsAndWritesJsonLines) {
  batch("single.csv");
  const std::vector<Row> single = read_csv(slurp(path("single.csv")));
  ASSERT_EQ(single.size(), 26u);
  for (int k = 1; k <= 3; ++k) {
    for (const char* ext : {".csv", ".jsonl"}) {
      const std::string out = path("s" + std::to_string(k) + ext);
      const CliResult r =
          npuzzle("batch --threads 1 --shard " + std::to_string(k) + "/3 -i " + in_ + " -o " + quote(out));
      EXPECT_LE(r.code, 1) << r.err;
    }
  }
  const auto shards = [&](const char* a, const char* b, const char* c) {
    return " " + quote(path(std::string("s1") + a)) + " " + quote(path(std::string("s2") + b)) + " " +
           quote(path(std::string("s3") + c));
  };
  struct Case {
    std::string shards;
    std::string out;
  };
  const Case cases[] = {{shards(".jsonl", ".jsonl", ".jsonl"), "m1.jsonl"},
                        {shards(".csv", ".csv", ".csv"), "m2.jsonl"},
                        {shards(".jsonl", ".csv", ".jsonl"), "m3.csv"},
                        {shards(".jsonl", ".jsonl", ".jsonl"), "m4.csv"}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.out + " from" + c.shards);
    for (const std::string& with_input : {std::string(), " -i " + in_}) {
      const CliResult m = npuzzle("merge -o " + quote(path(c.out)) + with_input + c.shards);
      ASSERT_EQ(m.code, 0) << m.err;
      const std::string text = slurp(path(c.out));
      const bool jsonl = c.out.size() > 6 && c.out.substr(c.out.size() - 6) == ".jsonl";
      expect_same_except_seconds(jsonl ? read_jsonl(text) : read_csv(text), single);
      const Json merged = parse_json(slurp(path(c.out + ".json")));
      EXPECT_EQ(merged["puzzles"].integer(), 26);
      EXPECT_EQ(merged["counts"]["optimal"].integer(), 24);
    }
    const CliResult v = npuzzle("verify -i " + in_ + " -r " + quote(path(c.out)));
    EXPECT_EQ(closing_line(v.out), "26 passed, 0 failed") << v.out << v.err;
  }
  // --format overrides the name.
  ASSERT_EQ(npuzzle("merge --format jsonl -o " + quote(path("m5.txt")) + shards(".csv", ".csv", ".csv")).code, 0);
  expect_same_except_seconds(read_jsonl(slurp(path("m5.txt"))), single);
}

TEST_F(JsonLines, MergeRefusesAMalformedJsonLinesShard) {
  for (int k = 1; k <= 2; ++k) {
    npuzzle("batch --threads 1 --shard " + std::to_string(k) + "/2 -i " + in_ + " -o " +
            quote(path("s" + std::to_string(k) + ".jsonl")));
  }
  const std::string s1 = path("s1.jsonl");
  const std::vector<std::string> lines = lines_of(slurp(s1));
  ASSERT_EQ(lines.size(), 13u);
  // A torn row in the middle: refused, named by its line, and nothing written.
  std::string torn;
  for (std::size_t i = 0; i < lines.size(); ++i) torn += (i == 3 ? lines[i].substr(0, 20) : lines[i]) + "\n";
  spit(s1, torn);
  const std::string shards = " " + quote(s1) + " " + quote(path("s2.jsonl"));
  CliResult m = npuzzle("merge -o " + quote(path("m.jsonl")) + shards);
  EXPECT_EQ(m.code, 2);
  EXPECT_NE(m.err.find(s1 + ":4: not a batch JSON Lines row of the 12 columns with an id, a status and numbers in the numeric columns"),
            std::string::npos)
      << m.err;
  EXPECT_FALSE(fs::exists(path("m.jsonl")));
  // A row without an id.
  std::string no_id;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string line = lines[i];
    if (i == 5) {
      const std::string key = "\"id\":\"";
      const auto start = line.find(key);
      ASSERT_EQ(start, 1u) << line;
      const auto end = line.find('"', start + key.size());
      line.replace(start, end + 1 - start, "\"id\":null");
    }
    no_id += line + "\n";
  }
  spit(s1, no_id);
  m = npuzzle("merge -o " + quote(path("m.jsonl")) + shards);
  EXPECT_EQ(m.code, 2);
  EXPECT_NE(m.err.find(s1 + ":6: not a batch JSON Lines row"), std::string::npos) << m.err;
  // A first line that is neither a header nor a row.
  spit(s1, "[]\n" + lines[0] + "\n");
  m = npuzzle("merge -o " + quote(path("m.jsonl")) + shards);
  EXPECT_EQ(m.code, 2);
  EXPECT_NE(m.err.find(s1 + ":1: neither the npuzzle batch CSV header nor a JSON Lines row"), std::string::npos)
      << m.err;
  EXPECT_FALSE(fs::exists(path("m.jsonl")));
}

}  // namespace
}  // namespace npuzzle
