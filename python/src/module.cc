// The extension module npuzzle._npuzzle: the engine's public API
// (search/engine.h, search/registry.h, batch/pipeline.h, core/) for Python.
// The package npuzzle (python/npuzzle/__init__.py) wraps these functions
// with keyword signatures, docstrings and exceptions; this file converts
// and releases the GIL.
//
// Threads and signals: solve releases the GIL for the search, which runs in
// the calling thread; its progress callback takes the GIL every 50 ms to
// let Python run its signal handlers (PyErr_CheckSignals), and a handler's
// exception (KeyboardInterrupt on Ctrl-C) raises the search's cancel flag
// and is raised once the search has returned. solve_chunk runs the batch
// pipeline on a thread of its own while the calling thread, without the
// GIL, waits for it and checks for signals the same way (Python runs
// handlers only on the main thread). The pipeline's source takes the GIL
// only to pull the next items from the Python iterator.
#include <Python.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/task_arena.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "batch/batch.h"
#include "batch/pipeline.h"
#include "core/notation.h"
#include "core/ranking.h"
#include "core/replay.h"
#include "core/solvability.h"
#include "heuristics/heuristic.h"
#include "search/engine.h"
#include "search/move_fsm.h"
#include "heuristics/registry.h"
#include "search/registry.h"
#include "tiles.h"
#include "tools/bfs.h"
#include "tools/generate.h"

