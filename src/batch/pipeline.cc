#include "batch/pipeline.h"

#include <sys/stat.h>

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

#include <array>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <thread>

#include "batch/handoff.h"
#include "batch/heuristic_choice.h"
#include "batch/provenance.h"
#include "batch/results_file.h"
#include "core/solvability.h"
#include "io/json.h"
#include "search/replay.h"

namespace npuzzle {

Goal resolve_goal(const RunConfig& config, const PuzzleFile& file) {
  if (config.goal_override) return *config.goal_override;
  return file.declared_goal.value_or(Goal::kBlankLast);
}

std::string heuristic_label(const RunConfig& config) {
  if (config.auto_heuristic) return "auto";
  if (config.heuristic == HeuristicKind::kPdb) {
    return config.pdb_spec + (config.pdb_options.reflect ? "" : "/no-reflect");
  }
  return std::string(heuristic_name(config.heuristic));
}

Outcome solve_puzzle(const PuzzleRecord& record, Goal goal, const RunConfig& config,
                     const std::atomic<bool>* cancel, std::function<void(const Progress&)> on_progress) {
  Outcome out;
  CsvRow& row = out.row;
  row.id = record.id;
  row.rows = record.rows ? std::to_string(record.rows) : "";
  row.cols = record.cols ? std::to_string(record.cols) : "";
  row.algorithm = algorithm_name(config.algorithm);
  row.heuristic = heuristic_label(config);
  if (!record.board) {
    out.result.status = Status::kInvalid;
    out.error = record.error;
  } else {
    SolveOptions options;
    options.goal = goal;
    options.algorithm = config.algorithm;
    options.heuristic = config.heuristic;
    options.limits.seconds = config.time_limit;
    options.limits.max_nodes = config.max_nodes;
    options.limits.memory_bytes = config.memory_bytes;
    options.limits.memory_budget = config.budget.get();
    options.limits.cancel = cancel;
    options.limits.on_progress = std::move(on_progress);
    std::string pdb_error;
    if (config.auto_heuristic) {
      HeuristicChoice choice = choose_heuristic(record.rows, record.cols, goal, config.pdb_options);
      RunConfig chosen = config;
      chosen.auto_heuristic = false;
      chosen.heuristic = choice.kind;
      chosen.pdb_spec = choice.pdb_spec;
      row.heuristic = heuristic_label(chosen);
      options.heuristic = choice.kind;
      options.pdb = std::move(choice.pdb);
      out.notice = std::move(choice.notice);
    } else if (config.heuristic == HeuristicKind::kPdb) {
      // Loaded (or built) once per shape and goal, then shared by every puzzle.
      try {
        options.pdb = pdb::shared_additive(config.pdb_spec, record.rows, record.cols, goal, config.pdb_options);
      } catch (const std::exception& e) {
        pdb_error = e.what();
      }
    }
    if (pdb_error.empty()) {
      out.result = solve(*record.board, options);
    } else {
      out.result.status = Status::kInvalid;
      out.result.message = pdb_error;
    }
    const SolveResult& r = out.result;
    const std::string where = (record.source == "-" ? "<stdin>" : record.source) + ":" + std::to_string(record.line);
    if (r.status == Status::kInvalid) out.error = where + ": " + r.message;
    if (r.status == Status::kUnsolvable) {
      const Goal other = goal == Goal::kBlankLast ? Goal::kBlankFirst : Goal::kBlankLast;
      out.error = where + ": puzzle " + record.id + " is unsolvable for the " + std::string(goal_name(goal)) + " goal";
      if (is_solvable(*record.board, other)) {
        out.error += " (it is solvable for " + std::string(goal_name(other)) + ": --goal " +
                     std::string(goal_name(other)) + ")";
      }
    }
    if (r.status == Status::kOptimal || r.status == Status::kSolved) {
      // Every reported solution is replayed; a failure here is a bug, and is
      // reported as such rather than written as a result.
      if (std::string why = check_solution(*record.board, r.moves, goal); !why.empty()) {
        out.result.status = Status::kInvalid;
        out.error = "internal error: the solution found does not replay: " + why;
      }
    }
  }
  const SolveResult& r = out.result;
  row.status = status_name(r.status);
  if (r.status == Status::kOptimal || r.status == Status::kSolved) {
    row.length = std::to_string(r.length);
    row.solution = format_moves(r.moves, config.notation);
  }
  if (r.status != Status::kInvalid && r.status != Status::kUnsolvable && r.lower_bound >= 0) {
    row.lower_bound = std::to_string(r.lower_bound);
  }
  row.expanded = std::to_string(r.expanded);
  row.generated = std::to_string(r.generated);
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.6f", r.seconds);
  row.seconds = seconds;
  return out;
}

namespace {

// The last SIGINT/SIGTERM and how many arrived; lock-free atomics are
// async-signal-safe.
std::atomic<int> g_signal{0};
std::atomic<int> g_signal_count{0};
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void on_signal(int sig) {
  g_signal.store(sig);
  g_signal_count.fetch_add(1);
}

// For the batch's lifetime: SIGINT/SIGTERM are counted instead of killing
// the process, and SIGPIPE and SIGXFSZ are ignored so that a closed pipe on
// OUT or a file size limit is a write error (EPIPE, EFBIG) that is
// reported, not a silent death.
class SignalScope {
 public:
  SignalScope() {
    g_signal.store(0);
    g_signal_count.store(0);
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &old_int_);
    sigaction(SIGTERM, &action, &old_term_);
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGPIPE, &ignore, &old_pipe_);
    sigaction(SIGXFSZ, &ignore, &old_xfsz_);
  }
  ~SignalScope() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
    sigaction(SIGPIPE, &old_pipe_, nullptr);
    sigaction(SIGXFSZ, &old_xfsz_, nullptr);
  }

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
  struct sigaction old_pipe_ {};
  struct sigaction old_xfsz_ {};
};

