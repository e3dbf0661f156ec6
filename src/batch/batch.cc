#include "batch/batch.h"

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <tuple>
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

std::string write_side_file(const std::string& id, const MoveSequence& moves, const OutputOptions& output,
                            std::string* cell) {
  namespace fs = std::filesystem;
  const fs::path dir = output.solution_dir.empty() ? fs::path(".") : fs::path(output.solution_dir);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (!fs::is_directory(dir)) return dir.string() + ": cannot create the solution directory";
  const fs::path path = dir / side_file_name(id);
  if (std::string error = write_moves_file(path.string(), moves, output.notation); !error.empty()) return error;
  fs::path reference = path;
  if (!output.reference_base.empty()) {
    const fs::path relative = fs::proximate(path, output.reference_base, ec);
    if (!ec) reference = relative;
  }
  *cell = std::string(1, kSideFileMark) + reference.generic_string();
  return {};
}

std::optional<std::int64_t> reported_lower_bound(const SolveResult& r) {
  if (r.status == Status::kInvalid || r.status == Status::kUnsupported || r.status == Status::kUnsolvable ||
      r.lower_bound < 0) {
    return std::nullopt;
  }
  return r.lower_bound;
}

ResultRow result_row(const BatchItem& item, const SolveRequest& request, std::string solution) {
  const PuzzleRecord& record = item.record;
  const SolveResult& r = item.report.result;
  ResultRow row;
  row.id = record.id;
  row.rows = record.rows ? std::to_string(record.rows) : "";
  row.cols = record.cols ? std::to_string(record.cols) : "";
  row.status = csv_status_name(r.status);
  if (r.status == Status::kOptimal || r.status == Status::kSolved) {
    row.length = std::to_string(r.length);
    row.solution = std::move(solution);
  }
  if (const auto bound = reported_lower_bound(r)) row.lower_bound = std::to_string(*bound);
  row.expanded = std::to_string(r.expanded);
  row.generated = std::to_string(r.generated);
  char seconds[32];  // as "%.6f", without printf's cost per row
  const auto written = std::to_chars(seconds, seconds + sizeof seconds, r.seconds, std::chars_format::fixed, 6);
  row.seconds.assign(seconds, written.ptr);
  row.algorithm = algorithm_name(request.algorithm);
  row.heuristic = item.report.heuristic.empty() ? request.heuristic.label(request.tables.reflect) : item.report.heuristic;
  return row;
}

std::string item_message(const BatchItem& item, const Vocabulary& vocabulary) {
  const PuzzleRecord& record = item.record;
  if (!record.board) return record.error;
  const SolveReport& report = item.report;
  switch (report.result.status) {
    case Status::kUnsolvable:
      return record_location(record) + ": puzzle " + record.id + " is " +
             unsolvable_explanation(item.goal, report.solvable_for, vocabulary);
    case Status::kInvalid:
    case Status::kUnsupported:
      return record_location(record) + ": " +
             (report.problem ? describe(*report.problem, vocabulary) : report.explanation);
    default: return {};
  }
}

namespace {

// Puzzle `id`'s IDA* checkpoint in `dir`: the side file's name, .ckpt.
std::string checkpoint_path(const std::string& dir, const std::string& id) {
  std::string name = side_file_name(id);
  name.replace(name.size() - std::string_view(".moves").size(), std::string::npos, ".ckpt");
  return dir + "/" + name;
}

}  // namespace

struct ItemSolver::Resolutions {
  std::mutex mutex;
  std::map<std::tuple<int, int, Goal>, Resolution> by_shape;
};

ItemSolver::ItemSolver(const BatchConfig& config, Goal goal, int threads, BatchControl& control)
    : request_(config.request), vocabulary_(*config.vocabulary), resolutions_(std::make_unique<Resolutions>()) {
  request_.goal = goal;
  request_.limits.cancel = &control.cancel;
  // A* searches run side by side: by default they share the safe half of RAM.
  if (request_.limits.memory_bytes == 0) {
    request_.limits.memory_bytes = default_memory_limit() / static_cast<std::uint64_t>(std::max(threads, 1));
  }
  if (config.checkpoints) checkpoint_dir_ = config.output + ".checkpoints";
}

ItemSolver::~ItemSolver() = default;

Resolution ItemSolver::resolution_for(int rows, int cols, Goal goal) const {
  std::lock_guard lock(resolutions_->mutex);
  const auto key = std::tuple{rows, cols, goal};
  auto it = resolutions_->by_shape.find(key);
  if (it == resolutions_->by_shape.end()) {
    it = resolutions_->by_shape.emplace(key, resolve_heuristic(request_.heuristic, rows, cols, goal, request_.tables))
             .first;
  }
  return it->second;
}