namespace npuzzle::python {
namespace py = pybind11;

namespace {

// How often a search gives Python a chance to run its signal handlers.
constexpr double kSignalPollSeconds = 0.05;
// Items the batch source pulls from the Python iterator per GIL acquisition.
constexpr int kSourceBlock = 64;

// One finished puzzle, as npuzzle.SolveResult shows it.
struct PyResult {
  std::string status;
  std::optional<std::int64_t> length;
  std::optional<std::int64_t> lower_bound;
  std::string moves;
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;
  double seconds = 0;
  std::string heuristic;
  std::string algorithm;
  std::string explanation;
  std::string notice;
  std::optional<std::string> solvable_for;
  std::string goal;
  std::string notation;
  std::optional<int> rows;
  std::optional<int> cols;
  std::optional<std::uint64_t> index;
};

// The process's memory budget for pattern databases and A* searches: the
// physical memory, shared by every call (as one CLI run shares one).
std::shared_ptr<MemoryBudget> process_budget() {
  static const auto budget = std::make_shared<MemoryBudget>(0);
  return budget;
}

Goal goal_named(const std::string& name) {
  if (auto g = parse_goal(name)) return *g;
  throw py::value_error("unknown goal '" + name + "' (expected blank-last or blank-first)");
}

// The threads keyword: at least 1, or None for all cores.
int thread_count_of(std::optional<int> threads) {
  if (threads && *threads < 1) throw py::value_error("threads must be at least 1, or None for all cores");
  return threads.value_or(oneapi::tbb::info::default_concurrency());
}

// How the module names the engine's options: its keywords.
const Vocabulary& python_vocabulary() {
  static const Vocabulary vocabulary{
      [](RequestOption option) -> std::string {
        switch (option) {
          case RequestOption::kGoal: return "goal";
          case RequestOption::kAlgorithm: return "algorithm";
          case RequestOption::kHeuristic: return "heuristic";
          case RequestOption::kWeight: return "weight";
          case RequestOption::kBoundGrowth: return "bound_growth";
          case RequestOption::kPruning: return "prune";
          case RequestOption::kFsmDepth: return "fsm_depth";
          case RequestOption::kShorten: return "shorten";
          case RequestOption::kTimeLimit: return "time_limit";
          case RequestOption::kMaxNodes: return "max_nodes";
          case RequestOption::kMemoryLimit: return "memory_limit";
          case RequestOption::kMemoryBudget: return "the process's memory budget";
          case RequestOption::kReflect: return "reflect";
          case RequestOption::kSize: return "rows and cols";
          case RequestOption::kNotation: return "notation";
          case RequestOption::kResume: return "resume";
          case RequestOption::kShard: return "shard";
          case RequestOption::kThreads: return "threads";
        }
        return "an argument";
      },
      [](RequestOption option, std::string_view value) -> std::string {
        const bool number = option == RequestOption::kWeight || option == RequestOption::kFsmDepth ||
                            option == RequestOption::kTimeLimit || option == RequestOption::kMaxNodes ||
                            option == RequestOption::kThreads || option == RequestOption::kBoundGrowth;
        return python_vocabulary().option(option) + "=" + (number ? std::string(value) : "'" + std::string(value) + "'");
      },
  };
  return vocabulary;
}

// What solve and solve_many were asked: the engine's request and how moves are written.
struct PyRequest {
  SolveRequest request;
  Notation notation = Notation::kBlank;
};

// The request named by the keywords; ValueError for a bad name or a
// combination the engine does not take (its rules, in the keywords' words).
PyRequest make_request(const std::string& heuristic, const std::string& algorithm, const std::string& notation,
                       std::optional<double> time_limit, std::optional<long long> max_nodes, double weight,
                       const std::string& prune, int fsm_depth) {
  PyRequest c;
  const auto spec = parse_heuristic_spec(heuristic);
  if (!spec) throw py::value_error("unknown heuristic '" + heuristic + "' (expected " + heuristic_names() + ")");
  const auto algo = parse_algorithm(algorithm);
  if (!algo) {
    throw py::value_error("unknown algorithm '" + algorithm + "' (expected " +
                          list_choice_names(algorithm_choices()) + ")");
  }
  const auto note = parse_notation(notation);
  if (!note) throw py::value_error("unknown notation '" + notation + "' (expected blank, tile or vim)");
  if (time_limit && !(*time_limit > 0)) throw py::value_error("time_limit must be a positive number of seconds, or None");
  if (max_nodes && *max_nodes <= 0) throw py::value_error("max_nodes must be a positive number, or None");
  const auto pruning = parse_move_pruning(prune);
  if (!pruning) throw py::value_error("unknown prune '" + prune + "' (expected parent or fsm)");
  SolveRequest& r = c.request;
  r.weight = weight;
  r.pruning = *pruning;
  r.fsm_depth = fsm_depth;
  r.heuristic = *spec;
  r.algorithm = *algo;
  // The engine's rules (search/request.h); the shape's own limits (a depth
  // of 10 above 25 cells) are the engine's, per board.
  if (const auto problem = check_request(r)) throw py::value_error(describe(*problem, python_vocabulary()));
  r.tables.cache.budget = process_budget();
  r.limits.memory_budget = process_budget().get();
  r.limits.seconds = time_limit.value_or(0);
  r.limits.max_nodes = max_nodes ? static_cast<std::uint64_t>(*max_nodes) : 0;
  c.notation = *note;
  return c;
}

// auto's choice for a shape, as a note for a Python user: the table used,
// or what would build a stronger one.
std::string auto_note(int rows, int cols, Goal goal, const AutoChoice& choice) {
  const std::string shape = size_name(rows, cols) + " " + std::string(goal_name(goal));
  if (choice.row && choice.row->missing_tables) {
    return shape + " boards use the cached " + choice.label + " (heuristic= to choose another)";
  }
  if (choice.stronger.empty()) return {};
  const AutoOffer& best = choice.stronger.front();
  const AutoOffer& quick = choice.stronger.size() > 1 ? choice.stronger[1] : best;
  return shape + " boards use " + choice.label + "; no pattern database is cached for them: heuristic='" +
         quick.spec + "' builds one once (" + quick.build_cost + ") and is many times faster; a cached one is "
         "then used by default";
}

// The build step of solve and solve_many: the tables an explicitly named
// heuristic misses for a shape, built before any board of it is solved.
// Needs no GIL.
void build_missing_tables(const SolveRequest& request, int rows, int cols, Goal goal) {
  if (request.algorithm == Algorithm::kPhased || request.heuristic.is_auto()) return;
  if (tables_to_build(request.heuristic, rows, cols, goal, request.tables).empty()) return;
  try {
    build_tables(request.heuristic, rows, cols, goal, request.tables);
  } catch (const std::exception&) {
    // Resolving the heuristic then says why, as the board's explanation.
  }
}

PyResult result_of(const SolveReport& report, std::string_view status, const PyRequest& config, Goal goal,
                   const std::optional<Board>& board) {
  const SolveResult& r = report.result;
  PyResult p;
  p.status = status;
  if (r.status == Status::kOptimal || r.status == Status::kSolved) {
    p.length = r.length;
    p.moves = format_moves(r.moves, config.notation);
  }
  p.lower_bound = reported_lower_bound(r);  // as the batch's rows
  p.expanded = r.expanded;
  p.generated = r.generated;
  p.seconds = r.seconds;
  p.heuristic = report.heuristic.empty() ? config.request.heuristic.label(config.request.tables.reflect)
                                         : report.heuristic;
  p.algorithm = algorithm_name(config.request.algorithm);
  p.explanation = report.explanation;
  if (p.explanation.empty() && !r.message.empty()) p.explanation = r.message;
  if (report.auto_choice && board) p.notice = auto_note(board->rows(), board->cols(), goal, *report.auto_choice);
  if (report.solvable_for) p.solvable_for = std::string(goal_name(*report.solvable_for));
  p.goal = goal_name(goal);
  p.notation = notation_name(config.notation);
  if (board) {
    p.rows = board->rows();
    p.cols = board->cols();
  }
  return p;
}

PyResult solve_one(py::handle tiles, std::optional<int> rows, std::optional<int> cols,
                   std::optional<std::string> goal_name_given, const std::string& heuristic,
                   const std::string& algorithm, const std::string& notation, std::optional<double> time_limit,
                   std::optional<long long> max_nodes, double weight, const std::string& prune, int fsm_depth,
                   std::optional<int> threads) {
  const int thread_count = thread_count_of(threads);
  std::optional<Goal> board_goal;
  const Board board = board_or_raise(tiles, rows, cols, &board_goal);
  PyRequest config = make_request(heuristic, algorithm, notation, time_limit, max_nodes, weight, prune, fsm_depth);
  // Parallel IDA* (search/parallel_ida_star.h) on an arena of its own: the
  // same lengths and node counts as on one thread, unless max_nodes stops it
  // (where, then, depends on the threads' timing).
  config.request.intra_parallel = thread_count > 1;
  const Goal goal = goal_name_given ? goal_named(*goal_name_given) : board_goal.value_or(Goal::kBlankLast);
  config.request.goal = goal;

  std::atomic<bool> cancel{false};
  std::optional<py::error_already_set> interrupt;  // touched only with the GIL held
  config.request.limits.cancel = &cancel;
  config.request.limits.progress_interval = kSignalPollSeconds;
  config.request.limits.on_progress = [&](const Progress&) {
    py::gil_scoped_acquire gil;
    if (!interrupt && PyErr_CheckSignals() != 0) {
      interrupt.emplace();  // fetches the handler's exception
      cancel.store(true);
    }
  };
  SolveReport report;
  {
    py::gil_scoped_release release;
    build_missing_tables(config.request, board.rows(), board.cols(), goal);
    oneapi::tbb::task_arena arena(thread_count);
    arena.execute([&] { report = solve_checked(board, config.request, python_vocabulary()); });
  }
  if (interrupt) throw *interrupt;
  return result_of(report, status_name(report.result.status), config, goal, board);
}

// The pipeline's source: pulls items from a Python iterator, a block at a
// time under the GIL, and reads each one's tiles. A malformed item becomes
// an invalid puzzle; an exception from the iterator itself ends the input
// and is kept for the caller.
class IteratorSource : public BatchSource {
 public:
  // `prepare` is the build step: called, without the GIL, for each shape
  // and goal before the first item of it is handed on to be solved.
  using Prepare = std::function<void(int rows, int cols, Goal goal)>;
  IteratorSource(py::handle iterator, std::uint64_t first_index, std::uint64_t max_items, std::optional<int> rows,
                 std::optional<int> cols, std::optional<Goal> goal, std::optional<py::error_already_set>& error,
                 Prepare prepare)
      : iterator_(iterator),
        next_index_(first_index),
        left_(max_items),
        rows_(rows),
        cols_(cols),
        goal_(goal),
        error_(error),
        prepare_(std::move(prepare)) {}

