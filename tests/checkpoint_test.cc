// Resumable IDA* (search/checkpoint.h) through the CLI: a 4x4 search cut
// off by a node limit after some iterations, then restarted from its
// checkpoint, ends with the length and node counts of an uninterrupted run
// (batch --checkpoints and solve --checkpoint), also when the restart runs
// on two threads, or cut off in the middle of an iteration on two threads
// and restarted on one; a checkpoint of another board, other options or
// another move-pruning machine depth, or with a damaged line, is refused
// with a message.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "cli_support.h"
#include "search/move_fsm.h"
#include "test_support.h"

namespace npuzzle {
namespace {

std::string korf_line(std::size_t index) {
  const auto korf = testing::korf100();
  std::string line = std::to_string(korf[index].id);
  for (auto t : korf[index].tiles) line += " " + std::to_string(t);
  return "# goal: blank-first\n" + line + "\n";
}

// "  nodes:     E expanded, G generated" of solve's text output.
std::string nodes_line(const std::string& out) {
  const auto at = out.find("nodes:");
  return at == std::string::npos ? "" : out.substr(at, out.find('\n', at) - at);
}

class Checkpoints : public Cli {
 protected:
  // Korf's #2 (55 moves) through `batch OPTIONS` on one thread, whole; then
  // cut off a third of the way with --checkpoints (some iterations are
  // complete); then restarted without the limit on `restart_threads`
  // threads (a fresh CSV, the same checkpoint directory): the restart says
  // it resumed, and its row equals the whole run's, which is left in `whole`.
  void expect_batch_resumes_as_whole(const std::string& options, int restart_threads,
                                     std::vector<std::string>& whole) {
    spit(path("one.txt"), korf_line(1));
    const std::string batch = "batch --no-progress -i " + quote(path("one.txt")) + options;
    const CliResult full = npuzzle(batch + " --threads 1 -o " + quote(path("full.csv")));
    ASSERT_EQ(full.code, 0) << full.err;
    const auto rows = read_csv(slurp(path("full.csv")));
    ASSERT_EQ(rows.size(), 1u);
    ASSERT_EQ(rows[0][kLength], "55");
    whole = rows[0];

    const std::string limit = " --max-nodes " + std::to_string(std::stoull(whole[kExpanded]) / 3);
    const CliResult cut = npuzzle(batch + " --threads 1" + limit + " --checkpoints -o " + quote(path("part.csv")));
    EXPECT_EQ(cut.code, 1) << cut.err;
    const auto cut_rows = read_csv(slurp(path("part.csv")));
    ASSERT_EQ(cut_rows.size(), 1u);
    EXPECT_EQ(cut_rows[0][kStatus], "limit");
    const std::string checkpoint = path("part.csv.checkpoints/2.ckpt");
    ASSERT_TRUE(std::filesystem::exists(checkpoint));
    const std::string saved = slurp(checkpoint);
    EXPECT_NE(saved.find("completed_bound: "), std::string::npos) << saved;
    EXPECT_NE(saved.find("heuristic: linear-conflict"), std::string::npos) << saved;

    std::filesystem::remove(path("part.csv"));
    const CliResult again = npuzzle(batch + " --threads " + std::to_string(restart_threads) +
                                    " --checkpoints -o " + quote(path("part.csv")));
    ASSERT_EQ(again.code, 0) << again.err;
    EXPECT_NE(again.err.find("npuzzle: puzzle 2 resumed from " + checkpoint + " at bound "), std::string::npos)
        << again.err;
    const auto resumed = read_csv(slurp(path("part.csv")));
    ASSERT_EQ(resumed.size(), 1u);
    EXPECT_EQ(resumed[0][kStatus], "optimal");
    EXPECT_EQ(resumed[0][kLength], whole[kLength]);
    EXPECT_EQ(resumed[0][kExpanded], whole[kExpanded]);
    EXPECT_EQ(resumed[0][kGenerated], whole[kGenerated]);
    EXPECT_EQ(resumed[0][kSolution], whole[kSolution]);
    EXPECT_FALSE(std::filesystem::exists(checkpoint)) << "removed once solved";
  }
};

TEST_F(Checkpoints, InterruptedSearchResumesToTheSameCounts) {
  std::vector<std::string> whole;
  ASSERT_NO_FATAL_FAILURE(expect_batch_resumes_as_whole(" --heuristic linear-conflict", 1, whole));

  // solve --checkpoint: the same, twice cut off, and its closing counts (the
  // last run on all cores: parallel IDA*, resumed).
  const std::string solve = "solve --heuristic linear-conflict --goal blank-first " + quote(path("one.txt")) +
                            " --checkpoint " + quote(path("solve.ckpt"));
  const std::string step = " --max-nodes " + std::to_string(std::stoull(whole[kExpanded]) / 4);
  const CliResult first = npuzzle(solve + step);
  EXPECT_EQ(first.code, 1) << first.err;
  ASSERT_TRUE(std::filesystem::exists(path("solve.ckpt")));
  const CliResult second = npuzzle(solve + step);
  EXPECT_NE(second.err.find("resumed from"), std::string::npos) << second.err;
  const CliResult last = npuzzle(solve);
  ASSERT_EQ(last.code, 0) << last.err;
  EXPECT_NE(last.err.find("resumed from"), std::string::npos) << last.err;
  EXPECT_EQ(nodes_line(last.out),
            "nodes:     " + whole[kExpanded] + " expanded, " + whole[kGenerated] + " generated");
}

// A lone puzzle on two threads (parallel IDA*, split once the input is
// exhausted) with the move-pruning machine: cut off on one thread, resumed
// on two, it ends with the counts and moves of an uninterrupted run on one.
TEST_F(Checkpoints, ResumesOnTwoThreadsWithTheMovePruningMachine) {
  std::vector<std::string> whole;
  ASSERT_NO_FATAL_FAILURE(expect_batch_resumes_as_whole(" --heuristic linear-conflict --prune fsm", 2, whole));
  EXPECT_NE(slurp(path("part.csv.json")).find("\"prune\": \"fsm\""), std::string::npos);
  EXPECT_NE(slurp(path("part.csv.json")).find("\"fsm_depth\": 0"), std::string::npos);
}

TEST_F(Cli, ACheckpointOfAnotherBoardOrOtherOptionsIsRefused) {
  spit(path("a.txt"), korf_line(1));
  spit(path("b.txt"), korf_line(3));
  const std::string ckpt = " --checkpoint " + quote(path("x.ckpt"));
  const CliResult cut =
      npuzzle("solve --heuristic linear-conflict --max-nodes 100000 " + quote(path("a.txt")) + ckpt);
  EXPECT_EQ(cut.code, 1) << cut.err;
  ASSERT_TRUE(std::filesystem::exists(path("x.ckpt")));
  const CliResult other_board = npuzzle("solve --heuristic linear-conflict " + quote(path("b.txt")) + ckpt);
  EXPECT_EQ(other_board.code, 1);
  EXPECT_NE(other_board.err.find("the checkpoint is for another board"), std::string::npos) << other_board.err;
  const CliResult other_options = npuzzle("solve --heuristic manhattan " + quote(path("a.txt")) + ckpt);
  EXPECT_EQ(other_options.code, 1);
  EXPECT_NE(other_options.err.find("written with --heuristic linear-conflict, this run has manhattan"),
            std::string::npos)
      << other_options.err;
  EXPECT_TRUE(std::filesystem::exists(path("x.ckpt"))) << "a refused checkpoint is kept";
}

// The machine's depth decides the counts, so a checkpoint records it and one
// from another depth, or from before the depth was recorded, is refused.
TEST_F(Cli, ACheckpointOfAnotherMachineDepthIsRefused) {
  spit(path("a.txt"), korf_line(1));
  const std::string run = "solve --heuristic linear-conflict --prune fsm " + quote(path("a.txt")) + " --checkpoint " +
                          quote(path("x.ckpt"));
  const CliResult cut = npuzzle(run + " --max-nodes 100000");
  EXPECT_EQ(cut.code, 1) << cut.err;
  const std::string saved = slurp(path("x.ckpt"));
  const std::string ours = "fsm_depth: " + std::to_string(default_fsm_depth(16)) + "\n";
  const auto at = saved.find(ours);
  ASSERT_NE(at, std::string::npos) << saved;

  spit(path("x.ckpt"), std::string(saved).replace(at, ours.size(), "fsm_depth: 7\n"));
  const CliResult other_depth = npuzzle(run);
  EXPECT_EQ(other_depth.code, 1);
  EXPECT_NE(other_depth.err.find("written with a move-pruning machine 7 moves deep, this run's is " +
                                 std::to_string(default_fsm_depth(16))),
            std::string::npos)
      << other_depth.err;

  spit(path("x.ckpt"), std::string(saved).erase(at, ours.size()));
  const CliResult unrecorded = npuzzle(run);
  EXPECT_EQ(unrecorded.code, 1);
  EXPECT_NE(unrecorded.err.find("does not say how deep its move-pruning machine was"), std::string::npos)
      << unrecorded.err;

  spit(path("x.ckpt"), saved);
  const CliResult resumed = npuzzle(run);
  EXPECT_EQ(resumed.code, 0) << resumed.err;
}

// --fsm-depth: a checkpoint written with a machine of another depth than the
// default says so, is refused by a run at the default depth (naming the
// option that resumes it), and resumed by one with that option, ending with
// the length and counts of an uninterrupted run at that depth, which differ
// from the default depth's.
TEST_F(Cli, ACheckpointOfAChosenMachineDepthResumesWithThatDepth) {
  spit(path("a.txt"), korf_line(1));
  const std::string board = " " + quote(path("a.txt"));
  const std::string ckpt = " --checkpoint " + quote(path("x.ckpt"));
  const std::string base = "solve --heuristic linear-conflict --prune fsm";
  const CliResult whole = npuzzle(base + " --fsm-depth 6" + board);
  ASSERT_EQ(whole.code, 0) << whole.err;
  EXPECT_NE(whole.out.find("length:    55 moves"), std::string::npos) << whole.out;
  const CliResult default_depth = npuzzle(base + board);
  ASSERT_EQ(default_depth.code, 0) << default_depth.err;
  ASSERT_NE(nodes_line(whole.out), "");
  EXPECT_NE(nodes_line(whole.out), nodes_line(default_depth.out)) << "the depth decides the counts";

  const CliResult cut = npuzzle(base + " --fsm-depth 6 --max-nodes 100000" + board + ckpt);
  EXPECT_EQ(cut.code, 1) << cut.err;
  EXPECT_NE(slurp(path("x.ckpt")).find("fsm_depth: 6\n"), std::string::npos) << slurp(path("x.ckpt"));
  const CliResult refused = npuzzle(base + board + ckpt);
  EXPECT_EQ(refused.code, 1);
  EXPECT_NE(refused.err.find("6 moves deep, this run's is " + std::to_string(default_fsm_depth(16)) +
                             " (--fsm-depth 6 resumes it)"),
            std::string::npos)
      << refused.err;
  const CliResult resumed = npuzzle(base + " --fsm-depth 6" + board + ckpt);
  ASSERT_EQ(resumed.code, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("resumed from"), std::string::npos) << resumed.err;
  EXPECT_EQ(nodes_line(resumed.out), nodes_line(whole.out));
  EXPECT_NE(resumed.out.find("length:    55 moves"), std::string::npos) << resumed.out;
}

// Parallel IDA* also checkpoints the part of an iteration it has done
// (every minute, and when a limit stops it): cut off mid-iteration on two
// threads, the restart (here on one) says how many of the iteration's
// subtrees it takes from the file and ends with an uninterrupted run's
// length and counts. A damaged subtree line is refused with its line.
TEST_F(Cli, ACheckpointWrittenDuringAnIterationResumesItsSubtrees) {
  spit(path("a.txt"), korf_line(1));
  const std::string run = "solve --heuristic linear-conflict " + quote(path("a.txt"));
  const std::string ckpt = " --checkpoint " + quote(path("x.ckpt"));
  const CliResult whole = npuzzle(run + " --intra-threads 1");
  ASSERT_EQ(whole.code, 0) << whole.err;
  const std::string nodes = nodes_line(whole.out);
  ASSERT_NE(nodes, "");
  const std::uint64_t expanded = std::stoull(nodes.substr(nodes.find_first_of("0123456789")));

  const CliResult cut = npuzzle(run + " --intra-threads 2 --max-nodes " + std::to_string(expanded / 2) + ckpt);
  EXPECT_EQ(cut.code, 1) << cut.err;
  const std::string saved = slurp(path("x.ckpt"));
  ASSERT_NE(saved.find("\npartial_subtrees: "), std::string::npos) << saved;
  const auto first_subtree = saved.find("\nsubtree: ");
  ASSERT_NE(first_subtree, std::string::npos) << saved;
  const auto subtrees_in = [](const std::string& checkpoint) {
    std::size_t count = 0;
    std::istringstream lines(checkpoint);
    for (std::string text; std::getline(lines, text);) count += text.rfind("subtree: ", 0) == 0;
    return count;
  };
  const std::size_t done = subtrees_in(saved);
  ASSERT_GT(done, 0u);

  const int line = static_cast<int>(std::count(saved.begin(), saved.begin() + first_subtree + 1, '\n')) + 1;
  spit(path("x.ckpt"), std::string(saved).insert(first_subtree + 10, "x"));
  const CliResult damaged = npuzzle(run + " --intra-threads 1" + ckpt);
  EXPECT_EQ(damaged.code, 1);
  EXPECT_NE(damaged.err.find(path("x.ckpt") + ":" + std::to_string(line) +
                             ": expected 'subtree: INDEX NEXT_BOUND EXPANDED GENERATED'"),
            std::string::npos)
      << damaged.err;

  // A second piece, cut soon after it starts (so almost always in the same
  // iteration), keeps the first's completed bound in its checkpoint (the
  // iterations before it are still done), never -1, and keeps its subtrees.
  spit(path("x.ckpt"), saved);
  const CliResult second = npuzzle(run + " --intra-threads 2 --max-nodes " + std::to_string(expanded / 100) + ckpt);
  EXPECT_EQ(second.code, 1) << second.err;
  const std::string again = slurp(path("x.ckpt"));
  const auto completed = [](const std::string& text) {
    const auto at = text.find("\ncompleted_bound: ");
    return at == std::string::npos ? -2 : std::stoi(text.substr(at + 18));
  };
  ASSERT_GE(completed(saved), 0) << "the first cut comes after completed iterations";
  EXPECT_GE(completed(again), completed(saved)) << again;
  const std::size_t done_again = subtrees_in(again);
  if (completed(again) == completed(saved)) {
    EXPECT_GE(done_again, done) << "the saved subtrees are kept";
  }

  const CliResult resumed = npuzzle(run + " --intra-threads 1" + ckpt);
  ASSERT_EQ(resumed.code, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("(" + std::to_string(done_again) + " of its subtrees already searched)"),
            std::string::npos)
      << resumed.err;
  EXPECT_EQ(nodes_line(resumed.out), nodes);
  EXPECT_NE(resumed.out.find("length:    55 moves"), std::string::npos) << resumed.out;
  EXPECT_FALSE(std::filesystem::exists(path("x.ckpt"))) << "removed once solved";
}

}  // namespace
}  // namespace npuzzle