void ItemSolver::solve(BatchItem& item) const {
  const PuzzleRecord& record = item.record;
  if (!record.board) {
    item.report.result.status = Status::kInvalid;
    item.report.heuristic = request_.heuristic.label(request_.tables.reflect);
    return;
  }
  SolveRequest request = request_;
  request.goal = item.goal;
  if (!checkpoint_dir_.empty()) request.checkpoint = checkpoint_path(checkpoint_dir_, record.id);
  const Board& board = *record.board;
  if (request.algorithm == Algorithm::kPhased || check_request(request, board.rows(), board.cols())) {
    item.report = solve_checked(board, request, vocabulary_);
  } else {
    item.report = solve_checked(board, request, resolution_for(board.rows(), board.cols(), item.goal), vocabulary_);
  }
}

namespace {

// The status a kept row was written with (CSV names; `invalid` covers unsupported).
Status status_of_row(const ResultRow& row) {
  for (int s = 0; s < kStatusCount; ++s) {
    if (row.status == status_name(static_cast<Status>(s))) return static_cast<Status>(s);
  }
  return Status::kInvalid;
}

// Streams the input; when resuming, earlier rows for the same ids are
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
      item.kept.reset();
      ++summary_.puzzles;
      if (item.record.board) ++summary_.valid_puzzles;
      KeptRow kept;
      if (previous_ && previous_->take_previous(item.record.id, &kept)) item.kept = std::move(kept);
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

// The sink: turns each finished item into a row of the output's format
// (writing its side file when the solution is long), writes it, tells the
// caller what a person should know (auto's choice per shape, FILE:LINE
// messages, checkpoints), and keeps the totals. A fresh run holds no rows; a
// resumed one holds them all, to put the file back in input order at the end.
class ResultsSink : public BatchSink {
 public:
  ResultsSink(ResultsFile& file, const BatchConfig& config, const OutputOptions& output, bool keep_rows,
              BatchControl& control, const BatchEvents& events, BatchSummary& summary)
      : file_(file),
        config_(config),
        output_(output),
        keep_rows_(keep_rows),
        control_(control),
        events_(events),
        summary_(summary) {}

  void accept(BatchItem& item) override {
    if (item.kept) {
      ++summary_.kept;
      ++summary_.by_status[static_cast<std::size_t>(status_of_row(item.kept->row))];
      if (keep_rows_) lines_.push_back(std::move(item.kept->line));
      return;
    }
    if (events_.puzzle_done) events_.puzzle_done();
    SolveReport& report = item.report;
    SolveResult& r = report.result;
    if (r.status == Status::kCancelled) {  // left for --resume
      ++summary_.unfinished;
      return;
    }
    tell(item);
    std::string solution;
    if (r.status == Status::kOptimal || r.status == Status::kSolved) {
      if (r.moves.size() <= output_.inline_limit) {
        solution = format_moves(r.moves, output_.notation);
      } else if (std::string error = write_side_file(item.record.id, r.moves, output_, &solution); !error.empty()) {
        r.status = Status::kInvalid;
        r.message = error;
        report.explanation = error;
        if (events_.message) events_.message(error);
      }
    }
    ++summary_.solved_now;
    ++summary_.by_status[static_cast<std::size_t>(r.status)];
    summary_.expanded += r.expanded;
    summary_.generated += r.generated;
    summary_.search_seconds += r.seconds;
    if (!summary_.output_error.empty()) return;
    std::string line = format_row(result_row(item, config_.request, std::move(solution)), output_.format);
    try {
      file_.append(line);
    } catch (const OutputError& e) {
      // The rows in flight could not be written either: stop them.
      summary_.output_error = e.what();
      control_.stop_intake.store(true);
      control_.cancel.store(true);
    }
    if (keep_rows_) lines_.push_back(std::move(line));
  }

  const std::vector<std::string>& lines() const { return lines_; }

