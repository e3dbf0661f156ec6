// Solving a whole input into a CSV of results, as a plain library call:
// run_batch streams the input (a file of ten million lines starts at once,
// in bounded memory), solves the puzzles on a oneTBB pipeline
// (pipeline.h), writes each row as it is finished (results_file.h) and the
// provenance sidecar OUT.csv.json, and returns a summary.
//
// It installs no signal handler, sets no process-wide thread limit, prints
// nothing and returns no exit code: the caller raises BatchControl's flags
// (the CLI does on SIGINT/SIGTERM), hears BatchEvents (notices, FILE:LINE
// messages, progress), and maps the summary to an exit code.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "batch/pipeline.h"
#include "core/notation.h"
#include "io/moves_file.h"
#include "io/reader.h"
#include "search/engine.h"

namespace npuzzle {

// How each puzzle is solved and written.
struct RunConfig {
  SolveRequest request;               // its goal is set per input (effective_goal)
  std::optional<Goal> goal_override;  // --goal; otherwise the input's `# goal:` or blank-last
  Notation notation = Notation::kBlank;
  // Solutions longer than inline_limit moves go to side files (io/moves_file.h)
  // in solution_dir, and the CSV cell holds '@' and the file's path, relative
  // to reference_base when it is set. run_batch defaults solution_dir to
  // OUT.csv.moves and reference_base to OUT's directory.
  std::uint64_t inline_limit = kDefaultInlineLimit;
  std::string solution_dir;
  std::string reference_base;
  // IDA* checkpoints (search/checkpoint.h), one per puzzle, checkpoint_dir/ID.ckpt; empty: none.
  std::string checkpoint_dir;
};

// Writes a solution to its side file, config.solution_dir/side_file_name(id)
// (creating the directory), and sets *cell to the reference the CSV holds
// ("@" and the path, relative to config.reference_base when set). Empty on
// success, else what went wrong.
std::string write_side_file(const std::string& id, const MoveSequence& moves, const RunConfig& config,
                            std::string* cell);

// Solves one item for `goal`: the engine's checked answer, its CSV row and,
// for an invalid, unsolvable or unsupported puzzle, its FILE:LINE message.
void solve_item(BatchItem& item, const RunConfig& config, Goal goal);

// --shard K/N: the part of the input this run solves. Record i (0-based,
// counting every record of the input, malformed ones too) belongs to shard
// i mod N + 1 -- round robin, because it is
//   - stable: it depends on the input alone, not on timing or thread count;
//   - balanced by count: shard sizes differ by at most one, and a dataset
//     sorted by difficulty (gen --distance, a literature file) is spread
//     over all shards instead of leaving the hard end to the last one;
//   - streaming: no shard needs the input's length first (standard input
//     works), and merge can interleave complete shards back into input
//     order without reading the input again.
struct ShardSpec {
  std::uint64_t index = 0;  // K - 1
  std::uint64_t count = 1;  // N; 1 = the whole input
  bool holds(std::uint64_t record) const { return record % count == index; }
  // How many of the first `records` records belong to this shard.
  std::uint64_t size_of(std::uint64_t records) const {
    return records > index ? (records - index - 1) / count + 1 : 0;
  }
  // "K/N", as the sidecar records it.
  std::string label() const;
};
// Parses "K/N" with 1 <= K <= N (whole numbers, N < 2^32); nullopt otherwise.
std::optional<ShardSpec> parse_shard(const std::string& text);

struct BatchControl;

// Runs the stages of one batch: run_pipeline by default (all on this
// machine); npuzzle-mpi plugs in one that hands the puzzles to MPI ranks.
// Contract as run_pipeline's: every item the source gives reaches the sink
// once, in source order, solved unless kept; stop taking items when
// control.stop_intake is raised.
using BatchRunner =
    std::function<void(BatchSource& source, const SolveStage& solve, BatchSink& sink, int threads, BatchControl& control)>;

struct BatchConfig {
  RunConfig run;
  std::string input;   // a path, or "-" for standard input
  std::string output;  // the CSV; its provenance goes to OUTPUT.json
  ReadOptions read;
  int threads = 0;  // 0 = all cores
  // Threads per puzzle (parallel IDA*, search/parallel_ida_star.h): with
  // N > 1, threads / N puzzles (at least one) are in flight, each split.
  int intra_threads = 1;
  // With intra_threads 1: once the input is exhausted and fewer puzzles
  // than threads are left unsolved, their next IDA* iterations are split
  // over the arena's threads. Parallel IDA* gives the serial search's
  // results and node counts, so the CSV does not change; not with a node
  // limit (max_nodes), which a split search checks only approximately.
  bool tail_parallel = true;
  bool resume = false;
  ShardSpec shard;
  bool checkpoints = false;  // run.checkpoint_dir = OUT.csv.checkpoints
  std::string command_line;  // for provenance
  BatchRunner runner;        // empty = run_pipeline on `threads` threads
};

// Raised by the caller from any thread.
struct BatchControl {
  std::atomic<bool> stop_intake{false};  // take no new puzzles; those in flight finish
  std::atomic<bool> cancel{false};       // also stop the searches in flight (their rows are left for --resume)
};

// Called from the pipeline's threads; each must be thread-safe.
struct BatchEvents {
  std::function<void(const std::string&)> message;                // a notice or a FILE:LINE line
  std::function<void(std::optional<std::uint64_t>)> to_solve;     // how many will be solved, when known
  std::function<void()> puzzle_done;                              // one more finished (or cancelled)
};

struct BatchSummary {
  // Set when the run could not start (nothing was solved; exit 2 in the
  // CLI): the input or OUT could not be opened, or --resume did not match.
  std::string setup_error;
  // Set when the input turned bad part-way (a read error, past a bound):
  // the puzzles before it were solved and written.
  std::string input_error;
  std::string output_error;  // writing OUT failed part-way
  Goal goal = Goal::kBlankLast;
  int threads = 0;
  std::uint64_t puzzles = 0;        // read from the input (this shard's)
  std::uint64_t valid_puzzles = 0;  // of those, well-formed
  std::uint64_t input_puzzles = 0;  // read from the input, every shard's (= puzzles without --shard)
  std::uint64_t input_valid_puzzles = 0;
  std::uint64_t solved_now = 0;     // rows written by this run
  std::uint64_t kept = 0;           // rows of an earlier run kept (--resume)
  std::uint64_t unfinished = 0;     // cancelled in flight, or not read: left for --resume
  bool interrupted = false;         // the caller raised stop_intake
  bool input_left = false;          // interrupted before the whole input was read
  std::array<std::uint64_t, kStatusCount> by_status{};  // every row, kept or new, by engine status
  std::uint64_t expanded = 0;       // this run's searches
  std::uint64_t generated = 0;
  double search_seconds = 0;
  double wall_seconds = 0;

  std::uint64_t count(Status s) const { return by_status[static_cast<std::size_t>(s)]; }
};

BatchSummary run_batch(const BatchConfig& config, BatchControl& control, const BatchEvents& events = {});

// The RunConfig run_batch solves with: config.run with the output's
// defaults filled in (solution_dir OUT.csv.moves, references relative to
// OUT's directory), the per-search memory limit shared by `threads`, and
// control.cancel as the searches' cancel flag. For a solver that runs
// elsewhere (an MPI rank) with the same options.
RunConfig batch_run_config(const BatchConfig& config, Goal goal, int threads, BatchControl& control);

}  // namespace npuzzle
