// npuzzle-mpi batch under mpirun on this machine, against the ground truth
// of the single-process `npuzzle batch` run of the same input: the CSV must
// be the same in every column but `seconds` (and the sidecar's totals), with
// 2 and 3 ranks, and after a worker rank is killed mid-run and the job is
// finished with --resume.
#include <signal.h>

#include <chrono>
#include <fstream>
#include <set>
#include <thread>

#include "cli_support.h"

namespace npuzzle {
namespace {

#if defined(NPUZZLE_MPI_BINARY)
const std::string kMpiBinary = NPUZZLE_MPI_BINARY;
// What mpirun needs here: root (containers, CI) must allow itself; more
// ranks than cores must be allowed; shared memory (vader) without the
// single-copy mechanisms that containers forbid (CMA needs ptrace); the
// ob1 messaging layer, which skips UCX's probe of network devices (0.2 s of
// every MPI_Init here).
const std::string kMpirun = std::string(quote(NPUZZLE_MPIEXEC)) +
                            " --allow-run-as-root --oversubscribe --mca btl self,vader"
                            " --mca btl_vader_single_copy_mechanism none --mca pml ob1";
#endif

class Mpi : public Cli {
 protected:
  void SetUp() override {
#if !defined(NPUZZLE_MPI_BINARY)
    GTEST_SKIP() << "npuzzle-mpi was not built (no MPI found: apt-get install libopenmpi-dev openmpi-bin, "
                    "then reconfigure)";
#else
    Cli::SetUp();
#endif
  }

#if defined(NPUZZLE_MPI_BINARY)
  // `mpirun -np RANKS npuzzle-mpi ARGS` (shell text).
  std::string mpi_command(int ranks, const std::string& args) const {
    return kMpirun + " -np " + std::to_string(ranks) + " " + quote(kMpiBinary) + " " + args;
  }
  CliResult mpirun(int ranks, const std::string& args) { return shell(mpi_command(ranks, args)); }
#endif

  // Random 3x3 boards, 4x4 random walks and one malformed line.
  std::string write_input(int boards, int walks, int walk_length) {
    const CliResult g3 = npuzzle("gen --size 3x3 --count " + std::to_string(boards) + " --seed 21");
    const CliResult g4 = npuzzle("gen --size 4x4 --count " + std::to_string(walks) + " --walk " +
                                 std::to_string(walk_length) + " --seed 22");
    EXPECT_EQ(g3.code, 0) << g3.err;
    EXPECT_EQ(g4.code, 0) << g4.err;
    std::string text;
    for (const std::string& l : lines_of(g3.out)) {
      if (!l.empty() && l[0] != '#') text += l + "\n";
    }
    text += "broken 1 2 3\n";
    int n = 0;
    for (const std::string& l : lines_of(g4.out)) {
      if (!l.empty() && l[0] != '#') text += "w" + std::to_string(n++) + l.substr(l.find(' ')) + "\n";
    }
    spit(path("in.txt"), text);
    return quote(path("in.txt"));
  }
};

#if defined(NPUZZLE_MPI_BINARY)

TEST_F(Mpi, OneTwoAndThreeRanksReproduceTheSingleProcessRun) {
  const std::string in = write_input(300, 30, 40);
  const CliResult single = npuzzle("batch --threads 2 -i " + in + " -o " + quote(path("single.csv")));
  ASSERT_EQ(single.code, 1) << single.err;  // the malformed line
  const auto want = read_csv(slurp(path("single.csv")));
  ASSERT_EQ(want.size(), 331u);
  const Json single_sidecar = parse_json(slurp(path("single.csv.json")));
  for (int ranks : {1, 2, 3}) {  // 1: batch's pipeline inside npuzzle-mpi
    SCOPED_TRACE(std::to_string(ranks) + " ranks");
    const std::string out = path("mpi" + std::to_string(ranks) + ".csv");
    const CliResult r = mpirun(ranks, "batch --threads 1 -i " + in + " -o " + quote(out));
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find("in.txt:301: "), std::string::npos) << r.err;  // the malformed line, reported once
    expect_same_except_seconds(read_csv(slurp(out)), want);
    const Json sidecar = parse_json(slurp(out + ".json"));
    EXPECT_TRUE(sidecar["state"].is_string("complete"));
    for (const char* key : {"puzzles", "total_expanded", "total_generated"}) {
      EXPECT_EQ(sidecar[key].integer(), single_sidecar[key].integer()) << key;
    }
    for (const char* status : {"optimal", "unsolvable", "invalid"}) {
      EXPECT_EQ(sidecar["counts"][status].integer(), single_sidecar["counts"][status].integer()) << status;
    }
  }
}

TEST_F(Mpi, UsageErrorsAreRank0sExitCodeAndEveryRankEnds) {
  const CliResult r = mpirun(2, "batch --shard 5/4 -i nowhere.txt -o " + quote(path("o.csv")));
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("--shard takes K/N"), std::string::npos) << r.err;
  const CliResult missing = mpirun(2, "batch -i " + quote(path("nowhere.txt")) + " -o " + quote(path("o.csv")));
  EXPECT_EQ(missing.code, 2) << missing.err;
  EXPECT_NE(missing.err.find("nowhere.txt"), std::string::npos) << missing.err;
}

