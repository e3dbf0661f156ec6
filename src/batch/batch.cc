#include "batch/batch.h"

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <cstdio>
#include <fstream>
#include <memory>
#include <thread>
#include <vector>

#include "batch/provenance.h"
#include "batch/results_file.h"
#include "io/json.h"

namespace npuzzle {

std::string ShardSpec::label() const { return std::to_string(index + 1) + "/" + std::to_string(count); }

std::optional<ShardSpec> parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  if (slash == std::string::npos) return std::nullopt;
  auto whole = [](std::string_view digits) -> std::optional<std::uint64_t> {
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
    return value;
  };
  const auto k = whole(std::string_view(text).substr(0, slash));
  const auto n = whole(std::string_view(text).substr(slash + 1));
  if (!k || !n || *n < 1 || *n >= (std::uint64_t{1} << 32) || *k < 1 || *k > *n) return std::nullopt;
  return ShardSpec{*k - 1, *n};
}

std::string write_side_file(const std::string& id, const MoveSequence& moves, const RunConfig& config,
                            std::string* cell) {
  namespace fs = std::filesystem;
  const fs::path dir = config.solution_dir.empty() ? fs::path(".") : fs::path(config.solution_dir);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (!fs::is_directory(dir)) return dir.string() + ": cannot create the solution directory";
  const fs::path path = dir / side_file_name(id);
  if (std::string error = write_moves_file(path.string(), moves, config.notation); !error.empty()) return error;
  fs::path reference = path;
  if (!config.reference_base.empty()) {
    const fs::path relative = fs::proximate(path, config.reference_base, ec);
    if (!ec) reference = relative;
  }
  *cell = std::string(1, kSideFileMark) + reference.generic_string();
  return {};
}

void solve_item(BatchItem& item, const RunConfig& config, Goal goal) {
  const PuzzleRecord& record = item.record;
  CsvRow& row = item.row;
  row.id = record.id;
  row.rows = record.rows ? std::to_string(record.rows) : "";
  row.cols = record.cols ? std::to_string(record.cols) : "";
  row.algorithm = algorithm_name(config.request.algorithm);
  row.heuristic = config.request.heuristic.label(config.request.tables.reflect);
  SolveResult& r = item.report.result;
  if (!record.board) {
    r.status = Status::kInvalid;
    item.message = record.error;
  } else {
    SolveRequest request = config.request;
    request.goal = goal;
    if (!config.checkpoint_dir.empty()) {
      std::string name = side_file_name(record.id);
      name.replace(name.size() - std::string_view(".moves").size(), std::string::npos, ".ckpt");
      request.checkpoint = config.checkpoint_dir + "/" + name;
    }
    item.report = solve_checked(*record.board, request);
    row.heuristic = item.report.heuristic;
    // Said once per puzzle, through the notice the sink prints.
    std::string& notice = item.report.notice;
    if (item.report.resumed_at) {
      notice += (notice.empty() ? "" : "\n") + std::string("npuzzle: puzzle ") + record.id + " resumed from " +
                request.checkpoint + " " + resume_description(item.report);
    }
    if (!item.report.checkpoint_warning.empty()) {
      notice += (notice.empty() ? "" : "\n") + std::string("npuzzle: warning: ") + item.report.checkpoint_warning;
    }
    if (r.status == Status::kUnsolvable) {
      item.message = record_location(record) + ": puzzle " + record.id + " is " + item.report.explanation;
    } else if (r.status == Status::kInvalid || r.status == Status::kUnsupported) {
      item.message = record_location(record) + ": " + item.report.explanation;
    }
  }
  row.status = csv_status_name(r.status);
  if (r.status == Status::kOptimal || r.status == Status::kSolved) {
    row.length = std::to_string(r.length);
    if (r.moves.size() <= config.inline_limit) {
      row.solution = format_moves(r.moves, config.notation);
    } else if (std::string error = write_side_file(record.id, r.moves, config, &row.solution); !error.empty()) {
      r.status = Status::kInvalid;
      r.message = error;
      item.report.explanation = error;
      item.message = error;
      row.status = csv_status_name(r.status);
      row.length.clear();
    }
  }
  if (r.status != Status::kInvalid && r.status != Status::kUnsupported && r.status != Status::kUnsolvable &&
      r.lower_bound >= 0) {
    row.lower_bound = std::to_string(r.lower_bound);
  }
  row.expanded = std::to_string(r.expanded);
  row.generated = std::to_string(r.generated);
  char seconds[32];  // as "%.6f", without printf's cost per row
  const auto written = std::to_chars(seconds, seconds + sizeof seconds, r.seconds, std::chars_format::fixed, 6);
  row.seconds.assign(seconds, written.ptr);
}