struct Totals {
  std::array<std::uint64_t, 6> by_status{};
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;
  double search_seconds = 0;
};

JsonObject options_json(const BatchConfig& c, const RunConfig& run, Goal goal, int threads) {
  JsonObject o;
  o.add("input", c.input);
  o.add("goal", goal_name(goal));
  o.add("algorithm", algorithm_name(c.run.algorithm));
  o.add("heuristic", heuristic_label(c.run));
  if (c.run.heuristic == HeuristicKind::kPdb) {
    o.add("pdb_dir", c.run.pdb_options.cache.directory());
  }
  o.add("notation", notation_name(c.run.notation));
  o.add("time_limit_seconds", c.run.time_limit);
  o.add("max_nodes", c.run.max_nodes);
  o.add("memory_limit_bytes", run.memory_bytes);
  if (run.budget) o.add("memory_budget_bytes", run.budget->limit());
  o.add("threads", threads);
  o.add("resume", c.resume);
  return o;
}

void write_sidecar(const BatchConfig& c, const RunConfig& run, Goal goal, int threads, const std::string& started, const char* state,
                   const Totals& totals, double wall, std::uint64_t puzzles) {
  JsonObject counts;
  for (int s = 0; s < 6; ++s) counts.add(std::string(status_name(static_cast<Status>(s))), totals.by_status[s]);
  JsonObject j;
  j.add("tool", "npuzzle");
  j.add("version", npuzzle_version());
  j.add("git_revision", git_revision());
  j.add("command_line", c.command_line);
  j.add("state", state);
  j.add("options", options_json(c, run, goal, threads));
  j.add("goal", goal_name(goal));
  j.add("notation", notation_name(c.run.notation));
  j.add("threads", threads);
  j.add("machine", machine_info());
  j.add("start_time", started);
  j.add("end_time", utc_now());
  j.add("puzzles", puzzles);
  j.add("counts", counts);
  j.add("total_expanded", totals.expanded);
  j.add("total_generated", totals.generated);
  j.add("search_seconds", totals.search_seconds);
  if (run.budget) j.add("memory_budget_peak_bytes", run.budget->peak());
  j.add("wall_seconds", wall);
  struct stat st {};
  if (stat(c.output.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) return;  // OUT is a pipe or a device
  const std::string path = c.output + ".json";
  const std::string temporary = path + ".tmp";
  std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
  out << j.dump() << "\n";
  out.close();
  if (!out || std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::fprintf(stderr, "npuzzle: warning: could not write %s\n", path.c_str());
  }
}

// Why OUT's earlier rows cannot be resumed by this run, or "". Rows are
// only comparable (and `verify`, which reads the notation and goal from the
// sidecar, only right) when the goal, notation, algorithm and heuristic are
// the same; limits and threads may change.
std::string resume_mismatch(const BatchConfig& c, Goal goal) {
  const std::string sidecar = read_sidecar(c.output + ".json");
  if (sidecar.empty()) return {};
  const std::pair<const char*, std::string> ours[] = {
      {"goal", std::string(goal_name(goal))},
      {"notation", std::string(notation_name(c.run.notation))},
      {"algorithm", std::string(algorithm_name(c.run.algorithm))},
      {"heuristic", heuristic_label(c.run)},
  };
  for (const auto& [key, value] : ours) {
    const auto earlier = find_json_string(sidecar, key);
    if (earlier && *earlier != value) {
      return "its rows were written with --" + std::string(key) + " " + *earlier + ", this run has " + value +
             " (resume with the same --goal, --notation, --algorithm and --heuristic, or write a new file)";
    }
  }
  return {};
}

}  // namespace