// The workers send their SolveReports to rank 0 as values (mpi/messages.h),
// which words every row, side file and message as the single process
// does: unsolvable boards with the other goal's flag, limits with their
// lower bound, solutions beyond --inline-limit in side files (moves two
// bits each over the wire), the tile notation, JSON Lines.
TEST_F(Mpi, ReportsBecomeTheSingleRunsRowsSideFilesAndMessages) {
  write_input(40, 20, 50);
  std::string text = slurp(path("in.txt"));
  // Blank-first boards: unsolvable for the blank-last goal, solvable for the other.
  const CliResult g = npuzzle("gen --size 4x4 --count 6 --walk 30 --seed 23 --goal blank-first");
  ASSERT_EQ(g.code, 0) << g.err;
  int n = 0;
  for (const std::string& l : lines_of(g.out)) {
    if (!l.empty() && l[0] != '#') text += "u" + std::to_string(n++) + l.substr(l.find(' ')) + "\n";
  }
  spit(path("in.txt"), text);
  const std::string in = quote(path("in.txt"));
  const std::string options =
      "--threads 1 --notation tile --inline-limit 20 --heuristic manhattan --max-nodes 200000 -i " + in;
  // The same name in two directories: side-file references are relative to OUT's directory.
  fs::create_directories(path("single"));
  fs::create_directories(path("mpi"));
  const CliResult single = npuzzle("batch " + options + " -o " + quote(path("single/out.jsonl")));
  ASSERT_EQ(single.code, 1) << single.err;
  const auto want = read_jsonl(slurp(path("single/out.jsonl")));
  ASSERT_EQ(want.size(), 67u);
  const CliResult r = mpirun(2, "batch " + options + " -o " + quote(path("mpi/out.jsonl")));
  EXPECT_EQ(r.code, 1) << r.err;
  const auto got = read_jsonl(slurp(path("mpi/out.jsonl")));
  expect_same_except_seconds(got, want);
  std::set<std::string> statuses;
  int side_files = 0;
  for (std::size_t i = 0; i < want.size() && i < got.size(); ++i) {
    statuses.insert(want[i][kStatus]);
    if (want[i][kSolution].empty() || want[i][kSolution][0] != '@') continue;
    ++side_files;
    const std::string file = want[i][kSolution].substr(1);
    EXPECT_EQ(slurp(path("mpi/" + file)), slurp(path("single/" + file))) << file;
    EXPECT_FALSE(slurp(path("mpi/" + file)).empty()) << file;
  }
  EXPECT_GT(side_files, 20);
  EXPECT_EQ(statuses, (std::set<std::string>{"optimal", "unsolvable", "invalid", "limit"}));
  // The same FILE:LINE messages, in the CLI's words.
  const auto messages = [&](const std::string& err) {
    std::set<std::string> lines;
    for (const std::string& line : lines_of(err)) {
      if (line.find(path("in.txt") + ":") == 0) lines.insert(line);
    }
    return lines;
  };
  EXPECT_EQ(messages(r.err), messages(single.err));
  EXPECT_EQ(messages(single.err).size(), 7u) << single.err;  // the malformed line and the six blank-first boards
  EXPECT_NE(single.err.find(": puzzle u0 is unsolvable for the blank-last goal (it is solvable for blank-first: "
                            "--goal blank-first)"),
            std::string::npos)
      << single.err;
  const CliResult v = npuzzle("verify -i " + in + " -r " + quote(path("mpi/out.jsonl")));
  EXPECT_EQ(v.code, 0) << v.out << v.err;
}