namespace {

// The status a kept row was written with (CSV names; `invalid` covers unsupported).
Status status_of_row(const CsvRow& row) {
  for (int s = 0; s < kStatusCount; ++s) {
    if (row.status == status_name(static_cast<Status>(s))) return static_cast<Status>(s);
  }
  return Status::kInvalid;
}

// Streams the input; with --resume, earlier rows for the same ids are
// passed through instead of being solved again. A read error or a passed
// bound ends the input there (input_error), and the puzzles before it still
// reach the sink.
class FileSource : public BatchSource {
 public:
  FileSource(PuzzleReader& reader, ShardSpec shard, Goal goal, ResultsFile* previous, BatchSummary& summary)
      : reader_(reader), shard_(shard), goal_(goal), previous_(previous), summary_(summary) {}

  // The first record, read ahead so that a pipe's `# goal:` comment is known.
  void put_back(PuzzleRecord record) { pending_ = std::move(record); }

  bool next(BatchItem& item) override {
    // Records of other shards are read and counted, then skipped.
    for (;;) {
      if (exhausted_) return false;
      if (pending_) {
        item.record = std::move(*pending_);
        pending_.reset();
      } else {
        try {
          if (!reader_.next(item.record)) {
            exhausted_ = true;
            return false;
          }
        } catch (const InputError& e) {
          summary_.input_error = e.what();
          exhausted_ = true;
          return false;
        }
      }
      const std::uint64_t position = index_++;
      ++summary_.input_puzzles;
      if (item.record.board) ++summary_.input_valid_puzzles;
      if (!shard_.holds(position)) continue;
      item.index = position;
      item.goal = goal_;
      ++summary_.puzzles;
      if (item.record.board) ++summary_.valid_puzzles;
      if (previous_ && previous_->take_previous(item.record.id, &item.row)) item.kept = true;
      return true;
    }
  }

  bool exhausted() const { return exhausted_; }

 private:
  PuzzleReader& reader_;
  const ShardSpec shard_;
  const Goal goal_;
  ResultsFile* previous_;
  BatchSummary& summary_;
  std::optional<PuzzleRecord> pending_;
  std::uint64_t index_ = 0;
  bool exhausted_ = false;
};

// Raises `tail` once the input is exhausted and fewer puzzles than threads
// are left to solve (BatchConfig::tail_parallel): from then on their
// searches split their iterations over the idle threads.
class TailWatch {
 public:
  explicit TailWatch(int threads) : threads_(threads) {}
  void taken() { pending_.fetch_add(1); }
  void solved() {
    pending_.fetch_sub(1);
    check();
  }
  void input_done() {
    input_done_.store(true);
    check();
  }
  const std::atomic<bool>& tail() const { return tail_; }

 private:
  void check() {
    if (input_done_.load() && pending_.load() < threads_) tail_.store(true);
  }
  const int threads_;
  std::atomic<std::int64_t> pending_{0};  // taken from the input, not yet solved
  std::atomic<bool> input_done_{false};
  std::atomic<bool> tail_{false};
};

// The source, telling a TailWatch what it hands out.
class WatchedSource : public BatchSource {
 public:
  WatchedSource(BatchSource& source, TailWatch& watch) : source_(source), watch_(watch) {}
  bool next(BatchItem& item) override {
    if (!source_.next(item)) {
      watch_.input_done();
      return false;
    }
    if (!item.kept) watch_.taken();
    return true;
  }