  bool next(BatchItem& item) override {
    if (buffer_.empty()) refill();
    if (buffer_.empty()) return false;
    item = std::move(buffer_.front());
    buffer_.pop_front();
    if (item.record.board && prepare_) {
      const auto shape = std::tuple{item.record.board->rows(), item.record.board->cols(), item.goal};
      if (prepared_.insert(shape).second) prepare_(std::get<0>(shape), std::get<1>(shape), std::get<2>(shape));
    }
    return true;
  }

  bool exhausted() const { return exhausted_; }

 private:
  void refill() {
    if (exhausted_ || left_ == 0) return;
    py::gil_scoped_acquire gil;
    if (error_) return;
    try {
      for (int k = 0; k < kSourceBlock && left_ > 0; ++k) {
        py::object obj = py::reinterpret_steal<py::object>(PyIter_Next(iterator_.ptr()));
        if (!obj) {
          if (PyErr_Occurred()) throw py::error_already_set();
          exhausted_ = true;
          return;
        }
        BatchItem item;
        item.index = next_index_++;
        --left_;
        PuzzleRecord& record = item.record;
        record.id = std::to_string(item.index);
        record.source = "<python>";
        record.line = 0;
        TilesReading reading = read_tiles(obj, rows_, cols_);
        item.goal = goal_.value_or(reading.goal.value_or(Goal::kBlankLast));
        if (reading.board) {
          record.rows = reading.board->rows();
          record.cols = reading.board->cols();
          record.board = std::move(reading.board);
        } else {
          record.error = reading.error;
        }
        buffer_.push_back(std::move(item));
      }
    } catch (py::error_already_set& e) {
      error_.emplace(std::move(e));
      exhausted_ = true;
    }
  }

