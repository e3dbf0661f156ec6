// Solving a whole input into a file of results, as a plain library call:
// run_batch streams the input (a file of ten million lines starts at once,
// in bounded memory), builds the tables an explicit heuristic misses (one
// step, before any puzzle), solves the puzzles on a oneTBB pipeline
// (pipeline.h) whose items stay values until the sink, which writes each
// row as it is finished (CSV or JSON Lines, results_file.h) with its side
// files, and the provenance sidecar OUT.json, and returns a summary.
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
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "batch/pipeline.h"
#include "core/notation.h"
#include "io/moves_file.h"
#include "io/reader.h"
#include "io/result_row.h"
#include "search/engine.h"

namespace npuzzle {

// How the results are written (the sink's business: the pipeline carries
// values, batch/pipeline.h).
struct OutputOptions {
  ResultFormat format = ResultFormat::kCsv;
  Notation notation = Notation::kBlank;
  // Solutions longer than inline_limit moves go to side files (io/moves_file.h)
  // in solution_dir, and the row holds '@' and the file's path, relative to
  // reference_base when it is set. run_batch defaults solution_dir to
  // OUT.moves and reference_base to OUT's directory.
  std::uint64_t inline_limit = kDefaultInlineLimit;
  std::string solution_dir;
  std::string reference_base;
};

// A finished item as a row: the one place that says what each column holds
// (status names, the lower bound's rule, the solution cell). `solution` is
// the cell: the moves in the output's notation, or a side file's reference.
ResultRow result_row(const BatchItem& item, const SolveRequest& request, std::string solution);
// The lower bound a row reports: the proven one, except where there is
// nothing to bound (invalid, unsupported, unsolvable) or none is known.
std::optional<std::int64_t> reported_lower_bound(const SolveResult& result);
// "FILE:LINE: what" for an invalid, unsolvable or unsupported puzzle, worded
// in `vocabulary`; empty for the others.
std::string item_message(const BatchItem& item, const Vocabulary& vocabulary);

// Writes a solution to its side file, output.solution_dir/side_file_name(id)
// (creating the directory), and sets *cell to the reference the row holds
// ("@" and the path, relative to output.reference_base when set). Empty on
// success, else what went wrong.
std::string write_side_file(const std::string& id, const MoveSequence& moves, const OutputOptions& output,
                            std::string* cell);

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
  SolveRequest request;               // its goal is set per input (effective_goal)
  std::optional<Goal> goal_override;  // otherwise the input's `# goal:` or blank-last
  OutputOptions out;                  // its format defaults to OUTPUT's name (result_format_of)
  std::string input;   // a path, or "-" for standard input
  std::string output;  // the results; their provenance goes to OUTPUT.json
  ReadOptions read;
  int threads = 0;  // 0 = all cores
  // Threads per puzzle (parallel IDA*, search/parallel_ida_star.h): with
  // N > 1, threads / N puzzles (at least one) are in flight, each split.
  int intra_threads = 1;
  // With intra_threads 1: once the input is exhausted and fewer puzzles
  // than threads are left unsolved, their next IDA* iterations are split
  // over the arena's threads. Parallel IDA* gives the serial search's
  // results and node counts, so the results do not change; not with a node
  // limit (max_nodes), which a split search checks only approximately.
  bool tail_parallel = true;
  bool resume = false;
  ShardSpec shard;
  bool checkpoints = false;  // IDA* checkpoints in OUTPUT.checkpoints/ID.ckpt
  std::string command_line;  // for provenance
  BatchRunner runner;        // empty = run_pipeline on `threads` threads
  // How messages name options (--goal, goal=...): the front end's.
  const Vocabulary* vocabulary = &neutral_vocabulary();
};

// Raised by the caller from any thread.
struct BatchControl {
  std::atomic<bool> stop_intake{false};  // take no new puzzles; those in flight finish
  std::atomic<bool> cancel{false};       // also stop the searches in flight (their rows are left for --resume)
};

// Called from the pipeline's threads; each must be thread-safe.
struct BatchEvents {
  std::function<void(const std::string&)> message;  // what is wrong with a puzzle: "FILE:LINE: what"
  std::function<void(const std::string&)> note;     // for a person: resuming, checkpoints, a warning
  std::function<void(std::optional<std::uint64_t>)> to_solve;     // how many will be solved, when known
  std::function<void()> puzzle_done;                              // one more finished (or cancelled)
  // `auto` chose for a shape and goal: once per shape and goal in a run.
  std::function<void(int rows, int cols, Goal goal, const AutoChoice& choice)> auto_chosen;
  // The build step, before any puzzle is solved: `spec` misses `tables` for
  // the first puzzle's shape, which are built now.
  std::function<void(const std::string& spec, int rows, int cols, Goal goal, const std::vector<std::string>& tables)>
      building;
};

struct BatchSummary {
  // Set when the run could not start (nothing was solved; exit 2 in the
  // CLI): the input or OUT could not be opened, --resume did not match, or
  // a table could not be built.
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

// The solve stage of a batch: each item solved with the config's request
// for the item's goal, the heuristic resolved once per shape and goal (and only
// loaded: the build step ran before), a checkpoint per puzzle when asked,
// the searches' cancel flag control.cancel, and the per-search memory limit
// shared by `threads`. Thread-safe. npuzzle-mpi's ranks make their own.
class ItemSolver {
 public:
  ItemSolver(const BatchConfig& config, Goal goal, int threads, BatchControl& control);
  ~ItemSolver();
  ItemSolver(const ItemSolver&) = delete;
  ItemSolver& operator=(const ItemSolver&) = delete;

  void solve(BatchItem& item) const;
  SolveRequest& request() { return request_; }
  const SolveRequest& request() const { return request_; }

 private:
  Resolution resolution_for(int rows, int cols, Goal goal) const;

  SolveRequest request_;
  std::string checkpoint_dir_;
  const Vocabulary& vocabulary_;
  struct Resolutions;
  std::unique_ptr<Resolutions> resolutions_;
};

}  // namespace npuzzle