// The pid of the worker rank (rank 1) of the job writing `out`.
pid_t worker_pid(const std::string& out) {
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const std::string cmdline = slurp(entry.path().string() + "/cmdline");
    if (cmdline.find("npuzzle-mpi") == std::string::npos || cmdline.find(out) == std::string::npos) continue;
    const std::string environ = slurp(entry.path().string() + "/environ");
    if (environ.find(std::string("OMPI_COMM_WORLD_RANK=1") + '\0') != std::string::npos) return std::stoi(name);
  }
  return -1;
}

TEST_F(Mpi, KilledWorkerLosesOnlyItsChunksAndResumeFinishesTheJob) {
  // Long enough to be killed mid-run: 4x4 walks with Manhattan take
  // milliseconds to seconds each.
  const std::string in = write_input(50, 120, 70);
  const std::string options = "--threads 1 --heuristic manhattan --max-nodes 3000000 -i " + in;
  const CliResult single = npuzzle("batch " + options + " -o " + quote(path("single.csv")));
  ASSERT_LE(single.code, 1) << single.err;
  const auto want = read_csv(slurp(path("single.csv")));
  ASSERT_EQ(want.size(), 171u);

  const std::string out = path("mpi.csv");
  const std::string command = mpi_command(2, "batch " + options + " -o " + quote(out)) + " >" +
                              quote(path("run.out")) + " 2>" + quote(path("run.err"));
  const pid_t job = fork();
  if (job == 0) {
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  // Wait until rows are coming (past the 3x3 boards), then kill rank 1.
  pid_t worker = -1;
  for (int i = 0; i < 600; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (worker < 0) worker = worker_pid(out);
    if (worker > 0 && read_csv(slurp(out)).size() >= 60) break;
  }
  ASSERT_GT(worker, 0) << slurp(path("run.err"));
  const std::string state = slurp("/proc/" + std::to_string(worker) + "/stat");
  ASSERT_EQ(state.find(") Z "), std::string::npos) << "rank 1 had already finished: nothing to test";
  ASSERT_EQ(kill(worker, SIGKILL), 0);
  const Ended ended = wait_for(job);
  EXPECT_FALSE(ended.exited && ended.code == 0) << "mpirun should report the lost rank";

  // What was written is complete rows in input order, and not everything.
  const auto partial = read_csv(slurp(out));
  ASSERT_LT(partial.size(), want.size()) << "the job finished before the kill: nothing was tested";
  for (std::size_t i = 0; i < partial.size(); ++i) {
    EXPECT_EQ(partial[i][kId], want[i][kId]) << i;
    EXPECT_EQ(partial[i][kExpanded], want[i][kExpanded]) << i;
  }
  const CliResult resumed = mpirun(2, "batch --resume " + options + " -o " + quote(out));
  EXPECT_LE(resumed.code, 1) << resumed.err;
  EXPECT_NE(resumed.err.find(std::to_string(partial.size()) + " earlier rows kept"), std::string::npos)
      << resumed.err;
  expect_same_except_seconds(read_csv(slurp(out)), want);
}

#else

TEST_F(Mpi, Skipped) {}

#endif

}  // namespace
}  // namespace npuzzle