 private:
  BatchSource& source_;
  TailWatch& watch_;
};

// Writes each finished row and keeps the totals from the results. A fresh
// run holds no rows; a resumed one holds them all, to put the file back in
// input order at the end.
class CsvSink : public BatchSink {
 public:
  CsvSink(ResultsFile& file, bool keep_rows, BatchControl& control, const BatchEvents& events, BatchSummary& summary)
      : file_(file), keep_rows_(keep_rows), control_(control), events_(events), summary_(summary) {}

  void accept(BatchItem& item) override {
    if (item.kept) {
      ++summary_.kept;
      ++summary_.by_status[static_cast<std::size_t>(status_of_row(item.row))];
      if (keep_rows_) rows_.push_back(std::move(item.row));
      return;
    }
    if (events_.puzzle_done) events_.puzzle_done();
    const SolveResult& r = item.report.result;
    if (r.status == Status::kCancelled) {  // left for --resume
      ++summary_.unfinished;
      return;
    }
    if (events_.message) {
      if (!item.report.notice.empty()) events_.message(item.report.notice);
      if (!item.message.empty()) events_.message(item.message);
    }
    ++summary_.solved_now;
    ++summary_.by_status[static_cast<std::size_t>(r.status)];
    summary_.expanded += r.expanded;
    summary_.generated += r.generated;
    summary_.search_seconds += r.seconds;
    if (!summary_.output_error.empty()) return;
    try {
      file_.append(item.row);
    } catch (const OutputError& e) {
      // The rows in flight could not be written either: stop them.
      summary_.output_error = e.what();
      control_.stop_intake.store(true);
      control_.cancel.store(true);
    }
    if (keep_rows_) rows_.push_back(std::move(item.row));
  }

  const std::vector<CsvRow>& rows() const { return rows_; }