  py::handle iterator_;
  std::uint64_t next_index_;
  std::uint64_t left_;
  std::optional<int> rows_;
  std::optional<int> cols_;
  std::optional<Goal> goal_;
  std::optional<py::error_already_set>& error_;
  std::deque<BatchItem> buffer_;
  bool exhausted_ = false;
  Prepare prepare_;
  std::set<std::tuple<int, int, Goal>> prepared_;
};

// The pipeline's sink: the finished puzzles, in input order, as results
// with the CSV's statuses.
class ResultSink : public BatchSink {
 public:
  explicit ResultSink(const PyRequest& config) : config_(config) {}
  void accept(BatchItem& item) override {
    if (item.report.result.status == Status::kCancelled) return;
    PyResult r = result_of(item.report, csv_status_name(item.report.result.status), config_, item.goal,
                           item.record.board);
    if (!item.record.board) r.explanation = item.record.error;
    r.heuristic = item.report.heuristic.empty() ? r.heuristic : item.report.heuristic;
    r.index = item.index;
    results_.push_back(std::move(r));
  }
  std::vector<PyResult>& results() { return results_; }

 private:
  const PyRequest& config_;
  std::vector<PyResult> results_;
};

// Solves up to `max_items` items of `iterator` on the batch pipeline.
// Returns (results in input order, whether the iterator is exhausted, the
// iterator's exception or None).
py::tuple solve_chunk(py::object iterator, std::uint64_t first_index, std::uint64_t max_items,
                      std::optional<int> threads, std::optional<int> rows, std::optional<int> cols,
                      std::optional<std::string> goal_name_given, const std::string& heuristic,
                      const std::string& algorithm, const std::string& notation, std::optional<double> time_limit,
                      std::optional<long long> max_nodes, double weight, const std::string& prune,
                      int fsm_depth) {
  PyRequest config = make_request(heuristic, algorithm, notation, time_limit, max_nodes, weight, prune, fsm_depth);
  const int thread_count = thread_count_of(threads);
  if ((rows && *rows < 2) || (cols && *cols < 2)) throw py::value_error("rows and cols must be at least 2");
  std::optional<Goal> goal;
  if (goal_name_given) goal = goal_named(*goal_name_given);

  std::atomic<bool> stop_intake{false};
  std::atomic<bool> cancel{false};
  config.request.limits.cancel = &cancel;
  std::optional<py::error_already_set> source_error;
  std::optional<py::error_already_set> interrupt;
  IteratorSource source(iterator, first_index, max_items, rows, cols, goal, source_error,
                        [&config](int r, int c, Goal g) { build_missing_tables(config.request, r, c, g); });
  ResultSink sink(config);
  BatchConfig batch;
  batch.request = config.request;
  batch.vocabulary = &python_vocabulary();
  BatchControl control;  // the solver's cancel flag is `cancel`, set below
  ItemSolver solver(batch, goal.value_or(Goal::kBlankLast), thread_count, control);
  solver.request().limits.cancel = &cancel;
  std::exception_ptr failure;
  {
    py::gil_scoped_release release;
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    std::thread worker([&] {
      try {
        run_pipeline(
            source, [&solver](BatchItem& item) { solver.solve(item); }, sink, thread_count, stop_intake);
      } catch (...) {
        failure = std::current_exception();
      }
      std::lock_guard lock(mutex);
      done = true;
      finished.notify_all();
    });
    for (;;) {
      {
        std::unique_lock lock(mutex);
        if (finished.wait_for(lock, std::chrono::duration<double>(kSignalPollSeconds), [&] { return done; })) break;
      }
      py::gil_scoped_acquire gil;
      if (!interrupt && PyErr_CheckSignals() != 0) {
        interrupt.emplace();
        stop_intake.store(true);
        cancel.store(true);
      }
    }
    worker.join();
  }
  if (interrupt) throw *interrupt;
  if (failure) std::rethrow_exception(failure);
  py::object error = source_error ? source_error->value() : py::none();
  return py::make_tuple(py::cast(std::move(sink.results())), source.exhausted(), error);
}

// --- Board -------------------------------------------------------------

std::string princeton_text(const Board& b) {
  std::string text = b.rows() == b.cols() ? std::to_string(b.rows()) + "\n"
                                          : std::to_string(b.rows()) + " " + std::to_string(b.cols()) + "\n";
  const int width = b.cells() > 100 ? static_cast<int>(std::to_string(b.cells() - 1).size()) : 2;
  for (int r = 0; r < b.rows(); ++r) {
    for (int c = 0; c < b.cols(); ++c) {
      const std::string tile = std::to_string(b.at(r, c));
      text.append(static_cast<std::size_t>(std::max(0, width - static_cast<int>(tile.size()))), ' ');
      text += tile;
      text += ' ';
    }
    text += '\n';
  }
  return text;
}

PyBoard make_board(const py::object& tiles, std::optional<int> rows, std::optional<int> cols,
                   std::optional<std::string> goal) {
  std::optional<Goal> board_goal;
  PyBoard b;
  b.board = board_or_raise(tiles, rows, cols, &board_goal);
  b.goal = goal ? goal_named(*goal) : board_goal.value_or(Goal::kBlankLast);
  return b;
}

py::tuple tiles_tuple(const Board& b) {
  py::tuple t(static_cast<std::size_t>(b.cells()));
  for (int i = 0; i < b.cells(); ++i) t[static_cast<std::size_t>(i)] = py::int_(b.at(i));
  return t;
}

void check_cell(const Board& b, int row, int col) {
  if (row < 0 || row >= b.rows() || col < 0 || col >= b.cols()) {
    throw py::index_error("cell (" + std::to_string(row) + ", " + std::to_string(col) + ") is outside the " +
                          size_name(b.rows(), b.cols()) + " board");
  }
}

// --- replay, generate, ground truth ------------------------------------

PyBoard replay(const py::object& tiles, const std::string& moves, std::optional<int> rows, std::optional<int> cols,
               std::optional<std::string> goal, std::optional<std::string> notation) {
  PyBoard b = make_board(tiles, rows, cols, goal);
  Notation n = detect_notation(moves);
  if (notation) {
    const auto parsed = parse_notation(*notation);
    if (!parsed) throw py::value_error("unknown notation '" + *notation + "' (expected blank, tile or vim)");
    n = *parsed;
  }
  std::size_t bad = 0;
  const auto sequence = parse_moves(moves, n, &bad);
  if (!sequence) {
    throw py::value_error("move " + std::to_string(bad + 1) + " ('" + std::string(1, moves[bad]) +
                          "') is not a letter of the " + std::string(notation_name(n)) + " notation");
  }
  if (std::string e = apply_moves(b.board, *sequence); !e.empty()) throw py::value_error(e);
  return b;
}

std::vector<PyBoard> generate(int rows, int cols, long long count, std::optional<std::uint64_t> seed,
                              const std::string& goal, std::optional<int> walk) {
  if (rows < 2 || cols < 2) throw py::value_error("rows and cols must be at least 2");
  if (static_cast<std::int64_t>(rows) * cols > kMaxCells) {
    throw py::value_error("board " + size_name(rows, cols) + " exceeds the maximum of " + std::to_string(kMaxCells) +
                          " cells");
  }
  if (count < 0) throw py::value_error("count must not be negative");
  if (walk && *walk < 0) throw py::value_error("walk must not be negative");
  const Goal g = goal_named(goal);
  std::mt19937_64 rng(seed ? *seed : std::random_device{}());
  std::vector<PyBoard> boards;
  boards.reserve(static_cast<std::size_t>(std::min<long long>(count, 1 << 20)));
  for (long long i = 0; i < count; ++i) {
    boards.push_back({walk ? random_walk(rows, cols, g, *walk, rng) : random_solvable(rows, cols, g, rng), g});
  }
  return boards;
}

py::list bfs_states(int rows, int cols, const std::string& goal) {
  if (rows < 2 || cols < 2 || rows * cols > kMaxBfsCells) {
    throw py::value_error("the exhaustive BFS takes boards of 2x2 up to " + std::to_string(kMaxBfsCells) + " cells");
  }
  const int cells = rows * cols;
  std::vector<std::uint8_t> distance;
  {
    py::gil_scoped_release release;
    distance = bfs_distances(rows, cols, goal_named(goal));
  }
  py::list states;
  for (std::uint64_t rank = 0; rank < distance.size(); ++rank) {
    if (distance[rank] == kUnreached) continue;
    const std::vector<std::uint32_t> tiles = unrank_permutation(rank, cells);
    states.append(py::make_tuple(py::tuple(py::cast(tiles)), distance[rank]));
  }
  return states;
}

py::list choices(const std::vector<NamedChoice>& list) {
  py::list out;
  for (const NamedChoice& c : list) out.append(py::make_tuple(c.name, c.help));
  return out;
}

void define_module(py::module_& m) {
  m.doc() = "The npuzzle engine (C++); use the package npuzzle, which documents every function.";
  m.attr("__version__") = NPUZZLE_VERSION;

  py::class_<PyResult>(m, "SolveResult",
                       "What solve() and solve_many() return for one board; see help(npuzzle.SolveResult).")
      .def_readonly("status", &PyResult::status)
      .def_readonly("length", &PyResult::length)
      .def_readonly("lower_bound", &PyResult::lower_bound)
      .def_readonly("moves", &PyResult::moves)
      .def_readonly("expanded", &PyResult::expanded)
      .def_readonly("generated", &PyResult::generated)
      .def_readonly("seconds", &PyResult::seconds)
      .def_readonly("heuristic", &PyResult::heuristic)
      .def_readonly("algorithm", &PyResult::algorithm)
      .def_readonly("explanation", &PyResult::explanation)
      .def_readonly("notice", &PyResult::notice)
      .def_readonly("solvable_for", &PyResult::solvable_for)
      .def_readonly("goal", &PyResult::goal)
      .def_readonly("notation", &PyResult::notation)
      .def_readonly("rows", &PyResult::rows)
      .def_readonly("cols", &PyResult::cols)
      .def_readonly("index", &PyResult::index)
      .def_property_readonly("solved", [](const PyResult& r) { return r.status == "optimal" || r.status == "solved"; })
      .def("__repr__", [](const PyResult& r) {
        std::string text = "SolveResult(status='" + r.status + "'";
        if (r.index) text += ", index=" + std::to_string(*r.index);
        if (r.length) text += ", length=" + std::to_string(*r.length);
        if (r.lower_bound && !r.length) text += ", lower_bound=" + std::to_string(*r.lower_bound);
        if (r.length) {
          text += ", moves='" + (r.moves.size() > 40 ? r.moves.substr(0, 37) + "..." : r.moves) + "'";
        }
        text += ", expanded=" + std::to_string(r.expanded) + ", heuristic='" + r.heuristic + "'";
        if (!r.explanation.empty()) text += ", explanation='" + r.explanation + "'";
        return text + ")";
      });

  py::class_<PyBoard>(m, "Board")
      .def(py::init(&make_board), py::arg("tiles"), py::arg("rows") = py::none(), py::arg("cols") = py::none(),
           py::arg("goal") = py::none())
      .def_property_readonly("rows", [](const PyBoard& b) { return b.board.rows(); })
      .def_property_readonly("cols", [](const PyBoard& b) { return b.board.cols(); })
      .def_property_readonly("goal", [](const PyBoard& b) { return std::string(goal_name(b.goal)); })
      .def_property_readonly("tiles", [](const PyBoard& b) { return tiles_tuple(b.board); })
      .def("size",
           [](const PyBoard& b) {
             if (b.board.rows() != b.board.cols()) {
               throw py::value_error("size() is the n of an n x n board; this one is " +
                                     size_name(b.board.rows(), b.board.cols()) + ": use rows and cols");
             }
             return b.board.rows();
           },
           "n, for an n x n board (ValueError for another shape: use rows and cols).")
      .def("tile_at",
           [](const PyBoard& b, int row, int col) {
             check_cell(b.board, row, col);
             return b.board.at(row, col);
           },
           py::arg("row"), py::arg("col"), "The tile on (row, col), 0-based; 0 is the blank.")
      .def("hamming", [](const PyBoard& b) { return evaluate(b.board, b.goal, HeuristicKind::kHamming); },
           "Tiles (not the blank) off their goal cell.")
      .def("manhattan", [](const PyBoard& b) { return evaluate(b.board, b.goal, HeuristicKind::kManhattan); },
           "Sum of the tiles' Manhattan distances to their goal cells.")
      .def("linear_conflict",
           [](const PyBoard& b) { return evaluate(b.board, b.goal, HeuristicKind::kLinearConflict); },
           "Manhattan plus two moves per tile that must leave its row or column to let another pass.")
      .def("is_goal", [](const PyBoard& b) { return b.board.is_solved(b.goal); }, "Whether this is the goal board.")
      .def("is_solvable", [](const PyBoard& b) { return is_solvable(b.board, b.goal); },
           "Whether the board can reach its goal (the permutation parity rule, O(N)).")
      .def("neighbors",
           [](const PyBoard& b) {
             std::vector<PyBoard> out;
             for (int d = 0; d < 4; ++d) {
               const auto dir = static_cast<Direction>(d);
               if (!b.board.can_move(dir)) continue;
               PyBoard next = b;
               next.board.move(dir);
               out.push_back(std::move(next));
             }
             return out;
           },
           "The boards one move away, in the order blank up, down, left, right.")
      .def("twin",
           [](const PyBoard& b) {
             // Princeton's twin: the first two non-blank tiles in row-major order swapped.
             std::vector<std::uint32_t> tiles = b.board.tiles();
             const std::size_t first = tiles[0] == 0 ? 1 : 0;
             const std::size_t second = tiles[first + 1] == 0 ? first + 2 : first + 1;
             std::swap(tiles[first], tiles[second]);
             return PyBoard{Board(b.board.rows(), b.board.cols(), std::move(tiles)), b.goal};
           },
           "The board with its first two tiles (not the blank) in row-major order swapped: solvable "
           "exactly when this one is not.")
      .def("__str__", [](const PyBoard& b) { return princeton_text(b.board); },
           "Princeton's format: n (or rows cols), then the grid, each tile right-aligned in two columns.")
      .def("__repr__",
           [](const PyBoard& b) {
             return "Board(" + py::repr(tiles_tuple(b.board)).cast<std::string>() + ", rows=" +
                    std::to_string(b.board.rows()) + ", cols=" + std::to_string(b.board.cols()) + ", goal='" +
                    std::string(goal_name(b.goal)) + "')";
           })
      .def("__eq__",
           [](const PyBoard& a, py::object other) -> py::object {
             if (!py::isinstance<PyBoard>(other)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
             const PyBoard& b = other.cast<const PyBoard&>();
             return py::bool_(a.board == b.board && a.goal == b.goal);
           })
      .def("__hash__",
           [](const PyBoard& b) {
             std::uint64_t h = 1469598103934665603ull ^ static_cast<std::uint64_t>(b.goal);
             h = (h ^ static_cast<std::uint64_t>(b.board.cols())) * 1099511628211ull;
             for (std::uint32_t t : b.board.tiles()) h = (h ^ t) * 1099511628211ull;
             return static_cast<py::ssize_t>(h >> 1);
           })
      .def(py::pickle([](const PyBoard& b) { return py::make_tuple(tiles_tuple(b.board), b.board.rows(),
                                                                    b.board.cols(), std::string(goal_name(b.goal))); },
                      [](const py::tuple& t) {
                        return make_board(t[0], t[1].cast<int>(), t[2].cast<int>(), t[3].cast<std::string>());
                      }));

  m.def("_solve", &solve_one, py::arg("tiles"), py::arg("rows"), py::arg("cols"), py::arg("goal"),
        py::arg("heuristic"), py::arg("algorithm"), py::arg("notation"), py::arg("time_limit"), py::arg("max_nodes"),
        py::arg("weight"), py::arg("prune"), py::arg("fsm_depth"), py::arg("threads"));
  m.def("_solve_chunk", &solve_chunk, py::arg("iterator"), py::arg("first_index"), py::arg("max_items"),
        py::arg("threads"), py::arg("rows"), py::arg("cols"), py::arg("goal"), py::arg("heuristic"),
        py::arg("algorithm"), py::arg("notation"), py::arg("time_limit"), py::arg("max_nodes"), py::arg("weight"),
        py::arg("prune"), py::arg("fsm_depth"));
  m.def("_replay", &replay, py::arg("tiles"), py::arg("moves"), py::arg("rows"), py::arg("cols"), py::arg("goal"),
        py::arg("notation"));
  m.def("_generate", &generate, py::arg("rows"), py::arg("cols"), py::arg("count"), py::arg("seed"),
        py::arg("goal"), py::arg("walk"));
  m.def("_bfs_distances", &bfs_states, py::arg("rows"), py::arg("cols"), py::arg("goal") = "blank-last",
        "Every state of a board of at most 10 cells solvable for `goal`, with its optimal distance, from an "
        "exhaustive BFS: [(tiles, distance), ...] in rank order. Ground truth for the tests.");
  m.def("_algorithms", [] { return choices(algorithm_choices()); });
  m.def("_heuristics", [] {
    py::list out;
    out.append(py::make_tuple("auto", std::string(auto_heuristic_help())));
    for (const HeuristicRow* row : heuristic_rows()) {
      out.append(py::make_tuple(std::string(row->name), std::string(row->help)));
    }
    return out;
  });
}

}  // namespace
}  // namespace npuzzle::python

PYBIND11_MODULE(_npuzzle, m) { npuzzle::python::define_module(m); }