int run_batch(const BatchConfig& c) {
  const auto wall_start = std::chrono::steady_clock::now();
  const std::string started = utc_now();
  PuzzleFile file;
  try {
    file = read_puzzle_file(c.input, c.read);
  } catch (const InputError& e) {
    std::fprintf(stderr, "npuzzle: %s\n", e.what());
    return 2;
  }
  const Goal goal = resolve_goal(c.run, file);
  const int threads = c.threads > 0 ? c.threads : static_cast<int>(std::thread::hardware_concurrency());
  // A* searches run side by side: by default they share the safe half of RAM.
  RunConfig run = c.run;
  if (run.memory_bytes == 0) run.memory_bytes = default_memory_limit() / static_cast<std::uint64_t>(threads);

  if (c.resume) {
    if (std::string why = resume_mismatch(c, goal); !why.empty()) {
      std::fprintf(stderr, "npuzzle: %s: cannot resume: %s\n", c.output.c_str(), why.c_str());
      return 2;
    }
  }

  // From here on a signal or a broken pipe no longer kills the process: the
  // output is always left as a valid CSV with a summary.
  SignalScope signals;
  std::unique_ptr<ResultsFile> results;
  try {
    results = std::make_unique<ResultsFile>(c.output, c.resume);
  } catch (const OutputError& e) {
    std::fprintf(stderr, "npuzzle: %s\n", e.what());
    return 2;
  }

  // Rows of an earlier run are reused in place; the rest are solved.
  const std::size_t n = file.puzzles.size();
  std::vector<CsvRow> rows(n);
  std::vector<char> reused(n, 0);
  std::uint64_t to_solve = 0;
  Totals totals;
  for (std::size_t i = 0; i < n; ++i) {
    if (c.resume && results->take_previous(file.puzzles[i].id, &rows[i])) {
      reused[i] = 1;
    } else {
      ++to_solve;
    }
  }
  if (c.resume) {
    std::fprintf(stderr, "npuzzle: resuming %s: %zu rows kept, %llu puzzles to solve\n", c.output.c_str(),
                 n - to_solve, static_cast<unsigned long long>(to_solve));
  }

  std::atomic<bool> cancel{false};
  write_sidecar(c, run, goal, threads, started, "running", totals, 0, n);
  ProgressReporter progress(c.progress, to_solve);
  std::string output_error;  // set by the sink only
  std::atomic<bool> output_failed{false};
  std::vector<char> written(n, 0);

  // After a signal: stop intake at once, cancel the puzzles in flight after
  // the grace period, or at once on a second signal or an output error (their
  // rows could not be written anyway).
  std::thread watchdog([&] {
    std::optional<std::chrono::steady_clock::time_point> deadline;
    while (!cancel.load()) {
      const auto now = std::chrono::steady_clock::now();
      if (!deadline && g_signal_count.load() > 0) {
        deadline = now + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                             std::chrono::duration<double>(c.grace_seconds));
        char grace[32];
        std::snprintf(grace, sizeof grace, "%g", c.grace_seconds);
        progress.print(std::string("npuzzle: ") + (g_signal.load() == SIGTERM ? "SIGTERM" : "SIGINT") +
                       ": no new puzzles; those in flight may finish for " + grace +
                       " s (signal again to stop them now)");
      }
      if (output_failed.load() || g_signal_count.load() > 1 || (deadline && now >= *deadline)) {
        cancel.store(true);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });

  // The sink: one finished puzzle, in input order.
  auto write_row = [&](std::size_t index, const Outcome& o) {
    progress.add_done();
    if (o.result.status == Status::kCancelled) return;  // left for --resume
    if (!o.notice.empty()) progress.print(o.notice);
    if (!o.error.empty()) progress.print(o.error);
    rows[index] = o.row;
    written[index] = 1;
    if (output_failed.load()) return;
    try {
      results->append(o.row);
    } catch (const OutputError& e) {
      output_error = e.what();
      output_failed.store(true);
    }
  };
  struct Job {
    std::size_t index;
    Outcome outcome;
  };
  {
    oneapi::tbb::global_control limit(oneapi::tbb::global_control::max_allowed_parallelism, threads);
    oneapi::tbb::task_arena arena(threads);
    std::size_t next = 0;
    // Tags for handoff.h: one per serial stage, and each Job for itself.
    const char source_turn = 0;
    const char sink_turn = 0;
    const auto chain =
        oneapi::tbb::make_filter<void, Job*>(
            oneapi::tbb::filter_mode::serial_in_order,
            [&](oneapi::tbb::flow_control& fc) -> Job* {
              handoff_acquire(&source_turn);
              Job* job = nullptr;
              while (next < n && reused[next]) ++next;
              if (next >= n || g_signal.load() != 0 || output_failed.load()) {
                fc.stop();
              } else {
                job = new Job{next++, {}};
                handoff_release(job);
              }
              handoff_release(&source_turn);
              return job;
            }) &
        oneapi::tbb::make_filter<Job*, Job*>(oneapi::tbb::filter_mode::parallel,
                                             [&](Job* job) {
                                               handoff_acquire(job);
                                               job->outcome =
                                                   solve_puzzle(file.puzzles[job->index], goal, run, &cancel);
                                               handoff_release(job);
                                               return job;
                                             }) &
        oneapi::tbb::make_filter<Job*, void>(oneapi::tbb::filter_mode::serial_in_order, [&](Job* job) {
          handoff_acquire(&sink_turn);
          handoff_acquire(job);
          std::unique_ptr<Job> owned(job);
          write_row(job->index, job->outcome);
          handoff_release(&sink_turn);
        });
    handoff_release(&source_turn);
    handoff_release(&sink_turn);
    arena.execute([&] { oneapi::tbb::parallel_pipeline(static_cast<std::size_t>(4 * threads), chain); });
    handoff_acquire(&source_turn);
    handoff_acquire(&sink_turn);
  }
  cancel.store(true);
  watchdog.join();
  progress.stop();

  std::vector<CsvRow> final_rows;
  final_rows.reserve(n);
  std::uint64_t missing = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!reused[i] && !written[i]) {
      ++missing;
      continue;
    }
    final_rows.push_back(rows[i]);
    for (int s = 0; s < 6; ++s) {
      if (rows[i].status == status_name(static_cast<Status>(s))) ++totals.by_status[s];
    }
    if (!reused[i]) {
      totals.expanded += std::stoull(rows[i].expanded);
      totals.generated += std::stoull(rows[i].generated);
      totals.search_seconds += std::stod(rows[i].seconds);
    }
  }
  if (output_error.empty() && missing == 0) {
    try {
      results->finish(final_rows);
    } catch (const OutputError& e) {
      output_error = e.what();
    }
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  const int sig = g_signal.load();
  write_sidecar(c, run, goal, threads, started, sig ? "interrupted" : (output_error.empty() ? "complete" : "failed"),
                totals, wall, n);

  std::fprintf(stderr,
               "npuzzle batch: %zu puzzles (%llu solved now, %zu kept): %llu optimal, %llu solved, %llu unsolvable, "
               "%llu limit, %llu invalid; %llu expanded, %llu generated; %.3f s wall on %d threads, %.3g nodes/s\n",
               n, static_cast<unsigned long long>(to_solve - missing), n - static_cast<std::size_t>(to_solve),
               static_cast<unsigned long long>(totals.by_status[0]), static_cast<unsigned long long>(totals.by_status[1]),
               static_cast<unsigned long long>(totals.by_status[2]), static_cast<unsigned long long>(totals.by_status[3]),
               static_cast<unsigned long long>(totals.by_status[4]), static_cast<unsigned long long>(totals.expanded),
               static_cast<unsigned long long>(totals.generated), wall, threads,
               wall > 0 ? static_cast<double>(totals.expanded) / wall : 0.0);
  if (!output_error.empty()) {
    std::fprintf(stderr, "npuzzle: %s\n", output_error.c_str());
    return 1;
  }
  if (sig) {
    std::fprintf(stderr, "npuzzle: interrupted; %llu puzzles left for --resume\n",
                 static_cast<unsigned long long>(missing));
    return 128 + sig;
  }
  return (totals.by_status[static_cast<int>(Status::kInvalid)] || totals.by_status[static_cast<int>(Status::kLimit)])
             ? 1
             : 0;
}

}  // namespace npuzzle