 private:
  ResultsFile& file_;
  const bool keep_rows_;
  BatchControl& control_;
  const BatchEvents& events_;
  BatchSummary& summary_;
  std::vector<CsvRow> rows_;
};

JsonObject options_json(const BatchConfig& c, const RunConfig& run, const BatchSummary& s) {
  const SolveRequest& request = c.run.request;
  JsonObject o;
  o.add("input", c.input);
  o.add("goal", goal_name(s.goal));
  o.add("algorithm", algorithm_name(request.algorithm));
  o.add("heuristic", request.heuristic.label(request.tables.reflect));
  o.add("weight", request.weight);
  o.add("prune", move_pruning_name(request.pruning));
  if (request.pruning == MovePruning::kFsm) o.add("fsm_depth", request.fsm_depth);  // 0: the shape's default
  o.add("bound_growth", request.bound_growth);
  if (request.heuristic.mode == HeuristicSpec::Mode::kPdb) o.add("pdb_dir", request.tables.cache.directory());
  o.add("notation", notation_name(c.run.notation));
  o.add("inline_limit", run.inline_limit);
  o.add("solution_dir", run.solution_dir);
  o.add("time_limit_seconds", request.limits.seconds);
  o.add("max_nodes", request.limits.max_nodes);
  o.add("memory_limit_bytes", run.request.limits.memory_bytes);
  if (request.tables.cache.budget) o.add("memory_budget_bytes", request.tables.cache.budget->limit());
  o.add("threads", s.threads);
  o.add("intra_threads", c.intra_threads);
  o.add("tail_parallel", c.tail_parallel);
  o.add("resume", c.resume);
  o.add("shard", c.shard.label());
  o.add("checkpoints", c.checkpoints);
  return o;
}

// Returns a warning when the sidecar could not be written, else "".
std::string write_sidecar(const BatchConfig& c, const RunConfig& run, const std::string& started, const char* state,
                          const BatchSummary& s) {
  JsonObject counts;
  for (int i = 0; i < static_cast<int>(Status::kUnsupported); ++i) {
    const auto status = static_cast<Status>(i);
    std::uint64_t n = s.count(status);
    if (status == Status::kInvalid) n += s.count(Status::kUnsupported);  // as the CSV writes them
    counts.add(std::string(status_name(status)), n);
  }
  counts.add("unsupported", s.count(Status::kUnsupported));
  const SolveRequest& request = c.run.request;
  JsonObject j;
  j.add("tool", "npuzzle");
  j.add("version", npuzzle_version());
  j.add("git_revision", git_revision());
  j.add("command_line", c.command_line);
  j.add("state", state);
  j.add("options", options_json(c, run, s));
  j.add("goal", goal_name(s.goal));
  j.add("notation", notation_name(c.run.notation));
  j.add("shard", c.shard.label());
  j.add("threads", s.threads);
  j.add("machine", machine_info());
  j.add("start_time", started);
  j.add("end_time", utc_now());
  j.add("puzzles", s.puzzles);
  j.add("input_puzzles", s.input_puzzles);
  j.add("counts", counts);
  j.add("total_expanded", s.expanded);
  j.add("total_generated", s.generated);
  j.add("search_seconds", s.search_seconds);
  if (request.tables.cache.budget) j.add("memory_budget_peak_bytes", request.tables.cache.budget->peak());
  j.add("wall_seconds", s.wall_seconds);
  struct stat st {};
  if (stat(c.output.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) return {};  // OUT is a pipe or a device
  const std::string path = c.output + ".json";
  const std::string temporary = path + ".tmp";
  std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
  out << j.dump() << "\n";
  out.close();
  if (!out || std::rename(temporary.c_str(), path.c_str()) != 0) return "npuzzle: warning: could not write " + path;
  return {};
}

// Why OUT's earlier rows cannot be resumed by this run, or "". Rows are
// only comparable (and `verify`, which reads the notation and goal from the
// sidecar, only right) when the goal, notation, algorithm and heuristic are
// the same; limits and threads may change.
std::string resume_mismatch(const BatchConfig& c, Goal goal) {
  const std::string sidecar = read_sidecar(c.output + ".json");
  if (sidecar.empty()) return {};
  const SolveRequest& request = c.run.request;
  const std::pair<const char*, std::string> ours[] = {
      {"goal", std::string(goal_name(goal))},
      {"notation", std::string(notation_name(c.run.notation))},
      {"algorithm", std::string(algorithm_name(request.algorithm))},
      {"heuristic", request.heuristic.label(request.tables.reflect)},
      {"shard", c.shard.label()},
  };
  for (const auto& [key, value] : ours) {
    const auto earlier = find_json_string(sidecar, key);
    if (earlier && *earlier != value) {
      return "its rows were written with --" + std::string(key) + " " + *earlier + ", this run has " + value +
             " (resume with the same --goal, --notation, --algorithm, --heuristic and --shard, or write a new file)";
    }
  }
  return {};
}

}  // namespace

RunConfig batch_run_config(const BatchConfig& c, Goal goal, int threads, BatchControl& control) {
  RunConfig run = c.run;
  run.request.goal = goal;
  if (run.solution_dir.empty()) run.solution_dir = c.output + ".moves";
  if (c.checkpoints) run.checkpoint_dir = c.output + ".checkpoints";
  run.reference_base = std::filesystem::path(c.output).parent_path().string();
  if (run.reference_base.empty()) run.reference_base = ".";
  run.request.limits.cancel = &control.cancel;
  // A* searches run side by side: by default they share the safe half of RAM.
  if (run.request.limits.memory_bytes == 0) {
    run.request.limits.memory_bytes = default_memory_limit() / static_cast<std::uint64_t>(std::max(threads, 1));
  }
  return run;
}

BatchSummary run_batch(const BatchConfig& c, BatchControl& control, const BatchEvents& events) {
  const auto wall_start = std::chrono::steady_clock::now();
  const std::string started = utc_now();
  BatchSummary summary;
  summary.threads = c.threads > 0 ? c.threads : static_cast<int>(std::thread::hardware_concurrency());
  std::optional<PuzzleReader> reader;
  std::optional<PuzzleRecord> first;
  try {
    reader.emplace(c.input, c.read);
    PuzzleRecord record;
    if (reader->next(record)) first = std::move(record);
  } catch (const InputError& e) {
    summary.setup_error = e.what();
    return summary;
  }
  summary.goal = effective_goal(c.run.goal_override, reader->declared_goal());
  RunConfig run = batch_run_config(c, summary.goal, summary.threads, control);
  if (!run.checkpoint_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(run.checkpoint_dir, ec);
    if (!std::filesystem::is_directory(run.checkpoint_dir)) {
      summary.setup_error = run.checkpoint_dir + ": cannot create the checkpoint directory";
      return summary;
    }
  }

  if (c.resume) {
    if (std::string why = resume_mismatch(c, summary.goal); !why.empty()) {
      summary.setup_error = c.output + ": cannot resume: " + why;
      return summary;
    }
  }
  std::unique_ptr<ResultsFile> results;
  try {
    results = std::make_unique<ResultsFile>(c.output, c.resume);
  } catch (const OutputError& e) {
    summary.setup_error = e.what();
    return summary;
  }
  if (c.resume && events.message) {
    events.message("npuzzle: resuming " + c.output + ": " + std::to_string(results->previous_rows()) +
                   " earlier rows kept");
  }
  if (events.to_solve) {
    std::optional<std::uint64_t> total = reader->expected_puzzles();
    if (total) *total = c.shard.size_of(*total);
    if (total && c.resume) *total = *total > results->previous_rows() ? *total - results->previous_rows() : 0;
    events.to_solve(total);
  }
  if (std::string warning = write_sidecar(c, run, started, "running", summary); !warning.empty() && events.message) {
    events.message(warning);
  }

  FileSource source(*reader, c.shard, summary.goal, c.resume ? results.get() : nullptr, summary);
  if (first) source.put_back(std::move(*first));
  CsvSink sink(*results, c.resume, control, events, summary);
  TailWatch watch(summary.threads);
  WatchedSource watched(source, watch);
  const int intra = std::max(1, std::min(c.intra_threads, summary.threads));
  if (intra > 1) {
    run.request.intra_parallel = true;
  } else if (c.tail_parallel && summary.threads > 1 && run.request.limits.max_nodes == 0 && !c.runner) {
    // Another runner (MPI) decides what is in flight itself: no local tail.
    run.request.intra_parallel_from = &watch.tail();
  }
  if (c.runner) {
    const SolveStage solve = [&run](BatchItem& item) { solve_item(item, run, item.goal); };
    c.runner(source, solve, sink, summary.threads, control);
  } else {
    run_pipeline(
        watched,
        [&run, &watch](BatchItem& item) {
          solve_item(item, run, item.goal);
          watch.solved();
        },
        sink, summary.threads, control.stop_intake, intra > 1 ? std::max(1, summary.threads / intra) : 0);
  }

  summary.interrupted = control.stop_intake.load() && summary.output_error.empty();
  std::optional<std::uint64_t> expected = reader->expected_puzzles();
  if (expected) *expected = c.shard.size_of(*expected);
  const bool all_read = source.exhausted() || (expected && *expected <= summary.puzzles);
  summary.input_left = !all_read;
  if (!all_read && expected) summary.unfinished += *expected - summary.puzzles;
  if (summary.output_error.empty() && summary.unfinished == 0 && all_read) {
    try {
      if (c.resume) {
        results->finish_in_order(sink.rows());
      } else {
        results->finish();
      }
    } catch (const OutputError& e) {
      summary.output_error = e.what();
    }
  }
  summary.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  const char* state = summary.interrupted ? "interrupted"
                      : (summary.output_error.empty() && summary.input_error.empty()) ? "complete"
                                                                                       : "failed";
  if (std::string warning = write_sidecar(c, run, started, state, summary); !warning.empty() && events.message) {
    events.message(warning);
  }
  return summary;
}

}  // namespace npuzzle