 private:
  void tell(const BatchItem& item) {
    const SolveReport& report = item.report;
    if (report.auto_choice && events_.auto_chosen && item.record.board) {
      const auto shape = std::tuple{item.record.board->rows(), item.record.board->cols(), item.goal};
      if (told_.insert(shape).second) {
        events_.auto_chosen(std::get<0>(shape), std::get<1>(shape), std::get<2>(shape), *report.auto_choice);
      }
    }
    if (events_.note && report.resumed_at) {
      events_.note("puzzle " + item.record.id + " resumed from " +
                   checkpoint_path(config_.output + ".checkpoints", item.record.id) + " " + resume_description(report));
    }
    if (events_.note && !report.checkpoint_warning.empty()) events_.note("warning: " + report.checkpoint_warning);
    if (!events_.message) return;
    if (std::string message = item_message(item, *config_.vocabulary); !message.empty()) events_.message(message);
  }

  ResultsFile& file_;
  const BatchConfig& config_;
  const OutputOptions& output_;
  const bool keep_rows_;
  BatchControl& control_;
  const BatchEvents& events_;
  BatchSummary& summary_;
  std::vector<std::string> lines_;
  std::set<std::tuple<int, int, Goal>> told_;  // the shapes whose auto choice was told
};

JsonObject options_json(const BatchConfig& c, const ItemSolver& solver, const OutputOptions& out,
                        const BatchSummary& s) {
  const SolveRequest& request = c.request;
  JsonObject o;
  o.add("input", c.input);
  o.add("goal", goal_name(s.goal));
  o.add("algorithm", algorithm_name(request.algorithm));
  o.add("heuristic", request.heuristic.label(request.tables.reflect));
  o.add("weight", request.weight);
  o.add("prune", move_pruning_name(request.pruning));
  if (request.pruning == MovePruning::kFsm) o.add("fsm_depth", request.fsm_depth);  // 0: the shape's default
  o.add("bound_growth", request.bound_growth);
  if (!request.heuristic.is_auto() && request.heuristic.row->reflects) {
    o.add("pdb_dir", request.tables.cache.directory());
  }
  o.add("format", result_format_name(out.format));
  o.add("notation", notation_name(out.notation));
  o.add("inline_limit", out.inline_limit);
  o.add("solution_dir", out.solution_dir);
  o.add("time_limit_seconds", request.limits.seconds);
  o.add("max_nodes", request.limits.max_nodes);
  o.add("memory_limit_bytes", solver.request().limits.memory_bytes);
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
std::string write_sidecar(const BatchConfig& c, const ItemSolver& solver, const OutputOptions& out,
                          const std::string& started, const char* state, const BatchSummary& s) {
  JsonObject counts;
  for (int i = 0; i < static_cast<int>(Status::kUnsupported); ++i) {
    const auto status = static_cast<Status>(i);
    std::uint64_t n = s.count(status);
    if (status == Status::kInvalid) n += s.count(Status::kUnsupported);  // as the rows write them
    counts.add(std::string(status_name(status)), n);
  }
  counts.add("unsupported", s.count(Status::kUnsupported));
  const SolveRequest& request = c.request;
  JsonObject j;
  j.add("tool", "npuzzle");
  j.add("version", npuzzle_version());
  j.add("git_revision", git_revision());
  j.add("command_line", c.command_line);
  j.add("state", state);
  j.add("options", options_json(c, solver, out, s));
  j.add("goal", goal_name(s.goal));
  j.add("notation", notation_name(out.notation));
  j.add("format", result_format_name(out.format));
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
  std::ofstream out_file(temporary, std::ios::binary | std::ios::trunc);
  out_file << j.dump() << "\n";
  out_file.close();
  if (!out_file || std::rename(temporary.c_str(), path.c_str()) != 0) return "warning: could not write " + path;
  return {};
}

// Why OUT's earlier rows cannot be resumed by this run, or "". Rows are
// only comparable (and `verify`, which reads the notation and goal from the
// sidecar, only right) when the goal, notation, algorithm and heuristic are
// the same; limits and threads may change.
std::string resume_mismatch(const BatchConfig& c, const OutputOptions& out, Goal goal) {
  const std::string sidecar = read_sidecar(c.output + ".json");
  if (sidecar.empty()) return {};
  const SolveRequest& request = c.request;
  const Vocabulary& v = *c.vocabulary;
  const std::tuple<const char*, RequestOption, std::string> ours[] = {
      {"goal", RequestOption::kGoal, std::string(goal_name(goal))},
      {"notation", RequestOption::kNotation, std::string(notation_name(out.notation))},
      {"algorithm", RequestOption::kAlgorithm, std::string(algorithm_name(request.algorithm))},
      {"heuristic", RequestOption::kHeuristic, request.heuristic.label(request.tables.reflect)},
      {"shard", RequestOption::kShard, c.shard.label()},
  };
  for (const auto& [key, option, value] : ours) {
    const auto earlier = find_json_string(sidecar, key);
    if (earlier && *earlier != value) {
      return "its rows were written with " + v.setting(option, *earlier) + ", this run has " + value +
             " (resume with the same " + v.option(RequestOption::kGoal) + ", " + v.option(RequestOption::kNotation) +
             ", " + v.option(RequestOption::kAlgorithm) + ", " + v.option(RequestOption::kHeuristic) + " and " +
             v.option(RequestOption::kShard) + ", or write a new file)";
    }
  }
  return {};
}

}  // namespace

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
  summary.goal = effective_goal(c.goal_override, reader->declared_goal());
  OutputOptions out = c.out;
  if (out.solution_dir.empty()) out.solution_dir = c.output + ".moves";
  out.reference_base = std::filesystem::path(c.output).parent_path().string();
  if (out.reference_base.empty()) out.reference_base = ".";
  ItemSolver solver(c, summary.goal, summary.threads, control);
  if (c.checkpoints) {
    const std::string dir = c.output + ".checkpoints";
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (!std::filesystem::is_directory(dir)) {
      summary.setup_error = dir + ": cannot create the checkpoint directory";
      return summary;
    }
  }
  if (c.resume) {
    if (std::string why = resume_mismatch(c, out, summary.goal); !why.empty()) {
      summary.setup_error = c.output + ": cannot resume: " + why;
      return summary;
    }
  }
  // The build step: tables an explicitly named heuristic misses for the
  // first puzzle's shape are built now, before any puzzle is solved; the
  // solve stage only loads (a later shape whose tables are missing is
  // unsupported, and says so).
  if (first && first->board && c.request.algorithm != Algorithm::kPhased) {
    const int rows = first->board->rows();
    const int cols = first->board->cols();
    try {
      const auto missing = tables_to_build(c.request.heuristic, rows, cols, summary.goal, c.request.tables);
      if (!missing.empty()) {
        if (events.building) events.building(c.request.heuristic.text, rows, cols, summary.goal, missing);
        build_tables(c.request.heuristic, rows, cols, summary.goal, c.request.tables);
      }
    } catch (const std::exception& e) {
      summary.setup_error = "cannot build " + c.request.heuristic.text + " for " + size_name(rows, cols) + " " +
                            std::string(goal_name(summary.goal)) + " boards: " + e.what();
      return summary;
    }
  }
  std::unique_ptr<ResultsFile> results;
  try {
    results = std::make_unique<ResultsFile>(c.output, c.resume, out.format, c.vocabulary->option(RequestOption::kResume));
  } catch (const OutputError& e) {
    summary.setup_error = e.what();
    return summary;
  }
  if (c.resume && events.note) {
    events.note("resuming " + c.output + ": " + std::to_string(results->previous_rows()) + " earlier rows kept");
  }
  if (events.to_solve) {
    std::optional<std::uint64_t> total = reader->expected_puzzles();
    if (total) *total = c.shard.size_of(*total);
    if (total && c.resume) *total = *total > results->previous_rows() ? *total - results->previous_rows() : 0;
    events.to_solve(total);
  }
  if (std::string warning = write_sidecar(c, solver, out, started, "running", summary); !warning.empty() && events.note) {
    events.note(warning);
  }

  FileSource source(*reader, c.shard, summary.goal, c.resume ? results.get() : nullptr, summary);
  if (first) source.put_back(std::move(*first));
  ResultsSink sink(*results, c, out, c.resume, control, events, summary);
  TailWatch watch(summary.threads);
  WatchedSource watched(source, watch);
  const int intra = std::max(1, std::min(c.intra_threads, summary.threads));
  if (intra > 1) {
    solver.request().intra_parallel = true;
  } else if (c.tail_parallel && summary.threads > 1 && c.request.limits.max_nodes == 0 && !c.runner) {
    // Another runner (MPI) decides what is in flight itself: no local tail.
    solver.request().intra_parallel_from = &watch.tail();
  }
  if (c.runner) {
    const SolveStage solve = [&solver](BatchItem& item) { solver.solve(item); };
    c.runner(source, solve, sink, summary.threads, control);
  } else {
    run_pipeline(
        watched,
        [&solver, &watch](BatchItem& item) {
          solver.solve(item);
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
        results->finish_in_order(sink.lines());
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
  if (std::string warning = write_sidecar(c, solver, out, started, state, summary); !warning.empty() && events.note) {
    events.note(warning);
  }
  return summary;
}

}  // namespace npuzzle
