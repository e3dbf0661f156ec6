#include "gui/assistant.h"

#include <QMetaObject>

#include "heuristics/pdb/additive_cache.h"
#include "heuristics/registry.h"

namespace npuzzle::gui {

namespace {

// The 4x4 table hints build on first use: seconds to build, 11 MB on disk,
// and any 4x4 board solves with it in a fraction of a second.
constexpr const char* kHintTable = "pdb:663";
// Boards up to this many cells are solved optimally in seconds at most.
constexpr int kQuickOptimalCells = 16;
// A hint is a search too: it gives up after this long and says so. With a
// 4x4 table every board takes under a second (results/game_hint.md), so
// that limit only guards against a machine far busier than ours.
constexpr double kHintSeconds = 2.0;
constexpr double kHintSecondsWithTable = 15.0;

bool is_4x4(int rows, int cols) { return rows == 4 && cols == 4; }

QString millions(std::uint64_t n) { return QString::number(static_cast<double>(n) / 1e6, 'f', 1) + " M"; }

}  // namespace

Assistant::Assistant(QObject* parent) : QObject(parent) {}

Assistant::~Assistant() {
  cancel_ = true;
  if (search_.joinable()) search_.join();
  if (builder_.joinable()) builder_.join();
}

bool Assistant::hint_tables_ready(int rows, int cols, Goal goal) const {
  if (!is_4x4(rows, cols)) return true;
  // Any table `auto` would take: pdb:78, pdb:663 or pdb:555 (heuristics/pdb_rows.cc).
  const Resolution resolved = resolve_heuristic(HeuristicSpec::automatic(), rows, cols, goal, tables_);
  return resolved.heuristic.row && resolved.heuristic.row->missing_tables;
}

bool Assistant::building_tables() const {
  std::lock_guard lock(build_mutex_);
  return !building_.empty();
}

Plan Assistant::plan(Task task, int rows, int cols, Goal goal) const {
  Plan plan;
  SolveRequest& request = plan.request;
  request.goal = goal;
  request.tables = tables_;
  // A table that is not cached is never built inside a search: the build
  // runs in prepare_hint_tables(), with a status line of its own.
  request.tables.cache.build_missing = false;
  const int cells = rows * cols;
  const std::string shape = size_name(rows, cols);

  SolveRequest probe;
  probe.heuristic = heuristic_spec("manhattan");
  const auto problem = check_request(probe, rows, cols);
  const std::string optimal_unsupported = problem ? describe(*problem) : std::string();
  // Above 16 cells optimal search can take hours: Solve answers at once
  // with the phased solver (valid, not shortest) and says so.
  if (task == Task::kSolve && cells > kQuickOptimalCells) {
    request.algorithm = Algorithm::kPhased;
    plan.algorithm = "phased";
    plan.optimal = false;
    return plan;
  }
  if (!optimal_unsupported.empty()) {
    plan.refusal = "This " + shape + " board is too large for optimal search (" + optimal_unsupported + ")";
    plan.refusal += ", so there is no optimal hint for it.";
    return plan;
  }
  plan.algorithm = "ida";
  request.algorithm = Algorithm::kIdaStar;
  // auto: the strongest table cached now (it reads the cache each time, so
  // a table prepare_hint_tables() built is taken at once).
  request.heuristic = HeuristicSpec::automatic();
  if (task == Task::kHint && is_4x4(rows, cols) && hint_tables_ready(rows, cols, goal)) {
    request.limits.seconds = kHintSecondsWithTable;
  }
  if (task == Task::kSolve && solve_heuristic_) request.heuristic = *solve_heuristic_;
  if (task == Task::kHint) {
    if (request.limits.seconds == 0) request.limits.seconds = kHintSeconds;
  } else if (cells > kQuickOptimalCells) {
    plan.warning = "optimal search on a " + shape + " board can take minutes or hours; Cancel stops it";
  }
  return plan;
}

void Assistant::solve(const Board& board, Goal goal) { run(Task::kSolve, board, goal); }

void Assistant::hint(const Board& board, Goal goal) { run(Task::kHint, board, goal); }

void Assistant::cancel() { cancel_ = true; }

void Assistant::run(Task task, const Board& board, Goal goal) {
  if (busy_) return;
  if (search_.joinable()) search_.join();
  busy_ = true;
  cancel_ = false;
  Plan plan = this->plan(task, board.rows(), board.cols(), goal);
  if (!plan.refusal.empty()) {
    Answer answer;
    answer.task = task;
    answer.start = board;
    answer.goal = goal;
    answer.refusal = plan.refusal;
    QMetaObject::invokeMethod(
        this,
        [this, answer] {
          busy_ = false;
          emit finished(answer);
        },
        Qt::QueuedConnection);
    return;
  }
  if (!plan.warning.empty()) emit progress(QString::fromStdString(plan.warning));
  plan.request.limits.cancel = &cancel_;
  const QString what = QString::fromStdString(plan.algorithm);
  plan.request.limits.on_progress = [this, what](const Progress& p) {
    const QString text = QString("Searching (%1): bound %2, %3 nodes, %4 s")
                             .arg(what)
                             .arg(p.bound)
                             .arg(millions(p.expanded))
                             .arg(p.seconds, 0, 'f', 1);
    QMetaObject::invokeMethod(this, [this, text] { emit progress(text); }, Qt::QueuedConnection);
  };
  search_ = std::thread([this, task, board, goal, plan = std::move(plan)] {
    Answer answer;
    answer.task = task;
    answer.start = board;
    answer.goal = goal;
    answer.algorithm = plan.algorithm;
    answer.report = solve_checked(board, plan.request);
    QMetaObject::invokeMethod(
        this,
        [this, answer = std::move(answer)] {
          if (search_.joinable()) search_.join();
          busy_ = false;
          emit finished(answer);
        },
        Qt::QueuedConnection);
  });
}

void Assistant::prepare_hint_tables(int rows, int cols, Goal goal) {
  if (!is_4x4(rows, cols) || hint_tables_ready(rows, cols, goal)) return;
  {
    std::lock_guard lock(build_mutex_);
    if (!building_.empty()) return;  // one build at a time; the next hint asks again
    building_.insert(goal);
  }
  if (builder_.joinable()) builder_.join();
  const QString name = QString("%1 for the %2 goal").arg(kHintTable).arg(QString::fromUtf8(goal_name(goal).data()));
  emit tables_status("Building the hint table " + name + " (seconds, once)...", false);
  TableOptions options = tables_;
  const std::vector<std::vector<int>> parts = pdb::partition_tiles(kHintTable, rows, cols, goal);
  auto tables_done = std::make_shared<int>(0);
  const int table_count = static_cast<int>(parts.size());
  options.cache.build.on_progress = [this, name, tables_done, table_count](double fraction) {
    const double overall = (*tables_done + fraction) / table_count;
    if (fraction >= 1.0) ++*tables_done;
    const QString text = QString("Building the hint table %1: %2%").arg(name).arg(static_cast<int>(overall * 100));
    QMetaObject::invokeMethod(this, [this, text] { emit tables_status(text, false); }, Qt::QueuedConnection);
  };
  builder_ = std::thread([this, rows, cols, goal, name, options] {
    std::string error;
    try {
      build_tables(heuristic_spec(kHintTable), rows, cols, goal, options);
    } catch (const std::exception& e) {
      error = e.what();
    }
    const bool ok = error.empty();
    const QString text = ok ? "The hint table " + name + " is ready: hints are instant."
                            : "The hint table " + name + " could not be built: " + QString::fromStdString(error);
    QMetaObject::invokeMethod(
        this,
        [this, goal, text, ok] {
          {
            std::lock_guard lock(build_mutex_);
            building_.erase(goal);
          }
          emit tables_status(text, ok);
        },
        Qt::QueuedConnection);
  });
}

}  // namespace npuzzle::gui
